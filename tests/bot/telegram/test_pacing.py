"""The chat pacer (README, "Limits"): calls spaced within each chat's budget, board
edits merged while they wait, replies first, games in turn, 429s waited out. The calls here are
plain coroutines and the pacer runs on a fake clock (:meth:`FakeClock.run` moves it whenever
every call waits), so the times below are exact; the end-to-end tests run the same pacer against
the limit-enforcing fake."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable
from typing import Any, TypeVar

import pytest
from telegram.error import RetryAfter

from bot.telegram.pacing import Budget, ChatPacer, Limits, Pacing
from tests.fakes.clock import FakeClock

T = TypeVar("T")

GROUP, PRIVATE = -100, 7
LIMITS = Limits(group=Budget(4, 0.4), private=Budget(1, 0.1), overall=Budget(30, 0.1), margin=0.05)


class Recorder:
    """Calls as the Bot API would receive them: what was sent, when."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.sent: list[tuple[float, int, str]] = []
        self.fail_first: int = 0

    def call(self, chat_id: int, label: str) -> Any:
        async def send() -> Any:
            if self.fail_first:
                self.fail_first -= 1
                raise RetryAfter(0.05)  # type: ignore[arg-type]
            self.sent.append((self.clock.now(), chat_id, label))
            return {"label": label}

        return send

    def labels(self, chat_id: int | None = None) -> list[str]:
        return [label for _, chat, label in self.sent if chat_id in (None, chat)]


async def submit(
    pacer: ChatPacer, api: Recorder, chat_id: int, label: str, pacing: Pacing | None = None
) -> Any:
    endpoint = "editMessageMedia" if pacing else "sendMessage"
    callback = api.call(chat_id, label)
    return await pacer.process_request(callback, (), {}, endpoint, {"chat_id": chat_id}, pacing)


def on_clock(pacer: ChatPacer) -> FakeClock:
    assert isinstance(pacer.clock, FakeClock)
    return pacer.clock


async def run(pacer: ChatPacer, awaitable: Awaitable[T]) -> T:
    """Await ``awaitable`` while the pacer's clock moves on whenever every call waits."""
    return await on_clock(pacer).run(awaitable)


@pytest.fixture
async def pacer() -> Any:
    limiter = ChatPacer(LIMITS, FakeClock())
    yield limiter
    await limiter.shutdown()


async def test_a_group_gets_its_calls_evenly_within_its_budget(pacer: ChatPacer) -> None:
    api = Recorder(on_clock(pacer))
    await run(pacer, asyncio.gather(*(submit(pacer, api, GROUP, f"m{i}") for i in range(9))))
    times = [when for when, _, _ in api.sent]
    assert api.labels() == [f"m{i}" for i in range(9)]  # in order
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert min(gaps) >= LIMITS.group.gap * 0.99  # an even pace, never a burst
    for i in range(len(times) - LIMITS.group.calls):  # never more than 4 in any 0.4 s
        assert times[i + LIMITS.group.calls] - times[i] >= LIMITS.group.period


async def test_private_chats_and_groups_have_budgets_of_their_own(pacer: ChatPacer) -> None:
    api = Recorder(on_clock(pacer))
    started = pacer.clock.now()
    calls = (
        *(submit(pacer, api, GROUP, f"g{i}") for i in range(3)),
        *(submit(pacer, api, PRIVATE, f"p{i}") for i in range(3)),
        *(submit(pacer, api, PRIVATE + 1, f"q{i}") for i in range(3)),
    )
    await run(pacer, asyncio.gather(*calls))
    # three calls a chat: two gaps of the slowest chat (the group's), not nine calls in a row
    assert pacer.clock.now() - started < 3 * LIMITS.group.gap * 1.05 + 0.1


async def test_waiting_edits_of_one_board_are_merged_into_the_newest(pacer: ChatPacer) -> None:
    api = Recorder(on_clock(pacer))
    await run(pacer, submit(pacer, api, GROUP, "reply"))  # the chat's budget is now in use
    edits = (submit(pacer, api, GROUP, f"move {n}", Pacing(board=5, order=n)) for n in range(1, 6))
    answers = await run(pacer, asyncio.gather(*edits))
    # the first edit waits for the chat; the four after it replace one another while it waits
    assert api.labels() == ["reply", "move 5"]
    assert answers == [{"label": "move 5"}] * 5  # every caller has the newest edit's answer


async def test_an_older_edit_never_replaces_a_newer_one(pacer: ChatPacer) -> None:
    api = Recorder(on_clock(pacer))
    await run(pacer, submit(pacer, api, GROUP, "reply"))
    newer = asyncio.create_task(submit(pacer, api, GROUP, "move 2", Pacing(board=5, order=2.0)))
    await asyncio.sleep(0)
    older = asyncio.create_task(submit(pacer, api, GROUP, "move 1", Pacing(board=5, order=1.0)))
    await run(pacer, asyncio.gather(newer, older))
    assert api.labels() == ["reply", "move 2"]
    # once a position is shown, an older view of that board is not sent at all
    await run(pacer, submit(pacer, api, GROUP, "move 1 again", Pacing(board=5, order=1.5)))
    assert api.labels() == ["reply", "move 2"]


async def test_replies_go_before_board_edits_and_games_take_turns(pacer: ChatPacer) -> None:
    api = Recorder(on_clock(pacer))
    await run(pacer, submit(pacer, api, GROUP, "first"))
    calls = [
        submit(pacer, api, GROUP, "game A 1", Pacing(board=1, order=1)),
        submit(pacer, api, GROUP, "game B 1", Pacing(board=2, order=2)),
        submit(pacer, api, GROUP, "game A 2", Pacing(board=1, order=3)),  # merges into A 1
        submit(pacer, api, GROUP, "help", None),
        submit(pacer, api, GROUP, "game C 1", Pacing(board=3, order=4)),
    ]
    await run(pacer, asyncio.gather(*calls))
    assert api.labels() == ["first", "help", "game A 2", "game B 1", "game C 1"]


async def test_a_429_is_waited_out_and_the_call_keeps_its_place(pacer: ChatPacer) -> None:
    api = Recorder(on_clock(pacer))
    api.fail_first = 1
    answers = await run(
        pacer,
        asyncio.gather(submit(pacer, api, PRIVATE, "one"), submit(pacer, api, PRIVATE, "two")),
    )
    assert answers == [{"label": "one"}, {"label": "two"}]
    assert api.labels() == ["one", "two"]
    assert pacer.retried == 1


async def test_calls_without_a_chat_are_not_held(pacer: ChatPacer) -> None:
    api = Recorder(on_clock(pacer))
    await run(pacer, submit(pacer, api, GROUP, "board"))
    started = pacer.clock.now()
    callback = api.call(0, "answer")
    await run(pacer, pacer.process_request(callback, (), {}, "answerCallbackQuery", {}, None))
    assert pacer.clock.now() - started < LIMITS.group.gap / 2
