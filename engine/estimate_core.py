"""The pieces of :mod:`engine.estimate`: Benson's algorithm and one round of analysis (the
chains are found by :mod:`engine.estimate_round`, the groups shut in by the enemy by
:mod:`engine.estimate_captives`, small fights are read by any :class:`FightVerdicts`).

Everything works on flat lists of cells indexed ``row * size + col`` (0 empty, 1 black, 2 white).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice

from engine.board import Board
from engine.estimate_captives import captive_groups, enclosed_groups
from engine.estimate_read import build_board, can_capture, mutual_atari
from engine.estimate_round import Chain, FightVerdicts
from engine.regions import components, layers
from engine.tables import diagonal_table, neighbour_table

#: how far (in steps) a chain's influence reaches; it halves at every step
INFLUENCE_RADIUS = 6
#: a region holding captive stones needs this many points to count two eyes
CAPTIVE_TWO_EYES = 7


def benson_alive(size: int, cells: Sequence[int], chains: Sequence[Chain], color: int) -> set[int]:
    """Indices of the chains of ``color`` that are unconditionally alive (Benson, 1976)."""
    nbrs = neighbour_table(size)
    chain_of = [-1] * (size * size)
    for number, chain in enumerate(chains):
        for s in chain.stones:
            chain_of[s] = number
    _, regions = components(size, [c != color for c in cells])
    # For each region: the chains of `color` around it, and those for which it is vital
    # (every empty point of the region is a liberty of the chain).
    around: list[set[int]] = []
    vital_for: list[set[int]] = []
    for members in regions:
        border = {chain_of[n] for i in members for n in nbrs[i] if cells[n] == color}
        empties = [i for i in members if not cells[i]]
        around.append(border)
        vital_for.append({c for c in border if all(e in chains[c].libs for e in empties)})
    living = {n for n, chain in enumerate(chains) if chain.color == color}
    healthy = set(range(len(regions)))
    while True:
        vital_count = dict.fromkeys(living, 0)
        for r in healthy:
            for c in vital_for[r]:
                if c in vital_count:
                    vital_count[c] += 1
        weak = {c for c, k in vital_count.items() if k < 2}
        if not weak:
            break
        living -= weak
        healthy = {r for r in healthy if not (around[r] & weak)}
    return living


def influence_owner(size: int, alive: Sequence[int], radius: int = INFLUENCE_RADIUS) -> list[int]:
    """Per point: a living stone's colour, else the colour with the larger influence, where
    each living chain radiates its number of stones halved at every step (through points
    without living stones, up to ``radius`` steps); 0 where the two are equal."""
    npoints = size * size
    influence = {1: [0.0] * npoints, 2: [0.0] * npoints}
    free = [not a for a in alive]
    _, chains = components(size, alive)
    for stones in chains:
        field = influence[alive[stones[0]]]
        weight = float(len(stones))
        for ring in islice(layers(size, stones, free), 1, radius + 1):
            weight *= 0.5
            for n in ring:
                field[n] += weight
    black, white = influence[1], influence[2]
    return [
        a if a else (1 if black[i] > white[i] else 2 if white[i] > black[i] else 0)
        for i, a in enumerate(alive)
    ]


@dataclass(frozen=True, slots=True)
class Contest:
    """A weak group whose capture depends on the enemy's wall next to it (flat indices):
    ``kind`` "seki", "race" or "false" (see :meth:`Analysis._short_wall`)."""

    kind: str
    group: frozenset[int]
    wall: frozenset[int]


def contested_points(
    size: int, cells: Sequence[int], dead: set[int], contests: Sequence[Contest]
) -> set[int]:
    """The first liberty (an empty one if any) of the group and of the wall of every contest
    that still holds once the analysis is done (``dead``: every dead stone): a race is looked
    at again with the stones found dead later taken off (a wall that gained liberties by it
    wins); a contest whose wall died is over."""
    nbrs = neighbour_table(size)
    out: set[int] = set()
    for contest in contests:
        if contest.wall & dead:
            continue

        def libs(stones: frozenset[int], keep: frozenset[int] = contest.group) -> set[int]:
            return {
                n for s in stones for n in nbrs[s] if not cells[n] or (n in dead and n not in keep)
            }

        group_libs, wall_libs = libs(contest.group), libs(contest.wall)
        if not group_libs or not wall_libs:
            continue
        if contest.kind == "race":
            _, chains = components(
                size, [cells[i] if i in contest.group else 0 for i in range(size * size)]
            )
            touching = [c for c in chains if any(n in contest.wall for s in c for n in nbrs[s])]
            weakest = min((len(libs(frozenset(c))) for c in touching), default=0)
            if len(wall_libs) > weakest:
                continue
        for points in (group_libs, wall_libs):
            out.add(min((p for p in points if not cells[p]), default=min(points)))
    return out


class _UnionFind:
    __slots__ = ("parent",)

    def __init__(self, count: int) -> None:
        self.parent = list(range(count))

    def find(self, item: int) -> int:
        parent = self.parent
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


class Analysis:
    """One round: groups, eyes, space and strength, with ``dead`` chains taken off."""

    def __init__(
        self,
        size: int,
        cells: Sequence[int],
        chains: Sequence[Chain],
        dead: set[int],
        safe: set[int],
        reading: FightVerdicts | None = None,
        contested: list[Contest] | None = None,
    ) -> None:
        self.size = size
        self.cells = cells
        self.chains = chains
        self.dead = dead
        self.safe = safe
        npoints = size * size
        self.chain_of = chain_of = [-1] * npoints
        for number, chain in enumerate(chains):
            for s in chain.stones:
                chain_of[s] = number
        #: the colour of living stones, 0 for empty points and dead stones
        self.alive = [c if c and chain_of[i] not in dead else 0 for i, c in enumerate(cells)]
        self.group_of = self._groups()
        self.groups: dict[int, list[int]] = {}
        self._board: Board | None = None
        #: reads small closed fights out under Art. 7 (see :mod:`engine.estimate_fights`)
        self.reading = reading
        #: the shape kills that depend on the enemy's wall (see :meth:`_short_wall`), gathered
        #: across the rounds
        self.contested = contested if contested is not None else []

    def _groups(self) -> list[int]:
        """Per living chain, the number of its group (the smallest chain number in it)."""
        size, alive, chain_of = self.size, self.alive, self.chain_of
        nbrs = neighbour_table(size)
        union = _UnionFind(len(self.chains))
        shared: dict[tuple[int, int], int] = {}
        for index in range(size * size):
            if alive[index]:
                continue
            for color in (1, 2):
                around = sorted({chain_of[n] for n in nbrs[index] if alive[n] == color})
                if len(around) < 2:
                    continue
                touched_by_enemy = any(alive[n] == 3 - color for n in nbrs[index])
                for k, a in enumerate(around):
                    for b in around[k + 1 :]:
                        if not touched_by_enemy:
                            union.union(a, b)
                        else:
                            key = (a, b)
                            shared[key] = shared.get(key, 0) + 1
                            if shared[key] >= 2:
                                union.union(a, b)
        diagonals = diagonal_table(size)
        for index in range(size * size):
            color = alive[index]
            if not color:
                continue
            for d, cross_a, cross_b in diagonals[index]:
                if (
                    d > index
                    and alive[d] == color
                    and alive[cross_a] != 3 - color
                    and alive[cross_b] != 3 - color
                ):
                    union.union(chain_of[index], chain_of[d])
        return [union.find(c) for c in range(len(self.chains))]

    def _is_false_eye(self, point: int, color: int, alive: Sequence[int]) -> bool:
        diagonals = diagonal_table(self.size)[point]
        hostile = sum(1 for d, _, _ in diagonals if alive[d] == 3 - color)
        return hostile >= (1 if len(diagonals) < 4 else 2)

    def decide(self, space_alive: int) -> set[int]:
        """The chains found dead in this round (empty when nothing changes)."""
        alive, chains, chain_of = self.alive, self.chains, self.chain_of
        nbrs = neighbour_table(self.size)
        group_of = self.group_of
        groups = self.groups = self._members()

        eyes, space = self._eyes_and_space(alive)
        own_eyes = dict(eyes)
        captives = captive_groups(self, groups)
        if captives:
            # Each colour's eyes and space are measured with the weak enemy groups it encloses
            # taken off (a wall around a dead invader has the invader's area for its eyes).
            for color in (1, 2):
                without = set().union(
                    *(
                        chains[c].stones
                        for g in captives
                        if chains[g].color == 3 - color
                        for c in groups[g]
                    )
                )
                if not without:
                    continue
                eyes_c, space_c = self._eyes_and_space(
                    [0 if i in without else a for i, a in enumerate(alive)], without
                )
                for g in groups:
                    if chains[g].color == color:
                        eyes[g], space[g] = eyes_c[g], space_c[g]

        strong = {
            g
            for g, members in groups.items()
            if eyes[g] >= 2
            or (space[g] >= space_alive and g not in captives)
            or any(c in self.safe for c in members)
        }

        # Art. 7 read out where the fight is small and closed: the verdict stands over the
        # shape-based rules below.
        settled: set[int] = set()
        newly: set[int] = set()
        if self.reading is not None:
            verdicts, dead_chains = self.reading.verdicts(self, strong)
            for g, dead in verdicts.items():
                settled.add(g)
                if dead:
                    newly.update(groups[g])
            newly |= dead_chains

        enclosed = enclosed_groups(self, strong)

        # A weak group is dead when it is enclosed (and the enemy can fill its liberties). One
        # whose area also holds a strong friend may still connect out: it lives unless it loses
        # a capturing race against a weak enemy group it touches.
        races: list[tuple[tuple[int, int, int, int], int]] = []
        for g, members in groups.items():
            if g in strong or g in settled:
                continue
            if g in enclosed:
                # a seki with the wall is not a capture; a race or a wall that lives only by
                # the capture stays a kill, reported contested
                if (
                    self._capturable(members)
                    and self._short_wall(members, own_eyes, strong) != "seki"
                ):
                    newly.update(members)
                continue
            color = chains[g].color
            stones = [s for c in members for s in chains[c].stones]
            touching = {
                group_of[chain_of[n]] for s in stones for n in nbrs[s] if alive[n] == 3 - color
            }
            weak_touching = [h for h in touching if h not in strong]
            if not weak_touching:
                continue
            # A capturing race with touching weak groups: the weaker side dies, else seki.
            if self._mutual_atari(members):
                continue
            libs_g = self._liberties(members)
            for h in weak_touching:
                libs_h = self._liberties(groups[h])
                if eyes[h] > eyes[g] or (eyes[h] == eyes[g] and libs_h > libs_g + 1):
                    races.append(((eyes[g], space[g], libs_g, len(stones)), g))
                    break
        # Races are settled only once the clear cases are, and the weakest loser first: taking
        # it off changes the eyes, space and liberties of everything around it.
        if newly or not races:
            return newly
        return set(groups[min(races)[1]])

    def _members(self) -> dict[int, list[int]]:
        """The living chains of each group, by group number."""
        groups: dict[int, list[int]] = {}
        for number in range(len(self.chains)):
            if number not in self.dead:
                groups.setdefault(self.group_of[number], []).append(number)
        return groups

    def _eyes_and_space(
        self, alive: Sequence[int], captive: set[int] | frozenset[int] = frozenset()
    ) -> tuple[dict[int, int], dict[int, int]]:
        """Per group, its eyes and its space (module docstring of :mod:`engine.estimate`) with
        the living stones ``alive``; a region holding ``captive`` stones (taken off) counts one
        eye unless it has ``CAPTIVE_TWO_EYES`` points (the captives may make a nakade)."""
        size, chains, chain_of, group_of = self.size, self.chains, self.chain_of, self.group_of
        nbrs = neighbour_table(size)
        groups = self.groups
        owner = influence_owner(size, alive)
        _, regions = components(size, [not a for a in alive])

        # Eyes: regions bordered by one colour only.
        eyes = dict.fromkeys(groups, 0)
        for members in regions:
            border = {group_of[chain_of[n]] for i in members for n in nbrs[i] if alive[n]}
            colors = {chains[g].color for g in border}
            if len(colors) != 1:
                continue
            (color,) = colors
            if any(self.cells[i] == color for i in members):
                continue
            if len(members) == 1:
                value = 0 if self._is_false_eye(members[0], color, alive) else 1
            elif len(members) < 4 or self._is_square(members):
                value = 1
            else:
                value = 2
            if value == 2 and len(members) < CAPTIVE_TWO_EYES and captive.intersection(members):
                value = 1
            for g in border:
                eyes[g] += value

        # Space: the points a colour owns in the areas (of points without living stones that the
        # enemy does not own) touching the group.
        npoints = size * size
        space = dict.fromkeys(groups, 0)
        for color in (1, 2):
            comp, areas = components(
                size, [not alive[i] and owner[i] != 3 - color for i in range(npoints)]
            )
            owned = [sum(1 for i in members if owner[i] == color) for members in areas]
            for g, members in groups.items():
                if chains[g].color != color:
                    continue
                touched = {
                    comp[n]
                    for c in members
                    for s in chains[c].stones
                    for n in nbrs[s]
                    if comp[n] >= 0
                }
                space[g] = sum(owned[k] for k in touched)
        return eyes, space

    def _capturable(self, members: Sequence[int]) -> bool:
        """Whether the enemy can capture the group by filling its liberties (else: seki)."""
        if self._board is None:
            self._board = build_board(self.size, self.alive)
        return can_capture(self._board, [s for c in members for s in self.chains[c].stones])

    def _short_wall(
        self, members: Sequence[int], own_eyes: dict[int, int], strong: set[int]
    ) -> str | None:
        """How the capture of a weak group that the shape rules find enclosed and capturable
        depends on the enemy's wall around it. Only a wall group without two eyes of its own
        (counted with this group on the board) and not unconditionally alive can depend on it:

        * "seki": the wall has a one-point eye that this group's stones alone make false, and
          this group has one that the wall's stones alone make false (the bamboo and false-eye
          sekis): each side's eye is real only once the other is captured, and neither can fill
          the other's last liberties without self-atari (Art. 8, the commentary's seki);
        * "race": the wall (strong on space only, or in atari) has no more liberties than the
          weakest chain of this group next to it: the defender, moving first, captures it first
          (Art. 7.1: whoever moves first wins, the position is not finished, Example 9);
        * "false": only the wall's eye is made false by this group: the wall's life depends on
          the capture;
        * None: the wall does not depend on it.

        For any answer but None the group and that wall are recorded (:class:`Contest`)."""
        nbrs = neighbour_table(self.size)
        alive, chains, chain_of, group_of = self.alive, self.chains, self.chain_of, self.group_of
        stones = {s for c in members for s in chains[c].stones}
        color = chains[members[0]].color
        libs = {n for s in stones for n in nbrs[s] if not alive[n]}
        walls = {group_of[chain_of[n]] for s in stones for n in nbrs[s] if alive[n] == 3 - color}
        rank = {"seki": 3, "race": 2, "false": 1}
        verdict: str | None = None
        for h in sorted(walls):
            wall_chains = self.groups.get(h, [])
            if own_eyes.get(h, 0) >= 2 or any(c in self.safe for c in wall_chains):
                continue
            wall = {s for c in wall_chains for s in chains[c].stones}
            wall_libs = {n for s in wall for n in nbrs[s] if not alive[n]}
            found: str | None = None
            if self._eye_made_false(wall_libs, 3 - color, stones):
                found = "seki" if self._eye_made_false(libs, color, wall) else "false"
            else:
                touching = {chain_of[n] for s in wall for n in nbrs[s] if n in stones}
                weakest = min(self._liberties([c]) for c in touching)
                if len(wall_libs) <= weakest and (h in strong or len(wall_libs) == 1):
                    found = "race"
            if found is None:
                continue
            self.contested.append(Contest(found, frozenset(stones), frozenset(wall)))
            if verdict is None or rank[found] > rank[verdict]:
                verdict = found
        return verdict

    def _eye_made_false(self, points: set[int], color: int, by: set[int]) -> bool:
        """Whether one of ``points`` is a one-point eye of ``color`` (every neighbour a living
        stone of it) that is false (:meth:`_is_false_eye`) with the stones ``by`` on the board
        and would not be without them."""
        nbrs = neighbour_table(self.size)
        diagonals = diagonal_table(self.size)
        alive = self.alive
        for e in sorted(points):
            if any(alive[n] != color for n in nbrs[e]):
                continue
            hostile = [d for d, _, _ in diagonals[e] if alive[d] == 3 - color]
            limit = 1 if len(diagonals[e]) < 4 else 2
            if len(hostile) >= limit and sum(1 for d in hostile if d not in by) < limit:
                return True
        return False

    def _mutual_atari(self, members: Sequence[int]) -> bool:
        if self._board is None:
            self._board = build_board(self.size, self.alive)
        return mutual_atari(self._board, [s for c in members for s in self.chains[c].stones])

    def _liberties(self, members: Sequence[int]) -> int:
        nbrs = neighbour_table(self.size)
        alive = self.alive
        return len(
            {n for c in members for s in self.chains[c].stones for n in nbrs[s] if not alive[n]}
        )

    def _is_square(self, members: Sequence[int]) -> bool:
        if len(members) != 4:
            return False
        rows = {i // self.size for i in members}
        cols = {i % self.size for i in members}
        return len(rows) == 2 and len(cols) == 2
