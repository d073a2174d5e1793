"""Races of answers shown in the background while each chat waits for its budget (issue 11): a
stale ping, a second board with buttons, an answer lost at shutdown, a 429 forgotten, two board
messages from one game's links read twice."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from telegram.error import RetryAfter

from bot.telegram.pacing import Budget, ChatPacer, Limits
from service.directory import Directory
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, board_of, say
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB
from tests.fakes.clock import FakeClock

A, B = ALICE.id, BOB.id
GROUP = -100


async def test_a_quick_answer_leaves_no_stale_your_move_ping_for_the_one_who_answered(
    tg: RedeliveringTelegram, tmp_path: Path
) -> None:
    """Alice plays, Bob answers while Alice's board edit still waits for the group's budget:
    Alice's view's "your move" ping for Bob is not scheduled (Bob has moved already)."""
    clock = FakeClock()
    bot = await BotProcess(tg, tmp_path / "g.db", ping_after=0.5, ping_clock=clock).start()
    try:
        tg.set_chat(GROUP, "group")
        await say(tg, GROUP, "/challenge@gobot_test_bot size=9 color=black", ALICE)
        [challenge] = tg.bot_messages(GROUP)
        tg.inject_callback_query(challenge, "g1:accept", user=BOB)
        await tg.wait_for_call("sendMessage", chat_id=GROUP, count=2)  # the ping for Alice
        board = board_of(tg, GROUP)
        tg.inject_message(GROUP, "d4", user=ALICE, reply_to=board)
        tg.inject_message(GROUP, "e5", user=BOB, reply_to=board)  # at once: a live game
        await tg.wait_for(lambda: "Move 2" in (board_of(tg, GROUP).caption or ""))
        await bot.shown()  # both views have been shown, their pings sent or waiting
        await clock.advance(1.2)  # both away for longer than ping_after
        await clock.quiet()  # the pings that were waiting have been sent
        texts = [c.fields.get("text", "") for c in tg.calls_for("sendMessage") if c.status == 200]
        wrong = [t for t in texts if f"tg://user?id={B}" in t and "Your move" in t]
        assert wrong == [], wrong  # it is Alice's move, not Bob's
    finally:
        await bot.stop()


async def test_a_fresh_board_leaves_no_second_board_with_buttons(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    """A move's edit waits for the group's budget; ``/board`` then sends a fresh board and strips
    the old one's buttons: the strip is an edit of that board, so it replaces the waiting edit
    (which would put the buttons back): one board with buttons for one game."""
    tg.set_chat(GROUP, "group")
    await say(tg, GROUP, "/challenge@gobot_test_bot size=9 color=black", ALICE)
    [challenge] = tg.bot_messages(GROUP)
    tg.inject_callback_query(challenge, "g1:accept", user=BOB)
    await tg.wait_for_call("sendMessage", chat_id=GROUP, count=2)
    board = board_of(tg, GROUP)
    tg.inject_message(GROUP, "d4", user=ALICE, reply_to=board)
    tg.inject_message(GROUP, "/board@gobot_test_bot", user=BOB)
    await tg.wait_for(lambda: len([m for m in tg.bot_messages(GROUP) if m.photo]) == 2)
    await bot.shown()  # every waiting call has gone out
    with_buttons = [m.message_id for m in tg.bot_messages(GROUP) if m.photo and m.buttons]
    assert with_buttons == [board_of(tg, GROUP).message_id]


async def test_an_answer_computed_while_the_bot_stops_is_still_sent(
    tg: RedeliveringTelegram, tmp_path: Path
) -> None:
    """A bot stopping (SIGTERM) while an update is being handled still sends its answer: the
    application finishes its updates, then the presenter the answers they started."""
    bot = await BotProcess(tg, tmp_path / "s.db").start()
    entered, release = asyncio.Event(), asyncio.Event()
    execute = bot.service.execute

    async def slow(*args, **kwargs):  # type: ignore[no-untyped-def]
        entered.set()
        await release.wait()
        return await execute(*args, **kwargs)

    bot.service.execute = slow  # type: ignore[method-assign]
    tg.inject_message(A, "/games", user=ALICE)
    await asyncio.wait_for(entered.wait(), 5)
    stopping = asyncio.create_task(bot.stop())  # as on SIGTERM, while the update is handled
    await tg.wait_for(lambda: "telegram" not in bot.deliveries)  # the adapter is stopping
    release.set()
    await stopping
    assert [c for c in tg.calls_for("sendMessage", A) if c.status == 200], "the answer was lost"


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
async def test_after_the_last_429_the_chat_still_waits_out_retry_after() -> None:
    """When a call's retries are spent it fails, and the chat still waits out ``retry_after``
    before its next call (which would be refused again)."""
    clock = FakeClock()
    limits = Limits(private=Budget(1, 0.01), overall=Budget(30, 0.01), margin=0.0)
    pacer = ChatPacer(limits, clock)
    blocked_until = 0.0
    refused: list[str] = []

    def call(label: str) -> Any:
        async def send() -> str:
            nonlocal blocked_until
            now = clock.now()
            if label == "first" or now < blocked_until:
                blocked_until = now + 0.2
                refused.append(label)
                raise RetryAfter(0.2)  # type: ignore[arg-type]
            return label

        return send

    async def submit(label: str) -> Any:
        with_chat = {"chat_id": A}
        return await pacer.process_request(call(label), (), {}, "sendMessage", with_chat, None)

    try:
        first = asyncio.create_task(submit("first"))
        await asyncio.sleep(0)
        second = asyncio.create_task(submit("second"))
        results = await clock.run(asyncio.gather(first, second, return_exceptions=True))
        assert isinstance(results[0], RetryAfter) and results[1] == "second"
        assert "second" not in refused  # it waited for the chat to be writable again
    finally:
        await pacer.shutdown()


async def test_concurrent_lookups_of_a_game_share_its_links() -> None:
    """Two lookups that miss the directory's cache at once share one mapping of the game's
    links, so a board message put through one is seen by the other (no second board message in
    the chat)."""

    class Links:
        def __init__(self) -> None:
            self.delays = [0.05, 0.0]  # the first read answers last

        async def for_game(self, game_id: int) -> dict[str, str]:
            await asyncio.sleep(self.delays.pop(0))
            return {}

        async def put(self, game_id: int, key: str, value: str) -> None:
            pass

    class Unit:
        def __init__(self, links: Links) -> None:
            self.links = links

        async def __aenter__(self) -> Unit:
            return self

        async def __aexit__(self, *exc: object) -> None:
            pass

        async def commit(self) -> None:
            pass

    class Database:
        links = Links()

        def unit_of_work(self) -> Unit:
            return Unit(self.links)

    directory = Directory(Database())  # type: ignore[arg-type]
    first, second = await asyncio.gather(directory.links(1), directory.links(1))
    await directory.link(1, "telegram:board:-100", "7")
    assert first.get("telegram:board:-100") == second.get("telegram:board:-100") == "7"
