"""A list longer than a Discord message (2,000 characters) arrives cut by whole lines, and its last
line says that more exist."""

from __future__ import annotations

from pathlib import Path

from bot.discord.outgoing import TEXT_LIMIT, compose, mention
from service import Actor
from service.i18n import t
from tests.bot.crowd import check_fitted, crowd
from tests.bot.discord.conftest import answered, running_bot
from tests.fakes import DISCORD_ALICE, DISCORD_BOB, FakeDiscordServer


async def test_a_long_games_list_fits_and_says_more_exist(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    alice = Actor(f"discord:{DISCORD_ALICE.id}", DISCORD_ALICE.username)
    view = await crowd(tmp_path / "games.db", alice)
    async with running_bot(fake, tmp_path / "games.db"):
        games = await answered(fake, fake.slash_command("go games"))
    check_fitted(games.response_data["content"], view, TEXT_LIMIT)


def test_lines_left_out_by_the_adapter_are_counted_after_the_pings() -> None:
    lines = [t("games.challenge_open", id=n, name="x" * 30, terms="13×13") for n in range(40)]
    bob = f"discord:{DISCORD_BOB.id}"
    content = compose(lines, pings=[bob]).content
    heads, *shown, last = content.split("\n")
    assert heads == mention(bob) and len(content) <= TEXT_LIMIT
    assert shown == lines[: len(shown)]
    assert last == t("games.more_count", n=len(lines) - len(shown))
