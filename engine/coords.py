"""Points on the board and their text forms: GTP vertices (``D4``, no I) and SGF points (``pd``).

A :class:`Point` is ``(row, col)`` counted from the bottom-left corner, both from 0, so ``A1`` is
``Point(0, 0)`` and on 19×19 ``T19`` is ``Point(18, 18)``.

>>> parse_vertex("d-4", 19)
Point(row=3, col=3)
>>> format_vertex(Point(15, 15))
'Q16'
"""

from __future__ import annotations

import enum
import re
import unicodedata
from typing import NamedTuple

from engine.errors import EngineError

MIN_SIZE = 5  # the smallest board of a new game
MAX_SIZE = 25
MIN_BOARD_SIZE = 2  # the smallest board the engine holds: SGF records may be as small as this
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP letters: no I (docs/rules.md, "Board and coordinates")
_VERTEX = re.compile(r"\s*([a-z])\s*[- ]?\s*(\d{1,2})\s*", re.IGNORECASE | re.ASCII)


def normalise(text: str) -> str:
    """Text as a player meant it: compatibility forms folded (NFKC), so that the Kelvin sign
    ``\\u212a`` reads as ``K`` and full-width ``Ｄ４`` as ``D4``. Letters that are not ASCII after
    that (``İ``, ``ö``, Cyrillic look-alikes) stay, and are refused as not a point.

    >>> normalise("\u212a5"), normalise("\uff24\uff14"), normalise("\u01305")
    ('K5', 'D4', 'İ5')
    """
    return unicodedata.normalize("NFKC", text)


class VertexProblem(enum.StrEnum):
    """Why text is not a point on a board."""

    FORM = "form"  # not a column letter and a row number
    NO_I = "no_i"  # column I, which GTP skips
    OFF = "off"  # a vertex, but off this board


class InvalidVertex(EngineError):
    """Text that is not a point on this board; the message names the accepted form and range,
    :attr:`problem` says which (for a translated answer) and :attr:`vertex` is the text as
    read (``D4``), when it had the shape of one."""

    def __init__(self, message: str, problem: VertexProblem, vertex: str = "") -> None:
        super().__init__(message)
        self.problem = problem
        self.vertex = vertex


class Point(NamedTuple):
    """An intersection: ``row`` from the bottom, ``col`` from the left, both from 0."""

    row: int
    col: int

    def gtp(self) -> str:
        """The GTP vertex, e.g. ``D4``."""
        return format_vertex(self)


def check_size(size: int) -> int:
    """Return ``size`` if the engine holds boards of that size (2–25), else raise
    :class:`EngineError`. New games are 5–25 (:data:`MIN_SIZE`; the service checks that);
    records read from SGF may be smaller."""
    if not MIN_BOARD_SIZE <= size <= MAX_SIZE:
        raise EngineError(
            f"board size {size} is not supported (use {MIN_BOARD_SIZE} to {MAX_SIZE})"
        )
    return size


def board_range(size: int) -> str:
    """The corners of the board as text, e.g. ``A1–T19``."""
    return f"A1–{COLUMNS[size - 1]}{size}"


def split_vertex(text: str) -> tuple[str, int] | None:
    """The column letter (upper case) and row number of text shaped like a vertex, on any board
    (``d 4`` -> ``("D", 4)``); None when it is not vertex-shaped.

    >>> split_vertex(" d-4 "), split_vertex("pass")
    (('D', 4), None)
    """
    match = _VERTEX.fullmatch(normalise(text))
    return None if match is None else (match.group(1).upper(), int(match.group(2)))


def parse_vertex(text: str, size: int) -> Point:
    """Parse a GTP vertex, case-insensitively, tolerating a space or a hyphen (``d 4``, ``D-4``).

    Raises :class:`InvalidVertex` with a message that a player can act on.
    """
    split = split_vertex(text)
    if split is None:
        raise InvalidVertex(
            f"{text.strip()!r} is not a point: write a column letter and a row number, "
            f"like D4 ({board_range(size)} on {size}×{size})",
            VertexProblem.FORM,
        )
    letter, number = split
    name = f"{letter}{number}"
    if letter == "I":
        raise InvalidVertex(
            f"there is no column I (the letters skip from H to J); {board_range(size)}",
            VertexProblem.NO_I,
            name,
        )
    col = COLUMNS.index(letter)
    if col >= size or not 1 <= number <= size:
        raise InvalidVertex(
            f"{name} is off a {size}×{size} board ({board_range(size)})", VertexProblem.OFF, name
        )
    return Point(number - 1, col)


def format_vertex(point: Point) -> str:
    """The GTP form of ``point``."""
    return f"{COLUMNS[point.col]}{point.row + 1}"


def to_sgf_point(point: Point, size: int) -> str:
    """The SGF form (``aa`` is the top-left corner)."""
    return chr(ord("a") + point.col) + chr(ord("a") + size - 1 - point.row)


def from_sgf_point(text: str, size: int) -> Point:
    """Parse an SGF point such as ``pd``; raises :class:`InvalidVertex` if it is off the board."""
    if len(text) != 2 or not text.isalpha() or not text.islower():
        raise InvalidVertex(
            f"{text!r} is not an SGF point (two lowercase letters like 'pd')", VertexProblem.FORM
        )
    col = ord(text[0]) - ord("a")
    row = size - 1 - (ord(text[1]) - ord("a"))
    if not (0 <= col < size and 0 <= row < size):
        raise InvalidVertex(f"SGF point {text!r} is off a {size}×{size} board", VertexProblem.OFF)
    return Point(row, col)
