"""The organiser's command line for running the bot for real: ``gobot backup``, ``restore`` and
``migrate``. Each reads ``DATABASE_URL`` as the bot does (the environment over ``.env``; unset:
the SQLite file in the user's data directory).

Exit statuses: 0 done; 2 an error, or nothing done (one line on standard error saying what to do;
for PostgreSQL, the ``pg_dump``/``pg_restore`` command to run instead); ``migrate --check`` exits
1 when migrations would run. The work itself is in :mod:`storage.backup`; everything heavier than
``argparse`` is imported when a command runs.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

if TYPE_CHECKING:
    from bot.config import Config
    from storage import DatabaseUrl

EXIT_OK, EXIT_PENDING, EXIT_ERROR = 0, 1, 2
NOTHING_KEPT = "DATABASE_URL=memory: keeps nothing on disk"
NO_DATABASE = (
    "no database at {path}: set DATABASE_URL to the bot's database "
    "(sqlite:///games.db, postgresql://user@host/db)"
)


def reason(exc: BaseException) -> str:
    """What went wrong, never empty, on one line."""
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


class OpsError(Exception):
    """What to print on standard error (one line or a few) before exiting with status 2."""


def configured() -> tuple[DatabaseUrl, Config]:
    """The database ``DATABASE_URL`` names and the settings; raises :class:`OpsError`."""
    from bot.config import ConfigError, load_config
    from storage import BadDatabaseUrl, parse_database_url

    try:
        config = load_config()
        return parse_database_url(config.database_url), config
    except (ConfigError, BadDatabaseUrl) as exc:
        raise OpsError(reason(exc)) from None


def existing_file(parsed: DatabaseUrl) -> Path:
    """The SQLite file, which must exist (never created here)."""
    assert parsed.path is not None
    if not parsed.path.is_file():
        raise OpsError(NO_DATABASE.format(path=parsed.path))
    return parsed.path


def postgres_words(dsn: str) -> tuple[str, list[str]]:
    """The URL libpq's tools take (password masked, ``search_path`` taken out of the query)
    and the options that go with it (``--schema=NAME`` for a ``search_path``).

    >>> postgres_words("postgresql://go:s3cret@db:5432/games?search_path=club&sslmode=require")
    ('postgresql://go:<secret>@db:5432/games?sslmode=require', ['--schema=club'])
    """
    from bot.secrets import mask_url

    parts = urlsplit(dsn)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schemas = [value for key, value in query if key == "search_path"]
    kept = urlencode([(key, value) for key, value in query if key != "search_path"])
    url = mask_url(urlunsplit(parts._replace(query=kept)))
    return url, [f"--schema={schema}" for schema in schemas]


def postgres_advice(tool: str, dsn: str, file: str) -> list[str]:
    """What to run instead of ``gobot backup``/``restore`` on PostgreSQL, as lines: the exact
    ``pg_dump``/``pg_restore`` command for ``dsn`` and, when the tool is missing, how to get it."""
    url, options = postgres_words(dsn)
    if tool == "pg_dump":
        words = ["pg_dump", "--format=custom", *options, f"--file={file}", url]
        what = "gobot backup copies SQLite databases; back up PostgreSQL with pg_dump"
    else:
        words = ["pg_restore", "--clean", "--if-exists", "--no-owner", *options]
        words += [f"--dbname={url}", file]
        what = "gobot restore restores SQLite databases; stop the bot, then use pg_restore"
    import shutil

    lines = [f"error: {what}:", "  " + shlex.join(words)]
    if "<secret>" in url:
        lines.append("(the password is masked: put it in PGPASSWORD or ~/.pgpass)")
    if shutil.which(tool) is None:
        lines.append(
            f"{tool} is not on PATH: install PostgreSQL's client tools (Debian and Ubuntu: "
            "apt install postgresql-client), of the server's major version or newer"
        )
    return lines


def fail(lines: list[str] | str) -> int:
    """Print ``lines`` on standard error; exit status 2."""
    text = lines if isinstance(lines, str) else "\n".join(lines)
    print(text if text.startswith("error:") else f"error: {text}", file=sys.stderr)
    return EXIT_ERROR


def guarded(args: argparse.Namespace, work: Any) -> int:
    """Run ``work(args)``; every error is said on standard error with exit status 2."""
    from storage.backup import BackupError

    try:
        code: int = work(args)
        return code
    except (OpsError, BackupError) as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(f"{exc.strerror or reason(exc)}: {exc.filename or ''}")
    except Exception as exc:  # a bug of ours or a broken database: one line, no traceback
        return fail(f"unexpected {type(exc).__name__}: {reason(exc)}")


def _backup(args: argparse.Namespace) -> int:
    from storage.backup import backup_sqlite

    parsed, _ = configured()
    if parsed.dialect == "memory":
        raise OpsError(f"{NOTHING_KEPT}: there is nothing to back up")
    if parsed.dialect == "postgresql":
        assert parsed.dsn is not None
        return fail(postgres_advice("pg_dump", parsed.dsn, args.path))
    source = existing_file(parsed)
    summary = backup_sqlite(source, Path(args.path), force=args.force)
    print(f"backed up {source} to {summary.path}: {summary.line()}")
    return EXIT_OK


def fresh_heartbeat(config: Config) -> str | None:
    """Why the heartbeat says the bot runs (its file touched within ``gobot health``'s
    maximum age), or None."""
    from bot.health import MAX_AGE

    path = config.heartbeat_file
    if path is None:
        return None
    try:
        age = time.time() - path.stat().st_mtime
    except OSError:
        return None
    if age >= MAX_AGE:
        return None
    return (
        f"the bot's heartbeat file {path} was touched {max(age, 0):.0f} s ago, so the bot "
        f"runs: stop it, then restore (or wait {MAX_AGE:g} s after it stopped)"
    )


def _restore(args: argparse.Namespace) -> int:
    from storage.backup import restore_sqlite

    parsed, config = configured()
    if parsed.dialect == "memory":
        raise OpsError(f"{NOTHING_KEPT}: there is nothing to restore into")
    if parsed.dialect == "postgresql":
        assert parsed.dsn is not None
        return fail(postgres_advice("pg_restore", parsed.dsn, args.backup))
    assert parsed.path is not None
    if not parsed.path.exists() and not args.new:
        raise OpsError(
            f"no database at {parsed.path}: check DATABASE_URL (it names the bot's database), "
            "or give --new to restore into a new file there"
        )
    running = fresh_heartbeat(config)
    if running is not None:
        raise OpsError(running)
    import datetime as dt

    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    restored = restore_sqlite(Path(args.backup), parsed.path, stamp)
    print(f"restored {args.backup} into {parsed.path}: {restored.summary.line()}")
    if restored.previous is None:
        print(f"there was no database at {parsed.path} before")
    else:
        print(f"the previous database is kept at {restored.previous}")
    if restored.summary.schema < _latest("sqlite"):
        print("the bot migrates it to this build's schema when it starts (or: gobot migrate)")
    return EXIT_OK


def _latest(dialect: str) -> int:
    from storage.backup import latest_schema

    return latest_schema(dialect)


def current_schema(parsed: DatabaseUrl) -> int:
    """The schema version of the configured database."""
    import asyncio

    from storage.backup import postgres_schema, sqlite_schema

    if parsed.dialect == "postgresql":
        assert parsed.dsn is not None
        return asyncio.run(postgres_schema(parsed.dsn))
    return sqlite_schema(existing_file(parsed))


def _migrate(args: argparse.Namespace) -> int:
    from storage.backup import pending, too_new

    parsed, config = configured()
    if parsed.dialect == "memory":
        raise OpsError(f"{NOTHING_KEPT}: it is made anew, migrated, at every start")
    dialect = parsed.dialect
    before = current_schema(parsed)
    newer = too_new(dialect, before)
    if newer is not None:
        raise OpsError(newer)
    waiting = pending(dialect, before)
    latest = _latest(dialect)
    if not waiting:
        print(f"up to date, schema {latest}")
        return EXIT_OK
    if args.check:
        print(f"schema {before}; would apply {', '.join(waiting)} (to schema {latest})")
        return EXIT_PENDING
    import asyncio

    asyncio.run(_apply(config))
    after = current_schema(parsed)
    applied = [name for name in waiting if int(name[:4]) <= after]
    print(f"applied {', '.join(applied)}: schema {after} now")
    return EXIT_OK


async def _apply(config: Config) -> None:
    """Open the database as the bot does: that runs the migrations (each once, however many
    processes start together)."""
    from bot.app import open_storage
    from bot.secrets import mask
    from bot.startup import StartupFailure

    try:
        database = await open_storage(config)
    except StartupFailure as exc:
        raise OpsError(mask(exc.message, config.secrets)) from None
    await database.close()


BACKUP_HELP = """\
Copy the bot's SQLite database (DATABASE_URL) to PATH with SQLite's online backup API: safe
while the bot runs and writes (a plain cp of a live database is not). The copy is checked
(integrity check, gobot tables, schema version) before it gets its name; an existing PATH is
kept unless --force. Prints one line: games, moves, size. PostgreSQL: prints the pg_dump command
to use instead (exit 2). Exit 0 done, 2 an error."""

RESTORE_HELP = """\
Replace the bot's SQLite database (DATABASE_URL) with BACKUP (a gobot backup, or any copy of a
gobot database). Refuses while a bot has the database open (its lock is taken in exclusive mode)
or while the bot's heartbeat file is fresh: stop the bot first. BACKUP is checked first
(integrity, gobot tables, a schema this build knows); the previous database is kept beside it as
<name>.before-restore-<UTC time>. Where DATABASE_URL names no file yet, it refuses (a wrong
DATABASE_URL would restore somewhere the bot never reads) unless --new. PostgreSQL: prints the
pg_restore command to use instead (exit 2). Exit 0 done, 2 an error."""

MIGRATE_HELP = """\
Bring the bot's database (DATABASE_URL) to this build's schema, as the bot does when it starts
(forward only; safe while other processes start). With --check, only say which migrations would
run. A database newer than this build is refused. Exit 0 up to date or migrated, 1 (--check)
migrations would run, 2 an error."""


def add_ops_commands(commands: Any) -> None:
    """Register ``backup``, ``restore`` and ``migrate`` on the ``gobot`` sub-command parser."""
    backup = commands.add_parser(
        "backup",
        help="copy the SQLite database safely while the bot runs (reads DATABASE_URL)",
        description=BACKUP_HELP,
    )
    backup.add_argument("path", metavar="PATH", help="the backup file to write")
    backup.add_argument("--force", action="store_true", help="overwrite PATH if it exists")
    backup.set_defaults(handler=lambda args: guarded(args, _backup))

    restore = commands.add_parser(
        "restore",
        help="replace the stopped bot's SQLite database with a backup (reads DATABASE_URL)",
        description=RESTORE_HELP,
    )
    restore.add_argument("backup", metavar="BACKUP", help="the backup file to restore")
    restore.add_argument(
        "--new", action="store_true", help="restore into DATABASE_URL's file though none is there"
    )
    restore.set_defaults(handler=lambda args: guarded(args, _restore))

    migrate = commands.add_parser(
        "migrate",
        help="apply the database migrations, or --check which would run (reads DATABASE_URL)",
        description=MIGRATE_HELP,
    )
    migrate.add_argument("--check", action="store_true", help="only say which migrations would run")
    migrate.set_defaults(handler=lambda args: guarded(args, _migrate))
