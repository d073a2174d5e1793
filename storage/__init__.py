"""Storage: implementations of the service's port (:mod:`service.ports`).

SQLite (aiosqlite, the embedded default) lives in :mod:`storage.sqlite`; PostgreSQL (asyncpg) in
:mod:`storage.postgres`, imported only when a ``postgresql://`` URL asks for it; the in-memory one
(tests, demos) in :mod:`storage.memory`.
"""

from __future__ import annotations

import importlib

from service.ports import Database
from storage.url import BadDatabaseUrl, DatabaseUrl, parse_database_url

__all__ = ["BadDatabaseUrl", "DatabaseUrl", "open_database", "parse_database_url"]


async def open_database(url: str | None) -> Database:
    """Open (and migrate) the database that ``url`` names; None means the default SQLite file."""
    parsed = parse_database_url(url)
    if parsed.dialect == "postgresql":
        # Imported lazily: asyncpg is needed only for PostgreSQL deployments.
        postgres = importlib.import_module("storage.postgres")
        assert parsed.dsn is not None
        database: Database = await postgres.open_postgres(parsed.dsn)
        return database
    if parsed.dialect == "memory":
        from storage.memory import open_memory

        return await open_memory()
    from storage.sqlite import open_sqlite

    assert parsed.path is not None
    return await open_sqlite(parsed.path)
