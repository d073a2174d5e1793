"""Every ``gobot`` command ends quietly when its output is closed early (``gobot games | head
-1``, ``… | gobot run | head -1``): no error line, no traceback, and the status a shell gives a
program that wrote into a closed pipe (141), or 0 when all was written before it closed.

Each test runs the real command with its standard output a pipe whose reading end is already
closed, so that its first write finds the reader gone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import startup

ROOT = Path(__file__).resolve().parents[2]
SGF = ROOT / "tests" / "data" / "engine_endings" / "gnugo-9-035.sgf"
GOBOT = "from bot.cli import main; raise SystemExit(main(sys.argv[1:]))"
GAME = (ROOT / "examples" / "console-game.txt").read_text()


def run_into_a_closed_pipe(argv: list[str], tmp_path: Path, stdin: str = "") -> tuple[int, str]:
    """Run ``python argv`` with its output a pipe nobody reads any more; its exit status and
    what it said on standard error."""
    environment = {
        **{k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")},
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": f"sqlite:///{tmp_path}/games.db",
        "BOARDS_DIR": "",
        "LOG_LEVEL": "WARNING",
        "GOBOT_ENGINE": "",
    }
    reading, writing = os.pipe()
    os.close(reading)  # the reader is gone before anything is written
    try:
        child = subprocess.run(
            [sys.executable, *argv],
            input=stdin.encode(),
            stdout=writing,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
            env=environment,
            timeout=120,
            check=False,
        )
    finally:
        os.close(writing)
    return child.returncode, child.stderr.decode()


@pytest.mark.parametrize(
    "argv",
    [
        ["-m", "bot"],
        ["-c", f"import sys; {GOBOT}", "run"],
    ],
    ids=["python -m bot", "gobot run"],
)
def test_the_console_ends_quietly(tmp_path: Path, argv: list[str]) -> None:
    code, said = run_into_a_closed_pipe(argv, tmp_path, stdin=GAME)
    assert code == startup.EXIT_OUTPUT_CLOSED == 141, said
    assert said == ""


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["games"],
        ["ratings", "--json"],
        ["replay", str(SGF), str(SGF)],
        ["score", str(SGF)],
        ["render", str(SGF), "-o", "out.png"],
    ],
    ids=" ".join,
)
def test_every_command_ends_quietly(tmp_path: Path, args: list[str]) -> None:
    """With a database holding a game (``games``, ``ratings``); the warnings a command gives on
    standard error about its input still come (``score`` of an unfinished position)."""
    code, said = run_into_a_closed_pipe(["-m", "bot"], tmp_path, stdin=GAME)  # the database
    assert code == startup.EXIT_OUTPUT_CLOSED and (tmp_path / "games.db").exists(), said
    code, said = run_into_a_closed_pipe(["-c", f"import sys; {GOBOT}", *args], tmp_path)
    assert code in (0, startup.EXIT_OUTPUT_CLOSED), said
    assert "Traceback" not in said and "pipe" not in said.lower() and "error" not in said.lower()
