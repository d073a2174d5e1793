"""Setup on a :class:`~engine.board.Board`, which is not play: handicap and SGF setup stones
(``AB``/``AW``) and editing points (``AE`` too). These are :meth:`Board.place_setup` and
:meth:`Board.edit`; they work on the board's internals (its cells, chains and hash, its neighbour
and Zobrist tables, and its own checks and stone placing).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.board import EMPTY, Board, _Chain
from engine.colors import Color
from engine.coords import Point
from engine.errors import EngineError
from engine.regions import components


def place_setup(board: Board, color: Color, point: Point) -> None:
    """Put a setup stone: it may not capture or be without liberties, and it leaves no ko."""
    index = board._index(point)
    cells = board._cells
    if cells[index]:
        raise EngineError(f"setup stone on an occupied point {point.gtp()}")
    if board._is_suicide(int(color), index) or any(
        cells[n] == 3 - int(color) and _liberty_count(board, n) == 1 for n in board._nbrs[index]
    ):
        raise EngineError(f"setup stone at {point.gtp()} would leave a chain without liberties")
    board._play_index(int(color), index, check_ko=False)
    board.pass_move()


def _liberty_count(board: Board, index: int) -> int:
    chain = board._chain[index]
    assert chain is not None
    return len(chain.libs)


def edit(board: Board, changes: Iterable[tuple[Color | None, Point]]) -> None:
    """Set each point to a colour, or empty it (None), whatever was there. Nothing is captured
    and the prisoners stay, so a chain left without a liberty raises :class:`EngineError`
    naming one of its stones (the board is then unchanged). The ko ban lifts.

    Only the chains on or next to the changed points are rebuilt.

    >>> b = Board(5)
    >>> b.edit([(Color.BLACK, Point(0, 0)), (Color.WHITE, Point(0, 1))])
    >>> b.edit([(Color.WHITE, Point(1, 0))])
    Traceback (most recent call last):
    engine.errors.EngineError: setup leaves the black stone at A1 without a liberty
    """
    cells = board._cells[:]
    touched: dict[int, None] = {}
    for new, point in changes:
        index = board._index(point)
        cells[index] = EMPTY if new is None else int(new)
        touched[index] = None
    nbrs = board._nbrs
    old_chains = board._chain
    chains = old_chains[:]
    starts: dict[int, None] = {}
    for index in touched:
        for spot in (index, *nbrs[index]):
            old = old_chains[spot]
            if old is None:
                starts[spot] = None
            else:
                starts.update(dict.fromkeys(old.stones))
    for spot in starts:
        chains[spot] = None
    for stones in components(board.size, cells, starts, depth_first=True)[1]:
        color = cells[stones[0]]
        chain = _Chain(color, stones, {n for s in stones for n in nbrs[s] if cells[n] == EMPTY})
        if not chain.libs:
            named = min((s for s in stones if s in touched), default=min(stones))
            raise EngineError(
                f"setup leaves the {Color(color).name.lower()} stone at "
                f"{board._point(named).gtp()} without a liberty"
            )
        for s in stones:
            chains[s] = chain
    zobrist = board._zobrist
    for index in touched:
        before, after = board._cells[index], cells[index]
        if before != after:
            board.hash ^= (zobrist[before][index] if before else 0) ^ (
                zobrist[after][index] if after else 0
            )
    board._cells = cells
    board._chain = chains
    board.pass_move()
