"""Reading both players in one query (every backend) and SQLite's group commit: units of work
that queue for the lock share one transaction, each in a savepoint, and one durable COMMIT."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from service.ports import ConcurrentUpdate, Database, EventRow, GameRow, GameStatus, PlayerRow
from storage.sqlite import SqliteDatabase, open_sqlite


def new_game(channel: str) -> GameRow:
    return GameRow(
        id=0,
        version=0,
        status=GameStatus.CHALLENGE,
        challenger="console:alice",
        challenged="console:bob",
        black=None,
        white=None,
        size=9,
        komi=6.5,
        handicap=0,
        color="black",
        time_control="none",
        rated=False,
        channel=channel,
        created_at=100.0,
        updated_at=100.0,
    )


async def test_get_many_reads_the_known_players(repository: Database) -> None:
    alice = PlayerRow("console:alice", "alice", "en", data={"x": 1})
    async with repository.unit_of_work() as uow:
        await uow.players.save(alice)
        await uow.players.save(PlayerRow("console:bob", "bob"))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        found = await uow.players.get_many(["console:alice", "console:nobody", "console:bob"])
        assert found == {"console:alice": alice, "console:bob": PlayerRow("console:bob", "bob")}
        assert await uow.players.get_many([]) == {}


def count_commits(database: SqliteDatabase) -> list[int]:
    """Wrap the connection's commit; the returned list grows by one per COMMIT."""
    commits: list[int] = []
    original = database.connection.commit

    async def counted() -> None:
        commits.append(1)
        await original()

    database.connection.commit = counted  # type: ignore[method-assign]
    return commits


async def channels(path: Path) -> set[str]:
    """The channels of every stored game, read through a new connection."""
    database = await open_sqlite(path)
    try:
        async with database.unit_of_work() as uow:
            rows = await uow.games.for_player("console:alice", (GameStatus.CHALLENGE,))
        return {row.channel for row in rows}
    finally:
        await database.close()


async def test_queued_units_share_a_commit_and_fail_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    database = await open_sqlite(path)
    commits = count_commits(database)

    async def unit(index: int) -> int:
        async with database.unit_of_work() as uow:
            game = await uow.games.add(new_game(f"c{index}"))
            await uow.games.append_event(game.id, EventRow(1, "B E5", 1.0))
            if index % 5 == 0:
                raise RuntimeError("refused")  # rolls back this unit only
            if index % 7 == 0:  # a conflict inside the unit: also rolls back alone
                await uow.games.append_event(game.id, EventRow(1, "W D4", 2.0))
            await uow.commit()
        return index

    outcomes: list[Any] = await asyncio.gather(
        *(unit(i) for i in range(1, 31)), return_exceptions=True
    )
    await database.close()
    kept = {i for i in range(1, 31) if i % 5 and i % 7}
    assert {o for o in outcomes if isinstance(o, int)} == kept
    assert sum(isinstance(o, RuntimeError) for o in outcomes) == 6
    assert sum(isinstance(o, ConcurrentUpdate) for o in outcomes) == 4
    assert len(commits) < len(kept)  # batched: fewer COMMITs than committed units
    assert await channels(path) == {f"c{i}" for i in kept}


async def test_a_failed_commit_fails_every_unit_of_the_batch(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    database = await open_sqlite(path)
    original = database.connection.commit

    async def broken() -> None:
        raise sqlite3.OperationalError("disk I/O error")

    database.connection.commit = broken  # type: ignore[method-assign]

    async def unit(index: int) -> None:
        async with database.unit_of_work() as uow:
            await uow.games.add(new_game(f"c{index}"))
            await uow.commit()

    outcomes = await asyncio.gather(*(unit(i) for i in range(8)), return_exceptions=True)
    assert all(isinstance(o, sqlite3.OperationalError) for o in outcomes)
    database.connection.commit = original  # type: ignore[method-assign]
    async with database.unit_of_work() as uow:  # the connection works on
        await uow.games.add(new_game("after"))
        await uow.commit()
    await database.close()
    assert await channels(path) == {"after"}


async def test_a_reader_in_a_batch_answers_after_the_commit(tmp_path: Path) -> None:
    database = await open_sqlite(tmp_path / "games.db")
    commits = count_commits(database)
    seen: list[tuple[set[str], int]] = []

    async def writer(channel: str) -> None:
        async with database.unit_of_work() as uow:
            await uow.games.add(new_game(channel))
            await uow.commit()

    async def reader() -> None:
        async with database.unit_of_work() as uow:  # leaves without commit
            rows = await uow.games.for_player("console:alice", (GameStatus.CHALLENGE,))
        seen.append(({row.channel for row in rows}, len(commits)))

    await asyncio.gather(writer("a"), reader(), writer("b"))
    await database.close()
    # The reader saw the first writer's game and answered only after a COMMIT made it durable.
    assert seen == [({"a"}, 1)]


@pytest.mark.parametrize("units", [1, 2])
async def test_close_commits_an_open_batch(tmp_path: Path, units: int) -> None:
    path = tmp_path / "games.db"
    database = await open_sqlite(path)

    async def unit(index: int) -> None:
        async with database.unit_of_work() as uow:
            await uow.games.add(new_game(f"c{index}"))
            await uow.commit()

    await asyncio.gather(*(unit(i) for i in range(units)), database.close())
    assert await channels(path) == {f"c{i}" for i in range(units)}


async def test_a_queued_unit_cancelled_does_not_strand_the_batch(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    database = await open_sqlite(path)
    committing = asyncio.Event()

    async def first() -> None:
        async with database.unit_of_work() as uow:
            await uow.games.add(new_game("first"))
            committing.set()
            await uow.commit()  # a unit is queued: the batch stays open for it

    async def queued() -> None:
        async with database.unit_of_work() as uow:
            await uow.games.add(new_game("queued"))
            await uow.commit()

    writer = asyncio.create_task(first())
    await asyncio.sleep(0)
    waiter = asyncio.create_task(queued())
    await committing.wait()
    waiter.cancel()
    await asyncio.wait_for(writer, timeout=10)
    with pytest.raises(asyncio.CancelledError):
        await waiter
    await database.close()
    assert await channels(path) == {"first"}
