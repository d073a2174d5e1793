"""The PostgreSQL implementation of the service's port (asyncpg), for several bot processes.

A unit of work is one READ COMMITTED transaction on a pooled connection. Exactly-once across
processes rests on the database: ``UPDATE … WHERE version = $n`` waits for a concurrent writer of
the same row and then finds the version changed, the ``(game_id, number)`` key rejects a second
event with the same number, and ``processed_updates`` rejects a redelivered update. Each of these
raises :class:`service.ports.ConcurrentUpdate`, and the service retries the whole command. Club
play's repositories (ratings, leagues, link codes) are in :mod:`storage.postgres_club`, the lessons'
and problems' in :mod:`storage.postgres_learning`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any

import asyncpg

from service.ports import ConcurrentUpdate, Contended, EventRow, GameRow, GameStatus, PlayerRow
from storage import migrations, rows
from storage.postgres_club import PostgresCodes, PostgresLeagues, PostgresRatings
from storage.postgres_feed import PostgresFeed
from storage.postgres_learning import PostgresLearning
from storage.rows import GAME_COLUMNS, PLAYER_COLUMNS, game_from_row, game_values, player_from_row

_NAMES = GAME_COLUMNS.split(", ")[2:]
_SCHEMA = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_MIGRATION_LOCK = 0x60B07  # pg_advisory_xact_lock key: one process migrates at a time


def _marks(start: int, count: int) -> str:
    return ", ".join(f"${i}" for i in range(start, start + count))


class PostgresGames:
    """:class:`service.ports.GameRepository` on PostgreSQL."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def add(self, game: GameRow) -> GameRow:
        row = await self._conn.fetchrow(
            f"INSERT INTO games (version, {', '.join(_NAMES)}) "
            f"VALUES (1, {_marks(1, len(_NAMES))}) RETURNING {GAME_COLUMNS}",
            *game_values(game),
        )
        assert row is not None
        return game_from_row(tuple(row))

    async def get(self, game_id: int) -> GameRow | None:
        row = await self._conn.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1", game_id)
        return game_from_row(tuple(row)) if row else None

    async def update(self, game: GameRow) -> GameRow:
        count = len(_NAMES)
        assignments = ", ".join(f"{name} = ${i}" for i, name in enumerate(_NAMES, start=1))
        row = await self._conn.fetchrow(
            f"UPDATE games SET version = version + 1, {assignments} "
            f"WHERE id = ${count + 1} AND version = ${count + 2} RETURNING {GAME_COLUMNS}",
            *game_values(game),
            game.id,
            game.version,
        )
        if row is None:
            raise ConcurrentUpdate(
                f"game {game.id} changed since version {game.version}", what=Contended.GAME
            )
        return game_from_row(tuple(row))

    async def events(self, game_id: int) -> list[EventRow]:
        rows = await self._conn.fetch(
            "SELECT number, text, at FROM events WHERE game_id = $1 ORDER BY number", game_id
        )
        return [EventRow(r["number"], r["text"], r["at"]) for r in rows]

    async def append_event(self, game_id: int, event: EventRow) -> None:
        try:
            await self._conn.execute(
                "INSERT INTO events (game_id, number, text, at) VALUES ($1, $2, $3, $4)",
                game_id,
                event.number,
                event.text,
                event.at,
            )
        except asyncpg.UniqueViolationError as error:
            raise ConcurrentUpdate(
                f"game {game_id} already has event {event.number}", what=Contended.GAME
            ) from error

    async def delete_events_from(self, game_id: int, number: int) -> None:
        await self._conn.execute(
            "DELETE FROM events WHERE game_id = $1 AND number >= $2", game_id, number
        )

    async def for_player(
        self, player: str, statuses: Sequence[GameStatus], limit: int = 100
    ) -> list[GameRow]:
        if not statuses:
            return []
        rows = await self._conn.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = ANY($1::text[]) AND "
            "(black = $2 OR white = $2 OR challenger = $2 OR challenged = $2) "
            "ORDER BY id DESC LIMIT $3",
            [s.value for s in statuses],
            player,
            limit,
        )
        return [game_from_row(tuple(r)) for r in rows]

    async def finished_since(self, player: str, since: float, limit: int = 100) -> list[GameRow]:
        rows = await self._conn.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = $1 AND finished_at >= $2 AND "
            "(black = $3 OR white = $3) ORDER BY finished_at DESC, id DESC LIMIT $4",
            GameStatus.FINISHED.value,
            since,
            player,
            limit,
        )
        return [game_from_row(tuple(r)) for r in rows]

    async def finished_for(self, players: Sequence[str], limit: int = 100) -> list[GameRow]:
        rows = await self._conn.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = $1 AND "
            "(black = ANY($2::text[]) OR white = ANY($2::text[])) "
            "ORDER BY finished_at DESC NULLS LAST, id DESC LIMIT $3",
            GameStatus.FINISHED.value,
            list(players),
            limit,
        )
        return [game_from_row(tuple(r)) for r in rows]

    async def listed(self, league_id: int | None = None) -> list[GameRow]:
        rows = await self._conn.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = ANY($1::text[]) AND "
            "($2::bigint IS NULL OR league_id = $2) ORDER BY id",
            [GameStatus.ACTIVE.value, GameStatus.FINISHED.value],
            league_id,
        )
        return [game_from_row(tuple(r)) for r in rows]

    async def in_league(self, league_id: int) -> list[GameRow]:
        rows = await self._conn.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE league_id = $1 ORDER BY round NULLS LAST, id",
            league_id,
        )
        return [game_from_row(tuple(r)) for r in rows]

    async def open_challenges(self, limit: int = 100) -> list[GameRow]:
        rows = await self._conn.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = $1 AND challenged IS NULL "
            "ORDER BY id DESC LIMIT $2",
            GameStatus.CHALLENGE.value,
            limit,
        )
        return [game_from_row(tuple(r)) for r in rows]

    async def waiting(self, community: str | None = None) -> int:
        # the status is written out, so that the planner may use the partial index of waiting ones
        if community is None:
            count = await self._conn.fetchval(
                "SELECT COUNT(*) FROM games WHERE status = 'challenge'"
            )
        else:
            count = await self._conn.fetchval(
                "SELECT COUNT(*) FROM games WHERE status = 'challenge' AND community = $1",
                community,
            )
        return int(count or 0)

    async def due(self, now: float, limit: int = 100) -> list[GameRow]:
        rows = await self._conn.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE deadline IS NOT NULL AND deadline <= $1 "
            "AND status = $2 ORDER BY deadline LIMIT $3",
            now,
            GameStatus.ACTIVE.value,
            limit,
        )
        return [game_from_row(tuple(r)) for r in rows]

    async def next_deadline(self) -> float | None:
        value = await self._conn.fetchval(
            "SELECT MIN(deadline) FROM games WHERE deadline IS NOT NULL AND status = $1",
            GameStatus.ACTIVE.value,
        )
        return None if value is None else float(value)


class PostgresPlayers:
    """:class:`service.ports.PlayerRepository` on PostgreSQL."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def get(self, player_id: str) -> PlayerRow | None:
        row = await self._conn.fetchrow(
            f"SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1", player_id
        )
        return None if row is None else player_from_row(tuple(row))

    async def get_many(self, player_ids: Sequence[str]) -> dict[str, PlayerRow]:
        if not player_ids:
            return {}
        rows = await self._conn.fetch(
            f"SELECT {PLAYER_COLUMNS} FROM players WHERE id = ANY($1::text[])", list(player_ids)
        )
        return {player.id: player for player in (player_from_row(tuple(r)) for r in rows)}

    async def save(self, player: PlayerRow) -> None:
        await self._conn.execute(
            f"INSERT INTO players ({PLAYER_COLUMNS}) VALUES ({_marks(1, 8)}) "
            "ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, language = EXCLUDED.language, "
            "vacation_since = EXCLUDED.vacation_since, vacation_used = EXCLUDED.vacation_used, "
            "vacation_year = EXCLUDED.vacation_year, data = EXCLUDED.data, "
            "person = EXCLUDED.person",
            *rows.player_values(player),
        )

    async def accounts(self, person: str) -> list[str]:
        found = await self._conn.fetch(
            'SELECT id FROM players WHERE id = $1 OR person = $1 ORDER BY id <> $1, id COLLATE "C"',
            person,
        )
        return [r["id"] for r in found]


class PostgresUpdates:
    """:class:`service.ports.UpdateLog` on PostgreSQL."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def claim(self, update_id: str, game_id: int | None, at: float) -> bool:
        status = await self._conn.execute(
            "INSERT INTO processed_updates (update_id, game_id, at) VALUES ($1, $2, $3) "
            "ON CONFLICT (update_id) DO NOTHING",
            update_id,
            game_id,
            at,
        )
        return bool(status.endswith(" 1"))


class PostgresLinks:
    """:class:`service.ports.LinkRepository` on PostgreSQL."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def put(self, game_id: int, key: str, value: str) -> None:
        await self._conn.execute(
            "INSERT INTO links (game_id, key, value) VALUES ($1, $2, $3) "
            "ON CONFLICT (game_id, key) DO UPDATE SET value = EXCLUDED.value",
            game_id,
            key,
            value,
        )

    async def for_game(self, game_id: int) -> dict[str, str]:
        rows = await self._conn.fetch("SELECT key, value FROM links WHERE game_id = $1", game_id)
        return {r["key"]: r["value"] for r in rows}

    async def find(self, key: str, value: str) -> int | None:
        found = await self._conn.fetchval(
            "SELECT MAX(game_id) FROM links WHERE key = $1 AND value = $2", key, value
        )
        return None if found is None else int(found)


class PostgresSettings:
    """:class:`service.ports.SettingsRepository` on PostgreSQL."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def get_many(self, owners: Sequence[str]) -> dict[str, dict[str, str]]:
        if not owners:
            return {}
        rows = await self._conn.fetch(
            "SELECT owner, data FROM settings WHERE owner = ANY($1::text[])", list(owners)
        )
        return {r["owner"]: json.loads(r["data"]) for r in rows}

    async def put(self, owner: str, values: Mapping[str, str]) -> None:
        if not values:
            await self._conn.execute("DELETE FROM settings WHERE owner = $1", owner)
            return
        await self._conn.execute(
            "INSERT INTO settings (owner, data) VALUES ($1, $2) "
            "ON CONFLICT (owner) DO UPDATE SET data = EXCLUDED.data",
            owner,
            json.dumps(dict(values), sort_keys=True, separators=(",", ":")),
        )


class PostgresUnitOfWork:
    """One transaction on a connection borrowed from the pool."""

    def __init__(self, database: PostgresDatabase) -> None:
        self._database = database
        self._conn: Any = None
        self._transaction: Any = None

    @property
    def games(self) -> PostgresGames:
        return PostgresGames(self._connection())

    @property
    def players(self) -> PostgresPlayers:
        return PostgresPlayers(self._connection())

    @property
    def updates(self) -> PostgresUpdates:
        return PostgresUpdates(self._connection())

    @property
    def links(self) -> PostgresLinks:
        return PostgresLinks(self._connection())

    @property
    def ratings(self) -> PostgresRatings:
        return PostgresRatings(self._connection())

    @property
    def leagues(self) -> PostgresLeagues:
        return PostgresLeagues(self._connection())

    @property
    def codes(self) -> PostgresCodes:
        return PostgresCodes(self._connection())

    @property
    def settings(self) -> PostgresSettings:
        return PostgresSettings(self._connection())

    @property
    def learning(self) -> PostgresLearning:
        return PostgresLearning(self._connection())

    def _connection(self) -> asyncpg.Connection:
        if self._conn is None:
            raise RuntimeError("the unit of work is not open (use 'async with')")
        conn: asyncpg.Connection = self._conn
        return conn

    async def __aenter__(self) -> PostgresUnitOfWork:
        self._conn = await self._database.pool.acquire()
        try:
            self._transaction = self._conn.transaction()
            await self._transaction.start()
        except BaseException:
            await self._database.pool.release(self._conn)
            self._conn = None
            raise
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            if self._transaction is not None:
                await self._transaction.rollback()
        finally:
            self._transaction = None
            conn, self._conn = self._conn, None
            if conn is not None:
                await self._database.pool.release(conn)

    async def commit(self) -> None:
        if self._transaction is None:
            raise RuntimeError("commit outside an open unit of work")
        transaction, self._transaction = self._transaction, None
        try:
            await transaction.commit()
        except (asyncpg.SerializationError, asyncpg.UniqueViolationError) as error:
            raise ConcurrentUpdate(str(error)) from error


class PostgresDatabase:
    """:class:`service.ports.Database` on a PostgreSQL connection pool; :attr:`feed` tells which
    games changed, in this process or another (it listens on a connection of its own)."""

    def __init__(self, pool: asyncpg.Pool, feed: PostgresFeed) -> None:
        self.pool = pool
        self.feed = feed

    def unit_of_work(self) -> PostgresUnitOfWork:
        return PostgresUnitOfWork(self)

    async def close(self) -> None:
        await self.feed.close()
        await self.pool.close()


async def _migrate(conn: Any) -> None:
    """Apply every migration newer than the stored schema version; processes take turns."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        current = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        migrations.refuse_newer(current, "postgresql")  # a newer build upgraded it
        for version, sql in migrations.load("postgresql"):
            if version > current:
                await conn.execute(sql)
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", version)


async def open_postgres(
    dsn: str, *, schema: str | None = None, max_connections: int = 10
) -> PostgresDatabase:
    """Connect a pool to ``dsn`` and run the migrations. ``schema`` (created if missing) keeps
    the tables apart from others in the same database, e.g. one schema per test."""
    settings: dict[str, str] = {"application_name": "gobot"}
    if schema is not None:
        if not _SCHEMA.match(schema):
            raise ValueError(f"not a schema name: {schema!r}")
        conn = await asyncpg.connect(dsn)
        try:
            async with conn.transaction():  # IF NOT EXISTS alone races: take turns
                await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                await conn.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
        finally:
            await conn.close()
        settings["search_path"] = schema
    pool = await asyncpg.create_pool(
        dsn, min_size=1, max_size=max_connections, server_settings=settings
    )
    try:
        async with pool.acquire() as pooled:
            await _migrate(pooled)
    except BaseException:
        await pool.close()
        raise
    feed = PostgresFeed(lambda: asyncpg.connect(dsn, server_settings=settings, timeout=10))
    return PostgresDatabase(pool, feed)
