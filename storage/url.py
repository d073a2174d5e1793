"""``DATABASE_URL`` parsing: ``sqlite:///relative.db``, ``sqlite:////absolute.db``,
``postgresql://user@host/db``, ``memory:`` (nothing kept: demos); the default is a SQLite file in
the user's data directory."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "gobot"


class BadDatabaseUrl(ValueError):
    """A ``DATABASE_URL`` this bot cannot use; the message names the accepted forms."""


@dataclass(frozen=True, slots=True)
class DatabaseUrl:
    """A parsed database location: a SQLite ``path``, a PostgreSQL ``dsn`` or none (memory)."""

    dialect: str  # "sqlite", "postgresql" or "memory"
    path: Path | None = None
    dsn: str | None = None


def default_sqlite_path() -> Path:
    """``games.db`` in the user's data directory (platformdirs)."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / "games.db"


def parse_database_url(url: str | None) -> DatabaseUrl:
    """Parse ``url``; empty or None means the default SQLite file."""
    text = (url or "").strip()
    if not text:
        return DatabaseUrl("sqlite", path=default_sqlite_path())
    if text.startswith("sqlite://"):
        rest = text[len("sqlite://") :]
        if not rest.startswith("/") or rest == "/":
            raise BadDatabaseUrl(
                f"{text!r}: write sqlite:///relative/games.db or sqlite:////absolute/games.db"
            )
        # sqlite:///x -> "/x" -> relative "x"; sqlite:////x -> "//x" -> absolute "/x"
        return DatabaseUrl("sqlite", path=Path(rest[1:]))
    if text.startswith(("postgresql://", "postgres://", "postgresql+asyncpg://")):
        dsn = text.replace("postgresql+asyncpg://", "postgresql://", 1)
        return DatabaseUrl("postgresql", dsn=dsn)
    if text == "memory:":
        return DatabaseUrl("memory")
    raise BadDatabaseUrl(
        f"{text!r} is not a database URL: use sqlite:///relative.db, sqlite:////absolute.db, "
        "postgresql://user@host/db or memory: (nothing kept)"
    )
