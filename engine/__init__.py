"""The rules of Go under the Japanese Rules of 1989: pure, synchronous, standard library only.

The package knows nothing of chats, storage or images. Its public names are re-exported here:

>>> from engine import Board, Color, parse_vertex
>>> board = Board(9)
>>> board.play(Color.BLACK, parse_vertex("E5", 9)).captured
()
"""

from __future__ import annotations

from engine.board import Board, MoveReport
from engine.colors import Color
from engine.coords import (
    InvalidVertex,
    Point,
    format_vertex,
    from_sgf_point,
    parse_vertex,
    to_sgf_point,
)
from engine.errors import EngineError, IllegalMove, IllegalReason

__all__ = [
    "Board",
    "Color",
    "EngineError",
    "IllegalMove",
    "IllegalReason",
    "InvalidVertex",
    "MoveReport",
    "Point",
    "format_vertex",
    "from_sgf_point",
    "parse_vertex",
    "to_sgf_point",
]
