"""Service tests run on the in-memory backend (``storage.memory``, held to the same contract suite
as the real ones in tests/storage), with a clock the test moves; the tests of concurrency, crashes
and whole games also run on both real databases (``real_service``: SQLite in a temporary file,
PostgreSQL in a fresh schema)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from service import Actor, GameService, View
from service.commands import Accept, Challenge, Pass, Play, Request
from service.errors import UserError
from service.i18n import t
from service.ports import Database
from storage.memory import open_memory
from storage.sqlite import open_sqlite
from tests.postgres_support import drop_schema, new_schema, require_postgres

ALICE = Actor("console:alice", "alice")
BOB = Actor("console:bob", "bob")
CAROL = Actor("console:carol", "carol")
ORGANISER = Actor("discord:1", "org")
START = 1_767_268_800.0  # 2026-01-01 12:00 UTC, a Thursday


class FakeClock:
    """A clock that moves only when the test says so."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def database() -> AsyncIterator[Database]:
    db = await open_memory()
    try:
        yield db
    finally:
        await db.close()


@pytest.fixture(params=["sqlite", "postgresql"])
async def real_database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    if request.param == "sqlite":
        db: Database = await open_sqlite(tmp_path / "games.db")
        try:
            yield db
        finally:
            await db.close()
        return
    from storage.postgres import open_postgres

    url = await require_postgres()
    schema = new_schema()
    db = await open_postgres(url, schema=schema)
    try:
        yield db
    finally:
        await db.close()
        await drop_schema(url, schema)


@pytest.fixture
def service(database: Database, clock: FakeClock) -> GameService:
    return GameService(database, organisers={ORGANISER.id}, clock=clock, rng=random.Random(1))


@pytest.fixture
def real_service(real_database: Database, clock: FakeClock) -> GameService:
    return GameService(real_database, organisers={ORGANISER.id}, clock=clock, rng=random.Random(1))


async def start_game(
    service: GameService, *options: str, black: Actor = ALICE, white: Actor = BOB
) -> int:
    """A started game between ``black`` and ``white``; returns its number."""
    opts = dict(o.split("=", 1) for o in options)
    opts.setdefault("color", "black")
    view = await service.execute(Challenge(white, opts), Request(black))
    assert view.game_id is not None
    await service.execute(Accept(), Request(white, game=view.game_id))
    return view.game_id


async def play_moves(service: GameService, game_id: int, *moves: str) -> None:
    """Alternate ALICE (Black) and BOB (White) from the player to move."""
    for index, move in enumerate(moves):
        actor = ALICE if index % 2 == 0 else BOB
        if move == "pass":
            await service.execute(Pass(), Request(actor, game=game_id))
        else:
            await service.execute(Play(move), Request(actor, game=game_id))


async def version_of(database: Database, game_id: int) -> tuple[int, int]:
    async with database.unit_of_work() as uow:
        row = await uow.games.get(game_id)
        assert row is not None
        return row.version, len(await uow.games.events(game_id))


def line(view: View, key: str) -> str:
    """The one line of ``view`` with the catalogue key ``key``."""
    found = [text for text, its in zip(view.lines, view.keys, strict=True) if its == key]
    assert len(found) == 1, (key, view.keys)
    return found[0]


def says(error: UserError, key: str, /, **params: object) -> bool:
    """The error's message is the catalogue's ``key`` with ``params`` (in any language)."""
    return error.key == key and error.message == t(key, **params)


def left(days: int, hours: int) -> str:
    """``3d 0h left`` in the current language."""
    return t("caption.left", left=t("clock.days_hours", d=days, h=hours))
