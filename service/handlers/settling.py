"""The clock scheduler's work on one game whose deadline passed, from stored timestamps
(:meth:`GameService.settle`): the "little time left" reminder, the loss on time
(:func:`service.ending.lose_on_time`), asking the computer again on its turn, or working out a
stopped game's missing proposal."""

from __future__ import annotations

import dataclasses
import math

from service.ending import lose_on_time
from service.i18n import t
from service.model import Loaded, player_of
from service.players import is_engine
from service.ports import GameStatus
from service.timing import reminder_leads, reminders_due, time_left
from service.unit import Unit
from service.views import Notice, View, format_left


async def settle(unit: Unit) -> View | None:
    """The scheduler's work on one game: the reminder, or the loss on time, if due; on the
    computer's turn, asking it again; a stopped game's proposal still missing, working it out."""
    assert unit.request.game is not None
    loaded = await unit.load(unit.request.game)
    row = loaded.row
    if row.status is not GameStatus.ACTIVE or row.deadline is None or row.deadline > unit.now:
        return None
    if loaded.stopped and loaded.state.match.judging:
        # the proposal of a stop whose process never wrote it: a new deadline (the next try),
        # and the policy that follows this command works it out (:meth:`GameService.execute`)
        await unit.save(loaded)
        unit.judge_after(loaded)
        return View((), game_id=row.id)
    left = await time_left(unit, loaded)
    if left > 0 and is_engine(row.to_move):
        # the computer owes its move: a new deadline (the next try), and the policy that
        # follows this command asks it (:meth:`GameService.execute`)
        await unit.save(loaded)
        return View((), game_id=row.id)
    leads = reminder_leads(row, loaded.state, loaded.game)
    due = reminders_due(leads, left)
    if left <= 0 or loaded.state.reminders >= len(leads):  # after the last reminder: the end
        return await lose_on_time(unit, loaded)
    return await _remind(unit, loaded, left, max(due, loaded.state.reminders + 1))


async def _remind(unit: Unit, loaded: Loaded, left: float, reminders: int) -> View | None:
    """The reminder for the latest threshold passed (once: the count is stored with it)."""
    loaded.state = dataclasses.replace(loaded.state, reminders=reminders)
    await unit.save(loaded)
    if math.isinf(left):
        return None
    mover = player_of(loaded.row, loaded.game.to_move)
    line = t("notice.little_time", id=loaded.row.id, left=format_left(left))
    return View((line,), notify=(Notice(mover, (line,)),), game_id=loaded.row.id)
