"""The life of a game beyond plain moves: colours, handicap, resign, undo, resume, marking
versions, filling dame, no result, redelivered commands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from service import GameService, View
from service.commands import (
    Accept,
    Board,
    Challenge,
    Dead,
    Done,
    FillDame,
    Games,
    NoResult,
    Pass,
    Play,
    Request,
    Resign,
    Resume,
    Sgf,
    Undo,
)
from service.errors import StaleBoard, StaleMarking, WrongPhase
from service.ports import Database
from storage.sqlite import open_sqlite
from tests.service.conftest import ALICE, BOB, CAROL, FakeClock, play_moves, start_game

WALLS = [m for row in range(1, 10) for m in (f"D{row}", f"F{row}")]  # E column left open


async def test_nigiri_assigns_colours_at_random(database: Database, clock: FakeClock) -> None:
    colours = set()
    for seed in range(6):
        service = GameService(database, clock=clock, rng=random.Random(seed))
        view = await service.execute(
            Challenge(BOB, {"color": "nigiri", "size": "9"}), Request(ALICE)
        )
        started = await service.execute(Accept(), Request(BOB, game=view.game_id))
        colours.add(started.board.black_name if started.board else None)
    assert colours == {"@alice", "@bob"}


async def test_handicap_game_white_moves_first_with_no_komi(service: GameService) -> None:
    gid = await start_game(service, "size=9", "handicap=2")
    view = await service.execute(Board(), Request(ALICE, game=gid))
    assert view.board is not None and {(2, 2), (6, 6)} <= view.board.black
    assert "White (@bob) to play" in view.text
    challenge = await service.execute(Challenge(BOB, {"handicap": "3"}), Request(ALICE))
    assert "komi 0" in challenge.text


async def test_resign_asks_for_confirmation(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    ask = await service.execute(Resign(), Request(ALICE, game=gid))
    assert [b.token for b in ask.buttons] == [f"g{gid}:resign:yes"]
    board = await service.execute(Board(), Request(ALICE, game=gid))
    assert "over" not in board.text
    end = await service.execute(Resign(confirm=True), Request(ALICE, game=gid))
    assert f"Game #{gid} is over: W+R — White wins by resignation" in end.text
    assert {n.player for n in end.notify} == {ALICE.id, BOB.id}


async def test_resign_during_the_confirmation_phase(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "pass", "pass")
    end = await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    assert "B+R" in end.text


async def test_undo_is_asked_and_answered(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    with pytest.raises(WrongPhase, match="your own last move"):
        await service.execute(Undo(), Request(BOB, game=gid))
    asked = await service.execute(Undo(), Request(ALICE, game=gid))
    assert asked.notify[0].player == BOB.id
    assert [b.token for b in asked.notify[0].buttons] == [f"g{gid}:undo:yes", f"g{gid}:undo:no"]
    with pytest.raises(WrongPhase):
        await service.execute(Undo(True), Request(ALICE, game=gid))  # the requester cannot answer
    refused = await service.execute(Undo(False), Request(BOB, game=gid))
    assert refused.notify[0].player == ALICE.id
    await service.execute(Undo(), Request(ALICE, game=gid))
    done = await service.execute(Undo(True), Request(BOB, game=gid))
    assert "Black (@alice) to play" in done.text
    assert done.board is not None and not done.board.black


async def test_a_move_lapses_an_undo_request(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    await service.execute(Undo(), Request(ALICE, game=gid))
    await service.execute(Play("C3"), Request(BOB, game=gid))
    with pytest.raises(WrongPhase, match="no undo request"):
        await service.execute(Undo(True), Request(BOB, game=gid))


async def test_undo_never_crosses_a_stop(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "pass", "pass")
    with pytest.raises(WrongPhase):
        await service.execute(Undo(), Request(ALICE, game=gid))
    await service.execute(Resume(), Request(ALICE, game=gid))
    with pytest.raises(WrongPhase, match="no move to take back"):
        await service.execute(Undo(), Request(BOB, game=gid))


async def test_resume_lets_the_opponent_move_first_and_discards_markings(
    service: GameService,
) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3", "pass", "pass")
    await service.execute(Dead(("C3",)), Request(ALICE, game=gid))
    resumed = await service.execute(
        Resume(), Request(BOB, game=gid)
    )  # White asks: Black moves first (Art. 9.3)
    assert "Black (@alice) moves first" in resumed.text
    assert resumed.notify[0].player == ALICE.id
    with pytest.raises(WrongPhase):
        await service.execute(Done(), Request(ALICE, game=gid))
    await play_moves(service, gid, "pass", "pass")
    again = await service.execute(Board(), Request(ALICE, game=gid))
    assert "marking v" in again.text and "C3" not in again.text.split("dead stones:")[1][:6]


async def test_every_marking_change_clears_acceptances(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3", "pass", "pass")
    await service.execute(Done(1), Request(ALICE, game=gid))
    changed = await service.execute(Dead(("C3",)), Request(BOB, game=gid))
    assert "v2" in changed.text and "Accepted by" not in changed.text
    assert {n.player for n in changed.notify} == {ALICE.id, BOB.id}
    assert f"g{gid}:done:v2" in [b.token for b in changed.buttons]
    with pytest.raises(StaleMarking, match="v1 was replaced by v2"):
        await service.execute(Done(1), Request(BOB, game=gid))  # a stale button cannot end the game
    await service.execute(Done(2), Request(BOB, game=gid))
    toggled = await service.execute(
        Dead(("c3",)), Request(ALICE, game=gid)
    )  # toggling back is another version
    assert "v3" in toggled.text and "dead stones: none" in toggled.text
    await service.execute(Done(3), Request(ALICE, game=gid))
    end = await service.execute(Done(3), Request(BOB, game=gid))
    assert "is over" in end.text


async def test_open_dame_are_named_and_filled_by_agreement(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, *WALLS, "pass", "pass")
    view = await service.execute(Board(), Request(ALICE, game=gid))
    assert "void territory (Art. 8)" in view.text and "E1" in view.text
    asked = await service.execute(FillDame(), Request(ALICE, game=gid))
    assert asked.notify[0].player == BOB.id
    with pytest.raises(WrongPhase):
        await service.execute(FillDame(), Request(ALICE, game=gid))
    filled = await service.execute(FillDame(), Request(BOB, game=gid))
    assert "filled by agreement" in filled.text and "marking v2" in filled.text
    assert "void territory" not in filled.text
    await service.execute(Done(2), Request(ALICE, game=gid))
    end = await service.execute(Done(2), Request(BOB, game=gid))
    assert "Black: 27 territory" in end.text and "White: 27 + 0 + 6.5" in end.text
    record = await service.execute(Sgf(), Request(BOB, game=gid))
    assert record.file is not None and b"filled by agreement" in record.file[1]


KO = ["D5", "E5", "E6", "F6", "E4", "F4", "B2", "G5", "F5"]  # Black takes the ko at F5


async def test_no_result_after_a_repetition_needs_both(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    with pytest.raises(WrongPhase, match=r"Art\. 12"):
        await service.execute(NoResult(), Request(ALICE, game=gid))
    await play_moves(service, gid, *KO, "pass", "pass")
    await service.execute(
        Resume(), Request(ALICE, game=gid)
    )  # White moves first and retakes: the position repeats
    retake = await service.execute(Play("E5"), Request(BOB, game=gid))
    assert "has repeated (Art. 12)" in retake.text
    assert f"g{gid}:noresult" in [b.token for b in retake.buttons]
    asked = await service.execute(NoResult(), Request(BOB, game=gid))
    assert asked.notify[0].player == ALICE.id
    end = await service.execute(NoResult(), Request(ALICE, game=gid))
    assert "Void — no result" in end.text


async def test_a_redelivered_command_applies_once(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    first = await service.execute(Play("E5"), Request(ALICE, game=gid, update_id="telegram:77"))
    again = await service.execute(Play("E5"), Request(ALICE, game=gid, update_id="telegram:77"))
    assert "Move 1" in first.text and "already handled" in again.text
    view = await service.execute(Board(), Request(CAROL, game=gid))
    assert "Move 1 · Black E5" in view.text


async def test_games_lists_whose_move_and_challenges(service: GameService) -> None:
    gid = await start_game(service, "size=9", "time=3d+1d")
    await service.execute(Challenge(ALICE, {}), Request(CAROL))
    await service.execute(Challenge(None, {"size": "13"}), Request(BOB))
    listing = await service.execute(Games(), Request(ALICE))
    assert f"#{gid} Black vs @bob (9×9) · move 0 · your move · 3d 0h left" in listing.text
    assert "challenge from @carol" in listing.text
    assert "open challenge by @bob" in listing.text
    assert "3d 0h left" not in (await service.execute(Games(), Request(BOB))).text.split("·")[-1]


async def test_nothing_to_fill_is_said_at_once(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, *[m for r in range(1, 10) for m in (f"D{r}", f"E{r}")])
    stop = await play_moves_and_stop(service, gid)
    assert f"g{gid}:filldame" not in [b.token for b in stop.buttons]
    with pytest.raises(WrongPhase, match="no neutral points"):
        await service.execute(FillDame(), Request(ALICE, game=gid))


async def play_moves_and_stop(service: GameService, gid: int) -> View:
    await service.execute(Pass(), Request(ALICE, game=gid))
    return await service.execute(Pass(), Request(BOB, game=gid))


async def test_challenges_markings_and_buttons_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    clock = FakeClock()
    database = await open_sqlite(path)
    service = GameService(database, clock=clock, rng=random.Random(1))
    challenge = await service.execute(
        Challenge(BOB, {"size": "9", "color": "black"}), Request(ALICE)
    )
    await database.close()

    database = await open_sqlite(path)
    service = GameService(database, clock=clock)
    gid = challenge.game_id
    assert gid is not None
    await service.execute(
        Accept(), Request(BOB, game=gid)
    )  # the Accept button of before the restart
    await play_moves(service, gid, "E5", "C3", "pass", "pass")
    await service.execute(Dead(("C3",)), Request(BOB, game=gid))
    await service.execute(Done(2), Request(ALICE, game=gid))
    await database.close()

    database = await open_sqlite(path)
    try:
        service = GameService(database, clock=clock)
        view = await service.execute(Board(), Request(BOB, game=gid))
        assert "marking v2 · dead stones: C3" in view.text and "Accepted by Black" in view.text
        end = await service.execute(Done(2), Request(BOB, game=gid))
        assert "is over: B+" in end.text
    finally:
        await database.close()


async def test_a_pass_button_from_an_old_board_is_refused(service: GameService) -> None:
    """Buttons carry their board's move number: an old board's Pass cannot pass now."""
    gid = await start_game(service, "size=9")
    first = await service.execute(Board(), Request(ALICE, game=gid))
    pass_token = next(b.token for b in first.buttons if ":pass" in b.token)
    assert pass_token == f"g{gid}:pass:m0"
    await service.execute(Play("E5"), Request(ALICE, game=gid))
    await service.execute(Play("C3"), Request(BOB, game=gid))
    with pytest.raises(StaleBoard, match="out of date: game #1 is at move 2, not 0"):
        await service.execute(Pass(0), Request(ALICE, game=gid))
    view = await service.execute(Pass(2), Request(ALICE, game=gid))
    assert "pass" in view.text.lower()
