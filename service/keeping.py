"""Organiser and clock work: ``adjudicate`` (Art. 10–14, organisers only), ``vacation``, and the
scheduler's settling of deadlines (reminders, loss on time) from stored timestamps."""

from __future__ import annotations

import dataclasses
import math

from service.base import Loaded, Tx
from service.clock import counted
from service.errors import BadArguments, NotOrganiser, WrongPhase
from service.i18n import t
from service.looking import LookCommands
from service.model import Actor, player_of
from service.options import parse_result
from service.ports import GameStatus, PlayerRow
from service.views import Notice, View, format_left


class KeepingCommands(LookCommands):
    """adjudicate, vacation, and clock settling."""

    async def adjudicate(
        self, actor: Actor, game_id: int | None, result: str, *, update_id: str | None = None
    ) -> View:
        """An organiser's decision (Art. 10–14): ``B+3.5``, ``W+R``, ``B+F``, ``jigo``, ..."""
        if actor.id not in self.organisers:
            raise NotOrganiser(t("error.not_organiser"))
        if game_id is None:
            raise BadArguments(t("error.adjudicate_needs_game"))
        decided = parse_result(result)

        async def work(tx: Tx) -> View:
            loaded = await self.load(tx, game_id)
            self.require_active(loaded)
            reason = t("end.adjudicated", name=f"@{actor.name}")
            return await self.finish(tx, loaded, decided, reason)

        return await self.transact(actor, update_id, work)

    async def vacation(
        self, actor: Actor, switch: str | None = None, *, update_id: str | None = None
    ) -> View:
        """Start or end a vacation: your clocks stop (within a yearly allowance)."""
        if switch not in (None, "on", "off"):
            raise BadArguments(t("error.vacation_switch"))

        async def work(tx: Tx) -> View:
            await self.remember(tx, actor)
            player = await self.player_row(tx, actor.id)
            assert player is not None
            year = self.year(tx.now)
            if player.vacation_year != year and player.vacation_since is None:
                player = dataclasses.replace(player, vacation_used=0.0, vacation_year=year)
            allowance = self.vacation_allowance
            if switch is None:
                left = format_left(max(0.0, allowance - player.vacation_used)) or "0"
                key = "vacation.on_status" if player.vacation_since else "vacation.off_status"
                return View((t(key, left=left),))
            if switch == "on":
                if player.vacation_since is not None:
                    raise WrongPhase(t("error.vacation_already"))
                if player.vacation_used >= allowance:
                    raise WrongPhase(t("error.vacation_used_up"))
                await self.save_player(
                    tx, dataclasses.replace(player, vacation_since=tx.now, vacation_year=year)
                )
                await self._refresh_deadlines(tx, actor.id)
                left = format_left(allowance - player.vacation_used)
                return View((t("vacation.started", left=left),))
            if player.vacation_since is None:
                raise WrongPhase(t("error.vacation_not_on"))
            await self._end_vacation(tx, player)
            return View((t("vacation.ended"),))

        return await self.transact(actor, update_id, work)

    async def _end_vacation(self, tx: Tx, player: PlayerRow) -> None:
        """Clear the vacation and bank it into each running turn of the player."""
        assert player.vacation_since is not None
        since = player.vacation_since
        end = min(tx.now, since + max(0.0, self.vacation_allowance - player.vacation_used))
        used = player.vacation_used + max(0.0, end - since)
        await self.save_player(
            tx, dataclasses.replace(player, vacation_since=None, vacation_used=used)
        )
        for row in await tx.uow.games.for_player(player.id, (GameStatus.ACTIVE,)):
            loaded = await self.load(tx, row.id)
            clocks = loaded.state.clocks
            if row.to_move != player.id or clocks is None or clocks.turn_started is None:
                continue
            start = max(since, clocks.turn_started)
            if end > start:
                extra = counted(start, end, loaded.state.weekend)
                clocks = dataclasses.replace(clocks, paused=clocks.paused + extra)
                loaded.state = dataclasses.replace(loaded.state, clocks=clocks)
            await self.save(tx, loaded)

    async def _refresh_deadlines(self, tx: Tx, player: str) -> None:
        """Recompute the stored deadline of the player's running games."""
        for row in await tx.uow.games.for_player(player, (GameStatus.ACTIVE,)):
            if row.to_move == player:
                await self.save(tx, await self.load(tx, row.id))

    async def next_deadline(self) -> float | None:
        """The earliest stored clock event, for the scheduler."""
        async with self.database.unit_of_work() as uow:
            return await uow.games.next_deadline()

    async def due_games(self, now: float) -> list[int]:
        """Ids of active games whose stored deadline has passed."""
        async with self.database.unit_of_work() as uow:
            return [row.id for row in await uow.games.due(now)]

    async def settle(self, game_id: int) -> View | None:
        """The scheduler's work on one game: the reminder, or the loss on time, if due."""

        async def work(tx: Tx) -> View:
            loaded = await self.load(tx, game_id)
            row = loaded.row
            if row.status is not GameStatus.ACTIVE or row.deadline is None:
                return View(())
            if row.deadline > tx.now:
                return View(())
            left = await self.time_left(tx, loaded)
            if left <= 0 or loaded.state.reminded:  # after the reminder, the deadline is the end
                return await self.lose_on_time(tx, loaded)
            return await self._remind(tx, loaded, left)

        view = await self.transact(None, None, work)
        return view if view.lines else None

    async def _remind(self, tx: Tx, loaded: Loaded, left: float) -> View:
        loaded.state = dataclasses.replace(loaded.state, reminded=True)
        await self.save(tx, loaded)
        if math.isinf(left):
            return View(())
        mover = player_of(loaded.row, loaded.game.to_move)
        line = t("notice.little_time", id=loaded.row.id, left=format_left(left))
        return View((line,), notify=(Notice(mover, (line,)),), game_id=loaded.row.id)
