"""Whole games through the real python-telegram-bot client and the fake Bot API server: private
chats (board in each player's chat, notices there) and a group (open challenge, replies)."""

from __future__ import annotations

from pathlib import Path

from renderer import Snapshot, render_png
from tests.bot.telegram.harness import (
    BotProcess,
    RedeliveringTelegram,
    answered,
    board_of,
    image_size,
    last_text,
    say,
)
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB
from tests.fakes.clock import FakeClock
from tests.service.test_computer import ScriptedOpponent

A, B = ALICE.id, BOB.id  # their private chats with the bot
GROUP = -100
CLUB = -1000000000777  # a supergroup: its messages have links


async def start_private_game(tg: RedeliveringTelegram) -> None:
    """Bob has written to the bot; Alice challenges him; he accepts with the button."""
    await say(tg, B, "/start", BOB)
    reply = await say(tg, A, "/challenge @bob size=9 color=black", ALICE)
    assert reply.fields["text"].startswith("Challenge #1 sent to @bob: 9×9")
    invitation = await tg.wait_for(lambda: [m for m in tg.bot_messages(B) if m.callback_data])
    assert invitation[0].callback_data == ["g1:accept", "g1:decline"]
    tg.inject_callback_query(invitation[0], "g1:accept", user=BOB)
    await tg.wait_for_call("sendPhoto", chat_id=B)  # the board in each chat
    await tg.wait_for_call("sendPhoto", chat_id=A)
    await tg.wait_for_call("sendMessage", chat_id=A, count=2)  # the ping: Alice moves first


async def move(tg: RedeliveringTelegram, chat: int, text: str, user: object, *, other: int) -> None:
    """A move in ``chat``; wait until the opponent's board in ``other`` shows it, the
    opponent has been pinged, and the mover's board shows it (with the move in words below)."""
    edits = len(answered(tg, "editMessageMedia", other))
    own = len(answered(tg, "editMessageMedia", chat))
    told = len(answered(tg, "sendMessage", chat))
    pings = len(answered(tg, "sendMessage", other))
    tg.inject_message(chat, text, user=user)  # type: ignore[arg-type]
    await tg.wait_for_call("editMessageMedia", chat_id=other, count=edits + 1)
    await tg.wait_for_call("sendMessage", chat_id=other, count=pings + 1)
    await tg.wait_for_call("editMessageMedia", chat_id=chat, count=own + 1)
    await tg.wait_for_call("sendMessage", chat_id=chat, count=told + 1)  # the move, in words


async def press(tg: RedeliveringTelegram, chat: int, label: str, user: object) -> None:
    """Press the button labelled ``label`` on the board in ``chat``; wait for the answer."""
    board = board_of(tg, chat)
    [data] = [b["callback_data"] for b in board.buttons if b["text"] == label]
    before = len(answered(tg, "answerCallbackQuery"))
    tg.inject_callback_query(board, data, user=user)  # type: ignore[arg-type]
    await tg.wait_for_call("answerCallbackQuery", count=before + 1)


async def test_a_whole_game_in_private_chats(tg: RedeliveringTelegram, bot: BotProcess) -> None:
    size = image_size(render_png(Snapshot(9)))
    await start_private_game(tg)
    assert board_of(tg, B).caption == (
        "Game #1 begins: @alice plays Black, @bob plays White.\nGame #1 · Black (@alice) to play"
    )
    assert board_of(tg, A).caption == "Game #1 · Black (@alice) to play"
    assert "Your move in game #1" in last_text(tg, A)
    assert image_size(board_of(tg, A).photo or b"") == size

    await move(tg, A, "/play d4", ALICE, other=B)
    assert board_of(tg, B).caption == "Move 1 · Black D4 · White (@bob) to play"
    assert last_text(tg, B) == "Your move in game #1: Move 1 · Black D4 · White (@bob) to play"
    assert board_of(tg, B).reply_markup is not None
    commands = [data.split(":")[1] for data in board_of(tg, B).callback_data]
    assert commands == ["pass", "undo", "resign", "estimate"]
    await move(tg, B, "e5", BOB, other=A)  # plain text in a private chat
    edits = len(answered(tg, "editMessageMedia", A))
    tg.inject_message(A, "c3", user=ALICE, reply_to=board_of(tg, A))  # a reply to the board
    await tg.wait_for_call("editMessageMedia", chat_id=A, count=edits + 1)
    await move(tg, B, "/play e3", BOB, other=A)
    assert board_of(tg, A).caption == "Move 4 · White E3 · Black (@alice) to play"

    playing = board_of(tg, A).photo
    await press(tg, A, "Pass", ALICE)
    await tg.wait_for(lambda: "Move 5 · Black passes" in (board_of(tg, B).caption or ""))
    await move(tg, B, "/pass", BOB, other=A)  # two passes: counting
    for chat in (A, B):
        board = board_of(tg, chat)
        assert board.callback_data[:2] == ["g1:done:v1", "g1:resume"]
        assert image_size(board.photo or b"")[0] == size[0]  # counting: a taller footer
    assert "Game #1 · marking v1" in (board_of(tg, B).caption or "")
    assert "Both players passed: the game is stopped (Art. 9)." in (board_of(tg, B).caption or "")
    assert board_of(tg, A).photo != playing  # the counting picture (overlay and tally)

    await press(tg, A, "Done", ALICE)
    await tg.wait_for(lambda: "Your opponent accepted v1" in last_text(tg, B))
    await press(tg, B, "Done", BOB)
    result = "Game #1 is over: W+6.5 — White wins by 6.5 points"  # nothing is enclosed yet
    await tg.wait_for(lambda: result in last_text(tg, A))
    assert "Both players accepted marking v1 (Art. 9.2, 10)." in last_text(tg, A)
    assert result in (board_of(tg, B).caption or "")
    assert board_of(tg, B).callback_data == ["g1:sgf"]

    await press(tg, A, "SGF", ALICE)
    document = await tg.wait_for_call("sendDocument", chat_id=A)
    upload = document.file("document")
    assert upload.filename == "game-1.sgf" and b"RE[W+6.5]" in upload.data
    for call in answered(tg, "editMessageMedia") + answered(tg, "sendPhoto"):
        assert image_size(call.upload or b"")[0] == size[0]  # heights: play or counting


async def test_a_group_game_with_an_open_challenge(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    tg.set_chat(GROUP, "group")
    reply = await say(tg, GROUP, "/challenge@gobot_test_bot size=9 color=black", ALICE)
    assert reply.fields["text"].startswith("Open challenge #1 by @alice")
    [challenge] = tg.bot_messages(GROUP)
    tg.inject_callback_query(challenge, "g1:accept", user=BOB)
    photo = await tg.wait_for_call("sendPhoto", chat_id=GROUP)
    ping = await tg.wait_for_call("sendMessage", chat_id=GROUP, count=2)
    assert ping.fields["text"].startswith(f'<a href="tg://user?id={A}">alice</a>: ')
    assert ping.fields["reply_parameters"]["message_id"] == board_of(tg, GROUP).message_id
    assert tg.message(GROUP, challenge.message_id).buttons == []  # answered: buttons gone
    assert image_size(photo.upload or b"") == image_size(render_png(Snapshot(9)))

    # live pace (the README's "Live games and pings (Telegram)"): each move is one call in the
    # group, the edited board, whose caption names who is to play; both players are following,
    # so no pings
    board = board_of(tg, GROUP)
    calls = len(tg.calls)
    await say(tg, GROUP, "d4", ALICE, reply_to=board, method="editMessageMedia")
    await say(tg, GROUP, "e5", BOB, reply_to=board, method="editMessageMedia")
    assert board_of(tg, GROUP).caption == "Move 2 · White E5 · Black (@alice) to play"
    await say(tg, GROUP, "/play@gobot_test_bot c3", ALICE, method="editMessageMedia")
    sent = [c.api_method for c in tg.calls[calls:] if c.chat_id is not None]
    assert sent == ["editMessageMedia"] * 3
    assert len(tg.bot_messages(GROUP)) == 3  # the challenge, the board, the first ping

    calls = len(tg.calls)
    tg.inject_message(GROUP, "d5", user=BOB)  # not a reply, not a command: not for the bot
    tg.inject_message(GROUP, "/weather", user=BOB)  # another bot's command
    tg.inject_message(GROUP, "/pass@other_bot", user=BOB)  # addressed to another bot
    await say(tg, GROUP, "/board", BOB, method="sendPhoto")
    texts = [c.fields.get("text", "") for c in tg.calls[calls:] if c.chat_id == GROUP]
    assert not [text for text in texts if "weather" in text or "D5" in text or "pass" in text]
    assert not [text for text in texts if "Your move" in text]
    assert board_of(tg, GROUP).caption == "Move 3 · Black C3 · White (@bob) to play"
    await tg.wait_for_call("editMessageReplyMarkup", chat_id=GROUP, count=2)  # the old board's
    assert len([m for m in tg.bot_messages(GROUP) if m.photo and m.buttons]) == 1


async def test_a_correspondence_paced_group_game_pings_once_privately_when_it_can(
    tg: RedeliveringTelegram, tmp_path: Path
) -> None:
    """A player who has not acted in the game for ``ping_after`` seconds is pinged once for
    their move: in their private chat when they have opened one with the bot, else by a reply
    in the group; a player who is following the game is not pinged."""
    clock = FakeClock()
    bot = await BotProcess(tg, tmp_path / "slow.db", ping_after=0.5, ping_clock=clock).start()
    try:
        tg.set_chat(CLUB, "supergroup")
        await say(tg, B, "/start", BOB)  # Bob has a private chat with the bot, Alice has none
        await say(tg, CLUB, "/challenge size=9 color=black", ALICE)
        [challenge] = tg.bot_messages(CLUB)
        tg.inject_callback_query(challenge, "g1:accept", user=BOB)
        await tg.wait_for_call("sendMessage", chat_id=CLUB, count=2)  # game begins, for Alice
        board = board_of(tg, CLUB)
        private = len(answered(tg, "sendMessage", B))
        await say(tg, CLUB, "d4", ALICE, reply_to=board, method="editMessageMedia")
        # Bob accepted a moment ago: no ping now, one once he has been away for 0.5 s
        await clock.slept()  # the ping waits
        await clock.advance(0.5)
        ping = await tg.wait_for_call("sendMessage", chat_id=B, count=private + 1)
        link = f'<a href="https://t.me/c/0000000777/{board.message_id}">board</a>'
        assert ping.fields["text"] == (
            f"Your move in game #1: Move 1 · Black D4 · White (@bob) to play · {link}"
        )
        assert len(answered(tg, "sendMessage", CLUB)) == 2  # nothing more in the group
        await clock.advance(0.7)
        await clock.quiet()
        assert len(answered(tg, "sendMessage", B)) == private + 1  # once
        await clock.advance(0.2)  # Alice is away from the game too by now
        await say(tg, B, "e5 #1", BOB, method="sendPhoto")  # from his private chat
        ping = await tg.wait_for_call("sendMessage", chat_id=CLUB, count=3)
        assert ping.fields["text"] == (
            f'<a href="tg://user?id={A}">alice</a>: Your move in game #1: '
            "Move 2 · White E5 · Black (@alice) to play"
        )
        assert ping.fields["reply_parameters"]["message_id"] == board.message_id
        assert board_of(tg, CLUB).caption == "Move 2 · White E5 · Black (@alice) to play"
        # the games list links each game to its board in the supergroup
        listed = await say(tg, B, "/games", BOB)
        url = f"https://t.me/c/0000000777/{board.message_id}"
        assert f'<a href="{url}">board</a>' in listed.fields["text"]
        assert not tg.too_many_requests
    finally:
        await bot.stop()


async def test_a_game_against_the_computer(tg: RedeliveringTelegram, tmp_path: Path) -> None:
    """``/computer`` comes from the grammar like every command; the computer answers moves."""
    bot = await BotProcess(tg, tmp_path / "computer.db", opponent=ScriptedOpponent("C3")).start()
    try:
        await say(tg, A, "/computer size=9 level=2", ALICE, method="sendPhoto")
        assert "Scripted level 2" in (board_of(tg, A).caption or "")
        edits = len(answered(tg, "editMessageMedia", A))
        tg.inject_message(A, "e5", user=ALICE)
        await tg.wait_for_call("editMessageMedia", chat_id=A, count=edits + 1)
        assert "Scripted level 2 played White C3." in (board_of(tg, A).caption or "")
    finally:
        await bot.stop()
