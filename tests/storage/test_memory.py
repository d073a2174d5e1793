"""What only the in-memory backend can show in one task: units of work side by side (SQLite would
wait for the first to finish, PostgreSQL for its row locks), and the first committer winning."""

from __future__ import annotations

import dataclasses

import pytest

from service.ports import ConcurrentUpdate, EventRow, PlayerRow
from storage import open_database
from storage.memory import MemoryDatabase, open_memory
from tests.storage.test_repository import new_game


async def test_a_unit_reads_what_others_committed_not_what_they_hold() -> None:
    database = await open_memory()
    async with database.unit_of_work() as first, database.unit_of_work() as second:
        game = await first.games.add(new_game())
        assert await second.games.get(game.id) is None
        await first.commit()
        assert await second.games.get(game.id) == game


async def test_the_first_committer_wins_and_the_second_keeps_nothing() -> None:
    database = await open_memory()
    async with database.unit_of_work() as uow:
        game = await uow.games.add(new_game())
        await uow.commit()
    async with (
        database.unit_of_work() as first,
        database.unit_of_work() as second,
        database.unit_of_work() as third,
    ):
        await second.players.save(PlayerRow("console:bob", "bob"))
        await first.games.update(dataclasses.replace(game, result="B+R"))
        await second.games.update(dataclasses.replace(game, result="W+R"))
        await first.commit()
        with pytest.raises(ConcurrentUpdate):  # changed before the first's commit: at commit
            await second.commit()
        with pytest.raises(ConcurrentUpdate):  # changed after it: at once
            await third.games.update(dataclasses.replace(game, result="W+T"))
    async with database.unit_of_work() as uow:
        stored = await uow.games.get(game.id)
        assert stored is not None and stored.result == "B+R" and stored.version == 2
        assert await uow.players.get("console:bob") is None


async def test_side_by_side_events_and_claims_conflict_at_commit() -> None:
    database = await open_memory()
    async with database.unit_of_work() as uow:
        game = await uow.games.add(new_game())
        await uow.commit()
    async with database.unit_of_work() as first, database.unit_of_work() as second:
        for unit, move in ((first, "B D4"), (second, "B Q16")):
            assert await unit.updates.claim("telegram:9", game.id, 1.0)
            await unit.games.append_event(game.id, EventRow(1, move, 1.0))
        await first.commit()
        with pytest.raises(ConcurrentUpdate):
            await second.commit()
    async with database.unit_of_work() as uow:  # the retry of the second
        assert not await uow.updates.claim("telegram:9", game.id, 2.0)
        assert [e.text for e in await uow.games.events(game.id)] == ["B D4"]


async def test_misuse_is_refused() -> None:
    database = MemoryDatabase()
    unit = database.unit_of_work()
    with pytest.raises(RuntimeError, match="not open"):
        await unit.games.get(1)
    with pytest.raises(RuntimeError, match="commit outside"):
        await unit.commit()
    async with unit:
        game = await unit.games.add(new_game())
        with pytest.raises(LookupError):  # the foreign keys of events and links
            await unit.games.append_event(game.id + 1, EventRow(1, "B D4", 1.0))
        with pytest.raises(LookupError):
            await unit.links.put(game.id + 1, "discord:thread", "5")
        await unit.commit()
        with pytest.raises(RuntimeError, match="after its commit"):
            await unit.links.put(game.id, "discord:thread", "5")
        with pytest.raises(RuntimeError, match="commit outside"):
            await unit.commit()
    with pytest.raises(RuntimeError, match="not open"):
        await unit.games.get(game.id)
    await database.close()
    with pytest.raises(RuntimeError, match="closed"):
        async with database.unit_of_work():
            pass


async def test_a_rolled_back_add_uses_its_id_up() -> None:
    database = await open_memory()
    async with database.unit_of_work() as uow:
        await uow.games.add(new_game())
    async with database.unit_of_work() as uow:
        assert (await uow.games.add(new_game())).id == 2  # as PostgreSQL's sequence (not SQLite)


async def test_the_memory_url_opens_a_new_empty_database() -> None:
    database = await open_database("memory:")
    async with database.unit_of_work() as uow:
        await uow.games.add(new_game())
        await uow.commit()
    other = await open_database(" memory: ")
    async with other.unit_of_work() as uow:
        assert await uow.games.get(1) is None
