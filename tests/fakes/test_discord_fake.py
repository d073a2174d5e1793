"""The fake Discord server drives a real discord.py bot: slash commands, buttons, threads."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from multidict import CIMultiDictProxy

from tests.fakes import DISCORD_BOB as BOB
from tests.fakes import (
    DiscordLimits,
    FakeDiscordServer,
    run_discord_client,
    start_fake_discord,
    tiny_png,
)
from tests.fakes.limits import CREATE_BUCKET, DISCORD_LIMITS, EDIT_BUCKET, WEBHOOK_BUCKET

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
    assert command.callbacks[0].received_at < edit.received_at  # deferred first, then edited


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


# ----- rate limits ----------------------------------------------------------------------------

MESSAGES = "/channels/{channel_id}/messages"


class Rest:
    """Plain HTTP requests to the fake's REST API, as the bot (to read every header)."""

    def __init__(self, server: FakeDiscordServer, session: aiohttp.ClientSession) -> None:
        self.server, self.session = server, session

    async def call(
        self, method: str, path: str, body: dict[str, Any] | None = None
    ) -> tuple[int, Any, CIMultiDictProxy[str]]:
        headers = {"Authorization": f"Bot {self.server.token}"}
        url = self.server.api_base + path
        async with self.session.request(method, url, json=body, headers=headers) as response:
            body = None if response.status == 204 else await response.json()
            return response.status, body, response.headers


@asynccontextmanager
async def rest(limits: DiscordLimits | None = DISCORD_LIMITS) -> AsyncIterator[Rest]:
    async with start_fake_discord(limits=limits) as server, aiohttp.ClientSession() as session:
        yield Rest(server, session)


def test_scaled_discord_limits() -> None:
    assert DiscordLimits().scaled(0.1) == DiscordLimits(
        channel_create=(5, 0.5), channel_edit=(5, 0.5), webhook=(5, 0.5), overall=(50, 0.1)
    )


async def test_five_messages_per_channel_in_five_seconds_with_bucket_headers() -> None:
    async with rest() as api:
        channel = api.server.channel_id
        path = f"/channels/{channel}/messages"
        answers = [await api.call("POST", path, {"content": f"m{n}"}) for n in range(6)]
        thread = api.server.add_thread("Game 1")  # a thread is a channel of its own
        in_thread = await api.call("POST", f"/channels/{thread}/messages", {"content": "t"})
        first_id = answers[0][1]["id"]
        edit = await api.call("PATCH", f"{path}/{first_id}", {"content": "edited"})

    for number, (status, _, headers) in enumerate(answers[:5]):
        assert status == 200
        assert headers["X-RateLimit-Limit"] == "5"
        assert headers["X-RateLimit-Remaining"] == str(4 - number)
        assert 4.9 < float(headers["X-RateLimit-Reset-After"]) <= 5
        assert headers["X-RateLimit-Bucket"] == CREATE_BUCKET
    status, body, headers = answers[5]
    assert status == 429
    assert body["message"] == "You are being rate limited." and body["global"] is False
    assert 4.9 < body["retry_after"] <= 5
    assert headers["X-RateLimit-Remaining"] == "0" and headers["X-RateLimit-Scope"] == "user"
    assert headers["Via"] and headers["Retry-After"] == "5"
    assert in_thread[0] == 200 and in_thread[2]["X-RateLimit-Remaining"] == "4"
    assert edit[0] == 200 and edit[2]["X-RateLimit-Bucket"] == EDIT_BUCKET  # a bucket of its own
    assert edit[2]["X-RateLimit-Remaining"] == "4"
    assert [m.content for m in api.server.bot_messages()] == ["edited", "m1", "m2", "m3", "m4"]
    [refused] = api.server.too_many_requests
    assert (refused.method, refused.route, refused.status) == ("POST", MESSAGES, 429)


async def test_webhook_messages_per_token_and_callbacks_outside_the_channel_bucket() -> None:
    async with rest() as api:
        server = api.server
        path = f"/channels/{server.channel_id}/messages"
        for number in range(5):
            await api.call("POST", path, {"content": f"m{number}"})
        first, second = server.slash_command("go"), server.slash_command("go")
        callback = f"/interactions/{first.id}/{first.token}/callback"
        answered = await api.call("POST", callback, {"type": 4, "data": {"content": "board"}})
        webhook = f"/webhooks/{server.application_id}/{first.token}"
        followups = [
            await api.call("POST", webhook + "?wait=true", {"content": "f"}) for _ in "1234"
        ]
        edit = await api.call("PATCH", webhook + "/messages/@original", {"content": "b"})
        refused = await api.call("PATCH", webhook + "/messages/@original", {"content": "c"})
        other = await api.call("POST", f"/webhooks/{server.application_id}/{second.token}", {})

    assert answered[0] == 200 and "X-RateLimit-Bucket" not in answered[2]
    assert [f[2]["X-RateLimit-Remaining"] for f in followups] == ["4", "3", "2", "1"]
    assert edit[0] == 200 and edit[2]["X-RateLimit-Remaining"] == "0"
    assert edit[2]["X-RateLimit-Bucket"] == WEBHOOK_BUCKET
    assert refused[0] == 429 and refused[1]["global"] is False
    assert server.original_message(first) is not None
    assert server.original_message(first).content == "b"  # type: ignore[union-attr]
    assert other[2]["X-RateLimit-Remaining"] == "4"  # another token, another bucket


async def test_global_limit_spares_interaction_endpoints() -> None:
    async with rest(DiscordLimits().scaled(10)) as api:  # 50 requests per 10 s
        server = api.server
        answers = [await api.call("GET", f"/channels/{server.channel_id}") for _ in range(51)]
        command = server.slash_command("go")
        callback = f"/interactions/{command.id}/{command.token}/callback"
        answered = await api.call("POST", callback, {"type": 5})

    assert {status for status, _, _ in answers[:50]} == {200}
    status, body, headers = answers[50]
    assert status == 429 and body["global"] is True and 9.9 < body["retry_after"] <= 10
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert answered[0] == 200
    assert len(server.too_many_requests) == 1


async def test_discord_py_paces_itself_by_the_headers() -> None:
    limits = DiscordLimits().scaled(0.1)  # 5 messages per 0.5 s
    async with start_fake_discord(limits=limits) as server, running(server) as bot:
        channel = bot.get_channel(server.channel_id)
        assert isinstance(channel, discord.TextChannel)
        for number in range(7):
            await channel.send(f"m{number}")
        command = server.slash_command("go")
        async with aiohttp.ClientSession() as session:
            webhook = discord.Webhook.partial(server.application_id, command.token, session=session)
            for number in range(7):
                await webhook.send(f"f{number}", wait=True)

    assert server.too_many_requests == []
    posts = server.calls_for("POST", MESSAGES)
    assert posts[5].received_at - posts[0].received_at >= 0.5
    followups = server.calls_for("POST", "/webhooks/{application_id}/{token}")
    assert followups[5].received_at - followups[0].received_at >= 0.5
    assert len(server.bot_messages()) == 14
