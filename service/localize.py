"""Each reader gets their own language: the reply in the actor's (its board drawn in their theme),
every notice said again in its reader's language, with the pings they asked for
(:mod:`service.preferences` decides both)."""

from __future__ import annotations

import dataclasses

from service.commands import SYSTEM
from service.i18n import current, in_language
from service.preferences import Preferences, Source
from service.unit import Unit
from service.views import BoardView, Button, Notice, View


def _lines_in(code: str, lines: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(in_language(code, line) for line in lines)


def _buttons_in(code: str, buttons: tuple[Button, ...]) -> tuple[Button, ...]:
    return tuple(Button(in_language(code, b.label), b.token) for b in buttons)


def for_reader(view: View, prefs: Preferences) -> View:
    """``view`` marked with the reader's language and theme (its lines are already in it)."""
    code = prefs.language.value
    board, table = view.board, view.table
    if board is not None:
        board = dataclasses.replace(board, theme=prefs.theme.value, language=code)
    if table is not None:
        table = dataclasses.replace(table, language=code)
    return dataclasses.replace(view, language=code, board=board, table=table)


def board_in(board: BoardView, code: str, theme: str | None = None) -> BoardView:
    """``board`` with its caption, tally and words in the language ``code`` (and in ``theme``):
    the same position, drawn for a notice's reader."""
    tally = in_language(code, board.tally) if board.tally is not None else None
    caption = in_language(code, board.caption)
    theme = theme or board.theme
    return dataclasses.replace(board, caption=caption, tally=tally, language=code, theme=theme)


def notice_for(notice: Notice, prefs: Preferences) -> Notice:
    """``notice`` said again in its reader's language, with their own choice of pings (none
    chosen: the adapter's default, ``GOBOT_NOTIFY``, applies)."""
    code = prefs.language.value
    chosen = prefs.notify
    lines, buttons = notice.lines, notice.buttons
    if code != current():  # said again only for a reader of another language
        lines, buttons = _lines_in(code, lines), _buttons_in(code, buttons)
    return dataclasses.replace(
        notice,
        lines=lines,
        buttons=buttons,
        language=code,
        theme=prefs.theme.value,
        notify=chosen.value if chosen.source is Source.PERSON else None,
    )


def said_again(view: View, code: str, theme: str | None = None) -> View:
    """``view``'s lines, buttons and board said again in the language ``code`` (the board drawn
    in ``theme``, if given)."""
    board = view.board
    if board is not None:
        board = board_in(board, code, theme)
    return dataclasses.replace(
        view,
        lines=_lines_in(code, view.lines),
        buttons=_buttons_in(code, view.buttons),
        board=board,
        language=code,
    )


def for_notice(view: View, notice: Notice) -> View:
    """``view`` as the reader of ``notice`` should see it in a chat of their own (their board in
    their language and theme); ``view`` itself when it already is."""
    board = view.board
    if notice.language == view.language and (board is None or board.theme == notice.theme):
        return view
    return said_again(view, notice.language, notice.theme)


async def localized(unit: Unit, view: View, actor: Preferences) -> View:
    """The reply for the actor and its notices for their readers (a channel's setting counts for
    them where the game lives). What the bot does by itself (the clock's reminders and results)
    is posted where the game lives: in that channel's language (its setting, else the bot's)."""
    game = unit.games.get(view.game_id) if view.game_id is not None else None
    home = game.row.channel if game is not None else None  # where the game lives
    if unit.actor is SYSTEM and home is not None:
        actor = await unit.channel_preferences(home)
        unit.reader = actor
        if view.lines and actor.language.value != current():
            view = said_again(view, actor.language.value)
    if not view.notify:
        return for_reader(view, actor)
    # each reader's channel setting is the one of the game's home, wherever the sender typed
    readers = await unit.preferences((n.player for n in view.notify), channel=home)
    notices = tuple(notice_for(n, readers[n.player]) for n in view.notify)
    return dataclasses.replace(for_reader(view, actor), notify=notices)
