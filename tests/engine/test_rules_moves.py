"""Worked checks for moves: capture (Art. 5), no suicide (Art. 4), ko (Art. 6), repetition
(Art. 12), the stop and resumption (Art. 9) and handicap stones (docs/rules.md, "Handicap and
komi").

Each position is a small constructed diagram (X black, O white, rows from the top); the rules
texts state the principles, the diagrams here only illustrate them.
"""

from __future__ import annotations

import pytest

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.errors import EngineError, IllegalMove, IllegalReason
from engine.game import Game, Phase
from tests.engine.diagrams import board_from, game_from, pt, pts, snapshot, stone

B, W = Color.BLACK, Color.WHITE


# -- Capture (Art. 5) ---------------------------------------------------------------------------


def test_single_stone_capture() -> None:
    """Art. 5: Black D3 takes the last liberty of the white stone on D4, which is removed."""
    board = board_from("""
        7 . . . . . . .
        6 . . . . . . .
        5 . . . X . . .
        4 . . X O X . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .
          A B C D E F G""")
    report = board.play(B, pt("D3", 7))
    assert report.captured == (pt("D4", 7),)
    assert board.get(pt("D4", 7)) is None
    assert board.prisoners == {B: 1, W: 0}


def test_multi_stone_capture() -> None:
    """Art. 5: a chain is captured as a whole when its last liberty (E3) is filled."""
    board = board_from("""
        7 . . . . . . .
        6 . . . . . . .
        5 . . X X X . .
        4 . X O O O X .
        3 . . X X . . .
        2 . . . . . . .
        1 . . . . . . .
          A B C D E F G""")
    report = board.play(B, pt("E3", 7))
    assert sorted(report.captured) == pts("C4 D4 E4", 7)
    assert board.prisoners[B] == 3


def test_capture_on_the_edge() -> None:
    """Art. 5: on the edge two white stones have only three liberties; the third fills them."""
    board = board_from("""
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . . . . . .
        2 . . X X . . .
        1 . X O O . . .
          A B C D E F G""")
    report = board.play(B, pt("E1", 7))
    assert sorted(report.captured) == pts("C1 D1", 7)
    assert board.count_stones(W) == 0


def test_capture_in_the_corner() -> None:
    """Art. 5: a stone in the corner has two liberties; Black A2 captures A1."""
    board = board_from("""
        5 . . . . .
        4 . . . . .
        3 . . . . .
        2 . . . . .
        1 O X . . .
          A B C D E""")
    assert board.play(B, pt("A2", 5)).captured == (pt("A1", 5),)


def test_prisoners_are_counted_for_the_capturer() -> None:
    """Art. 5: captured stones are the mover's prisoners; the game keeps both counts."""
    game = game_from(
        """
        7 . . . . . . .
        6 . . . . . . .
        5 . . . X . . .
        4 . . X O X . .
        3 . . . . . O .
        2 . . . . O X O
        1 . . . . . . .
          A B C D E F G""",
        to_move=B,
    )
    assert stone(game.play(B, pt("D3", 7))).captured == (pt("D4", 7),)
    assert stone(game.play(W, pt("F1", 7))).captured == (pt("F2", 7),)
    assert game.prisoners == {B: 1, W: 1}


# -- No suicide (Art. 4) ------------------------------------------------------------------------


def test_suicide_of_one_stone_is_illegal_and_changes_nothing() -> None:
    """Art. 4: White D5 would have no liberty and captures nothing; the board is unchanged."""
    board = board_from("""
        7 . . . . . . .
        6 . . . X . . .
        5 . . X . X . .
        4 . . . X . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .
          A B C D E F G""")
    before = snapshot(board)
    assert board.legality(W, pt("D5", 7)) is IllegalReason.SUICIDE
    with pytest.raises(IllegalMove) as rejected:
        board.play(W, pt("D5", 7))
    assert rejected.value.reason is IllegalReason.SUICIDE
    assert snapshot(board) == before


def test_suicide_of_a_chain_is_illegal_and_changes_nothing() -> None:
    """Art. 4: White D5 would join C5 and E5 into a chain without a liberty (three stones)."""
    game = game_from(
        """
        7 . . . . . . .
        6 . . X X X . .
        5 . X O . O X .
        4 . . X X X . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .
          A B C D E F G""",
        to_move=W,
    )
    before = snapshot(game.board)
    assert game.check_move(W, pt("D5", 7)) is IllegalReason.SUICIDE
    with pytest.raises(IllegalMove) as rejected:
        game.play(W, pt("D5", 7))
    assert rejected.value.reason is IllegalReason.SUICIDE
    assert snapshot(game.board) == before
    assert game.to_move is W and game.history == []


def test_the_same_point_is_legal_when_it_captures() -> None:
    """Art. 4 and 5: all four neighbours of D5 are black, but White D5 takes the last liberty of
    D6-D7, so the captures come first and the white stone has liberties."""
    board = board_from("""
        7 . . O X O . .
        6 . . O X O . .
        5 . . X . X . .
        4 . . . X . . .
        3 . . . . . . .
        2 . . . . . . .
        1 . . . . . . .
          A B C D E F G""")
    assert board.legality(W, pt("D5", 7)) is None
    report = board.play(W, pt("D5", 7))
    assert sorted(report.captured) == pts("D6 D7", 7)
    assert board.liberties(pt("D5", 7)) == frozenset(pts("D6", 7))


def test_snapback_is_legal() -> None:
    """Art. 5 and 6 (and Art. 7's snapback, Diagram 7): White throws in at D1, Black takes the
    single stone with E1, and White at once plays D1 again, capturing five stones. That is not
    a ko recapture: Black's capturing stone belongs to a chain of five."""
    game = game_from(
        """
        7 . . . . . . .
        6 . . . . . . .
        5 . . . . . . .
        4 . . . . . . .
        3 . . O O O . .
        2 . O X X X O .
        1 . O X . . O .
          A B C D E F G""",
        to_move=W,
    )
    throw_in = game.play(W, pt("D1", 7))
    assert stone(throw_in).captured == ()
    take = game.play(B, pt("E1", 7))
    assert stone(take).captured == (pt("D1", 7),)
    assert stone(take).ko_point is None
    snap = game.play(W, pt("D1", 7))
    assert sorted(stone(snap).captured) == sorted(pts("C1 C2 D2 E2 E1", 7))
    assert game.prisoners == {B: 1, W: 5}


# -- Ko (Art. 6) --------------------------------------------------------------------------------

KO = """
    7 . . . . . . .
    6 . . . . . . .
    5 . . X O . . .
    4 . X O . O . .
    3 . . X O . . .
    2 . . . . . . .
    1 . . . . . . .
      A B C D E F G"""


def test_ko_immediate_recapture_is_illegal() -> None:
    """Art. 6: Black D4 takes the white stone on C4; White may not retake at C4 at once."""
    game = game_from(KO, to_move=B)
    report = game.play(B, pt("D4", 7))
    assert stone(report).captured == (pt("C4", 7),)
    assert stone(report).ko_point == pt("C4", 7)
    assert game.check_move(W, pt("C4", 7)) is IllegalReason.KO
    before = snapshot(game.board)
    with pytest.raises(IllegalMove) as rejected:
        game.play(W, pt("C4", 7))
    assert rejected.value.reason is IllegalReason.KO
    assert snapshot(game.board) == before


def test_ko_recapture_is_legal_after_an_exchange_elsewhere() -> None:
    """Art. 6: after a ko threat and its answer elsewhere, White may retake the ko."""
    game = game_from(KO, to_move=B)
    game.play(B, pt("D4", 7))
    game.play(W, pt("F6", 7))  # a threat elsewhere
    game.play(B, pt("F5", 7))  # the answer
    assert game.check_move(W, pt("C4", 7)) is None
    assert stone(game.play(W, pt("C4", 7))).captured == (pt("D4", 7),)


def test_ko_recapture_is_legal_after_a_pass() -> None:
    """Art. 6 (docs/rules.md "Ko": a pass lifts the ban): White passes instead of retaking; after
    Black's next move White retakes. On the board itself, a pass clears the ko point."""
    game = game_from(KO, to_move=B)
    game.play(B, pt("D4", 7))
    game.pass_move(W)
    game.play(B, pt("F2", 7))
    assert stone(game.play(W, pt("C4", 7))).captured == (pt("D4", 7),)

    board = board_from(KO)
    board.play(B, pt("D4", 7))
    assert board.legality(W, pt("C4", 7)) is IllegalReason.KO
    board.pass_move()
    assert board.legality(W, pt("C4", 7)) is None


# Three kos on one board: Black can take the kos at D1 (white stone on C1) and at D9 (white
# stone on C9), White the ko at G1 (black stone on F1). Constructed to illustrate the triple-ko
# cycle of the commentary to Art. 12 (Diagram 18); the original diagram is not in the text.
TRIPLE_KO = """
    9 . X O . O . . . .
    8 . . X O . . . . .
    7 . . . . . . . . .
    6 . . . . . . . . .
    5 . . . . . . . . .
    4 . . . . . . . . .
    3 . . . . . . . . .
    2 . . X O . O X . .
    1 . X O . O X . X .
      A B C D E F G H J"""


def test_triple_ko_repeats_the_position_and_is_reported_not_forbidden() -> None:
    """Art. 12: Black and White take the three kos in turn; after six captures the whole-board
    position (and the player to move) is the starting one again. Every move is legal; the
    repetition is reported in ``PlayReport.repetition`` and ``Game.repetitions``, and play goes
    on through the cycle."""
    game = game_from(TRIPLE_KO, to_move=B)
    start = game.board.hash
    cycle = [(B, "D1"), (W, "G1"), (B, "D9"), (W, "C1"), (B, "F1"), (W, "C9")]
    reports = []
    for color, vertex in cycle:
        assert game.check_move(color, pt(vertex, 9)) is None
        reports.append(game.play(color, pt(vertex, 9)))
    assert all(len(stone(r).captured) == 1 for r in reports)
    assert [r.repetition for r in reports] == [False] * 5 + [True]
    assert game.board.hash == start and game.to_move is B
    assert game.repetitions == [6]
    # Not forbidden: the cycle goes on, and each move repeats an earlier position.
    again = game.play(B, pt("D1", 9))
    assert again.repetition
    assert game.repetitions == [6, 7]
    assert game.phase is Phase.PLAYING


# -- Turns, the stop and resumption (Art. 2, 9) -------------------------------------------------


def test_moves_out_of_turn_are_rejected() -> None:
    """Art. 2 and 3: players alternate (Black first in an even game); a move out of turn, on an
    occupied point or off the board is rejected and changes nothing."""
    game = Game(9)
    assert game.check_move(W, pt("E5", 9)) is IllegalReason.OUT_OF_TURN
    with pytest.raises(IllegalMove) as rejected:
        game.play(W, pt("E5", 9))
    assert rejected.value.reason is IllegalReason.OUT_OF_TURN
    game.play(B, pt("E5", 9))
    with pytest.raises(IllegalMove) as again:
        game.pass_move(B)
    assert again.value.reason is IllegalReason.OUT_OF_TURN
    with pytest.raises(IllegalMove) as occupied:
        game.play(W, pt("E5", 9))
    assert occupied.value.reason is IllegalReason.OCCUPIED
    with pytest.raises(EngineError, match="off a 9×9 board"):
        game.play(W, Point(9, 0))
    assert game.move_number == 1 and game.to_move is W


def test_two_passes_in_succession_stop_the_game() -> None:
    """Art. 9.1: a pass answered by a move does not stop; two passes in succession do."""
    game = Game(9)
    assert not game.pass_move(B).stopped
    game.play(W, pt("E5", 9))
    assert not game.pass_move(B).stopped
    report = game.pass_move(W)
    assert report.stopped
    assert game.phase is Phase.STOPPED
    with pytest.raises(IllegalMove) as rejected:
        game.play(B, pt("C3", 9))
    assert rejected.value.reason is IllegalReason.GAME_STOPPED


@pytest.mark.parametrize("requester", [B, W])
def test_resumption_gives_the_move_to_the_requesters_opponent(requester: Color) -> None:
    """Art. 9.3: after the stop (Black passed, then White), whoever asks to resume, the other
    player moves first."""
    game = Game(9)
    game.pass_move(B)
    game.pass_move(W)
    game.resume(requester)
    assert game.phase is Phase.PLAYING
    assert game.to_move is requester.opponent
    assert game.check_move(requester, pt("E5", 9)) is IllegalReason.OUT_OF_TURN
    assert not game.play(requester.opponent, pt("E5", 9)).stopped


# -- Handicap (beginners' guide; docs/rules.md "Handicap and komi") -------------------------------


@pytest.mark.parametrize(
    ("size", "handicap", "points"),
    [
        (19, 2, "D4 Q16"),
        (19, 3, "D4 Q16 Q4"),
        (19, 4, "D4 Q16 Q4 D16"),
        (19, 5, "D4 Q16 Q4 D16 K10"),
        (19, 6, "D4 Q16 Q4 D16 D10 Q10"),
        (19, 7, "D4 Q16 Q4 D16 D10 Q10 K10"),
        (19, 8, "D4 Q16 Q4 D16 D10 Q10 K4 K16"),
        (19, 9, "D4 Q16 Q4 D16 D10 Q10 K4 K16 K10"),
        (13, 5, "D4 K10 K4 D10 G7"),
        (9, 5, "C3 G7 G3 C7 E5"),
    ],
)
def test_handicap_stones_on_the_traditional_points_white_moves_first(
    size: int, handicap: int, points: str
) -> None:
    """Handicap stones stand on the fixed points of the traditional layout, and White moves
    first (Art. 2 with the beginners' guide)."""
    game = Game(size, 0.0, handicap)
    assert {p for p, _ in game.board.stones()} == set(pts(points, size))
    assert game.board.count_stones(B) == handicap
    assert game.to_move is W
    assert game.check_move(B, pt("E5", size)) is IllegalReason.OUT_OF_TURN


def test_a_setup_position_must_be_legal() -> None:
    """Art. 4 for diagrams: the helper refuses a position in which a chain has no liberty."""
    with pytest.raises(EngineError, match="A2 would leave a chain without liberties"):
        board_from("""
            5 . . . . .
            4 . . . . .
            3 . . . . .
            2 X . . . .
            1 O X . . .
              A B C D E""")
    assert isinstance(board_from(KO), Board)
