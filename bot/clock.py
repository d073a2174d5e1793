"""The time that pings and pacers go by, passed in rather than read from the process (README,
"Limits"; "Live games and pings (Telegram)"). A :class:`Clock` tells the time and waits; the bot
uses :data:`MONOTONIC`, and tests pass a fake clock whose waits take no real time, so a ping that
is due after five minutes or a chat budget that frees in a second is checked at once and the same
way on every run."""

from __future__ import annotations

import asyncio
import time
from typing import Final, Protocol


class Clock(Protocol):
    """A monotonic clock in seconds, and a wait measured by it."""

    def now(self) -> float:
        """The current time (only differences between two readings mean anything)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return once ``seconds`` have passed by this clock (at once when not positive)."""
        ...


class MonotonicClock:
    """The process's monotonic clock and the event loop's sleep."""

    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


MONOTONIC: Final[Clock] = MonotonicClock()


async def wait_event(clock: Clock, event: asyncio.Event, seconds: float) -> bool:
    """Wait until ``event`` is set, at most ``seconds`` by ``clock``; whether it is set."""
    if event.is_set():
        return True
    waiter = asyncio.ensure_future(event.wait())
    timer = asyncio.ensure_future(clock.sleep(seconds))
    try:
        await asyncio.wait({waiter, timer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiter.cancel()
        timer.cancel()
    return event.is_set()
