"""Benchmark the board renderer against a plain reference renderer, in the same run.

Prints a table (medians over many renders) and ends with one JSON line of named figures.
"""

from __future__ import annotations

import functools
import io
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderer import (
    Mark,
    Point,
    Snapshot,
    geometry,
    render_animation,
    render_png,
    star_points,
)
from renderer.render import render_palette_image

ITERATIONS = 200
WIDTH = 720
STONES = {9: 50, 13: 110, 19: 200}


def midgame(size: int, n: int, seed: int = 7) -> tuple[frozenset[Point], frozenset[Point]]:
    """A clustered, game-like stone layout: most moves near earlier ones."""
    rng = random.Random(seed)
    taken: list[Point] = []
    free = {(r, c) for r in range(size) for c in range(size)}
    while len(taken) < n:
        if taken and rng.random() < 0.8:
            r, c = rng.choice(taken[-12:])
            p = (r + rng.randint(-2, 2), c + rng.randint(-2, 2))
        else:
            p = (rng.randrange(size), rng.randrange(size))
        if p in free:
            free.discard(p)
            taken.append(p)
    return frozenset(taken[0::2]), frozenset(taken[1::2])


def positions(size: int) -> dict[str, Snapshot]:
    """Empty, middle-game and counting snapshots for one board size."""
    black, white = midgame(size, STONES[size])
    order = sorted(black | white)
    last = order[len(order) // 2]
    labels = tuple((p, str(100 + i)) for i, p in enumerate(order[:5]))
    mid = Snapshot(
        size, black, white, last_move=last, labels=labels, to_move="B", move_number=len(order)
    )
    marks: list[tuple[Point, Mark]] = []
    for r in range(size):
        for c in range(size):
            p = (r, c)
            if p in black or p in white:
                if (r * 7 + c) % 23 == 0:
                    marks.append((p, Mark.DEAD_REMOVED))
            elif c == size // 2:
                marks.append((p, Mark.DAME))
            else:
                marks.append((p, Mark.BLACK_TERRITORY if c < size // 2 else Mark.WHITE_TERRITORY))
    tally = "Black 45 + 12 = 57 · White 40 + 9 + 6.5 = 55.5 · B+1.5"
    counting = Snapshot(size, black, white, marks=tuple(marks), tally=tally, move_number=250)
    return {"empty": Snapshot(size), "mid": mid, "counting": counting}


def replay(moves: int) -> list[Snapshot]:
    """One 19×19 snapshot per move of a game-like sequence."""
    black, white = midgame(19, moves)
    order = [p for pair in zip(sorted(black), sorted(white), strict=False) for p in pair]
    return [
        Snapshot(
            19,
            frozenset(order[0:n:2]),
            frozenset(order[1:n:2]),
            last_move=order[n - 1],
            move_number=n,
            to_move="W" if n % 2 else "B",
        )
        for n in range(1, len(order) + 1)
    ]


@functools.cache
def _ref_sprite(colour: str, cell: int) -> Image.Image:
    big = Image.new("RGBA", (cell * 4, cell * 4), (0, 0, 0, 0))
    fill = (20, 20, 20, 255) if colour == "B" else (245, 245, 245, 255)
    ImageDraw.Draw(big).ellipse((2, 2, cell * 4 - 3, cell * 4 - 3), fill=fill, outline=(0, 0, 0))
    return big.resize((cell, cell), Image.Resampling.LANCZOS)


def reference_png(snap: Snapshot, palette: bool) -> bytes:
    """The plain reference: draw a board, paste stone sprites, save a default PNG."""
    g = geometry(snap.size, WIDTH)
    im = Image.new("RGB", (g.width, g.height), (220, 179, 92))
    d = ImageDraw.Draw(im)
    x0, y0 = g.center(snap.size - 1, 0)
    x1, y1 = g.center(0, snap.size - 1)
    for i in range(snap.size):
        x, y = g.center(snap.size - 1 - i, i)
        d.line((x, y0, x, y1), fill=(0, 0, 0))
        d.line((x0, y, x1, y), fill=(0, 0, 0))
    for p in star_points(snap.size):
        x, y = g.center(*p)
        d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=(0, 0, 0))
    for colour, stones in (("B", snap.black), ("W", snap.white)):
        sprite = _ref_sprite(colour, g.cell)
        for p in stones:
            im.paste(sprite, g.cell_box(*p)[:2], sprite)
    out = io.BytesIO()
    (im.quantize(256, method=Image.Quantize.FASTOCTREE) if palette else im).save(out, format="PNG")
    return out.getvalue()


def median_ms(fn: Callable[[], bytes], iterations: int = ITERATIONS) -> tuple[float, int]:
    """Median wall time of fn in milliseconds, and the size of what it returned."""
    data = fn()
    times = []
    for _ in range(iterations):
        t = time.perf_counter_ns()
        data = fn()
        times.append(time.perf_counter_ns() - t)
    return statistics.median(times) / 1e6, len(data)


def compress_levels(snap: Snapshot) -> None:
    """How the PNG zlib level trades encoding time for bytes on one image."""
    im = render_palette_image(snap, WIDTH)
    print("\nPNG compress_level on the 19×19 middle game (encode only):")
    for level in range(1, 10):

        def encode(level: int = level) -> bytes:
            out = io.BytesIO()
            im.save(out, format="PNG", optimize=False, compress_level=level)
            return out.getvalue()

        ms, n = median_ms(encode, 50)
        print(f"  level {level}: {ms:6.2f} ms  {n / 1024:6.1f} KiB")


def main() -> None:
    """Run every case, print the table and the JSON line."""
    figures: dict[str, float] = {}
    t = time.perf_counter()
    render_png(positions(19)["mid"])
    figures["cold_first_render_ms"] = round((time.perf_counter() - t) * 1000, 1)
    header = f"{'case':<14}{'ms':>8}{'KiB':>8}{'ref ms':>9}{'ref KiB':>9}{'raw ms':>8}"
    header += f"{'raw KiB':>9}{'x faster':>10}{'x smaller':>11}"
    print(f"median of {ITERATIONS} renders, PNG at {WIDTH} px wide")
    print("ref = plain renderer, adaptive palette (fast octree); raw = plain renderer, RGB PNG")
    print(header)
    print("-" * len(header))
    for size in (9, 13, 19):
        for name, snap in positions(size).items():
            ms, n = median_ms(lambda snap=snap: render_png(snap, WIDTH))
            ref_ms, ref_n = median_ms(lambda snap=snap: reference_png(snap, True), 50)
            raw_ms, raw_n = median_ms(lambda snap=snap: reference_png(snap, False), 50)
            print(
                f"{size}x{size} {name:<8}{ms:8.2f}{n / 1024:8.1f}{ref_ms:9.2f}{ref_n / 1024:9.1f}"
                f"{raw_ms:8.2f}{raw_n / 1024:9.1f}{ref_ms / ms:10.1f}{ref_n / n:11.2f}"
            )
            key = f"{size}_{name}"
            figures[f"render_{key}_ms"] = round(ms, 2)
            figures[f"render_{key}_kib"] = round(n / 1024, 1)
            figures[f"ref_{key}_ms"] = round(ref_ms, 2)
            figures[f"ref_{key}_kib"] = round(ref_n / 1024, 1)
    compress_levels(positions(19)["mid"])
    anim_ms, anim_n = median_ms(lambda: render_animation(replay(200)), 3)
    print(f"\nreplay GIF of a 200-move 19×19 game: {anim_ms:.0f} ms, {anim_n / 1024:.0f} KiB")
    figures["anim_19_200_moves_ms"] = round(anim_ms, 1)
    figures["anim_19_200_moves_kib"] = round(anim_n / 1024, 1)
    print(
        f"\nfirst render with cold caches (palette, board, sprites): "
        f"{figures['cold_first_render_ms']} ms"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
