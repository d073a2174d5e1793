""":class:`service.ports.GameFeed` on PostgreSQL (:mod:`storage.postgres`).

Every save of a game announces it on the channel :data:`CHANNEL` in the transaction that saves
it (a trigger, migration 10), so PostgreSQL delivers it on commit only, to every listening
session, whichever bot process saved it. The payload is ``<schema>:<game id>``: installations in
other schemas of the same database share the channel, and the listener keeps only the games of
the schema its ``games`` table is in. While someone in this process watches, ONE dedicated
connection (outside the pool) listens; it is closed when the last watch ends.

An idle listening connection hears nothing when its network path dies without a reset (a NAT or
firewall forgetting it, a failover): asyncpg sends no keepalive. So while listening, the feed
runs ``SELECT 1`` every ``probe_seconds`` (:data:`PROBE_SECONDS`); one that fails or has no answer
within ``probe_timeout`` (:data:`PROBE_TIMEOUT`) counts as a lost connection. A lost connection is
opened again (after a pause that grows up to :data:`RETRY_SECONDS`' last), and every watcher is
woken then, since a change may have come while nobody listened.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

from storage.feed import BackgroundFeed

log = logging.getLogger(__name__)

CHANNEL = "gobot_games"
RETRY_SECONDS = (0.2, 0.5, 1.0, 2.0, 5.0)
PROBE_SECONDS = 30.0  # how often an idle listening connection is asked whether it still answers
PROBE_TIMEOUT = 10.0  # seconds a probe (or setting up a connection to listen) may take
_OWN_SCHEMA = """SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.oid = 'games'::regclass"""


class PostgresFeed(BackgroundFeed):
    """The games that changed in the database ``connect`` reaches, in any process."""

    def __init__(
        self,
        connect: Callable[[], Awaitable[asyncpg.Connection]],
        *,
        probe_seconds: float = PROBE_SECONDS,
        probe_timeout: float = PROBE_TIMEOUT,
    ) -> None:
        self._connect = connect
        self._probe_seconds = probe_seconds
        self._probe_timeout = probe_timeout
        self._schema: str | None = None  # the games table's schema, once connected
        self._listening = asyncio.Event()
        super().__init__()

    async def ready(self) -> None:
        """Wait until this process listens (while someone watches): from then on every commit
        of a watched game wakes its watchers (tests; a page that must not miss one)."""
        while self.watchers.watched() and not self._closed and not self._listening.is_set():
            await _first(self._listening, self.watchers.idle)

    def _watched(self) -> None:
        self.start(self._listen)

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: object) -> None:
        schema, _, number = str(payload).rpartition(":")
        if schema != self._schema:  # another installation's game (or not a game)
            return
        try:
            game_id = int(number)
        except ValueError:
            return
        self.watchers.changed((game_id,))

    async def _listen(self) -> None:
        failures = 0
        listened = False
        while self.watchers.watched():
            conn: asyncpg.Connection | None = None
            lost = asyncio.Event()
            try:
                conn = await self._connect()
                conn.add_termination_listener(_setter(lost))
                self._schema = await conn.fetchval(_OWN_SCHEMA, timeout=self._probe_timeout)
                await asyncio.wait_for(conn.add_listener(CHANNEL, self._heard), self._probe_timeout)
                if listened:  # it dropped: what came meanwhile was not heard
                    self.watchers.everything_changed()
                listened, failures = True, 0
                self._listening.set()
                while not await _first(lost, self.watchers.idle, within=self._probe_seconds):
                    await conn.fetchval("SELECT 1", timeout=self._probe_timeout)  # still there?
                if lost.is_set():
                    log.warning("the connection listening for game changes dropped")
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                log.warning(
                    "cannot listen for game changes: %s", str(error) or type(error).__name__
                )
                lost.set()
            finally:
                self._listening.clear()
                if conn is not None and not conn.is_closed():
                    if lost.is_set():  # it may not answer: drop it
                        conn.terminate()
                    else:
                        try:
                            await conn.close(timeout=5)
                        except Exception:  # closing a broken connection: drop it
                            conn.terminate()
            if lost.is_set():
                pause = RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)]
                failures += 1
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.watchers.idle.wait(), pause)


def _setter(event: asyncio.Event) -> Callable[[Any], None]:
    """A termination listener that sets ``event``."""
    return lambda _conn: event.set()


async def _first(*events: asyncio.Event, within: float | None = None) -> bool:
    """Wait until one of ``events`` is set (or ``within`` seconds have passed): whether one is."""
    waits = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waits, timeout=within, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()
    return any(event.is_set() for event in events)
