"""Animated replays: frame counts, byte bounds and the final frame."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from renderer import Snapshot, render_animation, render_image
from renderer.animation import sample

ORDER = [(r, c) for r in range(9) for c in range(9) if (r * 5 + c * 3) % 4 != 0]


def game(moves: int) -> list[Snapshot]:
    """A replay: one snapshot per move, alternating colours."""
    snaps = []
    for n in range(1, moves + 1):
        played = ORDER[:n]
        snaps.append(
            Snapshot(
                9,
                black=frozenset(played[0::2]),
                white=frozenset(played[1::2]),
                last_move=played[-1],
                move_number=n,
                to_move="W" if n % 2 else "B",
            )
        )
    return snaps


@pytest.mark.parametrize(("moves", "frames"), [(1, 1), (12, 12), (50, 20)])
def test_frame_count(moves: int, frames: int) -> None:
    data = render_animation(game(moves), max_frames=20)
    im = Image.open(io.BytesIO(data))
    assert im.format == "GIF"
    assert getattr(im, "n_frames", 1) == frames


def test_last_frame_is_the_final_position_and_bytes_are_bounded() -> None:
    snaps = game(50)
    data = render_animation(snaps, width=360, max_frames=25, max_bytes=400_000)
    assert len(data) <= 400_000
    im = Image.open(io.BytesIO(data))
    im.seek(im.n_frames - 1)
    assert ImageChops.difference(im.convert("RGB"), render_image(snaps[-1], 360)).getbbox() is None


def test_byte_bound_drops_frames() -> None:
    snaps = game(50)
    full = render_animation(snaps, width=360, max_frames=40)
    small = render_animation(snaps, width=360, max_frames=40, max_bytes=len(full) // 2)
    assert len(small) <= len(full) // 2
    assert Image.open(io.BytesIO(small)).n_frames < 40


def test_webp_replay() -> None:
    data = render_animation(game(10), width=360, fmt="WEBP")
    im = Image.open(io.BytesIO(data))
    assert im.format == "WEBP" and im.n_frames == 10


def test_sample_keeps_first_and_last() -> None:
    snaps = game(30)
    picked = sample(snaps, 7)
    assert len(picked) == 7 and picked[0] is snaps[0] and picked[-1] is snaps[-1]
    with pytest.raises(ValueError, match="at least one snapshot"):
        render_animation([])
