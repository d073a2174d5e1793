"""``gobot render``: position, counting and animated images from SGF files."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main
from renderer import DEFAULT_WIDTH, geometry

GAME = b"(;SZ[9]KM[6.5]PB[Alice]PW[Bob];B[ee];W[cc];B[gc];W[cg];B[gg])"


@pytest.fixture
def sgf(tmp_path: Path) -> Path:
    path = tmp_path / "game.sgf"
    path.write_bytes(GAME)
    return path


def _pixel(png: Path, size: int, vertex: tuple[int, int], width: int) -> tuple[int, ...]:
    """A pixel a little off the intersection (a stone covers it; an empty point shows wood)."""
    image = Image.open(io.BytesIO(png.read_bytes())).convert("RGB")
    grid = geometry(size, width)
    x, y = grid.center(*vertex)
    return image.getpixel((x + grid.cell // 4, y + grid.cell // 4))  # type: ignore[return-value]


def test_position_after_move_n(sgf: Path, tmp_path: Path) -> None:
    out = tmp_path / "b.png"
    assert main(["render", str(sgf), "-o", str(out), "--move", "1", "--size", "600"]) == 0
    image = Image.open(out)
    assert image.width == 600
    assert sum(_pixel(out, 9, (4, 4), 600)) < 200  # Black's E5 is there
    assert sum(_pixel(out, 9, (6, 2), 600)) > 350  # White's C7 is not there yet: wood shows


def test_counting_and_animation(sgf: Path, tmp_path: Path) -> None:
    out, gif = tmp_path / "count.png", tmp_path / "replay.gif"
    code = main(
        ["render", str(sgf), "-o", str(out), "--counting", "--theme", "dark", "--animate", str(gif)]
    )
    assert code == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    frames = Image.open(gif)
    assert frames.format == "GIF" and getattr(frames, "n_frames", 1) >= 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "say where to write"),
        (["-o", "x.png", "--move", "9"], "--move must be 0 to 5"),
        (["-o", "x.png", "--size", "50"], "--size must be"),
        (["-o", "x.png", "--counting", "--dead", "A1"], "A1 is empty"),
    ],
)
def test_bad_input_is_a_clear_error(
    sgf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    args = [a if a != "x.png" else str(tmp_path / "x.png") for a in args]
    assert main(["render", str(sgf), *args]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


# -- hostile and unusual files -------------------------------------------------------------------

LATE_SETUP = b"(;SZ[9];B[ee];W[cc];AB[aa]AW[ii]AE[ee];B[gg])"


def _write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "file.sgf"
    path.write_bytes(data)
    return path


def test_setup_in_the_middle_is_drawn_from_its_move_on(tmp_path: Path) -> None:
    """AB[aa]AW[ii]AE[ee] after move 2: not there after move 1, there after move 2."""
    sgf = _write(tmp_path, LATE_SETUP)
    before, after, gif = tmp_path / "1.png", tmp_path / "2.png", tmp_path / "r.gif"
    assert main(["render", str(sgf), "-o", str(before), "--move", "1", "--size", "600"]) == 0
    assert main(["render", str(sgf), "-o", str(after), "--move", "2", "--size", "600"]) == 0
    assert sum(_pixel(before, 9, (8, 0), 600)) > 350  # A9 empty: wood
    assert sum(_pixel(before, 9, (4, 4), 600)) < 200  # E5 black
    assert sum(_pixel(after, 9, (8, 0), 600)) < 200  # A9 set up black
    assert sum(_pixel(after, 9, (4, 4), 600)) > 350  # E5 emptied by AE
    assert main(["render", str(sgf), "--animate", str(gif)]) == 0
    assert getattr(Image.open(gif), "n_frames", 1) == 5  # start, three moves, one setup


@pytest.mark.parametrize(("size", "moves"), [(2, b";B[aa];W[bb]"), (3, b";B[bb]"), (4, b"")])
def test_small_boards_are_drawn(tmp_path: Path, size: int, moves: bytes) -> None:
    sgf = _write(tmp_path, b"(;SZ[%d]" % size + moves + b")")
    out, gif = tmp_path / "small.png", tmp_path / "small.gif"
    assert main(["render", str(sgf), "-o", str(out), "--counting", "--animate", str(gif)]) == 0
    assert Image.open(out).width == DEFAULT_WIDTH


@pytest.mark.parametrize(
    ("data", "warning"),
    [
        (b"(;SZ[9]PL[1];B[ee])", "PL[1] is not B or W; ignored"),
        (b"(;CA[rot13]SZ[9]PB[Alice];B[ee])", "CA[rot13] is not a text encoding"),
        (b"(;CA[hex]SZ[9]PW[Bob];B[ee])", "CA[hex] is not a text encoding"),
        (b"(;SZ[9]PB[" + b"Alice" * 2800 + b"]PW[" + b"Bobby" * 2800 + b"];B[ee])", "cut to 100"),
    ],
)
def test_sloppy_files_render_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, warning: str
) -> None:
    sgf, out = _write(tmp_path, data), tmp_path / "out.png"
    assert main(["render", str(sgf), "-o", str(out)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err and all(line.startswith(f"WARNING {sgf}: ") for line in err)
    assert any(warning in line for line in err)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"(;SZ[9]AB[ee]AW[ee])", "node 0: AB and AW both name E5"),
        (b"(;SZ[9]AB[aa]AW[ab][ba])", "setup leaves the black stone at A9 without a liberty"),
        (b"(;SZ[9];B[aa];AW[ab][ba])", "setup stones after move 1: setup leaves the black"),
    ],
)
def test_hostile_files_are_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, message: str
) -> None:
    sgf, out = _write(tmp_path, data), tmp_path / "out.png"
    assert main(["render", str(sgf), "-o", str(out)]) in (1, 2)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and message in err[0] and str(sgf) in err[0]
    assert not out.exists()
