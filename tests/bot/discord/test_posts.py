"""The bot's own posts in a channel (the problem of the day, ``View.post``): the scheduler's
delivery sends the whole view to the Discord channel it names, the lines around the board image
drawn in the channel's language, within the channel's limits; a channel that refuses the bot is
logged and the other channels' posts and the notices go on."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web

from bot.discord.outgoing import BOARD_FILE
from bot.snapshots import render_board
from bot.words import board_in
from service import Notice, View
from service.i18n import in_language, t, translate
from service.rules_topics import board_of
from tests.bot.discord.conftest import LIMITS, running_bot, start_game
from tests.fakes import DISCORD_ALICE, FakeDiscordServer, StoredDiscordMessage, start_fake_discord
from tests.fakes._common import RecordedRequest
from tests.fakes.discord_payloads import DiscordApiError

LINES = (t("rules.capture.title"), t("rules.capture.cite"))
MESSAGES = "/channels/{channel_id}/messages"


def post(channel: int, **fields: object) -> View:
    """A post like the scheduler's: lines and a diagram of no game, in Czech."""
    board = board_of("capture")
    return View(LINES, board=board, language="cs", post=f"discord:{channel}", **fields)  # type: ignore[arg-type]


def czech(message: StoredDiscordMessage) -> None:
    """The message is the post: the Czech lines around the board drawn in Czech."""
    [embed] = message.embeds
    assert embed["description"].splitlines() == [in_language("cs", x) for x in LINES]
    assert embed["image"]["url"] == f"attachment://{BOARD_FILE}"
    assert "title" not in embed or embed["title"] is None  # no game's title
    assert message.custom_ids == []


async def test_a_post_reaches_its_channel_in_the_channels_language(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    problems = fake.add_channel("problems")
    async with running_bot(fake, tmp_path / "games.db") as bot:
        await bot.presenter.deliver(post(problems))
        [message] = fake.bot_messages(problems)
        czech(message)
        image = message.attachment(BOARD_FILE)
        assert image == await render_board(board_in(board_of("capture"), "cs"))
        assert image != await render_board(board_in(board_of("capture"), "en"))
        assert fake.bot_messages(fake.channel_id) == []  # only where it was posted


async def test_posts_keep_the_channels_limits(fake: FakeDiscordServer, tmp_path: Path) -> None:
    """More posts in a row (as the scheduler delivers them) than a channel's five messages in
    five seconds: all arrive, discord.py waiting on the channel's bucket, with no 429."""
    async with running_bot(fake, tmp_path / "games.db") as bot:
        for _ in range(7):
            await bot.presenter.deliver(post(fake.channel_id))
        assert len(fake.bot_messages(fake.channel_id)) == 7
        assert not fake.too_many_requests


@pytest.fixture
async def refusing(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscordServer]:
    """A fake Discord with a channel the bot may not write in (Send Messages denied)."""
    create = FakeDiscordServer._post_message

    async def refuse_in_closed(
        self: FakeDiscordServer, request: web.Request, call: RecordedRequest
    ) -> web.Response:
        if self.channel(int(request.match_info["channel_id"]))["name"] == "closed":
            raise DiscordApiError(403, "Missing Permissions", 50013)
        return await create(self, request, call)

    monkeypatch.setattr(FakeDiscordServer, "_post_message", refuse_in_closed)
    async with start_fake_discord(limits=LIMITS) as server:
        yield server


async def test_a_channel_that_refuses_the_bot_is_logged_and_others_get_theirs(
    refusing: FakeDiscordServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = refusing
    closed, problems = fake.add_channel("closed"), fake.add_channel("problems")
    caplog.set_level(logging.WARNING, logger="bot.discord")
    async with running_bot(fake, tmp_path / "games.db") as bot:
        await bot.presenter.deliver(post(closed))  # never raises
        await bot.presenter.deliver(post(problems))
        refused = [c for c in fake.calls if c.route == MESSAGES and c.status == 403]
        assert len(refused) == 1
        assert fake.bot_messages(closed) == []
        czech(fake.bot_messages(problems)[0])
        [warning] = [r for r in caplog.records if "could not post in channel" in r.getMessage()]
        assert str(closed) in warning.getMessage()


async def test_a_post_and_its_notices_are_both_delivered(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    problems = fake.add_channel("problems")
    async with running_bot(fake, tmp_path / "games.db") as bot:
        thread_id, _ = await start_game(fake)
        alice = f"discord:{DISCORD_ALICE.id}"
        notice = Notice(alice, (t("info.stopped"),), language="hu")
        await bot.presenter.deliver(post(problems, notify=(notice,), game_id=1))
        czech(fake.bot_messages(problems)[0])
        told = fake.bot_messages(thread_id)[-1]  # the game's thread: the notice, Alice pinged
        assert told.content == f"<@{DISCORD_ALICE.id}>"
        assert told.embeds[0]["description"] == translate("hu", "info.stopped")


async def test_a_post_elsewhere_is_left_to_its_platform(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        await bot.presenter.deliver(View(LINES, board=board_of("capture"), post="telegram:-5"))
        await bot.presenter.deliver(View(LINES, post="discord:guild:42"))  # a server
        assert [c for c in fake.calls if c.route == MESSAGES] == []
