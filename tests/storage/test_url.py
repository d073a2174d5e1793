"""DATABASE_URL forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import open_database
from storage.url import BadDatabaseUrl, DatabaseUrl, default_sqlite_path, parse_database_url


def test_relative_and_absolute_sqlite() -> None:
    assert parse_database_url("sqlite:///data/games.db").path == Path("data/games.db")
    assert parse_database_url("sqlite:////srv/gobot/games.db").path == Path("/srv/gobot/games.db")


def test_postgresql_keeps_the_dsn() -> None:
    parsed = parse_database_url("postgresql://go@db.example/gobot")
    assert parsed.dialect == "postgresql" and parsed.dsn == "postgresql://go@db.example/gobot"


def test_memory_keeps_nothing() -> None:
    assert parse_database_url("memory:") == DatabaseUrl("memory")


def test_default_is_a_file_in_the_user_data_directory() -> None:
    parsed = parse_database_url(None)
    assert parsed.dialect == "sqlite" and parsed.path == default_sqlite_path()
    assert parsed.path.name == "games.db"


@pytest.mark.parametrize(
    "url", ["mysql://x/y", "sqlite://", "sqlite://relative.db", "games.db", "memory://x"]
)
def test_bad_urls_name_the_accepted_forms(url: str) -> None:
    with pytest.raises(BadDatabaseUrl, match="sqlite:///"):
        parse_database_url(url)


async def test_open_database_migrates_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/x/games.db"  # an absolute path: four slashes in all
    for _ in range(2):
        database = await open_database(url)
        async with database.unit_of_work() as uow:
            assert await uow.games.next_deadline() is None
        await database.close()
    assert (tmp_path / "x" / "games.db").exists()


async def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    from storage.sqlite import open_sqlite

    database = await open_sqlite(tmp_path / "games.db")
    cursor = await database.connection.execute("PRAGMA journal_mode")
    assert (await cursor.fetchone()) == ("wal",)
    await database.close()
