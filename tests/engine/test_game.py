"""The game layer: turns, undo, the stop (Art. 9), results (Art. 10–14), handicap."""

from __future__ import annotations

import pytest

from engine.colors import Color
from engine.coords import Point, parse_vertex
from engine.errors import EngineError, IllegalMove, IllegalReason
from engine.game import Fill, Game, Move, Phase, Resume
from engine.handicap import handicap_points
from engine.result import GameResult, ResultKind

B, W = Color.BLACK, Color.WHITE


def v(text: str, size: int = 9) -> Point:
    return parse_vertex(text, size)


def test_undo_restores_position_turn_and_prisoners() -> None:
    game = Game(9)
    game.play(B, v("E5"))
    before = (game.board.hash, game.to_move, game.prisoners)
    game.play(W, v("C3"))
    assert game.undo() == Move(W, v("C3"))
    assert (game.board.hash, game.to_move, game.prisoners) == before


def test_undo_never_crosses_a_stop() -> None:
    """Art. 9: the stop is not undone by an undo; resumption is the way back to play."""
    game = Game(9)
    game.pass_move(B)
    game.pass_move(W)
    assert game.phase is Phase.STOPPED
    assert not game.can_undo()
    with pytest.raises(EngineError, match="never crosses a stop"):
        game.undo()
    game.resume(B)
    assert not game.can_undo()


def test_resume_opponent_of_requester_moves_first() -> None:
    """Art. 9.3."""
    game = Game(9)
    game.pass_move(B)
    game.pass_move(W)
    game.resume(B)
    assert game.to_move is W and game.phase is Phase.PLAYING
    with pytest.raises(EngineError, match="only while the game is stopped"):
        game.resume(B)


def test_moves_while_stopped_are_rejected() -> None:
    game = Game(9)
    game.pass_move(B)
    game.pass_move(W)
    with pytest.raises(IllegalMove) as info:
        game.play(B, v("E5"))
    assert info.value.reason is IllegalReason.GAME_STOPPED


def test_finished_result_never_changes() -> None:
    """Art. 10.4."""
    game = Game(9)
    game.resign(W)
    assert game.result == GameResult(ResultKind.RESIGNATION, B)
    with pytest.raises(IllegalMove, match="game over") as played:
        game.play(B, v("E5"))
    assert played.value.reason is IllegalReason.GAME_OVER
    with pytest.raises(IllegalMove, match=r"the result is final \(Art\. 10\.4\)") as finished:
        game.finish(GameResult.by_score(1))
    assert finished.value.reason is IllegalReason.GAME_OVER


def test_fill_is_not_a_move_and_replays() -> None:
    game = Game(9)
    game.play(B, v("E5"))
    game.pass_move(W)
    game.pass_move(B)
    game.fill(((B, v("E6")), (W, v("A1"))))
    assert game.move_number == 3 and game.phase is Phase.STOPPED
    assert isinstance(game.history[-1], Fill)
    twin = Game.replay(list(game.history), size=9)
    assert twin.board.hash == game.board.hash
    with pytest.raises(EngineError, match=r"only after the stop \(Art\. 9\.2\)"):
        Game(9).fill(((B, v("E6")),))


def test_replay_with_resume_rebuilds_the_same_game() -> None:
    game = Game(9)
    for event in [Move(B, v("E5")), Move(W, None), Move(B, None)]:
        game.apply(event)
    game.apply(Resume(W))
    game.play(B, v("C3"))
    twin = game.copy()
    assert twin.history == game.history and twin.board.hash == game.board.hash


@pytest.mark.parametrize(
    ("margin", "sgf"), [(3.5, "B+3.5"), (-0.5, "W+0.5"), (0, "0"), (12, "B+12")]
)
def test_results_by_score(margin: float, sgf: str) -> None:
    assert GameResult.by_score(margin).sgf == sgf
    assert GameResult.from_sgf(sgf) == GameResult.by_score(margin)


@pytest.mark.parametrize(
    ("result", "sgf"),
    [
        (GameResult(ResultKind.RESIGNATION, W), "W+R"),
        (GameResult(ResultKind.TIME, B), "B+T"),
        (GameResult(ResultKind.FORFEIT, W), "W+F"),
        (GameResult(ResultKind.VOID), "Void"),
        (GameResult(ResultKind.JIGO), "0"),
    ],
)
def test_result_notation(result: GameResult, sgf: str) -> None:
    assert result.sgf == sgf
    assert GameResult.from_sgf(sgf) == result


def test_bad_result_text() -> None:
    with pytest.raises(ValueError, match="not a result"):
        GameResult.from_sgf("X+3")


@pytest.mark.parametrize(
    ("size", "count", "points"),
    [
        (19, 2, "D4 Q16"),
        (19, 3, "D4 Q16 Q4"),
        (19, 5, "D4 Q16 Q4 D16 K10"),
        (19, 6, "D4 Q16 Q4 D16 D10 Q10"),
        (19, 8, "D4 Q16 Q4 D16 D10 Q10 K4 K16"),
        (19, 9, "D4 Q16 Q4 D16 D10 Q10 K4 K16 K10"),
        (13, 5, "D4 K10 K4 D10 G7"),
        (9, 4, "C3 G7 G3 C7"),
        (9, 5, "C3 G7 G3 C7 E5"),
    ],
)
def test_traditional_handicap_layout(size: int, count: int, points: str) -> None:
    assert [p.gtp() for p in handicap_points(size, count)] == points.split()


def test_handicap_limits_and_white_first() -> None:
    with pytest.raises(EngineError, match="2 to 5"):
        handicap_points(9, 6)
    with pytest.raises(EngineError, match="fixed points"):
        handicap_points(11, 2)
    game = Game(19, 0.5, handicap=4)
    assert game.to_move is W and game.board.count_stones(B) == 4
