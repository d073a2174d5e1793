"""A learner's progress (``learn`` and ``problem``) and the readings of their answers.

One person's progress is one stored row (:class:`service.ports.LearnerRow`, linked accounts share
it): the lesson they are on, the exercise and the moves of the answer under way, the lessons
passed; the problem they are on with its moves, the problems solved and failed, and their
problem level (in kyu). :class:`Progress` reads and writes that row's ``data``.

An answer is read by the engine (:mod:`service.exercises`, :mod:`engine.reading`). Reading is
the slow part, so it never runs inside a write transaction: the command's ``prepare`` step
(:attr:`service.registry.Handler.prepare`) works out which reading the answer needs in a read,
then reads it off the event loop (the bot's reading process, or a worker thread) into a small
cache (:func:`outcome`); the write then finds it there, under a key made of the puzzle, the
moves before and the answer, so a progress that changed meanwhile reads afresh.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.board import Board
from engine.coords import format_vertex, parse_vertex
from engine.diagram import format_diagram
from service.context import Context
from service.exercises import Outcome, check_count, check_move, start
from service.lesson_model import Exercise, Kind
from service.lessons import lesson
from service.ports import LearnerRow
from service.problem_set import Problem, problem
from service.unit import Unit

FIRST_KYU = 30  # where a new learner's problems start
LAST_KYU = 10  # the hardest problems of the set
CACHE = 512  # readings kept per process


@dataclass(frozen=True, slots=True)
class Progress:
    """What one person has done and is doing (``data`` of their :class:`LearnerRow`)."""

    lesson: int = 1  # the lesson they are on (1-based)
    exercise: int = 0  # 0: its text is next; k: working on its exercise k (1-based)
    moves: tuple[str, ...] = ()  # the answer under way: their moves and the replies, alternating
    passed: frozenset[int] = frozenset()  # lessons whose every exercise they solved
    problem: int | None = None  # the problem they are on
    problem_moves: tuple[str, ...] = ()
    problem_over: bool = False  # solved or failed: the next `problem` gives a new one
    solved: frozenset[int] = frozenset()
    failed: frozenset[int] = frozenset()
    kyu: int = FIRST_KYU  # the level of the problems they get

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Progress:
        """Read a stored row's ``data`` (missing fields: their defaults)."""
        return cls(
            lesson=int(data.get("lesson", 1)),
            exercise=int(data.get("exercise", 0)),
            moves=tuple(data.get("moves", ())),
            passed=frozenset(data.get("passed", ())),
            problem=data.get("problem"),
            problem_moves=tuple(data.get("problem_moves", ())),
            problem_over=bool(data.get("problem_over", False)),
            solved=frozenset(data.get("solved", ())),
            failed=frozenset(data.get("failed", ())),
            kyu=int(data.get("kyu", FIRST_KYU)),
        )

    def to_data(self) -> dict[str, Any]:
        """The row's ``data`` (JSON)."""
        return {
            "lesson": self.lesson,
            "exercise": self.exercise,
            "moves": list(self.moves),
            "passed": sorted(self.passed),
            "problem": self.problem,
            "problem_moves": list(self.problem_moves),
            "problem_over": self.problem_over,
            "solved": sorted(self.solved),
            "failed": sorted(self.failed),
            "kyu": self.kyu,
        }

    def merged(self, other: Progress) -> Progress:
        """Two accounts' progress as one person's (linking): the further lesson, every lesson
        passed and problem solved, the harder level; the other's answers under way are
        dropped."""
        ahead = self if (self.lesson, self.exercise) >= (other.lesson, other.exercise) else other
        return dataclasses.replace(
            ahead,
            passed=self.passed | other.passed,
            solved=self.solved | other.solved,
            failed=(self.failed | other.failed) - (self.solved | other.solved),
            kyu=min(self.kyu, other.kyu),
        )


# -- the puzzles: a lesson's exercise or a problem, by a key that survives pickling ----------

PuzzleKey = tuple[str, int, int]
"""``("lesson", 3, 2)``: lesson 3's exercise 2; ``("problem", 17, 0)``: problem 17."""


def lesson_key(number: int, exercise: int) -> PuzzleKey:
    return ("lesson", number, exercise)


def problem_key(number: int) -> PuzzleKey:
    return ("problem", number, 0)


def exercise_of(key: PuzzleKey) -> Exercise:
    """The exercise a key names (a problem is read as an exercise of its goal)."""
    family, number, index = key
    if family == "lesson":
        return lesson(number).exercises[index - 1]
    return problem_exercise(problem(number))


def problem_exercise(found: Problem) -> Exercise:
    """A problem as an exercise: its position, goal, target and region."""
    board = found.board()
    rows = format_diagram(board.grid(), coordinates=False)
    region = " ".join(format_vertex(p) for p in sorted(found.task.region))
    return Exercise(
        key=f"problem.{found.number}",
        rows=rows,
        kind=Kind(found.task.goal.value),
        player=found.task.player,
        target=format_vertex(found.task.target),
        region=region,
    )


def position(key: PuzzleKey, moves: tuple[str, ...]) -> Board:
    """The puzzle's position after ``moves`` (the player's and the replies, alternating)."""
    exercise = exercise_of(key)
    board = start(exercise)
    color = exercise.player
    for move in moves:
        if move == "pass":
            board.pass_move()  # a pass lifts a ko ban, as in the reading
        else:
            board.play(color, parse_vertex(move, board.size))
        color = color.opponent
    return board


ReadingKey = tuple[PuzzleKey, tuple[str, ...], str]
"""What an answer's reading depends on: the puzzle, the moves before it and the answer."""

_OUTCOMES: OrderedDict[ReadingKey, Outcome] = OrderedDict()


def read_answer(reading: ReadingKey) -> Outcome:
    """The engine's verdict on an answer (pure: run in the bot's reading process or a thread).
    Raises :class:`engine.errors.IllegalMove` for an illegal move and :class:`ValueError` for a
    count it cannot read."""
    key, moves, answer = reading
    exercise = exercise_of(key)
    if exercise.kind is Kind.COUNT:
        return check_count(exercise, answer)
    board = position(key, moves)
    return check_move(exercise, board, parse_vertex(answer, board.size))


async def outcome(context: Context, reading: ReadingKey) -> Outcome:
    """The verdict on an answer: from the cache, or read off the event loop (the bot's reading
    process when it has one, else a worker thread) and kept."""
    found = _OUTCOMES.get(reading)
    if found is not None:
        _OUTCOMES.move_to_end(reading)
        return found
    loop = asyncio.get_running_loop()
    result = await loop.run_in_executor(context.judging, read_answer, reading)
    _OUTCOMES[reading] = result
    while len(_OUTCOMES) > CACHE:
        _OUTCOMES.popitem(last=False)
    return result


# -- linked accounts: one person, one progress -----------------------------------------------


async def merge_progress(unit: Unit, person: str, joining: str) -> None:
    """An account joins ``person``: its lessons and problems become the person's too (the
    further lesson, every lesson passed and problem solved); its own row goes."""
    rows = await unit.uow.learning.learners([person, joining])
    theirs, mine = rows.get(person), rows.get(joining)
    if mine is None:
        return
    joined = Progress.from_data(mine.data)
    if theirs is not None:
        joined = Progress.from_data(theirs.data).merged(joined)
    kept = theirs or LearnerRow(person)
    await unit.uow.learning.save_learner(
        dataclasses.replace(kept, data=joined.to_data(), updated_at=unit.now)
    )
    await unit.uow.learning.delete_learner(joining)


async def copy_progress(unit: Unit, person: str, leaving: list[str]) -> None:
    """Accounts leave ``person``: each keeps a copy of the person's lessons and problems."""
    found = await unit.uow.learning.learner(person)
    if found is None:
        return
    rows = await unit.uow.learning.learners(leaving)
    for account in leaving:
        own = rows.get(account) or LearnerRow(account)
        await unit.uow.learning.save_learner(
            dataclasses.replace(own, data=dict(found.data), updated_at=unit.now)
        )
