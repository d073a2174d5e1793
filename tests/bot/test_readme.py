"""The README stays true: its console example is ``examples/console-game.txt`` verbatim, every
line of it is a command of the grammar, and the script plays to a counted result through
``python -m bot``; its "Limits" table gives the defaults of :class:`service.limits.Limits`, and
its table of exit statuses the codes of :mod:`bot.startup`."""

from __future__ import annotations

import dataclasses
import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sgfmill import sgf

from bot import startup
from bot.console.adapter import _LINE
from bot.grammar import BY_NAME, parse
from service.handlers.looking import OPEN_LISTED
from service.i18n import SOURCE, t
from service.limits import Limits

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
EXAMPLE = ROOT / "examples" / "console-game.txt"
_SAID = re.compile(r"^\[(?P<who>[a-z0-9_.-]+)\] (?P<text>.*)$")


def section(title: str) -> str:
    """The README's section ``## title``, up to the next one."""
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def console_section() -> str:
    return section("Playing in the console")


def table(text: str, heading: str) -> list[list[str]]:
    """The rows (cells stripped) of the Markdown table in ``text`` whose first row is
    ``heading``."""
    lines = text[text.index(heading) :].splitlines()[2:]  # below the heading and its rule
    rows = itertools.takewhile(lambda line: line.startswith("|"), lines)
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def numbers(text: str) -> tuple[int, ...]:
    """The whole numbers written in ``text`` (``1,000`` is one)."""
    return tuple(int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*\d|\d", text))


LIMIT_ROWS = {  # the README's limit -> the numbers its value cell must give, in order
    "commands per person (in chats)": ("burst", "per_minute"),
    "moves per game": ("moves_per_game",),
    "open challenges per person": ("open_challenges",),
    "open challenges per community": ("community_challenges",),
    "open challenges in the whole bot": ("bot_challenges",),
    "marking versions per stop": ("markings_per_stop",),
    "marking versions per game": ("markings_per_game",),
    "wrong link codes per person": ("link_failures",),
    "games listed by `games`": ("listed_games", "OPEN_LISTED"),
    "moves in one `try`": ("try_moves",),
    "estimates per game and person": ("estimate_seconds",),
    "finished games listed by `games`": ("finished_days",),
}


def test_the_limits_table_gives_the_defaults_of_the_code() -> None:
    rows = table(section("Limits"), "| limit | value | what happens |")
    defaults = {**dataclasses.asdict(Limits()), "OPEN_LISTED": OPEN_LISTED}
    assert [row[0] for row in rows] == list(LIMIT_ROWS)
    for name, value, _ in rows:
        assert numbers(value) == tuple(defaults[field] for field in LIMIT_ROWS[name]), name
    documented = {field for fields in LIMIT_ROWS.values() for field in fields}
    assert documented == set(defaults)  # a new limit is listed in the README too


def test_the_exit_statuses_are_the_codes_of_the_start_up() -> None:
    rows = table(section("Configuration"), "| status | meaning | example |")
    codes = {name: getattr(startup, name) for name in dir(startup) if name.startswith("EXIT_")}
    assert [int(row[0].strip("`")) for row in rows] == sorted(codes.values())


def test_the_readme_shows_the_example_script_verbatim() -> None:
    blocks = re.findall(r"^```text\n(.*?)^```$", console_section(), re.MULTILINE | re.DOTALL)
    assert blocks, "the console section shows no ```text block"
    assert blocks[0] == EXAMPLE.read_text(encoding="utf-8")


def test_every_line_of_the_example_is_a_command() -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    commands = [line for line in lines if line.strip() and not line.startswith("#")]
    assert commands
    for line in commands:
        match = _LINE.match(line)
        assert match is not None, line
        assert parse(match.group(2), plain_points=True).name in BY_NAME, line


def template(key: str) -> re.Pattern[str]:
    """The English sentence ``key`` as a pattern: each ``{name}`` is a group."""
    pattern = re.escape(str(SOURCE[key]))
    return re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", pattern) + "$")


@pytest.mark.slow
def test_the_example_plays_to_a_counted_result(tmp_path: Path) -> None:
    environment = {
        **{k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")},
        "DATABASE_URL": "memory:",
        "BOARDS_DIR": "",
        "PYTHONPATH": str(ROOT),
    }
    with EXAMPLE.open() as script:
        result = subprocess.run(
            [sys.executable, "-m", "bot"],
            stdin=script,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=environment,
            timeout=120,
        )
    assert result.returncode == 0, result.stderr
    said = [m.groupdict() for m in map(_SAID.match, result.stdout.splitlines()) if m]
    # every player is told the game is over, with the result in words
    announce = template("end.announce")
    over = {s["who"]: m for s in said if (m := announce.match(s["text"]))}
    assert set(over) == {"alice", "bob"}
    # the record alice asked for at the end carries the same result
    heading = said.index({"who": "alice", "text": t("console.file", name="game-1.sgf")})
    record = "\n".join(s["text"] for s in said[heading + 1 :] if s["who"] == "alice")
    root = sgf.Sgf_game.from_string(record).get_root()
    assert root.get("RE") == "B+3.5" and root.get("SZ") == 5 and root.get("KM") == 2.5
    assert over["alice"]["id"] == "1" and over["alice"]["words"].startswith("B+3.5")
