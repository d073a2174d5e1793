"""Who holds each point during play (engine/territory_map.py): walled areas as Art. 8 counts
territory, open areas by Bouzy's 5/21 map, nothing for a point that touches both colours."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.errors import EngineError
from engine.territory_map import territory_owner
from tests.engine.diagrams import board_from, marks_of, pt

B, W = Color.BLACK, Color.WHITE


def held(owner: dict[Point, Color | None], color: Color) -> int:
    return sum(1 for who in owner.values() if who is color)


def test_a_lone_stone_of_the_opening_holds_next_to_nothing() -> None:
    """The whole empty board is walled by one stone only: that is no territory (an opening), and
    the map keeps nothing of one stone in the middle."""
    board = Board(9)
    board.place_setup(B, pt("E5", 9))
    owner = territory_owner(board)
    assert held(owner, B) <= 4 and held(owner, W) == 0


def test_walled_areas_are_territory_and_touching_points_are_nobodys() -> None:
    """Art. 8: the areas walled by one colour are its territory; the dame ``d`` between the walls
    touches both colours and is nobody's."""
    diagram = """
        . . X d O . .
        . . X d O . .
        . . X d O . .
        . . X d O . .
        . . X d O . .
        . . X d O . .
        . . X d O . .
    """
    board = board_from(diagram)
    owner = territory_owner(board)
    assert held(owner, B) == 14 and held(owner, W) == 14
    assert all(owner[p] is None for p in marks_of(diagram)["d"])


def test_a_dead_stone_is_taken_off_first() -> None:
    """A dead white stone inside Black's area: its point and the area are Black's."""
    board = board_from("""
        . . X . O . .
        . . X . O . .
        . O X . O . .
        . . X . O . .
        . . X . O . .
        . . X . O . .
        . . X . O . .
    """)
    dead = [pt("B5", 7)]
    assert territory_owner(board, dead)[pt("B5", 7)] is B
    assert held(territory_owner(board, dead), B) == 14
    assert territory_owner(board)[pt("A5", 7)] is None  # alive, it spoils the area


def test_a_seki_shared_liberty_is_nobodys() -> None:
    """Art. 8: the shared liberty ``s`` of a seki touches both colours: no territory."""
    board = board_from("""
        . X O . X .
        X X O O X X
        O O X s O O
        . O X X O .
        O O X X O O
        . O X . X O
    """)
    assert territory_owner(board)[pt("D4", 6)] is None


@given(
    st.lists(
        st.tuples(st.integers(0, 8), st.integers(0, 8), st.sampled_from((B, W))),
        max_size=30,
    )
)
def test_the_map_is_colour_blind(stones: list[tuple[int, int, Color]]) -> None:
    """Swapping the colours of every stone swaps who holds every point."""
    board, swapped = Board(9), Board(9)
    for row, col, color in stones:
        point = Point(row, col)
        if board.get(point) is not None:
            continue
        try:
            board.place_setup(color, point)
        except EngineError:  # a stone that would leave a chain without liberties: not a position
            continue
        swapped.place_setup(color.opponent, point)
    first, second = territory_owner(board), territory_owner(swapped)
    assert first.keys() == second.keys()
    for point, who in first.items():
        assert second[point] == (who.opponent if who is not None else None)
