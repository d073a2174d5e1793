"""Both chat adapters in one process on one service (``bot.app.serve`` with both tokens): a game on
Discord and a game on Telegram side by side, each player seeing only their own game, on their own
platform, with the real discord.py and python-telegram-bot clients against the local fakes."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

from bot import app
from bot.config import Config
from tests.bot.discord.conftest import answered, board_count, message_with_button, png_size
from tests.bot.telegram.harness import board_of, image_size, last_text, say
from tests.fakes import (
    DISCORD_ALICE,
    DISCORD_BOB,
    TELEGRAM_ALICE,
    TELEGRAM_BOB,
    start_fake_discord,
    start_fake_telegram,
)

A, B = TELEGRAM_ALICE.id, TELEGRAM_BOB.id  # their private chats with the bot


async def test_a_discord_game_and_a_telegram_game_in_one_process(tmp_path: Path) -> None:
    # the limits are enforced in tests/bot/telegram and tests/bot/discord (scaled): here the
    # whole app runs at real pace, which the unlimited fakes do not slow down
    async with start_fake_discord(limits=None) as dc, start_fake_telegram(limits=None) as tg:
        config = Config(
            database_url=f"sqlite:///{tmp_path}/games.db",
            discord_token=dc.token,
            telegram_token=tg.token,
            telegram_api_url=tg.base_url,
            boards_dir=None,
        )
        running = asyncio.create_task(app.serve(config, io.StringIO(), io.StringIO()))
        try:
            await dc.wait_for(lambda: (dc.connected and dc.global_commands) or running.done())
            await tg.wait_for(lambda: tg.commands or running.done())
            assert not running.done()

            # Telegram: game #1 in the players' private chats.
            await say(tg, B, "/start", TELEGRAM_BOB)
            sent = await say(tg, A, "/challenge @bob size=9 color=black", TELEGRAM_ALICE)
            assert sent.fields["text"].startswith("Challenge #1 sent to @bob")
            [invite] = await tg.wait_for(lambda: [m for m in tg.bot_messages(B) if m.callback_data])
            tg.inject_callback_query(invite, "g1:accept", user=TELEGRAM_BOB)
            await tg.wait_for_call("sendPhoto", chat_id=A)

            # Discord: game #2 in its own thread.
            challenge = dc.slash_command(
                "go challenge", {"user": DISCORD_BOB, "size": 9, "color": "black"}
            )
            await answered(dc, challenge)
            offer = await message_with_button(dc, "go:g2:accept")
            await answered(dc, dc.press_button(offer, "go:g2:accept", user=DISCORD_BOB))
            [thread] = await dc.wait_for(lambda: dc.threads())
            thread_id = int(thread["id"])
            await board_count(dc, thread_id, 1)

            # A move on each platform reaches that platform's opponent only.
            tg.inject_message(A, "/play d4", user=TELEGRAM_ALICE)
            await tg.wait_for_call("editMessageMedia", chat_id=B)
            move = dc.slash_command("go play", {"point": "e5"}, channel_id=thread_id)
            await answered(dc, move)
            board = await board_count(dc, thread_id, 2)
            assert board.embeds[0]["description"].startswith("Move 1 · Black E5")
            assert png_size(board.attachment("board.png"))[0] == 720
            telegram_board = board_of(tg, B)
            assert telegram_board.caption == "Move 1 · Black D4 · White (@bob) to play"
            assert image_size(telegram_board.photo or b"")[0] == 720

            # Each player sees their own game and not the other platform's.
            mine = await answered(dc, dc.slash_command("go games", user=DISCORD_ALICE))
            listed = {line.split()[0] for line in mine.response_data["content"].splitlines()}
            assert listed == {"#2"}  # the line's game (the line ends with its thread, <#…>)
            tg.inject_message(A, "/games", user=TELEGRAM_ALICE)  # answered after the move's reply
            lists = await tg.wait_for(
                lambda: [m.text for m in tg.bot_messages(A) if (m.text or "").startswith("#")]
            )
            assert "#1" in lists[-1] and "#2" not in lists[-1]
            everything_on_discord = " ".join(
                str(m.embeds) + m.content for m in dc.bot_messages(thread_id)
            )
            assert "D4" not in everything_on_discord and "#1" not in everything_on_discord
        finally:
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running


async def test_a_game_between_a_telegram_and_a_discord_player(tmp_path: Path) -> None:
    """An open challenge made on Telegram is taken on Discord by its number; each move reaches
    the other player on their own platform (docs/commands.md: a game between a Discord user and a
    Telegram user)."""
    # the limits are enforced in tests/bot/telegram and tests/bot/discord (scaled): here the
    # whole app runs at real pace, which the unlimited fakes do not slow down
    async with start_fake_discord(limits=None) as dc, start_fake_telegram(limits=None) as tg:
        config = Config(
            database_url=f"sqlite:///{tmp_path}/games.db",
            discord_token=dc.token,
            telegram_token=tg.token,
            telegram_api_url=tg.base_url,
            boards_dir=None,
        )
        running = asyncio.create_task(app.serve(config, io.StringIO(), io.StringIO()))
        try:
            await dc.wait_for(lambda: (dc.connected and dc.global_commands) or running.done())
            await tg.wait_for(lambda: tg.commands or running.done())
            sent = await say(tg, A, "/challenge size=9 color=black", TELEGRAM_ALICE)
            assert sent.fields["text"].startswith("Open challenge #1 by @alice")

            accept = await answered(dc, dc.slash_command("go accept", {"game": 1}))
            assert not accept.ephemeral
            [thread] = await dc.wait_for(lambda: dc.threads())
            thread_id = int(thread["id"])
            await board_count(dc, thread_id, 1)
            await tg.wait_for_call("sendPhoto", chat_id=A)  # Alice hears on Telegram

            tg.inject_message(A, "/play d4", user=TELEGRAM_ALICE)
            reached = await board_count(dc, thread_id, 2)  # forwarded into the Discord thread
            assert "Black D4" in str(reached.embeds) + reached.content
            assert f"<@{DISCORD_ALICE.id}>" in reached.content  # the Discord player is pinged

            move = dc.slash_command("go play", {"point": "e5"}, channel_id=thread_id)
            await answered(dc, move)
            await tg.wait_for(lambda: "White E5" in (board_of(tg, A).caption or ""))
            await tg.wait_for(lambda: "White E5" in last_text(tg, A))  # and she is pinged
            assert last_text(tg, A).startswith("Your move in game #1")
        finally:
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
