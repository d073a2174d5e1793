"""The one place a service view becomes a picture: :func:`snapshot` turns the service's
:class:`~service.views.BoardView` into the renderer's :class:`~renderer.snapshot.Snapshot`, and
:func:`render_board` draws it off the event loop (every adapter uses it, so no chat waits while
a PNG is encoded)."""

from __future__ import annotations

import asyncio
from typing import Literal

from engine.colors import Color
from engine.counting import PointStatus
from renderer import render_png
from renderer.snapshot import Mark, Snapshot
from service.views import BoardView

_MARKS = {
    PointStatus.SEKI: Mark.SEKI,
    PointStatus.DEAD_REMOVED: Mark.DEAD_REMOVED,
    PointStatus.DEAD_STAYS: Mark.DEAD_STAYS,
    PointStatus.BLACK_TERRITORY: Mark.BLACK_TERRITORY,
    PointStatus.WHITE_TERRITORY: Mark.WHITE_TERRITORY,
    PointStatus.DAME: Mark.DAME,
}


def snapshot(board: BoardView) -> Snapshot:
    """The renderer's picture of ``board`` (with the counting overlay when it has a count)."""
    marks = tuple(
        (point, Mark.VOIDING_DAME if point in board.voiding else _MARKS[status])
        for point, status in board.marks
    )
    to_move: Literal["B", "W"] | None = None
    if board.to_move is not None:
        to_move = "B" if board.to_move is Color.BLACK else "W"
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
        marks=marks,
        tally=board.tally,
    )


async def render_board(board: BoardView | None) -> bytes | None:
    """The PNG of ``board`` (None for none), rendered in a worker thread."""
    if board is None:
        return None
    return await asyncio.to_thread(render_png, snapshot(board))
