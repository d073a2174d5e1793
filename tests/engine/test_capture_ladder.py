"""The liberty-only ladder reader of Capture Go (:mod:`engine.capture_ladder`), on diagrams."""

from __future__ import annotations

from engine.capture_ladder import atari_works, can_capture, capturing_points, caught, escapes
from engine.colors import Color
from tests.engine.diagrams import board_from, pt

LADDER = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . O . . .
3 . O X O . . .
2 . . O . . . .
1 . . . . . . .
"""


def test_a_working_ladder_catches_the_chain() -> None:
    assert not escapes(board_from(LADDER), pt("C3", 7))


def test_a_ladder_breaker_lets_it_escape() -> None:
    broken = LADDER.replace("5 . . . . . . .", "5 . X . . . . .")
    assert escapes(board_from(broken), pt("C3", 7))


def test_a_counter_capture_is_an_escape() -> None:
    # White's B3 is in atari too: Black, to move, captures it at B2 and wins at once
    board = board_from(
        LADDER.replace("4 . . . O . . .", "4 . X . O . . .").replace(
            "3 . O X O . . .", "3 X O X O . . ."
        )
    )
    assert can_capture(board, Color.BLACK) and escapes(board, pt("C3", 7))


def test_two_liberties_caught_or_not() -> None:
    ladder = board_from(
        """
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . X . . .
        3 . X O . . . .
        2 . . X . . . .
        1 . . . . . . .
        """
    )
    assert caught(ladder, pt("C3", 7))
    assert atari_works(ladder, Color.BLACK, pt("D3", 7), pt("C3", 7))
    assert not atari_works(ladder, Color.BLACK, pt("B2", 7), pt("C3", 7))  # no atari at all
    free = board_from(
        """
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . X O . . .
        3 . . . X . . .
        2 . . . . . . .
        1 . . . . . . .
        """
    )
    assert not caught(free, pt("D4", 7))


def test_capturing_points() -> None:
    board = board_from(
        """
        5 . . . . .
        4 . . X . .
        3 . X O X .
        2 . . . . .
        1 O X . . .
        """
    )
    assert capturing_points(board, Color.BLACK) == [pt("A2", 5), pt("C2", 5)]
    assert capturing_points(board, Color.WHITE) == []
