"""The count in the confirmation phase, as players see it (docs/rules.md "Territory", "The agreed
filling", "Markings that contradict Art. 7"): the reasons territory does not count, the
necessary stone added by agreement, refused and warned markings."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.colors import Color
from engine.coords import parse_vertex
from engine.counting import PointStatus
from service import GameService
from service.commands import Dead, FillDame, Request, ShowBoard
from service.errors import UserError
from service.i18n import key_of
from service.ports import Database
from service.views import View, points_text
from tests.service.conftest import ALICE, BOB, line, play_moves, says, start_game, version_of


def dead_points(view: View) -> set[str]:
    """The stones the view's count shows dead."""
    assert view.board is not None
    dead = (PointStatus.DEAD_REMOVED, PointStatus.DEAD_STAYS)
    return {f"{'ABCDEFGHJKLMNOPQRST'[c]}{r + 1}" for (r, c), s in view.board.marks if s in dead}


def statuses(view: View) -> Counter[PointStatus]:
    """How many points of the view's count have each status."""
    assert view.board is not None
    return Counter(s for _, s in view.board.marks)


async def test_a_chain_in_atari_is_named_and_the_agreed_fill_connects_it(
    service: GameService,
) -> None:
    """Art. 8, docs/rules.md step 4: E1 is in atari inside Black's area, so the count names D1
    (`connect at D1`) and Black's area does not count; `filldame` by both adds the necessary
    stone and the area counts, minus that point."""
    gid = await start_game(service, "size=7", "komi=0.5")
    moves = []
    for row in range(2, 8):
        moves += [f"D{row}", f"E{row}"]
    await play_moves(service, gid, *moves, "E1", "F1", "pass", "pass")
    view = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert line(view, "marking.connect").count("D1") == 1
    assert statuses(view)[PointStatus.NECESSARY] == 1
    assert PointStatus.BLACK_TERRITORY not in statuses(view)
    assert statuses(view)[PointStatus.WHITE_TERRITORY] == 13
    await service.execute(FillDame(), Request(ALICE, game=gid))
    filled = await service.execute(FillDame(), Request(BOB, game=gid))
    assert "fill.done" in filled.keys and "marking.connect" not in filled.keys
    stones = getattr(line(filled, "fill.done"), "params", {})["stones"]  # colours in words
    assert [key_of(part) for part in stones.parts] in (
        ["stones.black"],
        ["stones.white"],
        ["stones.black", "stones.white"],
    )
    assert statuses(filled)[PointStatus.BLACK_TERRITORY] == 21
    assert PointStatus.NECESSARY not in statuses(filled)


STONE_INSIDE = [  # a black ring, a white ring inside it, a black stone inside that
    *(
        [
            "B2",
            "C2",
            "D2",
            "E2",
            "F2",
            "G2",
            "B3",
            "G3",
            "B4",
            "G4",
            "B5",
            "G5",
            "B6",
            "C6",
            "D6",
            "E6",
            "F6",
            "G6",
        ]
    ),
    "D4",
]
WHITE_RING = ["C3", "D3", "E3", "F3", "C4", "F4", "C5", "D5", "E5", "F5"]


async def test_a_stone_inside_a_dead_group_cannot_be_marked_dead(
    service: GameService, database: Database
) -> None:
    """Art. 7.1 (docs/rules.md "Markings that contradict Art. 7"): D4 touches only white stones
    that are marked dead; once they are taken D4 lives, so marking it dead is refused with the
    reason, and nothing changes."""
    gid = await start_game(service, "size=8")
    moves: list[str] = []
    whites = iter(WHITE_RING)
    for black in STONE_INSIDE:
        moves += [black, next(whites, "pass")]
    moves[-1:] = ["pass", "pass"] if moves[-1] == "pass" else [moves[-1], "pass", "pass"]
    await play_moves(service, gid, *moves)
    view = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert "D4" not in dead_points(view)  # the proposal never holds it
    if "C3" not in dead_points(view):
        view = await service.execute(Dead(("C3",)), Request(ALICE, game=gid))
    assert "C3" in dead_points(view)
    before = await version_of(database, gid)
    with pytest.raises(UserError) as info:
        await service.execute(Dead(("D4",)), Request(BOB, game=gid))
    assert says(info.value, "error.dead_inside_dead", points="D4")
    assert await version_of(database, gid) == before


async def test_a_chain_marked_alive_that_can_be_taken_is_warned_with_the_sequence(
    service: GameService,
) -> None:
    """Art. 7.1: B3–C3 marked alive, but White's atari on A3 leaves it no escape (D3 is
    self-atari): the count warns, and the board shows the chain and the numbered sequence."""
    gid = await start_game(service, "size=5")
    await play_moves(
        service, gid, "B3", "B4", "C3", "C4", "A1", "D4", "A5", "B2", "E5", "C2", "E1", "D2"
    )
    await play_moves(service, gid, "pass", "pass")
    view = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    if "B3" in dead_points(view):  # the proposal has it dead: mark it alive
        view = await service.execute(Dead(("B3",)), Request(ALICE, game=gid))
    warning = line(view, "marking.capturable")
    assert points_text([parse_vertex("B3", 5), parse_vertex("C3", 5)]) in warning
    moves = getattr(warning, "params", {})["moves"]  # numbered as on the image, colours in words
    assert [key_of(part) for part in moves.parts] == [
        "sequence.white",
        "sequence.black",
        "sequence.white",
    ]
    assert [getattr(part, "params", {})["n"] for part in moves.parts] == [1, 2, 3]
    assert view.board is not None
    assert view.board.capturable == {(2, 1), (2, 2)}
    assert view.board.sequence == (((2, 0), Color.WHITE, 1), ((2, 3), Color.WHITE, 3))
