"""Keeping within a channel's limits: Discord allows about five new messages and five edits per five
seconds in a channel or thread, and discord.py waits on the bucket (or on a 429's ``retry_after``)
inside the request. While a request waits, newer updates of the same thing pile up: this module
merges them.

Each target (a game's board, one message's edit) has one sender that runs one request at a time;
an update wanted while a request is in flight waits, and a newer update replaces it (the older one
is merged away: its caller gets None). So a busy channel shows fewer, newer boards rather than
falling behind, and the newest update is never dropped.

A game's boards carry tickets (:meth:`Pacer.ticket`), taken when the service answered, before the
board is rendered (renders finish in any order): a board whose ticket is older than one already
wanted is never sent, so an older position never follows a newer one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")
Job = Callable[[], Awaitable[Any]]


@dataclass(slots=True)
class _Slot:
    """One target: the update waiting for the sender, and the sender (None when idle)."""

    waiting: tuple[Job, asyncio.Future[Any]] | None = None
    sender: asyncio.Task[None] | None = None


class Pacer:
    """Coalescing senders by key: one request in flight per key, the newest update waiting."""

    def __init__(self) -> None:
        self._slots: dict[Hashable, _Slot] = {}
        self._newest: dict[Hashable, int] = {}  # the newest ticket wanted, per key
        self._last_ticket = 0

    def ticket(self, count: int = 1) -> int:
        """The first of ``count`` new consecutive tickets (later tickets are newer)."""
        first = self._last_ticket + 1
        self._last_ticket += count
        return first

    def busy(self, key: Hashable) -> bool:
        """Whether a request for ``key`` is in flight or waiting."""
        slot = self._slots.get(key)
        return slot is not None and slot.sender is not None and not slot.sender.done()

    async def idle(self, key: Hashable, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds for ``key``'s sender to finish; whether it did."""
        slot = self._slots.get(key)
        if slot is not None and slot.sender is not None:
            await asyncio.wait({slot.sender}, timeout=timeout)
        return not self.busy(key)

    async def send(self, key: Hashable, ticket: int, job: Callable[[], Awaitable[T]]) -> T | None:
        """Run ``job`` as ``key``'s newest update once the request in flight has finished, and
        return its result (its error is raised here). None, without running it, when an update
        with a newer ticket was wanted before it ran."""
        if ticket <= self._newest.get(key, 0):
            return None
        self._newest[key] = ticket
        result: T | None = await self._want(key, job)
        return result

    def later(self, key: Hashable, job: Job) -> None:
        """Make ``job`` the newest update of ``key`` without waiting for it; its error is
        logged."""
        self._want(key, job).add_done_callback(_log_failure)

    async def close(self) -> None:
        """Stop every sender (at shutdown); their waiting callers are cancelled."""
        senders = [s.sender for s in self._slots.values() if s.sender is not None]
        for sender in senders:
            sender.cancel()
        await asyncio.gather(*senders, return_exceptions=True)

    def _want(self, key: Hashable, job: Job) -> asyncio.Future[Any]:
        slot = self._slots.setdefault(key, _Slot())
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if slot.waiting is not None and not slot.waiting[1].done():
            slot.waiting[1].set_result(None)  # merged into the newer update
        slot.waiting = (job, future)
        if slot.sender is None or slot.sender.done():
            slot.sender = asyncio.create_task(self._drain(key, slot), name=f"pacer {key}")
        return future

    async def _drain(self, key: Hashable, slot: _Slot) -> None:
        future: asyncio.Future[Any] | None = None
        try:
            while slot.waiting is not None:
                job, future = slot.waiting
                slot.waiting = None
                if future.done():  # its caller stopped waiting
                    continue
                try:
                    result = await job()
                except Exception as error:
                    if not future.done():
                        future.set_exception(error)
                else:
                    if not future.done():
                        future.set_result(result)
        finally:
            for left in (future, slot.waiting[1] if slot.waiting else None):
                if left is not None and not left.done():
                    left.cancel()  # only when the sender itself is cancelled
            if self._slots.get(key) is slot:
                del self._slots[key]


def _log_failure(future: asyncio.Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("a paced Discord request failed: %s", future.exception())
