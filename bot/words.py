"""Words chosen at the edge: the service answers with texts that are data (a catalogue key and its
parameters, :mod:`service.i18n`) and marks the language each reader reads (``View.language``,
``Notice.language``); an adapter says a view once, here, before it shows it: the reply in its
reader's language, each notice in its own reader's, a board drawn for a notice's reader in their
language and theme. What an adapter says by itself (help, a line it could not read, an apology)
it says with :func:`service.i18n.translate` in the language it chose for the reader.

>>> from service.i18n import t
>>> view = said(View((t("button.pass"),), language="cs"))
>>> view.lines, view.lines[0].key
(('Pas',), 'button.pass')
"""

from __future__ import annotations

import dataclasses

from service.errors import UserError
from service.i18n import DEFAULT_LANGUAGE, in_language, supported
from service.views import BoardView, Button, Notice, TableView, View


def _lines(code: str, lines: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(in_language(code, line) for line in lines)


def _buttons(code: str, buttons: tuple[Button, ...]) -> tuple[Button, ...]:
    return tuple(Button(in_language(code, b.label), b.token) for b in buttons)


def board_in(board: BoardView, code: str, theme: str | None = None) -> BoardView:
    """``board`` with its caption, tally and names in the language ``code`` (and in ``theme``):
    the same position, drawn for a reader."""
    return dataclasses.replace(
        board,
        caption=in_language(code, board.caption),
        tally=in_language(code, board.tally) if board.tally is not None else None,
        black_name=in_language(code, board.black_name),
        white_name=in_language(code, board.white_name),
        language=code,
        theme=theme or board.theme,
    )


def table_in(table: TableView, code: str) -> TableView:
    """``table``'s title, headers, cells and note in the language ``code``."""
    return dataclasses.replace(
        table,
        title=in_language(code, table.title),
        headers=_lines(code, table.headers),
        rows=tuple(_lines(code, row) for row in table.rows),
        note=in_language(code, table.note),
        language=code,
    )


def notice_said(notice: Notice) -> Notice:
    """``notice``'s lines and buttons in its reader's language."""
    code = notice.language
    return dataclasses.replace(
        notice, lines=_lines(code, notice.lines), buttons=_buttons(code, notice.buttons)
    )


def said_in(view: View, code: str, theme: str | None = None) -> View:
    """``view``'s lines, buttons, board and table in the language ``code`` (its board drawn in
    ``theme``, if given); its notices each in their own reader's language."""
    return dataclasses.replace(
        view,
        lines=_lines(code, view.lines),
        buttons=_buttons(code, view.buttons),
        board=board_in(view.board, code, theme) if view.board is not None else None,
        table=table_in(view.table, code) if view.table is not None else None,
        notify=tuple(notice_said(n) for n in view.notify),
        language=code,
    )


def said(view: View) -> View:
    """``view`` as its reader reads it: everything in ``view.language``, each notice in its own
    reader's (the service marked both)."""
    return said_in(view, view.language)


def for_notice(view: View, notice: Notice) -> View:
    """``view`` as the reader of ``notice`` should see it in a chat of their own (their board in
    their language and theme); ``view`` itself when it already is."""
    board = view.board
    if notice.language == view.language and (board is None or board.theme == notice.theme):
        return view
    return said_in(view, notice.language, notice.theme)


def error_words(error: UserError, code: str | None = None) -> str:
    """A refusal in its reader's language: the one the service chose for them
    (:attr:`UserError.language`), else ``code`` (the adapter's choice), else English."""
    language = error.language or supported(code) or DEFAULT_LANGUAGE
    return in_language(language, error.message)
