"""Groups shut in by the enemy, for one round of :class:`engine.estimate_core.Analysis` (read
as an :class:`engine.estimate_round.Round`).

* **captives**: groups standing as an island in a region that the enemy also borders (their own
  space does not make them strong, only eyes do);
* **enclosed** weak groups: inside an area walled by the enemy where their colour has no strong
  group.

Everything works on the analysis's flat lists indexed ``row * size + col``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.estimate_round import Round
from engine.regions import components, flood
from engine.tables import neighbour_table

#: the most points an island (a captive group with what it encloses) may have
ISLAND_MAX = 60


def captive_groups(analysis: Round, groups: dict[int, list[int]]) -> set[int]:
    """Groups standing as an island in a region (of points without living stones) that the
    enemy also borders: everything reached from them without entering the region is their
    colour or empty, and every enemy chain they touch borders that region; and every group
    of their colour on that region is such an island while the enemy's are not (the enemy
    is the wall, they are inside it). The region around them is the enemy's to make eyes
    in, and their own space (influence) does not make them strong: only eyes do. A group
    out in an open area that other groups of its colour also border is no captive."""
    size, alive = analysis.size, analysis.alive
    chain_of, group_of = analysis.chain_of, analysis.group_of
    nbrs = neighbour_table(size)
    label, regions = components(size, [not a for a in alive])
    out: set[int] = set()
    for number, members in enumerate(regions):
        border = {n for i in members for n in nbrs[i] if alive[n]}
        if len({alive[n] for n in border}) < 2:
            continue
        border_chains = {chain_of[n] for n in border}
        found_of: dict[int, set[int]] = {1: set(), 2: set()}
        whole_of = {1: True, 2: True}
        joins_of: dict[int, list[bool]] = {}
        for start in sorted(border):
            g = group_of[chain_of[start]]
            color = alive[start]
            if not whole_of[color] or g in found_of[color]:
                continue
            joins = joins_of.get(color)
            if joins is None:
                joins = joins_of[color] = _island_joins(
                    analysis, label, number, border_chains, color
                )
            island = _island(analysis, start, joins)
            if island is None:
                whole_of[color] = False
                continue
            found = {group_of[chain_of[i]] for i in island if alive[i] == color}
            inside = set(island)
            if not all(
                s in inside for f in found for c in groups[f] for s in analysis.chains[c].stones
            ):
                whole_of[color] = False
                continue
            found_of[color] |= found
        # Only a colour whose every group on the region is such an island is captive there:
        # the region is then the enemy's eye space with the captives in it.
        for color in (1, 2):
            if whole_of[color] and not whole_of[3 - color]:
                out |= found_of[color]
    return out


def _island_joins(
    analysis: Round, label: Sequence[int], region: int, border: set[int], color: int
) -> list[bool]:
    """Per point, whether an island of ``color`` may take it in: not in the region numbered
    ``region``, and not a stone of an enemy chain in ``border`` (those bound the island)."""
    joins = [number != region for number in label]
    for c in border:
        chain = analysis.chains[c]
        if chain.color != color:
            for s in chain.stones:
                joins[s] = False
    return joins


def _island(analysis: Round, start: int, joins: Sequence[bool]) -> list[int] | None:
    """The points reached from ``start`` through the points ``joins`` allows (see
    :func:`_island_joins`), when they touch an enemy stone, every enemy stone among them sits
    in their eye (:func:`_held_by`: their prisoner, walked through, not a way out) and they are
    at most ``ISLAND_MAX``."""
    alive = analysis.alive
    color = alive[start]
    members = flood(analysis.size, (start,), joins, limit=ISLAND_MAX)
    if members is None:
        return None
    if any(alive[i] == 3 - color and not _held_by(analysis, i, color) for i in members):
        return None
    nbrs = neighbour_table(analysis.size)
    touches = any(alive[n] == 3 - color for i in members for n in nbrs[i])
    return members if touches else None


def _held_by(analysis: Round, stone: int, color: int) -> bool:
    """Whether the chain on ``stone`` sits in an eye of ``color``: not unconditionally alive,
    and every point next to it is a stone of ``color`` or an empty point next to ``color``
    and nothing else but that chain (no eye of its own)."""
    nbrs = neighbour_table(analysis.size)
    alive, chain_of = analysis.alive, analysis.chain_of
    own = chain_of[stone]
    if own in analysis.safe:
        return False
    for s in analysis.chains[own].stones:
        for n in nbrs[s]:
            if alive[n] == color or chain_of[n] == own:
                continue
            if alive[n] or any(alive[m] != color and chain_of[m] != own for m in nbrs[n]):
                return False
            if not any(alive[m] == color for m in nbrs[n]):
                return False  # an eye of its own
    return True


def enclosed_groups(analysis: Round, strong: set[int]) -> set[int]:
    """Weak groups inside an area walled by the enemy where their colour has no strong group,
    when every enemy group on the wall is strong or has a strong friend in its own area."""
    size, alive = analysis.size, analysis.alive
    chain_of, group_of = analysis.chain_of, analysis.group_of
    nbrs = neighbour_table(size)
    candidates: list[tuple[set[int], set[int]]] = []
    outlet: set[int] = set()  # groups whose own area holds a strong group of their colour
    for color in (1, 2):
        enemy = 3 - color
        _, areas = components(size, [a != enemy for a in alive])
        for members in areas:
            inside = {group_of[chain_of[i]] for i in members if alive[i] == color}
            if not inside:
                continue
            if inside & strong:
                outlet |= inside
                continue
            wall = {group_of[chain_of[n]] for i in members for n in nbrs[i] if alive[n] == enemy}
            candidates.append((inside, wall))
    out: set[int] = set()
    for inside, wall in candidates:
        if wall and wall & strong and wall <= strong | outlet:
            out |= inside
    return out
