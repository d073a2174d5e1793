"""Several processes starting together on a new database each migrate it safely: every process
opens it, and every migration is applied exactly once (SQLite: writer lock and a version check
inside each migration's transaction; PostgreSQL: an advisory lock)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from storage import migrations
from tests.children import start_child
from tests.postgres_support import drop_schema, new_schema, require_postgres

PROCESSES = 4
ROUNDS = 3


async def race(kind: str, target: str, schema: str = "") -> list[tuple[int, str]]:
    """Start PROCESSES children that open ``target`` at the same moment; their exit codes and
    error output."""
    start_at = time.time() + 1.0  # every child has imported what it needs by then
    children = [
        await start_child("tests.storage.open_child", kind, target, schema, str(start_at))
        for _ in range(PROCESSES)
    ]
    results = []
    for child in children:
        _, err = await child.communicate()
        results.append((child.returncode or 0, err.decode()[-500:]))
    return results


@pytest.mark.slow
async def test_processes_starting_together_on_a_new_sqlite_file(tmp_path: Path) -> None:
    expected = [version for version, _ in migrations.load("sqlite")]
    for round_ in range(ROUNDS):
        path = tmp_path / f"games-{round_}.db"
        results = await race("sqlite", str(path))
        assert all(code == 0 for code, _ in results), results
        with sqlite3.connect(path) as conn:
            versions = [v for (v,) in conn.execute("SELECT version FROM schema_version")]
        assert sorted(versions) == expected


@pytest.mark.slow
@pytest.mark.postgres
async def test_processes_starting_together_on_a_new_postgres_schema() -> None:
    import asyncpg

    url = await require_postgres()
    expected = [version for version, _ in migrations.load("postgresql")]
    for _ in range(ROUNDS):
        schema = new_schema()
        try:
            results = await race("postgresql", url, schema)
            assert all(code == 0 for code, _ in results), results
            conn = await asyncpg.connect(url)
            try:
                rows = await conn.fetch(f"SELECT version FROM {schema}.schema_version")
            finally:
                await conn.close()
            assert sorted(r["version"] for r in rows) == expected
        finally:
            await drop_schema(url, schema)


async def stored_then_migrated(
    path: Path, applied: int, games: Sequence[tuple[object, ...]], column: str
) -> list[object]:
    """``games`` stored in a SQLite file at migration ``applied``; ``column`` of each once
    :func:`open_sqlite` has run the later migrations."""
    from storage.sqlite import open_sqlite

    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for version, sql in migrations.load("sqlite")[:applied]:
            conn.executescript(sql)
            conn.execute("INSERT INTO schema_version VALUES (?)", (version,))
        marks = ", ".join("?" * 16)
        for game in games:
            conn.execute(f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({marks})", game)
    database = await open_sqlite(path)
    await database.close()
    with sqlite3.connect(path) as conn:
        return [value for (value,) in conn.execute(f"SELECT {column} FROM games ORDER BY id")]


async def stored_then_migrated_postgres(
    applied: int, games: Sequence[tuple[object, ...]], column: str
) -> list[object]:
    """The same on PostgreSQL (a schema of its own, dropped after)."""
    import asyncpg

    from storage.postgres import open_postgres

    url = await require_postgres()
    schema = new_schema()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}; SET search_path TO {schema}")
        await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for version, sql in migrations.load("postgresql")[:applied]:
            await conn.execute(sql)
            await conn.execute("INSERT INTO schema_version VALUES ($1)", version)
        marks = ", ".join(f"${n}" for n in range(1, 17))
        for game in games:
            await conn.execute(f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({marks})", *game)
        database = await open_postgres(url, schema=schema)
        await database.close()
        rows = await conn.fetch(f"SELECT {column} FROM games ORDER BY id")
        return [r[column] for r in rows]
    finally:
        await conn.close()
        await drop_schema(url, schema)


# -- migration 3: the computer's turn is due ----------------------------------------------------

GAME_COLUMNS = (
    "version, status, challenger, black, white, size, komi, handicap, color, time_control, "
    "rated, channel, created_at, updated_at, deadline, to_move"
)
#: (status, to_move, deadline) of games stored before migration 3, and their deadline after it
OLD_GAMES = (
    ("active", "engine:5", None, 0.0),  # waiting for the computer: due now
    ("active", "console:alice", None, None),  # a person's turn without a clock: no deadline
    ("active", "engine:3", 500.0, 500.0),  # a deadline already: kept
    ("finished", None, None, None),
)


def _old_game(status: str, to_move: str | None, deadline: float | None) -> tuple[object, ...]:
    return (1, status, "console:alice", "console:alice", "engine:5", 9, 6.5, 0, "black", "none",
            0, "", 1.0, 1.0, deadline, to_move)  # fmt: skip


async def test_computer_games_stored_before_their_turn_had_a_deadline_are_due(
    tmp_path: Path,
) -> None:
    """Games against the computer waiting for its move were stored without a deadline (the
    player's `board` used to ask it again): migration 3 makes them due, so the scheduler asks."""
    games = [_old_game(status, to_move, deadline) for status, to_move, deadline, _ in OLD_GAMES]
    found = await stored_then_migrated(tmp_path / "old.db", 2, games, "deadline")
    assert found == [after for *_, after in OLD_GAMES]


@pytest.mark.postgres
async def test_computer_games_stored_before_their_turn_had_a_deadline_are_due_postgres() -> None:
    games = [_old_game(status, to_move, deadline) for status, to_move, deadline, _ in OLD_GAMES]
    found = await stored_then_migrated_postgres(2, games, "deadline")
    assert found == [after for *_, after in OLD_GAMES]


# -- migration 4: when a game finished ----------------------------------------------------------

#: (status, updated_at) of games stored before migration 4, and their finished_at after it
ENDED_GAMES = (("finished", 7.0, 7.0), ("active", 8.0, None), ("challenge", 9.0, None))


def _ended_game(status: str, updated_at: float) -> tuple[object, ...]:
    return (1, status, "console:alice", "console:alice", "console:bob", 9, 6.5, 0, "black",
            "none", 0, "", 1.0, updated_at, None, None)  # fmt: skip


async def test_games_finished_before_the_column_finished_at_their_last_update(
    tmp_path: Path,
) -> None:
    """A finished game is never saved again: migration 4 takes its last update as the moment it
    finished, so `games` lists the games finished in the last days from the first start."""
    games = [_ended_game(status, updated_at) for status, updated_at, _ in ENDED_GAMES]
    found = await stored_then_migrated(tmp_path / "old.db", 3, games, "finished_at")
    assert found == [after for *_, after in ENDED_GAMES]


@pytest.mark.postgres
async def test_games_finished_before_the_column_finished_at_their_last_update_postgres() -> None:
    games = [_ended_game(status, updated_at) for status, updated_at, _ in ENDED_GAMES]
    found = await stored_then_migrated_postgres(3, games, "finished_at")
    assert found == [after for *_, after in ENDED_GAMES]


# -- migration 5: club play ---------------------------------------------------------------------

#: the club columns of a game stored before migration 5, and their values after it
CLUB_COLUMNS = {"community": "telegram:-100123", "league_id": None, "round": None}


def _channel_game(channel: str) -> tuple[object, ...]:
    return (1, "finished", "telegram:1", "telegram:1", "telegram:2", 9, 6.5, 0, "black", "none",
            1, channel, 1.0, 2.0, None, None)  # fmt: skip


async def test_games_stored_before_communities_are_in_their_channels_community(
    tmp_path: Path,
) -> None:
    """Migration 5: a game's community is its channel (a Telegram group is both); it is in no
    league and no round."""
    game = _channel_game("telegram:-100123")
    for column, after in CLUB_COLUMNS.items():
        found = await stored_then_migrated(tmp_path / f"{column}.db", 4, [game], column)
        assert found == [after], column


@pytest.mark.postgres
async def test_games_stored_before_communities_are_in_their_channels_community_postgres() -> None:
    game = _channel_game("telegram:-100123")
    for column, after in CLUB_COLUMNS.items():
        assert await stored_then_migrated_postgres(4, [game], column) == [after], column
