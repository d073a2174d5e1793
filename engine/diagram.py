"""Board diagrams as text, for tests, the console and docstrings.

A diagram lists rows from the top (the highest row number) to the bottom; ``X``/``#``/``B`` is a
black stone, ``O``/``W`` white, ``.``/``+``/``,`` empty. Spaces are ignored.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.colors import Color
from engine.coords import COLUMNS, Point

_BLACK = frozenset("XB#x")
_WHITE = frozenset("OWo")
_EMPTY = frozenset(".+,")


def parse_diagram(text: str) -> tuple[int, dict[Point, Color]]:
    """Parse a square diagram into ``(size, stones)``."""
    rows = [line.replace(" ", "") for line in text.strip().splitlines() if line.strip()]
    size = len(rows)
    stones: dict[Point, Color] = {}
    for top_index, line in enumerate(rows):
        if len(line) != size:
            raise ValueError(f"diagram row {top_index + 1} has {len(line)} points, expected {size}")
        row = size - 1 - top_index
        for col, char in enumerate(line):
            if char in _BLACK:
                stones[Point(row, col)] = Color.BLACK
            elif char in _WHITE:
                stones[Point(row, col)] = Color.WHITE
            elif char not in _EMPTY:
                raise ValueError(f"unknown diagram character {char!r}")
    return size, stones


def format_diagram(grid: Sequence[Sequence[Color | None]], coordinates: bool = True) -> str:
    """Draw ``grid`` (rows from the bottom) with ``X``/``O``/``.`` and optional coordinates."""
    size = len(grid)
    lines = []
    for row in range(size - 1, -1, -1):
        cells = " ".join(
            "X" if c is Color.BLACK else "O" if c is Color.WHITE else "." for c in grid[row]
        )
        lines.append(f"{row + 1:>2} {cells}" if coordinates else cells)
    if coordinates:
        lines.append("   " + " ".join(COLUMNS[:size]))
    return "\n".join(lines)
