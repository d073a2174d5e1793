"""``DATABASE_URL`` parsing: ``sqlite:///relative.db``, ``sqlite:////absolute.db``,
``postgresql://user@host/db``, ``memory:`` (nothing kept: demos); the default is a SQLite file in
the user's data directory."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import platformdirs

APP_NAME = "gobot"


class BadDatabaseUrl(ValueError):
    """A ``DATABASE_URL`` this bot cannot use; the message names the accepted forms (and never
    repeats a password the URL holds)."""


class DatabaseUnavailable(Exception):
    """The database that ``DATABASE_URL`` names cannot be used now. ``dialect`` is ``sqlite`` or
    ``postgresql``, ``where`` the file or ``host:port``; the cause is ``__cause__``."""

    def __init__(self, dialect: str, where: str) -> None:
        super().__init__(f"{dialect} at {where}")
        self.dialect, self.where = dialect, where


class DatabaseUnreachable(DatabaseUnavailable):
    """The server does not answer: refused, unknown host, timed out, not accepting connections."""


class DatabaseRejected(DatabaseUnavailable):
    """The server answers but refuses the login: user, password or database name."""


class DatabaseCannotOpen(DatabaseUnavailable):
    """The SQLite file (or its folder) cannot be created or opened."""


@dataclass(frozen=True, slots=True)
class DatabaseUrl:
    """A parsed database location: a SQLite ``path``, a PostgreSQL ``dsn`` or none (memory)."""

    dialect: str  # "sqlite", "postgresql" or "memory"
    path: Path | None = None
    dsn: str | None = None


def default_sqlite_path() -> Path:
    """``games.db`` in the user's data directory (platformdirs)."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / "games.db"


POSTGRES_FORM = (
    "write postgresql://user:password@host:port/database, with characters such as / # ? @ : in "
    "the password percent-encoded (%2F %23 %3F %40 %3A)"
)


def _check_postgres(dsn: str) -> None:
    """Refuse a PostgreSQL URL whose host and port cannot be read, without repeating any of it: a
    password with an unencoded ``/``, ``#`` or ``?`` cuts the URL there, so a piece of the
    password would stand where the host or port should be.

    >>> _check_postgres("postgresql://go:hun/ter2@db/games")
    Traceback (most recent call last):
    storage.url.BadDatabaseUrl: DATABASE_URL: the host and port cannot be read: write ...
    """
    try:
        parts = urlsplit(dsn)
        rest = dsn[len(parts.scheme) + 3 + len(parts.netloc) :]
        readable = "@" not in rest and ("," in parts.netloc or parts.port != 0)
    except ValueError:  # a port that is no number or out of range, a broken [IPv6] literal
        readable = False
    if not readable:
        raise BadDatabaseUrl(f"DATABASE_URL: the host and port cannot be read: {POSTGRES_FORM}")


def parse_database_url(url: str | None) -> DatabaseUrl:
    """Parse ``url``; empty or None means the default SQLite file."""
    text = (url or "").strip()
    if not text:
        return DatabaseUrl("sqlite", path=default_sqlite_path())
    if text.startswith("sqlite://"):
        rest = text[len("sqlite://") :]
        if not rest.startswith("/") or rest == "/":
            raise BadDatabaseUrl(
                "DATABASE_URL: a sqlite: URL has three or four slashes: write "
                "sqlite:///relative/games.db or sqlite:////absolute/games.db"
            )
        # sqlite:///x -> "/x" -> relative "x"; sqlite:////x -> "//x" -> absolute "/x"
        return DatabaseUrl("sqlite", path=Path(rest[1:]))
    if text.startswith(("postgresql://", "postgres://", "postgresql+asyncpg://")):
        dsn = text.replace("postgresql+asyncpg://", "postgresql://", 1)
        _check_postgres(dsn)
        return DatabaseUrl("postgresql", dsn=dsn)
    if text == "memory:":
        return DatabaseUrl("memory")
    scheme, colon, _ = text.partition(":")
    # the scheme only, never the rest of the URL: it may hold a password
    what = "DATABASE_URL is not a database URL"
    if colon and scheme.isalnum():
        what = f"DATABASE_URL: {scheme}: is not a database this bot uses"
    raise BadDatabaseUrl(
        f"{what}: use sqlite:///relative.db, sqlite:////absolute.db, postgresql://user@host/db "
        "or memory: (nothing kept)"
    )
