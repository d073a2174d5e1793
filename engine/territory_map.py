"""Who holds each empty point of a position still being played, for the score estimate during play.

Two rules, the first where it applies:

1. **Enclosed areas**: an empty region (dead stones taken off) of at most ``ENCLOSED_SHARE`` of
   the board that living stones of one colour only border is that colour's, as Art. 8 counts
   territory at the end (a larger one is the open board of an opening, not a territory); a
   point next to living stones of both colours is nobody's (a dame, or a shared liberty of a
   seki).
2. **Open areas**: Bouzy's 5/21 map (B. Bouzy, *Mathematical morphology applied to computer go*,
   2003; the map GNU Go's territory estimate is built on): living stones start at ±128, five
   dilations spread each colour's value over empty points no enemy value touches, then 21
   erosions take back what the other colour or nobody surrounds. What is left positive is
   Black's, negative White's. A lone stone in the opening keeps only the few points right
   around it, so the estimate of an opening stays close to even, and a framework counts only
   where it is solid.

Pure, deterministic, colour-blind; flat lists of cells indexed ``row * size + col``.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.regions import components
from engine.tables import neighbour_table

DILATIONS = 5
EROSIONS = 21
STONE_VALUE = 128
#: an area bordered by one colour counts as enclosed up to this share of the board's points
ENCLOSED_SHARE = 0.4


def territory_owner(board: Board, dead: Iterable[Point] = ()) -> dict[Point, Color | None]:
    """Per empty point and per dead stone's point: the colour that holds it, or None."""
    size = board.size
    dead_set = {p.row * size + p.col for p in dead}
    living = [0] * (size * size)
    for point, color in board.stones():
        index = point.row * size + point.col
        if index not in dead_set:
            living[index] = 1 if color is Color.BLACK else 2
    owner = _enclosed(size, living)
    value = bouzy(size, living)
    out: dict[Point, Color | None] = {}
    for index, cell in enumerate(living):
        if cell:
            continue
        who = owner[index]
        if who == -1:  # open: the map decides
            who = 1 if value[index] > 0 else 2 if value[index] < 0 else 0
        out[Point(*divmod(index, size))] = Color(who) if who else None
    return out


def _enclosed(size: int, living: list[int]) -> list[int]:
    """Per empty point: 1 or 2 when its region is bordered by that colour only, 0 when the point
    touches both colours (nobody's), -1 when the region is open (both colours border it)."""
    nbrs = neighbour_table(size)
    out = [0] * (size * size)
    largest = ENCLOSED_SHARE * size * size
    for members in components(size, [not c for c in living])[1]:
        border = {living[n] for i in members for n in nbrs[i] if living[n]}
        whole = next(iter(border)) if len(border) == 1 and len(members) <= largest else -1
        for i in members:
            touching = {living[n] for n in nbrs[i] if living[n]}
            out[i] = 0 if len(touching) == 2 else whole
    return out


def bouzy(
    size: int, living: list[int], dilations: int = DILATIONS, erosions: int = EROSIONS
) -> list[int]:
    """Bouzy's map of ``living`` (0 empty, 1 black, 2 white): positive Black's, negative
    White's (see the module docstring)."""
    nbrs = neighbour_table(size)
    value = [STONE_VALUE if c == 1 else -STONE_VALUE if c == 2 else 0 for c in living]
    for _ in range(dilations):
        new = value[:]
        for i, v in enumerate(value):
            around = [value[n] for n in nbrs[i]]
            if v >= 0 and not any(a < 0 for a in around):
                new[i] = v + sum(1 for a in around if a > 0)
            if v <= 0 and not any(a > 0 for a in around):
                new[i] = new[i] - sum(1 for a in around if a < 0)
        value = new
    for _ in range(erosions):
        new = value[:]
        for i, v in enumerate(value):
            if v > 0:
                new[i] = max(0, v - sum(1 for n in nbrs[i] if value[n] <= 0))
            elif v < 0:
                new[i] = min(0, v + sum(1 for n in nbrs[i] if value[n] >= 0))
        value = new
    return value
