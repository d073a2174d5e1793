"""Telegram's flood limits kept by design (README, "Limits"): every Bot API call that
targets a chat waits for that chat's budget, so the bot never provokes a 429.

Telegram allows a bot about 20 calls a minute in one group (edits included), one a second in a
private chat and about 30 a second in all. :class:`ChatPacer` (python-telegram-bot's rate-limiter
seam) keeps one queue per chat and spaces its calls evenly over the period: a burst would have to
be paid back later by a stall as long as the burst, which is worse for a live game than an even
pace (each call starts one budget's gap after the previous one ended). Within a chat's queue:

- replies (errors, help, new messages) go before board edits;
- a board edit that is still waiting is *replaced* by a newer edit of the same message (the newest
  position takes the older one's place in the queue, and both callers get its answer), so a busy
  group shows fewer, newer boards instead of falling behind; an edit older than one already sent
  is dropped;
- board edits of several games take turns in the order they first waited, so no game starves.

A 429 that happens anyway (another process on the same token, a limit lower than documented) is
waited out and the call retried, keeping its place.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import enum
import itertools
import logging
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

from bot.clock import MONOTONIC, Clock, wait_event

log = logging.getLogger(__name__)
Answer = Any  # bool | JSONDict | list[JSONDict]: what the Bot API answered
Callback = Callable[..., Coroutine[Any, Any, Answer]]
RETRIES = 3  # 429s waited out before a call fails
REMEMBERED_BOARDS = 10_000  # board messages whose newest shown edit is remembered


@dataclass(frozen=True, slots=True)
class Budget:
    """At most ``calls`` calls in any ``period`` seconds."""

    calls: int
    period: float

    @property
    def gap(self) -> float:
        """Seconds between two calls at an even pace."""
        return self.period / self.calls


@dataclass(frozen=True, slots=True)
class Limits:
    """Telegram's documented limits, kept with a ``margin`` (a share of each period). A chat's
    calls are spaced from the end of the previous one, so the time a request takes to reach
    Telegram needs no margin there; the overall limit is kept from the calls' starts."""

    group: Budget = Budget(20, 60.0)
    private: Budget = Budget(1, 1.0)
    overall: Budget = Budget(30, 1.0)
    margin: float = 0.02

    def scaled(self, factor: float) -> Limits:
        """The same limits with every period multiplied by ``factor`` (tests run faster).

        >>> Limits().scaled(0.1).group
        Budget(calls=20, period=6.0)
        """
        return dataclasses.replace(
            self,
            group=Budget(self.group.calls, self.group.period * factor),
            private=Budget(self.private.calls, self.private.period * factor),
            overall=Budget(self.overall.calls, self.overall.period * factor),
        )

    def budget(self, chat_id: int) -> Budget:
        """A group's (negative ids) or a private chat's budget."""
        return self.group if chat_id < 0 else self.private


class Urgency(enum.IntEnum):
    """Which of a chat's waiting calls goes first."""

    REPLY = 0
    BOARD = 1


@dataclass(frozen=True, slots=True)
class Pacing:
    """How the presenter marks a call (``rate_limit_args``): a board edit of message ``board``
    in its chat showing the view made at ``order``; calls without it are replies."""

    board: int
    order: float


@dataclass(eq=False, slots=True)
class _Call:
    callback: Callback
    args: Any
    kwargs: dict[str, Any]
    urgency: Urgency
    seq: int
    board: int | None = None
    order: float = 0.0
    retries: int = 0
    answer: asyncio.Future[Answer] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class _Even:
    """An even pace: the next call may start ``gap`` after the previous one started (:meth:`take`)
    or, stricter, after it ended (:meth:`done`: by then Telegram has counted it, however long the
    upload took, so the calls reach it at least ``gap`` apart)."""

    def __init__(self, gap: float) -> None:
        self.gap = gap
        self.free_at = 0.0

    def wait(self, now: float) -> float:
        return max(0.0, self.free_at - now)

    def take(self, now: float) -> None:
        self.free_at = max(now, self.free_at) + self.gap

    def done(self, now: float) -> None:
        self.free_at = max(self.free_at, now + self.gap)


class _Chat:
    """One chat's waiting calls, its pace, and the worker that sends them."""

    def __init__(self, budget: Budget, margin: float) -> None:
        self.pace = _Even(budget.gap * (1 + margin))
        self.waiting: list[_Call] = []
        self.wake = asyncio.Event()
        self.worker: asyncio.Task[None] | None = None

    def next_call(self) -> _Call:
        best = min(self.waiting, key=lambda c: (c.urgency, c.seq))
        self.waiting.remove(best)
        return best


class ChatPacer(BaseRateLimiter[Pacing]):
    """The rate limiter of the bot's application (see the module's description); the budgets
    are kept, and waited for, by ``clock``."""

    def __init__(self, limits: Limits | None = None, clock: Clock = MONOTONIC) -> None:
        self.limits = limits or Limits()
        self.clock = clock
        self._chats: dict[int, _Chat] = {}
        self._overall = _Even(self.limits.overall.gap * (1 + self.limits.margin))
        self._overall_lock = asyncio.Lock()
        self._seq = itertools.count()
        #: (chat, board message) → the order of the newest edit sent (or being sent)
        self._shown: OrderedDict[tuple[int, int], float] = OrderedDict()
        self.retried = 0  # 429s waited out (there should be none)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Stop every chat's worker; calls still waiting fail as cancelled."""
        workers = [chat.worker for chat in self._chats.values() if chat.worker is not None]
        for worker in workers:
            worker.cancel()
        for worker in workers:
            with contextlib.suppress(asyncio.CancelledError):
                await worker
        for chat in self._chats.values():
            for call in chat.waiting:
                call.answer.cancel()
        self._chats.clear()

    async def process_request(
        self,
        callback: Callback,
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: Pacing | None,
    ) -> Answer:
        """Run the call when its chat's budget allows (merging board edits as described)."""
        chat_id = data.get("chat_id")
        if isinstance(chat_id, str) and chat_id.lstrip("-").isdigit():
            chat_id = int(chat_id)
        if not isinstance(chat_id, int):
            if endpoint == "answerCallbackQuery":  # immediate, but it counts toward the whole
                self._overall.take(self.clock.now())
            return await callback(*args, **kwargs)
        pacing = rate_limit_args if isinstance(rate_limit_args, Pacing) else None
        call = _Call(callback, args, kwargs, Urgency.REPLY, next(self._seq))
        if pacing is not None:
            call.urgency, call.board, call.order = Urgency.BOARD, pacing.board, pacing.order
            merged = self._merge(chat_id, call)
            if merged is not None:
                return await asyncio.shield(merged)
        chat = self._chat(chat_id)
        chat.waiting.append(call)
        chat.wake.set()
        return await asyncio.shield(call.answer)

    def _merge(self, chat_id: int, call: _Call) -> asyncio.Future[Answer] | None:
        """The answer to wait for when ``call`` need not be sent on its own: a waiting edit of
        the same board takes its content (when it is newer) and its place stays; an edit older
        than one already sent is answered by the chat's next edit of that board (or at once)."""
        assert call.board is not None
        chat = self._chats.get(chat_id)
        for waiting in chat.waiting if chat is not None else ():
            if waiting.board == call.board:
                if call.order >= waiting.order:
                    waiting.callback, waiting.args, waiting.kwargs = (
                        call.callback,
                        call.args,
                        call.kwargs,
                    )
                    waiting.order = call.order
                return waiting.answer
        shown = self._shown.get((chat_id, call.board))
        if shown is not None and call.order < shown:
            done: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
            done.set_result(True)  # an older position than the one shown: nothing to send
            return done
        return None

    def _chat(self, chat_id: int) -> _Chat:
        chat = self._chats.get(chat_id)
        if chat is None:
            chat = self._chats[chat_id] = _Chat(self.limits.budget(chat_id), self.limits.margin)
        if chat.worker is None or chat.worker.done():
            chat.worker = asyncio.create_task(self._work(chat_id, chat), name=f"pace {chat_id}")
        return chat

    async def _work(self, chat_id: int, chat: _Chat) -> None:
        """Send the chat's calls one by one at its pace; end when it has none left (a chat
        that is quiet for a while is forgotten)."""
        while True:
            if not chat.waiting:
                chat.wake.clear()
                if not await wait_event(self.clock, chat.wake, chat.pace.gap + 1.0):
                    if not chat.waiting and self._chats.get(chat_id) is chat:
                        del self._chats[chat_id]
                        return
                    continue
            await self.clock.sleep(chat.pace.wait(self.clock.now()))
            async with self._overall_lock:
                await self.clock.sleep(self._overall.wait(self.clock.now()))
                self._overall.take(self.clock.now())
            if not chat.waiting:
                continue
            call = chat.next_call()
            await self._send(chat_id, chat, call)
            chat.pace.done(self.clock.now())

    async def _send(self, chat_id: int, chat: _Chat, call: _Call) -> None:
        if call.board is not None:
            self._remember(chat_id, call.board, call.order)
        try:
            answer = await call.callback(*call.args, **call.kwargs)
        except RetryAfter as error:
            self.retried += 1
            log.warning("429 in chat %s: retrying after %s", chat_id, error.retry_after)
            wait = error.retry_after
            seconds = wait if isinstance(wait, (int, float)) else wait.total_seconds()
            chat.pace.free_at = self.clock.now() + float(seconds)  # kept even if it gives up
            if call.retries >= RETRIES:
                call.answer.set_exception(error)
                return
            call.retries += 1
            call.seq = -1  # first again, once the chat may be written to
            chat.waiting.append(call)
            return
        except BaseException as error:
            if not call.answer.done():
                call.answer.set_exception(error)
            if isinstance(error, asyncio.CancelledError):
                raise
            return
        if not call.answer.done():
            call.answer.set_result(answer)

    def _remember(self, chat_id: int, board: int, order: float) -> None:
        key = (chat_id, board)
        self._shown[key] = max(order, self._shown.get(key, order))
        self._shown.move_to_end(key)
        while len(self._shown) > REMEMBERED_BOARDS:
            self._shown.popitem(last=False)
