"""League games on Discord: a round paired for a league of a channel opens one thread per game in
that channel, as an accepted challenge does (the board, both players mentioned, which adds them
to it); the games are played there, across restarts; a refused thread starts the games anyway."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from service import Actor, Request
from service.club_commands import League, LeagueAction
from service.i18n import t, translate
from tests.bot.discord.conftest import (
    CAROL,
    LIMITS,
    answered,
    board_count,
    opening_of,
    running_bot,
)
from tests.fakes import (
    DISCORD_ALICE,
    DISCORD_BOB,
    FakeDiscordServer,
    FakeInteraction,
    StoredDiscordMessage,
    start_fake_discord,
)
from tests.fakes._common import RecordedRequest
from tests.fakes.discord_payloads import DiscordApiError, DiscordUser

DAVE = DiscordUser(200_000_000_000_000_004, "dave")
MEMBERS = (DISCORD_ALICE, DISCORD_BOB, CAROL, DAVE)  # in joining order: the Berger table's
#: the first round of the four's round-robin (who plays Black first)
ROUND_ONE = ((1, DISCORD_ALICE, DAVE), (2, DISCORD_BOB, CAROL))
ROUND_TWO = ((3, DAVE, CAROL), (4, DISCORD_ALICE, DISCORD_BOB))


def ping(user: DiscordUser) -> str:
    return f"<@{user.id}>"


def pairing_line(game: int, black: DiscordUser, white: DiscordUser) -> str:
    """The pairing as the round's reply lists it (indented under the heading)."""
    values = {
        "black": f"@{black.username}",
        "white": f"@{white.username}",
        "handicap": 0,
        "komi": 6.5,
    }
    return t("league.pairing", id=game, **values)


def league(action: str, user: DiscordUser = DISCORD_ALICE, **more: Any) -> dict[str, Any]:
    return {"action": action, "name": "autumn", **more}


async def four_in_a_league(fake: FakeDiscordServer) -> FakeInteraction:
    """Alice (the server's owner: an organiser) creates autumn in the channel, the four join,
    Alice starts it: the start's interaction, answered."""
    await answered(fake, fake.slash_command("club league", league("create", size=9)))
    for user in MEMBERS:
        await answered(fake, fake.slash_command("club league", league("join"), user=user))
    start = fake.slash_command("club league", league("start"))
    await answered(fake, start)
    return start


async def reply_of(fake: FakeDiscordServer, interaction: FakeInteraction) -> StoredDiscordMessage:
    """The interaction's reply once filled in (it was deferred while the threads were made)."""
    message = await fake.wait_for(lambda: opening_of(fake, interaction))
    assert message is not None
    return message


async def threads_of_games(fake: FakeDiscordServer, count: int) -> list[dict[str, Any]]:
    """Wait until the fake holds ``count`` threads; all of them."""
    return await fake.wait_for(lambda: len(fake.threads()) >= count and fake.threads())


async def check_round(
    fake: FakeDiscordServer,
    reply: StoredDiscordMessage,
    threads: list[dict[str, Any]],
    round_no: int,
    games: tuple[tuple[int, DiscordUser, DiscordUser], ...],
) -> dict[int, int]:
    """Each game of the round has its thread in the league's channel, named as a challenge's,
    whose first message is the board with the round's heading and the game's pairing, and
    which mentions both players; the reply links each pairing to its thread. Game → thread."""
    by_name = {thread["name"]: thread for thread in threads}
    found = {}
    for game, black, white in games:
        name = t("discord.thread_name", id=game, black=black.username, white=white.username)
        thread = by_name[name]
        assert thread["parent_id"] == str(fake.channel_id)
        thread_id = int(thread["id"])
        first = await board_count(fake, thread_id, 1)
        assert first.content == f"{ping(black)} {ping(white)}"  # both: added to the thread
        assert first.embeds[0]["title"] == t("discord.title", id=game)
        heading, line, *_ = first.embeds[0]["description"].splitlines()
        assert heading == t("league.round_header", name="autumn", round=round_no, of=3)
        assert line == pairing_line(game, black, white).strip()
        assert first.custom_ids[0] == f"go:g{game}:pass:m0"
        assert f"{pairing_line(game, black, white)} · <#{thread_id}>" in reply.content.splitlines()
        found[game] = thread_id
    return found


async def test_a_league_round_opens_a_thread_per_game_in_the_leagues_channel(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        start = await four_in_a_league(fake)
        assert start.response_type == 5  # deferred: the threads are made before the reply
        threads = await threads_of_games(fake, 2)
        reply = await reply_of(fake, start)
        lines = reply.content.splitlines()
        assert lines[:2] == [
            t("league.started", name="autumn", n=4),
            t("league.round_header", name="autumn", round=1, of=3),
        ]  # no pings on the reply: each player is mentioned once, in their game's thread
        found = await check_round(fake, reply, threads, 1, ROUND_ONE)
        # nothing else in the channel: no notice beside the reply for the four
        assert fake.bot_messages(fake.channel_id)[-1].id == reply.id

        # Alice, Black in game 1, plays in its thread; the board is answered there
        thread_one = found[1]
        fake.post_user_message("d4", channel_id=thread_one, user=DISCORD_ALICE)
        board = await board_count(fake, thread_one, 2)
        assert board.content == ping(DAVE)
        move = t("caption.move", n=1, color=t("color.black"), point="D4")
        assert board.embeds[0]["description"].startswith(move)
        # Bob, Black in game 2, with the slash command in its thread (no game number needed)
        play = fake.slash_command("go play", {"point": "c3"}, user=DISCORD_BOB, channel_id=found[2])
        await answered(fake, play)
        assert not play.ephemeral
        assert (await board_count(fake, found[2], 2)).content == ping(CAROL)

        # the next round (paired with the first one's games still open): two new threads
        pair = fake.slash_command("club league", league("pair", extra="force"))
        await answered(fake, pair)
        threads = await threads_of_games(fake, 4)
        reply = await reply_of(fake, pair)
        assert reply.content.splitlines()[0] == t(
            "league.round_header", name="autumn", round=2, of=3
        )
        second = await check_round(fake, reply, threads, 2, ROUND_TWO)
        assert set(second.values()).isdisjoint(found.values())
        assert fake.too_many_requests == []  # every thread and board within Discord's limits


async def test_a_league_games_thread_is_its_place_after_a_restart(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    """The thread is a link of the game (stored): a restarted bot answers a move there, and a
    move asked in the channel is pointed to it. The organiser reads Czech: the threads' names
    and first boards are in Czech, as a challenge's thread is in its accepter's language."""
    fake.set_locale(DISCORD_ALICE, "cs")
    database = tmp_path / "games.db"
    async with running_bot(fake, database):
        start = await four_in_a_league(fake)
        threads = await threads_of_games(fake, 2)
        await reply_of(fake, start)
        names = {thread["name"]: int(thread["id"]) for thread in threads}
        thread_one = names[
            translate("cs", "discord.thread_name", id=1, black="alice", white="dave")
        ]
        first = await board_count(fake, thread_one, 1)
        heading = translate("cs", "league.round_header", name="autumn", round=1, of=3)
        assert first.embeds[0]["description"].splitlines()[0] == heading
    async with running_bot(fake, database):
        fake.post_user_message("d4", channel_id=thread_one, user=DISCORD_ALICE)
        await board_count(fake, thread_one, 2)
        await told_in(fake, thread_one, DAVE)  # in his own language: a message of its own
        move = fake.slash_command("go play", {"point": "e5", "game": 1}, user=DAVE)
        await answered(fake, move)
        assert move.ephemeral and f"<#{thread_one}>" in move.response_data["content"]
        await board_count(fake, thread_one, 3)
        await told_in(fake, thread_one, DISCORD_ALICE)


async def told_in(fake: FakeDiscordServer, thread_id: int, user: DiscordUser) -> None:
    """Wait until a message after the thread's first one pings ``user``."""
    await fake.wait_for(
        lambda: [m for m in fake.bot_messages(thread_id)[1:] if ping(user) in m.content]
    )


async def test_a_round_paired_elsewhere_opens_the_threads_too(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    """A round paired by a command from another platform (its view delivered to the Discord
    adapter, as the console's or another process's would be) opens the same threads, and its
    players are told there, not by direct message."""
    async with running_bot(fake, tmp_path / "games.db") as bot:
        await answered(fake, fake.slash_command("club league", league("create", size=9)))
        for user in MEMBERS:
            await answered(fake, fake.slash_command("club league", league("join"), user=user))
        alice = Actor(f"discord:{DISCORD_ALICE.id}", "alice")  # the league's creator
        command = League(LeagueAction.START, "1")
        view = await bot.service.execute(command, Request(alice, "console:alice"))
        await bot.presenter.deliver(view)
        threads = await threads_of_games(fake, 2)
        assert {thread["parent_id"] for thread in threads} == {str(fake.channel_id)}
        for thread in threads:
            first = await board_count(fake, int(thread["id"]), 1)
            assert len(first.content.split()) == 2  # both players mentioned
        users = [c.route for c in fake.calls if c.route.startswith("/users/")]
        assert set(users) == {"/users/@me"}  # logging in; no user fetched for a direct message


@pytest.fixture
async def refusing(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscordServer]:
    """A fake Discord whose channels refuse the bot threads (it lacks Create Public Threads)."""

    async def refuse(
        self: FakeDiscordServer, request: web.Request, call: RecordedRequest
    ) -> web.Response:
        raise DiscordApiError(403, "Missing Permissions", 50013)

    monkeypatch.setattr(FakeDiscordServer, "_post_thread", refuse)
    async with start_fake_discord(limits=LIMITS) as server:
        yield server


async def test_a_refused_thread_starts_the_games_all_the_same(
    refusing: FakeDiscordServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Without threads the players are told as before threads existed: pinged on the round's
    reply in the channel; one warning is logged; the games are played in the channel."""
    fake = refusing
    caplog.set_level(logging.WARNING, logger="bot.discord")
    async with running_bot(fake, tmp_path / "games.db"):
        start = await four_in_a_league(fake)
        reply = await reply_of(fake, start)
        heads, *lines = reply.content.splitlines()
        assert set(heads.split()) == {ping(DAVE), ping(DISCORD_BOB), ping(CAROL)}
        assert lines[0] == t("league.started", name="autumn", n=4)
        for game, black, white in ROUND_ONE:
            assert pairing_line(game, black, white) in lines  # not linked to any thread
        assert fake.threads() == []
        refused = [c for c in fake.calls if c.route == "/channels/{channel_id}/threads"]
        assert [c.status for c in refused] == [403]  # tried once, not once per game
        warnings = [r for r in caplog.records if "could not open threads" in r.getMessage()]
        assert len(warnings) == 1

        play = fake.slash_command("go play", {"point": "d4", "game": 1})
        await answered(fake, play)
        board = await board_count(fake, fake.channel_id, 1)
        assert board.embeds[0]["title"] == t("discord.title", id=1)


@pytest.fixture
async def mute_threads(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscordServer]:
    """A fake Discord that lets the bot open threads but not write in them (Send Messages in
    Threads denied)."""
    post = FakeDiscordServer._post_message

    async def refuse_in_threads(
        self: FakeDiscordServer, request: web.Request, call: RecordedRequest
    ) -> web.Response:
        if "thread_metadata" in self.channel(int(request.match_info["channel_id"])):
            raise DiscordApiError(403, "Missing Permissions", 50013)
        return await post(self, request, call)

    monkeypatch.setattr(FakeDiscordServer, "_post_message", refuse_in_threads)
    async with start_fake_discord(limits=LIMITS) as server:
        yield server


async def test_players_whose_thread_stays_empty_are_pinged_on_the_reply(
    mute_threads: FakeDiscordServer, tmp_path: Path
) -> None:
    """A thread opened but refused its board tells nobody: its players are pinged on the
    round's reply instead, as without threads (Alice, who asked, sees the reply)."""
    fake = mute_threads
    async with running_bot(fake, tmp_path / "games.db"):
        start = await four_in_a_league(fake)
        reply = await reply_of(fake, start)
        heads = reply.content.splitlines()[0]
        assert set(heads.split()) == {ping(DAVE), ping(DISCORD_BOB), ping(CAROL)}
        assert len(fake.threads()) == 1  # the first refusal ends the round's threads
