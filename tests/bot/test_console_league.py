"""Whole league seasons through the console's script mode (issue 9), on SQLite and on
PostgreSQL: a four-player round-robin and a six-player Swiss season — create, join, start,
adjudicate every game, pair, standings, end — then ratings, the leaderboard and history."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from bot.console.adapter import Console
from service import GameService
from service.catalogue_en import ENGLISH
from service.i18n import t
from service.ports import Database


async def play(database: Database, script: list[str], boards: Path | None = None) -> list[str]:
    """What the console prints for ``script``; ``org`` is an organiser (``ORGANISERS``)."""
    out = io.StringIO()
    service = GameService(database, organisers={"console:org"}, rng=random.Random(3))
    stdin = io.StringIO("\n".join(script) + "\n")
    console = Console(service, stdin, out, interactive=False, boards_dir=boards)
    assert await console.run() == 0
    return out.getvalue().splitlines()


def after(lines: list[str], command: str) -> list[str]:
    """The lines printed for the last ``command`` (up to the next command)."""
    start = max(i for i, line in enumerate(lines) if line == f"> {command}")
    rest = lines[start + 1 :]
    end = next((i for i, line in enumerate(rest) if line.startswith("> ")), len(rest))
    return rest[:end]


def read(key: str, line: str) -> dict[str, str]:
    """The values of a line printed from the catalogue's ``key``, read with its own template."""
    names = re.findall(r"{(\w+)", ENGLISH[key])
    template = re.escape(t(key, **{n: f"<{n}>" for n in names}))
    for name in names:
        template = template.replace(re.escape(f"<{name}>"), f"(?P<{name}>.*?)", 1)
    found = re.search(template + "$", line)
    assert found is not None, (key, line)
    return found.groupdict()


def wins_of(line: str) -> float:
    """The wins of a standings line."""
    return float(read("league.standing", line)["wins"])


def games_of(lines: list[str]) -> list[int]:
    """The game numbers a round's pairing lines name."""
    return [int(m) for line in lines for m in re.findall(r"\] +#(\d+) @", line)]


async def test_a_round_robin_season(real_database: Database, tmp_path: Path) -> None:
    database = real_database
    players = ["alice", "bob", "carol", "dave"]
    script = ["org: league create Spring size=9 time=3d"]
    script += [f"{p}: league join spring" for p in players]
    script += ["org: league start spring"]
    lines = await play(database, script)
    assert "[org] " + t("league.round_header", name="Spring", round=1, of=3) in lines
    for round_no in (1, 2, 3):
        shown = after(lines, "org: league round spring") if round_no > 1 else lines
        numbers = games_of(shown)[-2:]
        assert len(numbers) == 2, shown
        step = [f"org: adjudicate #{n} B+R" for n in numbers]
        step.append("org: league pair spring" if round_no < 3 else "org: league standings spring")
        step.append("org: league round spring")
        lines = await play(database, step, boards=tmp_path)
    table = after(lines, "org: league standings spring")
    assert table[0] == "[org] " + t("league.standings_header", name="Spring", round=3, of=3)
    wins = [wins_of(line) for line in table[1:5]]
    assert sum(wins) == 6 and wins == sorted(wins, reverse=True)
    assert (tmp_path / "standings.png").read_bytes().startswith(b"\x89PNG")
    end_script = [
        "org: league pair spring",
        "org: league end spring",
        "alice: league list",
        "alice: leaderboard",
        "bob: history",
        "carol: rating @dave",
    ]
    end = await play(database, end_script)
    said = {command: after(end, command) for command in end_script}
    assert said["org: league pair spring"] == [
        "[org] " + t("error.league_all_paired", name="Spring", n=3)
    ]
    assert said["org: league end spring"] == ["[org] " + t("league.ended", name="Spring")]
    assert t("league.status_ended") in said["alice: league list"][1]
    assert len(said["alice: leaderboard"]) == 5  # the header and four players
    assert len(said["bob: history"]) == 4  # the header and three games
    assert read("rating.summary", said["carol: rating @dave"][0])["games"] == "3"


async def test_a_swiss_season(real_database: Database) -> None:
    database = real_database
    players = ["ann", "ben", "cid", "dot", "eve", "fay"]
    script = ["org: league create club system=swiss rounds=3 size=9 handicap=auto"]
    script += [f"{p}: league join club" for p in players]
    script += ["org: league start club"]
    lines = await play(database, script)
    seen: set[frozenset[str]] = set()
    for round_no in (1, 2, 3):
        shown = lines if round_no == 1 else after(lines, "org: league pair club")
        pairs = [re.findall(r"@(\w+)", line) for line in shown if re.search(r"\] +#\d+ @", line)]
        assert len(pairs) == 3, shown
        for pair in pairs:
            assert frozenset(pair) not in seen  # no pairing repeats in a Swiss of 3 rounds
            seen.add(frozenset(pair))
        numbers = games_of(shown)
        step = [f"org: adjudicate #{n} W+R" for n in numbers]
        if round_no < 3:
            step.append("org: league pair club")
        lines = await play(database, step)
    final = await play(database, ["ann: league standings club", "org: league end club"])
    table = after(final, "ann: league standings club")
    assert len(table) == 7
    assert sum(wins_of(line) for line in table[1:]) == 9


async def test_bad_league_input_on_the_console(real_database: Database) -> None:
    database = real_database
    lines = await play(
        database,
        [
            "alice: league join nowhere",
            "alice: league create mine",
            "org: league create solo",
            "alice: league join solo",
            "alice: league join SOLO",
            "org: league start solo",
            "alice: league dance solo",
            "bob: link ABCD-EFGH",
        ],
    )
    expected = {
        "alice: league join nowhere": t("error.league_unknown", name="nowhere"),
        "alice: league create mine": t("error.league_organiser"),
        "alice: league join SOLO": t("error.league_joined", name="solo"),
        "org: league start solo": t("error.league_too_few", name="solo", n=2),
        "bob: link ABCD-EFGH": t("error.link_code_invalid", code="ABCD-EFGH"),
    }
    for command, message in expected.items():
        who = command.split(":")[0]
        assert after(lines, command) == [f"[{who}] {message}"], command
    assert (
        t("grammar.choice", name="league", value="dance", choices="x", usage="y").split("x")[0]
        in after(lines, "alice: league dance solo")[0]
    )
