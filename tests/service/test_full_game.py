"""A complete game through the service: challenge → moves → pass/pass → marking → both accept."""

from __future__ import annotations

from engine.colors import Color
from engine.game import Game
from records.sgf import read_sgf
from service import GameService
from service.commands import Accept, Challenge, Dead, Done, Pass, Request, Sgf, ShowBoard
from service.i18n import t
from service.views import color_name
from tests.service.conftest import ALICE, BOB, line, play_moves, start_game


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
    view = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    board = view.board
    assert board is not None and view.lines[-1] == board.caption  # "Move 20 · White passes · ..."
    assert board.move_number == 20 and board.last_move is None  # White's pass
    assert board.to_move is Color.BLACK and board.black_name == "@alice"
    assert t("caption.pass", n=20, color=color_name(Color.WHITE)) in board.caption
    assert t("caption.to_play", color=color_name(Color.BLACK), name="@alice") in board.caption

    stop = await service.execute(
        Pass(), Request(ALICE, game=gid)
    )  # two passes in succession (Art. 9.1)
    assert "info.stopped" in stop.keys
    assert {n.player for n in stop.notify} == {ALICE.id, BOB.id}
    assert f"g{gid}:done:v1" in [b.token for b in stop.buttons]
    assert stop.board is not None and stop.board.marks
    # The estimator proposes the lone stone dead (version 1); a player toggles it alive
    # (version 2) and dead again (version 3): every change is announced to both.
    assert line(stop, "marking.header").endswith("H5")
    alive = await service.execute(Dead(("h5",)), Request(BOB, game=gid))
    assert "H5" not in line(alive, "marking.header") and "marking.changed" in alive.keys
    marked = await service.execute(Dead(("h5",)), Request(BOB, game=gid))
    assert line(marked, "marking.header").endswith("H5") and f"g{gid}:done:v3" in [
        b.token for b in marked.buttons
    ]
    assert {n.player for n in marked.notify} == {ALICE.id, BOB.id}
    version = 3

    accepted = await service.execute(Done(version), Request(ALICE, game=gid))
    assert accepted.notify[0].player == BOB.id
    end = await service.execute(Done(version), Request(BOB, game=gid))
    assert end.board is not None and end.board.tally is not None
    tally = end.board.tally  # the tally line has no key: views.tally joins three sentences
    assert tally in end.lines and "end.agreed" in end.keys
    assert {n.player for n in end.notify} == {ALICE.id, BOB.id}
    assert t("tally.black", territory=27, prisoners=0, score="27") in tally
    assert t("tally.white", territory=36, prisoners=1, komi="6.5", score="43.5") in tally
    assert t("tally.wins", winner=color_name(Color.WHITE), margin="16.5") in tally
    announce = line(end, "end.announce")
    assert f"#{gid}" in announce and "W+16.5" in announce
    points = t("result.points", n="16.5")
    assert t("result.score", winner=color_name(Color.WHITE), points=points) in announce

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
    view = await service.execute(ShowBoard(), Request(BOB, game=gid))
    assert view.board is not None and (4, 4) in view.board.black
