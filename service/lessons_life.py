"""``learn``'s lessons on life and the end of the game: living groups, dead groups, false eyes,
seki, the end of the game and counting (their texts: :mod:`service.catalogue_learn_en`). Every
position is checked by the engine in the tests."""

from __future__ import annotations

from engine.colors import Color
from service.lesson_model import Exercise, Kind, Lesson
from service.rules_topics import Diagram

W = Color.WHITE

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
            rights=("B2 B1", "B2 C1"),  # B1 first is a ko (GNU Go: owl code 3)
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

LIFE_LESSONS: tuple[Lesson, ...] = (LIFE, DEAD, FALSE_EYE, SEKI, END, COUNTING)
