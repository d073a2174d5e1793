"""Board diagrams for the rules tests (``test_rules_*.py``).

A diagram lists rows from the top. ``X`` is a black stone, ``O`` a white stone, ``.`` an empty
point; any other letter (``a``, ``A``, ``e``, ...) is an empty point carrying that mark, so a test
can name the points the rules text names (dame ``a``, eye points ``e``, ...). A row may start
with its row number and a last line of column letters (``A B C ... T``, no I) may follow; both
are only for the reader. Stones are read by :func:`engine.diagram.parse_diagram`.

>>> size, stones, marks = parse_marked('''
... 5 . X O . .
... 4 X X O . .
... 3 a X O . .
... 2 X X O . .
... 1 . X O . .
...   A B C D E''')
>>> size, len(stones), [p.gtp() for p in marks["a"]]
(5, 12, ['A3'])
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.board import Board, MoveReport
from engine.colors import Color
from engine.coords import COLUMNS, Point, parse_vertex
from engine.counting import Count, count_board
from engine.diagram import parse_diagram
from engine.game import Game, PlayReport

STONE_CHARS = frozenset("XO.")


def _rows(text: str) -> list[str]:
    """The rows of a diagram without row numbers, column letters or spaces."""
    rows = []
    for line in text.strip().splitlines():
        tokens = line.split()
        if not tokens:
            continue
        if len(tokens) >= 5 and tokens == list(COLUMNS[: len(tokens)]):
            continue  # the column letters under the board
        if tokens[0].isdigit():
            tokens = tokens[1:]
        rows.append("".join(tokens))
    return rows


def parse_marked(text: str) -> tuple[int, dict[Point, Color], dict[str, list[Point]]]:
    """``(size, stones, marks)``: the stones as :func:`parse_diagram` reads them, and for each mark
    letter the empty points that carry it (sorted)."""
    rows = _rows(text)
    size = len(rows)
    marks: dict[str, list[Point]] = {}
    plain = []
    for top_index, row in enumerate(rows):
        chars = []
        for col, char in enumerate(row):
            if char in STONE_CHARS:
                chars.append(char)
            elif char.isalpha():
                marks.setdefault(char, []).append(Point(size - 1 - top_index, col))
                chars.append(".")
            else:
                raise ValueError(f"unknown diagram character {char!r}")
        plain.append("".join(chars))
    parsed_size, stones = parse_diagram("\n".join(plain))
    assert parsed_size == size
    return size, stones, {mark: sorted(points) for mark, points in marks.items()}


def stones_from(text: str) -> tuple[int, dict[Point, Color]]:
    """``(size, stones)`` of a diagram (marks are empty points)."""
    size, stones, _ = parse_marked(text)
    return size, stones


def marks_of(text: str) -> dict[str, list[Point]]:
    """The marked empty points of a diagram, by mark letter."""
    return parse_marked(text)[2]


def board_from(text: str) -> Board:
    """A :class:`Board` with the diagram's stones as setup stones (so every chain must have a
    liberty: :meth:`Board.place_setup` refuses a position that is not a legal Go position)."""
    size, stones = stones_from(text)
    board = Board(size)
    for point, color in sorted(stones.items()):
        board.place_setup(color, point)
    return board


def game_from(text: str, to_move: Color = Color.BLACK, komi: float = 0.0) -> Game:
    """A :class:`Game` starting from the diagram's position with ``to_move`` to play."""
    size, stones = stones_from(text)
    setup = tuple((color, point) for point, color in sorted(stones.items()))
    return Game(size, komi, 0, setup, to_move)


def pts(vertices: str, size: int) -> list[Point]:
    """GTP vertices separated by spaces, e.g. ``"D4 Q16"``."""
    return [parse_vertex(v, size) for v in vertices.split()]


def pt(vertex: str, size: int) -> Point:
    """One GTP vertex."""
    return parse_vertex(vertex, size)


def count_from(
    text: str,
    dead: str = "",
    *,
    komi: float = 0.0,
    captured: Mapping[Color, int] | None = None,
) -> Count:
    """Count the diagram with the chains of the ``dead`` vertices (GTP, space separated) dead."""
    size, stones = stones_from(text)
    return count_board(size, stones, pts(dead, size), komi=komi, captured=captured)


def snapshot(board: Board) -> tuple[int, dict[Point, Color], dict[Color, int]]:
    """Everything a rejected move must leave unchanged: hash, stones and prisoners."""
    return board.hash, dict(board.stones()), dict(board.prisoners)


def stone(report: PlayReport) -> MoveReport:
    """The board's report of a move that put a stone on the board (not a pass)."""
    assert report.board_report is not None, "a pass has no board report"
    return report.board_report


#: Diagram 15 / Example 24a (constructed): two living groups with one open dame at A between them
DIAGRAM_15 = """
    7 . X X O O O .
    6 . X X O O O .
    5 . X X O O O O
    4 X X X A O O O
    3 . X X X O O .
    2 . X X X O O .
    1 . X X X O O .
      A B C D E F G"""
