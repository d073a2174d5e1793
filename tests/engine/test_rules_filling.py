"""Worked checks for the agreed filling of neutral points after the stop (commentary to Art. 9.2:
"if the players agree, they may fill dame ... after the game has stopped; such moves are not
defined by the rules"), and for the count that follows (Art. 8, Diagram 15).

The positions are constructed to illustrate the principles the texts state; docs/rules.md "The
agreed filling" adds the bot's choice: the fill never plays a point where the new stone, or any
chain next to it, would be left in atari, so a real seki keeps its shared liberties.
"""

from __future__ import annotations

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.counting import PointStatus, count
from engine.filling import neutral_points_left, plan_fill, propose_fill
from engine.game import Phase
from tests.engine.diagrams import DIAGRAM_15, board_from, game_from, marks_of, pts

B, W = Color.BLACK, Color.WHITE


def assert_no_atari_after(board: Board, proposal: list[tuple[Color, Point]]) -> Board:
    """Apply ``proposal`` to a copy; no stone is captured and no chain next to a filled point
    is left with fewer than two liberties. Returns the filled copy."""
    filled = board.copy()
    for color, point in proposal:
        assert filled.play(color, point).captured == ()
        filled.pass_move()
    for _, point in proposal:
        for chain_point in (point, *filled.neighbours(point)):
            if filled.get(chain_point) is not None:
                assert len(filled.liberties(chain_point)) >= 2, chain_point.gtp()
    return filled


# Three neutral points (a, b, c) on the border between two groups with two eyes each.
BORDER = """
    7 . X X a O O .
    6 . X X X O O .
    5 . X X X O O .
    4 X X X b O O O
    3 . X X O O O .
    2 . X X O O O .
    1 . X X c O O .
      A B C D E F G"""


def test_fill_plays_every_neutral_point_between_living_groups() -> None:
    """Commentary to Art. 9.2: the neutral points between living groups are filled. Each point
    gets a stone of a colour that touches it (docs/rules.md "The agreed filling": the choice does
    not favour Black)."""
    board = board_from(BORDER)
    marks = marks_of(BORDER)
    proposal = propose_fill(board)
    assert sorted(p for _, p in proposal) == sorted(marks["a"] + marks["b"] + marks["c"])
    filled = assert_no_atari_after(board, proposal)
    assert neutral_points_left(filled) == []


def test_fill_after_the_stop_is_not_a_move_and_gives_the_territory_back() -> None:
    """Art. 9.2 with its commentary, Art. 8 and Diagram 15: with the dame open both groups are in
    seki and have no territory. After the stop both players agree to the proposed fill; the
    stones are not moves (the game stays stopped, nobody's turn changes), and the count then
    gives each side its eye points."""
    game = game_from(BORDER, to_move=B)
    game.pass_move(B)
    game.pass_move(W)
    assert game.phase is Phase.STOPPED
    before = count(game.board)
    assert (before.black.territory, before.white.territory) == (0, 0)
    assert len(before.voiding_dame) == 3

    game.fill(tuple(propose_fill(game.board)))
    assert game.phase is Phase.STOPPED
    assert game.move_number == 2 and game.to_move is B
    after = count(game.board)
    assert after.dame == [] and after.seki == []
    assert (after.black.territory, after.white.territory) == (6, 6)


def test_diagram_15_the_fill_plays_a_and_the_eyes_become_territory() -> None:
    """Diagram 15: both groups are alive but in seki because of the dame at A, so neither side
    has territory; a stone at A is needed to make the eyes territory. The fill proposes exactly
    A, and the count after it gives Black 6 and White 5."""
    board = board_from(DIAGRAM_15)
    (a_point,) = marks_of(DIAGRAM_15)["A"]
    assert count(board).voiding_dame == (a_point,)
    proposal = propose_fill(board)
    assert proposal == [(B, a_point)]
    counted = count(assert_no_atari_after(board, proposal))
    assert (counted.black.territory, counted.white.territory) == (6, 5)


SEKI_NO_EYES = """
    7 . . . . . . .
    6 . . . . . . .
    5 . . . . . . .
    4 . . . . . . .
    3 X X X X X X .
    2 O O O O O X .
    1 a X X a O X .
      A B C D E F G"""

SEKI_ONE_DAME = """
    5 . X a O .
    4 X X X O O
    3 X X O O O
    2 X X O O O
    1 X X X O O
      A B C D E"""


def test_a_real_seki_keeps_its_shared_liberties() -> None:
    """Art. 8 and docs/rules.md "The agreed filling": a stone on a shared liberty of a seki would
    leave the filler's chain (and the opponent's) in atari, so the fill proposes nothing there: with
    two shared liberties and no eyes (beginners' guide, Fig. 14), and with one dame between two
    one-eyed groups (Diagram 13 style). Both positions are constructed."""
    for diagram in (SEKI_NO_EYES, SEKI_ONE_DAME):
        board = board_from(diagram)
        shared = marks_of(diagram)["a"]
        assert propose_fill(board) == []
        assert neutral_points_left(board) == shared


SEKI_TWO_SHARED_WITH_EYES = """
    5 . X a O .
    4 X X X O O
    3 X X O O O
    2 X X O O O
    1 X X a O O
      A B C D E"""


def test_fill_in_a_seki_with_eyes_never_leaves_a_chain_in_atari() -> None:
    """docs/rules.md "The agreed filling": a seki where each group has an eye and two liberties are
    shared. Filling one shared liberty leaves both chains with two liberties, so the fill may play
    it; the second one would leave a chain in atari and stays open. The seki and the count are
    unchanged (constructed position)."""
    board = board_from(SEKI_TWO_SHARED_WITH_EYES)
    shared = marks_of(SEKI_TWO_SHARED_WITH_EYES)["a"]
    proposal = propose_fill(board)
    assert len(proposal) <= 1
    assert all(point in shared for _, point in proposal)
    filled = assert_no_atari_after(board, proposal)
    open_after = neutral_points_left(filled)
    assert len(open_after) >= 1 and set(open_after) <= set(shared)
    before, after = count(board), count(filled)
    assert (after.black.territory, after.white.territory) == (0, 0)
    assert after.seki == sorted(set(before.seki) | {p for _, p in proposal})


DOUBLE_KO_SEKI = """
    9 . . . . . . . . .
    8 . . . . . . . . .
    7 . . . . . . . . .
    6 X X X . . . . . .
    5 O O X X . . . . .
    4 B O O X X . . . .
    3 O X O O X X X X .
    2 X X X O O O O X .
    1 . X A X O . O X .
      A B C D E F G H J"""


def test_fill_leaves_the_dame_of_a_double_ko_seki_to_the_players() -> None:
    """Example 25: A and B are dame next to the dead stones in the kos; the position is left as
    it is (commentary to Example 25, c). The fill proposes nothing there."""
    board = board_from(DOUBLE_KO_SEKI)
    marks = marks_of(DOUBLE_KO_SEKI)
    dead = pts("D1 A3", 9)
    assert propose_fill(board, dead) == []
    assert sorted(neutral_points_left(board, dead)) == sorted(marks["A"] + marks["B"])
    counted = count(board, dead)
    assert {counted.status[p] for p in dead} == {PointStatus.DEAD_STAYS}


# -- The agreed filling per docs/rules.md: neutral points, necessary stones, unsettled points

ATARI_IN_OWN_AREA = """
    7 . . . X O . .
    6 . . . X O . .
    5 . . . X O . .
    4 . . . X O . .
    3 . . . X O . .
    2 . . . X O . .
    1 . . . a X O .
      A B C D E F G"""


def test_a_chain_in_atari_voids_its_group_until_the_necessary_stone_is_added() -> None:
    """Art. 8, docs/rules.md "Territory" step 4 (commentary 9.2: "add necessary stones"): the black
    stone on E1 is in atari, White could take it at D1. Its group (the wall and E1, joined
    through their eye points) is not independent, so none of its 22 eye points counts, and the
    count names D1 (`connect at D1`). The agreed filling adds D1 for Black; then the area counts,
    minus the connection point (constructed position)."""
    board = board_from(ATARI_IN_OWN_AREA)
    (d1,) = marks_of(ATARI_IN_OWN_AREA)["a"]
    before = count(board)
    assert before.connections == ((d1, B),)
    assert before.status[d1] is PointStatus.NECESSARY
    assert (before.black.territory, before.white.territory) == (0, 13)
    assert before.result.sgf == "W+13"
    plan = plan_fill(board)
    assert plan.necessary == ((B, d1),) and plan.stones == ((B, d1),)
    assert plan.unsettled == () and plan.seki == ()
    filled = assert_no_atari_after(board, list(plan.stones))
    after = count(filled)
    assert after.connections == ()
    assert (after.black.territory, after.white.territory) == (21, 13)
    assert after.result.sgf == "B+8"


OPEN_BOUNDARY = """
    7 . . a O . . .
    6 . X X O . . .
    5 X X O O . . .
    4 O O O . . . .
    3 . . . . . . .
    2 . . . . . . .
    1 . . . . . . .
      A B C D E F G"""


def test_a_dame_one_side_could_turn_into_its_own_eye_is_unsettled_not_filled() -> None:
    """docs/rules.md "The agreed filling": C7 is dame (Black's corner reaches White through it),
    but a black stone there would make the corner Black's eye points: a real move, not dame. The
    fill leaves it and reports it unsettled ("resume and play it") (constructed position)."""
    board = board_from(OPEN_BOUNDARY)
    (c7,) = marks_of(OPEN_BOUNDARY)["a"]
    assert c7 in count(board).dame
    plan = plan_fill(board)
    assert c7 not in {p for _, p in plan.stones}
    assert plan.unsettled == (c7,)


def _mirror(board: Board) -> Board:
    out = Board(board.size)
    for (row, col), color in board.stones():
        out.place_setup(color, Point(row, board.size - 1 - col))
    return out


def _swap(board: Board) -> Board:
    out = Board(board.size)
    for point, color in board.stones():
        out.place_setup(color.opponent, point)
    return out


def test_the_fill_is_neutral_on_mirrored_borders() -> None:
    """docs/rules.md "The agreed filling": which colour fills a neutral point never changes the
    score, and the choice does not favour Black: the mirrored position gets the mirrored fill and
    the same result."""
    board = board_from(BORDER)
    mirrored = _mirror(board)
    plan, plan_m = plan_fill(board), plan_fill(mirrored)
    assert {Point(p.row, board.size - 1 - p.col) for _, p in plan.stones} == {
        p for _, p in plan_m.stones
    }
    assert _filled_margin(board, plan.stones) == _filled_margin(mirrored, plan_m.stones)


def _filled_margin(board: Board, stones: tuple[tuple[Color, Point], ...]) -> float:
    filled = board.copy()
    for color, point in stones:
        filled.play(color, point)
        filled.pass_move()
    return count(filled).margin
