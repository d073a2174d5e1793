"""Regenerate the README board images in docs/ from positions written below."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.snapshots import snapshot
from engine.colors import Color
from engine.coords import Point as EnginePoint
from engine.counting import count_board
from engine.game import Game
from renderer import Point, Snapshot, render_png
from service.views import board_view

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

# x / o: dead black / white stones, taken off as prisoners at counting. In the bottom-left corner
# a seki without eyes: its two shared liberties are dame nobody fills, and count for nobody.
COUNTING_13 = """
. . . . X O . . . . . . .
. . o . X O . . . . x . .
. . . . X O . . . . . . .
. . . X X O . . . . . . .
. . . X X O . . . . . . .
X X X X O . . . . . . . .
. . . X O . . O . . . . .
. . . X O . . . . . . . .
. . . X X O O O O O O O O
. . . . X X X X X X X X X
X X X X X X X . . . o . .
O O O O O X . . o o . . .
. X X . O X . . . . . . .
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
    """A finished 13×13 game at counting, counted and drawn exactly as the bot does (engine count,
    service view, bot snapshot): territory, dead stones, a seki, the legend and the tally."""
    pts = parse(COUNTING_13)
    colour = {"X": Color.BLACK, "O": Color.WHITE}
    setup = tuple((colour[ch.upper()], EnginePoint(*p)) for p, ch in pts.items())
    game = Game(size=13, komi=6.5, setup=setup)
    dead = [EnginePoint(*p) for p, ch in pts.items() if ch in "xo"]
    captured = {Color.BLACK: 3, Color.WHITE: 2}  # taken during play
    counted = count_board(13, dict(game.board.stones()), dead, komi=6.5, captured=captured)
    names = {Color.BLACK: "alice", Color.WHITE: "@GNU Go level 10"}
    view = board_view(game, names, "", counted, version=2, final=True)
    return dataclasses.replace(snapshot(view), theme=theme)  # type: ignore[arg-type]


def lesson_15() -> tuple[Snapshot, list[str]]:
    """``learn`` as a beginner meets it, through the service: lesson 15 (ladders), its
    exercise, a wrong answer refuted on the board, then the right one; the image of the right
    answer (the ladder's stones numbered) and every line the player read."""
    import asyncio

    from service import Actor, GameService
    from service.commands import Request
    from service.handlers.learning import Learn
    from service.i18n import in_language
    from service.lessons import LESSONS
    from storage.memory import open_memory

    async def walk() -> tuple[Snapshot, list[str]]:
        database = await open_memory()
        service = GameService(database)
        request = Request(Actor("console:jana", "jana"), "console")
        exercise = LESSONS[14].exercises[0]
        said: list[str] = []
        view = None
        moves = ["15", "", exercise.wrongs[0], *exercise.rights[0].split()]
        for word in moves:
            view = await service.execute(Learn(word or None), request)
            said += [in_language("en", line) for line in view.lines]
        await database.close()
        assert view is not None and view.board is not None
        return snapshot(view.board), said

    return asyncio.run(walk())


def main() -> None:
    """Write docs/board-19.png, docs/board-9-dark.png, docs/counting-13.png and
    docs/learn-ladder.png."""
    docs = Path(__file__).resolve().parent.parent / "docs"
    docs.mkdir(exist_ok=True)
    for name, snap in (
        ("board-19.png", board_19()),
        ("board-9-dark.png", board_9()),
        ("counting-13.png", counting_13()),
    ):
        (docs / name).write_bytes(render_png(snap))
        print(docs / name)
    lesson, said = lesson_15()
    (docs / "learn-ladder.png").write_bytes(render_png(lesson))
    print(docs / "learn-ladder.png")
    print("\n".join(said))


if __name__ == "__main__":
    main()
