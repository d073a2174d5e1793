"""Animated replays: a GIF or animated WebP of a finished game, a few seconds long."""

from __future__ import annotations

import io
import itertools
from collections.abc import Sequence
from typing import Literal

from PIL import Image, ImageChops

from renderer.canvas import BAND_INDEX, TRANSPARENT
from renderer.render import render_palette_image
from renderer.snapshot import Snapshot

ANIMATION_WIDTH = 480
MAX_FRAMES = 60
MIN_FRAME_MS = 40  # browsers slow down anything faster than 20 ms a frame
MAX_BYTES = 2_000_000


def sample(snapshots: Sequence[Snapshot], max_frames: int = MAX_FRAMES) -> list[Snapshot]:
    """At most max_frames snapshots, evenly spaced, always keeping the first and the last."""
    n = len(snapshots)
    if n <= max_frames:
        return list(snapshots)
    picks = [round(i * (n - 1) / (max_frames - 1)) for i in range(max_frames)]
    return [snapshots[i] for i in picks]


def _delta(before: Image.Image, after: Image.Image) -> Image.Image:
    """The frame ``after`` with the pixels unchanged since ``before`` made transparent."""
    as_l = [Image.frombytes("L", im.size, im.tobytes()) for im in (before, after)]
    changed = ImageChops.difference(*as_l).point(lambda v: 255 if v else 0)
    out = Image.new("P", after.size, TRANSPARENT)
    out.putpalette(after.getpalette() or [])
    out.paste(after, (0, 0), changed)
    return out


def _padded(frame: Image.Image, height: int) -> Image.Image:
    """``frame`` on ``height`` rows, the rows added in the band colour (palette entry 0): a
    counting frame is taller than the frames of play."""
    if frame.height == height:
        return frame
    out = Image.new("P", (frame.width, height), BAND_INDEX)
    out.putpalette(frame.getpalette() or [])
    out.paste(frame, (0, 0))
    return out


def _encode(snapshots: list[Snapshot], width: int, total_ms: int, hold_ms: int, fmt: str) -> bytes:
    frames = [render_palette_image(s, width) for s in snapshots]
    height = max(f.height for f in frames)
    frames = [_padded(f, height) for f in frames]
    if fmt == "GIF":
        frames = [frames[0]] + [_delta(a, b) for a, b in itertools.pairwise(frames)]
    step = max(MIN_FRAME_MS, total_ms // max(1, len(frames) - 1)) // 10 * 10
    durations = [step] * (len(frames) - 1) + [hold_ms]
    out = io.BytesIO()
    if fmt == "GIF":
        frames[0].save(
            out,
            format="GIF",
            save_all=True,
            append_images=frames[1:],
            duration=durations,
            loop=0,
            optimize=False,
            disposal=1,
            transparency=TRANSPARENT,
        )
    else:
        rgb = [f.convert("RGB") for f in frames]
        rgb[0].save(
            out,
            format="WEBP",
            save_all=True,
            append_images=rgb[1:],
            duration=durations,
            loop=0,
            lossless=False,
            quality=80,
            method=4,
        )
    return out.getvalue()


def render_animation(
    snapshots: Sequence[Snapshot],
    width: int = ANIMATION_WIDTH,
    *,
    total_ms: int = 4000,
    hold_ms: int = 2000,
    max_frames: int = MAX_FRAMES,
    max_bytes: int = MAX_BYTES,
    fmt: Literal["GIF", "WEBP"] = "GIF",
) -> bytes:
    """A looping replay: frames spread over total_ms, the last one held for hold_ms.

    Over max_bytes, the replay is retried with half the frames until it fits (or has two left).
    """
    if not snapshots:
        raise ValueError("an animation needs at least one snapshot")
    frames = max_frames
    while True:
        data = _encode(sample(snapshots, frames), width, total_ms, hold_ms, fmt)
        if len(data) <= max_bytes or frames <= 2:
            return data
        frames = max(2, frames // 2)
