"""Buttons and games survive restarts; strangers, 429s and redelivered interactions change
nothing they should not."""

from __future__ import annotations

from pathlib import Path

import pytest

from service import Actor
from service.commands import Request, ShowBoard
from tests.bot.discord.conftest import (
    CALLBACK,
    CAROL,
    answered,
    board_count,
    boards_in,
    png_size,
    running_bot,
    start_game,
)
from tests.fakes import DISCORD_ALICE, DISCORD_BOB, FakeDiscordServer

ALICE = Actor(f"discord:{DISCORD_ALICE.id}", "alice")
THREAD_MESSAGES = "/channels/{channel_id}/messages"


async def test_a_stranger_pressing_a_button_changes_nothing(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        thread_id, board = await start_game(fake)
        press = fake.press_button(board, "go:g1:pass:m0", user=CAROL)
        await answered(fake, press)
        assert press.ephemeral
        assert press.response_data["content"] == (
            "You are not playing in game #1; you can look with `board`."
        )
        assert boards_in(fake, thread_id) == [board] and board.custom_ids
        view = await bot.service.execute(ShowBoard(), Request(ALICE, game=1))
        assert view.board is not None and view.board.move_number == 0


async def test_a_button_from_before_a_restart_still_works(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    database = tmp_path / "games.db"
    async with running_bot(fake, database):
        thread_id, board = await start_game(fake)
    assert not fake.connected
    async with running_bot(fake, database):
        press = fake.press_button(board, "go:g1:pass:m0")
        await answered(fake, press)
        assert press.response_type == 4 and not press.ephemeral
        after = await board_count(fake, thread_id, 2)
        assert after.embeds[0]["description"].startswith("Move 1 · Black passes")
        assert after.content == f"<@{DISCORD_BOB.id}>"


async def test_a_restart_in_the_middle_of_a_game(fake: FakeDiscordServer, tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    async with running_bot(fake, database):
        thread_id, _ = await start_game(fake)
        await answered(fake, fake.slash_command("go play", {"point": "c3"}, channel_id=thread_id))
        await board_count(fake, thread_id, 2)
    async with running_bot(fake, database):
        fake.post_user_message("g7", channel_id=thread_id, user=DISCORD_BOB)
        board = await board_count(fake, thread_id, 3)
        assert board.embeds[0]["description"].startswith("Move 2 · White G7")
        move = fake.slash_command("go play", {"point": "c7"}, channel_id=thread_id)
        await answered(fake, move)
        board = await board_count(fake, thread_id, 4)
        assert board.embeds[0]["description"].startswith("Move 3 · Black C7")


async def test_a_429_is_retried_and_the_board_arrives(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        fake.rate_limit_next("POST", THREAD_MESSAGES, count=1, retry_after=0.1)
        thread_id, board = await start_game(fake)
        statuses = [c.status for c in fake.calls_for("POST", THREAD_MESSAGES)]
        assert statuses[0] == 429 and 200 in statuses
        assert png_size(board.attachment("board.png"))[0] == 720
        fake.rate_limit_next("POST", CALLBACK, count=1, retry_after=0.1)
        move = fake.slash_command("go play", {"point": "d4"}, channel_id=thread_id)
        await answered(fake, move)
        board = await board_count(fake, thread_id, 2)
        assert board.attachment("board.png").startswith(b"\x89PNG")
        assert [c.status for c in move.callbacks] == [200]
        assert 429 in [c.status for c in fake.calls_for("POST", CALLBACK)]


async def test_a_redelivered_interaction_applies_once(
    fake: FakeDiscordServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        thread_id, _ = await start_game(fake)
        move = fake.slash_command("go play", {"point": "d4"}, channel_id=thread_id)
        await answered(fake, move)
        await board_count(fake, thread_id, 2)
        answers = len(fake.calls_for("POST", CALLBACK))
        fake.dispatch("INTERACTION_CREATE", move.payload)
        await fake.wait_for_request("POST", CALLBACK, count=answers + 1)
        assert fake.calls_for("POST", CALLBACK)[-1].status == 400  # already acknowledged
        assert len(boards_in(fake, thread_id)) == 2
        view = await bot.service.execute(ShowBoard(), Request(ALICE, game=1))
        assert view.board is not None and view.board.move_number == 1
    # the service answered "already handled" (not "D4 is occupied"), and nothing was logged as
    # an internal error
    assert "interaction answered already or expired" in caplog.text
    assert "a Discord command failed" not in caplog.text
