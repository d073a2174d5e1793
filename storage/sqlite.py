"""The SQLite implementation of the service's port (aiosqlite, WAL mode).

One connection per process; a unit of work holds an asyncio lock and a ``BEGIN IMMEDIATE``
transaction, so writers in this process are serialised (SQLite has a single writer anyway) and
writers in other processes wait on ``busy_timeout``. Versions and unique keys still guard every
write, so the optimistic-concurrency contract of the port holds across processes too.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import aiosqlite

from service.ports import (
    ConcurrentUpdate,
    EventRow,
    GameRow,
    GameStatus,
    PlayerRow,
)
from storage import migrations

_GAME_COLUMNS = (
    "id, version, status, challenger, challenged, black, white, size, komi, handicap, color, "
    "time_control, rated, channel, created_at, updated_at, deadline, result, to_move, last_event, "
    "data"
)
_PLAYER_COLUMNS = "id, name, language, vacation_since, vacation_used, vacation_year, data"


def _game(row: sqlite3.Row | tuple[Any, ...]) -> GameRow:
    (
        gid,
        version,
        status,
        challenger,
        challenged,
        black,
        white,
        size,
        komi,
        handicap,
        color,
        time_control,
        rated,
        channel,
        created_at,
        updated_at,
        deadline,
        result,
        to_move,
        last_event,
        data,
    ) = tuple(row)
    return GameRow(
        id=gid,
        version=version,
        status=GameStatus(status),
        challenger=challenger,
        challenged=challenged,
        black=black,
        white=white,
        size=size,
        komi=komi,
        handicap=handicap,
        color=color,
        time_control=time_control,
        rated=bool(rated),
        channel=channel,
        created_at=created_at,
        updated_at=updated_at,
        deadline=deadline,
        result=result,
        to_move=to_move,
        last_event=last_event,
        data=json.loads(data),
    )


def _game_values(game: GameRow) -> tuple[Any, ...]:
    """The values of every column after ``id, version``, in :data:`_GAME_COLUMNS` order."""
    return (
        game.status.value,
        game.challenger,
        game.challenged,
        game.black,
        game.white,
        game.size,
        game.komi,
        game.handicap,
        game.color,
        game.time_control,
        int(game.rated),
        game.channel,
        game.created_at,
        game.updated_at,
        game.deadline,
        game.result,
        game.to_move,
        game.last_event,
        json.dumps(dict(game.data), separators=(",", ":"), sort_keys=True),
    )


class SqliteGames:
    """:class:`service.ports.GameRepository` on SQLite."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def add(self, game: GameRow) -> GameRow:
        names = _GAME_COLUMNS.split(", ")[2:]
        cursor = await self._conn.execute(
            f"INSERT INTO games (version, {', '.join(names)}) "
            f"VALUES (1, {', '.join('?' for _ in names)})",
            _game_values(game),
        )
        assert cursor.lastrowid is not None
        return dataclasses.replace(game, id=cursor.lastrowid, version=1)

    async def get(self, game_id: int) -> GameRow | None:
        cursor = await self._conn.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        )
        row = await cursor.fetchone()
        return _game(row) if row else None

    async def update(self, game: GameRow) -> GameRow:
        names = _GAME_COLUMNS.split(", ")[2:]
        cursor = await self._conn.execute(
            f"UPDATE games SET version = version + 1, {', '.join(f'{n} = ?' for n in names)} "
            "WHERE id = ? AND version = ?",
            (*_game_values(game), game.id, game.version),
        )
        if cursor.rowcount != 1:
            raise ConcurrentUpdate(f"game {game.id} changed since version {game.version}")
        return dataclasses.replace(game, version=game.version + 1)

    async def events(self, game_id: int) -> list[EventRow]:
        cursor = await self._conn.execute(
            "SELECT number, text, at FROM events WHERE game_id = ? ORDER BY number", (game_id,)
        )
        return [EventRow(number, text, at) for number, text, at in await cursor.fetchall()]

    async def append_event(self, game_id: int, event: EventRow) -> None:
        try:
            await self._conn.execute(
                "INSERT INTO events (game_id, number, text, at) VALUES (?, ?, ?, ?)",
                (game_id, event.number, event.text, event.at),
            )
        except sqlite3.IntegrityError as error:
            raise ConcurrentUpdate(f"game {game_id} already has event {event.number}") from error

    async def delete_events_from(self, game_id: int, number: int) -> None:
        await self._conn.execute(
            "DELETE FROM events WHERE game_id = ? AND number >= ?", (game_id, number)
        )

    async def for_player(
        self, player: str, statuses: Sequence[GameStatus], limit: int = 100
    ) -> list[GameRow]:
        if not statuses:
            return []
        marks = ", ".join("?" for _ in statuses)
        cursor = await self._conn.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) AND id IN ("
            "SELECT id FROM games WHERE black = ? UNION SELECT id FROM games WHERE white = ? "
            "UNION SELECT id FROM games WHERE challenger = ? "
            "UNION SELECT id FROM games WHERE challenged = ?) ORDER BY id DESC LIMIT ?",
            (*(s.value for s in statuses), player, player, player, player, limit),
        )
        return [_game(row) for row in await cursor.fetchall()]

    async def open_challenges(self, limit: int = 100) -> list[GameRow]:
        cursor = await self._conn.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = ? AND challenged IS NULL "
            "ORDER BY id DESC LIMIT ?",
            (GameStatus.CHALLENGE.value, limit),
        )
        return [_game(row) for row in await cursor.fetchall()]

    async def due(self, now: float, limit: int = 100) -> list[GameRow]:
        cursor = await self._conn.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE deadline IS NOT NULL AND deadline <= ? "
            "AND status = ? ORDER BY deadline LIMIT ?",
            (now, GameStatus.ACTIVE.value, limit),
        )
        return [_game(row) for row in await cursor.fetchall()]

    async def next_deadline(self) -> float | None:
        cursor = await self._conn.execute(
            "SELECT MIN(deadline) FROM games WHERE deadline IS NOT NULL AND status = ?",
            (GameStatus.ACTIVE.value,),
        )
        row = await cursor.fetchone()
        return None if row is None or row[0] is None else float(row[0])


class SqlitePlayers:
    """:class:`service.ports.PlayerRepository` on SQLite."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def get(self, player_id: str) -> PlayerRow | None:
        cursor = await self._conn.execute(
            f"SELECT {_PLAYER_COLUMNS} FROM players WHERE id = ?", (player_id,)
        )
        row = await cursor.fetchone()
        if row is None:
            return None
        pid, name, language, since, used, year, data = tuple(row)
        return PlayerRow(pid, name, language, since, used, year, json.loads(data))

    async def save(self, player: PlayerRow) -> None:
        await self._conn.execute(
            f"INSERT OR REPLACE INTO players ({_PLAYER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                player.id,
                player.name,
                player.language,
                player.vacation_since,
                player.vacation_used,
                player.vacation_year,
                json.dumps(dict(player.data), separators=(",", ":"), sort_keys=True),
            ),
        )


class SqliteUpdates:
    """:class:`service.ports.UpdateLog` on SQLite."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def claim(self, update_id: str, game_id: int | None, at: float) -> bool:
        cursor = await self._conn.execute(
            "INSERT OR IGNORE INTO processed_updates (update_id, game_id, at) VALUES (?, ?, ?)",
            (update_id, game_id, at),
        )
        return cursor.rowcount == 1


class SqliteLinks:
    """:class:`service.ports.LinkRepository` on SQLite."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def put(self, game_id: int, key: str, value: str) -> None:
        await self._conn.execute(
            "INSERT OR REPLACE INTO links (game_id, key, value) VALUES (?, ?, ?)",
            (game_id, key, value),
        )

    async def for_game(self, game_id: int) -> dict[str, str]:
        cursor = await self._conn.execute(
            "SELECT key, value FROM links WHERE game_id = ?", (game_id,)
        )
        return {key: value for key, value in await cursor.fetchall()}

    async def find(self, key: str, value: str) -> int | None:
        cursor = await self._conn.execute(
            "SELECT MAX(game_id) FROM links WHERE key = ? AND value = ?", (key, value)
        )
        row = await cursor.fetchone()
        return None if row is None or row[0] is None else int(row[0])


class SqliteUnitOfWork:
    """One ``BEGIN IMMEDIATE`` transaction under the database's lock."""

    def __init__(self, database: SqliteDatabase) -> None:
        self._database = database
        conn = database.connection
        self.games = SqliteGames(conn)
        self.players = SqlitePlayers(conn)
        self.updates = SqliteUpdates(conn)
        self.links = SqliteLinks(conn)
        self._open = False

    async def __aenter__(self) -> SqliteUnitOfWork:
        await self._database.lock.acquire()
        try:
            await self._database.connection.execute("BEGIN IMMEDIATE")
        except BaseException:
            self._database.lock.release()
            raise
        self._open = True
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            if self._open:
                await self._database.connection.rollback()
        finally:
            self._open = False
            self._database.lock.release()

    async def commit(self) -> None:
        if not self._open:
            raise RuntimeError("commit outside an open unit of work")
        await self._database.connection.commit()
        self._open = False


class SqliteDatabase:
    """:class:`service.ports.Database` on one SQLite file."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path
        self.lock = asyncio.Lock()

    def unit_of_work(self) -> SqliteUnitOfWork:
        return SqliteUnitOfWork(self)

    async def close(self) -> None:
        async with self.lock:
            await self.connection.close()


async def _migrate(conn: aiosqlite.Connection) -> None:
    """Apply every migration newer than the stored schema version, each in its own transaction."""
    await conn.execute("BEGIN IMMEDIATE")
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    cursor = await conn.execute("SELECT MAX(version) FROM schema_version")
    row = await cursor.fetchone()
    current = row[0] if row and row[0] is not None else 0
    await conn.commit()
    for version, sql in migrations.load("sqlite"):
        if version <= current:
            continue
        await conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in (s.strip() for s in sql.split(";")):
                if statement and not all(
                    line.startswith("--") for line in statement.splitlines() if line.strip()
                ):
                    await conn.execute(statement)
            await conn.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
            await conn.commit()
        except BaseException:
            await conn.rollback()
            raise


async def open_sqlite(path: Path | str) -> SqliteDatabase:
    """Open ``path`` (creating folders and the file), switch to WAL and run the migrations."""
    target = Path(path)
    if str(target) != ":memory:":
        target.parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(str(target), isolation_level=None)
    try:
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=FULL")  # an acknowledged move survives any crash
        await conn.execute("PRAGMA busy_timeout=10000")
        await conn.execute("PRAGMA foreign_keys=ON")
        await _migrate(conn)
    except BaseException:
        await conn.close()
        raise
    return SqliteDatabase(conn, target)
