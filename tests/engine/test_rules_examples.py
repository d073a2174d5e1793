"""The commentary's Life-and-Death Examples as board diagrams (Art. 7, 8, 10).

For every example of :mod:`tests.engine.ld_examples`: the count with the agreed dead stones
(docs/rules.md "Territory (Art. 8)"), the estimator's proposal, and for the ko examples the
commentary's demonstration replayed under the confirmation ko rule (Art. 7.2) on a copy of the
stopped position. Then the two docs/rules.md worked checks about groups (steps 3 and 4).
"""

from __future__ import annotations

import pytest

from engine.board import Board
from engine.colors import Color
from engine.confirmation import ConfirmationPlay
from engine.counting import Count, PointStatus, count, count_board
from engine.errors import IllegalMove
from engine.estimate import estimate_dead
from tests.engine.diagrams import board_from, parse_marked
from tests.engine.ld_examples import (
    EXAMPLE_7,
    EXAMPLE_9,
    EXAMPLE_10,
    EXAMPLE_11,
    EXAMPLE_25,
    EXAMPLES,
    Example,
)

B, W = Color.BLACK, Color.WHITE
S = PointStatus


def counted(example: Example) -> Count:
    """The count of ``example`` with its agreed dead stones, komi 0."""
    size, stones, _ = parse_marked(example.diagram)
    return count_board(size, stones, [example.point(v) for v in example.dead], komi=0)


def _with_marks(param: Example, reason: str | None) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(param, id=f"example-{param.number}", marks=marks)


# -- (1) the count ------------------------------------------------------------------------------


@pytest.mark.parametrize("example", [_with_marks(e, e.counter_xfail) for e in EXAMPLES])
def test_count_gives_the_commentarys_territory(example: Example) -> None:
    """Art. 8 and 10 (docs/rules.md "Territory", steps 1-6) on each example: with the agreed dead
    stones, each side's territory and the result, and the statuses the commentary names:
    dame, stones in seki, eyes in seki, dead stones that stay on the board."""
    result = counted(example)
    if example.black_territory is not None:
        assert result.black.territory == example.black_territory
    if example.white_territory is not None:
        assert result.white.territory == example.white_territory
    if example.result is not None:
        assert result.result.sgf == example.result
    assert [p.gtp() for p in result.dame] == [example.point(v).gtp() for v in sorted_(example.dame)]
    for vertex in example.seki:
        assert result.status[example.point(vertex)] is S.SEKI, vertex
    for vertex in example.seki_eyes:
        assert result.status[example.point(vertex)] is S.SEKI_EYE, vertex
    stays = {example.point(v) for v in example.dead_stays}
    assert set(result.points(S.DEAD_STAYS)) == stays


def sorted_(vertices: tuple[str, ...]) -> list[str]:
    """GTP vertices in board order (rows from the bottom, then columns), as the count lists
    points; every vertex here has a one-letter column."""
    return sorted(vertices, key=lambda v: (int(v[1:]), v[0]))


# -- (2) the estimator --------------------------------------------------------------------------


@pytest.mark.parametrize("example", [_with_marks(e, e.estimator_xfail) for e in EXAMPLES])
def test_estimator_proposes_the_agreed_dead_stones(example: Example) -> None:
    """Art. 7 (docs/rules.md "Life and death"): the bot's proposal is exactly the stones the
    commentary calls dead, whole chains, nothing else."""
    proposal = estimate_dead(board_from(example.diagram))
    assert {p.gtp() for p in proposal} == set(example.estimator)


# -- (3) the demonstrations under the confirmation ko rule (Art. 7.2) ---------------------------


def demo(example: Example, to_move: Color) -> tuple[ConfirmationPlay, Board]:
    board = board_from(example.diagram)
    return ConfirmationPlay(board, to_move), board


def took(report: object) -> int:
    """How many stones a stone move captured."""
    assert report is not None
    captured = getattr(report, "captured", None)
    assert isinstance(captured, tuple)
    return len(captured)


def test_example_7_bent_four_in_the_corner_is_dead() -> None:
    """Art. 7.2, Example 7-1: Black fills a (four stones in atari), White takes them at b, and
    White's eye space is a bent four in the corner. Black B1, White A1, Black a takes the ko;
    White may not retake before passing for that ko, and after the pass Black D1 takes the
    eight white stones (the seven of the diagram and the stone at b)."""
    ex = EXAMPLE_7
    play, real = demo(ex, B)
    before = real.hash
    assert took(play.play(B, ex.mark("a"))) == 0
    assert took(play.play(W, ex.mark("b"))) == 4
    assert took(play.play(B, ex.point("B1"))) == 0
    assert took(play.play(W, ex.point("A1"))) == 0
    ko = play.play(B, ex.mark("a"))
    assert took(ko) == 1 and ko is not None and ko.ko_point == ex.point("A1")
    with pytest.raises(IllegalMove, match="ko"):
        play.play(W, ex.point("A1"))
    play.pass_for_ko(W, ex.point("A1"))
    assert took(play.play(B, ex.point("C1"))) == 8
    assert play.board.count_stones(W) == 0
    assert real.hash == before  # the stopped position is never touched


def test_example_9_direct_ko_left_open_kills_both_sides() -> None:
    """Art. 7.2, Example 9: the white stone dies because Black can take it at a; Black's seven
    stones die too: White takes the ko at b, Black must pass for it before retaking, and White
    a takes the remaining six. Had Black played a, the ko stone would have a second liberty
    and Black two eyes: 1 prisoner + 2 points, the 3 points the commentary says Black loses."""
    ex = EXAMPLE_9
    play, _ = demo(ex, B)
    assert took(play.play(B, ex.mark("a"))) == 1  # the white stone is capturable

    play, _ = demo(ex, W)
    ko = play.play(W, ex.mark("b"))
    assert took(ko) == 1 and ko is not None and ko.ko_point == ex.point("C1")
    with pytest.raises(IllegalMove, match="ko"):
        play.play(B, ex.point("C1"))
    play.pass_for_ko(B, ex.point("C1"))
    assert took(play.play(W, ex.mark("a"))) == 6
    assert play.board.count_stones(B) == 0

    board = board_from(ex.diagram)
    board.play(B, ex.mark("a"))
    after = count(board)
    assert (after.black.territory, after.black.prisoners) == (2, 1)
    assert counted(ex).margin - after.margin == -3


def test_example_10_approach_ko_black_lives_without_connecting() -> None:
    """Art. 7.2, Example 10: White takes the ko at a; Black passes for it; White needs the
    approach move A3; Black may now retake (he has passed), White must pass for the ko, and
    Black A4 takes the two white stones. The eight black stones are still on the board."""
    ex = EXAMPLE_10
    play, _ = demo(ex, W)
    ko = play.play(W, ex.mark("a"))
    assert took(ko) == 1 and ko is not None and ko.ko_point == ex.point("A1")
    play.pass_for_ko(B, ex.point("A1"))
    assert took(play.play(W, ex.point("A3"))) == 0
    retake = play.play(B, ex.point("A1"))
    assert took(retake) == 1
    with pytest.raises(IllegalMove, match="ko"):
        play.play(W, ex.mark("a"))
    play.pass_for_ko(W, ex.mark("a"))
    assert took(play.play(B, ex.point("A4"))) == 2
    original = [p for p, c in board_from(ex.diagram).stones() if c is B]
    assert len(original) == 8
    assert all(play.board.get(p) is B for p in original)


def test_example_10_black_need_not_connect_the_ko() -> None:
    """Example 10 with docs/rules.md steps 4 and 6: with the dead white stone removed the ko stone
    is not in atari, so Black's area counts as it stands (A2, A3, A4 and a; one prisoner). If
    Black does connect at a, he only fills one point of his own territory."""
    as_it_stands = counted(EXAMPLE_10)
    assert as_it_stands.status[EXAMPLE_10.mark("a")] is S.BLACK_TERRITORY
    board = board_from(EXAMPLE_10.diagram)
    board.play(B, EXAMPLE_10.mark("a"))
    after = count(board, [EXAMPLE_10.point("A2")])
    assert (after.black.territory, after.black.prisoners) == (3, 1)
    assert after.margin == as_it_stands.margin - 1


def test_example_11_double_ko_seki_does_not_save_the_false_eye() -> None:
    """Art. 7.2, Example 11: Black takes the ko on the left; White takes a ko of the double-ko
    seki on the right and Black the other; White must now pass for the left ko, and Black a
    takes the seven white stones. Then each side passes for one ko on the right, and the seki
    there is still standing."""
    ex = EXAMPLE_11
    play, _ = demo(ex, B)
    assert took(play.play(B, ex.mark("b"))) == 1  # 1: the ko on the left
    assert took(play.play(W, ex.mark("p"))) == 1  # 2: a ko on the right
    assert took(play.play(B, ex.mark("q"))) == 1  # 3: the other ko on the right
    with pytest.raises(IllegalMove, match="ko"):
        play.play(W, ex.point("C1"))
    play.pass_for_ko(W, ex.point("C1"))  # 4
    assert took(play.play(B, ex.mark("a"))) == 7  # 5
    play.pass_for_ko(W, ex.point("N3"))  # 6
    play.pass_for_ko(B, ex.point("K1"))  # 7
    board = play.board
    assert board.get(ex.point("M1")) is B and board.get(ex.point("N5")) is W


def test_example_25_the_ko_stones_are_dead_because_their_replacements_can_be_taken() -> None:
    """Example 25 b(1): each single ko stone can be captured, but the stone played in its place
    can be taken back (after the pass Art. 7.2 requires), so neither capture makes a stone
    that cannot be captured: the single stones are dead and the seki stands."""
    ex = EXAMPLE_25
    play, _ = demo(ex, W)
    assert took(play.play(W, ex.mark("p"))) == 1  # White takes the black ko stone D1
    assert took(play.play(B, ex.mark("q"))) == 1  # Black takes the white ko stone A3
    play.pass_for_ko(W, ex.point("A3"))
    play.pass_for_ko(B, ex.point("D1"))
    assert took(play.play(W, ex.point("A3"))) == 1  # the new black stone is taken back
    assert took(play.play(B, ex.point("D1"))) == 1  # and so is the new white stone


# -- docs/rules.md worked checks about groups (steps 3 and 4) -----------------------------------

SHARED_EYE = """
    7 . X . X d O .
    6 . X . X d O .
    5 . X . X d O .
    4 . X . X d O .
    3 . X . X d O .
    2 . X . X d O .
    1 . X . X d O .
      A B C D E F G"""


def test_two_chains_sharing_an_eye_one_touching_a_dame() -> None:
    """docs/rules.md step 3 (commentary to Art. 8: territory only of completely independent groups;
    Example 24c): the black chains on B and D share the eye points of column C, so they are one
    group; the chain on D touches the dame of column E, so the whole group is in seki, and
    neither column C nor column A (the eye of the chain on B alone) is territory. (Constructed:
    the white F chain touches the same dame and has no territory either.)"""
    size, stones, marks = parse_marked(SHARED_EYE)
    result = count_board(size, stones, komi=0)
    assert result.dame == marks["d"]
    assert result.black.territory == 0
    assert result.white.territory == 0
    assert {result.status[p] for p in result.points(S.SEKI_EYE)} == {S.SEKI_EYE}
    assert len(result.points(S.SEKI_EYE)) == 7 + 7 + 7  # columns A, C and G


ATARI_IN_OWN_AREA = """
    9 . . . X O . . . .
    8 . . . X O . . . .
    7 . . . X O . . . .
    6 . . . X O . . . .
    5 . . . X O . . . .
    4 . . . X O . . . .
    3 . . . X O . . . .
    2 . . . X O . . . .
    1 . . . c X O . . .
      A B C D E F G H J"""


def test_a_chain_in_atari_voids_its_area_until_connected() -> None:
    """docs/rules.md step 4 (commentary 9.2: add necessary stones): the black stone E1 has the one
    liberty c (D1), inside Black's own area; White could take it there. As it stands the area
    does not count: White's 35 points give W+35. Once Black connects at c the area counts
    minus the connection point: Black 27 against 35, W+8. (Constructed on 9×9; the numbers
    are this position's, not those of docs/rules.md's sentence.)"""
    size, stones, marks = parse_marked(ATARI_IN_OWN_AREA)
    (connection,) = marks["c"]
    as_it_stands = count_board(size, stones, komi=0)
    assert as_it_stands.black.territory == 0
    assert as_it_stands.white.territory == 35
    assert as_it_stands.result.sgf == "W+35"
    assert as_it_stands.status[connection] is S.NECESSARY

    board = board_from(ATARI_IN_OWN_AREA)
    board.play(B, connection)
    connected = count(board)
    assert (connected.black.territory, connected.white.territory) == (27, 35)
    assert connected.result.sgf == "W+8"
