"""The Discord adapter against the fake Discord server: the real discord.py client, the real
service and a SQLite file per test."""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.discord import DiscordSettings, GoBot, make_bot
from service import GameService
from service.ports import Opponent
from storage.sqlite import open_sqlite
from tests.fakes import (
    DISCORD_ALICE,
    DISCORD_BOB,
    DiscordLimits,
    DiscordUser,
    FakeDiscordServer,
    FakeInteraction,
    StoredDiscordMessage,
    run_discord_client,
    start_fake_discord,
)

LOADING = 128  # the flag of a deferred reply's "thinking" message
CAROL = DiscordUser(200_000_000_000_000_003, "carol")
CALLBACK = "/interactions/{interaction_id}/{token}/callback"
AUTOCOMPLETE = 4  # the interaction type the fake has no helper for
LIMITS = DiscordLimits().scaled(0.1)  # Discord's rate limits, ten times faster


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscordServer]:
    async with start_fake_discord(limits=LIMITS) as server:
        yield server


@asynccontextmanager
async def running_bot(
    server: FakeDiscordServer,
    database_path: Path,
    settings: DiscordSettings | None = None,
    opponent: Opponent | None = None,
) -> AsyncIterator[GoBot]:
    """A bot and a service on ``database_path``, connected to the fake until the block ends."""
    database = await open_sqlite(database_path)
    service = GameService(database, rng=random.Random(1), opponent=opponent)
    bot = make_bot(
        service, settings or DiscordSettings(message_content=True), guild_ready_timeout=0.05
    )
    try:
        async with run_discord_client(server, bot):
            yield bot
    finally:
        await database.close()


async def answered(server: FakeDiscordServer, interaction: FakeInteraction) -> FakeInteraction:
    """Wait for the bot's answer to ``interaction``."""
    return await server.wait_for_response(interaction)


def opening_of(
    server: FakeDiscordServer, interaction: FakeInteraction
) -> StoredDiscordMessage | None:
    """The interaction's original message once filled in (no longer "thinking"), else None."""
    message = server.original_message(interaction)
    return message if message is not None and not message.flags & LOADING else None


async def board_count(
    server: FakeDiscordServer, channel_id: int, count: int
) -> StoredDiscordMessage:
    """Wait until the channel holds ``count`` board messages (embeds with the image); the last."""

    def boards() -> list[StoredDiscordMessage]:
        return [m for m in server.bot_messages(channel_id) if m.embeds]

    await server.wait_for(lambda: len(boards()) >= count)
    return boards()[-1]


async def message_with_button(
    server: FakeDiscordServer, custom_id: str, channel_id: int | None = None
) -> StoredDiscordMessage:
    """Wait for the first bot message in the channel with the button ``custom_id``."""

    def found() -> list[StoredDiscordMessage]:
        return [m for m in server.bot_messages(channel_id) if custom_id in m.custom_ids]

    return (await server.wait_for(found))[0]


def boards_in(server: FakeDiscordServer, channel_id: int) -> list[StoredDiscordMessage]:
    return [m for m in server.bot_messages(channel_id) if m.embeds]


def png_size(data: bytes) -> tuple[int, int]:
    """The pixel size of PNG bytes (checking the signature first)."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as image:
        return image.size


async def start_game(server: FakeDiscordServer, size: int = 9) -> tuple[int, StoredDiscordMessage]:
    """Alice challenges Bob (Alice takes Black), Bob accepts: the game's thread and first board."""
    challenge = server.slash_command(
        "go challenge", {"user": DISCORD_BOB, "size": size, "color": "black"}
    )
    await answered(server, challenge)
    invite = await message_with_button(server, "go:g1:accept")
    accept = server.press_button(invite, "go:g1:accept", user=DISCORD_BOB)
    await answered(server, accept)
    thread = await server.wait_for(lambda: server.threads())
    thread_id = int(thread[0]["id"])
    return thread_id, await board_count(server, thread_id, 1)


def autocomplete(
    server: FakeDiscordServer,
    typed: str,
    *,
    user: DiscordUser = DISCORD_ALICE,
    channel_id: int | None = None,
) -> FakeInteraction:
    """Dispatch the autocomplete interaction of ``/go play point:<typed>`` (type 4)."""
    go = server.global_commands[0]  # /go, then /club
    point = {"name": "point", "type": 3, "value": typed, "focused": True}
    data: dict[str, Any] = {
        "id": go["id"],
        "name": "go",
        "type": 1,
        "options": [{"name": "play", "type": 1, "options": [point]}],
    }
    return server._dispatch_interaction(AUTOCOMPLETE, data, user, channel_id)
