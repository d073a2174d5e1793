"""A small published league for the web's tests, built through the service: four players (the
fourth with a hostile display name), a round-robin on 9×9 whose first round has one game
counted to its end (two passes, the bot's marking accepted) and one still being played; the
league is published under :data:`TOKEN` (and a second league, of another community, under
:data:`OTHER_TOKEN`)."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.web.app import build_app
from service import Actor, GameService, Request
from service.club_commands import League, LeagueAction
from service.commands import Done, Pass, Play
from service.ports import Database, GameRow, GameStatus
from storage.memory import open_memory
from storage.sqlite import open_sqlite
from tests.postgres_support import drop_schema, new_schema, require_postgres

COMMUNITY = "console"
ORGANISER = Actor("console:organiser", "Organiser")
HOSTILE = '<script>alert("x")</script>&amp;'
PLAYERS = (
    Actor("discord:1001", "Jiří Dvořák"),
    Actor("telegram:2002", "Ernő Kovács"),
    Actor("console:carol", "Carol"),
    Actor("discord:1004", HOSTILE),
)
TOKEN = "Tok3n_published-league-0123456789"
OTHER_TOKEN = "Other_league-token-9876543210abc"
#: two walls from edge to edge: Black owns the right (36 points), White the left (27)
COUNTED_MOVES = tuple(f"{c}{n}" for n in range(1, 10) for c in "ED")
OPEN_MOVES = ("C3", "G7", "C7")


@dataclass(slots=True)
class Built:
    """What :func:`build_league` made."""

    service: GameService
    database: Database
    league_id: int
    counted: int  # a finished game (counted)
    open: int  # a game being played
    other_game: int  # a game of the other league


def org() -> Request:
    return Request(ORGANISER, COMMUNITY, community=COMMUNITY, organiser=True)


def request(actor: Actor, game_id: int | None = None) -> Request:
    return Request(actor, COMMUNITY, game=game_id, community=COMMUNITY)


async def rows(database: Database, league_id: int) -> list[GameRow]:
    async with database.unit_of_work() as uow:
        return await uow.games.in_league(league_id)


async def publish(database: Database, league_id: int, token: str | None) -> None:
    """Set (or, with None, clear) the league's web token, as ``league publish`` does."""
    async with database.unit_of_work() as uow:
        row = await uow.leagues.get(league_id)
        assert row is not None
        await uow.leagues.update(dataclasses.replace(row, token=token))
        await uow.commit()


async def play(service: GameService, database: Database, game_id: int, *moves: str) -> None:
    """``moves`` in turn, each by the player to move (``pass`` passes)."""
    by_id = {a.id: a for a in PLAYERS}
    for move in moves:
        async with database.unit_of_work() as uow:
            row = await uow.games.get(game_id)
        assert row is not None and row.to_move is not None
        actor = by_id[row.to_move]
        command = Pass() if move == "pass" else Play(move)
        await service.execute(command, request(actor, game_id))


async def _league(service: GameService, database: Database, name: str, community: str) -> int:
    boss = Request(ORGANISER, community, community=community, organiser=True)
    options = {"size": "9", "komi": "6.5"}
    await service.execute(League(LeagueAction.CREATE, name, options=options), boss)
    for actor in PLAYERS:
        await service.execute(
            League(LeagueAction.JOIN, name), Request(actor, community, community=community)
        )
    await service.execute(League(LeagueAction.START, name), boss)
    async with database.unit_of_work() as uow:
        row = await uow.leagues.find(community, name)
    assert row is not None
    return row.id


async def build_league(service: GameService, database: Database) -> Built:
    """The published league, one game counted, one open; and another league's game."""
    league_id = await _league(service, database, "Podzim", COMMUNITY)
    counted, open_ = sorted(g.id for g in await rows(database, league_id))
    await play(service, database, counted, *COUNTED_MOVES, "pass", "pass")
    async with database.unit_of_work() as uow:
        row = await uow.games.get(counted)
    assert row is not None and row.black is not None and row.white is not None
    by_id = {a.id: a for a in PLAYERS}
    for player in (row.black, row.white):
        await service.execute(Done(), request(by_id[player], counted))
    await play(service, database, open_, *OPEN_MOVES)
    other = await _league(service, database, "Jaro", "discord:5")
    other_game = min(g.id for g in await rows(database, other))
    await publish(database, league_id, TOKEN)
    await publish(database, other, OTHER_TOKEN)
    finished = await rows(database, league_id)
    assert {g.id: g.status for g in finished}[counted] is GameStatus.FINISHED
    return Built(service, database, league_id, counted, open_, other_game)


_SCHEMAS: dict[int, tuple[str, str]] = {}  # an open PostgreSQL database -> its url and schema


@contextlib.asynccontextmanager
async def open_backend(
    kind: str, folder: Path, *, same_as: Database | None = None
) -> AsyncIterator[Database]:
    """A fresh database: ``memory``, ``sqlite`` (a file in ``folder``) or ``postgresql`` (a
    schema of its own on the test server); ``same_as``: another connection to that one (as
    another bot process has)."""
    if kind == "memory":
        db: Database = await open_memory()
    elif kind == "sqlite":
        db = await open_sqlite(folder / "games.db")
    else:
        from storage.postgres import open_postgres

        if same_as is not None:
            url, schema = _SCHEMAS[id(same_as)]
            db = await open_postgres(url, schema=schema)
            try:
                yield db
            finally:
                await db.close()
            return
        url = await require_postgres()
        schema = new_schema()
        db = await open_postgres(url, schema=schema)
        _SCHEMAS[id(db)] = (url, schema)
        try:
            yield db
        finally:
            del _SCHEMAS[id(db)]
            await db.close()
            await drop_schema(url, schema)
        return
    try:
        yield db
    finally:
        await db.close()


@contextlib.asynccontextmanager
async def serve(app: web.Application) -> AsyncIterator[TestClient[web.Request, web.Application]]:
    """``app`` on a test server, with its client."""
    async with TestClient(TestServer(app)) as client:
        yield client


def new_service(database: Database) -> GameService:
    return GameService(database, organisers={ORGANISER.id}, rng=random.Random(3))


def unlimited(service: GameService, **options: Any) -> web.Application:
    """The web app without its rate cap (tests that ask for many pages at once)."""
    return build_app(service, rate=1e9, burst=10**9, **options)
