"""The games list on Discord links each game to its thread, where its board is
(bot/discord/listing.py)."""

from __future__ import annotations

from pathlib import Path

from bot.discord.listing import linked_lines, listed
from service import View
from service.i18n import key_of, t
from tests.bot.discord.conftest import answered, running_bot, start_game
from tests.fakes import FakeDiscordServer


def test_a_line_about_a_game_with_a_thread_ends_with_its_link() -> None:
    lines = (
        t("games.line_black", id=3, name="@bob", size=9),
        t("games.challenge_in", id=4, name="@carol", terms="9×9"),
        t("games.more", id=3),
    )
    view = View(lines, line_games=(3, 4, None))
    linked = linked_lines(view, {3: 111, 5: 555})
    assert linked == [f"{lines[0]} · <#111>", lines[1], lines[2]]
    assert [key_of(line) for line in linked] == list(view.keys)


async def test_threads_are_looked_up_once_per_game_and_only_for_lists() -> None:
    asked: list[int] = []

    async def thread_of(game: int) -> int | None:
        asked.append(game)
        return {3: 111}.get(game)

    view = View(("#3 a", "#3 b", "#4 c", "more"), line_games=(3, 3, 4, None))
    assert await listed(view, thread_of) == ("#3 a · <#111>", "#3 b · <#111>", "#4 c", "more")
    assert asked == [3, 4]
    plain = View(("Move 3 · Black D4",), game_id=3)
    assert await listed(plain, thread_of) == plain.lines and asked == [3, 4]


async def test_the_games_command_links_the_game_s_thread(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, _ = await start_game(fake)
        games = await answered(fake, fake.slash_command("go games"))
    content = games.response_data["content"]
    assert content.startswith("#1 Black vs @bob") and content.endswith(f" · <#{thread_id}>")
