"""Storage: implementations of the service's port (:mod:`service.ports`).

SQLite (aiosqlite, the embedded default) lives in :mod:`storage.sqlite`; PostgreSQL (asyncpg) in
:mod:`storage.postgres`, imported only when a ``postgresql://`` URL asks for it; the in-memory one
(tests, demos) in :mod:`storage.memory`. Each opened database has a feed of its games' changes
(:func:`open_feed`, :mod:`storage.feed`).

:func:`open_database` turns the ways a database can fail to open into :class:`BadDatabaseUrl` (a
malformed URL) and the kinds of :class:`DatabaseUnavailable`, with the driver's error as cause.
"""

from __future__ import annotations

import importlib
import sqlite3
from urllib.parse import urlsplit

from service.ports import Database, GameFeed
from storage.migrations import SchemaTooNew
from storage.url import (
    POSTGRES_FORM,
    BadDatabaseUrl,
    DatabaseCannotOpen,
    DatabaseRejected,
    DatabaseUnavailable,
    DatabaseUnreachable,
    DatabaseUrl,
    parse_database_url,
)

__all__ = [
    "BadDatabaseUrl",
    "DatabaseCannotOpen",
    "DatabaseRejected",
    "DatabaseUnavailable",
    "DatabaseUnreachable",
    "DatabaseUrl",
    "SchemaTooNew",
    "open_database",
    "open_feed",
    "parse_database_url",
    "server_address",
]


async def open_database(url: str | None) -> Database:
    """Open (and migrate) the database that ``url`` names; None means the default SQLite file."""
    parsed = parse_database_url(url)
    if parsed.dialect == "postgresql":
        assert parsed.dsn is not None
        return await _open_postgres(parsed.dsn)
    if parsed.dialect == "memory":
        from storage.memory import open_memory

        return await open_memory()
    from storage.sqlite import open_sqlite

    assert parsed.path is not None
    try:
        return await open_sqlite(parsed.path)
    except (OSError, sqlite3.Error) as error:
        raise DatabaseCannotOpen("sqlite", str(parsed.path)) from error


async def _open_postgres(dsn: str) -> Database:
    # Imported lazily: asyncpg is needed only for PostgreSQL deployments.
    postgres = importlib.import_module("storage.postgres")
    asyncpg = importlib.import_module("asyncpg")
    where = server_address(dsn)
    refused = (asyncpg.InvalidAuthorizationSpecificationError, asyncpg.InvalidCatalogNameError)
    busy = (asyncpg.CannotConnectNowError, asyncpg.TooManyConnectionsError)
    try:
        database: Database = await postgres.open_postgres(dsn)
    except refused as error:  # no such user or database, wrong password
        raise DatabaseRejected("postgresql", where) from error
    except (OSError, TimeoutError, *busy) as error:  # refused, unknown host, starting up, full
        raise DatabaseUnreachable("postgresql", where) from error
    except (ValueError, OverflowError):  # the DSN itself; the driver's words may quote it
        raise BadDatabaseUrl(
            f"DATABASE_URL is not a usable PostgreSQL URL: {POSTGRES_FORM}"
        ) from None
    return database


def open_feed(database: Database) -> GameFeed:
    """The feed of the games ``database`` holds (:class:`~service.ports.GameFeed`): one per opened
    database, stopped when the database closes. Changes committed by other processes reach it
    too (PostgreSQL: LISTEN/NOTIFY; SQLite: the watched games' versions, read twice a second)."""
    feed: GameFeed | None = getattr(database, "feed", None)
    if feed is None:
        raise TypeError(f"{type(database).__name__} has no feed of game changes")
    return feed


def server_address(dsn: str) -> str:
    """``host:port`` of a PostgreSQL URL (libpq's defaults when left out; no credentials).

    >>> server_address("postgresql://go:secret@db.example/games"), server_address("postgres://")
    ('db.example:5432', 'localhost:5432')
    """
    netloc = urlsplit(dsn).netloc.rpartition("@")[2]
    try:
        parts = urlsplit(f"//{netloc}")
        host, port = parts.hostname, parts.port
    except ValueError:  # several hosts (h1:5432,h2:5433) or a port that is not a number
        return netloc
    return f"{host or 'localhost'}:{port or 5432}"
