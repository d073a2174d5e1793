"""The README's console example stays true: it is ``examples/console-game.txt`` verbatim, every
line of it is a command of the grammar, and the script plays to a counted result through
``python -m bot``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sgfmill import sgf

from bot.console.adapter import _LINE
from bot.grammar import BY_NAME, parse
from service.i18n import CATALOGUES, t

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
EXAMPLE = ROOT / "examples" / "console-game.txt"
_SAID = re.compile(r"^\[(?P<who>[a-z0-9_.-]+)\] (?P<text>.*)$")


def console_section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## Playing in the console\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


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
    pattern = re.escape(CATALOGUES["en"][key])
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
