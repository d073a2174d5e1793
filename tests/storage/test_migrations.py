"""Several processes starting together on a new database each migrate it safely: every process
opens it, and every migration is applied exactly once (SQLite: writer lock and a version check
inside each migration's transaction; PostgreSQL: an advisory lock)."""

from __future__ import annotations

import sqlite3
import time
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
