"""``vacation``: a player's clocks stop while they are away, within a yearly allowance; the
vacation is a pause of their running turns (:func:`service.timing.vacation_pauses`), banked into
each turn when it ends."""

from __future__ import annotations

import dataclasses

from service import people
from service.clock import counted
from service.commands import Vacation
from service.errors import WrongPhase
from service.i18n import t
from service.ports import GameStatus, PlayerRow
from service.registry import Arg, ArgKind, command
from service.timing import year
from service.unit import Unit
from service.views import View, format_left


@command(
    Vacation,
    "vacation",
    build=lambda w, _: Vacation(w.yes("on")),
    args=(Arg("switch", ArgKind.WORD, required=False, choices=("on", "off")),),
    game=False,
)
async def vacation(unit: Unit, command: Vacation) -> View:
    """Start or end a vacation: your clocks stop (within a yearly allowance)."""
    await people.remember(unit, unit.actor)
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
