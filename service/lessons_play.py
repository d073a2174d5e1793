"""``learn``'s later lessons, the first techniques and strategy: the second and third lines,
ladders, nets, sacrifice, the opening, the middle game and handicap (their texts:
:mod:`service.catalogue_learn_en`). Every position is checked by the engine in the tests."""

from __future__ import annotations

from service.lesson_model import Exercise, Kind, Lesson
from service.rules_topics import Diagram

_EMPTY_9 = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    """

_CORNERS_9 = (
    *("C3", "C4", "D3", "D4"),
    *("F3", "F4", "G3", "G4"),
    *("C6", "C7", "D6", "D7"),
    *("F6", "F7", "G6", "G7"),
)

_SECOND_LINE = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . X . . . .
    . X O . . . .
    . . . . . . .
    """

SECOND_LINE = Lesson(
    "second_line",
    Diagram(_SECOND_LINE, moves=("B D2", "W C1", "B B1", "W D1", "B E1"), shown="before"),
    (
        Exercise(
            "second_line.1",
            _SECOND_LINE,
            Kind.CAPTURE,
            target="C2",
            region="A1:G3",
            rights=("D2 B1", "D3", "E2"),
            wrongs=("C1", "E3"),
        ),
    ),
)

THIRD_LINE = Lesson(
    "third_line",
    Diagram(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . X X O . .
        . . . O . . .
        . . . . . . .
        """,
        moves=("B E2",),
        shown="before",
    ),
    (
        Exercise(
            "third_line.1",
            """
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . O . . .
            . . X X O . .
            . . . O X . .
            . . . . . . .
            """,
            Kind.ATARI,
            target="D2",
            rights=("C2", "D1"),
            wrongs=("C4", "E1"),
        ),
    ),
)

_LADDER = """
    . . . . . . .
    . . . . . . .
    . . . X . . .
    . . . O X . .
    . . . . X . .
    . . . . . . .
    . . . . . . .
    """

LADDER = Lesson(
    "ladder",
    Diagram(
        _LADDER,
        moves=("B C4", "W D3", "B D2", "W C3", "B B3", "W C2", "B C1", "W B2", "B B1", "W A2"),
    ),
    (
        Exercise(
            "ladder.1",
            _LADDER,
            Kind.CAPTURE,
            target="D4",
            region="A1:F7",
            rights=("C4 D2 B3 C1 B1 A3", "C4 D2 B3 B2 B1"),
            wrongs=("D3",),  # (C5 is no ladder, but GNU Go finds it captures too: not listed)
        ),
    ),
)

#: a net (geta): White D4 escapes an atari from either side (the white stones F6 and F2 break
#: both ladders); Black E5 closes both ways out (GNU Go's ``attack D4`` names E5 alone too)
_NET = """
    . . . . . . .
    . . . . . O .
    . . . . . . .
    . X X O . . .
    . . . X X . .
    . . . . . O .
    . . . . . . .
    """

NET = Lesson(
    "net",
    Diagram(_NET, moves=("B E5",)),
    (
        Exercise(
            "net.1",
            _NET,
            Kind.CAPTURE,
            target="D4",
            rights=("E5 D6 C6 B6 A4", "E5 D6 C6 B6 A6"),
            wrongs=("D5", "E4"),
        ),
    ),
)

_SACRIFICE = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X X . .
    O O O O X . .
    . . . O X . .
    X . . O X . .
    """

SACRIFICE = Lesson(
    "sacrifice",
    Diagram(_SACRIFICE, moves=("B B1",), shown="before"),
    (
        Exercise(
            "sacrifice.1",
            _SACRIFICE,
            Kind.KILL,
            target="A3",
            region="A1:C2",
            rights=("B1", "B2 B1", "C1 B1"),
            wrongs=("A2", "C2"),
        ),
    ),
)

OPENING = Lesson(
    "opening",
    Diagram(_EMPTY_9, moves=("B G7", "W C7", "B C3", "W G3")),
    (
        Exercise(
            "opening.1",
            _EMPTY_9,
            Kind.POINT,
            points=_CORNERS_9,
            rights=("C3", "G7"),
            wrongs=("E5", "A1"),
        ),
        Exercise(
            "opening.2",
            """
            . . . . . . . . .
            . . . . . . . . .
            . . O . . . . . .
            . . . . . . X . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . O . .
            . . . . . . . . .
            . . . . . . . . .
            """,
            Kind.POINT,
            points=("C3", "C4", "D3", "D4"),
            rights=("C3", "D4"),
            wrongs=("E5", "G4"),
        ),
    ),
)

MIDDLE = Lesson(
    "middle",
    Diagram(
        """
        . . . . . . . . .
        . . . . . . . . .
        . . O . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . O . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        moves=("B E3", "W F4", "B E4", "W E6", "B D5"),
    ),
    (
        Exercise(
            "middle.1",
            """
            . . . . . . . . .
            . . . . . . . . .
            . . O . . . X . .
            . . . . O . . . .
            . . . O X . . . .
            . . . . . X . . .
            . . X . . O O . .
            . . . . . . . . .
            . . . . . . . . .
            """,
            Kind.CONNECT,
            target="E5",
            other="F4",
            rights=("E4", "F5"),
            wrongs=("D4", "G5"),
        ),
    ),
)

HANDICAP = Lesson(
    "handicap",
    Diagram(_EMPTY_9, moves=("W E7",), handicap=4),
    (
        Exercise(
            "handicap.1",
            _EMPTY_9,
            Kind.POINT,
            points=("C3", "G3", "C7", "G7", "E5"),
            rights=("C3", "E5"),
            wrongs=("D4", "C2"),
        ),
    ),
)

PLAY_LESSONS: tuple[Lesson, ...] = (
    SECOND_LINE,
    THIRD_LINE,
    LADDER,
    NET,
    SACRIFICE,
    OPENING,
    MIDDLE,
    HANDICAP,
)
