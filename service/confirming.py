"""The confirmation phase after the stop (Art. 9.2): ``dead`` toggles groups, ``done`` accepts one
marking version, ``resume`` (Art. 9.3), ``filldame`` (commentary 9.2.2), and ``noresult`` after a
reported repetition (Art. 12)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.colors import Color
from engine.filling import propose_fill
from engine.result import GameResult, ResultKind
from service.base import Loaded, Tx
from service.errors import BadArguments, StaleMarking, WrongPhase
from service.i18n import t
from service.model import Actor, player_of
from service.options import parse_point
from service.playing import PlayCommands
from service.views import Notice, View, color_name


class ConfirmCommands(PlayCommands):
    """dead, done, resume, filldame, noresult."""

    async def _stopped_game(
        self, tx: Tx, actor: Actor, game_id: int | None, channel: str | None
    ) -> tuple[Loaded, Color]:
        loaded = await self.find_game(tx, actor, game_id, channel)
        self.require_active(loaded)
        color = self.color_for(loaded, actor)
        if not loaded.stopped:
            raise WrongPhase(t("error.not_stopped", id=loaded.row.id))
        return loaded, color

    async def dead(
        self,
        actor: Actor,
        points: Sequence[str],
        game_id: int | None = None,
        *,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        """Toggle life and death of the whole groups containing ``points`` (Art. 7)."""
        if not points:
            raise BadArguments(t("error.dead_needs_points"))

        async def work(tx: Tx) -> View:
            loaded, color = await self._stopped_game(tx, actor, game_id, channel)
            board = loaded.game.board
            dead = set(self.dead_points(loaded))
            for text in points:
                point = parse_point(text, board.size)
                chain = board.chain(point)
                if not chain:
                    raise BadArguments(t("error.dead_empty", point=point.gtp()))
                dead = dead - chain if chain <= dead else dead | chain
            loaded.state = dataclasses.replace(
                loaded.state,
                dead=tuple(p.gtp() for p in sorted(dead)),
                marking_version=loaded.state.marking_version + 1,
                accepted=(),  # every change clears both acceptances
                fill_offer=None,
            )
            await self.save(tx, loaded)
            names = await self.names(tx, loaded.row)
            line = t("marking.changed", name=names[color], v=loaded.state.marking_version)
            return await self.marking_view(tx, loaded, (line,))

        return await self.transact(actor, update_id, work)

    async def done(
        self,
        actor: Actor,
        version: int | None = None,
        game_id: int | None = None,
        *,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        """Accept marking ``version`` (the current one if None); the game ends when both players
        accepted the same version."""

        async def work(tx: Tx) -> View:
            loaded, color = await self._stopped_game(tx, actor, game_id, channel)
            state = loaded.state
            if version is not None and version != state.marking_version:
                raise StaleMarking(t("error.stale_marking", old=version, v=state.marking_version))
            accepted = set(state.accepted) | {color.letter}
            loaded.state = dataclasses.replace(state, accepted=tuple(sorted(accepted)))
            names = await self.names(tx, loaded.row)
            if accepted == {"B", "W"}:
                counted = self.counted(loaded)
                reason = t("end.agreed", v=state.marking_version)
                return await self.finish(tx, loaded, counted.result, reason, counted)
            await self.save(tx, loaded)
            line = t("marking.accepted_now", name=names[color], v=state.marking_version)
            other = player_of(loaded.row, color.opponent)
            view = await self.marking_view(tx, loaded, (line,), notify_both=False)
            ask = t("marking.your_turn_to_accept", v=state.marking_version)
            notice = Notice(other, (*view.lines, ask), view.buttons)
            return dataclasses.replace(view, notify=(notice,))

        return await self.transact(actor, update_id, work)

    async def resume(
        self,
        actor: Actor,
        game_id: int | None = None,
        *,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        """Art. 9.3: back to play; the opponent of the requester moves first; markings go."""

        async def work(tx: Tx) -> View:
            loaded, color = await self._stopped_game(tx, actor, game_id, channel)
            loaded.game.resume(color)
            loaded.state = self.start_turn(
                dataclasses.replace(
                    loaded.state, dead=(), accepted=(), fill_offer=None, noresult_offer=None
                ),
                tx.now,
            )
            await self.save(tx, loaded)
            names = await self.names(tx, loaded.row)
            first = color.opponent
            line = t(
                "info.resumed",
                name=names[color],
                first=color_name(first),
                first_name=names[first],
            )
            return await self.board_view(tx, loaded, (line,))

        return await self.transact(actor, update_id, work)

    async def filldame(
        self,
        actor: Actor,
        game_id: int | None = None,
        *,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        """Propose filling the neutral points, or agree to the opponent's proposal; then the
        engine's safe fill is placed (not moves: commentary 9.2.2) and counted again."""

        async def work(tx: Tx) -> View:
            loaded, color = await self._stopped_game(tx, actor, game_id, channel)
            state = loaded.state
            names = await self.names(tx, loaded.row)
            gid = loaded.row.id
            stones = propose_fill(loaded.game.board, self.dead_points(loaded))
            if not stones:
                raise WrongPhase(t("fill.nothing"))
            if state.fill_offer != color.opponent.letter:
                if state.fill_offer == color.letter:
                    raise WrongPhase(t("error.fill_pending"))
                loaded.state = dataclasses.replace(state, fill_offer=color.letter)
                await self.save(tx, loaded)
                ask = t("fill.asked", id=gid, name=names[color])
                other = player_of(loaded.row, color.opponent)
                view = await self.marking_view(tx, loaded, (ask,), notify_both=False)
                return dataclasses.replace(
                    view,
                    lines=(t("fill.sent", id=gid),),
                    notify=(Notice(other, (ask,), view.buttons),),
                )
            loaded.state = dataclasses.replace(state, fill_offer=None)
            loaded.game.fill(tuple(stones))
            loaded.state = dataclasses.replace(
                loaded.state, marking_version=state.marking_version + 1, accepted=()
            )
            await self.save(tx, loaded)
            placed = ", ".join(f"{c.letter} {p.gtp()}" for c, p in stones)
            return await self.marking_view(tx, loaded, (t("fill.done", stones=placed),))

        return await self.transact(actor, update_id, work)

    async def noresult(
        self,
        actor: Actor,
        game_id: int | None = None,
        *,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        """Art. 12: after a reported repetition, propose no result; both agreeing makes it Void."""

        async def work(tx: Tx) -> View:
            loaded = await self.find_game(tx, actor, game_id, channel)
            self.require_active(loaded)
            color = self.color_for(loaded, actor)
            if not loaded.game.repetitions:
                raise WrongPhase(t("error.no_repetition"))
            state = loaded.state
            names = await self.names(tx, loaded.row)
            if state.noresult_offer == color.opponent.letter:
                reason = t("end.void")
                return await self.finish(tx, loaded, GameResult(ResultKind.VOID), reason)
            if state.noresult_offer == color.letter:
                raise WrongPhase(t("error.noresult_pending"))
            loaded.state = dataclasses.replace(state, noresult_offer=color.letter)
            await self.save(tx, loaded)
            gid = loaded.row.id
            ask = t("noresult.asked", id=gid, name=names[color])
            other = player_of(loaded.row, color.opponent)
            buttons = self.game_buttons(loaded)
            return View(
                (t("noresult.sent", id=gid),),
                notify=(Notice(other, (ask,), buttons),),
                game_id=gid,
            )

        return await self.transact(actor, update_id, work)
