"""The storage suite runs against every backend: extend ``BACKENDS`` (and the fixture) for more."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from service.ports import Database
from storage.memory import open_memory
from storage.sqlite import open_sqlite
from tests.postgres_support import drop_schema, new_schema, require_postgres

BACKENDS = ["sqlite", "postgresql", "memory"]


@pytest.fixture(params=BACKENDS)
async def repository(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """An empty, migrated database of each backend (PostgreSQL: a fresh schema per test)."""
    if request.param == "memory":
        database: Database = await open_memory()
        yield database
        await database.close()
        return
    if request.param == "sqlite":
        database = await open_sqlite(tmp_path / "games.db")
        try:
            yield database
        finally:
            await database.close()
        return
    from storage.postgres import open_postgres

    url = await require_postgres()
    schema = new_schema()
    database = await open_postgres(url, schema=schema)
    try:
        yield database
    finally:
        await database.close()
        await drop_schema(url, schema)
