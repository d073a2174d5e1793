"""The life of a game beyond plain moves: colours, handicap, resign, undo, resume, marking
versions, filling dame, no result, redelivered commands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.colors import Color
from service import GameService, View
from service.commands import (
    Accept,
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
    ShowBoard,
    Undo,
)
from service.errors import StaleBoard, StaleMarking, WrongPhase
from service.i18n import t
from service.ports import Database
from service.views import color_name
from storage.sqlite import open_sqlite
from tests.service.conftest import (
    ALICE,
    BOB,
    CAROL,
    FakeClock,
    left,
    line,
    play_moves,
    says,
    start_game,
    version_of,
)

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
    view = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert view.board is not None and {(2, 2), (6, 6)} <= view.board.black
    assert view.board.to_move is Color.WHITE and view.board.white_name == "@bob"
    challenge = await service.execute(Challenge(BOB, {"handicap": "3"}), Request(ALICE))
    assert t("terms.komi", komi="0") in line(challenge, "challenge.sent")


async def test_resign_asks_for_confirmation(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    ask = await service.execute(Resign(), Request(ALICE, game=gid))
    assert [b.token for b in ask.buttons] == [f"g{gid}:resign:yes"]
    board = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert "end.result" not in board.keys and board.buttons  # still being played
    assert board.board is not None and board.board.to_move is Color.BLACK
    end = await service.execute(Resign(confirm=True), Request(ALICE, game=gid))
    announce = line(end, "end.announce")
    assert f"#{gid}" in announce and "W+R" in announce and "end.resigned" in end.keys
    assert t("result.resignation", winner=color_name(Color.WHITE)) in announce
    assert {n.player for n in end.notify} == {ALICE.id, BOB.id}


async def test_a_finished_game_keeps_when_it_finished(
    service: GameService, database: Database, clock: FakeClock
) -> None:
    gid = await start_game(service, "size=9")
    clock.advance(3600)
    await service.execute(Resign(confirm=True), Request(ALICE, game=gid))
    ended = clock.now
    clock.advance(60)
    await service.execute(Sgf(), Request(BOB, game=gid))
    async with database.unit_of_work() as uow:
        row = await uow.games.get(gid)
    assert row is not None and row.finished_at == ended and row.created_at < ended


async def test_resign_during_the_confirmation_phase(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "pass", "pass")
    end = await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    assert "B+R" in line(end, "end.announce")


async def test_undo_is_asked_and_answered(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    with pytest.raises(WrongPhase) as excinfo:
        await service.execute(Undo(), Request(BOB, game=gid))
    assert says(excinfo.value, "error.undo_not_yours")
    asked = await service.execute(Undo(), Request(ALICE, game=gid))
    assert asked.notify[0].player == BOB.id
    assert [b.token for b in asked.notify[0].buttons] == [f"g{gid}:undo:yes", f"g{gid}:undo:no"]
    with pytest.raises(WrongPhase):
        await service.execute(Undo(True), Request(ALICE, game=gid))  # the requester cannot answer
    refused = await service.execute(Undo(False), Request(BOB, game=gid))
    assert refused.notify[0].player == ALICE.id
    await service.execute(Undo(), Request(ALICE, game=gid))
    done = await service.execute(Undo(True), Request(BOB, game=gid))
    assert line(done, "undo.done") == t("undo.done", id=gid, move="E5")
    assert done.board is not None and not done.board.black
    assert done.board.to_move is Color.BLACK and done.board.black_name == "@alice"


async def test_a_move_lapses_an_undo_request(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    await service.execute(Undo(), Request(ALICE, game=gid))
    await service.execute(Play("C3"), Request(BOB, game=gid))
    with pytest.raises(WrongPhase) as excinfo:
        await service.execute(Undo(True), Request(BOB, game=gid))
    assert says(excinfo.value, "error.undo_no_request")


async def test_undo_never_crosses_a_stop(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "pass", "pass")
    with pytest.raises(WrongPhase):
        await service.execute(Undo(), Request(ALICE, game=gid))
    await service.execute(Resume(), Request(ALICE, game=gid))
    with pytest.raises(WrongPhase) as excinfo:
        await service.execute(Undo(), Request(BOB, game=gid))
    assert says(excinfo.value, "error.undo_none")


async def test_resume_lets_the_opponent_move_first_and_discards_markings(
    service: GameService,
) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3", "pass", "pass")
    await service.execute(Dead(("C3",)), Request(ALICE, game=gid))
    resumed = await service.execute(
        Resume(), Request(BOB, game=gid)
    )  # White asks: Black moves first (Art. 9.3)
    first = t("info.resumed", name="@bob", first=color_name(Color.BLACK), first_name="@alice")
    assert line(resumed, "info.resumed") == first
    assert resumed.board is not None and resumed.board.to_move is Color.BLACK
    assert resumed.notify[0].player == ALICE.id
    with pytest.raises(WrongPhase):
        await service.execute(Done(), Request(ALICE, game=gid))
    await play_moves(service, gid, "pass", "pass")
    again = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert "C3" not in line(again, "marking.header")  # the old marking is gone


async def test_every_marking_change_clears_acceptances(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3", "pass", "pass")
    await service.execute(Done(1), Request(ALICE, game=gid))
    changed = await service.execute(Dead(("C3",)), Request(BOB, game=gid))
    assert line(changed, "marking.header") == t("marking.header", id=gid, v=2, dead="C3")
    assert "marking.accepted" not in changed.keys
    assert {n.player for n in changed.notify} == {ALICE.id, BOB.id}
    assert f"g{gid}:done:v2" in [b.token for b in changed.buttons]
    with pytest.raises(StaleMarking) as excinfo:
        await service.execute(Done(1), Request(BOB, game=gid))  # a stale button cannot end the game
    assert says(excinfo.value, "error.stale_marking", old=1, v=2)
    await service.execute(Done(2), Request(BOB, game=gid))
    toggled = await service.execute(
        Dead(("c3",)), Request(ALICE, game=gid)
    )  # toggling back is another version
    header = t("marking.header", id=gid, v=3, dead=t("marking.none"))
    assert line(toggled, "marking.header") == header
    await service.execute(Done(3), Request(ALICE, game=gid))
    end = await service.execute(Done(3), Request(BOB, game=gid))
    assert "end.announce" in end.keys


async def test_a_second_done_by_the_same_player_writes_nothing_and_pings_nobody(
    service: GameService, database: Database
) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3", "pass", "pass")
    first = await service.execute(Done(1), Request(ALICE, game=gid))
    assert [n.player for n in first.notify] == [BOB.id]
    before = await version_of(database, gid)
    for again in (Done(1), Done()):  # the button pressed twice, then the typed word
        second = await service.execute(again, Request(ALICE, game=gid))
        assert second.keys == ("marking.already_accepted",) and second.notify == ()
    assert await version_of(database, gid) == before
    end = await service.execute(Done(1), Request(BOB, game=gid))
    assert "end.announce" in end.keys


async def test_open_dame_are_named_and_filled_by_agreement(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, *WALLS, "pass", "pass")
    view = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert "E1" in line(view, "marking.voiding")
    asked = await service.execute(FillDame(), Request(ALICE, game=gid))
    assert asked.notify[0].player == BOB.id
    with pytest.raises(WrongPhase):
        await service.execute(FillDame(), Request(ALICE, game=gid))
    filled = await service.execute(FillDame(), Request(BOB, game=gid))
    assert "fill.done" in filled.keys and "E1" in line(filled, "fill.done")
    assert line(filled, "marking.header") == t(
        "marking.header", id=gid, v=2, dead=t("marking.none")
    )
    assert "marking.voiding" not in filled.keys
    await service.execute(Done(2), Request(ALICE, game=gid))
    end = await service.execute(Done(2), Request(BOB, game=gid))
    assert end.board is not None and end.board.tally in end.lines  # the tally line has no key
    assert t("tally.black", territory=27, prisoners=0, score="27") in end.board.tally
    assert t("tally.white", territory=27, prisoners=0, komi="6.5", score="33.5") in end.board.tally
    record = await service.execute(Sgf(), Request(BOB, game=gid))
    assert record.file is not None and b"filled by agreement" in record.file[1]


KO = ["D5", "E5", "E6", "F6", "E4", "F4", "B2", "G5", "F5"]  # Black takes the ko at F5


async def test_no_result_after_a_repetition_needs_both(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    with pytest.raises(WrongPhase) as excinfo:
        await service.execute(NoResult(), Request(ALICE, game=gid))
    assert says(excinfo.value, "error.no_repetition")
    await play_moves(service, gid, *KO, "pass", "pass")
    await service.execute(
        Resume(), Request(ALICE, game=gid)
    )  # White moves first and retakes: the position repeats
    retake = await service.execute(Play("E5"), Request(BOB, game=gid))
    assert line(retake, "info.repetition") == t("info.repetition", id=gid)
    assert f"g{gid}:noresult" in [b.token for b in retake.buttons]
    asked = await service.execute(NoResult(), Request(BOB, game=gid))
    assert asked.notify[0].player == ALICE.id
    end = await service.execute(NoResult(), Request(ALICE, game=gid))
    assert "end.void" in end.keys
    announce = line(end, "end.announce")
    assert "Void" in announce and t("result.void") in announce


async def test_a_redelivered_command_applies_once(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    first = await service.execute(Play("E5"), Request(ALICE, game=gid, update_id="telegram:77"))
    again = await service.execute(Play("E5"), Request(ALICE, game=gid, update_id="telegram:77"))
    assert first.board is not None and first.board.move_number == 1
    assert again.keys == ("info.already_done",)
    view = await service.execute(ShowBoard(), Request(CAROL, game=gid))
    assert view.board is not None and view.board.move_number == 1
    assert view.board.last_move == (4, 4) and view.board.black == frozenset({(4, 4)})


async def test_games_lists_whose_move_and_challenges(service: GameService) -> None:
    gid = await start_game(service, "size=9", "time=3d+1d")
    await service.execute(Challenge(ALICE, {}), Request(CAROL))
    await service.execute(Challenge(None, {"size": "13"}), Request(BOB))
    listing = await service.execute(Games(), Request(ALICE))
    game = line(listing, "games.line_black")  # one line joined from four sentences
    assert game.startswith(t("games.line_black", id=gid, name="@bob", size=9))
    assert t("games.move", n=0) in game and t("games.your_move") in game
    assert game.endswith(left(3, 0))
    assert "@carol" in line(listing, "games.challenge_in")
    assert "@bob" in line(listing, "games.challenge_open")
    bobs = await service.execute(Games(), Request(BOB))
    assert bobs.keys[-1] == "games.challenge_out" and left(3, 0) not in bobs.lines[-1]


async def test_nothing_to_fill_is_said_at_once(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, *[m for r in range(1, 10) for m in (f"D{r}", f"E{r}")])
    stop = await play_moves_and_stop(service, gid)
    assert f"g{gid}:filldame" not in [b.token for b in stop.buttons]
    with pytest.raises(WrongPhase) as excinfo:
        await service.execute(FillDame(), Request(ALICE, game=gid))
    assert says(excinfo.value, "fill.nothing")


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
        view = await service.execute(ShowBoard(), Request(BOB, game=gid))
        assert line(view, "marking.header") == t("marking.header", id=gid, v=2, dead="C3")
        accepted = t("marking.accepted", color=color_name(Color.BLACK), name="@alice")
        assert line(view, "marking.accepted") == accepted
        end = await service.execute(Done(2), Request(BOB, game=gid))
        assert "B+" in line(end, "end.announce")
    finally:
        await database.close()


async def test_a_pass_button_from_an_old_board_is_refused(service: GameService) -> None:
    """Buttons carry their board's move number: an old board's Pass cannot pass now."""
    gid = await start_game(service, "size=9")
    first = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    pass_token = next(b.token for b in first.buttons if ":pass" in b.token)
    assert pass_token == f"g{gid}:pass:m0"
    await service.execute(Play("E5"), Request(ALICE, game=gid))
    await service.execute(Play("C3"), Request(BOB, game=gid))
    with pytest.raises(StaleBoard) as excinfo:
        await service.execute(Pass(0), Request(ALICE, game=gid))
    assert says(excinfo.value, "error.stale_board", id=gid, now=2, then=0)
    view = await service.execute(Pass(2), Request(ALICE, game=gid))
    assert view.board is not None and view.board.move_number == 3
    assert view.board.last_move is None  # Black's pass
    assert t("caption.pass", n=3, color=color_name(Color.BLACK)) in view.board.caption
