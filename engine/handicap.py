"""Handicap stones on fixed star points, traditional layout (docs/rules.md, "Handicap and komi")."""

from __future__ import annotations

from engine.coords import Point, parse_vertex
from engine.errors import EngineError

_LAYOUT_19 = ("D4", "Q16", "Q4", "D16", "K10", "D10", "Q10", "K4", "K16")
_LAYOUT_13 = ("D4", "K10", "K4", "D10", "G7", "D7", "K7", "G4", "G10")
_LAYOUT_9 = ("C3", "G7", "G3", "C7", "E5", "C5", "G5", "E3", "E7")
MAX_HANDICAP = {19: 9, 13: 5, 9: 5}


def _order(count: int, layout: tuple[str, ...]) -> list[str]:
    """Which of the nine points a handicap of ``count`` uses (Black's view)."""
    corners_and_sides = list(layout[:4])
    centre = layout[4]
    if count <= 4:
        return corners_and_sides[:count]
    if count == 5:
        return [*corners_and_sides, centre]
    sides = list(layout[5:7])
    if count == 6:
        return corners_and_sides + sides
    if count == 7:
        return [*corners_and_sides, *sides, centre]
    top_bottom = list(layout[7:9])
    if count == 8:
        return corners_and_sides + sides + top_bottom
    return [*corners_and_sides, *sides, *top_bottom, centre]


def max_handicap(size: int) -> int:
    """The largest handicap on this board size: 9 on 19×19, 5 on 13×13 and 9×9, else 0."""
    return MAX_HANDICAP.get(size, 0)


def handicap_points(size: int, count: int) -> list[Point]:
    """The points of a handicap of ``count`` stones (0 or 2 to the size's maximum).

    >>> [p.gtp() for p in handicap_points(19, 3)]
    ['D4', 'Q16', 'Q4']
    """
    if count == 0:
        return []
    limit = max_handicap(size)
    if limit == 0:
        raise EngineError(
            f"handicap stones have fixed points on 9×9, 13×13 and 19×19, not {size}×{size}"
        )
    if not 2 <= count <= limit:
        raise EngineError(f"a handicap on {size}×{size} is 2 to {limit} stones, not {count}")
    layout = {19: _LAYOUT_19, 13: _LAYOUT_13, 9: _LAYOUT_9}[size]
    return [parse_vertex(v, size) for v in _order(count, layout)]
