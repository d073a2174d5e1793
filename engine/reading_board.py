"""A lean position for :mod:`engine.reading`: flat cells, chains found on demand, the same rules
as :class:`engine.board.Board` (captures Art. 5, suicide Art. 4, simple ko Art. 6).

The reader plays thousands of hypothetical moves; copying a list of cells and flood-filling the
few chains a move touches is several times cheaper than copying a :class:`Board` with its chain
objects, and works on point indices (``row * size + col``) without making :class:`Point` objects.
"""

from __future__ import annotations

from engine.board import Board
from engine.tables import neighbour_table, zobrist_table

EMPTY = 0

#: a chain: its stones and its liberties (flat indices)
Chain = tuple[tuple[int, ...], frozenset[int]]


class Position:
    """Cells, the Zobrist hash and the simple-ko ban; chains are memoised per position."""

    __slots__ = ("_chains", "cells", "hash", "ko", "ko_color", "nbrs", "size")

    def __init__(self, size: int, cells: list[int], hash_: int, ko: int, ko_color: int) -> None:
        self.size = size
        self.cells = cells
        self.hash = hash_
        self.ko = ko  # the point the ko ban forbids (-1: none) ...
        self.ko_color = ko_color  # ... to this colour (1 black, 2 white)
        self.nbrs = neighbour_table(size)
        self._chains: dict[int, Chain] = {}

    @classmethod
    def from_board(cls, board: Board) -> Position:
        """The position of ``board`` (its stones, hash and ko ban)."""
        size = board.size
        cells = [EMPTY] * (size * size)
        for point, color in board.stones():
            cells[point.row * size + point.col] = int(color)
        ko_point, ko_color = board.ko_point, board.ko_color
        ko = ko_point.row * size + ko_point.col if ko_point is not None else -1
        return cls(size, cells, board.hash, ko, int(ko_color) if ko_color is not None else 0)

    def copy(self) -> Position:
        """An independent copy (the memoised chains are not carried over)."""
        return Position(self.size, self.cells[:], self.hash, self.ko, self.ko_color)

    def chain(self, index: int) -> Chain:
        """The chain on ``index`` (which holds a stone): its stones and liberties."""
        found = self._chains.get(index)
        if found is not None:
            return found
        cells, nbrs = self.cells, self.nbrs
        color = cells[index]
        stones = [index]
        seen = {index}
        libs: set[int] = set()
        k = 0
        while k < len(stones):
            for n in nbrs[stones[k]]:
                if n in seen:
                    continue
                cell = cells[n]
                if cell == color:
                    seen.add(n)
                    stones.append(n)
                elif cell == EMPTY:
                    libs.add(n)
            k += 1
        found = (tuple(stones), frozenset(libs))
        for s in stones:
            self._chains[s] = found
        return found

    def liberties(self, index: int) -> frozenset[int]:
        """The liberties of the chain on ``index``."""
        return self.chain(index)[1]

    def is_legal(self, color: int, index: int) -> bool:
        """Whether ``color`` may play ``index``: empty, not the ko ban, not suicide."""
        cells = self.cells
        if cells[index] != EMPTY or (index == self.ko and color == self.ko_color):
            return False
        for n in self.nbrs[index]:
            cell = cells[n]
            if cell == EMPTY:
                return True
            libs = self.chain(n)[1]
            if (cell == color) == (len(libs) > 1):
                return True  # a friend with another liberty, or an enemy it captures
        return False

    def captures(self, color: int, index: int) -> bool:
        """Whether ``color`` playing ``index`` captures (an enemy neighbour in atari)."""
        cells = self.cells
        enemy = 3 - color
        return any(cells[n] == enemy and len(self.chain(n)[1]) == 1 for n in self.nbrs[index])

    def play(self, color: int, index: int) -> list[int]:
        """Put a stone of ``color`` on ``index`` (a legal move): captures and ko. Returns the
        captured points."""
        cells, nbrs = self.cells, self.nbrs
        enemy = 3 - color
        captured: list[int] = []
        for n in nbrs[index]:
            if cells[n] == enemy and n not in captured:
                stones, libs = self.chain(n)
                if len(libs) == 1:
                    captured.extend(stones)
        zobrist = zobrist_table(self.size)
        cells[index] = color
        self.hash ^= zobrist[color][index]
        if captured:
            key = zobrist[enemy]
            for s in captured:
                cells[s] = EMPTY
                self.hash ^= key[s]
        self._chains = {}
        self.ko, self.ko_color = -1, 0
        if (
            len(captured) == 1
            and all(cells[n] != color for n in nbrs[index])
            and len(self.chain(index)[1]) == 1
        ):
            self.ko, self.ko_color = captured[0], enemy  # Art. 6
        return captured

    def pass_move(self) -> None:
        """A pass lifts the ko ban (Art. 6)."""
        self.ko, self.ko_color = -1, 0
