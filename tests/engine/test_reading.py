"""The reader of life and death and tactics (engine.reading), on board diagrams.

In the diagrams, ``r`` marks an empty point of the task's region (where it is not the whole
board); the other letters are empty points named in the test.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

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


#: White's four stones A2-C2-C1 have two liberties inside, A1 and B1. The throw-in A1 is taken
#: at B1 and black takes back the five stones at A1 (snapback); so does the throw-in B1, and so
#: does E2, which saves the black stones D1-D2. Elsewhere, White ataris D1-D2 at E2 and gets out.
SNAPBACK = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 X X X O . . .
2 O O O X . . .
1 . . O X . . .
  A B C D E F G"""


def test_a_snapback_is_read_to_the_recapture():
    board, task = task_of(SNAPBACK, Goal.CAPTURE, B, "A2")
    assert gtp(winning_moves(board, task)) == ["A1", "B1", "E2"]
    throw_in = answer(board, task, pt("A1", 7))
    assert throw_in.right and not throw_in.done
    assert throw_in.reply == pt("B1", 7) and throw_in.captured == (pt("A1", 7),)
    back = answer(throw_in.board, task, pt("A1", 7))
    assert back.right and back.done and back.reply is None
    assert set(back.captured) == set(pts("A2 B2 C2 B1 C1", 7))
    tenuki = answer(board, task, pt("G7", 7))
    assert not tenuki.right and tenuki.reply == pt("E2", 7)


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

#: White's stones C4-D4-C3 are in atari (at C2); the cutting stone D3 is in atari too, and
#: taking it at D2 saves them.
CUTTING_STONE = """
7 . . . . . . .
6 . . . . . . .
5 . . X X . . .
4 . X O O X . .
3 . X O X O . .
2 . . . . O . .
1 . . . . . . .
  A B C D E F G"""


def test_capturing_the_cutting_stone_escapes():
    board, task = task_of(CUTTING_STONE, Goal.ESCAPE, W, "C4")
    assert task.attacker is B and task.defender is W
    assert pt("D2", 7) in winning_moves(board, task)
    step = answer(board, task, pt("D2", 7))
    assert step.right and step.captured == (pt("D3", 7),)


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

#: One real eye (A1) and a false one (D1, with the black stone C2 on its diagonal): D2-E2-E1
#: are in atari there, and connecting at D1 leaves one eye. The group is dead.
FALSE_EYE = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 X X X X X X . . .
2 O O X O O X . . .
1 r O O r O X . . .
  A B C D E F G H J"""

#: Eye against eye (A2 for White, D1 for Black) with one shared liberty F1: whoever fills it
#: is captured. A seki: both pass, and White lives.
SEKI = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . . . . . . . .
6 . . . . . . . . .
5 . . . . . . . . .
4 X X X X X X X X .
3 O O O O O O O X .
2 r O X X X O O X .
1 O O X r X r O X .
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


def test_a_group_with_a_false_eye_is_dead():
    board, task = task_of(FALSE_EYE, Goal.KILL, B, "A2")
    assert status(board, task) is Status.OPEN
    assert gtp(winning_moves(board, task)) == ["D1"]  # A1 is suicide
    capture = answer(board, task, pt("D1", 9))  # takes the three stones: one eye is left
    assert capture.right and len(capture.captured) == 3
    live = Task(Goal.LIVE, W, task.target, task.region)
    assert winning_moves(board, live) == []  # connecting at D1 leaves one eye


def test_a_seki_is_life_and_both_pass():
    board, task = task_of(SEKI, Goal.LIVE, W, "A3")
    verdict = solve(board, W, task)
    assert verdict.wins and verdict.move is None  # White passes
    assert winning_moves(board, task) == []  # filling a liberty loses
    kill = Task(Goal.KILL, B, task.target, task.region)
    assert not solve(board, B, kill).wins
    assert winning_moves(board, kill) == []


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


# -- properties -----------------------------------------------------------------------------------

SMALL = 5
BUDGET = 3_000


def random_board(choices: list[int]) -> Board:
    """A 5×5 board after the moves ``choices`` pick among the legal points, colours alternating."""
    board = Board(SMALL)
    color = B
    for choice in choices:
        legal = board.legal_points(color)
        if legal:
            board.play(color, legal[choice % len(legal)])
        color = color.opponent
    return board


@st.composite
def problems(draw: st.DrawFn) -> tuple[Board, Task]:
    """A small random position and a task on one of its stones, with a region of up to six
    empty points around the target's liberties."""
    board = random_board(draw(st.lists(st.integers(0, 10_000), min_size=6, max_size=22)))
    stones = sorted(board.stones())
    assume(stones)
    target, color = stones[draw(st.integers(0, len(stones) - 1))]
    near = sorted(
        {
            q
            for lib in board.liberties(target)
            for q in (lib, *board.neighbours(lib))
            if board.get(q) is None
        }
    )
    region = frozenset(draw(st.lists(st.sampled_from(near), max_size=6))) if near else frozenset()
    goal = draw(st.sampled_from(list(Goal)))
    player = color if goal in (Goal.ESCAPE, Goal.LIVE) else color.opponent
    return board, Task(goal, player, target, region)


def snapshot(board: Board) -> tuple[object, ...]:
    return str(board), board.hash, board.ko_point, board.ko_color, dict(board.prisoners)


@settings(max_examples=50, deadline=None)
@given(problems(), st.integers(0, 100))
def test_reading_never_changes_the_board(problem: tuple[Board, Task], pick: int):
    board, task = problem
    before = snapshot(board)
    for to_move in (B, W):
        with contextlib.suppress(ReadingLimit):
            solve(board, to_move, task, budget=BUDGET)
    with contextlib.suppress(ReadingLimit):
        winning_moves(board, task, budget=BUDGET)
    legal = board.legal_points(task.player)
    if legal:
        with contextlib.suppress(ReadingLimit):
            answer(board, task, legal[pick % len(legal)], budget=BUDGET)
    assert snapshot(board) == before


def transform(point: Point, symmetry: int) -> Point:
    """One of the eight symmetries of the 5×5 board."""
    row, col = point
    if symmetry & 1:
        row, col = col, row
    if symmetry & 2:
        row = SMALL - 1 - row
    if symmetry & 4:
        col = SMALL - 1 - col
    return Point(row, col)


@settings(max_examples=50, deadline=None)
@given(problems(), st.integers(1, 7), st.sampled_from([B, W]))
def test_a_mirrored_position_gets_the_mirrored_verdict(
    problem: tuple[Board, Task], symmetry: int, to_move: Color
):
    board, task = problem
    board.pass_move()  # the ko ban does not survive the copy below
    mirrored = Board(SMALL)
    mirrored.edit((color, transform(p, symmetry)) for p, color in board.stones())
    twin = Task(
        task.goal,
        task.player,
        transform(task.target, symmetry),
        frozenset(transform(p, symmetry) for p in task.region),
    )
    try:
        verdict = solve(board, to_move, task, budget=BUDGET)
        other = solve(mirrored, to_move, twin, budget=BUDGET)
    except ReadingLimit:
        assume(False)
        return
    assert verdict.wins == other.wins
    assert verdict.plies == other.plies


#: White has just taken the ko at B2 (the black stone on C2): Black may not take back at once.
KO = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . . . . .
3 . X O . . . .
2 X . X O . . .
1 . X O . . . .
  A B C D E F G"""


def test_the_ko_ban_holds_in_the_reading():
    board = board_from(KO)
    board.play(W, pt("B2", 7))  # takes C2: a ko
    assert board.ko_point == pt("C2", 7)
    task = Task(Goal.CAPTURE, B, pt("B2", 7), frozenset(pts("C2 F6", 7)))
    verdict = solve(board, B, task)
    assert not verdict.wins  # Black must wait; White connects at C2
    with pytest.raises(IllegalMove):
        answer(board, task, pt("C2", 7))
    board.pass_move()  # the ban lifts: now the retake captures
    retake = solve(board, B, task)
    assert retake.wins and retake.move == pt("C2", 7) and retake.plies == 1


#: White E5 under a hat (problem 1 of the set): the region is the rows 3-7 around it, but a chain
#: that runs away may leave it. After Black D3 (a loose move), White E4 E3 reaches row 2: its
#: liberties at E2 (outside the region) are read too, so D3 is wrong, where a reading bounded by
#: the region let White run out of moves and called the stone caught (a review's finding).
HAT = """
9 . . . . . . . . .
8 . . . . . . . . .
7 . . r r r r r . .
6 . . r r X r r . .
5 . . r X O X r . .
4 . . r r r r r . .
3 . . r r r r r . .
2 . . . . . . . . .
1 . . . . . . . . .
"""


def test_a_chain_may_run_out_of_the_region():
    board, task = task_of(HAT, Goal.CAPTURE, B, "E5")
    right = gtp(winning_moves(board, task))
    assert "E4" in right and "D3" not in right  # GNU Go's `defend E5` agrees on both
    reply = answer(board, task, pt("D3", 9))
    assert not reply.right and reply.reply is not None
    line = answer(board, task, pt("E4", 9))
    assert line.right
