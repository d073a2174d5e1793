"""Live games at a chat's pace (issue 11), end to end with the real discord.py against the fake:
every interaction is answered before anything that may wait on a rate limit."""

from __future__ import annotations

from pathlib import Path

from service.i18n import t
from tests.bot.discord.conftest import (
    answered,
    board_count,
    boards_in,
    message_with_button,
    opening_of,
    running_bot,
    start_game,
)
from tests.fakes import DISCORD_BOB, FakeDiscordServer

THREADS = "/channels/{channel_id}/threads"
MESSAGES = "/channels/{channel_id}/messages"
DEADLINE = 3.0  # seconds Discord waits for an interaction's first answer (then 10062)


async def test_an_accept_is_answered_before_its_thread_waits_on_a_rate_limit(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        challenge = fake.slash_command(
            "go challenge", {"user": DISCORD_BOB, "size": 9, "color": "black"}
        )
        await answered(fake, challenge)
        invite = await message_with_button(fake, "go:g1:accept")
        fake.rate_limit_next("POST", THREADS, count=1, retry_after=DEADLINE + 0.5)
        accept = fake.press_button(invite, "go:g1:accept", user=DISCORD_BOB)
        await answered(fake, accept)
        assert accept.response_type == 5  # deferred: the thread comes after the answer
        assert accept.seconds_to_callback is not None and accept.seconds_to_callback < 1.0
        made = await fake.wait_for(lambda: fake.threads(), timeout=DEADLINE + 5)
        thread_id = int(made[0]["id"])
        tries = fake.calls_for("POST", THREADS)
        assert [c.status for c in tries] == [429, 201]
        assert accept.callbacks[0].received_at < tries[0].received_at
        opening = await fake.wait_for(lambda: opening_of(fake, accept), timeout=5)
        assert f"<#{thread_id}>" in opening.content and not opening.ephemeral
        board = await board_count(fake, thread_id, 1)
        assert board.custom_ids == ["go:g1:pass:m0", "go:g1:undo", "go:g1:resign"]


async def test_a_move_asked_elsewhere_is_answered_before_its_board_waits(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, _ = await start_game(fake)
        fake.rate_limit_next("POST", MESSAGES, count=1, retry_after=DEADLINE + 0.5)
        move = fake.slash_command("go play", {"point": "g7", "game": 1})
        await answered(fake, move)
        assert move.seconds_to_callback is not None and move.seconds_to_callback < 1.0
        assert move.ephemeral
        assert move.response_data["content"] == t(
            "discord.see_thread", id=1, thread=f"<#{thread_id}>"
        )
        await fake.wait_for(lambda: len(boards_in(fake, thread_id)) == 2, timeout=DEADLINE + 5)
        assert [c.status for c in fake.calls_for("POST", MESSAGES)][-2:] == [429, 200]
