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

discord.py also waits *after* a request that used a bucket's last call, until the bucket refills:
the message exists, but the request has not returned. :meth:`Pacer.trace` (discord.py's
``http_trace``) tells the pacer when Discord answered a sender's request, so a reply that no
channel limit applies to (an interaction's own answer) may go ahead of that wait
(:meth:`Pacer.ready`, :meth:`Pacer.now`) without passing a board that is not there yet.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, TypeVar

import aiohttp

from bot.clock import MONOTONIC, Clock, wait_event

log = logging.getLogger(__name__)
T = TypeVar("T")
Job = Callable[[], Awaitable[Any]]


@dataclass(slots=True)
class _Slot:
    """One target: the update waiting for the sender, the sender (None when idle), whether
    Discord has answered the sender's request, and how many replies run ahead of the sender."""

    waiting: tuple[Job, asyncio.Future[Any]] | None = None
    sender: asyncio.Task[None] | None = None
    landed: bool = False
    ahead: int = 0

    @property
    def sending(self) -> bool:
        return self.sender is not None and not self.sender.done()


_SENDING: contextvars.ContextVar[_Slot | None] = contextvars.ContextVar("sending", default=None)


class Pacer:
    """Coalescing senders by key: one request in flight per key, the newest update waiting;
    the waits for readiness are measured by ``clock``."""

    def __init__(self, clock: Clock = MONOTONIC) -> None:
        self.clock = clock
        self._slots: dict[Hashable, _Slot] = {}
        self._newest: dict[Hashable, int] = {}  # the newest ticket wanted, per key
        self._last_ticket = 0
        self._changed: asyncio.Event | None = None  # pulsed whenever a slot gets readier

    def ticket(self, count: int = 1) -> int:
        """The first of ``count`` new consecutive tickets (later tickets are newer)."""
        first = self._last_ticket + 1
        self._last_ticket += count
        return first

    def trace(self) -> aiohttp.TraceConfig:
        """discord.py's ``http_trace``: marks a sender's request as landed once Discord answered
        it (before discord.py's own wait for the bucket to refill)."""

        async def on_request_end(
            session: aiohttp.ClientSession,
            context: SimpleNamespace,
            params: aiohttp.TraceRequestEndParams,
        ) -> None:
            slot = _SENDING.get()
            if slot is not None and params.response.status < 300:
                slot.landed = True
                self._pulse()

        config = aiohttp.TraceConfig()
        config.on_request_end.append(on_request_end)
        return config

    def ready(self, key: Hashable) -> bool:
        """Whether a reply for ``key`` sent now would pass nothing unsent: no update waits, and
        the request in flight (if any) has landed."""
        slot = self._slots.get(key)
        if slot is None:
            return True
        return slot.waiting is None and not slot.ahead and (slot.landed or not slot.sending)

    async def wait_ready(self, key: Hashable, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds for :meth:`ready`; whether it is."""
        return await self._until(lambda: self.ready(key), timeout)

    async def now(self, key: Hashable, ticket: int, job: Callable[[], Awaitable[T]]) -> T | None:
        """Run ``job`` at once as ``key``'s newest update, ahead of a sender whose request has
        landed (the sender's next request waits for it). None when an update with a newer
        ticket was wanted first. When not :meth:`ready`, or nothing is in flight, it is
        :meth:`send`."""
        slot = self._slots.get(key)
        if slot is None or not slot.sending or not self.ready(key):
            return await self.send(key, ticket, job)
        if ticket <= self._newest.get(key, 0):
            return None
        self._newest[key] = ticket
        slot.ahead += 1
        try:
            return await job()
        finally:
            slot.ahead -= 1
            self._pulse()
            if not slot.ahead and not slot.sending and self._slots.get(key) is slot:
                del self._slots[key]

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

    async def _until(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Wait at most ``timeout`` seconds for ``condition``, re-checked at every change."""
        deadline = self.clock.now() + timeout
        while not condition() and (left := deadline - self.clock.now()) > 0:
            if self._changed is None:
                self._changed = asyncio.Event()
            if not await wait_event(self.clock, self._changed, left):
                break
        return condition()

    def _pulse(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = None

    def _want(self, key: Hashable, job: Job) -> asyncio.Future[Any]:
        slot = self._slots.setdefault(key, _Slot())
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if slot.waiting is not None and not slot.waiting[1].done():
            slot.waiting[1].set_result(None)  # merged into the newer update
        slot.waiting = (job, future)
        if not slot.sending:
            slot.sender = asyncio.create_task(self._drain(key, slot), name=f"pacer {key}")
        return future

    async def _drain(self, key: Hashable, slot: _Slot) -> None:
        _SENDING.set(slot)
        future: asyncio.Future[Any] | None = None
        try:
            while slot.waiting is not None:
                while slot.ahead:  # a reply went ahead: the next request follows it
                    await self._until(lambda: not slot.ahead, 1.0)
                if slot.waiting is None:
                    break
                job, future = slot.waiting
                slot.waiting = None
                if future.done():  # its caller stopped waiting
                    continue
                slot.landed = False
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
            slot.landed = False
            if not slot.ahead and self._slots.get(key) is slot:
                del self._slots[key]
            self._pulse()


def _log_failure(future: asyncio.Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("a paced Discord request failed: %s", future.exception())
