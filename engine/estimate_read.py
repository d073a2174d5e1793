"""A short capture reading for :mod:`engine.estimate`: can the enemy take a weak group off?

The defender passes; the attacker fills the group's liberties, most comfortable point first. It may
not put one of its existing chains in atari without capturing (that is how a seki holds), but it
may throw in new stones inside the group's eye (how a single eye is destroyed). If the attacker gets
stuck before the group is captured, the group lives in seki; a group in atari next to an enemy
chain in atari on the same point (whoever plays it captures) is not dead either.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.board import Board
from engine.colors import Color
from engine.coords import Point

#: throw-ins larger than this are not tried (a bigger "eye" is two eyes in practice)
MAX_THROW_IN = 6


def build_board(size: int, alive: Sequence[int]) -> Board:
    """A board holding the living stones only (a subset of a legal position stays legal)."""
    board = Board(size)
    for index, cell in enumerate(alive):
        if cell:
            board.place_setup(Color(cell), Point(*divmod(index, size)))
    return board


def can_capture(board: Board, targets: Sequence[int], limit: int = 120) -> bool:
    """True if the enemy of the stones ``targets`` (flat indices) captures them all when the
    defender only passes (see the module docstring). ``board`` is not changed."""
    size = board.size
    points = [Point(*divmod(i, size)) for i in targets]
    color = board.get(points[0])
    if color is None:
        return True
    enemy = color.opponent
    original = {p for p, c in board.stones() if c is enemy}
    if mutual_atari(board, targets):
        return False
    for _ in range(limit):
        remaining = [p for p in points if board.get(p) is color]
        if not remaining:
            return True
        libs: set[Point] = set()
        for p in remaining:
            libs |= board.liberties(p)
        best: tuple[tuple[int, int, int, int], Board] | None = None
        for p in sorted(libs):
            if board.legality(enemy, p) is not None:
                continue
            trial = board.copy()
            report = trial.play(enemy, p)
            captured = sum(1 for q in report.captured if q in points)
            own = trial.liberties(p)
            if not captured and len(own) < 2:
                chain = trial.chain(p)
                if chain & original or len(chain) > MAX_THROW_IN:
                    continue
            key = (captured, len(own), -p.row, -p.col)
            if best is None or key > best[0]:
                best = (key, trial)
        if best is None:
            return False
        board = best[1]
    return True


def mutual_atari(board: Board, targets: Sequence[int]) -> bool:
    """True if a chain of ``targets`` in atari touches an enemy chain in atari on the same point
    (whoever plays there first captures: the proposal leaves both alone)."""
    size = board.size
    for index in targets:
        p = Point(*divmod(index, size))
        color = board.get(p)
        libs = board.liberties(p)
        if color is None or len(libs) != 1:
            continue
        for n in board.neighbours(p):
            if board.get(n) is color.opponent and board.liberties(n) == libs:
                return True
    return False
