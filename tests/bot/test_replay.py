"""``replay_record`` runs straight through what ``replay_steps`` shows step by step: for any
record and any ``upto``, the same game at the end (board, history, phase, prisoners, position
record) or the same :class:`ReplayError`."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.replay import ReplayError, replay_record, replay_steps
from engine.colors import Color
from engine.coords import Point
from engine.game import Game
from records.sgf import SetupNode, SgfError, load_sgf, read_sgf
from tests.records.sgf_strategies import sgf_files

GAMES = sorted((Path(__file__).parents[2] / "bench" / "games").glob("*.sgf"))
SAME = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def state(game: Game) -> tuple[object, ...]:
    board = game.board
    return (
        board.grid(),
        board.hash,
        dict(board.prisoners),
        list(game.history),
        game.phase,
        game.to_move,
        game.move_number,
        list(game.repetitions),
        game.revision,
    )


def stepped(record: object, upto: int | None) -> tuple[object, ...] | str:
    try:
        return state(list(replay_steps(record, upto))[-1])  # type: ignore[arg-type]
    except ReplayError as exc:
        return str(exc)


def straight(record: object, upto: int | None) -> tuple[object, ...] | str:
    try:
        return state(replay_record(record, upto))  # type: ignore[arg-type]
    except ReplayError as exc:
        return str(exc)


@SAME
@given(sgf_files(), st.none() | st.integers(-1, 14))
def test_any_record_ends_alike_both_ways(data: bytes, upto: int | None) -> None:
    try:
        record = read_sgf(data)
    except SgfError:
        return
    assert straight(record, upto) == stepped(record, upto)


@pytest.mark.parametrize("path", GAMES[:4], ids=lambda p: p.name)
@pytest.mark.parametrize("upto", [None, 0, 1, 57, 10_000])
def test_real_games_end_alike_both_ways(path: Path, upto: int | None) -> None:
    record = load_sgf(path)
    assert straight(record, upto) == stepped(record, upto)


def test_setup_between_moves_and_an_illegal_move_end_alike() -> None:
    """Setup in the middle (applied after its move, and after the last move kept by ``upto``),
    a resumption after two passes, and an illegal move: the same either way."""
    record = read_sgf(b"(;SZ[5];B[cc];W[];B[];AB[aa];W[bb];AW[ee];B[cc])")
    assert [node.after for node in record.setup_nodes] == [3, 4]
    for upto in (None, 0, 1, 3, 4, 5, 6):
        assert straight(record, upto) == stepped(record, upto)
    assert straight(record, None) == "move 5 (B C3): occupied"
    kept = straight(record, 4)
    assert not isinstance(kept, str) and kept[6] == 4  # both setups applied, four moves


def test_setup_out_of_order_stops_the_setup_both_ways() -> None:
    """The reader keeps setup nodes in the order of their moves; a record built otherwise (a
    node after move 3, then one after move 1) replays alike both ways: the setup stops at the
    first node out of order, as the step-by-step replay always did."""
    record = read_sgf(b"(;SZ[9];B[aa];W[bb];B[cc];W[dd];B[ee])")
    record.setup_nodes = [
        SetupNode(3, ((Color.WHITE, Point(8, 8)),)),
        SetupNode(1, ((Color.BLACK, Point(7, 7)),)),
    ]
    for upto in (None, 2, 3):
        assert straight(record, upto) == stepped(record, upto)
    game = replay_record(record)
    assert game.board.get(Point(8, 8)) is Color.WHITE and game.board.get(Point(7, 7)) is None
