"""The dead-stone proposal at the end of a game: which stones look dead, from the board alone.

The proposal is for the players to accept or change; it is a heuristic, not a verdict (the count
itself is :mod:`engine.counting`). The method, pure Python on whole chains, deterministic:

1. Chains that are unconditionally alive (Benson's algorithm) are never proposed dead.
2. Chains are joined into *groups* by solid links (a shared liberty no enemy stone touches, two
   shared liberties, or a diagonal whose two crossing points hold no enemy stone).
3. A group's *eyes* are the regions of empty points (and dead stones) bordered by its colour only:
   one point (unless a false eye) to three points, or a 2×2 square, count one eye; larger regions
   count two. Its *space* is the points its colour owns on an influence map (each chain radiates
   its number of stones, halved at every step) in the areas it touches that the enemy does not
   own. A group with two eyes or ``SPACE_ALIVE`` points of space is *strong*, else *weak*.
4. A weak group whose fight is small and closed is read out under Art. 7.1/7.2
   (:mod:`engine.estimate_fights`): dead when the enemy, moving first, captures it; alive when it
   holds; and alive too when the reading runs out of budget or when the defender can win a
   capturing race against a chain of the enemy's wall that is short of liberties (not
   conclusive: it may be a seki, and the place is reported unsettled); in a group left so, a
   chain in atari that the enemy captures whatever its owner does is dead on its own (the ko
   stones of a double-ko seki, Example 25). That verdict stands over the rules below.
5. Any other weak group is dead when it lies in an area walled by the enemy (the points that are
   not enemy stones, connected) that holds no strong group of its colour, every enemy group on
   the wall being strong or having a strong friend in its own area — unless a short reading
   shows that the enemy cannot fill its liberties (seki, :mod:`engine.estimate_read`), or
   unless the kill depends on the enemy's wall (:meth:`engine.estimate_core.Analysis._short_wall`:
   a wall group next to it without two eyes of its own): when the wall's one-point eye is false
   only because of the group's stones and the group's own eye only because of the wall's, each
   side lives only by capturing the other and neither can fill the other's last liberties
   without self-atari: a seki (Art. 8), the group is not dead; when the wall's eye alone is made
   false by it (the wall lives only by the capture), or the wall (strong by space only, or in
   atari) has no more liberties than the group's chain next to it (whoever moves first wins the
   race, Art. 7.1, Example 9), the kill stands but both are reported unsettled. A weak
   group whose area holds a strong friend may still connect out and is left alive, unless it
   loses a capturing race against a weak enemy group it touches: eyes, then liberties decide,
   and an even race is a seki (both live). Races are settled after the clear cases, the weakest
   loser first.
6. Dead groups are taken off, which turns the regions around them into the enemy's eyes and space,
   and the analysis runs again until nothing changes.
7. A proposal that looks like a guess is not given as a confident one: when many dead chains are
   neither read out nor in the enemy's sphere, or a large share of the stones is proposed dead
   (the position is unfinished: weak groups everywhere), those chains are reported unsettled
   (:func:`engine.estimate_open.doubtful_dead`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.estimate_core import (
    Analysis,
    Contest,
    benson_alive,
    contested_points,
    influence_owner,
)
from engine.estimate_fights import FightReader
from engine.estimate_open import doubtful_dead, open_boundaries, open_fights
from engine.estimate_round import Chain, find_chains
from engine.tables import neighbour_table

#: a weak group with at least this much space is left alive (it has room to make eyes)
SPACE_ALIVE = 12
#: at most this many rounds of "take the dead off and look again"
MAX_ROUNDS = 200


@dataclass(frozen=True, slots=True)
class Estimate:
    """The proposal at the stop: the stones proposed dead (whole chains), and the points near
    which play is still open (sorted; empty when the position is finished). ``doubtful``: those
    of the unsettled points that are there only because the proposal looks like a guess (a
    liberty of a dead chain nothing proved dead, see step 7; a second judge that calls the
    chain dead too settles it)."""

    dead: frozenset[Point]
    unsettled: tuple[Point, ...]
    doubtful: tuple[Point, ...] = ()


def estimate(board: Board) -> Estimate:
    """The dead stones the bot proposes, and where the position is not finished: an open
    boundary (an empty point where either side's stone would make territory) or a fight whose
    outcome depends on who plays first (a capturing race or a ko left open) or that the reading
    could not settle. Neutral dame are not unsettled."""
    size = board.size
    cells = _cells(board)
    dead, fights, contests = _analyse(board, cells)
    dead_points = frozenset(Point(*divmod(i, size)) for i in dead)
    open_points = open_boundaries(board, dead_points) | open_fights(board, fights, dead_points)
    open_points |= {Point(*divmod(i, size)) for i in contested_points(size, cells, dead, contests)}
    doubtful = doubtful_dead(board, fights, dead_points) - open_points
    return Estimate(dead_points, tuple(sorted(open_points | doubtful)), tuple(sorted(doubtful)))


def estimate_dead(board: Board) -> frozenset[Point]:
    """Every stone the bot proposes as dead at the end of the game (whole chains)."""
    size = board.size
    dead, _, _ = _analyse(board, _cells(board))
    return frozenset(Point(*divmod(i, size)) for i in dead)


def estimate_ownership(
    board: Board, dead: Iterable[Point] | None = None
) -> dict[Point, Color | None]:
    """Who owns each point once ``dead`` (by default the proposal) is taken off: the colour of a
    living stone, else the colour with the larger influence on the point (see the module
    docstring), or None where the two are equal (no stone reaches it, or a perfect balance)."""
    size = board.size
    cells = _cells(board)
    chosen = _analyse(board, cells)[0] if dead is None else {p.row * size + p.col for p in dead}
    alive = [0 if i in chosen else c for i, c in enumerate(cells)]
    owner = influence_owner(size, alive)
    return {Point(*divmod(i, size)): (Color(o) if o else None) for i, o in enumerate(owner)}


def _cells(board: Board) -> list[int]:
    return [int(c) if c else 0 for row in board.grid() for c in row]


def _analyse(board: Board, cells: Sequence[int]) -> tuple[set[int], FightReader, list[Contest]]:
    """The analysis on a flat list of cells (0 empty, 1 black, 2 white): indices of dead stones,
    the fights read on the way, and the kills that depend on the enemy's wall (step 5)."""
    size = board.size
    reading = FightReader(board.copy())
    chains = find_chains(size, cells)
    safe = benson_alive(size, cells, chains, 1) | benson_alive(size, cells, chains, 2)
    dead_chains: set[int] = set()
    contested: list[Contest] = []
    for _ in range(MAX_ROUNDS):
        analysis = Analysis(size, cells, chains, dead_chains, safe, reading, contested)
        newly = analysis.decide(SPACE_ALIVE)
        if not newly:
            break
        dead_chains |= newly
    dead_chains -= _revived(size, cells, chains, dead_chains, reading)
    return {s for c in dead_chains for s in chains[c].stones}, reading, contested


def _revived(
    size: int,
    cells: Sequence[int],
    chains: Sequence[Chain],
    dead_chains: set[int],
    reading: FightReader,
) -> set[int]:
    """Dead chains whose every enemy neighbour is dead too: once those are taken off they live
    (Art. 7.1; a stone inside a dead group), unless a reading showed that the enemy captures
    them first and lives by it (Example 9: the white stone Black takes at A is dead)."""
    nbrs = neighbour_table(size)
    chain_of = [-1] * (size * size)
    for number, chain in enumerate(chains):
        for s in chain.stones:
            chain_of[s] = number
    proven = {
        s
        for fight in reading.fights.values()
        if fight.reading.dead
        for p in fight.target
        for s in [p.row * size + p.col]
    }
    out: set[int] = set()
    for number in sorted(dead_chains):
        chain = chains[number]
        if any(s in proven for s in chain.stones):
            continue
        enemies = {
            chain_of[n] for s in chain.stones for n in nbrs[s] if cells[n] == 3 - chain.color
        }
        if enemies and enemies <= dead_chains:
            out.add(number)
    return out
