"""Exactly-once under concurrency: many commands for the same move, each in its own unit of work,
through one or several connections to the same database; redelivered updates apply once."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from engine.colors import Color
from service import Actor, GameService
from service.club_commands import League, LeagueAction
from service.commands import Challenge, Play, Request, ShowBoard
from service.errors import Busy, NotYourTurn, UserError
from service.i18n import t
from service.league_play import league_data
from service.ports import ConcurrentUpdate, Contended, Database, UnitOfWork
from service.views import color_name
from storage.sqlite import open_sqlite
from tests.postgres_support import drop_schema, new_schema, require_postgres
from tests.service.conftest import ALICE, CAROL, FakeClock, start_game


async def test_fifty_concurrent_plays_of_one_move_apply_once(real_service: GameService) -> None:
    service = real_service
    gid = await start_game(service, "size=9")
    points = [f"{c}{r}" for c in "ABCDEFGHJ" for r in range(1, 10)][:50]
    results = await asyncio.gather(
        *(service.execute(Play(p), Request(ALICE, game=gid)) for p in points),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1 and len(refused) == 49
    whites_move = t("error.not_your_turn", color=color_name(Color.WHITE))
    assert all(
        isinstance(e, NotYourTurn) and e.key == "error.not_your_turn" and e.message == whites_move
        for e in refused
    )
    board = await service.execute(ShowBoard(), Request(CAROL, game=gid))
    assert board.board is not None and len(board.board.black) == 1
    assert board.board.move_number == 1


async def test_concurrent_plays_through_separate_connections(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    clock = FakeClock()
    databases = [await open_sqlite(path) for _ in range(3)]
    try:
        services = [GameService(db, clock=clock, rng=random.Random(1)) for db in databases]
        gid = await start_game(services[0], "size=9")
        calls = [services[i % 3].execute(Play("E5"), Request(ALICE, game=gid)) for i in range(30)]
        calls += [services[i % 3].execute(Play("D4"), Request(ALICE, game=gid)) for i in range(20)]
        results = await asyncio.gather(*calls, return_exceptions=True)
        applied = [r for r in results if not isinstance(r, BaseException)]
        assert len(applied) == 1
        assert all(isinstance(r, UserError) for r in results if isinstance(r, BaseException))
        for svc in services:  # every process sees the one move, whatever its cache held
            board = await svc.execute(ShowBoard(), Request(CAROL, game=gid))
            assert board.board is not None and len(board.board.black) == 1
    finally:
        for db in databases:
            await db.close()


async def test_redelivered_updates_apply_once_even_concurrently(
    real_service: GameService,
) -> None:
    service = real_service
    gid = await start_game(service, "size=9")
    results = await asyncio.gather(
        *(
            service.execute(Play("E5"), Request(ALICE, game=gid, update_id="discord:999"))
            for _ in range(20)
        )
    )
    moved = [r.board for r in results if r.board is not None]
    assert len(moved) == 1 and moved[0].move_number == 1  # "Move 1 · Black E5"
    assert moved[0].last_move == (4, 4) and moved[0].black == frozenset({(4, 4)})
    assert sum(r.keys == ("info.already_done",) for r in results) == 19


class ConflictingDatabase:
    """A database whose every commit loses a race (to exercise the retry path)."""

    def __init__(self, inner: Database, what: Contended | None = None) -> None:
        self.inner = inner
        self.attempts = 0
        self.what = what

    def unit_of_work(self) -> UnitOfWork:
        outer = self
        uow = self.inner.unit_of_work()

        class Losing:
            def __getattr__(self, name: str) -> object:
                return getattr(uow, name)

            async def __aenter__(self) -> Losing:
                await uow.__aenter__()
                return self

            async def __aexit__(self, *exc: object) -> None:
                await uow.__aexit__(None, None, None)

            async def commit(self) -> None:
                outer.attempts += 1
                raise ConcurrentUpdate("lost the race", what=outer.what)

        return Losing()  # type: ignore[return-value]

    async def close(self) -> None:
        await self.inner.close()


async def test_a_command_that_keeps_losing_races_says_try_again(
    database: Database, clock: FakeClock
) -> None:
    flaky = ConflictingDatabase(database)
    service = GameService(flaky, clock=clock)
    with pytest.raises(Busy) as excinfo:
        await service.execute(Challenge(None, {}), Request(ALICE))
    assert excinfo.value.key == "error.busy"
    assert flaky.attempts > 1
    async with database.unit_of_work() as uow:
        assert await uow.games.open_challenges() == []


async def test_twenty_simultaneous_league_joins_on_postgresql_are_all_accepted() -> None:
    """Issue 29's audit: 14 joins at once on PostgreSQL, 20 times, had 33 of 280 refused as
    "Busy" (every join rewrote the league's row, and each lost race was retried at once). Here
    20 people join at once through 20 services on 4 connection pools: every one is accepted,
    and the league holds each of them exactly once."""
    from storage.postgres import open_postgres

    url = await require_postgres()
    schema = new_schema()
    databases = [await open_postgres(url, schema=schema, max_connections=5) for _ in range(4)]
    try:
        clock = FakeClock()
        services = [GameService(databases[i % 4], clock=clock) for i in range(20)]
        community = "discord:guild:5"
        here = Request(Actor("discord:1", "org"), "discord:2", community=community, organiser=True)
        await services[0].execute(League(LeagueAction.CREATE, "autumn"), here)
        joiners = [Actor(f"telegram:{100 + i}", f"p{i}") for i in range(20)]
        results = await asyncio.gather(
            *(
                services[i].execute(
                    League(LeagueAction.JOIN, "autumn"),
                    Request(joiner, "discord:2", community=community),
                )
                for i, joiner in enumerate(joiners)
            ),
            return_exceptions=True,
        )
        refused = [r for r in results if isinstance(r, BaseException)]
        assert refused == []
        async with databases[0].unit_of_work() as uow:
            found = await uow.leagues.find(community, "autumn")
        assert found is not None
        members = league_data(found).members
        assert sorted(m.account for m in members.values()) == sorted(j.id for j in joiners)
    finally:
        for db in databases:
            await db.close()
        await drop_schema(url, schema)


@pytest.mark.parametrize(
    ("what", "key"),
    [
        (Contended.GAME, "error.busy_game"),
        (Contended.LEAGUE, "error.busy_league"),
        (Contended.RATING, "error.busy_rating"),
        (Contended.ACCOUNT, "error.busy_account"),
    ],
)
async def test_busy_names_what_kept_changing(
    database: Database, clock: FakeClock, what: Contended, key: str
) -> None:
    """A league join that keeps losing its race is not told that "the game" changed."""
    service = GameService(ConflictingDatabase(database, what), clock=clock)
    with pytest.raises(Busy) as excinfo:
        await service.execute(League(LeagueAction.CREATE, "autumn"), Request(ALICE, organiser=True))
    assert excinfo.value.key == key
