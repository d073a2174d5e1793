"""Who watches which game in this process: the part of every backend's
:class:`~service.ports.GameFeed` that does not depend on the database.

A watch (:meth:`Watchers.watch`) is registered when it is made, so a change committed after the
call wakes it even if its first ``__anext__`` comes later; changes that come while its owner is
busy coalesce into one wake-up. The backend tells :meth:`Watchers.changed` which games changed
(its own commits, or what it heard from other processes) and starts whatever listens to other
processes on :attr:`Watchers.on_watch` (called when a watch begins: the backend starts its
listener then, if it is not running), stopping it once :meth:`Watchers.watched` is empty.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine, Iterable
from typing import Any


class GameWatch:
    """The changes of one game after the watch was made: an async iterator that yields None once
    per wake-up. Closing it (:meth:`aclose`), cancelling the task waiting in it, or dropping it
    stops watching."""

    def __init__(self, watchers: Watchers, game_id: int) -> None:
        self._watchers = watchers
        self.game_id = game_id
        self._changed = asyncio.Event()
        self._closed = False
        watchers.add(game_id, self._changed)

    def __aiter__(self) -> GameWatch:
        return self

    async def __anext__(self) -> None:
        if self._closed:
            raise StopAsyncIteration
        try:
            await self._changed.wait()
        except BaseException:  # cancelled: the watcher is gone
            self._stop()
            raise
        if self._closed:  # closed while waiting
            raise StopAsyncIteration
        self._changed.clear()

    async def aclose(self) -> None:
        """Stop watching (a waiting ``__anext__`` ends the iteration)."""
        self._stop()

    def _stop(self) -> None:
        if not self._closed:
            self._closed = True
            self._watchers.discard(self.game_id, self._changed)
            self._changed.set()  # a task waiting in __anext__ ends

    def __del__(self) -> None:
        if not self._closed:
            self._closed = True
            self._watchers.discard(self.game_id, self._changed)


class Watchers:
    """The watches of this process, by game."""

    def __init__(self, on_watch: Callable[[], None] | None = None) -> None:
        self._watches: dict[int, set[asyncio.Event]] = {}
        self.on_watch = on_watch
        #: set when the last watch ends (a listener waits on it to stop)
        self.idle = asyncio.Event()
        self.idle.set()

    def watch(self, game_id: int) -> GameWatch:
        """:meth:`service.ports.GameFeed.changes`."""
        return GameWatch(self, game_id)

    def add(self, game_id: int, changed: asyncio.Event) -> None:
        self._watches.setdefault(game_id, set()).add(changed)
        self.idle.clear()
        if self.on_watch is not None:
            self.on_watch()

    def discard(self, game_id: int, changed: asyncio.Event) -> None:
        events = self._watches.get(game_id)
        if events is None:
            return
        events.discard(changed)
        if not events:
            del self._watches[game_id]
        if not self._watches:
            self.idle.set()

    def watched(self) -> list[int]:
        """The games someone watches, in id order."""
        return sorted(self._watches)

    def changed(self, game_ids: Iterable[int]) -> None:
        """Wake every watch of these games (a game nobody watches is ignored)."""
        for game_id in game_ids:
            for event in self._watches.get(game_id, ()):
                event.set()

    def everything_changed(self) -> None:
        """Wake every watch: changes may have been missed (a lost connection)."""
        self.changed(list(self._watches))


class BackgroundFeed:
    """What the SQLite and PostgreSQL feeds share: the watchers, and one background task that
    hears other processes (started by :meth:`start` when a watch begins and none runs), stopped
    for good by :meth:`close`."""

    def __init__(self) -> None:
        self.watchers = Watchers(on_watch=self._watched)
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    def changes(self, game_id: int) -> GameWatch:
        return self.watchers.watch(game_id)

    def _watched(self) -> None:
        """A watch began (the backend starts its listener here)."""

    def start(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Run ``work()`` in the background, unless it already runs or the feed is closed."""
        if not self._closed and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(work())

    async def close(self) -> None:
        """Stop hearing other processes (the database is closing)."""
        self._closed = True
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
