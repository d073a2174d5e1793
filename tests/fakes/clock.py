"""A clock for tests (:class:`bot.clock.Clock`) that moves only when a test moves it, so pings and
pacers that wait minutes or seconds are checked at once and the same way on every run."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")
SETTLE = 50  # loop turns that let every task woken (or started) run until it waits again
POLL = 0.005  # real seconds between looks while a task waits for something outside the clock


class FakeClock:
    """Time stands still until :meth:`advance` (or :meth:`run`) moves it; :meth:`sleep` waits
    until then. Sleepers wake in the order of their times, each seeing the time it asked for.
    Each reading is ``tick`` later than the one before, as a real clock's are: a view stamped
    after a player acted is newer than their action."""

    def __init__(self, start: float = 1000.0, tick: float = 1e-6) -> None:
        self.time = start
        self.tick = tick
        self._sleepers: list[tuple[float, int, asyncio.Future[None], asyncio.Task[object] | None]]
        self._sleepers = []
        self._seq = itertools.count()
        self._woken: set[asyncio.Task[object]] = set()

    def now(self) -> float:
        self.time += self.tick
        return self.time

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        task = asyncio.current_task()
        heapq.heappush(self._sleepers, (self.time + seconds, next(self._seq), future, task))
        await future

    def next_wake(self) -> float | None:
        """When the earliest sleeper wakes (None when nobody sleeps)."""
        while self._sleepers and self._sleepers[0][2].done():  # cancelled meanwhile
            heapq.heappop(self._sleepers)
        return self._sleepers[0][0] if self._sleepers else None

    @property
    def sleepers(self) -> int:
        """How many tasks sleep on the clock now."""
        return sum(1 for _, _, future, _ in self._sleepers if not future.done())

    async def settle(self) -> None:
        """Let the tasks that can run, run (each until it waits again)."""
        for _ in range(SETTLE):
            await asyncio.sleep(0)

    async def advance(self, seconds: float) -> None:
        """Move the time ``seconds`` on, waking the sleepers on the way in order (each with the
        time at its wake, and the tasks it sets off running before the next one wakes)."""
        await self.settle()  # tasks started a moment ago sleep from now, not from the target
        target = self.time + seconds
        while (wake := self.next_wake()) is not None and wake <= target:
            self.time = max(self.time, wake)
            while self.next_wake() == wake:
                _, _, future, task = heapq.heappop(self._sleepers)
                future.set_result(None)
                if task is not None:
                    self._woken.add(task)
            await self.settle()
        self.time = max(self.time, target)
        await self.settle()

    async def run(self, awaitable: Awaitable[T], timeout: float = 10.0) -> T:
        """Await ``awaitable``, moving the time to the next sleeper's whenever every task waits
        (as if each wait took its time); waits outside the clock (sockets) are waited for in
        real time, at most ``timeout`` real seconds in all."""
        task = asyncio.ensure_future(awaitable)
        loop = asyncio.get_running_loop()
        give_up = loop.time() + timeout
        while True:
            await self.settle()
            if task.done():
                return task.result()
            wake = self.next_wake()
            if wake is not None:
                await self.advance(wake - self.time)
            elif loop.time() > give_up:
                task.cancel()
                raise TimeoutError("the awaited task waits for something the clock cannot move")
            else:
                await asyncio.wait({task}, timeout=POLL)

    async def slept(self, count: int = 1, timeout: float = 5.0) -> None:
        """Wait (in real time, for work outside the clock) until ``count`` tasks sleep on it."""
        await self._until(lambda: self.sleepers >= count, timeout)

    async def quiet(self, timeout: float = 5.0) -> None:
        """Wait (in real time) until every task the clock woke has finished or sleeps again:
        what the woken tasks send has been sent."""

        def quiet() -> bool:
            asleep = {task for _, _, future, task in self._sleepers if not future.done()}
            self._woken = {t for t in self._woken if not t.done() and t not in asleep}
            return not self._woken

        await self._until(quiet, timeout)

    @staticmethod
    async def _until(condition: Callable[[], bool], timeout: float) -> None:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + timeout
        while not condition():
            if loop.time() > give_up:
                raise TimeoutError("the clock's tasks did not get there in time")
            await asyncio.sleep(POLL)
