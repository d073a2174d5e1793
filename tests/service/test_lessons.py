"""``learn``'s lessons: every exercise's right answers are right and finish it, its wrong ones are
wrong with a refutation or a sentence why; every picture builds; every key is in the catalogue."""

from __future__ import annotations

import pytest

from engine.coords import parse_vertex
from service.catalogue_en import ENGLISH
from service.exercises import check_count, check_move, start
from service.i18n import lines_of, t
from service.lesson_model import READER_KINDS
from service.lessons import LESSONS, Exercise, Kind, lesson, picture_of
from service.rules_topics import position_of

EXERCISES = [exercise for item in LESSONS for exercise in item.exercises]
ORDER = [
    "board",
    "liberties",
    "capture",
    "chains",
    "suicide",
    "ko",
    "life",
    "dead",
    "false_eye",
    "seki",
    "end",
    "counting",
    "second_line",
    "third_line",
    "ladder",
    "net",
    "sacrifice",
    "opening",
    "middle",
    "handicap",
]


def ids(exercise: Exercise) -> str:
    return exercise.key


def play(exercise: Exercise, answer: str) -> list[bool]:
    """Play ``answer`` move by move, each after the bot's reply; the rightness of each, and
    whether the last finished the exercise (appended)."""
    board = start(exercise)
    verdicts = []
    moves = answer.split()
    for at, vertex in enumerate(moves):
        outcome = check_move(exercise, board, parse_vertex(vertex, exercise.size))
        verdicts.append(outcome.right)
        if outcome.done:
            assert at == len(moves) - 1, f"{answer}: done after {vertex}"
            return [*verdicts, True]
        board = outcome.board
    return [*verdicts, False]


def test_lessons_follow_the_guide() -> None:
    assert 18 <= len(LESSONS) <= 20
    assert [item.key for item in LESSONS] == ORDER
    assert lesson(1) is LESSONS[0] and lesson(len(LESSONS)) is LESSONS[-1]
    for number in (0, len(LESSONS) + 1):
        with pytest.raises(LookupError):
            lesson(number)


@pytest.mark.parametrize("item", LESSONS, ids=lambda item: item.key)
def test_every_lesson_has_its_texts_and_a_picture(item: object) -> None:
    from service.lesson_model import Lesson

    assert isinstance(item, Lesson)
    for key in (item.title, item.text, item.caption):
        assert key in ENGLISH, key
    assert len(lines_of(t(item.text))) <= 8
    assert 1 <= len(item.exercises) <= 3
    position_of(item.picture)  # the engine plays the picture's moves (an illegal one raises)
    view = picture_of(item)
    assert view.size == item.picture.rows.strip().count("\n") + 1


@pytest.mark.parametrize("exercise", EXERCISES, ids=ids)
def test_every_exercise_is_well_formed(exercise: Exercise) -> None:
    assert exercise.goal in ENGLISH
    assert exercise.size in (5, 7, 9)
    assert len(set(exercise.rights)) >= 2 and len(exercise.wrongs) >= 1
    assert exercise.key.split(".")[0] in ORDER
    if exercise.kind in READER_KINDS:
        assert exercise.task is not None
    if exercise.kind in (Kind.KILL, Kind.LIVE):
        board = start(exercise)
        assert exercise.task is not None
        assert sum(1 for p in exercise.task.region if board.get(p) is None) <= 14


@pytest.mark.parametrize("exercise", EXERCISES, ids=ids)
def test_every_right_answer_is_right_and_finishes(exercise: Exercise) -> None:
    for answer in exercise.rights:
        if exercise.kind is Kind.COUNT:
            outcome = check_count(exercise, answer)
            assert outcome.right and outcome.done, answer
            continue
        verdicts = play(exercise, answer)
        assert all(verdicts[:-1]), f"{answer}: {verdicts}"
        assert verdicts[-1], f"{answer}: not finished"


@pytest.mark.parametrize("exercise", EXERCISES, ids=ids)
def test_every_wrong_answer_is_wrong_and_says_why(exercise: Exercise) -> None:
    for answer in exercise.wrongs:
        if exercise.kind is Kind.COUNT:
            outcome = check_count(exercise, answer)
        else:
            board = start(exercise)
            moves = answer.split()
            for vertex in moves[:-1]:
                board = check_move(exercise, board, parse_vertex(vertex, exercise.size)).board
            outcome = check_move(exercise, board, parse_vertex(moves[-1], exercise.size))
        assert not outcome.right and not outcome.done, answer
        assert outcome.reply is not None or outcome.why is not None, answer
        if outcome.why is not None:
            assert outcome.why in ENGLISH, outcome.why
            str(t(outcome.why, **outcome.params))  # every placeholder has its parameter
