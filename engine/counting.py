"""Counting under Art. 8 and 10, exactly the steps of docs/rules.md ("Territory").

Given the final board and the agreed dead stones:

1. a *region* is a maximal connected set of points that are not living stones;
2. an empty point is an *eye point* of C if its region is bordered only by living stones of C and
   holds no dead stone of C; every other empty point is *dame* (commentary to Example 25);
3. living chains of C that border one region of eye points of C belong to one *group* (and so on,
   transitively): possessing dame is a property of the group (commentary to Art. 8, Example 24c);
   a group is *in seki* when one of its chains has a dame point as a liberty;
4. a group is also *not independent* while one of its chains is in atari (an open ko connection, a
   missing teire): it counts like a group in seki until its owner adds the necessary stone, and
   the count names that point (:attr:`Count.connections`, ``connect at G1``). Liberties are the
   points next to a chain that are not living stones: dead stones are taken off first;
5. eye points are *territory* only if no chain around their region belongs to a group that is in
   seki or not independent;
6. dead stones inside territory are removed as prisoners and their points are territory
   (Art. 10.1); dead stones anywhere else stay on the board and count for nobody (Diagram 17).

>>> from engine.diagram import parse_diagram
>>> size, stones = parse_diagram('''
... . X O .
... X X O O
... X X O O
... . X O .''')
>>> count_board(size, stones, komi=0.5).result.sgf
'W+0.5'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.regions import component, components
from engine.result import GameResult
from engine.tables import neighbour_table


class PointStatus(enum.Enum):
    """What a point is at the count; the renderer draws one mark per status."""

    ALIVE = "alive"  # a living stone not in seki
    SEKI = "seki"  # a living stone of a chain in seki (Art. 8)
    DEAD_REMOVED = "dead, removed"  # dead stone inside territory: a prisoner (Art. 10.1)
    DEAD_STAYS = "dead, stays"  # dead stone elsewhere: stays, counts for nobody (Diagram 17)
    BLACK_TERRITORY = "black territory"
    WHITE_TERRITORY = "white territory"
    SEKI_EYE = "eye in seki"  # eye point of a group in seki: not territory (Diagrams 13, 14)
    DAME = "dame"
    NECESSARY = "necessary"  # the one liberty of a chain in atari inside its own area (step 4)


@dataclass(frozen=True, slots=True)
class Side:
    """One colour's tally."""

    territory: int
    prisoners: int  # captured in play + dead stones removed at the count
    komi: float = 0.0

    @property
    def score(self) -> float:
        return self.territory + self.prisoners + self.komi


@dataclass(frozen=True, slots=True)
class Count:
    """The counted position: per-point statuses, both tallies and the result."""

    size: int
    status: Mapping[Point, PointStatus]
    owner: Mapping[Point, Color]  # for territory, seki eyes and stones: whose it is
    black: Side
    white: Side
    voiding_dame: tuple[Point, ...] = field(default=())  # dame liberties of groups with eyes
    #: the necessary stones (commentary 9.2): where a chain in atari must connect, and whose
    connections: tuple[tuple[Point, Color], ...] = field(default=())

    def points(self, status: PointStatus) -> list[Point]:
        """Every point with ``status``, sorted."""
        return sorted(p for p, s in self.status.items() if s is status)

    @property
    def dead(self) -> list[Point]:
        return sorted(
            p
            for p, s in self.status.items()
            if s in (PointStatus.DEAD_REMOVED, PointStatus.DEAD_STAYS)
        )

    @property
    def dame(self) -> list[Point]:
        return self.points(PointStatus.DAME)

    @property
    def seki(self) -> list[Point]:
        return self.points(PointStatus.SEKI)

    @property
    def margin(self) -> float:
        """Black's score minus White's."""
        return self.black.score - self.white.score

    @property
    def result(self) -> GameResult:
        return GameResult.by_score(self.margin)


def dead_chains(size: int, stones: Mapping[Point, Color], marked: Iterable[Point]) -> set[Point]:
    """Every stone of every chain that contains a marked stone (marks name whole chains)."""
    indices = _chains_through(size, stones, _cells(size, stones), marked)
    return {Point(*divmod(i, size)) for i in indices}


def _chains_through(
    size: int, stones: Mapping[Point, Color], cells: list[int], marked: Iterable[Point]
) -> set[int]:
    """The point indices of :func:`dead_chains`, given the ``cells`` of ``stones``."""
    out: set[int] = set()
    for point in marked:
        if point not in stones:
            continue
        row, col = point
        index = row * size + col
        if index not in out:
            out.update(component(size, cells, index))
    return out


def _cells(size: int, stones: Mapping[Point, Color]) -> list[int]:
    """The colour on each point index (0 for an empty point)."""
    cells = [0] * (size * size)
    for (row, col), color in stones.items():
        cells[row * size + col] = int(color)
    return cells


def _libs(members: list[int], nbrs: Sequence[Sequence[int]], living: list[int]) -> set[int]:
    """The points next to a chain that are not living stones."""
    return {n for i in members for n in nbrs[i] if not living[n]}


def count_board(
    size: int,
    stones: Mapping[Point, Color],
    dead: Iterable[Point] = (),
    *,
    komi: float = 0.0,
    captured: Mapping[Color, int] | None = None,
) -> Count:
    """Count a position given as ``stones``; ``dead`` marks whole chains; ``captured`` are the
    prisoners taken in play (Art. 5)."""
    nbrs = neighbour_table(size)
    cells = _cells(size, stones)
    dead_set = _chains_through(size, stones, cells, dead)
    living = [c if c and i not in dead_set else 0 for i, c in enumerate(cells)]

    # Step 1: regions of points that are not living stones.
    region_of, regions = components(size, [not c for c in living])

    # Step 2: eye points of one colour, or dame.
    eye_color: list[int] = []  # per region: the colour whose eye points it holds, or 0
    for members in regions:
        borders = {living[n] for i in members for n in nbrs[i] if living[n]}
        dead_colors = {cells[i] for i in members if cells[i]}
        if len(borders) == 1:
            (only,) = borders
            eye_color.append(0 if only in dead_colors else only)
        else:
            eye_color.append(0)

    def is_dame(index: int) -> bool:
        return not cells[index] and not eye_color[region_of[index]]

    # Step 3: chains joined through regions of their own eye points are one group.
    chain_of, chains = components(size, living)
    group_of = list(range(len(chains)))

    def root(c: int) -> int:
        while group_of[c] != c:
            group_of[c] = group_of[group_of[c]]
            c = group_of[c]
        return c

    region_chains: list[set[int]] = []  # per region: the living chains bordering it
    for r, members in enumerate(regions):
        bordering = {chain_of[n] for i in members for n in nbrs[i] if living[n]}
        region_chains.append(bordering)
        if eye_color[r] and len(bordering) > 1:
            first, *rest = bordering
            for other in rest:
                group_of[root(other)] = root(first)

    # A group is in seki when one of its chains has a dame liberty; it is not independent
    # while one of its chains is in atari (step 4). Liberties are the points that are not
    # living stones: dead stones are taken off before anyone could play there.
    dame_libs: list[list[int]] = []
    atari_point: list[int | None] = []
    for members in chains:
        libs = _libs(members, nbrs, living)
        dame_libs.append(sorted(n for n in libs if is_dame(n)))
        atari_point.append(next(iter(libs)) if len(libs) == 1 else None)
    seki_group = {root(c) for c, libs in enumerate(dame_libs) if libs}
    dependent_group = {root(c) for c, point in enumerate(atari_point) if point is not None}

    # Step 5: eye points are territory only if every chain around them belongs to a group that
    # is independent and not in seki.
    is_territory: list[bool] = []
    voided: set[int] = set()  # groups with eye points that do not count
    for r, bordering in enumerate(region_chains):
        if not eye_color[r]:
            is_territory.append(False)
            continue
        groups = {root(c) for c in bordering} & (seki_group | dependent_group)
        is_territory.append(not groups)
        voided |= groups
    voiding: set[int] = set()
    necessary: dict[int, int] = {}  # an own eye point where a chain in atari must connect
    for c, members in enumerate(chains):
        if root(c) not in voided:
            continue
        voiding.update(dame_libs[c])
        last = atari_point[c]
        color = living[members[0]]
        if last is not None and not is_dame(last) and not cells[last]:
            # Only a connection that leaves a liberty is one (else the chain is simply lost).
            after = {n for n in nbrs[last] if not living[n]} | {
                lib
                for n in nbrs[last]
                if living[n] == color
                for lib in _libs(chains[chain_of[n]], nbrs, living)
            }
            if after - {last}:
                necessary[last] = color

    # Statuses, territory and prisoners.
    status: dict[Point, PointStatus] = {}
    owner: dict[Point, Color] = {}
    territory = {Color.BLACK: 0, Color.WHITE: 0}
    prisoners = {Color.BLACK: 0, Color.WHITE: 0}
    if captured:
        for color, number in captured.items():
            prisoners[color] += number
    for index in range(size * size):
        point = Point(*divmod(index, size))
        if living[index]:
            in_seki = root(chain_of[index]) in seki_group
            status[point] = PointStatus.SEKI if in_seki else PointStatus.ALIVE
            owner[point] = Color(living[index])
            continue
        r = region_of[index]
        eye = eye_color[r]
        if cells[index]:  # a dead stone
            if is_territory[r]:
                status[point] = PointStatus.DEAD_REMOVED
                territory[Color(eye)] += 1
                prisoners[Color(eye)] += 1
                owner[point] = Color(eye)
            else:
                status[point] = PointStatus.DEAD_STAYS
            continue
        if is_territory[r]:
            status[point] = (
                PointStatus.BLACK_TERRITORY if eye == Color.BLACK else PointStatus.WHITE_TERRITORY
            )
            territory[Color(eye)] += 1
            owner[point] = Color(eye)
        elif index in necessary:
            status[point] = PointStatus.NECESSARY
            owner[point] = Color(necessary[index])
        elif eye:
            status[point] = PointStatus.SEKI_EYE
            owner[point] = Color(eye)
        else:
            status[point] = PointStatus.DAME
    return Count(
        size=size,
        status=status,
        owner=owner,
        black=Side(territory[Color.BLACK], prisoners[Color.BLACK]),
        white=Side(territory[Color.WHITE], prisoners[Color.WHITE], komi),
        voiding_dame=tuple(sorted(Point(*divmod(i, size)) for i in voiding)),
        connections=tuple(
            sorted((Point(*divmod(i, size)), Color(c)) for i, c in necessary.items())
        ),
    )


def count(board: Board, dead: Iterable[Point] = (), *, komi: float = 0.0) -> Count:
    """Count ``board`` with its prisoners taken in play (see :func:`count_board`)."""
    return count_board(board.size, dict(board.stones()), dead, komi=komi, captured=board.prisoners)
