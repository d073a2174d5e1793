"""The club columns of games (community, league and round) and players (the person an account is
linked into), and the queries that use them, checked on every backend via the ``repository``
fixture (the club-play repositories themselves: test_club)."""

from __future__ import annotations

import dataclasses

from service.club_ports import LeagueStatus
from service.ports import Database, GameRow, GameStatus, PlayerRow
from tests.storage.test_club import games, league
from tests.storage.test_repository import new_game


async def test_games_keep_their_community_league_and_round(repository: Database) -> None:
    plain, league_game = await games(
        repository, new_game(), new_game(community="discord:guild:1", league_id=3, round=2)
    )
    assert (plain.community, plain.league_id, plain.round) == ("", None, None)
    async with repository.unit_of_work() as uow:
        assert await uow.games.get(plain.id) == plain
        assert await uow.games.get(league_game.id) == league_game
        moved = await uow.games.update(dataclasses.replace(league_game, round=3, community="x"))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        stored = await uow.games.get(league_game.id)
        assert stored == moved and (stored.community, stored.league_id, stored.round) == ("x", 3, 3)


async def test_finished_games_of_any_of_several_players(repository: Database) -> None:
    def ended(at: float, black: str, white: str) -> GameRow:
        return new_game(
            status=GameStatus.FINISHED, black=black, white=white, result="B+R", finished_at=at
        )

    first, late, other, tie, *_ = await games(
        repository,
        ended(5.0, "console:alice", "console:carol"),
        ended(9.0, "console:carol", "console:bob"),
        ended(9.5, "console:carol", "console:dave"),
        ended(5.0, "console:dave", "console:alice"),
        new_game(status=GameStatus.ACTIVE, black="console:alice", white="console:bob"),
        new_game(challenger="console:alice", challenged="console:bob"),
    )
    async with repository.unit_of_work() as uow:
        found = await uow.games.finished_for(["console:alice", "console:bob"])
        assert [g.id for g in found] == [late.id, tie.id, first.id]
        two = await uow.games.finished_for(["console:alice", "console:bob"], limit=2)
        assert [g.id for g in two] == [late.id, tie.id]
        assert [g.id for g in await uow.games.finished_for(["console:dave"])] == [other.id, tie.id]
        assert await uow.games.finished_for([]) == []
        assert await uow.games.finished_for(["console:zed"]) == []


async def test_games_that_started_and_the_games_of_a_league(repository: Database) -> None:
    def of(status: GameStatus, league_id: int | None = None, round_: int | None = None) -> GameRow:
        return new_game(status=status, league_id=league_id, round=round_)

    challenge, declined, active, later, finished, elsewhere = await games(
        repository,
        of(GameStatus.CHALLENGE, 7, 1),
        of(GameStatus.DECLINED, 7, 1),
        of(GameStatus.ACTIVE),
        of(GameStatus.ACTIVE, 7, 2),
        of(GameStatus.FINISHED, 7, 1),
        of(GameStatus.FINISHED, 8, 1),
    )
    async with repository.unit_of_work() as uow:
        started = [active.id, later.id, finished.id, elsewhere.id]
        assert [g.id for g in await uow.games.listed()] == started
        assert [g.id for g in await uow.games.listed(7)] == [later.id, finished.id]
        assert await uow.games.listed(9) == []
        in_league = [challenge.id, declined.id, finished.id, later.id]  # by round, then id
        assert [g.id for g in await uow.games.in_league(7)] == in_league
        assert (await uow.games.in_league(7))[0] == challenge
        assert await uow.games.in_league(9) == []


async def test_linked_accounts_of_a_person(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        for row in (
            PlayerRow("telegram:5", "alice", person="discord:1"),
            PlayerRow("discord:1", "Alice"),
            PlayerRow("console:alice", "alice", person="discord:1"),
            PlayerRow("console:bob", "bob"),
            PlayerRow("telegram:9", "carol", person="discord:77"),  # her person has no row
        ):
            await uow.players.save(row)
        await uow.commit()
    async with repository.unit_of_work() as uow:
        linked = await uow.players.get("telegram:5")
        assert linked == PlayerRow("telegram:5", "alice", person="discord:1")
        assert linked.person_id == "discord:1"
        found = await uow.players.get_many(["discord:1", "console:alice"])
        assert found["discord:1"].person is None and found["discord:1"].person_id == "discord:1"
        assert found["console:alice"].person_id == "discord:1"
        assert await uow.players.accounts("discord:1") == [
            "discord:1",
            "console:alice",
            "telegram:5",
        ]
        assert await uow.players.accounts("console:bob") == ["console:bob"]
        assert await uow.players.accounts("discord:77") == ["telegram:9"]
        assert await uow.players.accounts("console:zed") == []
        await uow.players.save(PlayerRow("telegram:5", "alice"))  # unlinked again
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.players.accounts("discord:1") == ["discord:1", "console:alice"]


async def test_unfinished_leagues_in_every_community(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        first = await uow.leagues.add(league("a"))
        await uow.leagues.add(league("b", "telegram:-5", status=LeagueStatus.ENDED))
        third = await uow.leagues.add(league("c", "telegram:-5", status=LeagueStatus.RUNNING))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert [row.id for row in await uow.leagues.unfinished()] == [first.id, third.id]
