"""Worked checks for the count: territory (Art. 8), dead stones and the result (Art. 10).

The diagrams of the rules texts are not in the texts, so every position here is constructed to
have exactly the facts the texts state (which points are dame or eye points, which stones are
dead, which groups are in seki, the counts); each docstring says which text it follows. Marks:
letters other than X and O are empty points named in the assertions (``a``, ``A``, ``B`` for
the dame the texts name, ``e`` for eye points).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.colors import Color
from engine.coords import Point
from engine.counting import PointStatus, count
from engine.filling import propose_fill
from tests.engine.diagrams import (
    DIAGRAM_15,
    board_from,
    count_from,
    game_from,
    marks_of,
    pts,
    stones_from,
)

B, W = Color.BLACK, Color.WHITE
S = PointStatus


def statuses(
    counted_status: Mapping[Point, PointStatus], points: Iterable[Point]
) -> set[PointStatus]:
    """The set of statuses of ``points`` (one element when they all agree)."""
    return {counted_status[p] for p in points}


# -- Territory: eye points of independently living groups (Art. 8, Diagram 12) ------------------

TWO_EYES = """
    7 . . . . . . .
    6 . . . . . . .
    5 O O O O O . .
    4 X X X X O . .
    3 a X c X O . .
    2 b X d X O . .
    1 X X X X O . .
      A B C D E F G"""


def test_living_group_with_two_eyes_has_its_eye_points_as_territory() -> None:
    """Art. 8, Diagram 12: points a to d are eye points of a fully living black group, so they
    are territory (constructed: a corner group with two two-point eyes against a white wall)."""
    counted = count_from(TWO_EYES)
    marks = marks_of(TWO_EYES)
    eyes = marks["a"] + marks["b"] + marks["c"] + marks["d"]
    assert statuses(counted.status, eyes) == {S.BLACK_TERRITORY}
    assert counted.black.territory == 4
    assert counted.white.territory == 49 - 4 - 12 - 9
    assert counted.dame == [] and counted.seki == []


# -- Seki (Art. 8, Diagrams 13 and 14; beginners' guide Fig. 14) ---------------------------------

SEKI_TWO_SHARED = """
    5 e X a O f
    4 X X X O O
    3 X X O O O
    2 X X O O O
    1 X X a O O
      A B C D E"""


def test_seki_with_two_shared_liberties_has_no_territory() -> None:
    """Art. 8 (Diagrams 13/14 style, constructed): the black and the white group each have one
    eye (e, f) and share the two liberties a. Neither can fill a second shared liberty without
    being captured, so both live in seki: the shared liberties are dame, the eye points are
    eye points of groups in seki (not territory), and nobody has any territory."""
    counted = count_from(SEKI_TWO_SHARED)
    marks = marks_of(SEKI_TWO_SHARED)
    assert counted.dame == marks["a"]
    assert statuses(counted.status, marks["e"] + marks["f"]) == {S.SEKI_EYE}
    assert counted.owner[marks["e"][0]] is B and counted.owner[marks["f"][0]] is W
    _, stones = stones_from(SEKI_TWO_SHARED)
    assert statuses(counted.status, list(stones)) == {S.SEKI}
    assert counted.black.territory == counted.white.territory == 0
    assert counted.result.sgf == "0"


SEKI_ONE_DAME = """
    5 e X a O e
    4 X X X O O
    3 X X O O O
    2 X X O O O
    1 X X X O O
      A B C D E"""


def test_diagram_13_one_dame_makes_the_groups_seki_and_their_eyes_not_territory() -> None:
    """Art. 8, Diagram 13: point a is dame; the black and the white stones are alive with a dame,
    so they are in seki; the points e are eye points but not territory. (Constructed: the
    original has nine black and four white stones; here both groups are larger, the facts
    are the same.) The open dame is named as the one voiding the eyes."""
    counted = count_from(SEKI_ONE_DAME)
    marks = marks_of(SEKI_ONE_DAME)
    assert counted.dame == marks["a"]
    assert statuses(counted.status, marks["e"]) == {S.SEKI_EYE}
    assert counted.black.territory == counted.white.territory == 0
    assert list(counted.voiding_dame) == marks["a"]


SEKI_IN_TERRITORY = """
    7 . . . . . . .
    6 . . . . . . .
    5 . . . . . . .
    4 . . . . . . .
    3 X X X X X X .
    2 O O O O O X .
    1 a X X a O X .
      A B C D E F G"""


def test_seki_without_eyes_inside_territory() -> None:
    """Beginners' guide, Fig. 14 and its text: two groups without eyes share two liberties
    (a); whoever fills one is captured, so neither does, and the points of the seki count for
    nobody (Art. 8). The black wall around it does not touch a dame, so it is not in seki and
    its territory counts (constructed position)."""
    counted = count_from(SEKI_IN_TERRITORY)
    marks = marks_of(SEKI_IN_TERRITORY)
    assert counted.dame == marks["a"]
    assert statuses(counted.status, pts("B1 C1 A2 B2 C2 D2 E2 E1", 7)) == {S.SEKI}
    assert statuses(counted.status, pts("A3 F3 F1", 7)) == {S.ALIVE}
    assert counted.black.territory == 28 + 3  # rows 4-7 and G1-G3
    assert counted.white.territory == 0
    assert counted.voiding_dame == ()


# -- One open dame voids the eyes (Art. 8, Diagram 15, Example 24a) -----------------------------

OPEN_DAME = DIAGRAM_15


def test_one_open_dame_makes_both_groups_seki_and_voids_their_eyes() -> None:
    """Art. 8, Diagram 15 and Example 24a: both groups are alive, but in seki because of the
    dame at A, so neither side has any territory; the count names A as the voiding dame.
    (Constructed: two living groups with two eyes each, one dame between them.)"""
    counted = count_from(OPEN_DAME)
    (a_point,) = marks_of(OPEN_DAME)["A"]
    assert counted.dame == [a_point]
    assert counted.voiding_dame == (a_point,)
    assert counted.black.territory == counted.white.territory == 0
    assert statuses(counted.status, pts("A1 A2 A3 A5 A6 A7 G1 G2 G3 G6 G7", 7)) == {S.SEKI_EYE}
    _, stones = stones_from(OPEN_DAME)
    assert statuses(counted.status, list(stones)) == {S.SEKI}


def test_filling_the_open_dame_makes_the_eyes_territory() -> None:
    """Diagram 15 and Example 24a: "A move at A is needed to make Black's eyes into
    territory." The agreed fill (commentary 9.2.2) plays A, and the count then gives each side
    its eye points: Black 6, White 5."""
    board = board_from(OPEN_DAME)
    (a_point,) = marks_of(OPEN_DAME)["A"]
    proposal = propose_fill(board)
    assert proposal == [(B, a_point)]
    for color, point in proposal:
        board.play(color, point)
    counted = count(board)
    assert counted.dame == [] and counted.seki == []
    assert (counted.black.territory, counted.white.territory) == (6, 5)


# -- Dead stones (Art. 10.1, Diagrams 16 and 17) ------------------------------------------------

DEAD_IN_TERRITORY = """
    7 . . . X O . .
    6 . . . X O . .
    5 . O . X O . X
    4 . . . X O . .
    3 . . . X O . .
    2 . . . X O . .
    1 . . . X O . .
      A B C D E F G"""


def test_dead_stone_in_territory_is_removed_as_a_prisoner() -> None:
    """Art. 10.1, Diagram 16: the white stone in Black's territory is dead, and Black removes it
    as it is, without further moves: it becomes Black's prisoner and its point is Black's
    territory. Likewise the black stone in White's territory. Prisoners taken in play (here 2
    and 3) are added (Art. 5). (Constructed position.)"""
    counted = count_from(DEAD_IN_TERRITORY, dead="B5 G5", captured={B: 2, W: 3})
    assert counted.status[pts("B5", 7)[0]] is S.DEAD_REMOVED
    assert counted.status[pts("G5", 7)[0]] is S.DEAD_REMOVED
    assert (counted.black.territory, counted.white.territory) == (21, 14)
    assert (counted.black.prisoners, counted.white.prisoners) == (2 + 1, 3 + 1)
    assert counted.result.sgf == "B+6"


DEAD_IN_SEKI = """
    7 . . . . . . .
    6 . . . . . . .
    5 O O O O . . .
    4 X X X O O . .
    3 O O X X O O O
    2 A O O X X X X
    1 X X O d X e X
      A B C D E F G"""


def test_diagram_17_dead_stones_in_a_seki_area_stay_and_count_for_nobody() -> None:
    """Art. 10.1, Diagram 17: the two black stones A1-B1 are dead (White could take them at A),
    but White lives in seki (the dame d is shared with the black group that has the eye e), so
    their points are not White's territory, and White cannot remove them: they stay on the
    board, are nobody's prisoners, and A is an eye point in seki. (Constructed; White's outer
    wall touches no dame and keeps its territory.)"""
    counted = count_from(DEAD_IN_SEKI, dead="A1")
    marks = marks_of(DEAD_IN_SEKI)
    assert statuses(counted.status, pts("A1 B1", 7)) == {S.DEAD_STAYS}
    assert counted.dame == marks["d"]
    assert statuses(counted.status, marks["A"] + marks["e"]) == {S.SEKI_EYE}
    assert statuses(counted.status, pts("A3 B3 B2 C2 C1 A4 G1", 7)) == {S.SEKI}
    assert counted.black.prisoners == counted.white.prisoners == 0
    assert counted.black.territory == 0
    assert counted.white.territory == 14 + 3 + 2  # rows 6-7, E5-G5, F4-G4


# -- Double-ko seki (Example 25; Art. 8, Diagram 14) --------------------------------------------

DOUBLE_KO_SEKI = """
    9 . . . . . . . . .
    8 . . . . . . . . .
    7 . . . . . . . . .
    6 X X X . . . . . .
    5 O O X X . . . . .
    4 B O O X X . . . .
    3 O X O O X X X X .
    2 X X X O O O O X .
    1 e X A X O e O X .
      A B C D E F G H J"""


def test_example_25_double_ko_seki() -> None:
    """Example 25 (and Diagram 14): Black's five-stone group and White's group (here twelve
    stones) have dame at A and B, so they are in seki. The single black stone D1 and the single
    white stone A3 in the kos are dead, but A and B are not eye points: the stones around them
    include dead ones (commentary to Example 25), so A and B are dame; the dead stones are not
    in territory and stay on the board. The eyes e are not territory. (Constructed; Black's
    outer wall is alive and its own territory counts.)"""
    counted = count_from(DOUBLE_KO_SEKI, dead="D1 A3")
    marks = marks_of(DOUBLE_KO_SEKI)
    assert counted.dame == sorted(marks["A"] + marks["B"])
    assert statuses(counted.status, pts("D1 A3", 9)) == {S.DEAD_STAYS}
    assert statuses(counted.status, pts("B1 A2 B2 C2 B3", 9)) == {S.SEKI}
    assert statuses(counted.status, pts("A5 B5 B4 C4 C3 D3 D2 E2 E1 F2 G2 G1", 9)) == {S.SEKI}
    assert statuses(counted.status, marks["e"]) == {S.SEKI_EYE}
    assert counted.white.territory == 0
    assert counted.black.prisoners == counted.white.prisoners == 0
    assert counted.black.territory == 27 + 6 + 5 + 4 + 3  # rows 7-9, D6-J6, E5-J5, F4-J4, J1-J3
    assert statuses(counted.status, pts("H1 A6", 9)) == {S.ALIVE}


def test_example_25_the_single_stones_really_are_in_kos() -> None:
    """Example 25: each single stone can be taken as a ko: White at A takes D1, Black at B takes
    A3, and each capture leaves a ko point."""
    board = board_from(DOUBLE_KO_SEKI)
    marks = marks_of(DOUBLE_KO_SEKI)
    white_takes = board.play(W, marks["A"][0])
    assert white_takes.captured == tuple(pts("D1", 9))
    assert white_takes.ko_point == pts("D1", 9)[0]
    black_takes = board.play(B, marks["B"][0])
    assert black_takes.captured == tuple(pts("A3", 9))
    assert black_takes.ko_point == pts("A3", 9)[0]


# -- The result (Art. 10) -----------------------------------------------------------------------

EVEN = """
    9 . . . . X O . . .
    8 . . . . X O . . .
    7 . . . . X O . . .
    6 . . . . X O . . .
    5 . . . . X O . . .
    4 . . . . X O . . .
    3 . . . . X O . . .
    2 . . . . X O . . .
    1 . . . . X O . . .
      A B C D E F G H J"""


def test_jigo_with_whole_number_komi() -> None:
    """Art. 10.2: equal scores are jigo, written ``0`` in SGF. Black 36 territory; White 27
    territory + 3 prisoners + komi 6 = 36. With half-point komi there is no draw."""
    counted = count_from(EVEN, komi=6, captured={W: 3})
    assert (counted.black.score, counted.white.score) == (36, 36)
    assert counted.result.sgf == "0"
    assert count_from(EVEN, komi=6.5, captured={W: 3}).result.sgf == "W+0.5"


def test_prisoners_taken_in_play_are_counted_from_the_board() -> None:
    """Art. 5 and 10: ``count(board)`` adds the prisoners taken in play. Black B1 captures the
    white stone on A1; Black then has 34 territory + 1 prisoner against White's 27."""
    game = game_from(
        """
        9 . . . . X O . . .
        8 . . . . X O . . .
        7 . . . . X O . . .
        6 . . . . X O . . .
        5 . . . . X O . . .
        4 . . . . X O . . .
        3 . . . . X O . . .
        2 X . . . X O . . .
        1 O . . . X O . . .
          A B C D E F G H J""",
        to_move=B,
    )
    game.play(B, pts("B1", 9)[0])
    counted = count(game.board)
    assert (counted.black.prisoners, counted.white.prisoners) == (1, 0)
    assert (counted.black.territory, counted.white.territory) == (34, 27)
    assert counted.result.sgf == "B+8"


# Beginners' guide, Fig. 16-17. The figure is not in the text; this 19x19 end position is
# constructed to have exactly the guide's numbers: prisoners in play Black 11, White 15; dead
# stones removed at the end: Black removes 11 white (C2-D3-C4 and H8-L8), White removes 14
# black (K18-L16 and Q11-T10); territory Black 95, White 102 (the points of the removed stones
# included); all neutral points filled (no dame). Several groups: Black's corners, left side,
# centre and top-right corner; White's top, right side, left-side group and bottom group.
FIG_16 = """
    19 . . . . . X O . . . . . . O X . . . .
    18 . . . . X X O . . X . . . O X X . . .
    17 . . . . X O O O X X X O . O O X X . .
    16 . . X X X O O . . X X . . . O O X X X
    15 . . . X X X O O . . . . . . . O O O O
    14 X X X X X X X O O . . . . . . . . . .
    13 O O O X X . X X O O . . . . . . . . .
    12 . . O O X . . X X O O . . . . O X X .
    11 . . . O X . . . X X O O O . O X X X .
    10 . . O O X . X . . X X X O O O . X X X
     9 O O O X X . . . . . . X X X O . . . .
     8 X X X X . . . O O O O X . X X O O . .
     7 . . . . . X . X O O X . X . X X O . .
     6 . . . . . . . . X X . . . . X X O . .
     5 . X X X . X X X X X X X . . X O O . .
     4 . X O X X X O O O O O X X . X X O . .
     3 . X O O X O O . . . O O X X . X O O .
     2 . X O O X O . . . . . O X . . X X O .
     1 . . . . X O . . . . . O X . . . X O .
       A B C D E F G H J K L M N O P Q R S T"""
FIG_16_DEAD_WHITE = "C2 C3 C4 D2 D3 H8 J8 K8 L8 J7 K7"
FIG_16_DEAD_BLACK = "K18 J17 K17 L17 K16 L16 Q11 R11 S11 R12 S12 R10 S10 T10"


def test_beginners_guide_fig_16_17_complete_game_counted_with_prisoners() -> None:
    """Beginners' guide, Fig. 16-17 (Art. 10): Black took 11 prisoners in play and White 15.
    Removing the dead stones gives Black 11 more and White 14 more: 22 and 29. Territory is
    Black 95 and White 102, so Black has 22 + 95 = 117 and White 29 + 102 = 131: White wins,
    by 14 points with komi 0."""
    board = board_from(FIG_16)  # a legal position: every chain has a liberty
    assert board.size == 19
    dead_white, dead_black = pts(FIG_16_DEAD_WHITE, 19), pts(FIG_16_DEAD_BLACK, 19)
    assert all(board.get(p) is W for p in dead_white)
    assert all(board.get(p) is B for p in dead_black)
    counted = count_from(
        FIG_16, dead=f"{FIG_16_DEAD_WHITE} {FIG_16_DEAD_BLACK}", komi=0, captured={B: 11, W: 15}
    )
    assert counted.dead == sorted(dead_white + dead_black)
    assert statuses(counted.status, dead_white + dead_black) == {S.DEAD_REMOVED}
    assert counted.dame == [] and counted.seki == []
    assert (counted.black.prisoners, counted.white.prisoners) == (11 + 11, 15 + 14)
    assert (counted.black.territory, counted.white.territory) == (95, 102)
    assert (counted.black.score, counted.white.score) == (117, 131)
    assert counted.result.sgf == "W+14"
