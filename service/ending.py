"""Ending a game (Art. 10.4): a result made final — the accepted marking's count, a resignation,
no result, an organiser's adjudication — or the loss on time of the player to move (Art. 14 as
used in correspondence play); and what follows a final result in the same transaction, the
ratings of a rated game (:mod:`service.rating`). A league round's completion follows too
(:func:`service.league_play.round_check`); both are registered in :mod:`service.dispatch`."""

from __future__ import annotations

import dataclasses

from engine.counting import Count
from engine.result import GameResult, ResultKind
from service.events import GameFinished
from service.i18n import t
from service.model import Loaded
from service.people import names, persons
from service.rating import rate_result, rated_accounts
from service.showing import ended_reply
from service.timing import stop_clocks
from service.unit import Unit
from service.views import Notice, View, color_name


async def finish(
    unit: Unit, loaded: Loaded, result: GameResult, reason: str, score: Count | None = None
) -> View:
    """End the game with ``result`` (final: Art. 10.4) and announce it to both players; saving
    it records :class:`~service.events.GameFinished`. A Capture Go game the engine finished
    itself (a capture, two passes: :mod:`service.capture`) keeps the engine's result."""
    if not (loaded.finished and loaded.game.result == result):
        loaded.game.finish(result)
    state = loaded.state
    loaded.state = stop_clocks(dataclasses.replace(state, match=state.match.closed()))
    await unit.save(loaded)
    return await ended_reply(unit, loaded, result, reason, score, state.match.version)


async def lose_on_time(unit: Unit, loaded: Loaded) -> View:
    """Art. 14 as used in correspondence play: the player to move loses on time."""
    loser = loaded.game.to_move
    found = await names(unit, loaded.row)
    reason = t("end.time", color=color_name(loser), name=found[loser])
    return await finish(unit, loaded, GameResult(ResultKind.TIME, loser.opponent), reason)


async def rate_finished(unit: Unit, event: GameFinished) -> tuple[Notice, ...]:
    """A rated game's final result rates both players, once, in the transaction that made it
    final (a result delivered twice finds the game finished already and records nothing)."""
    row, result = event.row, event.result
    accounts = rated_accounts(row, result) if row.rated else None
    if accounts is None:
        return ()
    found = await persons(unit, accounts)
    await rate_result(unit.uow.ratings, row, result, found, unit.now)
    return ()
