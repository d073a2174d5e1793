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
4. A weak group is dead when it lies in an area walled by the enemy (the points that are not enemy
   stones, connected) that holds no strong group of its colour, every enemy group on the wall
   being strong or having a strong friend in its own area — unless a short reading shows that the
   enemy cannot fill its liberties (seki, :mod:`engine.estimate_read`). A weak group whose area
   holds a strong friend may still connect out and is left alive, unless it loses a capturing
   race against a weak enemy group it touches: eyes, then liberties decide, and an even race is a
   seki (both live). Races are settled after the clear cases, the weakest loser first.
5. Dead groups are taken off, which turns the regions around them into the enemy's eyes and space,
   and the analysis runs again until nothing changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.estimate_core import Analysis, benson_alive, find_chains, influence_owner

#: a weak group with at least this much space is left alive (it has room to make eyes)
SPACE_ALIVE = 12
#: at most this many rounds of "take the dead off and look again"
MAX_ROUNDS = 200


def estimate_dead(board: Board) -> frozenset[Point]:
    """Every stone the bot proposes as dead at the end of the game (whole chains)."""
    size = board.size
    return frozenset(Point(*divmod(i, size)) for i in _dead_indices(size, _cells(board)))


def estimate_ownership(
    board: Board, dead: Iterable[Point] | None = None
) -> dict[Point, Color | None]:
    """Who owns each point once ``dead`` (by default the proposal) is taken off: the colour of a
    living stone, else the colour with the larger influence on the point (see the module
    docstring), or None where the two are equal (no stone reaches it, or a perfect balance)."""
    size = board.size
    cells = _cells(board)
    chosen = _dead_indices(size, cells) if dead is None else {p.row * size + p.col for p in dead}
    alive = [0 if i in chosen else c for i, c in enumerate(cells)]
    owner = influence_owner(size, alive)
    return {Point(*divmod(i, size)): (Color(o) if o else None) for i, o in enumerate(owner)}


def _cells(board: Board) -> list[int]:
    return [int(c) if c else 0 for row in board.grid() for c in row]


def _dead_indices(size: int, cells: Sequence[int]) -> set[int]:
    """The analysis on a flat list of cells (0 empty, 1 black, 2 white): indices of dead stones."""
    chains = find_chains(size, cells)
    safe = benson_alive(size, cells, chains, 1) | benson_alive(size, cells, chains, 2)
    dead_chains: set[int] = set()
    for _ in range(MAX_ROUNDS):
        analysis = Analysis(size, cells, chains, dead_chains, safe)
        newly = analysis.decide(SPACE_ALIVE)
        if not newly:
            break
        dead_chains |= newly
    return {s for c in dead_chains for s in chains[c].stones}
