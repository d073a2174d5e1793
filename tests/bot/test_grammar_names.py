"""A user written without the ``@`` on the console, end to end: ``challenge bob``, ``rating bob``
and ``history bob`` mean ``@bob`` once bob is known here (they sent a line, or the bot met them
and stored them), and otherwise the answer says so and shows how to write it; ``colour=`` is
``color=``, and ``help challenge`` explains ``weekend=``."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import Console
from service import GameService
from service.i18n import t
from service.ports import Database, GameStatus
from storage.sqlite import open_sqlite


async def console_lines(database: Database, script: list[str]) -> list[str]:
    """What the console prints for a script of ``NAME: COMMAND`` lines."""
    out = io.StringIO()
    stdin = io.StringIO("\n".join(script) + "\n")
    console = Console(GameService(database), stdin, out, interactive=False)
    assert await console.run() == 0
    return out.getvalue().splitlines()


async def challenges(database: Database, player: str) -> list[tuple[str | None, str]]:
    """Who each of ``player``'s challenges is to, and its colour."""
    async with database.unit_of_work() as uow:
        rows = await uow.games.for_player(player, (GameStatus.CHALLENGE,))
    return [(row.challenged, row.color) for row in rows]


def unknown(name: str, written: str, *, challenge: bool = False) -> list[str]:
    lines = [f"[alice] {t('grammar.name_unknown', name=name, written=written)}"]
    return [*lines, t("grammar.name_unknown.challenge")] if challenge else lines


async def test_a_name_nobody_here_has_is_refused_with_the_way_to_write_it(tmp_path: Path) -> None:
    database = await open_sqlite(str(tmp_path / "games.db"))
    try:
        lines = await console_lines(
            database,
            [
                "alice: challenge bob size=9",
                "alice: rating bob",
                "alice: history carol",
            ],
        )
        assert lines[1:3] == unknown("bob", "challenge @bob size=9", challenge=True)
        assert lines[4:5] == unknown("bob", "rating @bob")
        assert lines[6:7] == unknown("carol", "history @carol")
        assert await challenges(database, "console:alice") == []  # nothing changed
    finally:
        await database.close()


async def test_a_name_that_sent_a_line_here_is_that_user(tmp_path: Path) -> None:
    database = await open_sqlite(str(tmp_path / "games.db"))
    try:
        lines = await console_lines(
            database,
            [
                "bob: games",  # bob is here now (the bot stores nobody for a read)
                "alice: challenge BOB size=9 colour=white",
                "alice: rating bob",
                "alice: history bob",
            ],
        )
        assert await challenges(database, "console:alice") == [("console:bob", "white")]
        rating = t("rating.none", name="@bob", value="…").partition("…")[0]  # about bob
        assert any(line.startswith(f"[alice] {rating}") for line in lines)
        assert f"[alice] {t('history.none', name='@bob')}" in lines
        assert not any("grammar." in line or "No user" in line for line in lines)
    finally:
        await database.close()


async def test_a_name_the_bot_met_before_is_known_after_a_restart(tmp_path: Path) -> None:
    """A later console on the same database knows bob by name: the challenge stored him."""
    path = str(tmp_path / "games.db")
    database = await open_sqlite(path)
    try:
        await console_lines(database, ["alice: challenge @bob size=9"])
    finally:
        await database.close()
    database = await open_sqlite(path)
    try:
        lines = await console_lines(database, ["alice: history bob", "alice: rating carol"])
        assert f"[alice] {t('history.none', name='@bob')}" in lines
        assert lines[3:4] == unknown("carol", "rating @carol")
    finally:
        await database.close()


async def test_help_challenge_explains_weekend_and_colour_is_color(tmp_path: Path) -> None:
    database = await open_sqlite(str(tmp_path / "games.db"))
    try:
        lines = await console_lines(
            database, ["alice: help challenge", "alice: challenge colour=white weekend=pause"]
        )
        assert f"[alice]   weekend=pause|play — {t('help.option.weekend')}" in lines
        assert f"[alice] {t('help.options')}" in lines
        async with database.unit_of_work() as uow:
            [row] = await uow.games.for_player("console:alice", (GameStatus.CHALLENGE,))
        assert row.color == "white" and row.challenged is None
        assert row.data["weekend"] is True
    finally:
        await database.close()
