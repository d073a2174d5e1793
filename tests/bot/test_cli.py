"""The organiser's command line: stable output formats and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.cli_score import score_game
from bot.replay import replay_record
from engine.colors import Color
from engine.coords import Point
from engine.diagram import parse_diagram
from engine.filling import propose_fill
from engine.game import Fill, Game, Phase
from records.sgf import load_sgf, read_sgf, write_sgf

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


# -- hostile input: nothing a file contains breaks the tool -------------------------------------

HOSTILE = {
    "pl": b"(;SZ[9]PL[1];B[ee])",
    "twice": b"(;GM[1]FF[4]SZ[19]KM[6.5][0.5]PB[Black][Black]PW[White][White];B[pd];W[dp])",
    "bad-bytes": b"(;CA[UTF-8]SZ[9]PB[J\xfcrgen];B[ee])",
    "punycode": b"(;CA[punycode]SZ[9]PB[J\xc3\xbcrgen];B[ee])",
    "rot13": b"(;CA[rot13]SZ[9]PB[Alice];B[ee])",
    "base64": b"(;CA[base64]SZ[9]PW[Bob];B[ee])",
    "hex": b"(;CA[hex]SZ[9]C[hello];B[ee])",
    "ab-aw": b"(;SZ[9]AB[ee]AW[ee];B[aa])",
    "airless": b"(;SZ[9]AB[aa]AW[ab][ba];B[ee])",
    "ha1": b"(;GM[1]FF[4]SZ[19]HA[1]KM[0.5]PB[B]PW[W];B[pd];W[dp])",
    "tiny": b"(;SZ[2];B[aa];W[bb])",
    "late-setup": b"(;SZ[9];B[ee];AB[aa]AW[ii];W[cc];B[gg])",
}
READ_FINE = ("pl", "twice", "bad-bytes", "punycode", "rot13", "base64", "hex", "ha1", "tiny")


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, data in HOSTILE.items():
        out[name] = tmp_path / f"{name}.sgf"
        out[name].write_bytes(data)
    return out


def test_one_bad_file_never_stops_the_batch(
    hostile: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Every file gets its line, then the summary; sloppy files are read with warnings."""
    paths = [str(p) for p in hostile.values()]
    assert main(["replay", *paths]) == 2
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert len(out) == len(paths) + 1 and "Traceback" not in captured.err
    lines = dict(zip(paths, out, strict=False))
    for name in (*READ_FINE, "late-setup"):
        assert lines[str(hostile[name])].startswith(f"OK {hostile[name]} ("), name
    ab_aw = hostile["ab-aw"]
    assert lines[str(ab_aw)] == f"ERROR {ab_aw}: node 0: AB and AW both name E5"
    assert lines[str(hostile["airless"])] == (
        f"ERROR {hostile['airless']}: node 0: setup leaves the black stone at A9 without a liberty"
    )
    assert out[-1] == f"{len(paths)} files: {len(paths) - 2} legal, 0 illegal, 2 unreadable"
    warnings = captured.err.splitlines()
    assert f"WARNING {hostile['pl']}: PL[1] is not B or W; ignored" in warnings
    assert f"WARNING {hostile['twice']}: PW[White][White] has 2 values; the first is used" in (
        warnings
    )
    assert all(line.startswith("WARNING ") for line in warnings)
    for name in ("punycode", "rot13", "base64", "hex"):
        assert any(w.startswith(f"WARNING {hostile[name]}: CA[{name}] is not") for w in warnings)


def test_an_unexpected_failure_is_one_line_and_the_batch_goes_on(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def flaky(path: str) -> object:
        if path == str(files["broken"]):
            raise RuntimeError()
        if path == str(files["ko"]):
            raise KeyError("oops")
        return load_sgf(path)

    monkeypatch.setattr("bot.replay.load_sgf", flaky)
    code = main(["replay", str(files["broken"]), str(files["ko"]), str(files["legal"])])
    out = capsys.readouterr().out.splitlines()
    assert code == 2
    assert out == [
        f"ERROR {files['broken']}: unexpected RuntimeError: RuntimeError",
        f"ERROR {files['ko']}: unexpected KeyError: 'oops'",
        f"OK {files['legal']} (3 moves)",
        "3 files: 1 legal, 0 illegal, 2 unreadable",
    ]


@pytest.mark.parametrize("name", READ_FINE)
def test_score_reads_what_replay_reads(
    hostile: dict[str, Path], capsys: pytest.CaptureFixture[str], name: str
) -> None:
    assert main(["score", str(hostile[name]), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["result"]
    assert all(line.startswith(f"WARNING {hostile[name]}: ") for line in captured.err.splitlines())


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ab-aw", "ERROR {path}: node 0: AB and AW both name E5"),
        ("airless", "ERROR {path}: node 0: setup leaves the black stone at A9 without a liberty"),
    ],
)
def test_score_says_what_is_wrong(
    hostile: dict[str, Path], capsys: pytest.CaptureFixture[str], name: str, message: str
) -> None:
    assert main(["score", str(hostile[name])]) == 2
    assert capsys.readouterr().err.splitlines() == [message.format(path=hostile[name])]


def test_score_never_prints_an_empty_error(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def silent(*_: object) -> None:
        raise ValueError()

    monkeypatch.setattr("bot.cli_score.score_game", silent)
    assert main(["score", str(files["finished"])]) == 2
    assert capsys.readouterr().err.strip() == "error: ValueError"


def test_setup_in_the_middle_is_applied_in_its_place(
    hostile: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """AB[aa]AW[ii] after move 1: Black's A9 and White's J1 are on the board (and count), and
    are not moves."""
    game = replay_record(load_sgf(hostile["late-setup"]))
    stones = dict(game.board.stones())
    assert stones[Point(8, 0)] is Color.BLACK and stones[Point(0, 8)] is Color.WHITE
    assert game.move_number == 3 and len(stones) == 5
    assert replay_record(load_sgf(hostile["late-setup"]), 0).board.get(Point(8, 0)) is None
    assert main(["replay", str(hostile["late-setup"])]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2] == f"OK {hostile['late-setup']} (3 moves)"


def test_setup_that_leaves_no_liberty_in_the_middle_is_illegal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "late.sgf"
    path.write_bytes(b"(;SZ[9];B[aa];AW[ab][ba];W[ee])")
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[0] == (
        f"ILLEGAL {path}: setup stones after move 1: "
        "setup leaves the black stone at A9 without a liberty"
    )


def test_the_bots_own_record_after_filldame_round_trips() -> None:
    """The agreed fill is written as AB/AW after the stop; it replays as the engine's fill."""
    size, stones = parse_diagram(
        """
        . X O . .
        . X O . .
        . X O . .
        . X O . .
        . X . O .
        """
    )
    game = Game(size, 0.5)
    black = sorted(p for p, c in stones.items() if c is Color.BLACK)
    white = sorted(p for p, c in stones.items() if c is Color.WHITE)
    for b, w in zip(black, white, strict=True):
        game.play(Color.BLACK, b)
        game.play(Color.WHITE, w)
    game.play(Color.BLACK, None)
    game.play(Color.WHITE, None)
    fill = tuple(propose_fill(game.board))
    assert fill
    game.fill(fill)
    record = read_sgf(write_sgf(game))
    again = replay_record(record)
    assert again.phase is Phase.STOPPED and again.move_number == game.move_number
    assert dict(again.board.stones()) == dict(game.board.stones())
    fills = [e for e in again.history if isinstance(e, Fill)]
    assert len(fills) == 1 and set(fills[0].stones) == set(fill)
    assert (
        score_game(again, None, False, False, 0.5).result
        == score_game(game, None, False, False, 0.5).result
    )


def test_small_boards_replay_and_score(
    hostile: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """SGF allows boards smaller than a new game's 5×5: 2×2 here, both stones in seki."""
    assert main(["replay", str(hostile["tiny"])]) == 0
    assert capsys.readouterr().out.startswith(f"OK {hostile['tiny']} (2 moves)")
    assert main(["score", str(hostile["tiny"]), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["result"], data["dame"], data["seki"]) == ("0", ["A1", "B2"], ["A2", "B1"])


def test_score_shows_the_recorded_result_beside_its_own_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The organiser sees the file's RE next to the count (Art. 10), and whether they agree."""
    path = tmp_path / "recorded.sgf"
    path.write_bytes(FINISHED.replace(b"RU[Japanese]", b"RU[Japanese]RE[W+14.5]"))
    assert main(["score", str(path), "--dead", "B8"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Recorded result (RE): W+14.5 — the same as this count" in out
    assert main(["score", str(path), "--dead", "B8", "--komi", "0.5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["recorded"], data["result"]) == ("W+14.5", "W+8.5")


def test_score_without_dead_stones_warns_when_the_position_looks_unfinished(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Counting with no stone marked dead while one plainly is (B8) warns on stderr; with
    --dead or --estimate the organiser has decided, and nothing is said."""
    assert main(["score", str(files["finished"])]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"WARNING {files['finished']}: the position looks unfinished: ")
    assert "1 stones look dead" in err
    assert main(["score", str(files["finished"]), "--dead", "B8"]) == 0
    assert capsys.readouterr().err == ""


def test_score_names_the_connection_of_a_chain_in_atari(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Art. 8 (docs/rules.md "Territory" step 4): E1 is in atari, so Black's area does not count
    until Black connects at D1; --fill-dame adds that necessary stone."""
    path = tmp_path / "atari.sgf"
    path.write_bytes(
        b"(;GM[1]FF[4]SZ[7]KM[0]AB[da][db][dc][dd][de][df][eg]"
        b"AW[ea][eb][ec][ed][ee][ef][fg];B[];W[])"
    )
    assert main(["score", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["connect"], data["result"]) == (["D1"], "W+13")
    assert main(["score", str(path), "--fill-dame", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["connect"], data["result"]) == ([], "B+8")


@pytest.mark.parametrize("komi", ["nan", "inf", "-inf", "1e400", "1001", "-1e308", "lots"])
def test_score_refuses_a_komi_that_is_no_real_komi(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], komi: str
) -> None:
    """No traceback and no 300-digit result: argparse's one line, exit 2."""
    with pytest.raises(SystemExit) as stopped:
        main(["score", str(files["finished"]), f"--komi={komi}"])
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("usage: gobot score")
    assert captured.err.splitlines()[-1] == (
        f"gobot score: error: argument --komi: {komi} is not a komi: "
        "use a number from -1000 to 1000"
    )


def score_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: bytes, new: bytes
) -> tuple[Path, list[str], str]:
    """``score`` (B8 dead) of the finished game with ``old`` replaced by ``new``: the file, the
    lines printed and the standard error."""
    path = tmp_path / "changed.sgf"
    path.write_bytes(FINISHED.replace(old, new))
    assert main(["score", str(path), "--dead", "B8"]) == 0
    captured = capsys.readouterr()
    return path, captured.out.splitlines(), captured.err


def test_score_reads_an_absurd_km_as_komi_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, out, err = score_changed(tmp_path, capsys, b"KM[6.5]", b"KM[1e308]")
    assert err == f"WARNING {path}: KM[1e308] is beyond ±1000 points; komi 0 is used\n"
    assert "Result: W+8 — White wins by 8 points" in out


def test_score_writes_its_output_inside_the_one_line_error_handling(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def overflowing(*_: object) -> None:
        raise OverflowError("cannot convert float infinity to integer")

    monkeypatch.setattr("bot.cli_score.score_json", overflowing)
    assert main(["score", str(files["finished"]), "--dead", "B8", "--json"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"ERROR {files['finished']}: unexpected OverflowError: "
        "cannot convert float infinity to integer"
    ]


def test_score_prints_the_recorded_result_without_terminal_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = score_changed(tmp_path, capsys, b"RU[Japanese]", b"RU[Japanese]RE[\x1b[2Jx\x07]")
    assert "Recorded result (RE): ?[2Jx? — not the same as this count" in out
    assert all(c.isprintable() for line in out for c in line)
