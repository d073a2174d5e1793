"""The fake Discord server drives a real discord.py bot: slash commands, buttons, threads."""

from __future__ import annotations

import asyncio
import io
import re
from contextlib import AbstractAsyncContextManager
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from tests.fakes import DISCORD_BOB as BOB
from tests.fakes import FakeDiscordServer, run_discord_client, start_fake_discord, tiny_png

BLACK, WHITE = tiny_png("black"), tiny_png("white")


class GoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"go:(?P<game>\d+):(?P<action>\w+)"
):
    """A persistent game button whose custom_id carries the game and the action."""

    def __init__(self, game: int, action: str) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=action.title(), custom_id=f"go:{game}:{action}"
        )
        super().__init__(button)
        self.game, self.action = game, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GoButton:
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.action == "resign":
            await interaction.response.send_message("You are not playing.", ephemeral=True)
            return
        board = discord.File(io.BytesIO(WHITE), "board.png")
        await interaction.response.edit_message(
            content=f"Game {self.game}: {interaction.user.name} passed", attachments=[board]
        )


class GoBot(commands.Bot):
    """A tiny bot with a ``/go`` group, a dynamic button and a message listener."""

    def __init__(self) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.05)
        self.seen_messages: list[str] = []
        self.created_threads: list[discord.Thread] = []
        go = app_commands.Group(name="go", description="Play Go")

        @go.command(name="new", description="Start a game")
        @app_commands.describe(size="Board size")
        async def new(interaction: discord.Interaction, size: int = 19) -> None:
            embed = discord.Embed(title=f"New {size}x{size} game")
            embed.set_image(url="attachment://board.png")
            view = discord.ui.View(timeout=None)
            view.add_item(GoButton(1, "pass"))
            view.add_item(GoButton(1, "resign"))
            board = discord.File(io.BytesIO(BLACK), "board.png")
            await interaction.response.send_message(embed=embed, file=board, view=view)

        @go.command(name="thread", description="Open a game thread")
        async def thread(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            assert isinstance(interaction.channel, discord.TextChannel)
            game_thread = await interaction.channel.create_thread(
                name="Game 1", type=discord.ChannelType.public_thread
            )
            await game_thread.send("Black to play")
            await interaction.followup.send(f"Playing in {game_thread.mention}")

        @go.command(name="slow", description="Think, then show the board")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            board = discord.File(io.BytesIO(BLACK), "board.png")
            await interaction.edit_original_response(content="Your move", attachments=[board])

        self.tree.add_command(go)
        self.add_dynamic_items(GoButton)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            self.seen_messages.append(message.content)

    async def on_thread_create(self, thread: discord.Thread) -> None:
        self.created_threads.append(thread)


def running(server: FakeDiscordServer) -> AbstractAsyncContextManager[GoBot]:
    """Run a fresh GoBot against the fake until the block ends."""
    return run_discord_client(server, GoBot())


async def test_login_gateway_and_command_sync(fake_discord: FakeDiscordServer) -> None:
    async with running(fake_discord) as bot:
        guild = bot.get_guild(fake_discord.guild_id)
        assert guild is not None and guild.get_channel(fake_discord.channel_id) is not None
        assert bot.user is not None and bot.user.id == fake_discord.bot_user.id
        [go] = fake_discord.global_commands
        assert go["name"] == "go"
        assert [o["name"] for o in go["options"]] == ["new", "thread", "slow"]
        assert go["options"][0]["options"][0] == {
            "name": "size",
            "description": "Board size",
            "type": 4,
            "required": False,
        }
        assert fake_discord.identify is not None
        assert fake_discord.identify["intents"] & discord.Intents.message_content.flag
    assert not fake_discord.connected


async def test_slash_command_sends_board_with_buttons(fake_discord: FakeDiscordServer) -> None:
    async with running(fake_discord):
        interaction = fake_discord.slash_command("go new", {"size": 9})
        await fake_discord.wait_for_response(interaction)

    assert interaction.response_type == 4
    [embed] = interaction.response_data["embeds"]
    assert embed["title"] == "New 9x9 game"
    assert embed["image"]["url"] == "attachment://board.png"
    assert interaction.callbacks[0].file("files[0]").data == BLACK
    board = fake_discord.original_message(interaction)
    assert board is not None and board.attachment("board.png") == BLACK
    assert board.custom_ids == ["go:1:pass", "go:1:resign"]
    assert fake_discord.bot_messages() == [board]


async def test_button_press_edits_the_board(fake_discord: FakeDiscordServer) -> None:
    async with running(fake_discord):
        command = fake_discord.slash_command("go new", {"size": 9})
        await fake_discord.wait_for_response(command)
        board = fake_discord.original_message(command)
        assert board is not None
        press = fake_discord.press_button(board, "go:1:pass", user=BOB)
        await fake_discord.wait_for_response(press)

    assert press.response_type == 7
    assert board.content == "Game 1: bob passed"
    assert [a.filename for a in board.attachments] == ["board.png"]
    assert board.attachment("board.png") == WHITE


async def test_ephemeral_reply(fake_discord: FakeDiscordServer) -> None:
    async with running(fake_discord):
        command = fake_discord.slash_command("go new")
        await fake_discord.wait_for_response(command)
        board = fake_discord.original_message(command)
        assert board is not None
        press = fake_discord.press_button(board, "go:1:resign", user=BOB)
        await fake_discord.wait_for_response(press)

    assert press.response_type == 4 and press.ephemeral
    reply = fake_discord.original_message(press)
    assert reply is not None and reply.ephemeral and reply.content == "You are not playing."
    assert board.content == ""


async def test_thread_creation_and_deferred_followup(fake_discord: FakeDiscordServer) -> None:
    async with running(fake_discord) as bot:
        command = fake_discord.slash_command("go thread")
        await fake_discord.wait_for(lambda: command.followup_ids)
        await fake_discord.wait_for(lambda: bot.created_threads)

    [thread] = fake_discord.threads()
    assert thread["name"] == "Game 1" and thread["type"] == 11
    [event] = fake_discord.events("THREAD_CREATE")
    assert event["id"] == thread["id"] and event["newly_created"]
    assert [t.name for t in bot.created_threads] == ["Game 1"]
    assert [m.content for m in fake_discord.bot_messages(int(thread["id"]))] == ["Black to play"]
    assert command.response_type == 5
    reply = fake_discord.original_message(command)
    assert reply is not None and reply.content == f"Playing in <#{thread['id']}>"
    assert not reply.flags & 128  # no longer "thinking"


async def test_deferred_reply_edited_with_a_file(fake_discord: FakeDiscordServer) -> None:
    async with running(fake_discord):
        thread_id = fake_discord.add_thread("Game 3")
        command = fake_discord.slash_command("go slow", channel_id=thread_id)
        edit = await fake_discord.wait_for_request(
            "PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}"
        )

    assert command.response_type == 5 and edit.path.endswith("/@original")
    [reply] = fake_discord.bot_messages(thread_id)
    assert reply.content == "Your move" and reply.attachment("board.png") == BLACK
    assert reply.flags == 0
    assert command.seconds_to_callback is not None and command.seconds_to_callback < 1


async def test_user_message_in_thread_reaches_the_bot(fake_discord: FakeDiscordServer) -> None:
    async with running(fake_discord) as bot:
        thread_id = fake_discord.add_thread("Game 2")
        fake_discord.post_user_message("d4", channel_id=thread_id)
        await fake_discord.wait_for(lambda: bot.seen_messages)
    assert bot.seen_messages == ["d4"]


async def test_rate_limited_request_is_retried(fake_discord: FakeDiscordServer) -> None:
    route = "/channels/{channel_id}/messages"
    fake_discord.rate_limit_next("POST", route, retry_after=0.2)
    async with running(fake_discord) as bot:
        channel = bot.get_channel(fake_discord.channel_id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("hello")
    first, retried = fake_discord.calls_for("POST", route)
    assert (first.status, retried.status) == (429, 200)
    assert retried.received_at - first.received_at >= 0.2
    assert [m.content for m in fake_discord.bot_messages()] == ["hello"]


async def test_interaction_callback_rate_limit_is_retried(fake_discord: FakeDiscordServer) -> None:
    route = "/interactions/{interaction_id}/{token}/callback"
    fake_discord.rate_limit_next("POST", route, retry_after=0.1)
    async with running(fake_discord):
        command = fake_discord.slash_command("go new")
        await fake_discord.wait_for_response(command)
    assert [c.status for c in fake_discord.calls_for("POST", route)] == [429, 200]


async def test_reconnect_resumes_the_session(fake_discord: FakeDiscordServer) -> None:
    async with running(fake_discord):
        fake_discord.request_reconnect()
        await fake_discord.wait_for(lambda: fake_discord.resume_count == 1)
        command = fake_discord.slash_command("go new")
        await fake_discord.wait_for_response(command)
    assert command.response_type == 4


async def test_clean_shutdown_leaves_no_tasks() -> None:
    async with start_fake_discord() as server, running(server):
        pass
    assert [t for t in asyncio.all_tasks() if t is not asyncio.current_task()] == []
