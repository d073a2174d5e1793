"""More of the port contract on every backend: ids, a unit of work's view of its own writes, rows
that callers cannot change behind the repository's back, and the queries' filters and limits."""

from __future__ import annotations

import dataclasses

from service.ports import Database, EventRow, GameStatus, PlayerRow
from tests.storage.test_repository import new_game


async def test_ids_count_from_one(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        games = [await uow.games.add(new_game()) for _ in range(3)]
        await uow.commit()
    assert [(g.id, g.version) for g in games] == [(1, 1), (2, 1), (3, 1)]


async def test_a_unit_of_work_reads_its_own_writes(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        game = await uow.games.add(new_game(status=GameStatus.ACTIVE, deadline=7.0))
        challenge = await uow.games.add(new_game(challenged=None))
        assert await uow.games.get(game.id) == game
        changed = await uow.games.update(dataclasses.replace(game, black="console:alice"))
        assert await uow.games.get(game.id) == changed and changed.version == 2
        assert [g.id for g in await uow.games.for_player("console:alice", [GameStatus.ACTIVE])] == [
            game.id
        ]
        assert [g.id for g in await uow.games.open_challenges()] == [challenge.id]
        assert [g.id for g in await uow.games.due(7.0)] == [game.id]
        assert await uow.games.next_deadline() == 7.0
        for number in (1, 2, 3):
            await uow.games.append_event(game.id, EventRow(number, "B pass", 1.0))
        await uow.games.delete_events_from(game.id, 2)
        assert await uow.games.events(game.id) == [EventRow(1, "B pass", 1.0)]
        await uow.players.save(PlayerRow("console:alice", "alice"))
        assert await uow.players.get("console:alice") == PlayerRow("console:alice", "alice")
        await uow.links.put(game.id, "discord:thread", "5")
        assert await uow.links.find("discord:thread", "5") == game.id
        assert await uow.updates.claim("telegram:1", game.id, 1.0)
        assert not await uow.updates.claim("telegram:1", game.id, 1.0)
        await uow.commit()
        assert await uow.games.get(game.id) == changed  # and after the commit, what it kept


async def test_callers_cannot_change_stored_rows(repository: Database) -> None:
    data = {"marking": {"dead": ["E5"]}}
    async with repository.unit_of_work() as uow:
        game = await uow.games.add(new_game(data=data))
        await uow.players.save(PlayerRow("console:alice", "alice", data=data))
        await uow.commit()
    data["marking"]["dead"].append("F6")
    assert isinstance(game.data, dict)
    game.data["marking"]["dead"].append("G7")
    async with repository.unit_of_work() as uow:
        loaded = await uow.games.get(game.id)
        player = await uow.players.get("console:alice")
        assert loaded is not None and player is not None
        assert isinstance(loaded.data, dict) and isinstance(player.data, dict)
        loaded.data["marking"]["dead"].append("H8")
        player.data["marking"]["dead"].append("H8")
    async with repository.unit_of_work() as uow:
        again = await uow.games.get(game.id)
        assert again is not None and again.data == {"marking": {"dead": ["E5"]}}
        assert (await uow.players.get_many(["console:alice"]))["console:alice"].data == {
            "marking": {"dead": ["E5"]}
        }


async def test_queries_filter_by_status_and_keep_the_limit(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        proposed = await uow.games.add(new_game())  # alice challenges bob
        active = await uow.games.add(
            new_game(status=GameStatus.ACTIVE, black="console:bob", white="console:alice")
        )
        finished = await uow.games.add(new_game(status=GameStatus.FINISHED, result="W+R"))
        opens = [await uow.games.add(new_game(challenged=None)) for _ in range(3)]
        for deadline in (30.0, 11.0, 22.0):
            await uow.games.add(
                new_game(status=GameStatus.ACTIVE, challenged="console:carol", deadline=deadline)
            )
        await uow.commit()
    async with repository.unit_of_work() as uow:
        games = uow.games
        assert [g.id for g in await games.for_player("console:bob", [GameStatus.CHALLENGE])] == [
            proposed.id
        ]
        both = [GameStatus.CHALLENGE, GameStatus.FINISHED]
        assert [g.id for g in await games.for_player("console:bob", both)] == [
            finished.id,
            proposed.id,
        ]
        assert [g.id for g in await games.for_player("console:bob", both, limit=1)] == [finished.id]
        assert [g.id for g in await games.for_player("console:bob", [GameStatus.ACTIVE])] == [
            active.id
        ]
        assert await games.for_player("console:bob", []) == []
        assert [g.id for g in await games.open_challenges(limit=2)] == [opens[2].id, opens[1].id]
        assert [g.deadline for g in await games.due(100.0)] == [11.0, 22.0, 30.0]
        assert [g.deadline for g in await games.due(100.0, limit=1)] == [11.0]
        assert await games.next_deadline() == 11.0


async def test_a_link_shared_by_several_games_finds_the_newest(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        older = await uow.games.add(new_game())
        newer = await uow.games.add(new_game())
        await uow.links.put(newer.id, "discord:thread", "7")
        await uow.links.put(older.id, "discord:thread", "7")
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.links.find("discord:thread", "7") == newer.id
