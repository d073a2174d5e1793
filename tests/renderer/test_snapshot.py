"""The snapshot value: validation, hashing and the layout helper."""

from __future__ import annotations

import pytest

from renderer import Mark, Snapshot, geometry, point_name, star_points
from renderer.render import footer_text


def test_snapshot_is_hashable_and_comparable() -> None:
    a = Snapshot(9, black=frozenset({(2, 2)}), labels=(((2, 2), "1"),))
    b = Snapshot(9, black=frozenset({(2, 2)}), labels=(((2, 2), "1"),))
    assert a == b
    assert {a: 1}[b] == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"size": 1}, r"board size 1 is outside 2\.\.25"),
        ({"size": 26}, r"board size 26 is outside 2\.\.25"),
        (
            {"size": 9, "black": frozenset({(0, 0)}), "white": frozenset({(0, 0)})},
            r"points hold both colours: \[\(0, 0\)\]",
        ),
        ({"size": 9, "black": frozenset({(9, 0)})}, r"point \(9, 0\) is off a 9x9 board"),
        ({"size": 9, "last_move": (0, -1)}, r"point \(0, -1\) is off a 9x9 board"),
        ({"size": 9, "marks": (((0, 0), Mark.SEKI),)}, "SEKI at A1 needs a stone there"),
        (
            {"size": 9, "marks": (((0, 0), Mark.DAME), ((0, 0), Mark.DAME))},
            "a point has more than one mark",
        ),
        ({"size": 9, "theme": "sepia"}, "unknown theme 'sepia'"),
    ],
)
def test_invalid_snapshots_are_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Snapshot(**kwargs)  # type: ignore[arg-type]


def test_point_names_skip_i() -> None:
    assert point_name((0, 0)) == "A1"
    assert point_name((3, 8)) == "J4"
    assert point_name((18, 18)) == "T19"


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        (19, {"D4", "D10", "D16", "K4", "K10", "K16", "Q4", "Q10", "Q16"}),
        (13, {"D4", "D10", "K4", "K10", "G7"}),
        (9, {"C3", "C7", "G3", "G7", "E5"}),
    ],
)
def test_star_points(size: int, expected: set[str]) -> None:
    assert {point_name(p) for p in star_points(size)} == expected


@pytest.mark.parametrize("size", range(5, 26))
def test_geometry_cells_fit_and_do_not_overlap(size: int) -> None:
    g = geometry(size)
    left, top, _, _ = g.cell_box(size - 1, 0)
    _, _, right, bottom = g.cell_box(0, size - 1)
    assert left > 0 and right < g.width
    assert g.header < top and bottom < g.header + g.width
    assert g.cell % 2 == 1
    assert g.cell_box(0, 0)[2] <= g.cell_box(0, 1)[0]
    assert g.center(0, 0)[1] > g.center(1, 0)[1]  # row 0 is at the bottom


def test_footer_reports_move_turn_and_ko() -> None:
    snap = Snapshot(9, to_move="B", move_number=24, ko_point=(4, 4))
    assert footer_text(snap) == "Move 24 · Black to play · ko at E5"
    assert footer_text(Snapshot(9, caption="Hello")) == "Hello"
    assert footer_text(Snapshot(9, caption="Hello", tally="B+1.5")) == "B+1.5"
