"""Art. 7.2: hypothetical play after the stop under the confirmation ko rule."""

from __future__ import annotations

import pytest

from engine.board import Board
from engine.colors import Color
from engine.confirmation import ConfirmationPlay
from engine.coords import Point, parse_vertex
from engine.diagram import parse_diagram
from engine.errors import IllegalMove, IllegalReason

B, W = Color.BLACK, Color.WHITE

# Two kos on a 7×7 board: on the top edge White can take B7 from A7; on the bottom edge Black
# can take E2 from E1.
TWO_KOS = """
. X O . . . .
X O . O . . .
. X O . . . .
. . . . . . .
. . . . X . .
. . . X O X .
. . . O . O .
"""


def v(text: str) -> Point:
    return parse_vertex(text, 7)


def start() -> tuple[Board, ConfirmationPlay]:
    size, stones = parse_diagram(TWO_KOS)
    board = Board(size)
    for point, color in stones.items():
        board.place_setup(color, point)
    return board, ConfirmationPlay(board, W)


def test_real_board_is_never_touched() -> None:
    board, demo = start()
    before = board.hash
    demo.play(W, v("A7"))
    assert board.hash == before and demo.board.hash != before


def test_retake_needs_a_pass_for_that_ko_even_after_moves_elsewhere() -> None:
    _, demo = start()
    report = demo.play(W, v("A7"))  # White takes B7
    assert report is not None and report.captured == (v("B7"),)
    demo.play(B, v("G4"))
    demo.play(W, v("G3"))
    with pytest.raises(IllegalMove) as info:
        demo.play(B, v("B7"))
    assert info.value.reason is IllegalReason.KO and "Art. 7.2" in str(info.value)
    demo.pass_for_ko(B, v("B7"))
    demo.play(W, v("G2"))
    demo.play(B, v("B7"))  # now Black may retake; White is banned in turn
    assert not demo.may_retake(W, v("A7"))


def test_each_pass_names_its_ko() -> None:
    """With several kos, one pass is needed for each, and each pass names its ko."""
    _, demo = start()
    demo.play(W, v("A7"))  # White takes B7: Black is banned from that ko
    demo.play(B, v("E1"))  # Black takes E2: White is banned from that ko
    demo.play(W, v("G7"))
    with pytest.raises(IllegalMove, match="no ko at E1"):
        demo.pass_for_ko(B, v("E1"))  # Black has no ban on the bottom ko
    demo.pass_for_ko(B, v("B7"))
    with pytest.raises(IllegalMove, match=r"Art\. 7\.2"):
        demo.play(W, v("E2"))  # White has not passed for the bottom ko
    demo.pass_for_ko(W, v("E2"))
    demo.play(B, v("B7"))  # Black passed for the top ko: the retake is legal
    demo.play(W, v("E2"))  # White passed for the bottom ko: the retake is legal
    assert not demo.may_retake(W, v("A7")) and not demo.may_retake(B, v("E1"))


def test_out_of_turn() -> None:
    _, demo = start()
    with pytest.raises(IllegalMove) as info:
        demo.play(B, v("G7"))
    assert info.value.reason is IllegalReason.OUT_OF_TURN
