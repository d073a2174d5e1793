""":class:`service.ports.GameFeed` on SQLite (:mod:`storage.sqlite`).

A unit of work of this process that saved a game wakes its watchers once its ``COMMIT`` is durable
(:meth:`SqliteFeed.committed`). SQLite cannot tell one process about another's commits, so while
someone watches, a poller reads the versions of the watched games only (one query every
:data:`POLL_SECONDS` on a read-only connection of its own: WAL readers see what is committed and
never wait for the bot's writer) and wakes the watchers of a game whose version went up. It
starts with the first watch and stops, closing its connection, when the last one ends. A new
watch of a game it has not read yet makes it look at once, so that game's later changes are
compared with the version of that moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import quote

import aiosqlite

from storage.feed import BackgroundFeed

log = logging.getLogger(__name__)

POLL_SECONDS = 0.5
_CHUNK = 500  # ids per query (SQLite's limit on parameters is far above)


class SqliteFeed(BackgroundFeed):
    """The games that changed in the SQLite file at ``path``, in this process or another."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._known: dict[int, int] = {}  # a watched game's latest version seen (0: no game)
        self._look_now = asyncio.Event()  # a game without a known version is watched
        self._looked = asyncio.Event()  # set after each look
        super().__init__()

    def committed(self, versions: Mapping[int, int]) -> None:
        """This process committed these games at these versions (durably)."""
        for game_id, version in versions.items():
            if game_id in self._known:
                self._known[game_id] = max(self._known[game_id], version)
        self.watchers.changed(versions)

    async def ready(self) -> None:
        """Wait until every watched game's version is known: from then on, other processes'
        changes to it wake its watchers (tests; a page that must not miss one)."""
        while self._polling() and any(g not in self._known for g in self.watchers.watched()):
            self._looked.clear()
            await self._looked.wait()

    def _polling(self) -> bool:
        return str(self.path) != ":memory:" and not self._closed  # no other process sees it

    def _watched(self) -> None:
        if not self._polling():
            return
        if any(g not in self._known for g in self.watchers.watched()):
            self._look_now.set()
        self.start(self._poll)

    async def _poll(self) -> None:
        conn: aiosqlite.Connection | None = None
        try:
            while self.watchers.watched():
                self._look_now.clear()
                try:
                    if conn is None:
                        uri = f"file:{quote(str(self.path.absolute()))}?mode=ro"
                        conn = await aiosqlite.connect(uri, uri=True)
                    await self._look(conn)
                except (OSError, sqlite3.Error) as error:
                    log.warning("cannot read the watched games' versions: %s", error)
                    if conn is not None:
                        with contextlib.suppress(Exception):
                            await conn.close()
                        conn = None
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._look_now.wait(), POLL_SECONDS)
                if not self.watchers.watched() and conn is not None:
                    await conn.close()  # a watch that begins meanwhile keeps the loop going
                    conn = None
        finally:
            self._looked.set()
            if conn is not None:
                await conn.close()

    async def _look(self, conn: aiosqlite.Connection) -> None:
        """Read the watched games' versions; wake the watchers of those that went up."""
        watched = self.watchers.watched()
        versions: dict[int, int] = {}
        for start in range(0, len(watched), _CHUNK):
            ids = watched[start : start + _CHUNK]
            marks = ", ".join("?" for _ in ids)
            rows = await conn.execute_fetchall(
                f"SELECT id, version FROM games WHERE id IN ({marks})", ids
            )
            versions.update((int(gid), int(version)) for gid, version in rows)
        changed = []
        known = {}
        for game_id in watched:
            version = versions.get(game_id, 0)
            before = self._known.get(game_id)
            if before is not None and version > before:
                changed.append(game_id)
            known[game_id] = version if before is None else max(before, version)
        self._known = known
        self.watchers.changed(changed)
        self._looked.set()
