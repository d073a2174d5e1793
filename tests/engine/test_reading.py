"""The reader of life and death and tactics (engine.reading), on board diagrams.

In the diagrams, ``r`` marks an empty point of the task's region (where it is not the whole
board); the other letters are empty points named in the test.
"""

from __future__ import annotations

import pytest

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.errors import IllegalMove
from engine.reading import (
    ESCAPED,
    Goal,
    ReadingLimit,
    Status,
    Task,
    answer,
    solve,
    status,
    winning_moves,
)
from tests.engine.diagrams import board_from, marks_of, pt, pts

B, W = Color.BLACK, Color.WHITE


def whole(size: int) -> frozenset[Point]:
    return frozenset(Point(r, c) for r in range(size) for c in range(size))


def task_of(text: str, goal: Goal, player: Color, target: str) -> tuple[Board, Task]:
    """The board of ``text`` and the task on the ``target`` vertex; the region is the points
    marked ``r``, or the whole board when none is."""
    board = board_from(text)
    region = frozenset(marks_of(text).get("r", ())) or whole(board.size)
    return board, Task(goal, player, pt(target, board.size), region)


def gtp(points: list[Point]) -> list[str]:
    return [p.gtp() for p in points]


# -- CAPTURE: ataris, ladders, nets, snapbacks ----------------------------------------------------

#: Two white stones with two liberties (D4, E4): either atari starts a ladder that works.
TWO_ATARIS = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . X X . . . .
5 . . X O O X . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  A B C D E F G H J"""

#: The white stone D4 has two liberties; either atari (E4 or D3) starts a working ladder.
LADDER = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . X . . . . .
4 . . X O . . . . .
3 . . . . X . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  A B C D E F G H J"""

#: The same with a white ladder breaker on C2: the ladder towards the lower left fails.
BROKEN_LADDER = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . X . . . . .
4 . . X O . . . . .
3 . . . . X . . . .
2 . . O . . . . . .
1 . . . . . . . . .
  A B C D E F G H J"""

#: The net (geta) E3 captures D4; the atari D3 lets it run out at E4 (ladders broken at B2, G2,
#: H7).
NET = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . O .
6 . . . . X . . . .
5 . . . X . . . . .
4 . . X O . . . . .
3 . . . . . . . . .
2 . O . X . . O . .
1 . . . . . . . . .
  A B C D E F G H J"""


def test_a_simple_capture_has_its_two_right_first_moves():
    board, task = task_of(TWO_ATARIS, Goal.CAPTURE, B, "D5")
    assert gtp(winning_moves(board, task)) == ["D4", "E4"]


def test_a_ladder_that_works_captures():
    board, task = task_of(LADDER, Goal.CAPTURE, B, "D4")
    assert set(gtp(winning_moves(board, task))) == {"D3", "E4"}
    verdict = solve(board, B, task)
    assert verdict.wins and verdict.plies > 5  # the ladder runs to the edge


def test_a_ladder_breaker_makes_the_atari_wrong_and_the_escape_refutes_it():
    board, task = task_of(BROKEN_LADDER, Goal.CAPTURE, B, "D4")
    assert gtp(winning_moves(board, task)) == ["D3"]  # the ladder the other way still works
    reply = answer(board, task, pt("E4", 9))
    assert not reply.right and reply.reply == pt("D3", 9)
    assert answer(board, task, pt("D3", 9)).right


def test_a_net_captures_where_the_atari_fails():
    board, task = task_of(NET, Goal.CAPTURE, B, "D4")
    assert "E3" in gtp(winning_moves(board, task))
    wrong = answer(board, task, pt("D3", 9))
    assert not wrong.right and wrong.reply == pt("E4", 9)
    right = answer(board, task, pt("E3", 9))
    assert right.right and not right.done and right.reply is not None


#: Black's throw-in at B1 is taken at A1 and black takes back three stones at B1 (snapback);
#: white's chain A2-C2 is also short of liberties at A1 and B1.
SNAPBACK = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 X X X X . . .
3 O O O X . . .
2 . . O X . . .
1 . . O X . . .
  A B C D E F G"""


def test_a_snapback_is_read_to_the_recapture():
    board, task = task_of(SNAPBACK, Goal.CAPTURE, B, "A3")
    assert "B2" in gtp(winning_moves(board, task))


def test_a_right_move_gets_the_longest_resistance_until_the_capture_is_done():
    board, task = task_of(LADDER, Goal.CAPTURE, B, "D4")
    step = answer(board, task, pt("E4", 9))
    assert step.right and not step.done and step.reply == pt("D3", 9)  # the ladder runs
    position, moves = step.board, 1
    while not step.done:
        move = solve(position, B, task).move
        assert move is not None
        step = answer(position, task, move)
        assert step.right
        position, moves = step.board, moves + 1
    # done: captured, or the opponent gave up resisting (its best was a pass)
    assert status(position, task) is Status.ACHIEVED or step.reply is None
    assert moves < 15


def test_done_when_the_target_is_captured():
    board, task = task_of(TWO_ATARIS, Goal.CAPTURE, B, "D5")
    board.play(B, pt("D4", 9))
    step = answer(board, task, pt("E4", 9))  # the last liberty
    assert step.right and step.done and step.reply is None
    assert set(step.captured) == set(pts("D5 E5", 9))
    assert status(step.board, task) is Status.ACHIEVED


# -- ESCAPE ---------------------------------------------------------------------------------------

#: White's stones C3-C4 are cut off; capturing the cutting stone D3 (in atari, at E3) saves them.
CUTTING_STONE = """
7 . . . . . . .
6 . . . . . . .
5 . . X . . . .
4 . X O X . . .
3 . X O X O . .
2 . . X O . . .
1 . . . . . . .
  A B C D E F G"""


# -- KILL and LIVE --------------------------------------------------------------------------------

#: Straight three on the edge (A1-C1): the middle point B1 kills.
STRAIGHT_THREE = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 X X X X X X . . .
2 O O O O O X . . .
1 r r r O X . . . .
  A B C D E F G H J"""

#: Bulky five in the corner (A1-C1, A2-B2): the vital point B1 kills for black, lives for white.
BULKY_FIVE = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 X X X X X . . . .
3 O O O X . . . . .
2 r r O O X . . . .
1 r r r O X . . . .
  A B C D E F G H J"""

#: Two real eyes (A1, C1): unconditionally alive, nothing to read.
PASS_ALIVE = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 X X X X X . . . .
3 O O O O X . . . .
2 O O O O X . . . .
1 r O r O X . . . .
  A B C D E F G H J"""


def test_the_middle_of_straight_three_kills():
    board, task = task_of(STRAIGHT_THREE, Goal.KILL, B, "A2")
    assert gtp(winning_moves(board, task)) == ["B1"]
    wrong = answer(board, task, pt("A1", 9))
    assert not wrong.right and wrong.reply == pt("B1", 9)


def test_the_vital_point_of_bulky_five_kills():
    board, task = task_of(BULKY_FIVE, Goal.KILL, B, "A3")
    assert gtp(winning_moves(board, task)) == ["B1"]


def test_the_vital_point_of_bulky_five_lives():
    board, task = task_of(BULKY_FIVE, Goal.LIVE, W, "A3")
    assert gtp(winning_moves(board, task)) == ["B1"]
    wrong = answer(board, task, pt("A2", 9))
    assert not wrong.right and wrong.reply == pt("B1", 9)


def test_a_pass_alive_group_has_already_lived():
    board, task = task_of(PASS_ALIVE, Goal.LIVE, W, "A2")
    assert status(board, task) is Status.ACHIEVED
    verdict = solve(board, W, task)
    assert verdict.wins and verdict.move is None and verdict.plies == 0
    kill = Task(Goal.KILL, B, task.target, task.region)
    assert status(board, kill) is Status.FAILED
    assert winning_moves(board, kill) == []


# -- the API --------------------------------------------------------------------------------------


def test_an_illegal_move_raises_and_leaves_the_board_alone():
    board, task = task_of(STRAIGHT_THREE, Goal.KILL, B, "A2")
    before = str(board), board.hash
    with pytest.raises(IllegalMove):
        answer(board, task, pt("A2", 9))  # occupied
    assert (str(board), board.hash) == before


def test_a_tiny_budget_raises_reading_limit():
    board, task = task_of(LADDER, Goal.CAPTURE, B, "D4")
    with pytest.raises(ReadingLimit):
        solve(board, B, task, budget=5)


def test_the_escape_threshold_settles_a_chase():
    board, task = task_of(LADDER, Goal.ESCAPE, W, "D4")
    assert ESCAPED == 4
    assert status(board, task) is Status.OPEN
    after = answer(board, task, pt("D3", 9))  # three liberties: not yet out
    assert after.right is False or after.reply is not None
    assert pts("D3", 9)
