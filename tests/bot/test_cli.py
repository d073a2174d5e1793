"""The organiser's command line: stable output formats and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

# A finished 9×9 game: Black owns the left, White the right; a dead white stone at B8 inside
# Black's area, a dame at E9 between the walls... (see the diagram in the test below).
FINISHED = (
    b"(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]"
    b"AB[da][db][dc][dd][de][df][dg][dh][di]"
    b"AW[ea][eb][ec][ed][ee][ef][eg][eh][ei][bb]"
    b";B[]C[end];W[])"
)


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {
        "legal": b"(;SZ[9]KM[6.5];B[ee];W[ec];B[dd])",
        "ko": b"(;SZ[9];B[ba];W[ca];B[ab];W[bb];B[cb];W[aa];B[ba];W[aa])",
        "occupied": b"(;SZ[9];B[ee];W[ee])",
        "turn": b"(;SZ[9];B[ee];B[ec])",
        "suicide": b"(;SZ[9];B[ba];W[cc];B[ab];W[aa])",
        "broken": b"(;SZ[9];B[ee]",
        "finished": FINISHED,
    }
    out = {}
    for name, data in paths.items():
        path = tmp_path / f"{name}.sgf"
        path.write_bytes(data)
        out[name] = path
    return out


def test_replay_all_legal(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(files["legal"])]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"OK {files['legal']} (3 moves)"
    assert lines[-1] == "1 files: 1 legal, 0 illegal, 0 unreadable"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("ko", "move 7 (B B9): ko"),
        ("occupied", "move 2 (W E5): occupied"),
        ("turn", "move 2 (B E7): out of turn"),
        ("suicide", "move 4 (W A9): suicide"),
    ],
)
def test_replay_reports_the_first_illegal_move(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], name: str, expected: str
) -> None:
    assert main(["replay", str(files[name])]) == 1
    assert capsys.readouterr().out.splitlines()[0] == f"ILLEGAL {files[name]}: {expected}"


def test_replay_unreadable_wins_the_exit_code(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["replay", str(files["legal"]), str(files["ko"]), str(files["broken"])])
    out = capsys.readouterr().out.splitlines()
    assert code == 2
    assert out[2] == f"ERROR {files['broken']}: line 1: a '(' is never closed"
    assert out[-1] == "3 files: 1 legal, 1 illegal, 1 unreadable"


def test_score_json(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """Art. 8 and 10: the dead stone at B8 is removed as Black's prisoner."""
    assert main(["score", str(files["finished"]), "--dead", "B8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["black"] == {"territory": 27, "prisoners": 1, "score": 28}
    assert data["white"] == {"territory": 36, "prisoners": 0, "komi": 6.5, "score": 42.5}
    assert data["result"] == "W+14.5"
    assert data["dead"] == ["B8"] and data["dame"] == [] and data["voiding_dame"] == []


def test_score_without_the_dead_mark_leaves_seki_like_dame(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --dead, the white stone at B8 is alive: Black's area holds no territory."""
    assert main(["score", str(files["finished"]), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["black"]["territory"] == 0
    assert "B8" in data["seki"]


def test_score_text_is_the_tally(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(files["finished"]), "--dead", "b8", "--komi", "0.5"]) == 0
    out = capsys.readouterr().out
    assert "Black: 27 territory + 1 prisoners = 28" in out
    assert "White: 36 territory + 0 prisoners + 0.5 komi = 36.5" in out
    assert "Result: W+8.5 — White wins by 8.5 points" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dead", "Z9"], "Z9 is off a 9×9 board (A1–J9)"),
        (["--dead", "A1"], "--dead names stones, but A1 is empty"),
        (["--dead", "hello"], "is not a point"),
    ],
)
def test_score_bad_input(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["score", str(files["finished"]), *args]) == 2
    assert message in capsys.readouterr().err


def test_score_illegal_and_unreadable(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(files["ko"])]) == 1
    assert main(["score", str(files["broken"])]) == 2
    err = capsys.readouterr().err
    assert "ILLEGAL" in err and "ERROR" in err


def test_console_script_help() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "bot.cli", "--help"], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0
    for command in ("replay", "score", "run"):
        assert command in run.stdout
    sub = subprocess.run(
        [sys.executable, "-m", "bot.cli", "score", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "--fill-dame" in sub.stdout and "--estimate" in sub.stdout
