"""The clock scheduler: sleeps until the next stored deadline, then sends reminders and applies
losses on time (``B+T``/``W+T``), and posts each channel's problem of the day when it is due.
Nothing ticks: after a restart it settles every game whose deadline passed while the bot was
down, then waits for the next one. Commands that change a stored deadline wake it.

Several bot processes on one PostgreSQL each run a scheduler. Each reminder and each loss on time
still happens once, and its notice is delivered by one process: settling is a write conditioned
on the game's stored version, so when two processes settle the same game at once, one commits and
delivers, and the other's write is refused, it reads the game again and finds nothing due
(tests/service/test_processes.py runs three processes)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping

from service.game_service import GameService
from service.players import platform_of
from service.views import Deliver, View

log = logging.getLogger(__name__)
MAX_SLEEP = 3600.0  # wake at least hourly, whatever the stored deadlines say
BATCH = 100


class Scheduler:
    """Runs :meth:`settle_due` at each deadline; commands that change deadlines wake it."""

    def __init__(self, service: GameService, deliver: Deliver) -> None:
        self.service = service
        self.deliver = deliver
        self._wake = asyncio.Event()
        service.deadline_listeners.append(self._wake.set)
        service.answer_listeners.append(deliver)  # the computer's turn, asked again

    async def settle_due(self) -> list[View]:
        """Settle every game whose deadline has passed and post every problem of the day that is
        due; deliver and return the views."""
        views = await self._settle_games()
        return views + await self.post_dailies()

    async def post_dailies(self) -> list[View]:
        """Post every channel's problem of the day that is due (each once: another process may
        post one first, and this one then finds nothing due); deliver and return the posts."""
        views: list[View] = []
        for _ in range(BATCH):  # a bound: each round posts or finds nothing due
            due = await self.service.directory.dailies_due(self.service.clock())
            due = [channel for channel in due if self.serves(channel)]
            if not due:
                return views
            progressed = False
            for channel in due[:BATCH]:
                try:
                    view = await self.service.post_daily(channel)
                except Exception:
                    log.exception("posting the problem of the day in %s failed", channel)
                    continue
                progressed = True
                if view is not None:
                    views.append(view)
                    await self.deliver(view)
            if not progressed:
                return views
        return views

    def serves(self, channel: str) -> bool:
        """Whether this process can post in ``channel``: its delivery has the channel's platform
        (another process, running that platform, posts it there)."""
        if not isinstance(self.deliver, Mapping):
            return True  # one delivery for every platform (tests, tools)
        return platform_of(channel) in self.deliver

    async def _settle_games(self) -> list[View]:
        views: list[View] = []
        while True:
            due = await self.service.directory.due(self.service.clock())
            if not due:
                return views
            progressed = False
            for game_id in due[:BATCH]:
                try:
                    view = await self.service.settle(game_id)
                except Exception:
                    log.exception("settling the clock of game %s failed", game_id)
                    continue
                progressed = True
                if view is not None and (view.lines or view.notify):  # not a computer's turn
                    views.append(view)
                    await self.deliver(view)
            if not progressed:
                return views

    async def seconds_to_next(self) -> float | None:
        """Seconds until the next stored deadline, or None when no clock is running."""
        directory = self.service.directory
        found = (await directory.next_deadline(), await directory.next_daily(self.serves))
        times = [at for at in found if at is not None]
        if not times:
            return None
        return max(0.0, min(times) - self.service.clock())

    async def run(self) -> None:
        """Settle, sleep until the next deadline or a change, repeat (until cancelled)."""
        while True:
            self._wake.clear()
            await self.settle_due()
            wait = await self.seconds_to_next()
            waiter = asyncio.ensure_future(self._wake.wait())
            try:  # asyncio.wait, not wait_for: 3.11's wait_for can swallow a cancellation
                await asyncio.wait(
                    {waiter}, timeout=MAX_SLEEP if wait is None else min(MAX_SLEEP, wait)
                )
            finally:
                waiter.cancel()
