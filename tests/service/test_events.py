"""Domain events (``service/events.py``) and their dispatch (``service/dispatch.py``): a handler
records what happened; what follows runs in the same transaction (a rated game's ratings, a league
round's completion and its notice) or after the commit (waking the clock scheduler)."""

from __future__ import annotations

import pytest

from service import GameService
from service.commands import Adjudicate, Play, Request, Resign, ShowBoard
from service.dispatch import IN_TRANSACTION
from service.ending import rate_finished
from service.errors import BadArguments
from service.events import DeadlineChanged, GameFinished, RoundComplete
from service.handlers import playing
from service.i18n import key_of
from service.league_play import round_check, tell_organiser
from service.ports import Database
from service.unit import Unit
from service.views import Notice
from tests.service.conftest import ALICE, BOB, CAROL, ORGANISER, FakeClock, start_game
from tests.service.test_leagues import DAVE, A, create, league, league_games
from tests.service.test_ratings import ratings_of


async def test_a_rated_finish_is_rated_once_in_its_transaction(
    service: GameService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished: list[GameFinished] = []

    async def rate(unit: Unit, event: GameFinished) -> tuple[Notice, ...]:
        finished.append(event)
        return await rate_finished(unit, event)

    monkeypatch.setitem(IN_TRANSACTION, GameFinished, (rate, round_check))
    gid = await start_game(service, "size=9", "rated=yes")
    request = Request(BOB, game=gid, update_id="telegram:5")
    await service.execute(Resign(confirm=True), request)
    await service.execute(Resign(confirm=True), request)  # delivered again: already done
    assert [(e.row.id, e.result.sgf) for e in finished] == [(gid, "B+R")]
    assert {
        p: games for p, (_, games) in (await ratings_of(database, ALICE.id, BOB.id)).items()
    } == {
        ALICE.id: 1,
        BOB.id: 1,
    }


async def test_a_failure_after_the_rating_rolls_the_rating_back(
    service: GameService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ratings commit with the result that caused them, or not at all."""

    async def fail(unit: Unit, event: GameFinished) -> tuple[Notice, ...]:
        raise RuntimeError("the next step failed")

    gid = await start_game(service, "size=9", "rated=yes")
    with monkeypatch.context() as patched:
        patched.setitem(IN_TRANSACTION, GameFinished, (rate_finished, fail))
        with pytest.raises(RuntimeError):
            await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    assert await ratings_of(database, ALICE.id, BOB.id) == {}
    async with database.unit_of_work() as uow:
        row = await uow.games.get(gid)
    assert row is not None and row.result is None  # the resignation rolled back too
    await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    after = await ratings_of(database, ALICE.id, BOB.id)
    assert after[ALICE.id][1] == after[BOB.id][1] == 1


async def test_a_rounds_last_game_tells_the_organiser(
    service: GameService, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    complete: list[RoundComplete] = []

    async def heard(unit: Unit, event: RoundComplete) -> tuple[Notice, ...]:
        complete.append(event)
        return await tell_organiser(unit, event)

    monkeypatch.setitem(IN_TRANSACTION, RoundComplete, (heard,))
    await create(service, ALICE, BOB, CAROL, DAVE, system="swiss", rounds="2", time="3d")
    await service.execute(league(A.START), Request(ORGANISER, "console"))
    first, second = [g.id for g in await league_games(database)]
    await service.execute(Adjudicate("B+R"), Request(ORGANISER, "console", game=first))
    assert complete == []  # the round's other game is still open
    view = await service.execute(Adjudicate("W+R"), Request(ORGANISER, "console", game=second))
    assert [(e.name, e.round, e.organiser) for e in complete] == [("autumn", 1, ORGANISER.id)]
    # the game's own notices first, then the word to the organiser
    assert [key_of(n.lines[-1]) for n in view.notify][-1] == "league.round_done"
    assert view.notify[-1].player == ORGANISER.id


async def test_a_deadline_change_wakes_the_scheduler_only_after_the_commit(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await start_game(service, "size=9", "time=1d+1h")
    clock.advance(3600)  # White's turn will end later than Black's: the deadline moves
    log: list[str] = []
    service.deadline_listeners.append(lambda: log.append("woken"))

    async def move(unit: Unit, point: str, fail: bool) -> None:
        commit = unit.uow.commit

        async def logged() -> None:
            await commit()
            log.append("committed")

        monkeypatch.setattr(unit.uow, "commit", logged)
        await playing.play(unit, Play(point))
        assert any(isinstance(e, DeadlineChanged) for e in unit.events)
        log.append("played")
        if fail:
            raise BadArguments("refused after the move")

    with pytest.raises(BadArguments):
        await service._write(Request(ALICE, game=gid), lambda unit: move(unit, "E5", True))
    assert log == ["played"]  # rolled back: the scheduler has nothing new to look at
    log.clear()
    await service._write(Request(ALICE, game=gid), lambda unit: move(unit, "E5", False))
    assert log == ["played", "committed", "woken"]
    view = await service.execute(ShowBoard(), Request(BOB, game=gid))
    assert view.board is not None and view.board.move_number == 1
