"""``learn``'s first lessons, the rules of play: the board, liberties, capture, chains, suicide
and ko (their texts: :mod:`service.catalogue_learn_en`). Every position is checked by the
engine in the tests."""

from __future__ import annotations

from engine.colors import Color
from service.lesson_model import Exercise, Kind, Lesson
from service.rules_topics import Diagram

W = Color.WHITE

BOARD = Lesson(
    "board",
    Diagram(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        moves=("B C3", "W E5", "B E3", "W C5"),
    ),
    (
        Exercise(
            "board.1",
            """
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . O . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            """,
            Kind.LIBERTY,
            target="D4",
            rights=("D5", "C4", "E4"),
            wrongs=("C5", "F4"),
        ),
    ),
)

LIBERTIES = Lesson(
    "liberties",
    Diagram(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X . . X . . .
        . . . . . . .
        . . . . . . .
        X . . . . . .
        """,
    ),
    (
        Exercise(
            "liberties.1",
            """
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            """,
            Kind.LIBERTY,
            target="A4",
            rights=("A5", "B4", "A3"),
            wrongs=("B5", "B3"),
        ),
        Exercise(
            "liberties.2",
            """
            . . . . . . .
            . . . . . . .
            . . X X . . .
            . X O O . . .
            . . X . . . .
            . . . . . . .
            . . . . . . .
            """,
            Kind.ATARI,
            target="C4",
            rights=("E4", "D3"),
            wrongs=("E5", "E3"),
        ),
    ),
)

CAPTURE = Lesson(
    "capture",
    Diagram(
        """
        . . . . . . .
        . . . X . . .
        . . X O X . .
        . . X O X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        moves=("B D3",),
        shown="before",
    ),
    (
        Exercise(
            "capture.1",
            """
            . . . . .
            . . . O .
            . X . . .
            X O . . .
            . . . . .
            """,
            Kind.CAPTURE,
            target="B2",
            region="A1:D2 C3",
            # C2 then A1 is self-atari (White takes at A3); C3 works too, after a longer fight
            rights=("C2 C1", "C3 D2 D1 C1"),
            wrongs=("B1", "C1"),
        ),
    ),
)

CHAINS = Lesson(
    "chains",
    Diagram(
        """
        . . . . . . .
        . . . . . X .
        . . . . X . .
        . . X X . . .
        . . X . . . .
        . . . . . . .
        . . . . . . .
        """,
    ),
    (
        Exercise(
            "chains.1",
            """
            . . . . . . .
            . . . . . . .
            . . O . . . .
            . . . X . . .
            . . X . O . .
            . . . . . . .
            . . . . . . .
            """,
            Kind.CONNECT,
            target="C3",
            other="D4",
            rights=("C4", "D3"),
            wrongs=("E4", "B4"),
        ),
        Exercise(
            "chains.2",
            """
            . . . . . . .
            . . . . . . .
            . . X X X . .
            . X O O O . .
            . . X X . . .
            . . . . . . .
            . . . . . . .
            """,
            Kind.ATARI,
            target="C4",
            rights=("F4", "E3"),
            wrongs=("F5", "F3"),
        ),
    ),
)

_SUICIDE = """
    . O . O .
    O O O O .
    . . . X X
    . . X O O
    . . X O .
    """

SUICIDE = Lesson(
    "suicide",
    Diagram(_SUICIDE, moves=("B E1",), shown="before"),
    (
        Exercise(
            "suicide.1",
            """
            . . . . .
            O O O O O
            X X X X O
            X X . X O
            . X X X O
            """,
            Kind.ILLEGAL,
            player=W,
            rights=("A1", "C2"),
            wrongs=("E5", "B5"),
        ),
        Exercise(
            "suicide.2",
            _SUICIDE,
            Kind.ILLEGAL,
            rights=("A5", "C5"),
            wrongs=("E1", "B2"),
        ),
    ),
)

KO = Lesson(
    "ko",
    Diagram(
        """
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . X O . O . .
        . . X O . . .
        . . . . . . .
        . . . . . . .
        """,
        moves=("B D4",),
    ),
    (
        Exercise(
            "ko.1",
            """
            . . . . . . .
            . . . . . . .
            . . X O . . .
            . X O . O . .
            . . X O . . .
            . . . . . X X
            . . . . . X .
            """,
            Kind.ILLEGAL,
            player=W,
            moves=("B D4",),
            rights=("C4", "G1"),
            wrongs=("E6", "B2"),
        ),
    ),
)

RULES_LESSONS: tuple[Lesson, ...] = (BOARD, LIBERTIES, CAPTURE, CHAINS, SUICIDE, KO)
