"""Club play end to end with the real discord.py and python-telegram-bot clients against the local
fakes, both adapters in one process on one service (``bot.app.serve``): a Telegram group whose
administrators organise its league (asked with ``getChatAdministrators``), and accounts linked
across the platforms sharing one history after a league game played on Discord."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import re
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path

import pytest

from bot import app
from bot.config import Config
from bot.telegram import TelegramSettings
from service.i18n import t
from tests.bot.discord.conftest import answered, board_count, boards_in, opening_of, png_size
from tests.bot.telegram.harness import PACE, SCALE, image_size, say
from tests.fakes import (
    DISCORD_ALICE,
    DISCORD_BOB,
    TELEGRAM_ALICE,
    TELEGRAM_BOB,
    FakeDiscordServer,
    FakeTelegramServer,
    start_fake_discord,
    start_fake_telegram,
)
from tests.fakes.limits import TELEGRAM_LIMITS

GROUP = -100200  # a Telegram group: Alice administers it, Bob does not
A, B = TELEGRAM_ALICE.id, TELEGRAM_BOB.id


@pytest.fixture(autouse=True)
def fast_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Telegram adapter keeps Telegram's limits scaled as the fake enforces them (a group's
    20 messages a minute would make the group's league slow)."""
    settings = TelegramSettings.from_config

    def scaled(config: Config, environ: Mapping[str, str] | None = None) -> TelegramSettings:
        return dataclasses.replace(settings(config, environ), limits=PACE)

    monkeypatch.setattr(TelegramSettings, "from_config", staticmethod(scaled))


@contextlib.asynccontextmanager
async def serving(
    tmp_path: Path,
    environ: Mapping[str, str] | None = None,
    prepare: Callable[[FakeDiscordServer], None] | None = None,
) -> AsyncIterator[tuple[FakeDiscordServer, FakeTelegramServer]]:
    """Both fakes (Telegram's limits scaled, the Discord fake's off as in test_both_platforms)
    and the app on a SQLite file; ``environ`` are the adapters' own settings
    (``DISCORD_ORGANISER_ROLE`` …), ``prepare`` sets the Discord guild up before the bot
    connects (roles, members)."""
    async with (
        start_fake_discord(limits=None) as dc,
        start_fake_telegram(limits=TELEGRAM_LIMITS.scaled(SCALE)) as tg,
    ):
        if prepare is not None:
            prepare(dc)
        config = Config(
            database_url=f"sqlite:///{tmp_path}/games.db",
            discord_token=dc.token,
            telegram_token=tg.token,
            telegram_api_url=tg.base_url,
            boards_dir=None,
            environ=dict(environ or {}),
        )
        running = asyncio.create_task(app.serve(config, io.StringIO(), io.StringIO()))
        try:
            await dc.wait_for(lambda: (dc.connected and dc.global_commands) or running.done())
            await tg.wait_for(lambda: tg.commands or running.done())
            assert not running.done()
            yield dc, tg
        finally:
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running


def texts(tg: FakeTelegramServer, chat_id: int) -> list[str]:
    return [m.text or m.caption or "" for m in tg.bot_messages(chat_id)]


async def test_a_telegram_groups_administrators_organise_its_league(tmp_path: Path) -> None:
    """Alice administers the group (``getChatAdministrators``, asked once and cached): she
    creates and starts a league; Bob does not and is refused. The league's game is played in the
    players' private chats, and the group's standings are a photo captioned with the table."""
    async with serving(tmp_path) as (_, tg):
        tg.set_admins(GROUP, [TELEGRAM_ALICE])
        tg.open_private_chat(A, B)

        created = await say(tg, GROUP, "/league create autumn size=9", TELEGRAM_ALICE)
        assert created.fields["text"].startswith(prefix("league.created", name="autumn", id=1))
        for refused in ("/league create spring", "/league start autumn"):
            answer = await say(tg, GROUP, refused, TELEGRAM_BOB)
            assert answer.fields["text"] == t("error.league_organiser")
        await say(tg, GROUP, "/league join autumn", TELEGRAM_BOB)
        await say(tg, GROUP, "/league join autumn", TELEGRAM_ALICE)
        started = await say(tg, GROUP, "/league start autumn", TELEGRAM_ALICE)
        assert started.fields["text"].startswith(t("league.started", name="autumn", n=2))
        assert len(tg.calls_for("getChatAdministrators", GROUP)) == 1  # cached for the group

        # The pairing reaches each player privately; they play there by the game's number.
        [yours] = await tg.wait_for(lambda: [x for x in texts(tg, A) if "#1" in x])
        assert yours.startswith(
            prefix("league.your_game_move", name="autumn", round=1, id=1, opponent="@bob")
        )
        await say(tg, A, "/play D4 #1", TELEGRAM_ALICE, method="sendPhoto")
        ping = prefix("notice.your_move", id=1, caption="\x00").split("\x00")[0]
        await tg.wait_for(lambda: [x for x in texts(tg, B) if x.startswith(ping)])  # Bob's turn
        await say(tg, B, "/resign #1", TELEGRAM_BOB)  # asks to confirm, with a button
        [question] = [m for m in tg.bot_messages(B) if "g1:resign:yes" in m.callback_data]
        tg.inject_callback_query(question, "g1:resign:yes", user=TELEGRAM_BOB)
        await tg.wait_for(lambda: any("B+R" in x for x in texts(tg, A)))  # Black won

        table = await say(tg, GROUP, "/league standings autumn", TELEGRAM_ALICE, method="sendPhoto")
        assert table.file("photo").filename == "standings.png"
        assert image_size(table.upload or b"")[0] > 0
        assert table.fields["caption"].splitlines() == autumn_standings()
        assert tg.too_many_requests == []  # the administrators' call paced like the rest


def autumn_standings() -> list[str]:
    """The table after the one game of a two-player round-robin, which Alice won."""
    line = "league.standing"
    return [
        t("league.standings_header", name="autumn", round=1, of=1),
        t(line, place="1.", name="@alice", wins=1, sos=0, sodos=0, played=1, left=0),
        t(line, place="2.", name="@bob", wins=0, sos=1, sodos=0, played=1, left=0),
    ]


def prefix(key: str, **values: object) -> str:
    """The catalogue text of ``key`` up to its ``terms`` or its first `code` (which the
    adapters turn into markup)."""
    marker = "\x00"
    return t(key, **({"terms": marker} | values)).split(marker)[0].split("`")[0]


async def test_a_league_game_on_discord_counts_for_the_linked_telegram_account(
    tmp_path: Path,
) -> None:
    """Alice links her Telegram account with her Discord account (``link`` in her private chat,
    ``link CODE`` on Discord, ``link yes`` in her private chat again), organises a league on the
    Discord server (Manage Server: the fake gives @everyone every permission) with Bob, starts
    it and wins its game; the standings come as standings.png, and her Telegram account
    sees the Discord game in its history (one person, one history)."""
    async with serving(tmp_path) as (dc, tg):
        tg.open_private_chat(A)
        asked = await say(tg, A, "/link", TELEGRAM_ALICE)
        code = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", asked.fields["text"])
        assert code is not None
        asked = await answered(dc, dc.slash_command("club link", {"code": code[0]}))
        assert asked.response_data["content"] == t("link.asked", name="@alice", minutes=10)
        # the code's owner is asked in her private chat, and her answer links the accounts
        account = f"@alice (`discord:{DISCORD_ALICE.id}`)"  # her name and her id
        confirm = prefix("link.confirm", account=account, platform="Discord", minutes=10)
        await tg.wait_for(lambda: [x for x in texts(tg, A) if x.startswith(confirm)])
        linked = await say(tg, A, "/link yes", TELEGRAM_ALICE)
        assert linked.fields["text"] == t("link.done", name="@alice", account="@alice")

        create = dc.slash_command("club league", {"action": "create", "name": "autumn", "size": 9})
        created = (await answered(dc, create)).response_data["content"]
        assert created.startswith(prefix("league.created", name="autumn", id=1))
        for user in (DISCORD_ALICE, DISCORD_BOB):
            join = dc.slash_command("club league", {"action": "join", "name": "autumn"}, user=user)
            await answered(dc, join)
        start = dc.slash_command("club league", {"action": "start", "name": "autumn"})
        await answered(dc, start)  # deferred: the game's thread is made first
        started = (await dc.wait_for(lambda: opening_of(dc, start))).content
        assert t("league.started", name="autumn", n=2) in started
        assert "#1 @bob" in started  # Bob has Black
        [thread] = dc.threads()  # the game's, in the league's channel, linked from the reply
        assert f"<#{thread['id']}>" in started

        for user, point in ((DISCORD_BOB, "D4"), (DISCORD_ALICE, "E5")):
            move = dc.slash_command("go play", {"point": point, "game": 1}, user=user)
            await answered(dc, move)
        board = await board_count(dc, int(thread["id"]), 2)  # the newest boards go there
        await dc.wait_for(
            lambda: "E5" in boards_in(dc, int(thread["id"]))[-1].embeds[0]["description"]
        )
        assert board.embeds[0]["title"] == t("discord.title", id=1)
        resign = await answered(dc, dc.slash_command("go resign", {"game": 1}, user=DISCORD_BOB))
        question = dc.original_message(resign)
        assert question is not None
        await answered(dc, dc.press_button(question, "go:g1:resign:yes", user=DISCORD_BOB))

        ask = dc.slash_command("club league", {"action": "standings", "name": "autumn"})
        await answered(dc, ask)
        table = await dc.wait_for(lambda: opening_of(dc, ask))
        assert png_size(table.attachment("standings.png"))[0] > 0
        assert table.content.splitlines() == autumn_standings()

        # Alice's Telegram account is the same person: the Discord game is in its history.
        history = await say(tg, A, "/history", TELEGRAM_ALICE)
        header, line = history.fields["text"].splitlines()
        assert header.startswith(prefix("history.header_own"))  # her own: "your games"
        assert "· #1 ·" in line and "@bob" in line and "W+R" in line
