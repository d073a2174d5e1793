"""Properties of the agreed filling (docs/rules.md "The agreed filling", commentary to Art. 9.2), on
positions reached by random legal play (hypothesis): it is colour-blind (a colour-swapped
position gets the colour-swapped fill), neutral (a mirrored position gets the mirrored result),
safe (it captures nothing and leaves no chain next to a filled point in atari) and it turns no
dame into anyone's eye point."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.counting import PointStatus, count
from engine.filling import FillPlan, plan_fill
from tests.engine.test_board_properties import random_game

boards = st.integers(min_value=5, max_value=9)
moves = st.lists(st.integers(min_value=0, max_value=10_000), min_size=10, max_size=70)
marks = st.lists(st.integers(min_value=0, max_value=10_000), max_size=3)


def position(size: int, choices: list[int], dead_choices: list[int]) -> tuple[Board, set[Point]]:
    """A board after random play (without its prisoners: a rebuilt position has none), and a
    few of its stones marked dead (whole chains)."""
    played = random_game(size, choices).board
    board = rebuilt(played, dict(played.stones()))
    stones = sorted(p for p, _ in board.stones())
    dead = {stones[c % len(stones)] for c in dead_choices} if stones else set()
    return board, dead


def rebuilt(board: Board, place: dict[Point, Color]) -> Board:
    out = Board(board.size)
    for point, color in place.items():
        out.place_setup(color, point)
    return out


def swapped(board: Board) -> Board:
    return rebuilt(board, {p: c.opponent for p, c in board.stones()})


def mirror_point(size: int, point: Point) -> Point:
    return Point(point.row, size - 1 - point.col)


def mirrored(board: Board) -> Board:
    return rebuilt(board, {mirror_point(board.size, p): c for p, c in board.stones()})


def filled(board: Board, plan: FillPlan) -> Board:
    out = board.copy()
    out.pass_move()
    for color, point in plan.stones:
        assert out.play(color, point).captured == ()
        out.pass_move()
    return out


@settings(max_examples=35, deadline=None)
@given(boards, moves, marks)
def test_a_colour_swapped_position_gets_the_colour_swapped_fill(
    size: int, choices: list[int], dead_choices: list[int]
) -> None:
    """docs/rules.md "The agreed filling": the fill is colour-blind and deterministic."""
    board, dead = position(size, choices, dead_choices)
    plan = plan_fill(board, dead)
    other = plan_fill(swapped(board), dead)
    assert other.stones == tuple((c.opponent, p) for c, p in plan.stones)
    assert other.necessary == tuple((c.opponent, p) for c, p in plan.necessary)
    assert (other.unsettled, other.seki) == (plan.unsettled, plan.seki)
    assert plan_fill(board, dead) == plan


@settings(max_examples=35, deadline=None)
@given(boards, moves, marks)
def test_a_mirrored_position_gets_the_mirrored_result(
    size: int, choices: list[int], dead_choices: list[int]
) -> None:
    """docs/rules.md "The agreed filling": which colour fills a neutral point can never change the
    score, and the fill does not favour a side: the mirrored position counts the same after its
    fill."""
    board, dead = position(size, choices, dead_choices)
    flip = mirrored(board)
    dead_m = {mirror_point(size, p) for p in dead}
    plan, plan_m = plan_fill(board, dead), plan_fill(flip, dead_m)
    one, two = count(filled(board, plan), dead), count(filled(flip, plan_m), dead_m)
    assert (one.black.territory, one.white.territory) == (two.black.territory, two.white.territory)
    assert one.margin == two.margin


@settings(max_examples=35, deadline=None)
@given(boards, moves, marks)
def test_the_fill_is_safe_and_makes_no_eye_point(
    size: int, choices: list[int], dead_choices: list[int]
) -> None:
    """docs/rules.md "The agreed filling": the fill never captures, never leaves a chain next to a
    filled point in atari, and turns no dame point into an eye point of anyone (only necessary
    stones change eyes)."""
    board, dead = position(size, choices, dead_choices)
    plan = plan_fill(board, dead)
    after = filled(board, plan)
    for _, point in plan.stones:
        for p in (point, *after.neighbours(point)):
            if after.get(p) is not None:
                assert len(after.liberties(p)) >= 2, p.gtp()
    if not plan.necessary:
        before_dame = set(count(board, dead).dame)
        status = count(after, dead).status
        for point in before_dame:
            if after.get(point) is None:
                assert status[point] is PointStatus.DAME, point.gtp()
