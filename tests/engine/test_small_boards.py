"""Boards smaller than a new game's 5×5 (SGF records may be 2×2 to 4×4), and setup stones in the
middle of a record (SGF ``AB``/``AW``/``AE`` after the first move): not moves, nothing captured."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.counting import PointStatus, count
from engine.diagram import parse_diagram
from engine.errors import EngineError, IllegalMove, IllegalReason
from engine.estimate import estimate_dead
from engine.filling import propose_fill
from engine.game import Game, Phase

B, W = Color.BLACK, Color.WHITE


def test_two_by_two_plays_captures_and_counts() -> None:
    game = Game(2, komi=0.5)
    game.play(B, Point(0, 0))
    game.play(W, Point(1, 1))
    game.play(B, Point(0, 1))  # the black pair has one liberty left: A2
    report = game.play(W, Point(1, 0))
    assert report.board_report is not None and len(report.board_report.captured) == 2
    game.play(B, Point(0, 0))
    game.play(W, Point(0, 1))  # takes the lone stone; White fills the board but for A1
    assert game.prisoners == {B: 0, W: 3}
    counted = count(game.board, komi=0.5)
    # The white chain's one liberty is A1, where Black captures it (Art. 5): it is not an
    # independent group, so A1 is no territory (Art. 8, docs/rules.md "Territory" step 4); nor is it
    # a connection White could add (a stone there would have no liberty).
    assert (counted.white.territory, counted.white.prisoners) == (0, 3)
    assert counted.status[Point(0, 0)] is PointStatus.SEKI_EYE
    assert counted.connections == ()
    assert counted.result.sgf == "W+3.5"
    again = game.play(B, Point(0, 0))  # not suicide: it takes White's last liberty (Art. 5)
    assert again.board_report is not None and len(again.board_report.captured) == 3
    game.play(W, None)
    game.play(B, Point(1, 1))
    with pytest.raises(IllegalMove) as info:
        game.play(W, Point(1, 0))  # between the two black stones, capturing neither
    assert info.value.reason is IllegalReason.SUICIDE


@pytest.mark.parametrize("size", [2, 3, 4])
def test_small_boards_count_estimate_and_fill(size: int) -> None:
    game = Game(size, komi=0.5)
    column = [Point(row, 0) for row in range(size)]
    for number, point in enumerate(column):
        if number:
            game.play(W, None)
        game.play(B, point)
    counted = count(game.board, komi=0.5)
    assert counted.black.territory == size * size - size  # the rest of the board is Black's
    assert counted.result.sgf == f"B+{size * size - size - 0.5:g}"
    assert estimate_dead(game.board) == frozenset()
    assert propose_fill(game.board) == []


def test_three_by_three_count_of_a_diagram() -> None:
    size, stones = parse_diagram(
        """
        . X O
        X X O
        . X .
        """
    )
    board = Board(size)
    board.edit([(c, p) for p, c in stones.items()])
    counted = count(board, komi=0.5)
    assert counted.dame == [Point(0, 2)]  # C1 touches both colours: both chains are in seki
    assert (counted.black.territory, counted.white.territory) == (0, 0)
    assert counted.result.sgf == "W+0.5"


def test_edit_overwrites_and_empties() -> None:
    board = Board(5)
    board.edit([(B, Point(2, 2)), (W, Point(2, 3))])
    board.edit([(W, Point(2, 2)), (None, Point(2, 3)), (B, Point(0, 0))])
    assert dict((p, c) for p, c in board.stones()) == {Point(2, 2): W, Point(0, 0): B}
    assert board.hash == board.recomputed_hash()
    assert board.liberties(Point(2, 2)) == frozenset(
        {Point(1, 2), Point(3, 2), Point(2, 1), Point(2, 3)}
    )


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ([(B, Point(0, 0)), (W, Point(0, 1)), (W, Point(1, 0))], "black stone at A1"),
        ([(W, Point(0, 1)), (W, Point(1, 0)), (B, Point(0, 0))], "black stone at A1"),
    ],
)
def test_edit_refuses_a_chain_without_liberties(
    changes: list[tuple[Color | None, Point]], named: str
) -> None:
    """Setup is not a move: it captures nothing, whatever the order of the stones."""
    board = Board(5)
    board.edit([(B, Point(4, 4))])
    before = (tuple(board.stones()), board.hash)
    with pytest.raises(EngineError, match=f"setup leaves the {named} without a liberty"):
        board.edit(changes)
    assert (tuple(board.stones()), board.hash) == before


def test_edit_that_fills_the_last_liberty_of_an_old_chain_is_refused() -> None:
    board = Board(5)
    board.edit([(W, Point(0, 0)), (B, Point(0, 1))])
    with pytest.raises(EngineError, match="white stone at A1"):
        board.edit([(B, Point(1, 0))])


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([B, W, None]),
            st.integers(0, 3),
            st.integers(0, 3),
        ),
        max_size=12,
    ),
    st.lists(st.tuples(st.sampled_from([B, W, None]), st.integers(0, 3), st.integers(0, 3))),
)
def test_edit_keeps_chains_as_a_fresh_board_would(
    first: list[tuple[Color | None, int, int]], second: list[tuple[Color | None, int, int]]
) -> None:
    """After any accepted edits, chains, liberties and the hash are what rebuilding gives."""
    board = Board(4)
    for changes in (first, second):
        try:
            board.edit([(c, Point(r, k)) for c, r, k in changes])
        except EngineError:
            continue
    fresh = Board(4)
    fresh.edit([(c, p) for p, c in board.stones()])
    assert set(board.chains()) == set(fresh.chains())
    assert board.hash == fresh.hash == board.recomputed_hash()
    assert all(liberties for _, _, liberties in board.chains())


def test_set_up_in_the_middle_of_a_game() -> None:
    """Not a move: the turn, the move count and the prisoners stay; copy and undo keep it."""
    game = Game(9)
    game.play(B, Point(4, 4))
    game.set_up(((W, Point(0, 0)), (B, Point(8, 8))))
    game.play(W, Point(3, 3))
    assert (game.to_move, game.move_number) == (B, 2)
    assert game.board.get(Point(0, 0)) is W
    twin = game.copy()
    assert tuple(twin.board.stones()) == tuple(game.board.stones())
    game.undo()  # takes back W D4 but not the setup before it
    assert game.board.get(Point(0, 0)) is W and game.board.get(Point(3, 3)) is None
    game.undo()  # takes back B E5 and the setup after it
    assert tuple(game.board.stones()) == ()


def test_set_up_after_the_stop_keeps_the_game_stopped() -> None:
    game = Game(5)
    game.play(B, None)
    game.play(W, None)
    game.set_up(((B, Point(2, 2)), (None, Point(1, 1))))
    assert game.phase is Phase.STOPPED and game.board.get(Point(2, 2)) is B
    with pytest.raises(EngineError):
        game.set_up(((B, Point(0, 0)), (W, Point(0, 1)), (W, Point(1, 0))))
    assert game.board.get(Point(0, 0)) is None
