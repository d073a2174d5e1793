"""Organiser and clock work: ``adjudicate`` (Art. 10–14, organisers only), ``vacation``, and the
scheduler's settling of deadlines (reminders, loss on time) from stored timestamps
(:meth:`GameService.settle`)."""

from __future__ import annotations

import dataclasses
import math

from service.clock import counted
from service.commands import Adjudicate, Vacation
from service.errors import BadArguments, NotOrganiser, WrongPhase
from service.i18n import t
from service.model import player_of
from service.options import parse_result
from service.players import is_engine
from service.ports import GameStatus, PlayerRow
from service.showing import finish, lose_on_time
from service.timing import reminder_leads, reminders_due, time_left, year
from service.unit import Loaded, Unit, require_active
from service.views import Notice, View, format_left


async def adjudicate(unit: Unit, command: Adjudicate) -> View:
    """An organiser's decision (Art. 10–14): ``B+3.5``, ``W+R``, ``B+F``, ``jigo``, ..."""
    if not unit.organiser:
        raise NotOrganiser(t("error.not_organiser"))
    if unit.request.game is None:
        raise BadArguments(t("error.adjudicate_needs_game"))
    decided = parse_result(command.result)
    loaded = await unit.load(unit.request.game)
    if not unit.organises(loaded.row.community):  # another server's or group's game
        raise NotOrganiser(t("error.not_organiser_here", id=loaded.row.id))
    require_active(loaded)
    reason = t("end.adjudicated", name=f"@{unit.actor.name}")
    return await finish(unit, loaded, decided, reason)


async def vacation(unit: Unit, command: Vacation) -> View:
    """Start or end a vacation: your clocks stop (within a yearly allowance)."""
    await unit.remember(unit.actor)
    player = await unit.player(unit.actor.id)
    assert player is not None
    this_year = year(unit.now)
    if player.vacation_year != this_year and player.vacation_since is None:
        player = dataclasses.replace(player, vacation_used=0.0, vacation_year=this_year)
    allowance = unit.context.vacation_allowance
    if command.on is None:
        left = format_left(max(0.0, allowance - player.vacation_used)) or "0"
        key = "vacation.on_status" if player.vacation_since else "vacation.off_status"
        return View((t(key, left=left),))
    if command.on:
        if player.vacation_since is not None:
            raise WrongPhase(t("error.vacation_already"))
        if player.vacation_used >= allowance:
            raise WrongPhase(t("error.vacation_used_up"))
        away = dataclasses.replace(player, vacation_since=unit.now, vacation_year=this_year)
        await unit.save_player(away)
        await _refresh_deadlines(unit, player.id)
        return View((t("vacation.started", left=format_left(allowance - player.vacation_used)),))
    if player.vacation_since is None:
        raise WrongPhase(t("error.vacation_not_on"))
    await _end_vacation(unit, player)
    return View((t("vacation.ended"),))


async def _end_vacation(unit: Unit, player: PlayerRow) -> None:
    """Clear the vacation and bank it into each running turn of the player."""
    assert player.vacation_since is not None
    since = player.vacation_since
    end = min(unit.now, since + max(0.0, unit.context.vacation_allowance - player.vacation_used))
    used = player.vacation_used + max(0.0, end - since)
    back = dataclasses.replace(player, vacation_since=None, vacation_used=used)
    await unit.save_player(back)
    for row in await unit.uow.games.for_player(player.id, (GameStatus.ACTIVE,)):
        loaded = await unit.load(row.id)
        clocks = loaded.state.clocks
        if row.to_move != player.id or clocks is None or clocks.turn_started is None:
            continue
        start = max(since, clocks.turn_started)
        if end > start:
            extra = counted(start, end, loaded.state.weekend)
            clocks = dataclasses.replace(clocks, paused=clocks.paused + extra)
            loaded.state = dataclasses.replace(loaded.state, clocks=clocks)
        await unit.save(loaded)


async def _refresh_deadlines(unit: Unit, player: str) -> None:
    """Recompute the stored deadline of the player's running games."""
    for row in await unit.uow.games.for_player(player, (GameStatus.ACTIVE,)):
        if row.to_move == player:
            await unit.save(await unit.load(row.id))


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
