"""Where the stopped position is not finished, for :func:`engine.estimate.estimate`.

Two kinds of open places are reported, so that the players are told where to play on instead of
being shown a guess ("a proposal players can trust beats a complete one"):

* an **open boundary**: an empty point of a region that living stones of both colours border,
  where a stone of one colour (not in atari) would turn empty points of that region into its eye
  points (Art. 8: a region bordered by one colour only and holding none of its dead stones). A
  neutral dame, where neither colour gains a point, is never reported;
* an **open fight**: a small fight whose reading ran out of budget, or two neighbouring groups
  that each die when the other side moves first (a capturing race or a direct ko left open,
  Example 9): the first moves of those readings are reported.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.board import Board, living_cells
from engine.colors import Color
from engine.coords import Point
from engine.estimate_core import influence_owner
from engine.estimate_fights import FightReader
from engine.regions import components, flood, layers
from engine.tables import neighbour_table, point_table

#: a proposal with at least this many doubtful dead chains (see :func:`doubtful_dead`) is not
#: trusted: the position is reported unsettled next to each of them
DOUBTFUL_CHAINS = 4
#: nor one that proposes more than this share of the stones on the board dead
DEAD_SHARE = 0.4
#: a mixed region larger than this is an unfinished area: only its most contested point is named
LARGE_REGION = 60


def open_boundaries(board: Board, dead: frozenset[Point]) -> set[Point]:
    """The empty points of open boundaries (see the module docstring)."""
    size = board.size
    nbrs = neighbour_table(size)
    points = point_table(size)
    living = living_cells(board, dead)
    out: set[Point] = set()
    for members in components(size, [not c for c in living])[1]:
        if len({living[n] for i in members for n in nbrs[i] if living[n]}) < 2:
            continue
        if len(members) > LARGE_REGION:
            out.add(_most_contested(board, living, members))
            continue
        region = {points[i] for i in members}
        for p in sorted(region):
            if board.get(p) is None and _makes_territory(board, dead, region, p):
                out.add(p)
    return out


def open_fights(board: Board, reading: FightReader, dead: frozenset[Point]) -> set[Point]:
    """The points of open fights (see the module docstring)."""
    out: set[Point] = set()
    proven = [f for f in reading.fights.values() if f.reading.dead and f.target <= dead]
    for fight in reading.fights.values():
        if fight.reading.dead is None:
            libs = sorted(lib for p in fight.target for lib in board.liberties(p))
            if libs:
                out.add(libs[0])
    for k, one in enumerate(proven):
        around = {n for p in one.target for n in board.neighbours(p)}
        for other in proven[k + 1 :]:
            if around & other.target and board.get(min(one.target)) != board.get(min(other.target)):
                out.update(f.reading.first for f in (one, other) if f.reading.first is not None)
    return out


def doubtful_dead(board: Board, reading: FightReader, dead: frozenset[Point]) -> set[Point]:
    """Where the proposal itself is in doubt (the position looks unfinished): a dead chain that
    no reading proved dead and most of whose liberties its own colour holds on the influence
    map of the board as it stands (every stone counted alive) is *doubtful*. When there are
    ``DOUBTFUL_CHAINS`` of them, or more than ``DEAD_SHARE`` of the stones are proposed dead,
    the first liberty of every doubtful chain is returned (of every dead chain if none is
    doubtful), else nothing: a finished position has few dead chains, each in the enemy's
    sphere, or read out."""
    if not dead:
        return set()
    size = board.size
    cells = [int(c) if c else 0 for row in board.grid() for c in row]
    owner = influence_owner(size, cells)
    proven = {p for f in reading.fights.values() if f.reading.dead for p in f.target}
    doubtful: list[Point] = []
    first: list[Point] = []
    seen: set[Point] = set()
    for p in sorted(dead):
        if p in seen:
            continue
        chain = board.chain(p)
        seen |= chain
        libs = sorted(board.liberties(p))
        if not libs:
            continue
        first.append(libs[0])
        if chain & proven:
            continue
        color = int(board.get(p) or 0)
        mine = sum(1 for q in libs if owner[q.row * size + q.col] == color)
        if 2 * mine > len(libs):
            doubtful.append(libs[0])
    stones = sum(1 for _ in board.stones())
    if len(doubtful) >= DOUBTFUL_CHAINS or len(dead) > DEAD_SHARE * stones:
        return set(doubtful or first)
    return set()


def _living(board: Board, dead: frozenset[Point], point: Point) -> Color | None:
    return None if point in dead else board.get(point)


def _makes_territory(board: Board, dead: frozenset[Point], region: set[Point], p: Point) -> bool:
    """Whether a stone of some colour on ``p`` (legal, not left in atari) leaves a part of
    ``region`` bordered by that colour only and holding none of its dead stones."""
    size = board.size
    points = point_table(size)
    inside = [False] * (size * size)  # the parts: the points of the region but ``p``
    for q in region:
        inside[q.row * size + q.col] = True
    inside[p.row * size + p.col] = False
    for color in (Color.BLACK, Color.WHITE):
        if board.legality(color, p) is not None:
            continue
        trial = board.copy()
        trial.play(color, p)
        if len(trial.liberties(p)) < 2:
            continue
        done: set[Point] = set()
        for q in board.neighbours(p):
            if q not in region or q in done:
                continue
            part = {points[i] for i in flood(size, (q.row * size + q.col,), inside)}
            done |= part
            if _bordered_by_only(board, dead, part, color, p):
                return True
    return False


def _bordered_by_only(
    board: Board, dead: frozenset[Point], part: Iterable[Point], color: Color, new: Point
) -> bool:
    for q in part:
        if q in dead and board.get(q) is color:
            return False
        for n in board.neighbours(q):
            if n == new:
                continue
            living = _living(board, dead, n)
            if living is not None and living is not color:
                return False
    return True


def _most_contested(board: Board, living: Sequence[int], members: Sequence[int]) -> Point:
    """The empty point of the region ``members`` nearest to living stones of both colours."""
    size = board.size
    points = point_table(size)
    inside = [False] * (size * size)
    for i in members:
        inside[i] = True
    best: tuple[int, Point] | None = None
    for i in sorted(members):
        p = points[i]
        if board.get(p) is not None:
            continue
        distance = sum(_distance(size, living, inside, i, color) for color in (1, 2))
        if best is None or distance < best[0]:
            best = (distance, p)
    assert best is not None
    return best[1]


def _distance(
    size: int, living: Sequence[int], inside: Sequence[bool], start: int, color: int
) -> int:
    """Steps from ``start`` through the region ``inside`` to a point next to a living stone of
    ``color``; ten times the region's size when there is none."""
    nbrs = neighbour_table(size)
    for steps, ring in enumerate(layers(size, (start,), inside)):
        if any(living[n] == color for i in ring for n in nbrs[i]):
            return steps
    return 10 * sum(inside)
