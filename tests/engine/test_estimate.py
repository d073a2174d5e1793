"""The dead-stone proposal (engine.estimate): clear cases on diagrams, and the OGS corpus."""

from __future__ import annotations

import pytest

from engine.board import Board
from engine.colors import Color
from engine.coords import Point, parse_vertex
from engine.diagram import parse_diagram
from engine.estimate import MAX_ROUNDS, estimate_dead, estimate_ownership
from engine.estimate_core import Analysis
from tests.engine.ogs_corpus import Position, load_corpus, score


def board_of(text: str) -> Board:
    size, stones = parse_diagram(text)
    board = Board(size)
    for point, color in sorted(stones.items()):
        board.place_setup(color, point)
    return board


def points(size: int, *vertices: str) -> frozenset[Point]:
    return frozenset(parse_vertex(v, size) for v in vertices)


@pytest.mark.parametrize("size", [9, 13, 19])
def test_empty_board_has_no_dead_stones(size: int) -> None:
    assert estimate_dead(Board(size)) == frozenset()


@pytest.mark.parametrize("size", [9, 13, 19])
def test_a_few_opening_stones_are_all_alive(size: int) -> None:
    board = Board(size)
    far = size - 4
    for color, (row, col) in [
        (Color.BLACK, (3, 3)),
        (Color.WHITE, (far, far)),
        (Color.BLACK, (far, 3)),
        (Color.WHITE, (3, far)),
        (Color.BLACK, (size // 2, size // 2)),
    ]:
        board.play(color, Point(row, col))
    assert estimate_dead(board) == frozenset()


def test_lone_stone_inside_a_large_territory_is_dead() -> None:
    board = board_of("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        X X X X X X X X X
        . . . . . . . . .
        . . . . O . . . .
        . . . . . . . . .
        . . . . . . . . .
    """)
    assert estimate_dead(board) == points(9, "E3")


def test_dead_stones_of_both_colours() -> None:
    board = board_of("""
        . . . . . . . . .
        . . X . . . . . .
        . . . . . . O . .
        O O O O O O O O O
        X X X X X X X X X
        . . . . . . . . .
        . . O . . . . . .
        . . . . . . O O .
        . . . . . . . . .
    """)
    assert estimate_dead(board) == points(9, "C8", "C3", "G2", "H2")


def test_a_group_with_two_eyes_is_alive() -> None:
    board = board_of("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        X X X X X X X X X
        . X X X X X X X .
        . X O O O O O X .
        . X O . O . O X .
        . X O O O O O X .
    """)
    assert estimate_dead(board) == frozenset()


def test_a_group_with_one_eye_inside_a_territory_is_dead() -> None:
    board = board_of("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        X X X X X X X X X
        . X X X X X X X .
        . X . O O O . X .
        . X . O . O . X .
        . X . O O O . X .
    """)
    assert estimate_dead(board) == points(9, "D1", "E1", "F1", "D2", "F2", "D3", "E3", "F3")


def test_a_living_group_in_the_corner() -> None:
    board = board_of("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        X X X X X X X X X
        O O O O X . . . .
        . O . O X . . . .
        O O O O X . . X .
        . . . O X . . . .
    """)
    assert estimate_dead(board) == frozenset()


def test_a_seki_leaves_both_groups_alive() -> None:
    board = board_of("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        X X X X X X X X X
        X X X X X . . . .
        O O O O X . . . .
        X X . O X . . . .
        X X . O X . . . .
    """)
    assert estimate_dead(board) == frozenset()


def test_a_dead_corner_group_on_13x13() -> None:
    board = board_of("""
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . O . . . . . O . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        O O O O O O O O O O O O O
        X X X X X X X X X X X X X
        . . . . . . . . . . . . .
        . . . . . . . . . . O . .
        . . . . . . . . . O . O .
        . . X . . . . . . . O . .
        . . . . . . . . . . . . .
    """)
    assert estimate_dead(board) == points(13, "L4", "K3", "M3", "L2")


def test_19x19_dead_invader_and_living_group_in_the_corners() -> None:
    board = board_of("""
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . O . . . . . . . . . . . O . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        O O O O O O O O . . . . . . . . . . .
        X X X X X X X O . . . . . . . . . . .
        . . . . . . X O . . . . . X X X X X X
        . . O . . . X O . . . . . X O O O O O
        . . O . . . X O . . . . . X O . O . O
        . . . . . . X O . . . . . X O O O O O
        . . . . . . X O . . . . . X X X X X X
    """)
    assert estimate_dead(board) == points(19, "C3", "C4")


def test_whole_chains_are_proposed() -> None:
    board = board_of("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        X X X X X X X X X
        . . . . . . . . .
        . . . O O . . . .
        . . . . O . . . .
        . . . . . . . . .
    """)
    dead = estimate_dead(board)
    assert dead == board.chain(parse_vertex("E3", 9))


def test_ownership_after_taking_the_dead_off() -> None:
    board = board_of("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        X X X X X X X X X
        . . . . . . . . .
        . . . . O . . . .
        . . . . . . . . .
        . . . . . . . . .
    """)
    owner = estimate_ownership(board)
    assert owner[parse_vertex("E3", 9)] is Color.BLACK
    assert owner[parse_vertex("A1", 9)] is Color.BLACK
    assert owner[parse_vertex("J9", 9)] is Color.WHITE
    assert estimate_ownership(board, dead=())[parse_vertex("E3", 9)] is Color.WHITE


def test_the_board_is_not_changed() -> None:
    board = board_of("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        X X X X X X X X X
        . . . . . . . . .
        . . . . O . . . .
        . . . . . . . . .
        . . . . . . . . .
    """)
    before = (board.grid(), board.hash, dict(board.prisoners))
    estimate_dead(board)
    assert (board.grid(), board.hash, dict(board.prisoners)) == before


# -- the OGS corpus ---------------------------------------------------------------------------

#: positions the estimator gets wrong today, and why
KNOWN_MISSES: dict[str, str] = {
    "game_33811578": "1 of 203 judged stones wrong: a white stone walled in by Black is proposed "
    "dead where the answer leaves it unscored (a dame cell)",
    "game_dev_51749995": "1 of 203 judged stones wrong (the board of game_33811578): a white "
    "stone walled in by Black is proposed dead where the answer leaves it unscored",
    "game_seki_64848549": "11 of 258 judged stones wrong: sekis on the top edge and inside a "
    "group are read as lost capturing races",
}

CORPUS = load_corpus()


def _corpus_params() -> list[object]:
    params: list[object] = []
    for position in CORPUS:
        reason = KNOWN_MISSES.get(position.name)
        marks = (
            [pytest.mark.known_miss, pytest.mark.xfail(reason=reason, strict=True)]
            if reason
            else []
        )
        params.append(pytest.param(position, id=position.name, marks=marks))
    return params


def test_the_corpus_is_complete() -> None:
    assert len(CORPUS) == 31


@pytest.mark.parametrize("position", _corpus_params())
def test_corpus_position(position: Position) -> None:
    proposed = estimate_dead(position.board)
    result = score(position, proposed)
    wrong = sorted(p.gtp() for p in result.wrong)
    assert not wrong, f"{len(wrong)} of {result.judged} judged stones wrong: {wrong}"


@pytest.mark.parametrize("position", CORPUS, ids=[p.name for p in CORPUS])
def test_the_analysis_reaches_a_fixed_point(
    position: Position, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rounds stop because one finds nothing more dead, not at the ``MAX_ROUNDS`` cap (the
    time each position takes is measured by ``bench/bench_estimate.py``, not here)."""
    decided: list[set[int]] = []
    decide = Analysis.decide

    def recording(analysis: Analysis, space_alive: int) -> set[int]:
        decided.append(decide(analysis, space_alive))
        return decided[-1]

    monkeypatch.setattr(Analysis, "decide", recording)
    estimate_dead(position.board)
    assert decided and decided[-1] == set()
    assert len(decided) < MAX_ROUNDS


def test_corpus_totals_do_not_regress() -> None:
    right = judged = wrong = 0
    for position in CORPUS:
        result = score(position, estimate_dead(position.board))
        right += result.right
        judged += result.judged
        wrong += len(result.wrong)
    assert right >= 31 - len(KNOWN_MISSES)
    assert (judged - wrong) / judged >= 0.985
