"""The port contract (service.ports), checked on every backend via the ``repository`` fixture."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from service.ports import ConcurrentUpdate, Database, EventRow, GameRow, GameStatus, PlayerRow


def new_game(**changes: object) -> GameRow:
    base = GameRow(
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
        channel="console",
        created_at=100.0,
        updated_at=100.0,
        data={"marking": {"version": 1, "dead": ["E5"]}},
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


async def test_add_assigns_id_and_version_and_round_trips(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        first = await uow.games.add(new_game())
        second = await uow.games.add(new_game(challenged=None))
        await uow.commit()
    assert first.id != second.id and first.version == 1
    async with repository.unit_of_work() as uow:
        loaded = await uow.games.get(first.id)
        assert loaded == first
        assert loaded.data == {"marking": {"version": 1, "dead": ["E5"]}}
        assert await uow.games.get(9999) is None


async def test_leaving_without_commit_rolls_back(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        game = await uow.games.add(new_game())
    async with repository.unit_of_work() as uow:
        assert await uow.games.get(game.id) is None


async def test_exception_rolls_back(repository: Database) -> None:
    with pytest.raises(RuntimeError, match="boom"):
        async with repository.unit_of_work() as uow:
            await uow.games.add(new_game())
            raise RuntimeError("boom")
    async with repository.unit_of_work() as uow:
        assert await uow.games.open_challenges() == []


async def test_update_checks_the_version(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        game = await uow.games.add(new_game())
        await uow.commit()
    async with repository.unit_of_work() as uow:
        changed = await uow.games.update(
            dataclasses.replace(game, status=GameStatus.ACTIVE, black="console:alice", deadline=5.0)
        )
        await uow.commit()
    assert changed.version == 2 and changed.status is GameStatus.ACTIVE
    async with repository.unit_of_work() as uow:
        with pytest.raises(ConcurrentUpdate):
            await uow.games.update(dataclasses.replace(game, result="B+R"))


async def test_events_are_numbered_and_unique(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        game = await uow.games.add(new_game())
        for number, text in enumerate(["B E5", "W pass", "B pass", "resume B", "fill B D4,W F6"]):
            await uow.games.append_event(game.id, EventRow(number + 1, text, 1.0 + number))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        events = await uow.games.events(game.id)
        assert [e.text for e in events] == [
            "B E5",
            "W pass",
            "B pass",
            "resume B",
            "fill B D4,W F6",
        ]
        with pytest.raises(ConcurrentUpdate):
            await uow.games.append_event(game.id, EventRow(2, "W D4", 9.0))
    async with repository.unit_of_work() as uow:
        await uow.games.delete_events_from(game.id, 4)
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert [e.number for e in await uow.games.events(game.id)] == [1, 2, 3]


async def test_queries_for_players_challenges_and_deadlines(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        a = await uow.games.add(
            new_game(
                status=GameStatus.ACTIVE, black="console:alice", white="console:bob", deadline=50.0
            )
        )
        b = await uow.games.add(
            new_game(
                status=GameStatus.ACTIVE,
                black="console:carol",
                white="console:bob",
                challenger="console:carol",
                challenged="console:bob",
                deadline=20.0,
            )
        )
        c = await uow.games.add(new_game(challenged=None))
        await uow.games.add(new_game(status=GameStatus.FINISHED, deadline=1.0, result="B+R"))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        bobs = await uow.games.for_player("console:bob", [GameStatus.ACTIVE])
        assert [g.id for g in bobs] == [b.id, a.id]
        assert [g.id for g in await uow.games.open_challenges()] == [c.id]
        assert await uow.games.next_deadline() == 20.0
        assert [g.id for g in await uow.games.due(30.0)] == [b.id]
        assert [g.id for g in await uow.games.due(60.0)] == [b.id, a.id]
        assert await uow.games.for_player("console:zed", [GameStatus.ACTIVE]) == []


async def test_finished_games_of_a_player_since_a_time(repository: Database) -> None:
    """A player's finished games (as Black or White) that ended at or after a time, the last
    finished first; ``finished_at`` round-trips, and running games or other players' are left."""

    def ended(at: float | None, **changes: object) -> GameRow:
        players = {"black": "console:alice", "white": "console:bob"}
        status = GameStatus.FINISHED if at is not None else GameStatus.ACTIVE
        return new_game(status=status, result="B+R", finished_at=at, **{**players, **changes})

    async with repository.unit_of_work() as uow:
        old = await uow.games.add(ended(100.0))
        late = await uow.games.add(ended(300.0, black="console:bob", white="console:carol"))
        early = await uow.games.add(ended(200.0))
        tie = await uow.games.add(ended(200.0))
        await uow.games.add(ended(None))  # still running
        await uow.games.add(ended(400.0, black="console:carol", white="console:dave"))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        bobs = await uow.games.finished_since("console:bob", 150.0)
        assert [g.id for g in bobs] == [late.id, tie.id, early.id]
        assert bobs[0].finished_at == 300.0 and bobs[0].status is GameStatus.FINISHED
        alices = await uow.games.finished_since("console:alice", 100.0, limit=2)
        assert [g.id for g in alices] == [tie.id, early.id]
        assert [g.id for g in await uow.games.finished_since("console:alice", 0.0)][-1] == old.id
        assert await uow.games.finished_since("console:alice", 300.5) == []
        assert await uow.games.finished_since("console:zed", 0.0) == []
        assert (await uow.games.get(old.id)).finished_at == 100.0


async def test_players_upsert(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        assert await uow.players.get("console:alice") is None
        await uow.players.save(PlayerRow("console:alice", "alice"))
        await uow.players.save(
            PlayerRow("console:alice", "Alice", "cs", 10.0, 5.0, 2026, {"weekend": True})
        )
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.players.get("console:alice") == PlayerRow(
            "console:alice", "Alice", "cs", 10.0, 5.0, 2026, {"weekend": True}
        )


async def test_update_ids_are_claimed_once(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        assert await uow.updates.claim("telegram:1", None, 1.0)
        assert not await uow.updates.claim("telegram:1", None, 1.0)
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert not await uow.updates.claim("telegram:1", 3, 2.0)
        assert await uow.updates.claim("telegram:2", 3, 2.0)


async def test_concurrent_units_of_work_do_not_lose_updates(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        game = await uow.games.add(new_game())
        await uow.commit()

    async def bump() -> None:
        while True:
            try:
                async with repository.unit_of_work() as uow:
                    current = await uow.games.get(game.id)
                    assert current is not None
                    await uow.games.append_event(
                        game.id, EventRow(current.last_event + 1, "B pass", 1.0)
                    )
                    await uow.games.update(
                        dataclasses.replace(current, last_event=current.last_event + 1)
                    )
                    await uow.commit()
                    return
            except ConcurrentUpdate:
                continue

    await asyncio.gather(*(bump() for _ in range(20)))
    async with repository.unit_of_work() as uow:
        final = await uow.games.get(game.id)
        assert final is not None and final.last_event == 20 and final.version == 21
        assert [e.number for e in await uow.games.events(game.id)] == list(range(1, 21))


async def test_challenges_waiting_are_counted_per_community_and_in_all(
    repository: Database,
) -> None:
    async with repository.unit_of_work() as uow:
        assert await uow.games.waiting() == 0
        for community in ("discord:guild:1", "discord:guild:1", "telegram:-5"):
            await uow.games.add(new_game(community=community))
        await uow.games.add(new_game(community="discord:guild:1", status=GameStatus.DECLINED))
        await uow.games.add(new_game(community="telegram:-5", status=GameStatus.ACTIVE))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.games.waiting() == 3
        assert await uow.games.waiting("discord:guild:1") == 2
        assert await uow.games.waiting("telegram:-5") == 1
        assert await uow.games.waiting("console") == 0
