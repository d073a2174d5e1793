"""Club play across the platforms, end to end with the real discord.py and python-telegram-bot
clients against the local fakes (the app of :mod:`tests.bot.test_club_platforms`): a league
created on the Discord server and joined by its number from a Telegram group, its game played
between a Discord and a Telegram account; link codes that stay out of Telegram groups; and
Discord members who organise by the Manage Server permission or ``DISCORD_ORGANISER_ROLE``."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from service.i18n import t
from tests.bot.discord.conftest import answered, opening_of, png_size
from tests.bot.telegram.harness import board_of, image_size, say
from tests.bot.test_club_platforms import GROUP, A, B, fast_pace, prefix, serving, texts
from tests.fakes import (
    DISCORD_ALICE,
    DISCORD_BOB,
    TELEGRAM_ALICE,
    TELEGRAM_BOB,
    FakeDiscordServer,
    FakeInteraction,
    FakeTelegramServer,
)
from tests.fakes.discord_payloads import DiscordUser

__all__ = ["fast_pace"]  # the shared autouse fixture: Telegram's limits scaled
CODE = re.compile(r"[A-Z0-9]{4}-[A-Z0-9]{4}")
CAROL = DiscordUser(200_000_000_000_000_003, "carol")  # has the organiser role
DAVE = DiscordUser(200_000_000_000_000_004, "dave")  # has a role with Manage Server


def caption(n: int, color: str, point: str, name: str) -> str:
    """A board's caption after move ``n`` (``color`` played ``point``; ``name`` is next)."""
    other = "white" if color == "black" else "black"
    played = t("caption.move", n=n, color=t(f"color.{color}"), point=point)
    return f"{played} · {t('caption.to_play', color=t(f'color.{other}'), name=name)}"


def winter_standings() -> list[str]:
    """The table after the one game of winter, which Bob (Discord, Black) won."""
    line = "league.standing"
    return [
        t("league.standings_header", name="winter", round=1, of=1),
        t(line, place="1.", name="@bob", wins=1, sos=0, sodos=0, played=1, left=0),
        t(line, place="2.", name="@alice", wins=0, sos=1, sodos=0, played=1, left=0),
    ]


async def discord_move(dc: FakeDiscordServer, point: str, after: str) -> None:
    """Discord Bob plays ``point`` in game 1 with ``/go play`` in its thread: the board he is
    answered with there."""
    thread = int(dc.threads()[0]["id"])
    move = await answered(
        dc, dc.slash_command("go play", {"point": point}, user=DISCORD_BOB, channel_id=thread)
    )
    board = await dc.wait_for(lambda: opening_of(dc, move))
    assert board is not None and board.channel_id == thread
    assert board.embeds[0]["title"] == t("discord.title", id=1)
    assert board.embeds[0]["description"] == after


async def telegram_board(tg: FakeTelegramServer, shows: str) -> None:
    """Wait until Telegram Alice's board of the game (in her private chat) is captioned so."""

    def latest() -> str:
        boards = [m.caption or "" for m in tg.bot_messages(A) if m.photo is not None]
        return boards[-1] if boards else ""

    await tg.wait_for(lambda: latest().endswith(shows))


async def test_a_league_of_the_discord_server_joined_by_number_from_a_telegram_group(
    tmp_path: Path,
) -> None:
    """Discord Alice (the server's owner: an organiser) creates winter, which answers its
    number; Telegram Alice joins it with that number from a Telegram group, Discord Bob from
    the server; the start pairs them into a game between the platforms, which each plays on
    their own platform (Bob with ``/go play``, Alice with ``/play E5 #1`` and her board's
    buttons) until Alice resigns; both platforms' standings show the finished game."""
    async with serving(tmp_path) as (dc, tg):
        tg.open_private_chat(A)
        create = dc.slash_command("club league", {"action": "create", "name": "winter", "size": 9})
        created = (await answered(dc, create)).response_data["content"]
        assert created.startswith(prefix("league.created", name="winter", id=1))

        joined = await say(tg, GROUP, "/league join 1", TELEGRAM_ALICE)
        assert joined.fields["text"] == t("league.joined", name="winter", n=1)
        join = dc.slash_command(
            "club league", {"action": "join", "name": "winter"}, user=DISCORD_BOB
        )
        answer = (await answered(dc, join)).response_data["content"]
        assert answer == t("league.joined", name="winter", n=2)
        start = dc.slash_command(
            "club league", {"action": "start", "name": "winter"}, user=DISCORD_ALICE
        )
        await answered(dc, start)  # deferred: the game's thread is made first
        reply = await dc.wait_for(lambda: opening_of(dc, start))
        started = reply.content.splitlines()
        assert t("league.started", name="winter", n=2) in started
        pairing = t("league.pairing", id=1, black="@bob", white="@alice", handicap=0, komi=6.5)
        [thread] = dc.threads()  # the game's thread in the league's channel (Bob is there)
        assert f"{pairing} · <#{thread['id']}>" in started

        # Telegram Alice hears of her game in her private chat, where she plays it.
        told = prefix("league.your_game_wait", name="winter", round=1, id=1, opponent="@bob")
        await tg.wait_for(lambda: [x for x in texts(tg, A) if x.startswith(told)])
        await discord_move(dc, "D4", caption(1, "black", "D4", "@alice"))
        await telegram_board(tg, caption(1, "black", "D4", "@alice"))
        tg.inject_message(A, "/play E5 #1", user=TELEGRAM_ALICE)
        await telegram_board(tg, caption(2, "white", "E5", "@bob"))
        await discord_move(dc, "C3", caption(3, "black", "C3", "@alice"))
        await telegram_board(tg, caption(3, "black", "C3", "@alice"))

        board = board_of(tg, A)
        assert "g1:resign" in board.callback_data
        tg.inject_callback_query(board, "g1:resign", user=TELEGRAM_ALICE)
        question = await tg.wait_for(
            lambda: [m for m in tg.bot_messages(A) if "g1:resign:yes" in m.callback_data]
        )
        tg.inject_callback_query(question[-1], "g1:resign:yes", user=TELEGRAM_ALICE)
        won = t("result.resignation", winner=t("color.black"))
        await tg.wait_for(lambda: [x for x in texts(tg, A) if won in x])

        table = await say(tg, GROUP, "/league standings 1", TELEGRAM_ALICE, method="sendPhoto")
        assert table.file("photo").filename == "standings.png"
        assert image_size(table.upload or b"")[0] > 0
        assert table.fields["caption"].splitlines() == winter_standings()
        ask = dc.slash_command("club league", {"action": "standings", "name": "winter"})
        await answered(dc, ask)
        shown = await dc.wait_for(lambda: opening_of(dc, ask))
        assert shown is not None
        assert png_size(shown.attachment("standings.png"))[0] > 0
        assert shown.content.splitlines() == winter_standings()


async def test_a_link_code_asked_in_a_telegram_group_never_shows_there(tmp_path: Path) -> None:
    """Alice, who opened a private chat with the bot, gets her code there and the group only
    hears that it was sent; Bob, who never did, is told how to, and no code is sent anywhere."""
    async with serving(tmp_path) as (_, tg):
        tg.open_private_chat(A)
        said = await say(tg, GROUP, "/link", TELEGRAM_ALICE)
        assert said.fields["text"] == t("link.private")
        [sent] = await tg.wait_for(lambda: [x for x in texts(tg, A) if CODE.search(x)])
        code = CODE.search(sent)
        assert code is not None
        assert sent.startswith(prefix("link.code", code=code[0], minutes=10))

        said = await say(tg, GROUP, "/link", TELEGRAM_BOB)
        assert said.fields["text"] == t("link.private_needed")
        assert tg.bot_messages(B) == []  # the private chat refused the bot (403)
        assert [c.status for c in tg.calls_for("sendMessage", B)] in ([], [403])
        assert texts(tg, GROUP) == [t("link.private"), t("link.private_needed")]
        assert not any(CODE.search(x) for x in texts(tg, GROUP))
        assert [x for x in texts(tg, A) if CODE.search(x)] == [sent]  # Alice's only


def organisers_guild(dc: FakeDiscordServer) -> None:
    """@everyone may talk and use commands, no more; Carol has the organiser role, Dave a role
    with Manage Server, Bob neither (Alice owns the server)."""
    dc.everyone_permissions = discord.Permissions(
        view_channel=True, send_messages=True, use_application_commands=True
    ).value
    organisers = dc.add_role("Go organisers")
    moderators = dc.add_role("Moderators", discord.Permissions(manage_guild=True).value)
    dc.members += [CAROL, DAVE]
    dc.give_roles(CAROL, organisers)
    dc.give_roles(DAVE, moderators)


async def test_discord_organisers_have_manage_server_or_the_organiser_role(
    tmp_path: Path,
) -> None:
    """A member without Manage Server or the role ``DISCORD_ORGANISER_ROLE`` names is refused
    ``/club league create`` (and ``start``); with the role, or Manage Server, one may."""
    environ = {"DISCORD_ORGANISER_ROLE": "Go organisers"}
    async with serving(tmp_path, environ, organisers_guild) as (dc, _):

        def league(action: str, name: str, user: DiscordUser) -> FakeInteraction:
            return dc.slash_command("club league", {"action": action, "name": name}, user=user)

        refused = await answered(dc, league("create", "spring", DISCORD_BOB))
        bobs = discord.Permissions(int(refused.payload["member"]["permissions"]))
        assert not bobs.manage_guild and bobs.send_messages  # as Discord sends them
        assert refused.response_data["content"] == t("error.league_organiser")
        assert refused.ephemeral

        created = await answered(dc, league("create", "spring", CAROL))
        content = created.response_data["content"]
        assert content.startswith(prefix("league.created", name="spring", id=1))
        created = await answered(dc, league("create", "summer", DAVE))
        content = created.response_data["content"]
        assert content.startswith(prefix("league.created", name="summer", id=2))

        for user in (DISCORD_BOB, CAROL):
            await answered(dc, league("join", "spring", user))
        refused = await answered(dc, league("start", "spring", DISCORD_BOB))
        assert refused.response_data["content"] == t("error.league_organiser")
        start = league("start", "spring", CAROL)
        await answered(dc, start)  # deferred: the games' threads are made first
        started = await dc.wait_for(lambda: opening_of(dc, start))
        assert t("league.started", name="spring", n=2) in started.content
