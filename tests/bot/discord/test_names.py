"""A user written by name in a game's thread on Discord (``rating bob``, or ``@bob`` typed
without choosing them from the list): the member of the server by that username, display name
or nickname, asked of Discord (the bot keeps no member list); nobody or several by that name
get a refusal that says how to mention them; ``colour=`` is ``color=``."""

from __future__ import annotations

from pathlib import Path

from service.i18n import t
from service.ports import GameStatus
from tests.bot.discord.conftest import running_bot, start_game
from tests.fakes import DISCORD_ALICE, DISCORD_BOB, DiscordUser, FakeDiscordServer

ROBERT = DiscordUser(200_000_000_000_000_004, "robert", nick="bob")  # "bob" in this server


async def said(fake: FakeDiscordServer, thread_id: int, text: str) -> str:
    """Alice writes ``text`` in the thread; the bot's next message there."""
    before = len(fake.bot_messages(thread_id))
    fake.post_user_message(text, channel_id=thread_id, user=DISCORD_ALICE)
    messages = await fake.wait_for(lambda: fake.bot_messages(thread_id)[before:])
    return messages[0].content


def rating_of(name: str) -> str:
    return t("rating.none", name=name, value="…").partition("…")[0]


async def test_a_member_by_name_is_that_member(fake: FakeDiscordServer, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        thread_id, _ = await start_game(fake)
        assert (await said(fake, thread_id, "rating bob")).startswith(rating_of("@bob"))
        assert (await said(fake, thread_id, "history Bob")) == t("history.none", name="@bob")
        typed = await said(fake, thread_id, "rating @bob")  # typed, not chosen: plain text
        assert typed.startswith(rating_of("@bob"))
        await said(fake, thread_id, "challenge bob size=9 colour=white")
        async with bot.service.context.database.unit_of_work() as uow:
            rows = await uow.games.for_player(
                f"discord:{DISCORD_ALICE.id}", (GameStatus.CHALLENGE,)
            )
        assert [(r.challenged, r.color) for r in rows] == [(f"discord:{DISCORD_BOB.id}", "white")]


async def test_nobody_by_that_name_is_refused_with_the_mention(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, _ = await start_game(fake)
        answer = await said(fake, thread_id, "history carol")
        assert answer == t("grammar.name_unknown", name="carol", written="history @carol")
        answer = await said(fake, thread_id, "rating @carol")
        assert answer == t("grammar.name_unknown", name="carol", written="rating @carol")
        answer = await said(fake, thread_id, "challenge carol")
        assert answer.split("\n") == [
            t("grammar.name_unknown", name="carol", written="challenge @carol"),
            t("grammar.name_unknown.challenge"),
        ]


async def test_two_members_by_one_name_are_asked_to_be_mentioned(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    fake.members.append(ROBERT)
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, _ = await start_game(fake)
        answer = await said(fake, thread_id, "rating bob")
        assert answer == t("grammar.name_ambiguous", name="bob", written="rating @bob")
        answer = await said(fake, thread_id, "rating robert")  # his username is his alone
        assert rating_of("@robert").removeprefix("@robert") in answer  # a rating, no refusal
        chosen = await said(fake, thread_id, f"rating <@{DISCORD_BOB.id}>")  # a real mention
        assert chosen.startswith(rating_of("@bob"))
