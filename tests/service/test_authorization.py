"""Every authorization rule of the service (issue 3): who may do what."""

from __future__ import annotations

import pytest

from service import GameService
from service.errors import NotAPlayer, NotOrganiser, NotYourTurn, WrongPhase
from tests.service.conftest import ALICE, BOB, CAROL, ORGANISER, play_moves, start_game


async def stopped_game(service: GameService) -> int:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "pass", "pass")
    return gid


async def test_only_the_player_to_move_plays(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    with pytest.raises(NotYourTurn, match="It is Black's move"):
        await service.play(BOB, "E5", gid)
    with pytest.raises(NotYourTurn, match="It is Black's move"):
        await service.pass_(BOB, gid)
    with pytest.raises(NotAPlayer):
        await service.play(CAROL, "E5", gid)


@pytest.mark.parametrize("command", ["pass", "resign", "undo"])
async def test_only_players_pass_resign_or_undo(service: GameService, command: str) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    calls = {
        "pass": lambda: service.pass_(CAROL, gid),
        "resign": lambda: service.resign(CAROL, gid, confirm=True),
        "undo": lambda: service.undo(CAROL, gid),
    }
    with pytest.raises(NotAPlayer, match="not playing in game"):
        await calls[command]()


@pytest.mark.parametrize("command", ["dead", "done", "resume", "filldame"])
async def test_only_players_mark_accept_resume_or_fill(service: GameService, command: str) -> None:
    gid = await stopped_game(service)
    calls = {
        "dead": lambda: service.dead(CAROL, ["E5"], gid),
        "done": lambda: service.done(CAROL, 1, gid),
        "resume": lambda: service.resume(CAROL, gid),
        "filldame": lambda: service.filldame(CAROL, gid),
    }
    with pytest.raises(NotAPlayer):
        await calls[command]()


async def test_only_players_propose_no_result(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    with pytest.raises(NotAPlayer):
        await service.noresult(CAROL, gid)


async def test_only_the_challenged_user_accepts(service: GameService) -> None:
    view = await service.challenge(ALICE, BOB, {"size": "9"})
    with pytest.raises(NotAPlayer, match="addressed to somebody else"):
        await service.accept(CAROL, view.game_id)
    with pytest.raises(NotAPlayer, match="your own challenge"):
        await service.accept(ALICE, view.game_id)
    started = await service.accept(BOB, view.game_id)
    assert started.board is not None


async def test_anyone_but_the_challenger_accepts_an_open_challenge(service: GameService) -> None:
    view = await service.challenge(ALICE, None, {"size": "9"})
    assert view.notify == ()
    with pytest.raises(NotAPlayer):
        await service.accept(ALICE, view.game_id)
    started = await service.accept(CAROL)  # the only open challenge: no number needed
    assert started.game_id == view.game_id


async def test_only_the_challenged_or_challenger_declines(service: GameService) -> None:
    view = await service.challenge(ALICE, BOB, {})
    with pytest.raises(NotAPlayer):
        await service.decline(CAROL, view.game_id)
    declined = await service.decline(BOB, view.game_id)
    assert declined.notify[0].player == ALICE.id
    with pytest.raises(WrongPhase):
        await service.accept(BOB, view.game_id)


async def test_only_organisers_adjudicate(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    for actor in (ALICE, BOB, CAROL):
        with pytest.raises(NotOrganiser):
            await service.adjudicate(actor, gid, "B+R")
    view = await service.adjudicate(ORGANISER, gid, "bothlose")
    assert "both players lose" in view.text
    assert {n.player for n in view.notify} == {ALICE.id, BOB.id}


async def test_spectators_can_look(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    board = await service.board(CAROL, gid)
    assert board.board is not None and board.notify == ()
    record = await service.sgf(CAROL, gid)
    assert record.file is not None and b"B[ee]" in record.file[1]


async def test_a_final_result_never_changes(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await service.resign(BOB, gid, confirm=True)
    for call in (
        service.play(BOB, "E5", gid),
        service.resign(ALICE, gid, confirm=True),
        service.adjudicate(ORGANISER, gid, "W+F"),
        service.undo(ALICE, gid),
        service.noresult(ALICE, gid),
    ):
        with pytest.raises(WrongPhase, match=r"Art\. 10\.4"):
            await call
    board = await service.board(CAROL, gid)
    assert "B+R — Black wins by resignation" in board.text
