"""Backups, restores and schema checks of the bot's database, for ``gobot backup``, ``restore``
and ``migrate`` (:mod:`bot.cli_ops`).

SQLite copies go through SQLite's online backup API: one step, so the copy is the database as one
read transaction saw it (WAL mode: the bot's writers go on meanwhile), never a half-written file
as a plain ``cp`` of a live database can be. A copy is written beside its target under a
temporary name, checked (``PRAGMA integrity_check``, the gobot tables, a known schema version)
and only then given its name. Restoring takes the target's lock in exclusive locking mode
(:func:`exclusive`): an open connection of a running bot (which holds a shared lock in WAL mode
for as long as it is open) makes that fail at once, and the lock is held until the restore is
done, so no bot starts in the middle of it.

Everything here is synchronous (:mod:`sqlite3` of the standard library): the command line runs it
in a thread.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from urllib.parse import quote

#: the tables every gobot database has had since its first schema
GOBOT_TABLES = frozenset({"schema_version", "games", "events", "players"})
_MIGRATION = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
LOCK_SECONDS = 0.5  # how long a restore waits for the database's lock before calling it in use


class BackupError(Exception):
    """What went wrong, in one line that says what to do."""


class DatabaseInUse(BackupError):
    """Another connection (a running bot) has the SQLite database open."""


class Unreadable(BackupError):
    """SQLite cannot read the file (not a database, or damaged)."""


@dataclass(frozen=True, slots=True)
class Summary:
    """A checked SQLite database: its schema version, tables, games, moves and size in bytes."""

    path: Path
    schema: int
    tables: int
    games: int
    moves: int
    size: int

    def line(self) -> str:
        """``12 games, 3,456 moves, 1.2 MB, schema 6``."""
        return (
            f"{self.games:,} games, {self.moves:,} moves, {human_size(self.size)}, "
            f"schema {self.schema}"
        )


def human_size(size: int) -> str:
    """Bytes as people read them.

    >>> human_size(512), human_size(123_456), human_size(7_340_032)
    ('512 bytes', '123.5 kB', '7.3 MB')
    """
    if size < 1000:
        return f"{size} bytes"
    for power, unit in enumerate(("kB", "MB", "GB"), start=1):
        if size < 1000 ** (power + 1) or unit == "GB":
            return f"{size / 1000**power:.1f} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


def migration_names(dialect: str) -> list[tuple[int, str]]:
    """This build's migrations of ``dialect`` as ``(version, "0006_settings")``, oldest first."""
    folder = resources.files("storage.migrations").joinpath(dialect)
    found = []
    for entry in folder.iterdir():
        match = _MIGRATION.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name.removesuffix(".sql")))
    return sorted(found)


def latest_schema(dialect: str) -> int:
    """The schema version this build migrates a database to."""
    return migration_names(dialect)[-1][0]


def pending(dialect: str, current: int) -> list[str]:
    """The migrations that would run on a database at schema ``current`` (names, in order)."""
    return [name for version, name in migration_names(dialect) if version > current]


def too_new(dialect: str, current: int) -> str | None:
    """Why this build cannot use a database at schema ``current`` (None when it can)."""
    latest = latest_schema(dialect)
    if current <= latest:
        return None
    return (
        f"the database has schema {current}, newer than this gobot's {latest}: a newer gobot "
        "upgraded it and migrations only go forward; run that newer gobot, or restore a backup "
        "taken before the upgrade"
    )


def _connect(path: Path, *, timeout: float = 10.0, readonly: bool = False) -> sqlite3.Connection:
    """Open an existing SQLite file (never create one); raises :class:`BackupError`."""
    if not path.is_file():
        raise BackupError(f"no database at {path}: name an existing SQLite file")
    try:
        return sqlite3.connect(
            f"file:{quote(str(path.resolve()))}?mode={'ro' if readonly else 'rw'}",
            uri=True,
            timeout=timeout,
            isolation_level=None,
            check_same_thread=False,
        )
    except sqlite3.Error as error:
        raise BackupError(f"cannot open {path}: {error}") from None


def schema_version(conn: sqlite3.Connection) -> int | None:
    """The stored schema version; None when there is no ``schema_version`` table; 0 when it is
    empty (a database whose first migration never finished)."""
    found = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone()
    if found is None:
        return None
    row = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()
    return int(row[0])


def check(conn: sqlite3.Connection, path: Path) -> Summary:
    """Check that ``conn`` is a sound gobot database this build knows, and summarise it; raises
    :class:`BackupError` saying what is wrong."""
    try:
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        if problems != ["ok"]:
            raise BackupError(f"{path} is damaged: {'; '.join(map(str, problems[:3]))}")
        tables = {
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        version = schema_version(conn)
        missing = GOBOT_TABLES - tables
        if version is None or missing:
            lacking = ", ".join(sorted(missing))
            raise BackupError(f"{path} is not a gobot database (no table {lacking})")
        if version < 1:
            raise BackupError(f"{path} has no schema version: its first migration never finished")
        newer = too_new("sqlite", version)
        if newer is not None:
            raise BackupError(f"{path}: {newer}")
        games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        moves = conn.execute(
            "SELECT COUNT(*) FROM events WHERE text LIKE 'B %' OR text LIKE 'W %'"
        ).fetchone()[0]
    except sqlite3.DatabaseError as error:  # not a database at all, or unreadable
        raise BackupError(f"{path} is not a readable SQLite database: {error}") from None
    return Summary(path, version, len(tables), int(games), int(moves), path.stat().st_size)


def summarise(path: Path) -> Summary:
    """:func:`check` a SQLite file (it must exist)."""
    conn = _connect(path)
    try:
        return check(conn, path)
    finally:
        conn.close()


def _partial(target: Path) -> Path:
    return target.with_name(f".{target.name}.partial-{os.getpid()}")


def _copy_into(source: sqlite3.Connection, target: Path) -> None:
    """Copy ``source`` into a new single file ``target`` (no WAL beside it)."""
    destination = sqlite3.connect(str(target), isolation_level=None)
    try:
        source.backup(destination)  # one step: one consistent snapshot of the source
        destination.execute("PRAGMA journal_mode=DELETE")
    finally:
        destination.close()


def _place(partial: Path, target: Path, force: bool) -> None:
    """Give the checked copy its name: never over an existing file unless ``force``."""
    if force:
        os.replace(partial, target)
        return
    try:
        os.link(partial, target)  # fails if target appeared meanwhile
    except FileExistsError:
        raise BackupError(f"{target} exists: choose a new name, or add --force") from None
    except OSError:  # a file system without hard links
        if target.exists():
            raise BackupError(f"{target} exists: choose a new name, or add --force") from None
        os.replace(partial, target)
        return
    partial.unlink()


def backup_sqlite(source: Path, target: Path, *, force: bool = False) -> Summary:
    """Copy the SQLite database ``source`` to ``target`` while it may be in use, check the copy
    and return its summary; raises :class:`BackupError`."""
    if target.exists() and not force:
        raise BackupError(f"{target} exists: choose a new name, or add --force")
    if target.is_dir():
        raise BackupError(f"{target} is a folder: name the backup file")
    if not target.parent.is_dir():
        raise BackupError(f"no folder {target.parent}: create it first")
    with contextlib.suppress(OSError):
        if target.exists() and target.resolve() == source.resolve():
            raise BackupError(f"{target} is the database itself: choose another name")
    conn = _connect(source)
    partial = _partial(target)
    try:
        try:
            _copy_into(conn, partial)
        except sqlite3.Error as error:
            raise BackupError(f"cannot copy {source} to {target}: {error}") from None
        except OSError as error:
            raise BackupError(f"cannot write {target}: {error.strerror or error}") from None
        copy = _connect(partial)
        try:
            summary = check(copy, partial)
        finally:
            copy.close()
        _place(partial, target, force)
    finally:
        conn.close()
        with contextlib.suppress(OSError):
            partial.unlink()
    return Summary(target, summary.schema, summary.tables, summary.games, summary.moves,
                   target.stat().st_size)  # fmt: skip


@contextlib.contextmanager
def exclusive(path: Path, seconds: float = LOCK_SECONDS) -> Iterator[sqlite3.Connection]:
    """A connection to ``path`` holding its lock in exclusive locking mode until the block ends;
    raises :class:`DatabaseInUse` when another connection (a running bot) has it open."""
    conn = _connect(path, timeout=seconds)
    try:
        try:
            conn.execute("PRAGMA locking_mode=EXCLUSIVE")
            conn.execute("BEGIN EXCLUSIVE")
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            conn.execute("COMMIT")  # the lock stays: exclusive locking mode keeps it
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise DatabaseInUse(
                    f"{path} is in use (a running bot has it open): stop the bot, then restore"
                ) from None
            raise BackupError(f"cannot lock {path}: {error}") from None
        except sqlite3.DatabaseError as error:  # not a database, or a damaged one
            raise Unreadable(f"{path} is not a readable SQLite database: {error}") from None
        yield conn
    finally:
        conn.close()


@dataclass(frozen=True, slots=True)
class Restored:
    """A restore's outcome: the restored database's summary and where the previous one is."""

    summary: Summary
    previous: Path | None


def restore_sqlite(backup: Path, target: Path, stamp: str) -> Restored:
    """Replace the SQLite database ``target`` with the checked ``backup``; the previous
    database is kept as ``<target>.before-restore-<stamp>`` (one file; a file SQLite cannot read
    is moved there whole, with its ``-wal`` and ``-shm``). Refuses (:class:`DatabaseInUse`)
    while another connection has ``target`` open. ``target`` need not exist (its folder is
    created)."""
    if backup.exists() and target.exists() and backup.resolve() == target.resolve():
        raise BackupError(f"{backup} is the database itself: name a backup file")
    source = _connect(backup, readonly=True)
    try:
        check(source, backup)
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            _restore_new(source, target)
            return Restored(summarise(target), None)
        previous = target.with_name(f"{target.name}.before-restore-{stamp}")
        if previous.exists():
            raise BackupError(f"{previous} exists: try again in a second")
        journal = _keep(Path(f"{target}-wal"), Path(f"{previous}-wal"))
        try:
            with exclusive(target) as conn:
                try:
                    _copy_into(conn, previous)  # the previous database, WAL and all, one file
                except sqlite3.DatabaseError as error:  # damaged past its first pages
                    with contextlib.suppress(OSError):
                        previous.unlink()
                    raise Unreadable(str(error)) from None
                try:
                    source.backup(conn)
                except sqlite3.Error as error:
                    raise BackupError(
                        f"cannot restore into {target}: {error}; the previous database is kept "
                        f"at {previous}"
                    ) from None
                summary = check(conn, target)
            return Restored(summary, previous)
        except Unreadable:  # a damaged database: moved aside as it was, with its journal
            os.replace(target, previous)
            for suffix in ("-wal", "-shm"):  # SQLite may have dropped or changed them
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(f"{target}{suffix}")
            if journal is not None:
                os.replace(journal, f"{previous}-wal")
                journal = None
            _restore_new(source, target)
            return Restored(summarise(target), previous)
        finally:
            if journal is not None:
                with contextlib.suppress(OSError):
                    journal.unlink()
    finally:
        source.close()


def _keep(journal: Path, aside: Path) -> Path | None:
    """A second name for ``journal`` (the database's ``-wal``) before SQLite opens a database
    that may turn out damaged (SQLite may drop the journal of a file it cannot read)."""
    if not journal.exists():
        return None
    kept = aside.with_name(f".{aside.name}.partial-{os.getpid()}")
    try:
        os.link(journal, kept)
    except OSError:
        shutil.copyfile(journal, kept)
    return kept


def _restore_new(source: sqlite3.Connection, target: Path) -> None:
    """Copy ``source`` to the new file ``target`` (written aside, then named)."""
    partial = _partial(target)
    try:
        _copy_into(source, partial)
        _place(partial, target, force=False)
    finally:
        with contextlib.suppress(OSError):
            partial.unlink()


def sqlite_schema(path: Path) -> int:
    """The schema version of the SQLite file ``path`` (0: an empty file, no migration yet);
    raises :class:`BackupError` for a file that is no gobot database."""
    conn = _connect(path)
    try:
        version = schema_version(conn)
        if version is None:
            tables = conn.execute(
                "SELECT COUNT(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
            ).fetchone()[0]
            if tables:
                raise BackupError(f"{path} is not a gobot database (no table schema_version)")
            return 0
        return version
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a readable SQLite database: {error}") from None
    finally:
        conn.close()


async def postgres_schema(dsn: str, seconds: float = 10.0) -> int:
    """The schema version of the PostgreSQL database ``dsn`` (0 when it has no
    ``schema_version`` table yet: a new database); raises :class:`BackupError` saying why it
    cannot be read (never repeating the URL)."""
    import asyncpg  # only for PostgreSQL deployments

    from storage import server_address

    where = server_address(dsn)
    try:
        conn = await asyncpg.connect(dsn, timeout=seconds)
    except Exception as error:  # refused, unknown host, login, no such database
        raise BackupError(
            f"cannot read the PostgreSQL database at {where} ({type(error).__name__}): check "
            "DATABASE_URL and that the server runs"
        ) from None
    try:
        if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
            return 0
        version = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(version)
    finally:
        await conn.close()
