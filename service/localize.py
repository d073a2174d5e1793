"""Each reader gets their own language and theme: the reply the actor's (its board drawn in their
theme), every notice its own reader's, with the pings they asked for (:mod:`service.preferences`
decides both). The service only marks each reader's choice on the view, once per command; the
texts stay data (:mod:`service.i18n`) until the adapter says them (``bot.words``)."""

from __future__ import annotations

import dataclasses

from service import people
from service.commands import SYSTEM
from service.preferences import Preferences, Source
from service.unit import Unit
from service.views import Notice, View


def for_reader(view: View, prefs: Preferences) -> View:
    """``view`` marked with the reader's language and theme."""
    code = prefs.language.value
    board, table = view.board, view.table
    if board is not None:
        board = dataclasses.replace(board, theme=prefs.theme.value, language=code)
    if table is not None:
        table = dataclasses.replace(table, language=code)
    return dataclasses.replace(view, language=code, board=board, table=table)


def notice_for(notice: Notice, prefs: Preferences) -> Notice:
    """``notice`` marked with its reader's language, theme and choice of pings (none chosen:
    the adapter's default, ``GOBOT_NOTIFY``, applies)."""
    chosen = prefs.notify
    return dataclasses.replace(
        notice,
        language=prefs.language.value,
        theme=prefs.theme.value,
        notify=chosen.value if chosen.source is Source.PERSON else None,
    )


async def localized(unit: Unit, view: View, actor: Preferences) -> View:
    """The reply for the actor and its notices for their readers (a channel's setting counts for
    them where the game lives). What the bot does by itself (the clock's reminders and results)
    is posted where the game lives: in that channel's language (its setting, else the bot's)."""
    game = unit.games.get(view.game_id) if view.game_id is not None else None
    home = game.row.channel if game is not None else None  # where the game lives
    if unit.actor is SYSTEM and home is not None:
        actor = await people.channel_preferences(unit, home)
        unit.reader = actor
    if not view.notify:
        return for_reader(view, actor)
    # each reader's channel setting is the one of the game's home, wherever the sender typed
    readers = await people.preferences(unit, (n.player for n in view.notify), channel=home)
    notices = tuple(notice_for(n, readers[n.player]) for n in view.notify)
    return dataclasses.replace(for_reader(view, actor), notify=notices)
