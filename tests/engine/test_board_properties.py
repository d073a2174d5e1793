"""Invariants of the board and the game under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.game import Game


def random_game(size: int, choices: list[int], undo_every: int = 0) -> Game:
    """Play moves picked by ``choices`` among the legal points (a pass when there is none)."""
    game = Game(size, 6.5)
    for step, choice in enumerate(choices):
        legal = game.board.legal_points(game.to_move)
        if not legal or choice % 23 == 0:
            game.play(game.to_move, None)
            if game.phase.value == "stopped":
                game.resume(game.to_move)
            continue
        game.play(game.to_move, legal[choice % len(legal)])
        if undo_every and step % undo_every == undo_every - 1:
            game.undo()
    return game


def chains_have_liberties(board: Board) -> bool:
    return all(liberties for _, _, liberties in board.chains())


def flood_liberties(board: Board, point: Point) -> frozenset[Point]:
    """Liberties by flood fill, to check the incremental bookkeeping."""
    color = board.get(point)
    seen = {point}
    stack = [point]
    libs = set()
    while stack:
        here = stack.pop()
        for n in board.neighbours(here):
            other = board.get(n)
            if other is None:
                libs.add(n)
            elif other is color and n not in seen:
                seen.add(n)
                stack.append(n)
    return frozenset(libs)


sizes = st.sampled_from([5, 7, 9, 13])
move_lists = st.lists(st.integers(0, 10_000), min_size=1, max_size=200)


@settings(max_examples=60, deadline=None)
@given(sizes, move_lists)
def test_every_chain_keeps_a_liberty(size: int, choices: list[int]) -> None:
    """Art. 4 and 5: after every legal move no chain on the board lacks a liberty."""
    game = Game(size)
    for choice in choices:
        legal = game.board.legal_points(game.to_move)
        if not legal:
            break
        game.play(game.to_move, legal[choice % len(legal)])
        assert chains_have_liberties(game.board)


@settings(max_examples=60, deadline=None)
@given(sizes, move_lists)
def test_stones_placed_minus_captured_equals_stones_on_board(size: int, choices: list[int]) -> None:
    game = random_game(size, choices)
    placed = {Color.BLACK: 0, Color.WHITE: 0}
    for move in game.moves:
        if move.point is not None:
            placed[move.color] += 1
    board = game.board
    for color in Color:
        captured_by_opponent = board.prisoners[color.opponent]
        assert placed[color] - captured_by_opponent == board.count_stones(color)


@settings(max_examples=40, deadline=None)
@given(sizes, move_lists)
def test_incremental_hash_and_liberties_match_recomputation(size: int, choices: list[int]) -> None:
    game = random_game(size, choices, undo_every=7)
    board = game.board
    assert board.hash == board.recomputed_hash()
    for _, stones, liberties in board.chains():
        assert liberties == flood_liberties(board, next(iter(stones)))


@settings(max_examples=30, deadline=None)
@given(sizes, move_lists)
def test_undo_to_the_start_gives_the_empty_board(size: int, choices: list[int]) -> None:
    game = random_game(size, choices)
    while game.can_undo():
        game.undo()
    if not game.history:
        assert list(game.board.stones()) == []
        assert game.board.hash == 0 == game.board.recomputed_hash()
        assert game.to_move is Color.BLACK


@settings(max_examples=30, deadline=None)
@given(sizes, move_lists)
def test_copy_is_independent(size: int, choices: list[int]) -> None:
    game = random_game(size, choices)
    twin = game.board.copy()
    before = list(game.board.stones())
    for point in twin.legal_points(game.to_move)[:5]:
        if twin.is_legal(game.to_move, point):
            twin.play(game.to_move, point)
    assert list(game.board.stones()) == before
    assert twin.hash == twin.recomputed_hash()
