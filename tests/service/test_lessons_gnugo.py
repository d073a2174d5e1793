"""The lessons' reading exercises (capture, escape, kill, live) confirmed by a second reader, GNU
Go (``attack``/``defend``/``owl_attack``/``owl_defend``), as the problem set is: the first move of
every listed right answer leaves the opponent unable to stop the goal, and the first move of every
listed wrong answer leaves it able to (a wrong net once taught as a net is how this test came)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from engine.colors import Color
from engine.coords import parse_vertex
from engine.reading import Goal
from gtp.client import find_gnugo
from scripts.check_problems import COMMANDS, GnuGo
from service.exercises import start
from service.lesson_model import READER_KINDS
from service.lessons import LESSONS, Exercise

READ = [e for item in LESSONS for e in item.exercises if e.kind in READER_KINDS]


@pytest.fixture(scope="module")
def gnugo() -> Iterator[GnuGo]:
    path = find_gnugo()
    if path is None:
        if os.environ.get("GOBOT_REQUIRE_GNUGO"):
            pytest.fail("GNU Go is required here (GOBOT_REQUIRE_GNUGO) but not installed")
        pytest.skip("GNU Go is not installed (apt-get install gnugo)")
    engine = GnuGo(path)
    yield engine
    engine.close()


def stopped(engine: GnuGo, exercise: Exercise, move: str) -> bool:
    """Whether, after the player's ``move``, GNU Go finds no way for the opponent to stop the
    goal (a ko counts as a way)."""
    task = exercise.task
    assert task is not None
    board = start(exercise)
    engine.send(f"boardsize {board.size}")
    engine.send("clear_board")
    for point, color in board.stones():
        engine.send(f"play {color.letter} {point.gtp()}")
    engine.send(f"play {exercise.player.letter} {parse_vertex(move, board.size).gtp()}")
    target = task.target.gtp()
    if engine.send(f"color {target}") == "empty":
        return task.goal in (Goal.CAPTURE, Goal.KILL)
    _, prevent = COMMANDS[task.goal]
    return int(engine.send(f"{prevent} {target}").split()[0]) == 0


@pytest.mark.parametrize("exercise", READ, ids=[e.key for e in READ])
def test_gnugo_agrees_with_the_listed_answers(exercise: Exercise, gnugo: GnuGo) -> None:
    assert exercise.player is Color.BLACK or exercise.player is Color.WHITE
    for right in exercise.rights:
        assert stopped(gnugo, exercise, right.split()[0]), f"{exercise.key}: {right}"
    for wrong in exercise.wrongs:
        assert not stopped(gnugo, exercise, wrong.split()[0]), f"{exercise.key}: {wrong}"
