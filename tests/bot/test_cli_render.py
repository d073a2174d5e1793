"""``gobot render``: position, counting and animated images from SGF files."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main
from renderer import geometry

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
