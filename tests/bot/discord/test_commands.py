"""The generated ``/go`` commands, autocomplete, deferral, settings, sharding and notices."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord import DiscordSettings, ShardedGoBot
from bot.discord.settings import SettingsError
from bot.grammar import COMMANDS
from service import Notice, View
from service.registry import Group
from tests.bot.discord.conftest import (
    CAROL,
    answered,
    autocomplete,
    board_count,
    boards_in,
    message_with_button,
    running_bot,
    start_game,
)
from tests.fakes import DISCORD_ALICE, DISCORD_BOB, FakeDiscordServer
from tests.service.test_computer import ScriptedOpponent


def options_of(go: dict[str, Any], name: str) -> dict[str, dict[str, Any]]:
    [sub] = [o for o in go["options"] if o["name"] == name]
    return {o["name"]: o for o in sub.get("options", [])}


async def test_commands_are_synced_with_options_from_the_grammar(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        go, club, study = fake.global_commands
    assert (go["name"], club["name"], study["name"]) == ("go", "club", "study")  # 25 a group
    names = [spec.name for spec in COMMANDS if spec.group is Group.GO]
    assert [o["name"] for o in go["options"]] == names
    assert [o["name"] for o in club["options"]] == [
        spec.name for spec in COMMANDS if spec.group is Group.CLUB
    ]
    assert [o["name"] for o in study["options"]] == ["rules", "learn", "problem"]
    assert all(o["type"] == 1 and o["description"] for o in go["options"] + club["options"])
    play = options_of(go, "play")
    assert play["point"]["type"] == 3 and play["point"]["required"]
    assert play["point"]["autocomplete"] is True
    assert play["game"]["type"] == 4 and not play["game"].get("required")
    challenge = options_of(go, "challenge")
    assert challenge["user"]["type"] == 6
    assert challenge["size"]["type"] == 4 and challenge["komi"]["type"] == 10
    assert [c["value"] for c in challenge["color"]["choices"]] == ["black", "white", "nigiri"]
    assert [c["value"] for c in challenge["rated"]["choices"]] == ["yes", "no"]
    assert challenge["time"]["type"] == 3 and "game" not in challenge
    assert [c["value"] for c in options_of(go, "undo")["answer"]["choices"]] == ["yes", "no"]
    assert options_of(go, "dead")["points"]["required"]


async def test_commands_sync_to_the_development_guild(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    settings = DiscordSettings(guild_id=fake.guild_id)
    async with running_bot(fake, tmp_path / "games.db", settings):
        names = [c["name"] for c in fake.guild_commands[fake.guild_id]]
    assert names == ["go", "club", "study"] and fake.global_commands == []


async def test_autocomplete_offers_legal_points_for_what_was_typed(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, _ = await start_game(fake)
        await answered(fake, fake.slash_command("go play", {"point": "d4"}, channel_id=thread_id))
        await board_count(fake, thread_id, 2)
        typed = await answered(
            fake, autocomplete(fake, "d", channel_id=thread_id, user=DISCORD_BOB)
        )
        assert typed.response_type == 8
        choices = [c["value"] for c in typed.response_data["choices"]]
        assert choices == ["D1", "D2", "D3", "D5", "D6", "D7", "D8", "D9"]
        one = await answered(
            fake, autocomplete(fake, " e 1", channel_id=thread_id, user=DISCORD_BOB)
        )
        assert [c["value"] for c in one.response_data["choices"]] == ["E1"]
        everything = await answered(
            fake, autocomplete(fake, "", channel_id=thread_id, user=DISCORD_BOB)
        )
        assert len(everything.response_data["choices"]) == 25
        not_her_move = await answered(fake, autocomplete(fake, "d", channel_id=thread_id))
        assert not_her_move.response_data["choices"] == []
        nowhere = await answered(fake, autocomplete(fake, "d", user=DISCORD_BOB))
        assert len(nowhere.response_data["choices"]) == 8  # Bob's only game, from the channel
        stranger = await answered(fake, autocomplete(fake, "d", user=CAROL))
        assert stranger.response_data["choices"] == []


async def test_slow_work_defers_then_edits_the_original(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        thread_id, _ = await start_game(fake)
        bot.runner.defer_after = 0.0
        move = fake.slash_command("go play", {"point": "d4"}, channel_id=thread_id)
        await fake.wait_for(lambda: move.followup_ids or boards_in(fake, thread_id)[1:])
        board = await board_count(fake, thread_id, 2)
        assert move.response_type == 5
        assert board.id == move.original_message_id
        assert board.attachment("board.png").startswith(b"\x89PNG")
        assert not board.flags & 128  # no longer "thinking"


async def test_private_answers_and_chatter(fake: FakeDiscordServer, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, _ = await start_game(fake)
        games = await answered(fake, fake.slash_command("go games"))
        assert games.ephemeral and games.response_data["content"].startswith("#1 Black vs @bob")
        help_ = await answered(fake, fake.slash_command("go help", {"command": "play"}))
        assert help_.ephemeral and "play <point> [#game]" in help_.response_data["content"]
        resign = await answered(fake, fake.slash_command("go resign", channel_id=thread_id))
        assert resign.ephemeral
        assert fake.original_message(resign).custom_ids == ["go:g1:resign:yes"]  # type: ignore[union-attr]
        sgf = await answered(fake, fake.slash_command("go sgf", channel_id=thread_id))
        assert sgf.callbacks[0].file("game-1.sgf").data.startswith(b"(;FF[4]")
        fake.post_user_message("good luck!", channel_id=thread_id, user=DISCORD_BOB)
        fake.post_user_message("play", channel_id=thread_id, user=DISCORD_BOB)
        error = await fake.wait_for(
            lambda: [m for m in fake.bot_messages(thread_id) if m.content.startswith("`play`")]
        )
        assert error[0].content.startswith("`play` needs <point>")
        assert all("good luck" not in m.content for m in fake.bot_messages(thread_id))


async def test_an_open_challenge_is_public_with_its_buttons(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        open_ = await answered(fake, fake.slash_command("go challenge", {"size": 13}))
        message = fake.original_message(open_)
        assert message is not None and not message.ephemeral
        assert message.content.startswith("Open challenge #1 by @alice: 13×13")
        assert message.custom_ids == ["go:g1:accept", "go:g1:decline"]
        own = await answered(fake, fake.press_button(message, "go:g1:accept"))
        assert own.ephemeral and "your own challenge" in own.response_data["content"]
        bad = await answered(fake, fake.slash_command("go challenge", {"komi": 0.3}))
        assert bad.ephemeral and bad.response_data["content"].startswith("komi=0.3 is not a komi")


async def test_scheduler_notices_reach_the_game_thread(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        thread_id, _ = await start_game(fake)
        line = "Little time left in game #1: 3h 20m. Your move!"
        alice = f"discord:{DISCORD_ALICE.id}"
        await bot.presenter.deliver(View((line,), notify=(Notice(alice, (line,)),), game_id=1))
        [reminder] = [m for m in fake.bot_messages(thread_id) if "Little time" in m.content]
        assert reminder.content == f"<@{DISCORD_ALICE.id}>\n{line}"


async def test_settings_from_the_environment() -> None:
    assert DiscordSettings.from_environ({}) == DiscordSettings()
    settings = DiscordSettings.from_environ(
        {
            "DISCORD_MESSAGE_CONTENT": "1",
            "DISCORD_SHARD_COUNT": "4",
            "DISCORD_SHARDS": "0,2",
            "DISCORD_GUILD_ID": "42",
        }
    )
    assert settings == DiscordSettings(True, True, 4, (0, 2), 42)
    assert DiscordSettings.from_environ({"DISCORD_SHARDS": "auto"}).sharded
    with pytest.raises(SettingsError, match="DISCORD_SHARD_COUNT"):
        DiscordSettings.from_environ({"DISCORD_SHARDS": "1"})
    with pytest.raises(SettingsError, match="DISCORD_GUILD_ID"):
        DiscordSettings.from_environ({"DISCORD_GUILD_ID": "guild"})


async def test_a_sharded_bot_plays_too(fake: FakeDiscordServer, tmp_path: Path) -> None:
    settings = DiscordSettings(message_content=True, sharded=True, shard_count=1)
    async with running_bot(fake, tmp_path / "games.db", settings) as bot:
        assert isinstance(bot, ShardedGoBot) and bot.shard_count == 1
        _, board = await start_game(fake)
        assert board.attachment("board.png").startswith(b"\x89PNG")
    assert fake.identify is not None and fake.identify["shard"] == [0, 1]


async def test_a_move_from_the_channel_goes_to_the_game_thread(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, _ = await start_game(fake)
        move = await answered(fake, fake.slash_command("go play", {"point": "g7", "game": 1}))
        assert move.ephemeral
        assert move.response_data["content"] == f"Game #1 is played in <#{thread_id}>."
        board = await board_count(fake, thread_id, 2)
        assert board.embeds[0]["description"].startswith("Move 1 · Black G7")
        assert boards_in(fake, fake.channel_id) == []


async def test_an_undo_request_and_its_answer(fake: FakeDiscordServer, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, _ = await start_game(fake)
        await answered(fake, fake.slash_command("go play", {"point": "d4"}, channel_id=thread_id))
        asked = await answered(fake, fake.slash_command("go undo", channel_id=thread_id))
        assert fake.original_message(asked).content == (  # type: ignore[union-attr]
            "Undo requested in game #1; your opponent will accept or refuse."
        )
        question = await message_with_button(fake, "go:g1:undo:yes", thread_id)
        assert (
            question.content
            == f"<@{DISCORD_BOB.id}>\n@alice asks to take back D4 in game #1. Allow it?"
        )
        allow = await answered(
            fake, fake.press_button(question, "go:g1:undo:yes", user=DISCORD_BOB)
        )
        assert not allow.ephemeral
        board = await board_count(fake, thread_id, 3)
        assert board.embeds[0]["description"].startswith("Move D4 of game #1 was taken back.")
        assert board.content == f"<@{DISCORD_ALICE.id}>"


async def test_a_game_against_the_computer(fake: FakeDiscordServer, tmp_path: Path) -> None:
    """``/go computer`` comes from the grammar like every command; the computer answers moves."""
    engine = ScriptedOpponent("C3")
    async with running_bot(fake, tmp_path / "games.db", opponent=engine):
        start = await answered(fake, fake.slash_command("go computer", {"size": 9, "level": "2"}))
        first = fake.original_message(start)
        assert first is not None and "Scripted level 2" in first.embeds[0]["description"]
        move = await answered(fake, fake.slash_command("go play", {"point": "e5"}))
        board = fake.original_message(move)
        assert board is not None
        assert "Scripted level 2 played White C3." in board.embeds[0]["description"]
        assert board.attachment("board.png").startswith(b"\x89PNG")
