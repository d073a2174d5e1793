"""Each reader gets their own language: the reply in the actor's (its board drawn in their theme),
every notice said again in its reader's language, with the pings they asked for
(:mod:`service.preferences` decides both)."""

from __future__ import annotations

import dataclasses

from service.i18n import in_language
from service.preferences import Preferences
from service.unit import Unit
from service.views import Button, Notice, View


def for_reader(view: View, prefs: Preferences) -> View:
    """``view`` marked with the reader's language and theme (its lines are already in it)."""
    code = prefs.language.value
    board, table = view.board, view.table
    if board is not None:
        board = dataclasses.replace(board, theme=prefs.theme.value, language=code)
    if table is not None:
        table = dataclasses.replace(table, language=code)
    return dataclasses.replace(view, language=code, board=board, table=table)


def notice_for(notice: Notice, prefs: Preferences) -> Notice:
    """``notice`` said again in its reader's language, with their choice of pings."""
    code = prefs.language.value
    return dataclasses.replace(
        notice,
        lines=tuple(in_language(code, line) for line in notice.lines),
        buttons=tuple(Button(in_language(code, b.label), b.token) for b in notice.buttons),
        language=code,
        notify=prefs.notify.value,
    )


async def localized(unit: Unit, view: View, actor: Preferences) -> View:
    """The reply for the actor and its notices for their readers."""
    if not view.notify:
        return for_reader(view, actor)
    readers = await unit.preferences(n.player for n in view.notify)
    notices = tuple(notice_for(n, readers[n.player]) for n in view.notify)
    return dataclasses.replace(for_reader(view, actor), notify=notices)
