"""``learn``'s first lessons, the rules: the board, liberties, capture, chains, suicide, ko, life,
death, false eyes, seki, the end of the game and counting (their texts:
:mod:`service.catalogue_learn_en`). Every position is checked by the engine in the tests."""

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
            rights=("C2 A1", "C3", "D2"),
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

LIFE = Lesson(
    "life",
    Diagram(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O O O .
        X X X X X O .
        . X . X X O .
        X X X . X O .
        """,
    ),
    (
        Exercise(
            "life.1",
            """
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O O O O .
            X X X X X O .
            . X . . X O .
            X X . O . O .
            """,
            Kind.LIVE,
            target="A3",
            region="A1:E2",
            rights=("C1", "E1", "D2"),
            wrongs=("C2",),
        ),
    ),
)

DEAD = Lesson(
    "dead",
    Diagram(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O O . .
        X X X X O . .
        . . . X O . .
        X X X X O . .
        """,
        moves=("W B2",),
        shown="before",
    ),
    (
        Exercise(
            "dead.1",
            """
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X X . .
            O O O O X . .
            . . . O X . .
            . . . O X . .
            """,
            Kind.KILL,
            target="A3",
            region="A1:C2",
            rights=("B1", "B2 C1"),
            wrongs=("A1", "C1"),
        ),
    ),
)

_FALSE_EYE = """
    . . . . . . .
    . . . . . . .
    O O O O O . .
    X X X X O . .
    X . X X O . .
    X X X O O . .
    . X . X O . .
    """

FALSE_EYE = Lesson(
    "false_eye",
    Diagram(_FALSE_EYE, moves=("W C1",), shown="before"),
    (
        Exercise(
            "false_eye.1",
            _FALSE_EYE,
            Kind.ILLEGAL,
            player=W,
            rights=("B3", "A1"),
            wrongs=("C1",),
        ),
    ),
)

_SEKI = """
    . . X O . . .
    . . X O . . .
    . . X O . . .
    . . X O . . .
    X X X O O O O
    O O O X X X O
    . O . X . X O
    """

SEKI = Lesson(
    "seki",
    Diagram(_SEKI, counted=True, captured=(1, 1)),
    (
        Exercise(
            "seki.1",
            _SEKI,
            Kind.COUNT,
            prisoners=(1, 1),
            rights=("W+4", "w + 4"),
            wrongs=("B+1", "W+6"),
        ),
    ),
)

_END = """
    . . X . O . .
    . . X . O . .
    . . X X O . .
    . . . X O . .
    . . . X O O .
    . . . X . O .
    . . . X . O .
    """

END = Lesson(
    "end",
    Diagram(_END, moves=("B D6", "W E2", "B E1", "W D7"), shown="before"),
    (
        Exercise(
            "end.1",
            _END,
            Kind.POINT,
            points=("D7", "D6", "E2", "E1"),
            rights=("D7", "E1"),
            wrongs=("B4", "G6"),
        ),
    ),
)

_COUNTING = """
    . . . X O . .
    . . . X O . .
    . . . X O x .
    . o . X O . .
    . . . X O . .
    . . . X X O .
    . . . . X O .
    """

_EVEN = """
    . . X O . . .
    . . X O . . .
    . . X O . . .
    . . X X O . .
    . . . X O . .
    . . . X O . .
    . . . X O . .
    """

COUNTING = Lesson(
    "counting",
    Diagram(_COUNTING, counted=True, komi=6.5, captured=(2, 1)),
    (
        Exercise(
            "counting.1",
            _COUNTING,
            Kind.COUNT,
            komi=6.5,
            prisoners=(2, 1),
            rights=("B+4.5", "b+4,5"),
            wrongs=("B+11", "W+2.5"),
        ),
        Exercise(
            "counting.2",
            _EVEN,
            Kind.COUNT,
            komi=3.0,
            prisoners=(3, 0),
            rights=("jigo", "0"),
            wrongs=("B+3", "W+3"),
        ),
    ),
)

RULES_LESSONS: tuple[Lesson, ...] = (
    BOARD,
    LIBERTIES,
    CAPTURE,
    CHAINS,
    SUICIDE,
    KO,
    LIFE,
    DEAD,
    FALSE_EYE,
    SEKI,
    END,
    COUNTING,
)
