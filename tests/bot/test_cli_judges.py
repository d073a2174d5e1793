"""``gobot score --estimate`` asks both judges (the estimator and a GTP engine), and ``score``
without ``--estimate`` never runs the estimator. The engine here is a fake GTP script
(``fake_gtp_engine.py``); one test asks the real GNU Go when it is installed."""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.cli_score import looks_dead
from bot.replay import replay_record
from engine.coords import format_vertex
from gtp.client import find_gnugo
from records.sgf import read_sgf

from .test_cli import FINISHED

FAKE = Path(__file__).with_name("fake_gtp_engine.py")
ALONE = "the bot's own judgement alone"
# FINISHED with D5 and E5 taken off: the walls are open, play goes on near them
OPEN = FINISHED.replace(b"[de]", b"").replace(b"[ee]", b"")
OLD_KEYS = {"result", "black", "white", "dead", "dame", "seki", "voiding_dame", "connect"}


def fake(*options: str) -> str:
    """The ``--engine`` command line of the fake engine with ``options``."""
    return shlex.join([sys.executable, str(FAKE), *options])


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    path = tmp_path / "finished.sgf"
    path.write_bytes(FINISHED)
    return path


def score(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["score", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def score_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[dict[str, object], str]:
    code, out, err = score(capsys, *args, "--json")
    assert code == 0
    data: dict[str, object] = json.loads(out)
    return data, err


def gone(pidfile: Path) -> bool:
    """The process whose id ``pidfile`` holds has ended and was waited for (a zombie would
    still take signal 0). No file: it was killed before it wrote one (a short budget on a busy
    machine)."""
    if not pidfile.exists() or not pidfile.read_text():
        return True
    try:
        os.kill(int(pidfile.read_text()), 0)
    except ProcessLookupError:
        return True
    return False


def test_no_engine_is_the_estimator_alone(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, err = score_json(capsys, str(finished), "--estimate", "--no-engine")
    assert err == ""
    assert OLD_KEYS | {"unsettled", "disputed", "judges", "recorded"} == set(data)
    assert (data["dead"], data["result"]) == (["B8"], "W+14.5")
    assert (data["judges"], data["disputed"], data["unsettled"]) == (["estimator"], [], [])
    code, out, _ = score(capsys, str(finished), "--estimate", "--no-engine")
    assert code == 0
    assert out.splitlines()[3:] == ["Dead stones: B8", "Judges: estimator"]


def test_the_engine_is_told_the_game_and_ends(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The judges agree on B8: no dispute; the engine saw the stones, was asked once and quit."""
    log, pidfile = tmp_path / "gtp.log", tmp_path / "pid"
    engine = fake("--dead", "B8", "--log", str(log), "--pidfile", str(pidfile))
    data, err = score_json(
        capsys, str(finished), "--estimate", "--engine", engine, "--engine-seconds", "60"
    )
    assert err == ""
    assert data["judges"] == ["estimator", "Fake Engine"]
    assert (data["dead"], data["disputed"], data["result"]) == (["B8"], [], "W+14.5")
    commands = log.read_text().splitlines()
    assert commands[:4] == ["name", "boardsize 9", "clear_board", "komi 6.5"]
    assert {"play B D1", "play W E9", "play W B8", "play B pass", "play W pass"} <= set(commands)
    assert commands[-2:] == ["final_status_list dead", "quit"]
    assert gone(pidfile)


def test_setup_in_the_middle_tells_the_engine_the_final_stones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """AW[cc] after move 1 is no move: the engine is given the stones on the board instead."""
    path, log = tmp_path / "late.sgf", tmp_path / "gtp.log"
    path.write_bytes(b"(;SZ[9]KM[0];B[ee];AW[cc];W[gg];B[];W[])")
    engine = fake("--log", str(log))
    data, err = score_json(
        capsys, str(path), "--estimate", "--engine", engine, "--engine-seconds", "60"
    )
    assert err == "" and data["judges"] == ["estimator", "Fake Engine"]
    plays = [c for c in log.read_text().splitlines() if c.startswith("play ")]
    assert sorted(plays) == ["play B E5", "play W C7", "play W G3"]


def test_disputed_groups_in_the_text_and_the_json(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The engine calls both walls dead: too big to read again, so both stay disputed and are
    counted as the estimator sees them (alive); the tally's lines stay as they are."""
    args = [str(finished), "--estimate", "--engine", fake("--dead", "B8 E5 D5")]
    data, err = score_json(capsys, *args, "--engine-seconds", "60")
    assert err == ""
    assert data["disputed"] == [
        ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9"],
        ["E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9"],
    ]
    assert (data["dead"], data["result"]) == (["B8"], "W+14.5")
    code, out, _ = score(capsys, *args, "--engine-seconds", "60")
    assert code == 0
    assert out.splitlines() == [
        "Black: 27 territory + 1 prisoners = 28",
        "White: 36 territory + 0 prisoners + 6.5 komi = 42.5",
        "Result: W+14.5 — White wins by 14.5 points",
        "Dead stones: B8",
        "Judges: estimator, Fake Engine",
        "Disputed (the judges disagree): D1 D2 D3 D4 D5 D6 D7 D8 D9 (counted alive); "
        "E1 E2 E3 E4 E5 E6 E7 E8 E9 (counted alive) — the result depends on them: check them, "
        "and name the dead stones with --dead instead of --estimate",
    ]


def test_open_play_is_said_below_the_tally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "open.sgf"
    path.write_bytes(OPEN)
    data, _ = score_json(capsys, str(path), "--estimate", "--no-engine")
    assert data["unsettled"] and data["disputed"] == []
    _, out, _ = score(capsys, str(path), "--estimate", "--no-engine")
    assert out.splitlines()[-1] == (
        f"Play is still open near {' '.join(data['unsettled'])} — the count is not final: "  # type: ignore[arg-type]
        "resume and play there, or name the dead stones with --dead"
    )


def test_an_engine_that_never_answers_is_killed_and_the_estimator_judges(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pidfile = tmp_path / "pid"
    engine = fake("--hang", "--pidfile", str(pidfile))
    data, err = score_json(
        capsys, str(finished), "--estimate", "--engine", engine, "--engine-seconds", "0.2"
    )
    assert err == f"WARNING {finished}: the engine did not answer in 0.2 s: {ALONE}\n"
    assert (data["judges"], data["dead"]) == (["estimator"], ["B8"])
    assert gone(pidfile)


@pytest.mark.parametrize(
    ("engine", "why"),
    [
        (fake("--exit"), "the engine exited while answering 'final_status_list'"),
        (fake("--refuse"), "final_status_list dead: unknown command"),
        ("/nonexistent/engine --mode gtp", "cannot start /nonexistent/engine: No such file"),
    ],
)
def test_an_engine_that_fails_is_one_warning(
    finished: Path, capsys: pytest.CaptureFixture[str], engine: str, why: str
) -> None:
    data, err = score_json(
        capsys, str(finished), "--estimate", "--engine", engine, "--engine-seconds", "60"
    )
    assert err.startswith(f"WARNING {finished}: the engine failed ({why}")
    assert err.endswith(f"): {ALONE}\n") and err.count("\n") == 1
    assert (data["judges"], data["dead"]) == (["estimator"], ["B8"])


def test_gobot_engine_is_the_default_engine(
    finished: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOBOT_ENGINE", fake("--dead", "B8", "--name", "Configured"))
    data, err = score_json(capsys, str(finished), "--estimate", "--engine-seconds", "60")
    assert err == "" and data["judges"] == ["estimator", "Configured"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--engine", "gnugo 'unclosed"], "argument --engine: gnugo 'unclosed: No closing"),
        (["--engine", " "], "argument --engine: an empty command"),
        (["--engine", "x", "--no-engine"], "argument --no-engine: not allowed with argument"),
        (["--engine-seconds", "0"], "argument --engine-seconds: 0 is not a time"),
    ],
)
def test_engine_options_are_checked(
    finished: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["score", str(finished), "--estimate", *args])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err.splitlines()[-1]


def test_the_json_keys_are_the_same_without_estimate(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, _ = score_json(capsys, str(finished), "--dead", "B8")
    assert OLD_KEYS | {"unsettled", "disputed", "judges", "recorded"} == set(data)
    assert (data["unsettled"], data["disputed"], data["judges"]) == ([], [], [])


def test_score_without_estimate_never_runs_the_estimator_or_an_engine(
    finished: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its "looks unfinished" warning comes from cheap checks only."""

    def forbidden(*_: object, **__: object) -> None:
        raise AssertionError("the estimator or the engine was asked")

    import engine.estimate
    import engine.judging
    import gtp.judge

    for module, name in [
        (engine.estimate, "estimate"),
        (engine.estimate, "estimate_dead"),
        (engine.estimate, "_analyse"),
        (engine.judging, "judge"),
        (gtp.judge, "ask_dead_stones"),
    ]:
        monkeypatch.setattr(module, name, forbidden)
    monkeypatch.setenv("GOBOT_ENGINE", fake("--dead", "B8"))
    code, out, err = score(capsys, str(finished), "--engine", fake())
    assert code == 0 and "Result: W+42.5" in out
    assert err == (
        f"WARNING {finished}: the position looks unfinished: "
        "1 stones look dead (--estimate marks them, --dead names)\n"
    )
    path = tmp_path / "open.sgf"
    path.write_bytes(OPEN)
    code, _, err = score(capsys, str(path), "--json")
    assert code == 0 and "play is still open near" in err


def test_looks_dead_names_stones_in_the_opponents_area() -> None:
    """B8 stands in Black's area (its region's border: nine black stones, one white); the walls
    have their own sides. With the walls open, the region is everyone's: nothing looks dead."""
    board = replay_record(read_sgf(FINISHED)).board
    assert sorted(format_vertex(p) for p in looks_dead(board)) == ["B8"]
    open_board = replay_record(read_sgf(OPEN)).board
    assert looks_dead(open_board) == frozenset()


def test_render_counting_asks_the_engine_too(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_png = tmp_path / "count.png"
    engine = fake("--hang")
    args = ["render", str(finished), "--counting", "--estimate", "-o", str(out_png)]
    assert main([*args, "--engine", engine, "--engine-seconds", "0.2"]) == 0
    captured = capsys.readouterr()
    assert captured.err == f"WARNING {finished}: the engine did not answer in 0.2 s: {ALONE}\n"
    assert out_png.read_bytes().startswith(b"\x89PNG")


@pytest.mark.skipif(find_gnugo() is None, reason="GNU Go is not installed (apt-get install gnugo)")
def test_gnu_go_is_the_second_judge(
    finished: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GOBOT_ENGINE", raising=False)
    data, err = score_json(capsys, str(finished), "--estimate", "--engine-seconds", "120")
    assert err == ""
    assert data["judges"] == ["estimator", "GNU Go"]
    assert (data["dead"], data["disputed"], data["result"]) == (["B8"], [], "W+14.5")


def test_a_mistake_in_dead_is_said_before_the_engine_is_asked(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "gtp.log"
    engine = fake("--hang", "--log", str(log))
    code, out, err = score(capsys, str(finished), "--estimate", "--engine", engine, "--dead", "A1")
    assert (code, out, err) == (2, "", "error: --dead names stones, but A1 is empty\n")
    assert not log.exists()


def test_render_counting_marks_the_disputed_groups(
    finished: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import bot.render_sgf

    views: list[Any] = []
    drawn = bot.render_sgf.snapshot

    def keep(view: Any) -> Any:
        views.append(view)
        return drawn(view)

    monkeypatch.setattr(bot.render_sgf, "snapshot", keep)
    engine = fake("--dead", "B8 E5")
    args = ["render", str(finished), "--counting", "--estimate", "-o", str(tmp_path / "c.png")]
    assert main([*args, "--engine", engine, "--engine-seconds", "60"]) == 0
    assert capsys.readouterr().err == ""
    (view,) = views
    assert view.disputed == {(row, 4) for row in range(9)}  # the E column
    assert "disputed" in str(view.tally)  # the result depends on them
