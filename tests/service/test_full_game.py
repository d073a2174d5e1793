"""A complete game through the service: challenge → moves → pass/pass → marking → both accept."""

from __future__ import annotations

from engine.game import Game
from records.sgf import read_sgf
from service import GameService
from service.commands import Accept, Board, Challenge, Dead, Done, Pass, Request, Sgf
from tests.service.conftest import ALICE, BOB, play_moves, start_game


async def test_complete_game_to_an_agreed_count(real_service: GameService) -> None:
    service = real_service
    challenge = await service.execute(
        Challenge(BOB, {"size": "9", "color": "black", "komi": "6.5"}), Request(ALICE)
    )
    gid = challenge.game_id
    assert gid is not None
    assert challenge.notify[0].player == BOB.id
    assert [b.token for b in challenge.notify[0].buttons] == [f"g{gid}:accept", f"g{gid}:decline"]
    started = await service.execute(Accept(), Request(BOB, game=gid))
    assert started.board is not None and started.board.size == 9
    assert started.notify[0].player == ALICE.id  # Black moves first

    # Black walls off columns A-D, White E-J; a lone black stone dies in White's area.
    moves = []
    for row in range(1, 10):
        moves += [f"D{row}", f"E{row}"]
    await play_moves(service, gid, *moves, "H5", "pass")
    view = await service.execute(Board(), Request(ALICE, game=gid))
    assert view.lines[-1] == "Move 20 · White passes · Black (@alice) to play"

    stop = await service.execute(
        Pass(), Request(ALICE, game=gid)
    )  # two passes in succession (Art. 9.1)
    assert any("stopped" in line for line in stop.lines)
    assert {n.player for n in stop.notify} == {ALICE.id, BOB.id}
    assert f"g{gid}:done:v1" in [b.token for b in stop.buttons]
    assert stop.board is not None and stop.board.marks
    version = 1
    if "dead stones: H5" not in stop.text:  # the estimator's proposal is only a proposal
        marked = await service.execute(Dead(("h5",)), Request(BOB, game=gid))
        version = 2
        assert "dead stones: H5" in marked.text
        assert {n.player for n in marked.notify} == {ALICE.id, BOB.id}

    accepted = await service.execute(Done(version), Request(ALICE, game=gid))
    assert accepted.notify[0].player == BOB.id
    end = await service.execute(Done(version), Request(BOB, game=gid))
    text = end.text
    assert "Black: " in text and "White: " in text and "Game #" in text and "is over" in text
    assert {n.player for n in end.notify} == {ALICE.id, BOB.id}
    assert "Black: 27 territory + 0 prisoners = 27" in text
    assert "White: 36 + 1 + 6.5 = 43.5 · White wins by 16.5" in text
    assert "W+16.5 — White wins by 16.5 points" in text

    sgf = await service.execute(Sgf(), Request(BOB, game=gid))
    assert sgf.file is not None
    record = read_sgf(sgf.file[1])
    assert len(record.moves) == 21
    assert b"RE[W+16.5]" in sgf.file[1]
    game = Game.replay(list(record.moves), size=9, komi=6.5)
    assert game.move_number == 21


async def test_started_game_helper(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3")
    view = await service.execute(Board(), Request(BOB, game=gid))
    assert view.board is not None and (4, 4) in view.board.black
