"""A whole game on Discord, from the challenge to the agreed count, through slash commands,
buttons and plain text in the game's thread."""

from __future__ import annotations

from pathlib import Path

from service import Actor
from service.commands import Request, ShowBoard
from tests.bot.discord.conftest import (
    answered,
    board_count,
    boards_in,
    message_with_button,
    opening_of,
    png_size,
    running_bot,
    start_game,
)
from tests.fakes import DISCORD_ALICE, DISCORD_BOB, FakeDiscordServer

ALICE = Actor(f"discord:{DISCORD_ALICE.id}", "alice")
ALICE_PING, BOB_PING = f"<@{DISCORD_ALICE.id}>", f"<@{DISCORD_BOB.id}>"


async def test_a_whole_game_from_challenge_to_agreed_count(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        challenge = fake.slash_command(
            "go challenge", {"user": DISCORD_BOB, "size": 9, "color": "black"}
        )
        await answered(fake, challenge)
        sent = fake.original_message(challenge)
        assert sent is not None and not sent.ephemeral
        assert sent.content.startswith("Challenge #1 sent to @bob: 9×9 · komi 6.5")
        invite = await message_with_button(fake, "go:g1:accept")
        assert invite.content.startswith(f"{BOB_PING}\n@alice challenges you (game #1)")
        assert invite.custom_ids == ["go:g1:accept", "go:g1:decline"]

        accept = fake.press_button(invite, "go:g1:accept", user=DISCORD_BOB)
        await answered(fake, accept)
        assert accept.response_type == 5  # deferred: the thread is made after the answer
        [thread] = await fake.wait_for(lambda: fake.threads())
        thread_id = int(thread["id"])
        assert thread["name"] == "Game #1 · alice vs bob"
        opening = await fake.wait_for(lambda: opening_of(fake, accept))
        assert opening is not None and not opening.ephemeral
        assert "Game #1 begins: @alice plays Black, @bob plays White." in opening.content
        assert f"<#{thread_id}>" in opening.content
        first = await board_count(fake, thread_id, 1)
        assert first.content == ALICE_PING
        assert first.custom_ids == [
            "go:g1:pass:m0",
            "go:g1:undo",
            "go:g1:resign",
            "go:g1:estimate",
        ]
        [embed] = first.embeds
        assert embed["image"]["url"] == "attachment://board.png"
        width, height = png_size(first.attachment("board.png"))
        assert width == 720 and height > width  # the board and its caption footer

        for row in range(1, 10):
            move = fake.slash_command("go play", {"point": f"d{row}"}, channel_id=thread_id)
            await answered(fake, move)
            assert move.response_type == 4 and not move.ephemeral
            board = await board_count(fake, thread_id, 2 * row)
            assert board.content == BOB_PING
            assert board.embeds[0]["description"].startswith(f"Move {2 * row - 1} · Black D{row}")
            fake.post_user_message(f"e{row}", channel_id=thread_id, user=DISCORD_BOB)
            board = await board_count(fake, thread_id, 2 * row + 1)
            assert board.content == ALICE_PING
            assert board.embeds[0]["description"].startswith(f"Move {2 * row} · White E{row}")

        assert first.components == []  # older boards lose their buttons
        latest = boards_in(fake, thread_id)[-1]
        await answered(fake, fake.press_button(latest, "go:g1:pass:m18"))
        latest = await board_count(fake, thread_id, 20)
        assert latest.embeds[0]["description"].startswith("Move 19 · Black passes")
        await answered(fake, fake.press_button(latest, "go:g1:pass:m19", user=DISCORD_BOB))
        counting = await board_count(fake, thread_id, 21)
        text = counting.embeds[0]["description"]
        assert "Both players passed: the game is stopped (Art. 9)." in text
        black = "Black: territory 27 + prisoners 0 = 27"
        assert f"{black} · White: territory 36 + prisoners 0 + komi 6.5 = 42.5" in text
        assert counting.content == ALICE_PING
        assert "go:g1:done:v1" in counting.custom_ids
        assert png_size(counting.attachment("board.png"))[0] == 720
        assert counting.attachment("board.png") != latest.attachment("board.png")

        await answered(fake, fake.press_button(counting, "go:g1:done:v1"))
        accepted = await board_count(fake, thread_id, 22)
        assert "@alice accepted marking v1." in accepted.embeds[0]["description"]
        assert accepted.content == BOB_PING
        done = fake.press_button(accepted, "go:g1:done:v1", user=DISCORD_BOB)
        await answered(fake, done)
        result = await board_count(fake, thread_id, 23)
        lines = result.embeds[0]["description"].splitlines()
        assert lines[0] == "Both players accepted marking v1 (Art. 9.2, 10)."
        assert lines[-1] == "Game #1 is over: W+15.5 — White wins by 15.5 points"
        assert result.content == ALICE_PING  # Bob pressed Done and sees it too
        assert result.custom_ids == ["go:g1:sgf"]
        assert png_size(result.attachment("board.png"))[0] == 720


async def test_an_illegal_move_is_answered_privately(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        thread_id, _ = await start_game(fake)
        await answered(fake, fake.slash_command("go play", {"point": "d4"}, channel_id=thread_id))
        await answered(
            fake,
            fake.slash_command("go play", {"point": "e4"}, user=DISCORD_BOB, channel_id=thread_id),
        )
        before = len(boards_in(fake, thread_id))
        again = fake.slash_command("go play", {"point": "E4"}, channel_id=thread_id)
        await answered(fake, again)
        reply = fake.original_message(again)
        assert again.ephemeral and reply is not None and reply.ephemeral
        assert reply.content == "Illegal move: E4 is occupied — choose an empty point"
        off = fake.slash_command("go play", {"point": "z9"}, channel_id=thread_id)
        await answered(fake, off)
        assert off.ephemeral and "Z9 is off a 9×9 board (A1–J9)" in off.response_data["content"]
        assert len(boards_in(fake, thread_id)) == before
        view = await bot.service.execute(ShowBoard(), Request(ALICE, game=1))
        assert view.board is not None and view.board.move_number == 2


async def test_a_move_out_of_turn(fake: FakeDiscordServer, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, _ = await start_game(fake)
        early = fake.slash_command(
            "go play", {"point": "d4"}, user=DISCORD_BOB, channel_id=thread_id
        )
        await answered(fake, early)
        assert early.ephemeral and early.response_data["content"] == "It is Black's move"
        assert len(boards_in(fake, thread_id)) == 1
