"""Invariants of the board and the game under random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.game import Game, Resume
from engine.regions import component

Position = tuple[tuple[tuple[Point, Color], ...], int, Color]
"""The stones, the Zobrist hash and the player to move."""


def position(game: Game) -> Position:
    return tuple(game.board.stones()), game.board.hash, game.to_move


def random_game(
    size: int,
    choices: list[int],
    undo_every: int = 0,
    seen: dict[int, Position] | None = None,
) -> Game:
    """Play moves picked by ``choices`` among the legal points (a pass when there is none).

    ``seen`` receives the position after every history length as play goes."""
    game = Game(size, 6.5)

    def note() -> None:
        if seen is not None:
            seen[len(game.history)] = position(game)

    note()
    for step, choice in enumerate(choices):
        legal = game.board.legal_points(game.to_move)
        if not legal or choice % 23 == 0:
            game.play(game.to_move, None)
            note()
            if game.phase.value == "stopped":
                game.resume(game.to_move)
                note()
            continue
        game.play(game.to_move, legal[choice % len(legal)])
        note()
        if undo_every and step % undo_every == undo_every - 1:
            game.undo()
    return game


def chains_have_liberties(board: Board) -> bool:
    return all(liberties for _, _, liberties in board.chains())


def flood_liberties(board: Board, point: Point) -> frozenset[Point]:
    """Liberties by flood fill from the grid, to check the incremental bookkeeping."""
    size = board.size
    cells = [int(c) if c else 0 for row in board.grid() for c in row]
    stones = component(size, cells, point.row * size + point.col)
    return frozenset(
        n for i in stones for n in board.neighbours(Point(*divmod(i, size))) if board.get(n) is None
    )


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
    """Undo goes back to the empty board, or to the last resumption, which it never crosses
    (Art. 9.3), and gives exactly the position the game had there."""
    seen: dict[int, Position] = {}
    game = random_game(size, choices, seen=seen)
    while game.can_undo():
        game.undo()
    assert not game.history or isinstance(game.history[-1], Resume)
    assert position(game) == seen[len(game.history)]
    assert game.board.hash == game.board.recomputed_hash()
    assert seen[0] == ((), 0, Color.BLACK)


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
