"""The SQLite implementation of the service's port (aiosqlite, WAL mode).

One connection per process; a unit of work holds an asyncio lock inside a ``BEGIN IMMEDIATE``
transaction, so writers in this process are serialised (SQLite has a single writer anyway) and
writers in other processes wait on ``busy_timeout``. Units that queue for the lock share one
transaction and one durable ``COMMIT`` (group commit, see :class:`SqliteDatabase`), each in its own
savepoint. Versions and unique keys still guard every write, so the optimistic-concurrency
contract of the port holds across processes too. The repositories a unit of work hands out are in
:mod:`storage.sqlite_repositories`, (club play) :mod:`storage.sqlite_club` and (lessons and
problems) :mod:`storage.sqlite_learning`.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from pathlib import Path
from types import TracebackType

import aiosqlite

from storage import migrations
from storage.sqlite_club import SqliteCodes, SqliteLeagues, SqliteRatings
from storage.sqlite_feed import SqliteFeed
from storage.sqlite_learning import SqliteLearning
from storage.sqlite_repositories import (
    SqliteGames,
    SqliteLinks,
    SqlitePlayers,
    SqliteSettings,
    SqliteUpdates,
)

BATCH_UNITS = 16  # group commit: at most this many units of work share one COMMIT
BATCH_SECONDS = 0.003  # and a batch takes no more units once its first began this long ago


class SqliteUnitOfWork:
    """One unit of work under the database's lock: the first unit of a batch opens the batch's
    ``BEGIN IMMEDIATE`` transaction, a unit that joins an open batch begins a savepoint (so it
    rolls back alone). :meth:`commit` returns once the batch's ``COMMIT`` is durable."""

    def __init__(self, database: SqliteDatabase) -> None:
        self._database = database
        conn = database.connection
        self.games = SqliteGames(conn)
        self.players = SqlitePlayers(conn)
        self.updates = SqliteUpdates(conn)
        self.links = SqliteLinks(conn)
        self.ratings = SqliteRatings(conn)
        self.leagues = SqliteLeagues(conn)
        self.codes = SqliteCodes(conn)
        self.settings = SqliteSettings(conn)
        self.learning = SqliteLearning(conn)
        self._open = False  # changes of this unit are neither committed nor rolled back yet
        self._holding = False  # this unit holds the database's lock
        self._savepoint = False  # joined an open batch: runs in SAVEPOINT unit
        self._changes = 0  # the connection's total_changes when the unit began

    async def __aenter__(self) -> SqliteUnitOfWork:
        database = self._database
        database.waiting += 1
        try:
            await database.lock.acquire()
        except BaseException:  # cancelled while queued
            database.waiting -= 1
            if database.waiting == 0 and database.batch:
                database.flush_soon()  # the batch's units counted on this one to carry it on
            raise
        database.waiting -= 1
        self._holding = True
        conn = database.connection
        try:
            if database.batch_open:
                await conn.execute("SAVEPOINT unit")
                self._savepoint = True
            else:
                await conn.execute("BEGIN IMMEDIATE")
                database.batch_open = True
                database.batch_started = time.monotonic()
        except BaseException:
            await self._leave()
            raise
        self._changes = conn.total_changes
        self._open = True
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        durable: asyncio.Future[None] | None = None
        try:
            if self._open:
                self._open = False
                await self._roll_back()
        finally:
            if self._holding and self._database.batch:
                # What this unit read may be other units' changes not yet committed: it is
                # answered only once they are durable, as if it had read after their COMMIT.
                durable = asyncio.get_running_loop().create_future()
                self._database.batch.append(durable)
            await self._leave()
        if durable is not None:
            with contextlib.suppress(Exception):  # their failure is theirs to report
                await durable

    async def _roll_back(self) -> None:
        """Undo this unit's changes only (the batch's earlier units keep theirs)."""
        database = self._database
        conn = database.connection
        if not self._savepoint:
            database.batch_open = False  # this unit began the batch: nothing else is in it
            await conn.rollback()
            return
        if not conn.in_transaction:  # SQLite rolled the whole transaction back (I/O error, …)
            database.fail_batch(sqlite3.OperationalError("the transaction was rolled back"))
            return
        if conn.total_changes != self._changes:
            # The savepoint stays open (nested under later units' savepoints of the same name;
            # ROLLBACK TO finds the newest): the batch's COMMIT ends them all.
            await conn.execute("ROLLBACK TO unit")

    async def _leave(self) -> None:
        """Release the lock; commit the open batch first unless a queued unit carries it on."""
        if not self._holding:
            return
        database = self._database
        try:
            if database.waiting == 0:
                # For the batch's other units: their commit() reports a failure.
                with contextlib.suppress(Exception):
                    await database.flush()
        finally:
            self._holding = False
            database.lock.release()

    async def commit(self) -> None:
        if not self._open:
            raise RuntimeError("commit outside an open unit of work")
        database = self._database
        self._open = False  # its savepoint needs no RELEASE: the batch's COMMIT ends it
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        database.batch.append(done)
        if database.waiting and not database.batch_full():
            # A unit queued behind this one joins the batch; the last one commits it.
            self._holding = False
            database.lock.release()
        else:
            with contextlib.suppress(Exception):  # the failure is in ``done`` too
                await database.flush()
        await done  # raises if the batch's COMMIT failed
        database.feed.committed(self.games.saved)


class SqliteDatabase:
    """:class:`service.ports.Database` on one SQLite file.

    Group commit: while units of work queue for the lock, each one joins the open transaction in
    a savepoint and the last of the batch (or the one that fills it) commits them all with one
    ``COMMIT`` (one fsync under ``synchronous=FULL``). No unit's :meth:`SqliteUnitOfWork.commit`
    returns before that ``COMMIT`` is durable, so an acknowledged command survives a crash."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path
        self.feed = SqliteFeed(path)  # which games changed, here or in another process
        self.lock = asyncio.Lock()
        self.waiting = 0  # units of work queued for the lock
        self.batch_open = False  # a BEGIN IMMEDIATE transaction holds committed units
        self.batch_started = 0.0
        self.batch: list[asyncio.Future[None]] = []  # units waiting for the batch's COMMIT
        self._tasks: set[asyncio.Task[None]] = set()

    def unit_of_work(self) -> SqliteUnitOfWork:
        return SqliteUnitOfWork(self)

    def batch_full(self) -> bool:
        """Commit now: the batch holds enough units, or its first has waited long enough."""
        return (
            len(self.batch) >= BATCH_UNITS or time.monotonic() - self.batch_started >= BATCH_SECONDS
        )

    async def flush(self) -> None:
        """Commit the open batch (the caller holds the lock) and answer its units."""
        if not self.batch_open:
            return
        self.batch_open = False
        batch, self.batch = self.batch, []
        # Shielded: a cancelled caller must not leave the other units without their answer.
        await asyncio.shield(self._commit(batch))

    async def _commit(self, batch: list[asyncio.Future[None]]) -> None:
        try:
            await self.connection.commit()
        except Exception as error:
            self.batch = batch
            self.fail_batch(error)
            if self.connection.in_transaction:
                await self.connection.rollback()
            raise
        for done in batch:
            if not done.done():
                done.set_result(None)

    def flush_soon(self) -> None:
        """Commit the open batch as soon as the lock is free (no queued unit will)."""

        async def flush_when_free() -> None:
            async with self.lock:
                with contextlib.suppress(Exception):  # reported to the batch's units
                    await self.flush()

        task = asyncio.get_running_loop().create_task(flush_when_free())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def fail_batch(self, error: Exception) -> None:
        """The batch's transaction is lost: every unit in it fails with ``error``."""
        self.batch_open = False
        batch, self.batch = self.batch, []
        for done in batch:
            if not done.done():
                done.set_exception(error)

    async def close(self) -> None:
        await self.feed.close()
        async with self.lock:
            await self.flush()
            await self.connection.close()


async def _migrate(conn: aiosqlite.Connection) -> None:
    """Apply every migration newer than the stored schema version, each in its own write
    transaction that reads the version again: processes starting together on one file take
    turns (``BEGIN IMMEDIATE`` waits for the writer lock), and each migration runs once."""
    await conn.execute("BEGIN IMMEDIATE")
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    cursor = await conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version")
    row = await cursor.fetchone()
    await conn.commit()
    migrations.refuse_newer(row[0] if row else 0, "sqlite")  # a newer build upgraded it
    for version, sql in migrations.load("sqlite"):
        await conn.execute("BEGIN IMMEDIATE")
        cursor = await conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        row = await cursor.fetchone()
        if row is not None and row[0] >= version:  # applied (by us, or by another process)
            await conn.rollback()
            continue
        try:
            for statement in (s.strip() for s in sql.split(";")):
                if statement and not all(
                    line.startswith("--") for line in statement.splitlines() if line.strip()
                ):
                    await conn.execute(statement)
            await conn.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
            await conn.commit()
        except BaseException:
            await conn.rollback()
            raise


async def _switch_to_wal(conn: aiosqlite.Connection, seconds: float = 10.0) -> None:
    """``PRAGMA journal_mode=WAL``, waiting while another process starting on the same new file
    switches it (SQLite answers that pragma "locked" at once instead of calling the busy
    handler)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            await conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)


async def open_sqlite(path: Path | str) -> SqliteDatabase:
    """Open ``path`` (creating folders and the file), switch to WAL and run the migrations."""
    target = Path(path)
    if str(target) != ":memory:":
        target.parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(str(target), isolation_level=None)
    try:
        await conn.execute("PRAGMA busy_timeout=10000")  # first: switching to WAL takes a lock
        await _switch_to_wal(conn)
        await conn.execute("PRAGMA synchronous=FULL")  # an acknowledged move survives any crash
        await conn.execute("PRAGMA foreign_keys=ON")
        await _migrate(conn)
    except BaseException:
        await conn.close()
        raise
    return SqliteDatabase(conn, target)
