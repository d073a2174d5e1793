"""Who gets a ping, where and when (bot/telegram/pings.py): the policy on its own, with a Bot
stand-in that records messages, on a fake clock that the tests move (the end-to-end tests in
test_game.py run it against the fake server with the real client)."""

from __future__ import annotations

from typing import Any

from telegram.error import Forbidden

from bot.telegram.people import People
from bot.telegram.pings import Notify, Pings, Where
from service import Notice
from tests.fakes.clock import FakeClock

GROUP, ALICE, BOB = -100, 1001, 1002
TURN = Notice(f"telegram:{BOB}", ("Your move in game #1",), turn=True)
OFFER = Notice(f"telegram:{BOB}", ("@alice asks to undo",))
HERE = Where(GROUP, reply_to=7)


class Recorder:
    """Records send_message calls; private chats in ``closed`` refuse the bot."""

    def __init__(self, closed: set[int] | None = None) -> None:
        self.sent: list[tuple[int, str]] = []
        self.tried: list[int] = []  # every chat written to, refused or not
        self.closed = closed or set()

    async def send_message(self, chat_id: int, text: str, **_: Any) -> None:
        self.tried.append(chat_id)
        if chat_id in self.closed:
            raise Forbidden("Forbidden: bot can't initiate conversation with a user")
        self.sent.append((chat_id, text))


def pings(bot: Recorder, notify: Notify = Notify.TURN, idle: float = 0.2) -> Pings:
    """The policy on a fake clock of its own (``policy.clock``: the tests move it)."""
    return Pings(bot, People(None), notify, idle, FakeClock())  # type: ignore[arg-type]


async def wait(policy: Pings, seconds: float) -> None:
    """Let ``seconds`` pass on the policy's clock (the pings due meanwhile go out)."""
    clock = policy.clock
    assert isinstance(clock, FakeClock)
    await clock.advance(seconds)


async def test_a_player_following_the_game_is_pinged_only_after_being_away() -> None:
    bot = Recorder()
    policy = pings(bot)
    policy.acted(1, TURN.player)
    await policy.send([TURN], HERE, 1, policy.clock.now())
    assert bot.sent == []  # live pace: the board's caption says it
    await wait(policy, 0.3)
    assert bot.sent == [(BOB, "Your move in game #1")]  # away for 0.2 s: once, privately
    await wait(policy, 0.3)
    assert len(bot.sent) == 1


async def test_acting_in_the_game_cancels_the_waiting_ping() -> None:
    bot = Recorder()
    policy = pings(bot)
    policy.acted(1, TURN.player)
    await policy.send([TURN], HERE, 1, policy.clock.now())
    await wait(policy, 0.1)
    policy.acted(1, TURN.player)  # Bob moved (or looked) in time
    await wait(policy, 0.3)
    assert bot.sent == []
    await policy.close()


async def test_a_player_away_is_pinged_at_once_and_a_closed_chat_is_not_tried_again() -> None:
    bot = Recorder(closed={BOB})
    policy = pings(bot)
    await policy.send(
        [TURN], HERE, 1, policy.clock.now()
    )  # never seen: tried privately, then in the group
    await policy.send([TURN], HERE, 1, policy.clock.now())
    mention = f'<a href="tg://user?id={BOB}">'
    assert bot.tried == [BOB, GROUP, GROUP]  # the private chat once
    assert [chat for chat, _ in bot.sent] == [GROUP, GROUP]
    assert all(text.startswith(mention) for _, text in bot.sent)


async def test_notices_that_ask_for_an_answer_always_go_out() -> None:
    for notify in Notify:
        bot = Recorder()
        policy = pings(bot, notify)
        policy.acted(1, OFFER.player)
        await policy.send([OFFER], HERE, 1, policy.clock.now())
        assert bot.sent == [(BOB, "@alice asks to undo")], notify


async def test_notify_all_and_none() -> None:
    every, never = Recorder(), Recorder()
    for bot, notify in ((every, Notify.ALL), (never, Notify.NONE)):
        policy = pings(bot, notify)
        policy.acted(1, TURN.player)
        await policy.send([TURN], HERE, 1, policy.clock.now())
        await policy.send([TURN], Where(BOB, reply_to=3), 1, policy.clock.now())  # private game
        await wait(policy, 0.3)
    assert every.sent == [(BOB, "Your move in game #1")] * 2
    assert never.sent == []


async def test_a_view_older_than_the_players_answer_pings_nobody() -> None:
    """Bob moved after the view that makes it his turn was made (a live game, the group's
    budget short): that view's "your move" is stale and not sent, now or later."""
    bot = Recorder()
    policy = pings(bot)
    made = policy.clock.now()
    await wait(policy, 0.01)
    policy.acted(1, TURN.player)
    await policy.send([TURN], HERE, 1, made)
    await policy.send([TURN], Where(BOB, reply_to=3), 1, made)
    await wait(policy, 0.3)
    assert bot.sent == []


async def test_private_chat_games_are_pinged_after_every_move() -> None:
    """An edit does not notify a phone: in a private chat the ping is the notification."""
    bot = Recorder()
    policy = pings(bot)
    policy.acted(1, TURN.player)
    await policy.send([TURN], Where(BOB, reply_to=3), 1, policy.clock.now())
    assert bot.sent == [(BOB, "Your move in game #1")]
