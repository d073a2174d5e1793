"""The one place a service view becomes a picture: :func:`snapshot` turns the service's
:class:`~service.views.BoardView` into the renderer's :class:`~renderer.snapshot.Snapshot`, and
:func:`render_board` draws it off the event loop (every adapter uses it, so no chat waits while
a PNG is encoded)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Literal

from bot.words import board_in, table_in
from engine.board import neighbour_table
from engine.colors import Color
from engine.counting import PointStatus
from renderer import render_png
from renderer.snapshot import STONE_MARKS, Mark, Point, Snapshot, Word
from renderer.table import Table, render_table_png
from service.i18n import translate
from service.views import BoardView, TableView

_MARKS = {
    PointStatus.SEKI: Mark.SEKI,
    PointStatus.DEAD_REMOVED: Mark.DEAD_REMOVED,
    PointStatus.DEAD_STAYS: Mark.DEAD_STAYS,
    PointStatus.BLACK_TERRITORY: Mark.BLACK_TERRITORY,
    PointStatus.WHITE_TERRITORY: Mark.WHITE_TERRITORY,
    PointStatus.DAME: Mark.DAME,
    PointStatus.NECESSARY: Mark.NECESSARY,
    PointStatus.SEKI_EYE: Mark.SEKI_EYE,
}

_WORDS = {
    Word.PRISONERS: "image.prisoners",
    Word.MARKING: "image.marking",
    Word.FINAL: "image.final",
    Word.EXPLAINED: "image.explained",
    Word.ESTIMATE: "image.estimate",
}


def _colour(color: Color) -> Literal["B", "W"]:
    return "B" if color is Color.BLACK else "W"


def _neighbours(point: Point, size: int) -> Iterable[Point]:
    row, col = point
    return (divmod(index, size) for index in neighbour_table(size)[row * size + col])


def marks(board: BoardView) -> tuple[tuple[Point, Mark], ...]:
    """The counting overlay of ``board``: one mark per point, from the count's statuses.

    A dame that voids territory is an open dame (:attr:`Mark.VOIDING_DAME`); any other dame
    next to a stone in seki is a shared liberty of that seki (:attr:`Mark.SEKI_DAME`: a chain is
    in seki exactly when it has a dame liberty, Art. 8). Points still to be played are
    :attr:`Mark.UNSETTLED` (on empty points) and stones a forced sequence takes are
    :attr:`Mark.CAPTURABLE` (on stones), and the stones of groups the judges disagree on
    :attr:`Mark.DISPUTED` (:attr:`Mark.DISPUTED_DEAD` when proposed dead), whatever the count
    says of them.
    """
    status = dict(board.marks)
    stones = board.black | board.white
    out: dict[Point, Mark] = {}
    for point, point_status in board.marks:
        mark = _MARKS.get(point_status)
        if mark is Mark.DAME:
            if point in board.voiding:
                mark = Mark.VOIDING_DAME
            elif any(status.get(n) is PointStatus.SEKI for n in _neighbours(point, board.size)):
                mark = Mark.SEKI_DAME
        if mark is not None:
            out[point] = mark
    for point in board.unsettled - stones:
        out[point] = Mark.UNSETTLED
    for point in board.capturable & stones:
        out[point] = Mark.CAPTURABLE
    for point in board.disputed & stones:
        dead = status.get(point) in (PointStatus.DEAD_REMOVED, PointStatus.DEAD_STAYS)
        out[point] = Mark.DISPUTED_DEAD if dead else Mark.DISPUTED
    for point, mark in list(out.items()):  # a mark of a stone needs its stone (a stale view)
        if mark in STONE_MARKS and point not in stones:
            del out[point]
    return tuple(sorted(out.items()))


def legend(shown: Iterable[Mark], code: str) -> tuple[tuple[Mark, str], ...]:
    """The word of each mark in ``shown`` in the language ``code`` (catalogue keys
    ``legend.<mark value>``)."""
    present = set(shown)
    return tuple(
        (mark, str(translate(code, f"legend.{mark.value}"))) for mark in Mark if mark in present
    )


def words(code: str) -> tuple[tuple[Word, str], ...]:
    """The renderer's own words (captures, prisoners, marking, final) in the language ``code``."""
    return tuple((word, str(translate(code, key))) for word, key in _WORDS.items())


def snapshot(board: BoardView) -> Snapshot:
    """The renderer's picture of ``board`` (with the counting overlay when it has a count), in
    its reader's theme and with its words (caption, tally, the renderer's own) in its reader's
    language."""
    code = board.language
    board = board_in(board, code)
    overlay = marks(board)
    to_move: Literal["B", "W"] | None = None
    if board.to_move is not None:
        to_move = _colour(board.to_move)
    return Snapshot(
        size=board.size,
        black=board.black,
        white=board.white,
        last_move=board.last_move,
        ko_point=board.ko_point,
        captures_black=board.captures_black,
        captures_white=board.captures_white,
        to_move=to_move,
        move_number=board.move_number,
        black_name=board.black_name,
        white_name=board.white_name,
        caption=board.caption,
        marks=overlay,
        tally=board.tally,
        marking_version=board.version,
        final=board.final,
        legend=legend((mark for _, mark in overlay), code),
        sequence=tuple((point, _colour(color), n) for point, color, n in board.sequence),
        words=words(code),
        theme="dark" if board.theme == "dark" else "light",
        estimate=board.estimate,
    )


async def render_board(board: BoardView | None) -> bytes | None:
    """The PNG of ``board`` (None for none), rendered in a worker thread."""
    if board is None:
        return None
    return await asyncio.to_thread(render_png, snapshot(board))


async def render_table(table: TableView | None) -> bytes | None:
    """The PNG of a view's table (league standings; None for none), rendered in a worker
    thread."""
    if table is None:
        return None
    table = table_in(table, table.language)
    drawn = Table(
        table.title,
        table.headers,
        table.rows,
        highlight=table.highlight,
        note=table.note,
        more=translate(table.language, "table.more"),
    )
    return await asyncio.to_thread(render_table_png, drawn)


async def table_attachment(table: TableView | None) -> tuple[str, bytes] | None:
    """A view's table as an image attachment, ``("standings.png", png)``; None for none."""
    png = await render_table(table)
    return None if png is None else ("standings.png", png)
