"""``try`` (Art. 7.2) on Discord, end to end: the real discord.py client against the fake server;
``/go try moves:…`` and typed text in the game's thread; both players see the image (the reply in
the thread pings the opponent), refusals are private, the game stays as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from service import Actor
from service.commands import Request, ShowBoard
from service.i18n import t
from tests.bot.discord.conftest import (
    answered,
    board_count,
    boards_in,
    png_size,
    running_bot,
    start_game,
)
from tests.fakes import DISCORD_ALICE, DISCORD_BOB, FakeDiscordServer

ALICE = Actor(f"discord:{DISCORD_ALICE.id}", "alice")
ALICE_PING, BOB_PING = f"<@{DISCORD_ALICE.id}>", f"<@{DISCORD_BOB.id}>"
# Black takes the ko at F5 (capturing E5), then both pass: the game stops with the ko open.
KO = ["D5", "E5", "E6", "F6", "E4", "F4", "B2", "G5", "F5"]


async def stop_with_a_ko(fake: FakeDiscordServer, thread_id: int) -> None:
    """The moves of KO typed in the thread, then both pass: the counting board (the 12th)."""
    for index, move in enumerate(KO):
        user = DISCORD_ALICE if index % 2 == 0 else DISCORD_BOB
        fake.post_user_message(move, channel_id=thread_id, user=user)
        await board_count(fake, thread_id, index + 2)
    fake.post_user_message("pass", channel_id=thread_id, user=DISCORD_BOB)
    await board_count(fake, thread_id, 11)
    fake.post_user_message("pass", channel_id=thread_id, user=DISCORD_ALICE)
    counting = await board_count(fake, thread_id, 12)
    assert "go:g1:done:v1" in counting.custom_ids


def options_of(go: dict[str, Any], name: str) -> dict[str, dict[str, Any]]:
    [sub] = [o for o in go["options"] if o["name"] == name]
    return {o["name"]: o for o in sub.get("options", [])}


async def test_both_players_see_a_tried_sequence(fake: FakeDiscordServer, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        go = fake.global_commands[0]  # /go, then /club
        moves = options_of(go, "try")["moves"]
        assert moves["type"] == 3 and moves["required"]  # one free-text string option
        assert moves["description"] == t("discord.option.moves")  # its own, not the fallback

        thread_id, _ = await start_game(fake)
        early = fake.slash_command("go try", {"moves": "D4"}, channel_id=thread_id)
        await answered(fake, early)
        assert early.ephemeral
        assert early.response_data["content"] == t("error.try_not_stopped", id=1)
        await stop_with_a_ko(fake, thread_id)
        before = await bot.service.execute(ShowBoard(), Request(ALICE, game=1))

        tried = fake.slash_command(
            "go try", {"moves": "E5 pass A9 F5"}, user=DISCORD_BOB, channel_id=thread_id
        )
        await answered(fake, tried)
        assert not tried.ephemeral
        image = await board_count(fake, thread_id, 13)
        assert image.content == ALICE_PING  # the opponent is pinged on the image itself
        text = image.embeds[0]["description"]
        ko_pass = t("try.ko_pass", point="F5")
        moves_text = " · ".join(
            t(f"sequence.{color}", n=n, move=move)
            for n, (color, move) in enumerate(
                (("white", "E5"), ("black", ko_pass), ("white", "A9"), ("black", "F5")), 1
            )
        )
        assert t("try.header", name="@bob", id=1, first="White", moves=moves_text) in text
        assert t("try.unchanged", id=1, v=1) in text
        assert image.custom_ids == ["go:g1:board"]
        counting = boards_in(fake, thread_id)[11]
        assert png_size(image.attachment("board.png"))[0] == 720
        assert image.attachment("board.png") != counting.attachment("board.png")

        fake.post_user_message("try W E5 F5", channel_id=thread_id, user=DISCORD_ALICE)
        why = t("try.why_ko", color="Black")
        refused = t("error.try_illegal", n=2, color="Black", point="F5", why=why)
        await fake.wait_for(
            lambda: [m for m in fake.bot_messages(thread_id) if refused in m.content]
        )
        assert len(boards_in(fake, thread_id)) == 13  # a refused try shows nothing
        # the try's image is not the game's live board: the counting message keeps its buttons
        assert boards_in(fake, thread_id)[11].custom_ids[:2] == ["go:g1:done:v1", "go:g1:resume"]

        back = fake.press_button(image, "go:g1:board", user=DISCORD_ALICE)
        await answered(fake, back)
        again = await board_count(fake, thread_id, 14)
        assert "go:g1:done:v1" in again.custom_ids  # the count, as it was
        # the new count is the live board now: the old one's buttons go, the try's stays
        await fake.wait_for(lambda: not boards_in(fake, thread_id)[11].custom_ids)
        assert boards_in(fake, thread_id)[12].custom_ids == ["go:g1:board"]
        after = await bot.service.execute(ShowBoard(), Request(ALICE, game=1))
        assert after.board == before.board and after.lines == before.lines
