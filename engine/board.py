"""Stones, chains, liberties, captures and the simple-ko point (Art. 4–6).

Chains and their liberties are kept incrementally: a move touches only the chains next to it,
never flood-fills the board. The position hash is a Zobrist hash, also kept incrementally.
Like sgfmill's board, this one reports facts (what was captured, where the ko is); policy such
as whose turn it is lives in :mod:`engine.game`. Setup, which is not play (handicap and SGF
setup stones, editing points), is here too: it works on the same cells, chains and hash, and
keeping it in this module keeps those internals private to it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from typing import NamedTuple

from engine.colors import Color
from engine.coords import Point, check_size
from engine.diagram import format_diagram
from engine.errors import EngineError, IllegalMove, IllegalReason
from engine.regions import components
from engine.tables import neighbour_table as neighbour_table  # re-exported: bot.snapshots
from engine.tables import point_table, zobrist_table

EMPTY = 0

_COLORS: tuple[Color, Color, Color] = (Color.BLACK, Color.BLACK, Color.WHITE)  # by cell, 1 and 2


class _Chain:
    """A maximal connected set of stones of one colour with its liberties (mutable, internal)."""

    __slots__ = ("color", "libs", "stones")

    def __init__(self, color: int, stones: list[int], libs: set[int]) -> None:
        self.color = color
        self.stones = stones
        self.libs = libs


def _chain_size(chain: _Chain) -> int:
    return len(chain.stones)


#: makes a named tuple from its fields without the Python-level ``__new__`` (on every move)
_new = tuple.__new__


class MoveReport(NamedTuple):
    """What one stone did: the stones it captured and the ko point it left (if any)."""

    point: Point
    color: Color
    captured: tuple[Point, ...]
    ko_point: Point | None


class Board:
    """A Go board of ``size`` × ``size`` (2–25) that plays legal moves only.

    >>> b = Board(5)
    >>> _ = b.play(Color.BLACK, Point(0, 1)); _ = b.play(Color.BLACK, Point(1, 0))
    >>> b.is_legal(Color.WHITE, Point(0, 0))   # suicide in the corner
    False
    """

    __slots__ = (
        "_cells",
        "_chain",
        "_ko_color",
        "_ko_index",
        "_nbrs",
        "_zobrist",
        "hash",
        "prisoners",
        "size",
    )

    def __init__(self, size: int = 19) -> None:
        self.size = check_size(size)
        self._cells: list[int] = [EMPTY] * (size * size)
        self._chain: list[_Chain | None] = [None] * (size * size)
        self._nbrs = neighbour_table(size)
        self._zobrist = zobrist_table(size)
        self._ko_index = -1
        self._ko_color = 0
        self.hash = 0
        #: stones each colour has captured in play (Art. 5), indexed by colour
        self.prisoners: dict[Color, int] = {Color.BLACK: 0, Color.WHITE: 0}

    # -- queries ------------------------------------------------------------------------------

    def _index(self, point: Point) -> int:
        row, col = point
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise EngineError(f"{point} is off a {self.size}×{self.size} board")
        return row * self.size + col

    def _point(self, index: int) -> Point:
        return Point(*divmod(index, self.size))

    def get(self, point: Point) -> Color | None:
        """The colour of the stone on ``point``, or None if it is empty."""
        cell = self._cells[self._index(point)]
        return Color(cell) if cell else None

    def stones(self) -> Iterator[tuple[Point, Color]]:
        """Every stone on the board with its colour, in index order."""
        points = point_table(self.size)
        colors = _COLORS
        for index, cell in enumerate(self._cells):
            if cell:
                yield points[index], colors[cell]

    def count_stones(self, color: Color) -> int:
        """How many stones of ``color`` are on the board."""
        return self._cells.count(int(color))

    def chain(self, point: Point) -> frozenset[Point]:
        """The stones of the chain on ``point`` (empty if the point is empty)."""
        chain = self._chain[self._index(point)]
        return frozenset(self._point(i) for i in chain.stones) if chain else frozenset()

    def liberties(self, point: Point) -> frozenset[Point]:
        """The liberties of the chain on ``point`` (empty if the point is empty)."""
        chain = self._chain[self._index(point)]
        return frozenset(self._point(i) for i in chain.libs) if chain else frozenset()

    def neighbours(self, point: Point) -> tuple[Point, ...]:
        """The orthogonal neighbours of ``point`` on this board."""
        return tuple(self._point(i) for i in self._nbrs[self._index(point)])

    def chains(self) -> Iterator[tuple[Color, frozenset[Point], frozenset[Point]]]:
        """Every chain once, as ``(colour, stones, liberties)``."""
        seen: set[int] = set()
        for chain in self._chain:
            if chain is not None and id(chain) not in seen:
                seen.add(id(chain))
                yield (
                    Color(chain.color),
                    frozenset(self._point(i) for i in chain.stones),
                    frozenset(self._point(i) for i in chain.libs),
                )

    @property
    def ko_point(self) -> Point | None:
        """The point the player to move may not play because of the simple ko (Art. 6)."""
        return self._point(self._ko_index) if self._ko_index >= 0 else None

    @property
    def ko_color(self) -> Color | None:
        """The colour the ko ban applies to (the player whose stone was just taken)."""
        return Color(self._ko_color) if self._ko_index >= 0 else None

    def grid(self) -> list[list[Color | None]]:
        """Rows from the bottom (row 0 is board row 1), each a list of colours or None."""
        size = self.size
        return [
            [Color(c) if c else None for c in self._cells[r * size : (r + 1) * size]]
            for r in range(size)
        ]

    def legality(self, color: Color, point: Point) -> IllegalReason | None:
        """Why ``color`` may not play ``point`` (occupied, ko, suicide), or None if it may."""
        index = self._index(point)
        if self._cells[index]:
            return IllegalReason.OCCUPIED
        if index == self._ko_index and color == self._ko_color:
            return IllegalReason.KO
        if self._is_suicide(int(color), index):
            return IllegalReason.SUICIDE
        return None

    def is_legal(self, color: Color, point: Point) -> bool:
        """True if ``color`` may play ``point`` now."""
        return self.legality(color, point) is None

    def legal_points(self, color: Color) -> list[Point]:
        """Every point ``color`` may play now, in index order."""
        out = []
        for index, cell in enumerate(self._cells):
            if cell or (index == self._ko_index and color == self._ko_color):
                continue
            if not self._is_suicide(int(color), index):
                out.append(self._point(index))
        return out

    def _is_suicide(self, color: int, index: int) -> bool:
        """Art. 4: after captures, would the mover's own chain lack a liberty?"""
        cells = self._cells
        chains = self._chain
        for n in self._nbrs[index]:
            cell = cells[n]
            if cell == EMPTY:
                return False
            chain = chains[n]
            assert chain is not None
            if cell == color:
                if len(chain.libs) > 1:
                    return False
            elif len(chain.libs) == 1:
                return False  # it captures (Art. 5 comes before Art. 4)
        return True

    # -- moves --------------------------------------------------------------------------------

    def play(self, color: Color, point: Point) -> MoveReport:
        """Place a stone for ``color`` on ``point``: captures (Art. 5), then suicide (Art. 4) and
        ko (Art. 6) checks. Raises :class:`IllegalMove`; the board is unchanged when it does."""
        row, col = point
        size = self.size
        if not (0 <= row < size and 0 <= col < size):
            raise EngineError(f"{point} is off a {size}×{size} board")
        captured = self._play_index(int(color), row * size + col, True)
        if not captured:
            return _new(MoveReport, (point, color, (), None))
        ko = self._ko_index
        return MoveReport(
            point,
            color,
            tuple(Point(*divmod(i, size)) for i in captured),
            Point(*divmod(ko, size)) if ko >= 0 else None,
        )

    def pass_move(self) -> None:
        """A pass lifts the ko ban (Art. 6)."""
        self._ko_index = -1
        self._ko_color = 0

    # -- setup (not play) -----------------------------------------------------------------------

    def place_setup(self, color: Color, point: Point) -> None:
        """Put a setup stone (handicap, SGF ``AB``/``AW``): it may not capture or be without
        liberties, and it leaves no ko."""
        index = self._index(point)
        cells = self._cells
        if cells[index]:
            raise EngineError(f"setup stone on an occupied point {point.gtp()}")
        if self._is_suicide(int(color), index) or any(
            cells[n] == 3 - int(color) and self._liberty_count(n) == 1 for n in self._nbrs[index]
        ):
            raise EngineError(f"setup stone at {point.gtp()} would leave a chain without liberties")
        self._play_index(int(color), index, check_ko=False)
        self.pass_move()

    def _liberty_count(self, index: int) -> int:
        chain = self._chain[index]
        assert chain is not None
        return len(chain.libs)

    def edit(self, changes: Iterable[tuple[Color | None, Point]]) -> None:
        """Set each point to a colour, or empty it (None), whatever was there: SGF setup
        (``AB``/``AW``/``AE``), not a move. Nothing is captured and the prisoners stay, so a
        chain left without a liberty raises :class:`EngineError` naming one of its stones (the
        board is then unchanged). The ko ban lifts.

        Only the chains on or next to the changed points are rebuilt.

        >>> b = Board(5)
        >>> b.edit([(Color.BLACK, Point(0, 0)), (Color.WHITE, Point(0, 1))])
        >>> b.edit([(Color.WHITE, Point(1, 0))])
        Traceback (most recent call last):
        engine.errors.EngineError: setup leaves the black stone at A1 without a liberty
        """
        cells = self._cells[:]
        touched: dict[int, None] = {}
        for new, point in changes:
            index = self._index(point)
            cells[index] = EMPTY if new is None else int(new)
            touched[index] = None
        nbrs = self._nbrs
        old_chains = self._chain
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
        for stones in components(self.size, cells, starts, depth_first=True)[1]:
            color = cells[stones[0]]
            chain = _Chain(color, stones, {n for s in stones for n in nbrs[s] if cells[n] == EMPTY})
            if not chain.libs:
                named = min((s for s in stones if s in touched), default=min(stones))
                raise EngineError(
                    f"setup leaves the {Color(color).name.lower()} stone at "
                    f"{self._point(named).gtp()} without a liberty"
                )
            for s in stones:
                chains[s] = chain
        zobrist = self._zobrist
        for index in touched:
            before, after = self._cells[index], cells[index]
            if before != after:
                self.hash ^= (zobrist[before][index] if before else 0) ^ (
                    zobrist[after][index] if after else 0
                )
        self._cells = cells
        self._chain = chains
        self.pass_move()

    # -- play, internals ----------------------------------------------------------------------

    def _play_index(self, color: int, index: int, check_ko: bool) -> list[int]:
        cells = self._cells
        chains = self._chain
        nbrs = self._nbrs
        if cells[index]:
            raise IllegalMove(IllegalReason.OCCUPIED, f"{self._point(index).gtp()} is occupied")
        if check_ko and index == self._ko_index and color == self._ko_color:
            raise IllegalMove(IllegalReason.KO, f"{self._point(index).gtp()} retakes the ko")
        friends: list[_Chain] = []
        enemies: list[_Chain] = []
        libs: set[int] = set()
        doomed: list[_Chain] = []
        for n in nbrs[index]:
            cell = cells[n]
            if not cell:  # EMPTY
                libs.add(n)
                continue
            chain = chains[n]
            assert chain is not None
            if cell == color:
                if chain not in friends:
                    friends.append(chain)
            elif chain not in enemies:
                enemies.append(chain)
                if len(chain.libs) == 1:
                    doomed.append(chain)
        if not libs and not doomed and all(len(f.libs) == 1 for f in friends):
            raise IllegalMove(IllegalReason.SUICIDE, f"{self._point(index).gtp()} has no liberty")

        # Place the stone and join it to its friends (the largest chain absorbs the others).
        cells[index] = color
        self.hash ^= self._zobrist[color][index]
        if len(friends) == 1:
            chain = friends[0]
            chain.stones.append(index)
            chain.libs |= libs
            chain.libs.discard(index)
        elif friends:
            chain = max(friends, key=_chain_size)
            chain.stones.append(index)
            chain.libs |= libs
            for other in friends:
                if other is chain:
                    continue
                chain.stones.extend(other.stones)
                chain.libs |= other.libs
                for s in other.stones:
                    chains[s] = chain
            chain.libs.discard(index)
        else:
            chain = _Chain(color, [index], libs)
        chains[index] = chain
        for enemy in enemies:
            enemy.libs.discard(index)

        # Art. 5: remove opposing chains left without a liberty.
        captured: list[int] = []
        if doomed:
            key = self._zobrist[3 - color]
            for dead in doomed:
                for s in dead.stones:
                    cells[s] = EMPTY
                    chains[s] = None
                    self.hash ^= key[s]
                    captured.append(s)
                for s in dead.stones:
                    for n in nbrs[s]:
                        around = chains[n]
                        if around is not None:
                            around.libs.add(s)
            self.prisoners[Color(color)] += len(captured)

        # Art. 6: a single stone that took a single stone and now has one liberty makes a ko.
        if len(captured) == 1 and len(chain.stones) == 1 and len(chain.libs) == 1:
            self._ko_index = captured[0]
            self._ko_color = 3 - color
        else:
            self._ko_index = -1
            self._ko_color = 0
        return captured

    def copy(self) -> Board:
        """An independent copy (for hypothetical play and estimates)."""
        other = Board.__new__(Board)
        other.size = self.size
        other._cells = self._cells[:]
        other._nbrs = self._nbrs
        other._zobrist = self._zobrist
        other._ko_index = self._ko_index
        other._ko_color = self._ko_color
        other.hash = self.hash
        other.prisoners = dict(self.prisoners)
        copies: dict[int, _Chain] = {}
        new_chains: list[_Chain | None] = [None] * len(self._chain)
        for index, chain in enumerate(self._chain):
            if chain is None:
                continue
            twin = copies.get(id(chain))
            if twin is None:
                twin = _Chain(chain.color, chain.stones[:], set(chain.libs))
                copies[id(chain)] = twin
            new_chains[index] = twin
        other._chain = new_chains
        return other

    def recomputed_hash(self) -> int:
        """The Zobrist hash computed from scratch (to check the incremental one)."""
        value = 0
        for index, cell in enumerate(self._cells):
            if cell:
                value ^= self._zobrist[cell][index]
        return value

    def __str__(self) -> str:
        return format_diagram(self.grid())


def living_cells(board: Board, dead: Collection[Point] = ()) -> list[int]:
    """Per point index, the colour (1 black, 2 white) of a living stone of ``board``: 0 for an
    empty point or a stone in ``dead``. These are the values :mod:`engine.regions` floods."""
    size = board.size
    living = [0] * (size * size)
    for point, color in board.stones():
        if point not in dead:
            living[point.row * size + point.col] = int(color)
    return living
