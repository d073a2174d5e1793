"""Regenerate the README board images in docs/ from positions written below."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderer import Mark, Point, Snapshot, render_png

BOARD_19 = """
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . O . . O . . . . . . . X X O . .
. . . X O O X O . . . . . X O O X . .
. . X X X O X . . X . . . . X O . O .
. . . . . X . . . . . . . . X O . . .
. . X . . . . . . . . . . . X O . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . X O . . .
. . O . . . . . . X . . . X O . O . .
. . . . . . . . . . . . . . X O . . .
. . O . . . . . . . . . . . . X O . .
. . . . . . . . . . . . . . . X O . .
. . X . . . . . . . . . . . . X O . .
. . . . . . . . . . . . . . X . X O .
. . X O O . O . . . . . O . X O O . .
. . X X O . . . . . O . . X . X O . .
. . . X O . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
"""

BOARD_9 = """
. . . . . . . . .
. . X X O O . . .
. X O X . O . . .
. X . X O . O . .
. . X O . O X X .
. X . X O . O X .
. . X X O O X . .
. . . X O . X . .
. . . . . . . . .
"""

# x / o: dead black / white stones, taken off as prisoners at counting.
COUNTING_13 = """
. . . . X O . . . . . . .
. . o . X O . . . . x . .
. . . . X O . . . . . . .
. . . X X O . . . . . . .
. . . X . O . . . . . . .
X X X X O . . . . . . . .
. . . X O . . O . . . . .
. . . X O . . . . . . . .
. . . X X O O O O O O O O
. . . . X X X X X X X X X
. . . . . . . . . . o . .
. . . . . . . . o o . . .
. . . . . . . . . . . . .
"""


def parse(diagram: str) -> dict[Point, str]:
    """Map each non-empty point of a diagram (top row first) to its character."""
    rows = [line.split() for line in diagram.strip().splitlines()]
    size = len(rows)
    return {
        (size - 1 - r, c): ch
        for r, line in enumerate(rows)
        for c, ch in enumerate(line)
        if ch != "."
    }


def counting_marks(size: int, stones: dict[Point, str]) -> tuple[tuple[Point, Mark], ...]:
    """Territory by flood fill over empty points and dead stones (x, o); mixed regions are dame."""
    live = {p: ch for p, ch in stones.items() if ch in "XO"}
    seen: set[Point] = set()
    marks: list[tuple[Point, Mark]] = []
    for start in ((r, c) for r in range(size) for c in range(size)):
        if start in live or start in seen:
            continue
        region, border, todo = [], set(), [start]
        seen.add(start)
        while todo:
            r, c = todo.pop()
            region.append((r, c))
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if not (0 <= n[0] < size and 0 <= n[1] < size):
                    continue
                if n in live:
                    border.add(live[n])
                elif n not in seen:
                    seen.add(n)
                    todo.append(n)
        owner = border.pop() if len(border) == 1 else None
        for p in region:
            if p in stones:
                marks.append((p, Mark.DEAD_REMOVED))
            elif owner is None:
                marks.append((p, Mark.DAME))
            else:
                marks.append((p, Mark.BLACK_TERRITORY if owner == "X" else Mark.WHITE_TERRITORY))
    return tuple(sorted(marks))


def stones_of(points: dict[Point, str], colour: str) -> frozenset[Point]:
    """The points holding a colour's stones (live or dead)."""
    return frozenset(p for p, ch in points.items() if ch.upper() == colour)


def board_19(theme: str = "light") -> Snapshot:
    """A 19×19 middle game with the last move marked."""
    pts = parse(BOARD_19)
    return Snapshot(
        size=19,
        black=stones_of(pts, "X"),
        white=stones_of(pts, "O"),
        last_move=(6, 16),
        captures_black=2,
        captures_white=1,
        to_move="B",
        move_number=110,
        black_name="Honinbo Shusaku",
        white_name="Gennan Inseki",
        theme=theme,  # type: ignore[arg-type]
    )


def board_9(theme: str = "dark") -> Snapshot:
    """A 9×9 fight with a ko and the last four moves numbered."""
    pts = parse(BOARD_9)
    return Snapshot(
        size=9,
        black=stones_of(pts, "X"),
        white=stones_of(pts, "O"),
        last_move=(4, 3),
        ko_point=(4, 4),
        labels=(((4, 3), "24"), ((4, 7), "23"), ((4, 5), "22"), ((4, 6), "21")),
        captures_black=1,
        captures_white=2,
        to_move="B",
        move_number=24,
        black_name="alice",
        white_name="bob",
        theme=theme,  # type: ignore[arg-type]
    )


def counting_13(theme: str = "light") -> Snapshot:
    """A finished 13×13 game at counting: territory, dead stones and dame."""
    pts = parse(COUNTING_13)
    marks = counting_marks(13, pts)
    area = {m: sum(1 for _, k in marks if k is m) for m in Mark}
    dead_w = sum(1 for ch in pts.values() if ch == "o")
    dead_b = sum(1 for ch in pts.values() if ch == "x")
    b_pris, w_pris = 3 + dead_w, 2 + dead_b
    black = area[Mark.BLACK_TERRITORY] + dead_w + b_pris
    white = area[Mark.WHITE_TERRITORY] + dead_b + w_pris + 6.5
    tally = (
        f"Black {black - b_pris} + {b_pris} = {black} · "
        f"White {white - w_pris - 6.5:g} + {w_pris} + 6.5 = {white:g} · "
        + (f"B+{black - white:g}" if black > white else f"W+{white - black:g}")
    )
    return Snapshot(
        size=13,
        black=stones_of(pts, "X"),
        white=stones_of(pts, "O"),
        captures_black=3,
        captures_white=2,
        move_number=121,
        marks=marks,
        tally=tally,
        theme=theme,  # type: ignore[arg-type]
    )


def main() -> None:
    """Write docs/board-19.png, docs/board-9-dark.png and docs/counting-13.png."""
    docs = Path(__file__).resolve().parent.parent / "docs"
    docs.mkdir(exist_ok=True)
    for name, snap in (
        ("board-19.png", board_19()),
        ("board-9-dark.png", board_9()),
        ("counting-13.png", counting_13()),
    ):
        (docs / name).write_bytes(render_png(snap))
        print(docs / name)


if __name__ == "__main__":
    main()
