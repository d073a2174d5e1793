"""Markings that contradict Art. 7 (docs/rules.md "Markings that contradict Art. 7"): refused when a
stone is marked dead whose every opposing neighbour is marked dead, warned (with the sequence)
when a chain marked alive can be taken by a short forced sequence. Constructed positions."""

from __future__ import annotations

from engine.colors import Color
from engine.marking import capturable, contradictions
from tests.engine.diagrams import board_from, marks_of, pts
from tests.engine.test_rules_filling import ATARI_IN_OWN_AREA

B, W = Color.BLACK, Color.WHITE

STONE_INSIDE_DEAD_GROUP = """
    8 . . . . . . . .
    7 . . . . . . . .
    6 . X X X X X X .
    5 . X O O O O X .
    4 . X O X . O X .
    3 . X O O O O X .
    2 . X X X X X X .
    1 . . . . . . . .
      A B C D E F G H"""


def test_a_stone_inside_a_dead_group_cannot_be_marked_dead() -> None:
    """Art. 7.1: the black stone on D4 touches only the white stones around it. Once they are
    taken (they are marked dead), D4 lives, so marking it dead too is refused."""
    board = board_from(STONE_INSIDE_DEAD_GROUP)
    white = pts("C5", 8)
    inside = pts("D4", 8)
    assert contradictions(board, white + inside) == [tuple(inside)]
    assert contradictions(board, white) == []
    assert contradictions(board, inside) == []  # its white neighbours are alive: a fair claim


def test_a_lone_stone_in_open_territory_may_be_marked_dead() -> None:
    """A stone with no opposing neighbour at all is not protected by the rule (Art. 7.1 asks
    whether it can be captured, and here it plainly can)."""
    board = board_from("""
    5 . . . . .
    4 . . . . .
    3 . . X . .
    2 . . . . .
    1 O O O O O""")
    assert contradictions(board, pts("C3", 5)) == []


IN_ATARI_MARKED_ALIVE = """
    5 . . . . .
    4 . O O O .
    3 . X X . .
    2 . O O O .
    1 . . . . .
      A B C D E"""


def test_a_chain_whose_only_escape_is_self_atari_is_warned_with_its_sequence() -> None:
    """Art. 7.1: B3–C3 has two liberties; after White's atari on A3 the escape on D3 is
    self-atari, so White takes the chain at D3 and the capturing stones stay safe. The marking
    "alive" is warned about, with the sequence."""
    board = board_from(IN_ATARI_MARKED_ALIVE)
    (capture,) = capturable(board)
    assert capture.chain == tuple(pts("B3 C3", 5))
    assert capture.moves == ((W, pts("A3", 5)[0]), (B, None), (W, pts("D3", 5)[0]))
    assert capturable(board, pts("B3", 5)) == []  # marked dead: nothing to warn about


def test_a_seki_is_not_warned_about() -> None:
    """Art. 7.1 and Art. 8: in a seki the shared liberties cannot be filled without self-atari,
    so no chain of it can be taken: no warning (beginners' guide, Fig. 14 style)."""
    board = board_from("""
    5 . X a O .
    4 X X X O O
    3 X X O O O
    2 X X O O O
    1 X X a O O""")
    assert capturable(board) == []


def test_a_chain_in_atari_named_by_the_count_is_not_warned_twice() -> None:
    """docs/rules.md "Territory" step 4: the count already says `connect at D1` for E1 (the same
    danger), so the marking check does not repeat it."""
    diagram = ATARI_IN_OWN_AREA
    board = board_from(diagram)
    assert marks_of(diagram)["a"] == pts("D1", 7)
    assert capturable(board) == []


def test_a_chain_in_atari_on_the_border_is_warned() -> None:
    """Art. 7.1: the black stone on D3 is in atari and its last liberty C3 is a dame point;
    White takes it there and the capturing stone stays safe: warned, with the one move."""
    board = board_from("""
    5 . X O O .
    4 . X O O .
    3 . X . X O
    2 . X O O .
    1 . X O . .""")
    warned = {c.chain: c.moves for c in capturable(board)}
    assert warned[tuple(pts("D3", 5))] == ((W, pts("C3", 5)[0]),)
