"""``gobot backup``, ``restore`` and ``migrate``: a backup is a checked, consistent copy even while
the bot plays (every move acknowledged before it started is in it), a restore refuses a database
in use and keeps the previous one, ``migrate --check`` says what would run and changes nothing,
and each refusal is one line on stderr with exit status 2, the database untouched."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from service import GameService
from service.commands import Accept, Actor, Challenge, Play, Request, Resign
from service.i18n import t
from service.ports import Database
from storage import migrations
from storage.backup import latest_schema, migration_names
from storage.sqlite import open_sqlite
from tests.postgres_support import drop_schema, new_schema, require_postgres
from tests.storage.test_upgrade import migrations_up_to

ALICE, BOB = Actor("console:alice", "alice"), Actor("console:bob", "bob")
#: Black's stones along row 1, White's along row 10: never a capture on 19x19
BLACK_LINE = [f"{c}1" for c in "ABCDEFGHJKLMNOPQRST"]
WHITE_LINE = [f"{c}10" for c in "ABCDEFGHJKLMNOPQRST"]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


async def new_game(service: GameService, size: str = "19") -> int:
    view = await service.execute(Challenge(BOB, {"size": size, "color": "black"}), Request(ALICE))
    assert view.game_id is not None
    await service.execute(Accept(), Request(BOB, game=view.game_id))
    return view.game_id


async def build(path: Path) -> None:
    """Two games: one resigned after three moves, one with two moves being played."""
    database = await open_sqlite(path)
    service = GameService(database, rng=random.Random(1))
    try:
        first = await new_game(service, "9")
        for actor, point in ((ALICE, "E5"), (BOB, "C3"), (ALICE, "G7")):
            await service.execute(Play(point), Request(actor, game=first))
        await service.execute(Resign(confirm=True), Request(BOB, game=first))
        second = await new_game(service)
        await service.execute(Play("D4"), Request(ALICE, game=second))
        await service.execute(Play("Q16"), Request(BOB, game=second))
    finally:
        await database.close()


def rows(path: Path) -> list[tuple[object, ...]]:
    """Every game and event of the file, as stored."""
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        games = conn.execute("SELECT * FROM games ORDER BY id").fetchall()
        return games + conn.execute("SELECT * FROM events ORDER BY game_id, number").fetchall()


def version_of(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        return int(conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0])


@pytest.fixture
def games_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database with games, named by ``DATABASE_URL``, in an empty folder (no ``.env``)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GOBOT_HEARTBEAT_FILE", raising=False)
    path = tmp_path / "games.db"
    asyncio.run(build(path))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    return path


# -- backup -------------------------------------------------------------------------------------


def test_a_backup_is_a_checked_copy(games_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "backup", "copy.db")
    assert (code, err) == (0, "")
    size = Path("copy.db").stat().st_size
    assert out.startswith(f"backed up {games_db} to copy.db: 2 games, 5 moves, ")
    assert out.rstrip().endswith(f"schema {latest_schema('sqlite')}") and size > 0
    assert rows(Path("copy.db")) == rows(games_db)
    assert not Path("copy.db-wal").exists()  # one self-contained file
    with contextlib.closing(sqlite3.connect("copy.db")) as conn, conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert [p.name for p in Path().iterdir() if p.name.startswith(".")] == []  # no partial file


def test_a_backup_never_overwrites_unless_forced(
    games_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Path("copy.db").write_bytes(b"keep me")
    code, out, err = run_cli(capsys, "backup", "copy.db")
    assert (code, out) == (2, "") and "copy.db exists" in err and "--force" in err
    assert Path("copy.db").read_bytes() == b"keep me"
    code, _, err = run_cli(capsys, "backup", "copy.db", "--force")
    assert (code, err) == (0, "")
    assert rows(Path("copy.db")) == rows(games_db)
    assert run_cli(capsys, "backup", "no/such/folder/copy.db")[0] == 2


def test_backup_refusals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'missing.db'}")
    code, out, err = run_cli(capsys, "backup", "copy.db")
    assert (code, out) == (2, "") and err.startswith("error: no database at")
    assert not (tmp_path / "missing.db").exists() and not (tmp_path / "copy.db").exists()
    monkeypatch.setenv("DATABASE_URL", "memory:")
    code, _, err = run_cli(capsys, "backup", "copy.db")
    assert code == 2 and "memory:" in err and err.count("\n") == 1
    not_ours = tmp_path / "other.db"
    with contextlib.closing(sqlite3.connect(not_ours)) as conn, conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{not_ours}")
    code, _, err = run_cli(capsys, "backup", "copy.db")
    assert code == 2 and "not a gobot database" in err
    assert not (tmp_path / "copy.db").exists()


def test_postgres_backups_and_restores_are_pg_dump_and_pg_restore(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "postgresql://go:hunter2@db:5433/games?search_path=club")
    monkeypatch.setenv("PATH", str(tmp_path))  # no pg_dump there
    code, out, err = run_cli(capsys, "backup", "games.dump")
    assert (code, out) == (2, "") and "hunter2" not in err
    lines = err.splitlines()
    assert lines[1] == (
        "  pg_dump --format=custom --schema=club --file=games.dump "
        "'postgresql://go:<secret>@db:5433/games'"
    )
    assert "PGPASSWORD" in lines[2] and lines[3].startswith("pg_dump is not on PATH")
    (tmp_path / "pg_restore").write_text("#!/bin/sh\n")
    (tmp_path / "pg_restore").chmod(0o755)
    code, out, err = run_cli(capsys, "restore", "games.dump")
    assert (code, out) == (2, "") and "hunter2" not in err
    assert err.splitlines()[1] == (
        "  pg_restore --clean --if-exists --no-owner --schema=club "
        "'--dbname=postgresql://go:<secret>@db:5433/games' games.dump"
    )
    assert "not on PATH" not in err


# -- restore ------------------------------------------------------------------------------------


def test_a_restore_keeps_the_previous_database(
    games_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(capsys, "backup", "copy.db")[0] == 0
    before = rows(games_db)
    asyncio.run(more_moves(games_db))
    changed = rows(games_db)
    assert changed != before
    code, out, err = run_cli(capsys, "restore", "copy.db")
    assert (code, err) == (0, "")
    kept = [p for p in Path().iterdir() if p.name.startswith("games.db.before-restore-")]
    assert len(kept) == 1
    restored, previous = out.splitlines()
    assert restored.startswith(f"restored copy.db into {games_db}: 2 games, 5 moves, ")
    assert previous == f"the previous database is kept at {kept[0].resolve()}"
    assert rows(games_db) == before and rows(kept[0]) == changed
    with contextlib.closing(sqlite3.connect(games_db)) as conn, conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


async def more_moves(path: Path) -> None:
    database = await open_sqlite(path)
    try:
        service = GameService(database, rng=random.Random(1))
        await service.execute(Play("C3"), Request(ALICE, game=2))
    finally:
        await database.close()


def test_a_restore_refuses_a_database_in_use(
    games_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(capsys, "backup", "copy.db")[0] == 0
    before = rows(games_db)

    async def restore_while_open() -> tuple[int, str, str]:
        database = await open_sqlite(games_db)  # a running bot holds its connection open
        try:
            return await asyncio.to_thread(run_cli, capsys, "restore", "copy.db")
        finally:
            await database.close()

    code, out, err = asyncio.run(restore_while_open())
    assert (code, out) == (2, "") and "in use" in err and "stop the bot" in err
    assert rows(games_db) == before
    assert not [p for p in Path().iterdir() if "before-restore" in p.name]


def test_a_restore_refuses_while_the_heartbeat_is_fresh(
    games_db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(capsys, "backup", "copy.db")[0] == 0
    heartbeat = Path("heartbeat")
    heartbeat.touch()
    monkeypatch.setenv("GOBOT_HEARTBEAT_FILE", str(heartbeat))
    code, _, err = run_cli(capsys, "restore", "copy.db")
    assert code == 2 and "heartbeat" in err
    stat = heartbeat.stat()
    os.utime(heartbeat, (stat.st_atime, stat.st_mtime - 3600))  # the bot stopped an hour ago
    assert run_cli(capsys, "restore", "copy.db")[0] == 0


def test_a_restore_checks_the_backup_first(
    games_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = rows(games_db)
    Path("garbage.db").write_bytes(b"not a database at all " * 200)
    with contextlib.closing(sqlite3.connect("other.db")) as conn, conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    assert run_cli(capsys, "backup", "newer.db")[0] == 0
    with contextlib.closing(sqlite3.connect("newer.db")) as conn, conn:
        conn.execute("INSERT INTO schema_version VALUES (?)", (latest_schema("sqlite") + 1,))
    for backup, why in (
        ("missing.db", "no database at missing.db"),
        ("garbage.db", "not a readable SQLite database"),
        ("other.db", "not a gobot database"),
        ("newer.db", "newer than this gobot's"),
        (str(games_db), "is the database itself"),
    ):
        code, out, err = run_cli(capsys, "restore", backup)
        assert (code, out) == (2, "") and why in err, (backup, err)
    assert rows(games_db) == before
    assert not [p for p in Path().iterdir() if "before-restore" in p.name]


def test_a_restore_onto_a_new_machine_makes_the_file(
    games_db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(capsys, "backup", "copy.db")[0] == 0
    fresh = Path("new/place/games.db")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{fresh}")
    # a DATABASE_URL naming no file is more often a forgotten setting than a new machine
    code, out, err = run_cli(capsys, "restore", "copy.db")
    assert (code, out) == (2, "") and f"no database at {fresh}" in err and "--new" in err
    assert not fresh.exists()
    code, out, _ = run_cli(capsys, "restore", "--new", "copy.db")
    assert code == 0 and out.splitlines()[1] == f"there was no database at {fresh} before"
    assert rows(fresh) == rows(games_db)


# -- migrate ------------------------------------------------------------------------------------


async def at_version(path: Path, count: int) -> None:
    with migrations_up_to(count):
        database = await open_sqlite(path)
        await database.close()


def test_migrate_check_says_what_would_run_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "old.db"
    asyncio.run(at_version(path, 4))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    latest = latest_schema("sqlite")
    waiting = [name for version, name in migration_names("sqlite") if version > 4]
    code, out, err = run_cli(capsys, "migrate", "--check")
    assert (code, err) == (1, "")
    assert out == f"schema 4; would apply {', '.join(waiting)} (to schema {latest})\n"
    assert version_of(path) == 4
    code, out, err = run_cli(capsys, "migrate")
    assert (code, out, err) == (0, f"applied {', '.join(waiting)}: schema {latest} now\n", "")
    assert version_of(path) == latest
    for argv in (("migrate", "--check"), ("migrate",)):
        assert run_cli(capsys, *argv) == (0, f"up to date, schema {latest}\n", "")


def test_migrate_refuses_a_newer_database_and_a_missing_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "games.db"
    asyncio.run(at_version(path, len(migrations.load("sqlite"))))
    newer = latest_schema("sqlite") + 1
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("INSERT INTO schema_version VALUES (?)", (newer,))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    for argv in (("migrate", "--check"), ("migrate",)):
        code, out, err = run_cli(capsys, *argv)
        assert (code, out) == (2, "") and f"schema {newer}, newer than this gobot's" in err
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'missing.db'}")
    code, _, err = run_cli(capsys, "migrate")
    assert code == 2 and "no database at" in err
    assert not (tmp_path / "missing.db").exists()


@pytest.mark.postgres
async def test_migrate_on_postgres(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from storage.postgres import open_postgres

    url = await require_postgres()
    schema = new_schema()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"{url}{'&' if '?' in url else '?'}search_path={schema}")
    latest = latest_schema("postgresql")
    try:
        with migrations_up_to(3):
            database: Database = await open_postgres(url, schema=schema)
            await database.close()
        waiting = [name for version, name in migration_names("postgresql") if version > 3]
        code, out, _ = await asyncio.to_thread(run_cli, capsys, "migrate", "--check")
        assert (code, out) == (
            1,
            f"schema 3; would apply {', '.join(waiting)} (to schema {latest})\n",
        )
        code, out, err = await asyncio.to_thread(run_cli, capsys, "migrate")
        assert (code, out, err) == (0, f"applied {', '.join(waiting)}: schema {latest} now\n", "")
        code, out, _ = await asyncio.to_thread(run_cli, capsys, "migrate", "--check")
        assert (code, out) == (0, f"up to date, schema {latest}\n")
    finally:
        await drop_schema(url, schema)


# -- a backup while the bot plays ----------------------------------------------------------------


async def test_a_backup_while_moves_stream_in_has_every_acknowledged_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three players' tasks play game after game, move after move, until ``gobot backup`` (run
    in a thread, as a separate process would) is done; the backup, restored into a fresh file,
    has every move acknowledged before the backup started, each game's moves as the live
    database has them, and the restored database plays on."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GOBOT_HEARTBEAT_FILE", raising=False)
    live = tmp_path / "live.db"
    database = await open_sqlite(live)
    service = GameService(database, rng=random.Random(1))
    acknowledged: list[tuple[int, int]] = []  # (game, move number) once its command returned
    stop = asyncio.Event()

    async def player() -> None:
        while not stop.is_set():
            gid = await new_game(service)
            for number, (black, white) in enumerate(zip(BLACK_LINE, WHITE_LINE, strict=True)):
                if stop.is_set():
                    return
                await service.execute(Play(black), Request(ALICE, game=gid))
                acknowledged.append((gid, 2 * number + 1))
                await service.execute(Play(white), Request(BOB, game=gid))
                acknowledged.append((gid, 2 * number + 2))

    players = [asyncio.create_task(player()) for _ in range(3)]
    try:
        while len(acknowledged) < 30:
            await asyncio.sleep(0.001)
        before = list(acknowledged)
        monkeypatch.setenv("DATABASE_URL", f"sqlite:///{live}")
        code, _, err = await asyncio.to_thread(run_cli, capsys, "backup", "during.db")
        assert (code, err) == (0, "")
        stop.set()
        await asyncio.gather(*players)
    finally:
        for task in players:
            task.cancel()
        await database.close()

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'restored.db'}")
    code, _, err = await asyncio.to_thread(run_cli, capsys, "restore", "--new", "during.db")
    assert (code, err) == (0, "")
    live_events = {
        (gid, number): text
        for gid, number, text in sqlite_rows(live, "SELECT game_id, number, text FROM events")
    }
    copied = sqlite_rows(tmp_path / "restored.db", "SELECT game_id, number, text FROM events")
    copied_events = {(gid, number): text for gid, number, text in copied}
    assert set(before) <= set(copied_events)  # every acknowledged move
    assert all(live_events[key] == text for key, text in copied_events.items())
    restored = await open_sqlite(tmp_path / "restored.db")
    try:  # the restored database plays on
        service = GameService(restored, rng=random.Random(1))
        gid = await new_game(service, "9")
        await service.execute(Play("E5"), Request(ALICE, game=gid))
        async with restored.unit_of_work() as uow:
            assert [e.text for e in await uow.games.events(gid)] == ["B E5"]
    finally:
        await restored.close()


def sqlite_rows(path: Path, query: str) -> list[tuple[Any, ...]]:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return conn.execute(query).fetchall()


def test_the_bot_refuses_to_start_on_a_newer_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.app import open_storage
    from bot.config import Config
    from bot.startup import EXIT_SCHEMA_TOO_NEW, StartupFailure

    path = tmp_path / "games.db"
    asyncio.run(at_version(path, len(migrations.load("sqlite"))))
    latest = latest_schema("sqlite")
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("INSERT INTO schema_version VALUES (?)", (latest + 2,))
    with pytest.raises(StartupFailure) as refused:
        asyncio.run(open_storage(Config(database_url=f"sqlite:///{path}")))
    assert refused.value.code == EXIT_SCHEMA_TOO_NEW
    assert refused.value.message == t(
        "startup.schema_too_new", where=str(path), schema=latest + 2, latest=latest
    )
    assert version_of(path) == latest + 2


def test_the_readme_and_the_help_name_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    tools = readme.partition("## Organiser tools (`gobot`)")[2].partition("\n## ")[0]
    for row in (
        "gobot backup PATH [--force]",
        "gobot restore [--new] BACKUP",
        "gobot migrate [--check]",
    ):
        assert f"| `{row}` |" in tools
    assert "## Backups and upgrades" in readme
    for command in ("backup", "restore", "migrate"):
        with pytest.raises(SystemExit) as done:
            main([command, "--help"])
        assert done.value.code == 0
        assert "Exit 0" in capsys.readouterr().out


def test_a_damaged_database_is_moved_aside_whole(
    games_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(capsys, "backup", "copy.db")[0] == 0
    good = rows(games_db)
    games_db.write_bytes(b"scrambled by a broken disk " * 300)
    Path(f"{games_db}-wal").write_bytes(b"and its journal")
    code, out, err = run_cli(capsys, "restore", "copy.db")
    assert (code, err) == (0, "")
    kept = Path(out.splitlines()[1].removeprefix("the previous database is kept at "))
    assert kept.read_bytes() == b"scrambled by a broken disk " * 300
    assert Path(f"{kept}-wal").read_bytes() == b"and its journal"
    assert not Path(f"{games_db}-wal").exists() and rows(games_db) == good
