"""The learning port (``UnitOfWork.learning``) on every backend via the ``repository`` fixture:
each person's lessons and problems and each channel's problem of the day, saved by version (every
conflict raises ConcurrentUpdate naming LEARNING), rolled back with their unit, read back as they
were written; and two processes (two databases open on one file or schema) racing to post one
channel's problem of the day: exactly one posts it."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from service.ports import (
    ConcurrentUpdate,
    Contended,
    DailyRow,
    Database,
    LearnerRow,
    UnitOfWork,
)
from storage.memory import open_memory
from storage.sqlite import open_sqlite
from tests.postgres_support import drop_schema, new_schema, require_postgres

DAY = 86_400.0
ALICE, BOB = "telegram:501", "discord:12"
GROUP = "telegram:-100123"
PROGRESS = {"lessons": {"capture": {"step": 3, "done": False}}, "solved": ["ld-001", "ld-017"]}


async def commit(repository: Database, write: Callable[[UnitOfWork], Awaitable[object]]) -> None:
    async with repository.unit_of_work() as uow:
        await write(uow)
        await uow.commit()


# -- learners -------------------------------------------------------------------------------------


async def test_learners_are_inserted_then_updated_by_version(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        assert await uow.learning.learner(ALICE) is None
        first = await uow.learning.save_learner(LearnerRow(ALICE, data=PROGRESS, updated_at=5.0))
        assert first == LearnerRow(ALICE, 1, PROGRESS, 5.0)
        assert await uow.learning.learner(ALICE) == first  # its own write
        await uow.commit()
    async with repository.unit_of_work() as uow:
        moved = dataclasses.replace(first, data={"solved": ["ld-001"]}, updated_at=6.0)
        second = await uow.learning.save_learner(moved)
        assert second == dataclasses.replace(moved, version=2)
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.learning.learner(ALICE) == second


async def test_a_taken_person_or_a_moved_version_is_a_conflict_over_learning(
    repository: Database,
) -> None:
    """Each conflict fails its own statement only: the unit of work goes on and commits (a
    failed statement would abort PostgreSQL's whole transaction)."""
    await commit(repository, lambda uow: uow.learning.save_learner(LearnerRow(ALICE)))
    await commit(repository, lambda uow: uow.learning.save_daily(DailyRow(GROUP, 10.0)))
    async with repository.unit_of_work() as uow:
        conflicts: list[Awaitable[object]] = [
            uow.learning.save_learner(LearnerRow(ALICE)),  # a second insert of one person
            uow.learning.save_learner(LearnerRow(BOB, version=1)),  # no row to update
            uow.learning.save_learner(LearnerRow(ALICE, version=2)),  # not the stored version
            uow.learning.save_daily(DailyRow(GROUP, 20.0)),
            uow.learning.save_daily(DailyRow("discord:555", 20.0, version=1)),
            uow.learning.save_daily(DailyRow(GROUP, 20.0, version=3)),
        ]
        for conflict in conflicts:
            with pytest.raises(ConcurrentUpdate) as raised:
                await conflict
            assert raised.value.what is Contended.LEARNING
        await uow.learning.save_learner(LearnerRow(ALICE, version=1, data={"after": True}))
        await uow.learning.save_daily(DailyRow(GROUP, 30.0, version=1))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.learning.learner(ALICE) == LearnerRow(ALICE, 2, {"after": True})
        assert await uow.learning.daily(GROUP) == DailyRow(GROUP, 30.0, 2)


async def test_learners_are_read_together_unknown_ones_left_out(repository: Database) -> None:
    persons = [f"console:p{n}" for n in range(300)]
    async with repository.unit_of_work() as uow:
        for person in persons[::3]:
            await uow.learning.save_learner(LearnerRow(person, data={"who": person}))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        found = await uow.learning.learners([*persons, "console:nobody"])
        assert found == {p: LearnerRow(p, 1, {"who": p}) for p in persons[::3]}
        assert await uow.learning.learners([]) == {}
        assert await uow.learning.learners([persons[1]]) == {}


async def test_learners_and_dailies_are_deleted_and_can_start_again(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        await uow.learning.save_learner(LearnerRow(ALICE, data=PROGRESS))
        await uow.learning.save_learner(LearnerRow(BOB))
        await uow.learning.save_daily(DailyRow(GROUP, 10.0))
        await uow.learning.save_daily(DailyRow("console", 20.0))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        await uow.learning.delete_learner(ALICE)
        await uow.learning.delete_daily(GROUP)
        await uow.learning.delete_learner("console:nobody")  # nothing to delete: no error
        await uow.learning.delete_daily("discord:nowhere")
        assert await uow.learning.learner(ALICE) is None  # its own deletion
        assert await uow.learning.daily_due(100.0) == [DailyRow("console", 20.0, 1)]
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.learning.learners([ALICE, BOB]) == {BOB: LearnerRow(BOB, 1)}
        assert await uow.learning.daily(GROUP) is None
        assert await uow.learning.next_daily() == 20.0
        again = await uow.learning.save_learner(LearnerRow(ALICE))  # a new row: version 0 again
        assert again.version == 1 and again.data == {}
        assert (await uow.learning.save_daily(DailyRow(GROUP, 5.0))).version == 1
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.learning.learner(ALICE) == LearnerRow(ALICE, 1)
        assert await uow.learning.next_daily() == 5.0


async def test_a_rolled_back_unit_leaves_nothing_behind(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        kept_learner = await uow.learning.save_learner(LearnerRow(BOB, data={"kept": 1}))
        kept_daily = await uow.learning.save_daily(DailyRow("console", 50.0))
        await uow.commit()
    async with repository.unit_of_work() as uow:  # left without commit
        await uow.learning.save_learner(LearnerRow(ALICE, data=PROGRESS))
        await uow.learning.save_learner(dataclasses.replace(kept_learner, data={"kept": 2}))
        await uow.learning.save_daily(DailyRow(GROUP, 10.0))
        await uow.learning.delete_daily("console")
    with pytest.raises(RuntimeError):
        async with repository.unit_of_work() as uow:  # an error: rolled back too
            await uow.learning.delete_learner(BOB)
            await uow.learning.save_daily(dataclasses.replace(kept_daily, due=99.0))
            raise RuntimeError("the handler failed")
    async with repository.unit_of_work() as uow:
        assert await uow.learning.learners([ALICE, BOB]) == {BOB: kept_learner}
        assert await uow.learning.daily(GROUP) is None
        assert await uow.learning.daily("console") == kept_daily
        assert await uow.learning.daily_due(1000.0) == [kept_daily]
        assert await uow.learning.next_daily() == 50.0


# -- the problem of the day -----------------------------------------------------------------------


async def test_due_dailies_come_earliest_first_and_keep_the_limit(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        assert await uow.learning.next_daily() is None
        assert await uow.learning.daily_due(1e12) == []
        for channel, at in [("discord:3", 30.0), ("telegram:-1", 10.0), ("console", 20.0)]:
            await uow.learning.save_daily(DailyRow(channel, at, data={"posted": []}))
        await uow.learning.save_daily(DailyRow("discord:1", 30.0))  # a tie: by channel
        await uow.learning.save_daily(DailyRow("discord:9", 40.5))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        due = await uow.learning.daily_due(30.0)
        assert [(row.channel, row.due) for row in due] == [
            ("telegram:-1", 10.0),
            ("console", 20.0),
            ("discord:1", 30.0),
            ("discord:3", 30.0),
        ]
        assert due[0] == DailyRow("telegram:-1", 10.0, 1, {"posted": []})
        assert [row.channel for row in await uow.learning.daily_due(30.0, limit=2)] == [
            "telegram:-1",
            "console",
        ]
        assert await uow.learning.daily_due(9.99) == []
        assert await uow.learning.next_daily() == 10.0
        first = due[0]
        await uow.learning.save_daily(dataclasses.replace(first, due=first.due + DAY))
        assert await uow.learning.next_daily() == 20.0  # its own write
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert [row.channel for row in await uow.learning.daily_due(40.5)] == [
            "console",
            "discord:1",
            "discord:3",
            "discord:9",
        ]
        moved = await uow.learning.daily("telegram:-1")
        assert moved == DailyRow("telegram:-1", 10.0 + DAY, 2, {"posted": []})


# -- the data -------------------------------------------------------------------------------------


async def test_data_round_trips_as_json(repository: Database) -> None:
    data = {
        "lessons": {"ko": {"steps": [1, 2, [3, {"deep": None}]], "score": 0.75, "done": True}},
        "names": ["Lee Sedol", "이세돌", "Černý kámen", "ő ű", "碁 🐢"],
        "empty": {},
        "moves": ("C3", "D4"),  # a tuple reads back as a list
    }
    back = {**data, "moves": ["C3", "D4"]}
    async with repository.unit_of_work() as uow:
        saved = await uow.learning.save_learner(LearnerRow(ALICE, data=data, updated_at=1.5))
        daily = await uow.learning.save_daily(DailyRow(GROUP, 1.25, data=data))
        assert saved.data == back and daily.data == back  # what a read gives back
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.learning.learner(ALICE) == LearnerRow(ALICE, 1, back, 1.5)
        assert await uow.learning.daily(GROUP) == DailyRow(GROUP, 1.25, 1, back)
        assert (await uow.learning.learners([ALICE]))[ALICE].data == back
        assert (await uow.learning.daily_due(2.0))[0].data == back


async def test_callers_cannot_change_stored_rows(repository: Database) -> None:
    data = {"solved": ["ld-001"]}
    async with repository.unit_of_work() as uow:
        saved = await uow.learning.save_learner(LearnerRow(ALICE, data=data))
        daily = await uow.learning.save_daily(DailyRow(GROUP, 1.0, data=data))
        data["solved"].append("ld-002")
        assert isinstance(saved.data, dict) and isinstance(daily.data, dict)
        saved.data["solved"].append("ld-003")
        daily.data["solved"].append("ld-004")
        await uow.commit()
    async with repository.unit_of_work() as uow:
        loaded = await uow.learning.learner(ALICE)
        assert loaded is not None and isinstance(loaded.data, dict)
        loaded.data["solved"].append("ld-005")
        (due,) = await uow.learning.daily_due(1.0)
        assert isinstance(due.data, dict)
        due.data["solved"].append("ld-006")
    async with repository.unit_of_work() as uow:
        assert await uow.learning.learner(ALICE) == LearnerRow(ALICE, 1, {"solved": ["ld-001"]})
        assert await uow.learning.daily(GROUP) == DailyRow(GROUP, 1.0, 1, {"solved": ["ld-001"]})


# -- races ----------------------------------------------------------------------------------------

Race = Callable[[UnitOfWork, int], Awaitable[object]]
RACES: dict[str, Race] = {
    "a new learner": lambda uow, n: uow.learning.save_learner(LearnerRow(BOB, data={"n": n})),
    "a learner's version": lambda uow, n: uow.learning.save_learner(
        LearnerRow(ALICE, version=1, data={"n": n})
    ),
    "a new daily": lambda uow, n: uow.learning.save_daily(DailyRow("console", 1.0 + n)),
    "a daily's version": lambda uow, n: uow.learning.save_daily(
        DailyRow(GROUP, DAY + n, version=1)
    ),
}


@pytest.mark.parametrize("race", RACES)
async def test_of_two_units_racing_for_one_row_one_wins(repository: Database, race: str) -> None:
    """Whatever the backend's way (a lock, a row lock, the first committer), one commits and the
    other gets ConcurrentUpdate naming LEARNING."""
    async with repository.unit_of_work() as uow:
        await uow.learning.save_learner(LearnerRow(ALICE))
        await uow.learning.save_daily(DailyRow(GROUP, 0.0))
        await uow.commit()
    lost: list[ConcurrentUpdate] = []

    async def attempt(number: int) -> bool:
        try:
            async with repository.unit_of_work() as uow:
                await RACES[race](uow, number)
                await asyncio.sleep(0.05)  # the other unit runs into this one's change
                await uow.commit()
        except ConcurrentUpdate as error:
            lost.append(error)
            return False
        return True

    assert sorted(await asyncio.gather(attempt(0), attempt(1))) == [False, True]
    assert [error.what for error in lost] == [Contended.LEARNING]
    async with repository.unit_of_work() as uow:
        learners = await uow.learning.learners([ALICE, BOB])
        dailies = [await uow.learning.daily(channel) for channel in (GROUP, "console")]
    versions = [row.version for row in learners.values()]
    versions += [row.version for row in dailies if row is not None]
    assert sorted(versions) == ([1, 2] if "version" in race else [1, 1, 1])


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres), "memory"])
async def processes(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[Database, Database]]:
    """Two bot processes' databases on one store: two SQLite connections to one file, two
    PostgreSQL pools on one schema (memory: one database, as one process has it)."""
    if request.param == "memory":
        database = await open_memory()
        yield database, database
        await database.close()
        return
    if request.param == "sqlite":
        path = tmp_path / "games.db"
        first: Database = await open_sqlite(path)
        second: Database = await open_sqlite(path)
        try:
            yield first, second
        finally:
            await first.close()
            await second.close()
        return
    from storage.postgres import open_postgres

    url = await require_postgres()
    schema = new_schema()
    first = await open_postgres(url, schema=schema)
    second = await open_postgres(url, schema=schema)
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()
        await drop_schema(url, schema)


async def test_of_two_processes_posting_the_problem_of_the_day_one_posts_it(
    processes: tuple[Database, Database],
) -> None:
    """Each process's scheduler takes the due rows and moves each one's ``due`` a day on in the
    unit that posts it; the one that loses the race (a conflict, or the row no longer due when
    it looks again) posts nothing."""
    first, second = processes
    async with first.unit_of_work() as uow:
        await uow.learning.save_daily(DailyRow(GROUP, 100.0, data={"posted": 0}))
        await uow.commit()
    posts: list[int] = []
    conflicts: list[Contended | None] = []

    async def scheduler(database: Database, number: int) -> None:
        for _ in range(3):  # the service retries a unit that lost a race
            try:
                async with database.unit_of_work() as uow:
                    for row in await uow.learning.daily_due(now=150.0):
                        data = {"posted": row.data["posted"] + 1, "by": number}
                        await uow.learning.save_daily(
                            dataclasses.replace(row, due=row.due + DAY, data=data)
                        )
                        await asyncio.sleep(0.05)  # the other process runs into this change
                        await uow.commit()
                        posts.append(number)
                return
            except ConcurrentUpdate as error:
                conflicts.append(error.what)

    await asyncio.gather(scheduler(first, 1), scheduler(second, 2))
    assert len(posts) == 1
    assert set(conflicts) <= {Contended.LEARNING}
    for database in (first, second):
        async with database.unit_of_work() as uow:
            row = await uow.learning.daily(GROUP)
            assert row == DailyRow(GROUP, 100.0 + DAY, 2, {"posted": 1, "by": posts[0]})
            assert await uow.learning.daily_due(150.0) == []
            assert await uow.learning.next_daily() == 100.0 + DAY


async def test_of_two_processes_moving_one_version_one_wins(
    processes: tuple[Database, Database],
) -> None:
    """Both processes read the row before either writes (PostgreSQL: two transactions at once;
    SQLite: the second waits for the first's write lock): the second save finds the version
    moved on."""
    first, second = processes
    async with first.unit_of_work() as uow:
        await uow.learning.save_daily(DailyRow(GROUP, 100.0))
        await uow.commit()
    async with second.unit_of_work() as uow:
        read = await uow.learning.daily(GROUP)
    assert read is not None

    async def move(database: Database, due: float) -> bool:
        try:
            async with database.unit_of_work() as uow:
                await uow.learning.save_daily(dataclasses.replace(read, due=due))
                await asyncio.sleep(0.05)
                await uow.commit()
        except ConcurrentUpdate as error:
            assert error.what is Contended.LEARNING
            return False
        return True

    won = await asyncio.gather(move(first, 100.0 + DAY), move(second, 100.0 + 2 * DAY))
    assert sorted(won) == [False, True]
    async with second.unit_of_work() as uow:
        row = await uow.learning.daily(GROUP)
    assert row is not None and row.version == 2
    assert row.due == (100.0 + DAY if won[0] else 100.0 + 2 * DAY)
