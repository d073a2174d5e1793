"""Capture Go (docs/capture-go.md): the rules in the engine (``Game(capture=True)``) and the
computer's policy (:mod:`engine.capture_go`), on board diagrams."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.capture_go import choose_move, saving_move, slip, working_atari
from engine.capture_ladder import capturing_points
from engine.colors import Color
from engine.errors import EngineError, IllegalMove, IllegalReason
from engine.game import Game, Phase
from engine.result import GameResult, ResultKind
from tests.engine.diagrams import board_from, pt, stones_from


def capture_game(text: str, to_move: Color = Color.BLACK, *, capture: bool = True) -> Game:
    """A Capture Go game from the diagram's position with ``to_move`` to play."""
    size, stones = stones_from(text)
    setup = tuple((color, point) for point, color in sorted(stones.items()))
    return Game(size, 0, 0, setup, to_move, capture=capture)


IN_ATARI = """
7 . . . . . . .
6 . . . . . . .
5 . . . X . . .
4 . . X O X . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
"""


# -- the rules ------------------------------------------------------------------------------------


def test_the_first_capture_ends_the_game_and_the_capturer_wins() -> None:
    game = capture_game(IN_ATARI)
    report = game.play(Color.BLACK, pt("D3", 7))
    assert report.board_report is not None and report.board_report.captured == (pt("D4", 7),)
    assert game.phase is Phase.FINISHED and not report.stopped
    assert game.result == GameResult(ResultKind.CAPTURE, Color.BLACK)
    assert game.result.sgf == "B+C"
    with pytest.raises(IllegalMove) as over:
        game.play(Color.WHITE, pt("A1", 7))
    assert over.value.reason is IllegalReason.GAME_OVER
    assert not game.can_undo()  # a final result is not taken back


def test_a_normal_game_goes_on_after_a_capture() -> None:
    game = capture_game(IN_ATARI, capture=False)
    game.play(Color.BLACK, pt("D3", 7))
    assert game.phase is Phase.PLAYING and game.result is None


def test_suicide_is_still_illegal() -> None:
    game = capture_game(
        """
        5 . X . . .
        4 X . . . .
        3 . . . . .
        2 . . . . .
        1 . . . . .
        """,
        Color.WHITE,
    )
    with pytest.raises(IllegalMove) as refused:
        game.play(Color.WHITE, pt("A5", 5))
    assert refused.value.reason is IllegalReason.SUICIDE
    assert game.phase is Phase.PLAYING and game.to_move is Color.WHITE


def test_ko_still_applies_though_its_first_capture_already_wins() -> None:
    game = capture_game(
        """
        5 . . . . .
        4 . X O . .
        3 X O . O .
        2 . X O . .
        1 . . . . .
        """
    )
    game.play(Color.BLACK, pt("C3", 5))  # takes the ko: the first capture wins
    assert game.result == GameResult(ResultKind.CAPTURE, Color.BLACK)
    assert game.board.ko_point == pt("B3", 5)  # the ban stands: the retake would be ko
    assert game.board.legality(Color.WHITE, pt("B3", 5)) is IllegalReason.KO
    assert game.check_move(Color.WHITE, pt("B3", 5)) is IllegalReason.GAME_OVER


def test_two_passes_in_a_row_are_a_draw() -> None:
    game = capture_game(IN_ATARI)
    first = game.pass_move(Color.BLACK)
    assert not first.stopped and game.move_number == 1
    report = game.pass_move(Color.WHITE)
    assert not report.stopped and game.phase is Phase.FINISHED
    assert game.result == GameResult(ResultKind.JIGO) and game.result.sgf == "0"
    with pytest.raises(EngineError):
        game.resume(Color.BLACK)  # no confirmation phase to resume from


def test_a_pass_between_moves_is_no_draw() -> None:
    game = Game(7, 0, capture=True)
    game.pass_move(Color.BLACK)
    game.play(Color.WHITE, pt("D4", 7))
    game.pass_move(Color.BLACK)
    assert game.phase is Phase.PLAYING


def test_copy_and_replay_keep_the_mode_and_the_result() -> None:
    game = capture_game(IN_ATARI)
    game.play(Color.BLACK, pt("D3", 7))
    twin = game.copy()
    assert twin.capture and twin.result == game.result and twin.phase is Phase.FINISHED
    again = Game.replay(list(game.history), size=7, komi=0, capture=True)
    assert again.phase is Phase.PLAYING  # no setup stones here: nothing was captured
    assert again.capture


def test_the_capture_result_reads_back() -> None:
    for text in ("B+C", "w+capture"):
        assert GameResult.from_sgf(text).kind is ResultKind.CAPTURE
    assert GameResult.from_sgf("W+C") == GameResult(ResultKind.CAPTURE, Color.WHITE)


# -- the policy -----------------------------------------------------------------------------------

LADDER = """
7 . . . . . . .
6 . . . . . . .
5 . . . . . . .
4 . . . O . . .
3 . O X O . . .
2 . . O . . . .
1 . . . . . . .
"""
"""Black's C3 in atari: extending to C4 gets two liberties, and White's ladder catches it."""

BROKEN_LADDER = LADDER.replace("5 . . . . . . .", "5 . X . . . . .")
"""The same with Black's B5 on the ladder's path: the extension escapes."""


def test_it_captures_when_it_can() -> None:
    game = capture_game(IN_ATARI)
    for seed in range(20):
        assert choose_move(game, 10, random.Random(seed)) == pt("D3", 7)


def test_it_saves_a_chain_in_atari() -> None:
    game = capture_game(
        """
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . O X O . .
        2 . . . O . . .
        1 . . . . . . .
        """
    )
    assert saving_move(game.board, Color.BLACK) == pt("D4", 7)
    assert choose_move(game, 10, random.Random(1)) == pt("D4", 7)


def test_it_does_not_run_out_of_a_working_ladder() -> None:
    game = capture_game(LADDER)
    assert saving_move(game.board, Color.BLACK) is None
    for seed in range(20):
        assert choose_move(game, 10, random.Random(seed)) != pt("C4", 7)


def test_it_extends_when_the_extension_escapes() -> None:
    game = capture_game(BROKEN_LADDER)
    assert saving_move(game.board, Color.BLACK) == pt("C4", 7)
    assert choose_move(game, 10, random.Random(1)) == pt("C4", 7)


def test_it_ataris_a_chain_caught_in_a_ladder() -> None:
    caught = board_from(
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
    assert working_atari(caught, Color.BLACK) == pt("D3", 7)


def test_it_does_not_atari_a_chain_that_escapes() -> None:
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
    assert working_atari(free, Color.BLACK) is None


def _position_with_a_capture(seed: int) -> Game | None:
    """A Capture Go game after random normal play on 7×7 until the player to move can capture."""
    rng = random.Random(seed)
    play = Game(7, 0)
    for _ in range(60):
        color = play.to_move
        if capturing_points(play.board, color):
            setup = tuple((c, p) for p, c in play.board.stones())
            return Game(7, 0, 0, setup, color, capture=True)
        legal = play.board.legal_points(color)
        play.play(color, rng.choice(legal) if legal else None)
    return None


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_level_ten_never_misses_a_capture(seed: int) -> None:
    game = _position_with_a_capture(seed)
    if game is None:
        return
    move = choose_move(game, 10, random.Random(seed))
    assert move in capturing_points(game.board, game.to_move)


def test_level_one_misses_a_capture_sometimes() -> None:
    game = capture_game(IN_ATARI)
    missed = [choose_move(game, 1, random.Random(seed)) != pt("D3", 7) for seed in range(100)]
    assert sum(missed) == 39  # seeded: exactly these


def test_the_slips_fall_as_the_level_rises() -> None:
    chances = [slip(level) for level in range(1, 11)]
    assert chances == sorted(chances, reverse=True) and chances[-1] == 0
