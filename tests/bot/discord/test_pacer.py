"""The coalescing sender on its own: one request in flight per key, the newest update waiting,
older tickets never sent after newer ones, replies ahead of a landed request; on a fake clock
(:meth:`FakeClock.settle` lets the senders run, :meth:`FakeClock.run` lets a wait time out)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from bot.discord.pacing import Pacer
from tests.fakes.clock import FakeClock


class Gate:
    """Jobs that record their order and finish when the test opens them."""

    def __init__(self) -> None:
        self.ran: list[str] = []
        self.open: dict[str, asyncio.Event] = {}

    def job(self, name: str, *, hold: bool = False) -> Callable[[], Awaitable[str]]:
        self.open[name] = asyncio.Event()
        if not hold:
            self.open[name].set()

        async def run() -> str:
            self.ran.append(name)
            await self.open[name].wait()
            return name

        return run


async def test_the_newest_waiting_update_follows_the_one_in_flight() -> None:
    clock = FakeClock()
    pacer, gate = Pacer(clock), Gate()
    first = asyncio.ensure_future(pacer.send("g", pacer.ticket(), gate.job("1", hold=True)))
    await clock.settle()  # the sender runs "1"
    waiting = [asyncio.ensure_future(pacer.send("g", pacer.ticket(), gate.job(n))) for n in "234"]
    await asyncio.sleep(0)
    gate.open["1"].set()
    assert await first == "1"
    assert [await w for w in waiting] == [None, None, "4"]  # merged into the newest
    assert gate.ran == ["1", "4"]


async def test_an_older_ticket_is_never_sent_after_a_newer_one() -> None:
    clock = FakeClock()
    pacer, gate = Pacer(clock), Gate()
    older, newer = pacer.ticket(), pacer.ticket()
    assert await pacer.send("g", newer, gate.job("new")) == "new"
    assert await pacer.send("g", older, gate.job("old")) is None
    assert gate.ran == ["new"]
    assert await pacer.send("other game", older, gate.job("other")) == "other"


async def test_a_reply_goes_ahead_only_of_a_landed_request() -> None:
    clock = FakeClock()
    pacer, gate = Pacer(clock), Gate()
    flight = asyncio.ensure_future(pacer.send("g", pacer.ticket(), gate.job("post", hold=True)))
    await clock.settle()  # the sender runs "post"
    assert not pacer.ready("g") and not await clock.run(pacer.wait_ready("g", 0.05))
    pacer._slots["g"].landed = True  # what the http_trace hook does when Discord answers
    assert pacer.ready("g")
    assert await pacer.now("g", pacer.ticket(), gate.job("answer")) == "answer"
    later = asyncio.ensure_future(pacer.send("g", pacer.ticket(), gate.job("next")))
    await clock.settle()
    assert gate.ran == ["post", "answer"]  # the next request waits for the one in flight
    gate.open["post"].set()
    assert await flight == "post" and await later == "next"
    assert pacer.ready("g") and not pacer._slots


async def test_errors_reach_the_caller_or_the_log(caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    pacer = Pacer(clock)

    async def refused() -> None:
        raise RuntimeError("refused")

    with pytest.raises(RuntimeError, match="refused"):
        await pacer.send("g", pacer.ticket(), refused)
    pacer.later("m", refused)
    await clock.settle()
    assert "a paced Discord request failed: refused" in caplog.text


async def test_closing_cancels_what_waits() -> None:
    clock = FakeClock()
    pacer, gate = Pacer(clock), Gate()
    flight = asyncio.ensure_future(pacer.send("g", pacer.ticket(), gate.job("1", hold=True)))
    await clock.settle()  # the sender runs "1"
    queued = asyncio.ensure_future(pacer.send("g", pacer.ticket(), gate.job("2")))
    await clock.settle()
    await pacer.close()
    with pytest.raises(asyncio.CancelledError):
        await flight
    with pytest.raises(asyncio.CancelledError):
        await queued
    assert gate.ran == ["1"]
