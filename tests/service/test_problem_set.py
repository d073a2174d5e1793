"""The problem set: every file loads and is valid, both readers (the engine's and GNU Go's) confirm
every stated answer, the levels span 30 to 10 kyu, no position repeats up to symmetry and colour,
and the loader refuses broken files with a message that says why."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest

from engine.colors import Color
from engine.coords import Point
from engine.reading import Goal
from gtp.client import find_gnugo
from scripts.check_problems import GnuGo, gnugo_check, own_check
from service.problem_set import (
    Problem,
    ProblemError,
    for_level,
    problem,
    problems,
    read_problem,
)

ALL = problems()
IDS = [p.name for p in ALL]


def test_the_set_has_at_least_sixty_problems_numbered_in_file_order() -> None:
    assert len(ALL) >= 60
    assert [p.number for p in ALL] == list(range(1, len(ALL) + 1))
    assert [p.name for p in ALL] == [f"p{n:03d}" for n in range(1, len(ALL) + 1)]


@pytest.mark.parametrize("item", ALL, ids=IDS)
def test_a_problem_is_consistent(item: Problem) -> None:
    task = item.task
    board = item.board()
    owner = task.player if task.goal in (Goal.ESCAPE, Goal.LIVE) else task.player.opponent
    assert board.get(task.target) is owner
    assert dict(board.stones()) == dict(item.stones)
    assert all(0 <= p.row < item.size and 0 <= p.col < item.size for p in task.region)
    assert any(board.get(p) is None for p in task.region)
    assert item.line and item.line[0] is not None
    assert all(move in task.region for move in item.line if move is not None)
    assert 10 <= item.kyu <= 30
    if task.goal in (Goal.KILL, Goal.LIVE):  # a small region keeps the reading local
        assert sum(board.get(p) is None for p in task.region) <= 16


def test_the_levels_run_from_easy_to_hard_and_every_band_has_problems() -> None:
    levels = [p.kyu for p in ALL]
    assert levels == sorted(levels, reverse=True)  # easiest first
    assert max(levels) == 30 and min(levels) == 10
    for top in (30, 25, 20, 15):
        assert any(top - 4 <= k <= top for k in levels), f"no problem from {top} to {top - 4} kyu"


def test_every_goal_and_both_colours_appear() -> None:
    assert {p.task.goal for p in ALL} == set(Goal)
    for goal in Goal:
        assert {p.task.player for p in ALL if p.task.goal is goal} == {Color.BLACK, Color.WHITE}


def _shapes(item: Problem) -> Iterator[frozenset[tuple[int, int, Color]]]:
    """The position under the 8 symmetries of the board, each also with colours swapped."""
    last = item.size - 1
    for turn in range(8):
        for swap in (False, True):
            found = set()
            for (row, col), color in item.stones.items():
                r, c = (row, col) if turn < 4 else (col, row)
                for _ in range(turn % 4):
                    r, c = c, last - r
                found.add((r, c, color.opponent if swap else color))
            yield frozenset(found)


def test_no_two_problems_are_the_same_position_up_to_symmetry_and_colour() -> None:
    seen: dict[frozenset[tuple[int, int, Color]], str] = {}
    for item in ALL:
        key = min(_shapes(item), key=sorted)
        assert key not in seen, f"{item.name} repeats {seen.get(key)}"
        seen[key] = item.name


def test_for_level_gives_nearby_problems_easiest_first() -> None:
    near = for_level(20)
    assert near and all(abs(p.kyu - 20) <= 3 for p in near)
    assert [p.number for p in near] == sorted(p.number for p in near)
    assert {p.kyu for p in for_level(40)} == {30}  # beyond the set: the nearest level
    assert {p.kyu for p in for_level(1)} == {min(p.kyu for p in ALL)}


def test_problem_by_number() -> None:
    assert problem(1) is ALL[0] and problem(len(ALL)) is ALL[-1]
    for number in (0, -1, len(ALL) + 1):
        with pytest.raises(LookupError, match="no problem"):
            problem(number)


def test_a_problem_file_reads_as_documented() -> None:
    data = b"(;GM[1]FF[4]SZ[9]PL[W]AB[ab][bb]AW[cb]XG[capture]XT[ab]XR[aa:cc]XL[28];W[aa])"
    item = read_problem(data, "p999", 7)
    assert (item.number, item.name, item.size, item.kyu) == (7, "p999", 9, 28)
    assert item.task.goal is Goal.CAPTURE and item.task.player is Color.WHITE
    assert item.task.target == Point(7, 0)
    assert len(item.task.region) == 9 and item.line == (Point(8, 0),)


GOOD = "(;SZ[9]PL[B]AB[cc]AW[dc][cd]XG[kill]XT[dc]XR[aa:ee]XL[20]{line})"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD.replace("kill", "win"), "XG[win] is not a goal"),
        (GOOD.replace("XT[dc]", "XT[ee]"), "XT[E5] is empty"),
        (GOOD.replace("XT[dc]", "XT[cc]"), "needs a white stone"),
        (GOOD.replace("{line}", ";B[dc]"), "is illegal (occupied)"),
        (GOOD.replace("{line}", ";W[bb]"), "move 1 of the line must be black's"),
        (GOOD.replace("{line}", ""), "the line has no move"),
        (GOOD.replace("XR[aa:ee]", "XR[aa:zz]"), "XR[zz] is not a point"),
        (GOOD.replace("XL[20]", "XL[40]"), "XL[40] is not a level"),
        (GOOD.replace("PL[B]", ""), "the root has no PL"),
        (GOOD.replace("SZ[9]", "SZ[30]"), "SZ[30]"),
        ("(;SZ[9", "p900"),
    ],
)
def test_a_broken_file_is_refused_with_the_reason(text: str, message: str) -> None:
    data = text.replace("{line}", ";B[bb]").encode()
    with pytest.raises(ProblemError, match=re.escape(message)):
        read_problem(data, "p900")


# -- the two readers ------------------------------------------------------------------------


@pytest.mark.parametrize("item", ALL, ids=IDS)
def test_the_engine_reader_confirms_the_stated_answer(item: Problem) -> None:
    result = own_check(item)
    assert result.failure is None, f"{item.name}: {result.failure}"


@pytest.fixture(scope="module")
def gnugo() -> Iterator[GnuGo]:
    path = find_gnugo()
    if path is None:
        if os.environ.get("GOBOT_REQUIRE_GNUGO"):
            pytest.fail("GOBOT_REQUIRE_GNUGO is set but GNU Go is not installed")
        pytest.skip("GNU Go is not installed (apt-get install gnugo)")
    engine = GnuGo(path)
    yield engine
    engine.close()


@pytest.mark.parametrize("item", ALL, ids=IDS)
def test_gnugo_confirms_the_stated_answer(item: Problem, gnugo: GnuGo) -> None:
    assert gnugo_check(gnugo, item) is None
