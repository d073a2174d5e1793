"""``learn`` through the service: the lessons in order, each exercise's right answers (every one
listed), a wrong answer with its refutation, jumps and resets; bad answers change nothing; the
progress is kept per person (linked accounts share it, a restart keeps it); the reading of an
answer runs before the write, never inside its transaction."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.colors import Color
from service import Actor, GameService, View
from service import learning as learning_module
from service.commands import Request
from service.errors import BadArguments, IllegalMoveError, InvalidPoint, UserError
from service.handlers.learning import Learn
from service.i18n import LANGUAGES, in_language, key_of
from service.lessons import LESSONS, Exercise, Kind
from service.ports import Database
from tests.bot.languages import strays
from tests.service.conftest import ALICE, BOB, FakeClock

EXERCISES = [
    (number, index, exercise)
    for number, item in enumerate(LESSONS, start=1)
    for index, exercise in enumerate(item.exercises, start=1)
]


async def learn(service: GameService, word: str | None = None, actor: Actor = ALICE) -> View:
    return await service.execute(Learn(word), Request(actor, "console"))


async def stored(database: Database, person: str) -> dict[str, Any] | None:
    async with database.unit_of_work() as uow:
        row = await uow.learning.learner(person)
    return None if row is None else dict(row.data)


def keys(view: View) -> list[str | None]:
    return list(view.keys)


async def open_exercise(service: GameService, number: int, index: int) -> View:
    """Go to lesson ``number`` and open its exercise ``index`` (skipping the ones before)."""
    await learn(service, str(number))  # the lesson's text
    view = await learn(service)  # exercise 1
    for _ in range(index - 1):
        view = await learn(service, "next")
    assert view.keys[0] == "learn.exercise_header"
    return view


async def answer(service: GameService, exercise: Exercise, text: str) -> View:
    """Send ``text`` move by move (or a count); the last reply."""
    if exercise.kind is Kind.COUNT:
        return await learn(service, text)
    view = None
    for move in text.split():
        view = await learn(service, move)
    assert view is not None
    return view


# -- the path -------------------------------------------------------------------------------


async def test_a_new_learner_starts_with_lesson_one_and_its_picture(service: GameService) -> None:
    view = await learn(service)
    assert view.keys[0] == "learn.lesson_header"
    assert f"learn.{LESSONS[0].key}.text" in view.keys
    assert view.keys[-1] == "learn.exercises_follow"
    assert view.board is not None and view.board.sequence  # the picture's moves, numbered
    view = await learn(service)
    assert keys(view)[:2] == [
        "learn.exercise_header",
        f"learn.ex.{LESSONS[0].exercises[0].key}.goal",
    ]
    assert view.board is not None and view.board.caption  # the goal under the board
    assert view.board.to_move is Color.BLACK


@pytest.mark.parametrize(
    ("number", "index", "exercise"), EXERCISES, ids=[e.key for _, _, e in EXERCISES]
)
async def test_every_right_answer_is_right_through_the_service(
    service: GameService, database: Database, number: int, index: int, exercise: Exercise
) -> None:
    """Each listed right answer (two at least, different) solves the exercise: the next exercise,
    or the next lesson, follows; the progress says so."""
    assert len(set(exercise.rights)) >= 2 and exercise.wrongs
    for right in exercise.rights:
        await open_exercise(service, number, index)
        view = await answer(service, exercise, right)
        assert view.keys[0] == "learn.right", (right, view.keys)
        last = index == len(LESSONS[number - 1].exercises)
        data = await stored(database, ALICE.id)
        assert data is not None
        if last:
            assert number in data["passed"]
            follows = "learn.lesson_passed" if number < len(LESSONS) else "learn.all_passed"
            assert view.keys[-1] == follows
            assert data["lesson"] == number + 1 and data["exercise"] == 0
        else:
            assert view.keys[-1] == "learn.next_exercise"
            assert (data["lesson"], data["exercise"]) == (number, index + 1)
        assert data["moves"] == []


@pytest.mark.parametrize(
    ("number", "index", "exercise"), EXERCISES, ids=[e.key for _, _, e in EXERCISES]
)
async def test_a_wrong_answer_gets_its_refutation_and_the_exercise_starts_afresh(
    service: GameService, database: Database, number: int, index: int, exercise: Exercise
) -> None:
    await open_exercise(service, number, index)
    before = await stored(database, ALICE.id)
    view = await answer(service, exercise, exercise.wrongs[0])
    assert view.keys[0] in ("learn.wrong", "learn.wrong_reply"), view.keys
    assert view.keys[-1] == "learn.try_again"
    assert len(view.lines) >= 3  # the verdict, one sentence why, try again
    assert view.board is not None and view.board.to_move is None
    after = await stored(database, ALICE.id)
    assert after == before  # still this exercise, from the start
    if exercise.kind is not Kind.COUNT:  # and it can be solved now
        view = await answer(service, exercise, exercise.rights[0])
        assert view.keys[0] == "learn.right"


async def test_a_right_move_that_needs_more_gets_the_best_defence(
    service: GameService, database: Database
) -> None:
    """A multi-move answer: the reply is played on the board, numbered, and the player moves
    again from there; the moves are kept between commands."""
    number, index, exercise = next(
        (n, i, e) for n, i, e in EXERCISES if any(len(r.split()) > 1 for r in e.rights)
    )
    right = next(r for r in exercise.rights if len(r.split()) > 1)
    await open_exercise(service, number, index)
    view = await learn(service, right.split()[0])
    assert view.keys[0] in ("learn.right_more", "learn.right_passes")
    data = await stored(database, ALICE.id)
    assert data is not None and len(data["moves"]) == 2
    assert view.board is not None and [n for _, _, n in view.board.sequence][:1] == [1]
    shown = await learn(service)  # the exercise as it stands: the two moves on the board
    assert shown.board is not None and len(shown.board.sequence) >= 1


async def test_jumps_skips_and_reset(service: GameService, database: Database) -> None:
    view = await learn(service, "7")
    assert view.keys[0] == "learn.lesson_header"
    assert f"learn.{LESSONS[6].key}.text" in view.keys
    await learn(service, "next")  # exercise 1 -> 2 (or the next lesson)
    await learn(service, "reset")
    data = await stored(database, ALICE.id)
    assert data is not None and (data["lesson"], data["exercise"], data["passed"]) == (1, 0, [])
    view = await learn(service, "RESET")  # any case
    assert view.keys == ("learn.reset",)


async def test_the_last_lesson_leads_to_the_end(service: GameService) -> None:
    await learn(service, str(len(LESSONS)))
    for _ in LESSONS[-1].exercises:
        await learn(service, "next")
    view = await learn(service, "next")
    assert view.keys == ("learn.all_passed",)


# -- bad answers: a clear message, nothing changed -------------------------------------------


@pytest.mark.parametrize(
    ("word", "error", "key"),
    [
        ("Z99", InvalidPoint, None),  # off the board
        ("99", BadArguments, "learn.error.no_lesson"),
        ("0", BadArguments, "learn.error.no_lesson"),
    ],
)
async def test_bad_words_change_nothing(
    service: GameService, database: Database, word: str, error: type[UserError], key: str | None
) -> None:
    await learn(service)
    await learn(service)  # exercise 1 open
    before = await stored(database, ALICE.id)
    with pytest.raises(error) as raised:
        await learn(service, word)
    if key is not None:
        assert key_of(raised.value.message) == key
    assert await stored(database, ALICE.id) == before


async def test_an_occupied_point_is_refused(service: GameService, database: Database) -> None:
    number, index, exercise = next((n, i, e) for n, i, e in EXERCISES if e.kind is Kind.CAPTURE)
    await open_exercise(service, number, index)
    before = await stored(database, ALICE.id)
    occupied = next(
        f"{'ABCDEFGHJ'[col]}{exercise.size - row}"
        for row, line in enumerate(r.replace(" ", "") for r in exercise.rows.strip().splitlines())
        for col, char in enumerate(line)
        if char in "XO"
    )
    with pytest.raises(IllegalMoveError) as raised:
        await learn(service, occupied)
    assert key_of(raised.value.message) == "error.illegal_occupied"
    assert await stored(database, ALICE.id) == before


async def test_an_answer_before_the_exercise_is_open(service: GameService) -> None:
    await learn(service, "3")  # the text of lesson 3: its exercise opens with `learn`
    await learn(service, "reset")
    with pytest.raises(BadArguments) as raised:
        await learn(service, "C3")
    assert key_of(raised.value.message) == "learn.error.read_first"


async def test_a_count_that_is_not_a_result(service: GameService, database: Database) -> None:
    number, index, _ = next((n, i, e) for n, i, e in EXERCISES if e.kind is Kind.COUNT)
    await open_exercise(service, number, index)
    before = await stored(database, ALICE.id)
    with pytest.raises(BadArguments) as raised:
        await learn(service, "lots")
    assert key_of(raised.value.message) == "learn.error.count_form"
    assert await stored(database, ALICE.id) == before


# -- per person -----------------------------------------------------------------------------


async def test_each_person_has_their_own_progress(service: GameService, database: Database) -> None:
    await learn(service, "5")
    await learn(service, actor=BOB)
    alice, bob = await stored(database, ALICE.id), await stored(database, BOB.id)
    assert alice is not None and bob is not None
    assert (alice["lesson"], bob["lesson"]) == (5, 1)


async def test_the_progress_survives_a_restart(real_database: Database, clock: FakeClock) -> None:
    first = GameService(real_database, clock=clock)
    await learn(first, "4")
    await learn(first)
    second = GameService(real_database, clock=clock)  # another process, or after a restart
    view = await learn(second)
    assert view.keys[0] == "learn.exercise_header"
    assert "4" in in_language("en", view.lines[0])


# -- the reading runs before the write -------------------------------------------------------


class WatchedDatabase:
    """A database that counts the units of work open at each moment."""

    def __init__(self, inner: Database) -> None:
        self.inner = inner
        self.open = 0

    def unit_of_work(self) -> Any:
        inner = self.inner.unit_of_work()
        watched = self

        class Unit:
            async def __aenter__(self) -> Any:
                watched.open += 1
                return await inner.__aenter__()

            async def __aexit__(self, *exc: object) -> None:
                watched.open -= 1
                await inner.__aexit__(*exc)  # type: ignore[arg-type]

        return Unit()

    async def close(self) -> None:
        await self.inner.close()


async def test_the_answer_is_read_outside_any_transaction(
    database: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    watched = WatchedDatabase(database)
    service = GameService(watched, clock=clock)  # type: ignore[arg-type]
    readings: list[int] = []
    real = learning_module.read_answer

    def read(reading: learning_module.ReadingKey) -> Any:
        readings.append(watched.open)
        return real(reading)

    monkeypatch.setattr(learning_module, "read_answer", read)
    learning_module._OUTCOMES.clear()
    number, index, exercise = next((n, i, e) for n, i, e in EXERCISES if e.kind is Kind.CAPTURE)
    await open_exercise(service, number, index)
    await learn(service, exercise.rights[0].split()[0])
    assert readings == [0]  # read once, with no unit of work open; the write found it kept


# -- every lesson in every language -----------------------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
async def test_every_lesson_and_exercise_speaks_the_readers_language(
    service: GameService, code: str
) -> None:
    """Each lesson's text and picture and each exercise's goal, said in each language: no
    sentence of another language among them (the Czech and Hungarian texts are all there)."""
    reader = dataclasses.replace(ALICE, language=code)
    for number, item in enumerate(LESSONS, start=1):
        views = [await learn(service, str(number), reader)]
        for _ in item.exercises:
            views.append(await learn(service, None, reader))
            await learn(service, "next", reader)
        for view in views:
            said = [in_language(code, line) for line in view.lines]
            assert view.board is not None
            said.append(in_language(code, view.board.caption))
            if code != "en":
                assert not strays(code, said), (item.key, said)
