"""Upgrades keep everything: a database created with the oldest released schema (migration 1
only) and filled with games in every state — an open challenge, a declined one, a game being
played, one stopped with a marking, finished ones (counted, resigned, rated with ratings), a game
in a Discord server, a league with entries and two rounds, settings, a used link code, lessons
and a channel's problem of the day — is
migrated to today's schema by the storage's own migrator, on SQLite and on PostgreSQL, and reads
back through the service's ports and reads exactly as the same content written by today's build.

How the old database is made, generically over the migration list (so it keeps working as
migrations are added): today's service fills a SQLite file (the *source*). A new database is then
migrated one migration at a time by the real migrator (``open_sqlite``/``open_postgres`` with the
migration list cut at that version), and after each step the source rows that fit are written:
a row goes in at the first step where its table exists, every column it needs exists, and the rows
it references are in. A column is not needed when its value is what the schema or a migration
gives a row stored before the column existed (NULL, the column's default, :data:`DERIVED`); so
most games, their moves and players go in at migration 1, league games and ratings at the
migration that created them, and every later migration runs over them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import re
import sqlite3
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from unittest import mock

import pytest

from service import GameService, View
from service.club_commands import League, LeagueAction, LinkAccount
from service.commands import (
    SYSTEM,
    Accept,
    Actor,
    Adjudicate,
    Challenge,
    Configure,
    Dead,
    Decline,
    Done,
    Pass,
    Play,
    Request,
    Resign,
    Sgf,
    ShowBoard,
)
from service.errors import UserError
from service.ports import DailyRow, Database, GameStatus, LearnerRow
from storage import SchemaTooNew, migrations
from storage.sqlite import open_sqlite
from tests.postgres_support import drop_schema, new_schema, require_postgres

ALICE, BOB, CAROL, DAVE = (Actor(f"console:{n}", n) for n in ("alice", "bob", "carol", "dave"))
ORG = Actor("console:org", "org")
ALICE_TG = Actor("telegram:501", "alice_tg")
T0 = 1_700_000_000.0
SKIPPED = frozenset({"schema_version", "sqlite_sequence"})
#: columns a migration fills for rows stored before them: (table, column) → the value it gives
DERIVED: dict[tuple[str, str], Callable[[dict[str, Any]], Any]] = {
    ("games", "finished_at"): lambda row: (
        row["updated_at"] if row["status"] == GameStatus.FINISHED else None
    ),  # migration 4
    ("games", "community"): lambda row: row["channel"],  # migration 5
}


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


# -- the source: today's build fills a database ---------------------------------------------------


async def fill(database: Database) -> None:
    """Games in every state, ratings, a league in its second round, settings, a link code,
    lessons and problems."""
    clock = Clock()
    service = GameService(database, organisers={ORG.id}, clock=clock, rng=random.Random(7))

    async def run(command: Any, actor: Actor, **request: Any) -> int | None:
        clock.now += 60
        request.setdefault("channel", "console")
        view: View = await service.execute(command, Request(actor, **request))
        return view.game_id

    async def started(black: Actor, white: Actor, **terms: str) -> int:
        gid = await run(Challenge(white, {"size": "9", "color": "black", **terms}), black)
        assert gid is not None
        await run(Accept(), white, game=gid)
        return gid

    async def moves(gid: int, black: Actor, white: Actor, *points: str) -> None:
        for index, point in enumerate(points):
            actor = black if index % 2 == 0 else white
            await run(Pass() if point == "pass" else Play(point), actor, game=gid)

    wall = [f"{column}{row}" for row in range(1, 10) for column in "DE"]
    await run(Challenge(BOB, {"size": "13"}), ALICE)  # open
    declined = await run(Challenge(CAROL, {"size": "9"}), DAVE)
    await run(Decline(), CAROL, game=declined)
    playing = await started(ALICE, BOB)
    await moves(playing, ALICE, BOB, "D4", "E5", "C3")
    stopped = await started(CAROL, DAVE)
    await moves(stopped, CAROL, DAVE, *wall, "H5", "pass", "pass")
    await run(Dead(("H5",)), DAVE, game=stopped)  # the marking's version 2: H5 alive
    counted = await started(ALICE, CAROL)
    await moves(counted, ALICE, CAROL, *wall, "H5", "pass", "pass")
    await run(Done(1), ALICE, game=counted)
    await run(Done(1), CAROL, game=counted)
    rated = await started(BOB, DAVE, rated="yes")
    await moves(rated, BOB, DAVE, "E5", "C3")
    await run(Resign(confirm=True), DAVE, game=rated)
    server = {"channel": "discord:chan", "community": "discord:guild"}
    await started_on(run, server)
    await run(Configure({"language": "cs"}), CAROL)
    code = await run_code(service, clock)
    await run(LinkAccount(code), ALICE_TG, channel="telegram:9")
    await run(League(LeagueAction.CREATE, "autumn", options={"size": "9"}), ORG)
    for player in (ALICE, BOB, CAROL):
        await run(League(LeagueAction.JOIN, "autumn"), player)
    await run(League(LeagueAction.START, "autumn"), ORG)
    first = await league_games(database)
    await run(Adjudicate("W+R"), ORG, game=first[0])
    await run(League(LeagueAction.PAIR, "autumn"), ORG)
    await run(League(LeagueAction.CREATE, "winter"), ORG)
    await run(League(LeagueAction.PUBLISH, "winter"), ORG)  # its pages public under a token
    await learning(database)


async def learning(database: Database) -> None:
    """A person's lessons and problems (saved twice: version 2) and two channels' problem of
    the day, written through the port."""
    progress = {"lessons": {"capture": {"step": 3}}, "solved": ["ld-001"], "name": "Černý 碁"}
    async with database.unit_of_work() as uow:
        first = await uow.learning.save_learner(LearnerRow(ALICE.id, data=progress))
        await uow.learning.save_learner(LearnerRow(BOB.id, updated_at=T0))
        await uow.learning.save_learner(dataclasses.replace(first, updated_at=T0 + 60))
        await uow.learning.save_daily(DailyRow("console", T0 + 86_400, data={"posted": ["a"]}))
        await uow.learning.save_daily(DailyRow("telegram:-100123", T0 + 3_600))
        await uow.commit()


async def started_on(run: Any, request: dict[str, str]) -> None:
    """A game in a Discord server: its community is not its channel."""
    alice, bob = Actor("discord:11", "alice_dc"), Actor("discord:12", "bob_dc")
    gid = await run(Challenge(bob, {"size": "9", "color": "black"}), alice, **request)
    await run(Accept(), bob, game=gid, **request)
    await run(Play("C3"), alice, game=gid, **request)


async def run_code(service: GameService, clock: Clock) -> str:
    clock.now += 60
    view = await service.execute(LinkAccount(), Request(ALICE, "console"))
    found = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", view.lines[0])
    assert found is not None
    return found.group(0)


async def league_games(database: Database) -> list[int]:
    async with database.unit_of_work() as uow:
        leagues = await uow.leagues.named("autumn")
        return [row.id for row in await uow.games.in_league(leagues[0].id)]


# -- what the service sees ------------------------------------------------------------------------


@dataclass
class Keys:
    """The keys of every record in the source, to read them back by."""

    games: list[int] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    persons: list[str] = field(default_factory=list)
    leagues: list[int] = field(default_factory=list)
    owners: list[str] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)
    learners: list[str] = field(default_factory=list)
    dailies: list[str] = field(default_factory=list)


def keys_of(rows: Sequence[tuple[str, dict[str, Any]]]) -> Keys:
    keys = Keys()
    wanted: dict[tuple[str, str], list[Any]] = {
        ("games", "id"): keys.games,
        ("players", "id"): keys.players,
        ("ratings", "person"): keys.persons,
        ("leagues", "id"): keys.leagues,
        ("settings", "owner"): keys.owners,
        ("link_codes", "code"): keys.codes,
        ("learners", "person"): keys.learners,
        ("dailies", "channel"): keys.dailies,
    }
    for table, row in rows:
        for (name, column), found in wanted.items():
            if name == table:
                found.append(row[column])
    return keys


async def seen(database: Database, keys: Keys) -> dict[str, Any]:
    """Everything the service's ports and reads give for ``keys``."""
    out: dict[str, Any] = {}
    async with database.unit_of_work() as uow:
        for gid in keys.games:
            out[f"game {gid}"] = await uow.games.get(gid)
            out[f"events {gid}"] = await uow.games.events(gid)
            out[f"links {gid}"] = await uow.links.for_game(gid)
        out["players"] = await uow.players.get_many(keys.players)
        out["ratings"] = await uow.ratings.get_many(keys.persons)
        out["rating changes"] = await uow.ratings.changes(keys.persons, limit=1000)
        out["ranked"] = await uow.ratings.ranked(None, limit=1000)
        for lid in keys.leagues:
            out[f"league {lid}"] = await uow.leagues.get(lid)
            out[f"league games {lid}"] = await uow.games.in_league(lid)
        out["settings"] = await uow.settings.get_many(keys.owners)
        for code in keys.codes:
            out[f"code {code}"] = await uow.codes.get(code)
        out["learners"] = await uow.learning.learners(keys.learners)
        for channel in keys.dailies:
            out[f"daily {channel}"] = await uow.learning.daily(channel)
        out["due dailies"] = await uow.learning.daily_due(T0 + 10 * 86_400)
        out["next daily"] = await uow.learning.next_daily()
    clock = Clock()
    clock.now = T0 + 86_400
    service = GameService(database, organisers={ORG.id}, clock=clock, rng=random.Random(1))
    for gid in keys.games:
        for command in (ShowBoard(), Sgf()):
            try:
                view = await service.execute(command, Request(SYSTEM, game=gid))
            except UserError as error:
                out[f"{command} {gid}"] = error.key
                continue
            out[f"{command} {gid}"] = (view.keys, view.lines, view.board, view.file)
    return out


# -- the source's rows ----------------------------------------------------------------------------


@dataclass
class Source:
    """The source database's rows by table (tables in the order they were created), each
    row's needed columns, and the foreign keys."""

    rows: list[tuple[str, dict[str, Any]]]
    needed: list[frozenset[str]]
    references: dict[str, list[tuple[str, str, str]]]  # table → (column, table, column)


def read_source(path: Path) -> Source:
    conn = sqlite3.connect(path)
    try:
        tables = [
            name
            for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid"
            )
            if name not in SKIPPED
        ]
        defaults: dict[tuple[str, str], Any] = {}
        references: dict[str, list[tuple[str, str, str]]] = {}
        rows: list[tuple[str, dict[str, Any]]] = []
        for table in tables:
            for _, column, _, _, default, _ in conn.execute(f"PRAGMA table_info({table})"):
                if default is not None:
                    defaults[table, column] = conn.execute(f"SELECT {default}").fetchone()[0]
            references[table] = [
                (fk[3], fk[2], fk[4]) for fk in conn.execute(f"PRAGMA foreign_key_list({table})")
            ]
            cursor = conn.execute(f"SELECT * FROM {table} ORDER BY rowid")
            names = [d[0] for d in cursor.description]
            rows += [(table, dict(zip(names, values, strict=True))) for values in cursor]
    finally:
        conn.close()

    def needed(table: str, row: dict[str, Any]) -> frozenset[str]:
        return frozenset(
            column
            for column, value in row.items()
            if value is not None
            and defaults.get((table, column), object()) != value
            and not ((table, column) in DERIVED and DERIVED[table, column](row) == value)
        )

    return Source(rows, [needed(t, r) for t, r in rows], references)


# -- an old database, filled step by step ---------------------------------------------------------


class Target(Protocol):
    dialect: str

    async def migrate(self) -> None:
        """Open the database with the real migrator (and close it)."""

    async def columns(self) -> dict[str, dict[str, str]]:
        """Each table's columns and their types."""

    async def insert(self, table: str, row: dict[str, Any]) -> None: ...

    async def done(self) -> None:
        """After the last row: what a database that grew by use would have (sequences)."""

    async def open(self) -> Database: ...


class SqliteTarget:
    dialect = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path

    async def migrate(self) -> None:
        database = await open_sqlite(self.path)
        await database.close()

    async def columns(self) -> dict[str, dict[str, str]]:
        with contextlib.closing(sqlite3.connect(self.path)) as conn:
            tables = [
                n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            ]
            return {
                table: {row[1]: row[2] for row in conn.execute(f"PRAGMA table_info({table})")}
                for table in tables
            }

    async def insert(self, table: str, row: dict[str, Any]) -> None:
        with contextlib.closing(sqlite3.connect(self.path, isolation_level=None)) as conn:
            conn.execute("PRAGMA foreign_keys=ON")
            marks = ", ".join("?" * len(row))
            conn.execute(
                f"INSERT INTO {table} ({', '.join(row)}) VALUES ({marks})", tuple(row.values())
            )

    async def done(self) -> None:
        pass  # AUTOINCREMENT counts explicit ids too

    async def open(self) -> Database:
        return await open_sqlite(self.path)


class PostgresTarget:
    dialect = "postgresql"

    def __init__(self, url: str, schema: str) -> None:
        self.url, self.schema = url, schema

    async def connect(self) -> Any:
        import asyncpg

        return await asyncpg.connect(self.url, server_settings={"search_path": self.schema})

    async def migrate(self) -> None:
        database = await self.open()
        await database.close()

    async def columns(self) -> dict[str, dict[str, str]]:
        conn = await self.connect()
        try:
            found: dict[str, dict[str, str]] = {}
            for row in await conn.fetch(
                "SELECT table_name, column_name, data_type FROM information_schema.columns "
                "WHERE table_schema = $1",
                self.schema,
            ):
                found.setdefault(row["table_name"], {})[row["column_name"]] = row["data_type"]
            return found
        finally:
            await conn.close()

    async def insert(self, table: str, row: dict[str, Any]) -> None:
        types = (await self.columns())[table]
        convert: dict[str, Callable[[Any], Any]] = {
            "integer": int,
            "bigint": int,
            "smallint": int,
            "double precision": float,
            "real": float,
            "boolean": bool,
        }
        values = [
            None if value is None else convert.get(types[column], lambda v: v)(value)
            for column, value in row.items()
        ]
        marks = ", ".join(f"${n}" for n in range(1, len(row) + 1))
        conn = await self.connect()
        try:
            await conn.execute(f"INSERT INTO {table} ({', '.join(row)}) VALUES ({marks})", *values)
        finally:
            await conn.close()

    async def done(self) -> None:
        conn = await self.connect()
        try:
            serials = await conn.fetch(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = $1 AND column_default LIKE 'nextval%'",
                self.schema,
            )
            for row in serials:
                table, column = row["table_name"], row["column_name"]
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), MAX({column})) "
                    f"FROM {table} HAVING MAX({column}) IS NOT NULL"
                )
        finally:
            await conn.close()

    async def open(self) -> Database:
        from storage.postgres import open_postgres

        return await open_postgres(self.url, schema=self.schema)


@contextlib.contextmanager
def migrations_up_to(count: int) -> Iterator[None]:
    """The storage's migrators see this build's first ``count`` migrations only."""
    real = migrations.load
    with mock.patch.object(migrations, "load", lambda dialect: real(dialect)[:count]):
        yield


async def build_old(target: Target, source: Source) -> list[Counter[str]]:
    """Migrate ``target`` one migration at a time, writing the source's rows as soon as they fit;
    the rows written at each step, by table."""
    steps: list[Counter[str]] = []
    written: dict[str, list[dict[str, Any]]] = {}
    left = list(range(len(source.rows)))
    for count in range(1, len(migrations.load(target.dialect)) + 1):
        with migrations_up_to(count):
            await target.migrate()
        columns = await target.columns()
        step: Counter[str] = Counter()
        for index in list(left):
            table, row = source.rows[index]
            if table not in columns or not source.needed[index] <= set(columns[table]):
                continue
            if not all(
                row[column] is None
                or any(other[to] == row[column] for other in written.get(parent, []))
                for column, parent, to in source.references[table]
            ):
                continue
            await target.insert(table, {c: v for c, v in row.items() if c in columns[table]})
            written.setdefault(table, []).append(row)
            step[table] += 1
            left.remove(index)
        steps.append(step)
    assert not left, [source.rows[i] for i in left]  # every row found its step
    await target.done()
    return steps


@pytest.fixture
async def source(tmp_path: Path) -> tuple[Source, dict[str, Any]]:
    """The source's rows and what the service sees in it."""
    path = tmp_path / "source.db"
    database = await open_sqlite(path)
    try:
        await fill(database)
    finally:
        await database.close()
    rows = read_source(path)
    database = await open_sqlite(path)
    try:
        return rows, await seen(database, keys_of(rows.rows))
    finally:
        await database.close()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
async def target(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Target]:
    if request.param == "sqlite":
        yield SqliteTarget(tmp_path / "old.db")
        return
    url = await require_postgres()
    schema = new_schema()
    try:
        yield PostgresTarget(url, schema)
    finally:
        await drop_schema(url, schema)


def test_the_source_has_games_in_every_state(source: tuple[Source, dict[str, Any]]) -> None:
    rows, _ = source
    games = [row for table, row in rows.rows if table == "games"]
    statuses = Counter(row["status"] for row in games)
    assert statuses.keys() == {"challenge", "declined", "active", "finished"}
    assert any(row["league_id"] and row["round"] == 2 for row in games)
    assert any(row["rated"] and row["status"] == "finished" for row in games)
    assert any(row["community"] != row["channel"] for row in games)
    tables = Counter(table for table, _ in rows.rows)
    assert tables["ratings"] >= 2 and tables["rating_changes"] >= 2
    assert tables["leagues"] == 2 and tables["settings"] and tables["link_codes"]
    autumn, winter = (row["token"] for table, row in rows.rows if table == "leagues")
    assert autumn is None and winter is not None  # unpublished, published
    assert tables["learners"] == 2 and tables["dailies"] == 2


async def test_an_upgrade_from_the_first_schema_keeps_everything(
    source: tuple[Source, dict[str, Any]], target: Target
) -> None:
    rows, expected = source
    steps = await build_old(target, rows)
    first = steps[0]
    assert first["games"] >= 6 and first["events"] >= 40 and first["players"] >= 4
    assert sum(steps[4].values()) > 0  # the club's rows wait for migration 5
    versions = [version for version, _ in migrations.load(target.dialect)]
    assert steps[versions.index(9)]["leagues"] == 1  # a published league waits for its token
    learning = steps[versions.index(11)]  # lessons and the problem of the day wait for theirs
    assert (learning["learners"], learning["dailies"]) == (2, 2)

    database = await target.open()  # today's migrator, the whole list
    try:
        assert await seen(database, keys_of(rows.rows)) == expected
        token = next(r["token"] for t, r in rows.rows if t == "leagues" and r["token"])
        async with database.unit_of_work() as uow:  # leagues older than tokens: unpublished
            (autumn,) = await uow.leagues.named("autumn")
            assert autumn.token is None
            found = await uow.leagues.published(token)
            assert found is not None and found.name == "winter"
        # and the upgraded database plays on: a move, a new game
        clock = Clock()
        clock.now = T0 + 2 * 86_400
        service = GameService(database, organisers={ORG.id}, clock=clock, rng=random.Random(1))
        playing = next(
            row["id"]
            for table, row in rows.rows
            if table == "games"
            and row["status"] == "active"
            and row["channel"] == "console"
            and row["league_id"] is None
            and row["black"] == ALICE.id
        )
        await service.execute(Play("F6"), Request(BOB, "console", game=playing))
        view = await service.execute(Challenge(BOB, {"size": "9"}), Request(CAROL, "console"))
        assert view.game_id == max(keys_of(rows.rows).games) + 1
    finally:
        await database.close()


async def test_a_database_newer_than_this_build_is_refused_and_left_alone(target: Target) -> None:
    """Migrations only go forward: a database a newer build upgraded is not opened (the bot
    says so at start) and not changed."""
    await target.migrate()
    newer = migrations.load(target.dialect)[-1][0] + 1
    await target.insert("schema_version", {"version": newer})
    with pytest.raises(SchemaTooNew) as refused:
        await target.open()
    assert (refused.value.current, refused.value.latest) == (newer, newer - 1)
    columns = await target.columns()
    assert "schema_version" in columns
    with pytest.raises(SchemaTooNew):
        await target.migrate()  # still refused: nothing was changed or recorded
