"""The repositories of the SQLite backend (:mod:`storage.sqlite`): games and their events,
players, processed updates and links (club play's are in :mod:`storage.sqlite_club`). Each runs
its statements on the database's connection; the transaction around them is the unit of work's."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

import aiosqlite

from service.ports import ConcurrentUpdate, Contended, EventRow, GameRow, GameStatus, PlayerRow
from storage.rows import (
    GAME_COLUMNS,
    PLAYER_COLUMNS,
    game_from_row,
    game_values,
    player_from_row,
    player_values,
)


class _Repository:
    """Statements on the database's one connection, inside the unit of work's transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def _first(self, sql: str, parameters: tuple[Any, ...]) -> sqlite3.Row | None:
        """The first row that ``sql`` returns, or None when it returns none."""
        rows = await self._conn.execute_fetchall(sql, parameters)
        return next(iter(rows), None)


class SqliteGames(_Repository):
    """:class:`service.ports.GameRepository` on SQLite; :attr:`saved` holds the version of each
    game its unit of work added or updated (the feed hears of them once the unit commits)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        super().__init__(conn)
        self.saved: dict[int, int] = {}

    async def add(self, game: GameRow) -> GameRow:
        names = GAME_COLUMNS.split(", ")[2:]
        cursor = await self._conn.execute(
            f"INSERT INTO games (version, {', '.join(names)}) "
            f"VALUES (1, {', '.join('?' for _ in names)})",
            game_values(game),
        )
        assert cursor.lastrowid is not None
        self.saved[cursor.lastrowid] = 1
        return dataclasses.replace(game, id=cursor.lastrowid, version=1)

    async def get(self, game_id: int) -> GameRow | None:
        row = await self._first(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if row is None else game_from_row(row)

    async def update(self, game: GameRow) -> GameRow:
        names = GAME_COLUMNS.split(", ")[2:]
        cursor = await self._conn.execute(
            f"UPDATE games SET version = version + 1, {', '.join(f'{n} = ?' for n in names)} "
            "WHERE id = ? AND version = ?",
            (*game_values(game), game.id, game.version),
        )
        if cursor.rowcount != 1:
            raise ConcurrentUpdate(
                f"game {game.id} changed since version {game.version}", what=Contended.GAME
            )
        self.saved[game.id] = game.version + 1
        return dataclasses.replace(game, version=game.version + 1)

    async def events(self, game_id: int) -> list[EventRow]:
        rows = await self._conn.execute_fetchall(
            "SELECT number, text, at FROM events WHERE game_id = ? ORDER BY number", (game_id,)
        )
        return [EventRow(number, text, at) for number, text, at in rows]

    async def append_event(self, game_id: int, event: EventRow) -> None:
        try:
            await self._conn.execute(
                "INSERT INTO events (game_id, number, text, at) VALUES (?, ?, ?, ?)",
                (game_id, event.number, event.text, event.at),
            )
        except sqlite3.IntegrityError as error:
            raise ConcurrentUpdate(
                f"game {game_id} already has event {event.number}", what=Contended.GAME
            ) from error

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
        rows = await self._conn.execute_fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ({marks}) AND id IN ("
            "SELECT id FROM games WHERE black = ? UNION SELECT id FROM games WHERE white = ? "
            "UNION SELECT id FROM games WHERE challenger = ? "
            "UNION SELECT id FROM games WHERE challenged = ?) ORDER BY id DESC LIMIT ?",
            (*(s.value for s in statuses), player, player, player, player, limit),
        )
        return [game_from_row(row) for row in rows]

    async def finished_since(self, player: str, since: float, limit: int = 100) -> list[GameRow]:
        rows = await self._conn.execute_fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = ? AND finished_at >= ? AND id IN ("
            "SELECT id FROM games WHERE black = ? UNION SELECT id FROM games WHERE white = ?) "
            "ORDER BY finished_at DESC, id DESC LIMIT ?",
            (GameStatus.FINISHED.value, since, player, player, limit),
        )
        return [game_from_row(row) for row in rows]

    async def finished_for(self, players: Sequence[str], limit: int = 100) -> list[GameRow]:
        if not players:
            return []
        marks = ", ".join("?" for _ in players)
        rows = await self._conn.execute_fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = ? AND id IN ("
            f"SELECT id FROM games WHERE black IN ({marks}) "
            f"UNION SELECT id FROM games WHERE white IN ({marks})) "
            "ORDER BY finished_at DESC NULLS LAST, id DESC LIMIT ?",
            (GameStatus.FINISHED.value, *players, *players, limit),
        )
        return [game_from_row(row) for row in rows]

    async def listed(self, league_id: int | None = None) -> list[GameRow]:
        rows = await self._conn.execute_fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN (?, ?) "
            "AND (? IS NULL OR league_id = ?) ORDER BY id",
            (GameStatus.ACTIVE.value, GameStatus.FINISHED.value, league_id, league_id),
        )
        return [game_from_row(row) for row in rows]

    async def in_league(self, league_id: int) -> list[GameRow]:
        rows = await self._conn.execute_fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE league_id = ? ORDER BY round NULLS LAST, id",
            (league_id,),
        )
        return [game_from_row(row) for row in rows]

    async def open_challenges(self, limit: int = 100) -> list[GameRow]:
        rows = await self._conn.execute_fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = ? AND challenged IS NULL "
            "ORDER BY id DESC LIMIT ?",
            (GameStatus.CHALLENGE.value, limit),
        )
        return [game_from_row(row) for row in rows]

    async def waiting(self, community: str | None = None) -> int:
        # the status is written out, so that SQLite reads the partial index of waiting ones
        if community is None:
            rows = await self._conn.execute_fetchall(
                "SELECT COUNT(*) FROM games WHERE status = 'challenge'"
            )
        else:
            rows = await self._conn.execute_fetchall(
                "SELECT COUNT(*) FROM games WHERE status = 'challenge' AND community = ?",
                (community,),
            )
        return int(next(iter(rows), (0,))[0])

    async def due(self, now: float, limit: int = 100) -> list[GameRow]:
        rows = await self._conn.execute_fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE deadline IS NOT NULL AND deadline <= ? "
            "AND status = ? ORDER BY deadline LIMIT ?",
            (now, GameStatus.ACTIVE.value, limit),
        )
        return [game_from_row(row) for row in rows]

    async def next_deadline(self) -> float | None:
        rows = await self._conn.execute_fetchall(
            "SELECT MIN(deadline) FROM games WHERE deadline IS NOT NULL AND status = ?",
            (GameStatus.ACTIVE.value,),
        )
        value = next(iter(rows), (None,))[0]
        return None if value is None else float(value)


class SqlitePlayers(_Repository):
    """:class:`service.ports.PlayerRepository` on SQLite."""

    async def get(self, player_id: str) -> PlayerRow | None:
        row = await self._first(f"SELECT {PLAYER_COLUMNS} FROM players WHERE id = ?", (player_id,))
        return None if row is None else player_from_row(row)

    async def get_many(self, player_ids: Sequence[str]) -> dict[str, PlayerRow]:
        if not player_ids:
            return {}
        rows = await self._conn.execute_fetchall(
            f"SELECT {PLAYER_COLUMNS} FROM players "
            f"WHERE id IN ({', '.join('?' for _ in player_ids)})",
            tuple(player_ids),
        )
        return {player.id: player for player in map(player_from_row, rows)}

    async def save(self, player: PlayerRow) -> None:
        await self._conn.execute(
            f"INSERT OR REPLACE INTO players ({PLAYER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            player_values(player),
        )

    async def accounts(self, person: str) -> list[str]:
        rows = await self._conn.execute_fetchall(
            "SELECT id FROM players WHERE id = ? OR person = ? ORDER BY id <> ?, id",
            (person, person, person),
        )
        return [player_id for (player_id,) in rows]


class SqliteUpdates(_Repository):
    """:class:`service.ports.UpdateLog` on SQLite."""

    async def claim(self, update_id: str, game_id: int | None, at: float) -> bool:
        cursor = await self._conn.execute(
            "INSERT OR IGNORE INTO processed_updates (update_id, game_id, at) VALUES (?, ?, ?)",
            (update_id, game_id, at),
        )
        return cursor.rowcount == 1


class SqliteLinks(_Repository):
    """:class:`service.ports.LinkRepository` on SQLite."""

    async def put(self, game_id: int, key: str, value: str) -> None:
        await self._conn.execute(
            "INSERT OR REPLACE INTO links (game_id, key, value) VALUES (?, ?, ?)",
            (game_id, key, value),
        )

    async def for_game(self, game_id: int) -> dict[str, str]:
        rows = await self._conn.execute_fetchall(
            "SELECT key, value FROM links WHERE game_id = ?", (game_id,)
        )
        return {key: value for key, value in rows}

    async def find(self, key: str, value: str) -> int | None:
        rows = await self._conn.execute_fetchall(
            "SELECT MAX(game_id) FROM links WHERE key = ? AND value = ?", (key, value)
        )
        found = next(iter(rows), (None,))[0]
        return None if found is None else int(found)


class SqliteSettings(_Repository):
    """:class:`service.ports.SettingsRepository` on SQLite."""

    async def get_many(self, owners: Sequence[str]) -> dict[str, dict[str, str]]:
        if not owners:
            return {}
        marks = ", ".join("?" * len(owners))
        rows = await self._conn.execute_fetchall(
            f"SELECT owner, data FROM settings WHERE owner IN ({marks})", tuple(owners)
        )
        return {owner: json.loads(data) for owner, data in rows}

    async def put(self, owner: str, values: Mapping[str, str]) -> None:
        if not values:
            await self._conn.execute("DELETE FROM settings WHERE owner = ?", (owner,))
            return
        data = json.dumps(dict(values), sort_keys=True, separators=(",", ":"))
        await self._conn.execute(
            "INSERT OR REPLACE INTO settings (owner, data) VALUES (?, ?)", (owner, data)
        )
