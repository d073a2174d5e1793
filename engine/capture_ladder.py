"""A narrow, liberty-only reader of ladders for Capture Go (docs/capture-go.md), where the first
capture wins: can a chain in atari escape, can a chain with two liberties be caught?

It reads only the fight's own moves: the defender extends at its chain's last liberty, the
attacker ataris at one of its two liberties; and, because any capture ends the game, a side that
can capture anything anywhere on the board wins the line at once. A line longer than
:data:`DEPTH` moves counts as an escape (the attacker cannot be sure).

>>> from engine.diagram import parse_diagram
>>> size, stones = parse_diagram('''
... . . . . .
... . . . . .
... . . X . .
... . X O X .
... . . . . .
... ''')
>>> board = Board(size)
>>> for point, color in stones.items(): board.place_setup(color, point)
>>> escapes(board, Point(1, 2))   # O at C2, in atari, extends to C1 and is caught on the edge
False
"""

from __future__ import annotations

from engine.board import Board
from engine.colors import Color
from engine.coords import Point

DEPTH = 60
"""The longest line read, in moves (a 9×9 ladder across the board takes about 30)."""


def capturing_points(board: Board, color: Color) -> list[Point]:
    """The points where ``color`` captures now (a legal move on the last liberty of an opposing
    chain), in board order."""
    found: set[Point] = set()
    for owner, _stones, libs in board.chains():
        if owner is not color and len(libs) == 1:
            (last,) = libs
            if board.is_legal(color, last):
                found.add(last)
    return sorted(found)


def can_capture(board: Board, color: Color) -> bool:
    """True if ``color`` could capture something with its next move."""
    for owner, _stones, libs in board.chains():
        if owner is not color and len(libs) == 1:
            (last,) = libs
            if board.is_legal(color, last):
                return True
    return False


def escapes(board: Board, target: Point, depth: int = DEPTH) -> bool:
    """The chain on ``target`` is in atari and its owner moves: True if it escapes (extends to
    three liberties, or captures something first), False if the attacker catches it."""
    defender = board.get(target)
    assert defender is not None, "the target is a stone"
    if can_capture(board, defender):  # a capture anywhere wins at once
        return True
    libs = board.liberties(target)
    if len(libs) != 1:
        return len(libs) > 1
    (last,) = libs
    if depth <= 0:
        return True
    if not board.is_legal(defender, last):
        return False
    after = board.copy()
    after.play(defender, last)
    count = len(after.liberties(target))
    if count >= 3:
        return True
    if count <= 1:
        return False
    return not caught(after, target, depth - 1)


def caught(board: Board, target: Point, depth: int = DEPTH) -> bool:
    """The chain on ``target`` has two liberties and the attacker moves: True if an atari at
    one of them catches it in a ladder (or the attacker can capture something now)."""
    defender = board.get(target)
    assert defender is not None, "the target is a stone"
    attacker = defender.opponent
    if can_capture(board, attacker):
        return True
    if depth <= 0:
        return False
    for liberty in sorted(board.liberties(target)):
        if not board.is_legal(attacker, liberty):
            continue
        after = board.copy()
        after.play(attacker, liberty)
        if len(after.liberties(target)) == 1 and not escapes(after, target, depth - 1):
            return True
    return False


def atari_works(board: Board, attacker: Color, point: Point, target: Point) -> bool:
    """True if ``attacker`` playing ``point`` puts the chain on ``target`` in atari and it cannot
    escape (a working ladder, or a chain with nowhere to go)."""
    if not board.is_legal(attacker, point):
        return False
    after = board.copy()
    after.play(attacker, point)
    if after.get(target) is None or len(after.liberties(target)) != 1:
        return False
    return not escapes(after, target)
