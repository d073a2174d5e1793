"""Discord speaks its reader's language (issue 10): a Czech client gets Czech replies, a Czech
game thread and Czech button labels; a Hungarian server's member whose client the bot speaks
(``en-US``) gets that language, one whose client it does not speak (``ja``) the server's.

The fake sends each user's client locale (``set_locale``) with their interactions and the
guild's preferred locale (``set_guild_locale``) in ``GUILD_CREATE`` and every interaction."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.grammar import BY_NAME
from service.i18n import in_language, translate
from tests.bot.discord.conftest import answered, board_count, message_with_button, running_bot
from tests.bot.languages import assert_speaks, said, terms
from tests.fakes import DISCORD_ALICE, DISCORD_BOB, FakeDiscordServer, StoredDiscordMessage

BOB_PING = f"<@{DISCORD_BOB.id}>"


def texts(message: StoredDiscordMessage) -> list[str]:
    """Everything a reader sees of a message: its lines, its embeds' titles and lines, the
    labels of its buttons."""
    found = message.content.splitlines()
    for embed in message.embeds:
        found += [embed.get("title") or "", *(embed.get("description") or "").splitlines()]
    found += [str(button.get("label")) for button in message.buttons]
    return [text for text in found if text]


def answer_text(response: Any) -> str:
    """The text of an interaction's response: its content, else its embed's (a reply longer than
    a message, such as the whole help, comes as an embed of up to 4,096 characters)."""
    data = response.response_data
    embeds = data.get("embeds") or []
    return data.get("content") or "\n".join(e.get("description") or "" for e in embeds)


def labels(message: StoredDiscordMessage) -> list[str]:
    return [str(button.get("label")) for button in message.buttons]


async def test_a_czech_client_plays_reads_help_and_rules_in_czech(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    """Alice and Bob run Discord in Czech in an English server: the challenge, the thread (its
    name, the boards' captions and buttons), a move by slash command and one in plain text, help
    and the rules of ko. (The invitation reaches a Bob the bot has never seen: nothing tells it
    his language yet, so it is in the server's; see the test after this one.)"""
    fake.set_locale(DISCORD_ALICE, "cs")
    fake.set_locale(DISCORD_BOB, "cs")
    async with running_bot(fake, tmp_path / "games.db"):
        challenge = fake.slash_command(
            "go challenge", {"user": DISCORD_BOB, "size": 9, "color": "black"}
        )
        await answered(fake, challenge)
        sent = fake.original_message(challenge)
        assert sent is not None
        assert sent.content == translate(
            "cs", "challenge.sent", id=1, name="@bob", terms=terms("cs", "@alice")
        )
        invite = await message_with_button(fake, "go:g1:accept")
        seen = texts(sent)

        accept = fake.press_button(invite, "go:g1:accept", user=DISCORD_BOB)
        await answered(fake, accept)
        [thread] = await fake.wait_for(lambda: fake.threads())
        thread_id = int(thread["id"])
        assert thread["name"] == translate(
            "cs", "discord.thread_name", id=1, black="alice", white="bob"
        )
        first = await board_count(fake, thread_id, 1)
        move = fake.slash_command("go play", {"point": "d4"}, channel_id=thread_id)
        await answered(fake, move)
        board = await board_count(fake, thread_id, 2)
        assert labels(board) == [
            translate("cs", key)
            for key in ("button.pass", "button.undo", "button.resign", "button.estimate")
        ]
        fake.post_user_message("e5", channel_id=thread_id, user=DISCORD_BOB)  # plain text
        await board_count(fake, thread_id, 3)

        help_ = await answered(fake, fake.slash_command("go help"))
        rules = await answered(fake, fake.slash_command("study rules", {"topic": "ko"}))
        rules_message = fake.original_message(rules)
        assert rules_message is not None

        in_thread = [text for m in fake.bot_messages(thread_id) for text in texts(m)]
        seen += [thread["name"], *in_thread]
        seen += answer_text(help_).splitlines() + texts(rules_message)
        black, white = translate("cs", "color.black"), translate("cs", "color.white")
        said("cs", "challenge.accepted", in_thread, id=1, black="@alice", white="@bob")
        said("cs", "discord.title", texts(first), id=1)
        said("cs", "caption.move", in_thread, n=1, color=black, point="D4")
        said("cs", "caption.move", in_thread, n=2, color=white, point="E5")
        said("cs", "help.header", [answer_text(help_)])
        said("cs", "help.cmd.play", [answer_text(help_)])
        assert texts(rules_message)[0] == said("cs", "rules.ko.title", texts(rules_message))
        said("cs", "rules.ko.cite", texts(rules_message))
        assert_speaks("cs", seen)


async def test_a_czech_player_seen_before_is_invited_in_czech(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    fake.set_locale(DISCORD_ALICE, "cs")
    fake.set_locale(DISCORD_BOB, "cs")
    async with running_bot(fake, tmp_path / "games.db"):
        games = await answered(fake, fake.slash_command("go games", user=DISCORD_BOB))
        said("cs", "games.none", [answer_text(games)])  # the bot has seen Bob's
        challenge = fake.slash_command(
            "go challenge", {"user": DISCORD_BOB, "size": 9, "color": "black"}
        )
        await answered(fake, challenge)
        invite = await message_with_button(fake, "go:g1:accept")
        received = translate(
            "cs", "challenge.received", id=1, name="@alice", terms=terms("cs", "@alice")
        )
        assert invite.content == f"{BOB_PING}\n{received}"
        assert labels(invite) == [
            translate("cs", "button.accept"),
            translate("cs", "button.decline"),
        ]


async def test_a_czech_client_reads_the_whole_help(fake: FakeDiscordServer, tmp_path: Path) -> None:
    fake.set_locale(DISCORD_ALICE, "cs")
    async with running_bot(fake, tmp_path / "games.db"):
        help_ = await answered(fake, fake.slash_command("go help"))
        content = answer_text(help_)
        for key in ("help.cmd.settings", "help.cmd.rules", "help.cmd.help", "help.game"):
            said("cs", key, [content])


@pytest.mark.parametrize(
    ("client", "expected"),
    [("en-US", "en"), ("ja", "hu")],
    ids=["a client the bot speaks wins", "else the server's locale"],
)
async def test_in_a_hungarian_server(
    fake: FakeDiscordServer, tmp_path: Path, client: str, expected: str
) -> None:
    """A server whose locale is Hungarian: a member whose client is in English reads English (the
    client's language comes first), one whose client is in Japanese (not spoken) Hungarian."""
    fake.set_guild_locale("hu")
    fake.set_locale(DISCORD_ALICE, client)
    async with running_bot(fake, tmp_path / "games.db"):
        play = await answered(fake, fake.slash_command("go help", {"command": "play"}))
        rules = await answered(fake, fake.slash_command("study rules", {"topic": "ko"}))
        challenge = await answered(fake, fake.slash_command("go challenge", {"size": 9}))
        rules_message = fake.original_message(rules)
        offer = fake.original_message(challenge)
        assert rules_message is not None and offer is not None
        seen = [*answer_text(play).splitlines(), *texts(rules_message), *texts(offer)]
        said(expected, "help.cmd.play", seen)
        # the placeholders are the reader's words too
        usage = in_language(expected, BY_NAME["play"].usage())
        said(expected, "help.usage", seen, usage=usage)
        said(expected, "rules.ko.title", seen)
        said(expected, "rules.ko.cite", seen)
        said(expected, "button.accept", labels(offer))
        assert_speaks(expected, seen)
