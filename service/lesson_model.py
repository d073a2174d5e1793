"""The shape of ``learn``'s lessons: a lesson's picture and texts, its exercises and what each
asks (:class:`Kind`). The lessons themselves are :mod:`service.lessons`; the checks
:mod:`service.exercises`."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.colors import Color
from engine.coords import Point, parse_vertex
from engine.diagram import parse_diagram
from engine.reading import Goal, Task
from service.i18n import SOURCE
from service.rules_topics import Diagram


class Kind(enum.StrEnum):
    """What an exercise asks; the first four are read by :mod:`engine.reading` (its goals)."""

    CAPTURE = "capture"
    ESCAPE = "escape"
    KILL = "kill"
    LIVE = "live"
    LIBERTY = "liberty"  # play on a liberty of the target chain
    CONNECT = "connect"  # after the move the target chain and the stone at `other` are one chain
    ATARI = "atari"  # after the (legal) move the target chain has exactly one liberty
    ILLEGAL = "illegal"  # name an empty point where the player may not play (suicide, ko)
    POINT = "point"  # one of `points` (a corner point, a star point, a neutral point)
    COUNT = "count"  # the result of the engine's count: "B+3", "W+2", "0"/"jigo"


READER_KINDS = frozenset({Kind.CAPTURE, Kind.ESCAPE, Kind.KILL, Kind.LIVE})


def setup_of(rows: str) -> list[tuple[Color, Point]]:
    """The stones of ``rows`` (``x``/``o``, dead at a count, are stones too), in point order."""
    _, stones = parse_diagram(rows.replace("x", "X").replace("o", "O"))
    return sorted((color, point) for point, color in stones.items())


def dead_of(rows: str, size: int) -> list[Point]:
    """The stones ``rows`` marks dead (lower-case ``x``/``o``)."""
    lines = [line.replace(" ", "") for line in rows.strip().splitlines() if line.strip()]
    return [
        Point(size - 1 - top, col)
        for top, line in enumerate(lines)
        for col, char in enumerate(line)
        if char in "xo"
    ]


def region_of(text: str, size: int) -> frozenset[Point]:
    """``"A1:E5 F6"``: the points of the rectangles and single points named."""
    points: set[Point] = set()
    for part in text.split():
        first, _, last = part.partition(":")
        low, high = parse_vertex(first, size), parse_vertex(last or first, size)
        points.update(
            Point(row, col)
            for row in range(min(low.row, high.row), max(low.row, high.row) + 1)
            for col in range(min(low.col, high.col), max(low.col, high.col) + 1)
        )
    return frozenset(points)


@dataclass(frozen=True, slots=True)
class Exercise:
    """One exercise: a position, what is asked, and (for the tests) right and wrong answers."""

    key: str  # "capture.1": texts learn.ex.<key>.goal and optional learn.ex.<key>.why
    rows: str  # the position (engine.diagram rows; x/o: dead stones, for COUNT)
    kind: Kind
    player: Color = Color.BLACK
    target: str | None = None  # a stone of the chain at stake
    other: str | None = None  # CONNECT's other stone
    region: str | None = None  # reader kinds: "A1:E5 F6"; None: the whole board
    points: tuple[str, ...] = ()  # POINT's right points
    komi: float = 0.0  # COUNT
    prisoners: tuple[int, int] = (0, 0)  # COUNT: taken in play by Black, by White
    moves: tuple[str, ...] = ()  # played after the setup ("B D4": a ko just taken)
    rights: tuple[str, ...] = ()  # >= 2 different right answers: "C3" or "C3 D4"
    wrongs: tuple[str, ...] = ()  # >= 1 wrong answer

    @property
    def size(self) -> int:
        """The board's size (the number of rows)."""
        return sum(1 for line in self.rows.strip().splitlines() if line.strip())

    @property
    def goal(self) -> str:
        """The catalogue key of what is asked."""
        return f"learn.ex.{self.key}.goal"

    @property
    def why(self) -> str | None:
        """The catalogue key of this exercise's own sentence after a wrong answer, if it has one."""
        key = f"learn.ex.{self.key}.why"
        return key if key in SOURCE else None

    @property
    def target_point(self) -> Point:
        """The target's point (raises for an exercise without a target)."""
        if self.target is None:
            raise ValueError(f"exercise {self.key} has no target")
        return parse_vertex(self.target, self.size)

    @property
    def other_point(self) -> Point:
        """CONNECT's other stone's point."""
        if self.other is None:
            raise ValueError(f"exercise {self.key} has no other stone")
        return parse_vertex(self.other, self.size)

    @property
    def played(self) -> list[tuple[Color, Point]]:
        """``moves`` as (colour, point)."""
        out = []
        for text in self.moves:
            letter, vertex = text.split()
            out.append((Color.from_letter(letter), parse_vertex(vertex, self.size)))
        return out

    @property
    def task(self) -> Task | None:
        """The reader's task for the reader kinds (None for the others)."""
        if self.kind not in READER_KINDS:
            return None
        size = self.size
        region = (
            region_of(self.region, size)
            if self.region
            else frozenset(Point(row, col) for row in range(size) for col in range(size))
        )
        return Task(Goal(self.kind.value), self.player, self.target_point, region)


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: texts learn.<key>.title, .text (several lines), .caption (the picture's)."""

    key: str
    picture: Diagram
    exercises: tuple[Exercise, ...]  # 1..3

    @property
    def title(self) -> str:
        return f"learn.{self.key}.title"

    @property
    def text(self) -> str:
        return f"learn.{self.key}.text"

    @property
    def caption(self) -> str:
        return f"learn.{self.key}.caption"
