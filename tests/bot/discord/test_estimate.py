"""``estimate`` on Discord, end to end: the real discord.py client against the fake server;
``/go estimate`` in the game's thread and the Estimate button under the live board; the image is
posted beside the board (the live board keeps its buttons), a second one within the minute is
refused privately, and ``/go settings`` offers the channel's ``estimate`` choice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from service import Actor
from service.commands import Request, ShowBoard
from service.i18n import t
from tests.bot.discord.conftest import answered, board_count, boards_in, running_bot, start_game
from tests.fakes import DISCORD_ALICE, DISCORD_BOB, FakeDiscordServer

ALICE = Actor(f"discord:{DISCORD_ALICE.id}", "alice")


def options_of(go: dict[str, Any], name: str) -> dict[str, dict[str, Any]]:
    [sub] = [o for o in go["options"] if o["name"] == name]
    return {o["name"]: o for o in sub.get("options", [])}


async def test_the_command_and_the_button(fake: FakeDiscordServer, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        go = fake.global_commands[0]  # /go, then /club
        assert set(options_of(go, "estimate")) == {"game"}
        choices = options_of(go, "settings")["estimate"]["choices"]
        assert [c["value"] for c in choices] == ["on", "off", "auto"]

        thread_id, first = await start_game(fake)
        assert "go:g1:estimate" in first.custom_ids  # under the board of an unrated game
        fake.post_user_message("C3", channel_id=thread_id, user=DISCORD_ALICE)
        live = await board_count(fake, thread_id, 2)
        before = await bot.service.execute(ShowBoard(), Request(ALICE, game=1))

        asked = fake.slash_command("go estimate", {}, user=DISCORD_BOB, channel_id=thread_id)
        await answered(fake, asked)
        assert not asked.ephemeral
        image = await board_count(fake, thread_id, 3)
        text = image.embeds[0]["description"]
        assert t("estimate.header", id=1, n=1) in text
        assert image.attachment("board.png").startswith(b"\x89PNG")
        assert image.custom_ids == ["go:g1:board"]
        # the estimate is shown beside the live board, which keeps its buttons
        assert boards_in(fake, thread_id)[1].custom_ids == live.custom_ids

        pressed = fake.press_button(live, "go:g1:estimate", user=DISCORD_ALICE)
        await answered(fake, pressed)
        await board_count(fake, thread_id, 4)
        again = fake.press_button(live, "go:g1:estimate", user=DISCORD_ALICE)
        await answered(fake, again)
        assert again.ephemeral  # the limit: to the presser alone
        waits = {t("error.estimate_wait", id=1, seconds=s) for s in range(50, 61)}
        assert again.response_data["content"] in waits
        assert len(boards_in(fake, thread_id)) == 4
        after = await bot.service.execute(ShowBoard(), Request(ALICE, game=1))
        assert after.board == before.board and after.lines == before.lines
