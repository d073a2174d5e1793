"""The ``sgf`` record of a game (:mod:`service.game_record`): the players' ranks when the game
started (from their last rated game before it, on SQLite and PostgreSQL), the days played, and
territory marks only for a result the players' count gave."""

from __future__ import annotations

from club.ranks import rank_label
from records.sgf import read_sgf
from service import GameService
from service.commands import Adjudicate, Request, Resign, Sgf
from service.ports import Database
from tests.service.conftest import ALICE, BOB, ORGANISER, FakeClock, play_moves, start_game

DAY = 86_400.0


async def record_of(service: GameService, gid: int) -> bytes:
    view = await service.execute(Sgf(), Request(ALICE, game=gid))
    assert view.file is not None
    return view.file[1]


async def test_ranks_are_those_after_the_last_rated_game_before_the_start(
    real_service: GameService, real_database: Database, clock: FakeClock
) -> None:
    service = real_service
    first = await start_game(service, "size=9", "rated=yes")
    second = await start_game(service, "size=9", "rated=yes")  # started before first ends
    clock.advance(DAY)
    await service.execute(Resign(confirm=True), Request(BOB, game=first))
    clock.advance(DAY)
    third = await start_game(service, "size=9", "rated=yes")
    clock.advance(60.0)
    await service.execute(Resign(confirm=True), Request(ALICE, game=second))
    async with real_database.unit_of_work() as uow:
        changes = await uow.ratings.changes([ALICE.id, BOB.id], 10)
    after_first = {c.player: c for c in changes if c.game_id == first}
    for gid in (first, second):  # nobody had a rated game when these started
        record = read_sgf(await record_of(service, gid))
        assert (record.black_rank, record.white_rank) == (None, None)
    record = read_sgf(await record_of(service, third))
    alice, bob = after_first[ALICE.id], after_first[BOB.id]  # not the second's, after its start
    assert record.black_rank == rank_label(alice.after, alice.deviation)
    assert record.white_rank == rank_label(bob.after, bob.deviation)
    assert record.black_rank and record.black_rank.endswith("?")  # still provisional
    assert read_sgf(await record_of(service, first)).date == "2026-01-01,02"


async def test_days_played_and_no_marks_without_a_count(
    service: GameService, clock: FakeClock
) -> None:
    resigned = await start_game(service, "size=9")
    clock.advance(2 * DAY)
    await service.execute(Resign(confirm=True), Request(BOB, game=resigned))
    judged = await start_game(service, "size=9")
    await play_moves(service, judged, "E5", "pass", "pass")  # stopped, then the organiser
    await service.execute(Adjudicate("B+3.5"), Request(ORGANISER, game=judged))
    for gid in (resigned, judged):
        record = read_sgf(await record_of(service, gid))
        assert record.territory == {} and record.result in ("B+R", "B+3.5")
    assert read_sgf(await record_of(service, resigned)).date == "2026-01-01,03"
    assert read_sgf(await record_of(service, judged)).date == "2026-01-03"
    assert read_sgf(await record_of(service, judged)).event is None  # not a league game
