"""Playing: ``play``, ``pass`` (two in succession stop the game, Art. 9.1), ``undo`` (asked of the
opponent, never across a stop), ``resign`` (Art. 11, with a confirmation step) and loss on time."""

from __future__ import annotations

import dataclasses

from engine.colors import Color
from engine.errors import IllegalMove, IllegalReason
from engine.game import Move
from engine.result import GameResult, ResultKind
from service.base import Loaded, Tx
from service.challenges import ChallengeCommands
from service.clock import TimeControl
from service.errors import (
    BadArguments,
    IllegalMoveError,
    NotYourTurn,
    StaleBoard,
    WrongPhase,
)
from service.i18n import t
from service.model import Actor, GameState, player_of
from service.options import parse_point
from service.ports import GameStatus
from service.views import Button, Notice, View, color_name, token

_ILLEGAL_KEYS = {
    IllegalReason.OCCUPIED: "error.illegal_occupied",
    IllegalReason.SUICIDE: "error.illegal_suicide",
    IllegalReason.KO: "error.illegal_ko",
}


class PlayCommands(ChallengeCommands):
    """play, pass, undo, resign."""

    def require_active(self, loaded: Loaded) -> None:
        """Finished games reject every change (Art. 10.4); challenges are not games yet."""
        if loaded.row.status is GameStatus.FINISHED:
            raise WrongPhase(t("error.finished", id=loaded.row.id, result=loaded.row.result))
        if loaded.row.status is not GameStatus.ACTIVE:
            raise WrongPhase(t("error.not_started", id=loaded.row.id))

    async def play(
        self,
        actor: Actor,
        point: str | None,
        game_id: int | None = None,
        *,
        at_move: int | None = None,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        """A stone on ``point`` (a vertex like ``D4``), or a pass when ``point`` is None;
        ``at_move`` refuses a command sent from a board older than the game (a stale button)."""

        async def work(tx: Tx) -> View:
            loaded = await self.find_game(tx, actor, game_id, channel)
            self.require_active(loaded)
            color = self.color_for(loaded, actor)
            if loaded.stopped:
                raise WrongPhase(t("error.stopped_play", id=loaded.row.id))
            game = loaded.game
            if at_move is not None and at_move != game.move_number:
                raise StaleBoard(
                    t("error.stale_board", id=loaded.row.id, now=game.move_number, then=at_move)
                )
            if game.to_move is not color:
                mover = game.to_move
                raise NotYourTurn(t("error.not_your_turn", color=color_name(mover)))
            target = None if point is None else parse_point(point, game.size)
            if await self.time_left(tx, loaded) <= 0:
                return await self.lose_on_time(tx, loaded)
            used = await self.elapsed(tx, loaded.row, game, loaded.state)
            try:
                report = game.play(color, target)
            except IllegalMove as error:
                key = _ILLEGAL_KEYS.get(error.reason)
                if key is None:
                    raise
                assert target is not None
                raise IllegalMoveError(t(key, point=target.gtp())) from None
            loaded.state = self.after_move(loaded, color, used, tx.now)
            lines: tuple[str, ...] = ()
            if report.repetition:  # Art. 12: reported, not forbidden
                lines = (t("info.repetition", id=loaded.row.id),)
            if report.stopped:  # Art. 9.1
                self.propose_marking(loaded)
                await self.save(tx, loaded)
                return await self.marking_view(tx, loaded, (*lines, t("info.stopped")))
            await self.save(tx, loaded)
            return await self.board_view(tx, loaded, lines)

        return await self.transact(actor, update_id, work)

    async def pass_(
        self,
        actor: Actor,
        game_id: int | None = None,
        *,
        at_move: int | None = None,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        """A pass (Art. 9.1: two in succession stop the game). ``at_move`` (from a button) is the
        move number of the board it was pressed on: a pass from an older board is refused."""
        return await self.play(
            actor, None, game_id, at_move=at_move, channel=channel, update_id=update_id
        )

    def after_move(self, loaded: Loaded, color: Color, used: float, now: float) -> GameState:
        """The state after ``color`` moved having used ``used`` seconds: clocks advanced, offers
        lapsed."""
        state = dataclasses.replace(
            loaded.state, undo_offer=None, fill_offer=None, noresult_offer=None
        )
        if state.clocks is not None:
            control = TimeControl.parse(loaded.row.time_control)
            clocks = state.clocks
            if color is Color.BLACK:
                clocks = dataclasses.replace(clocks, black=control.after_move(clocks.black, used))
            else:
                clocks = dataclasses.replace(clocks, white=control.after_move(clocks.white, used))
            state = dataclasses.replace(state, clocks=clocks)
        return self.start_turn(state, now)

    async def lose_on_time(self, tx: Tx, loaded: Loaded) -> View:
        """Art. 14 as used in correspondence play: the player to move loses on time."""
        loser = loaded.game.to_move
        result = GameResult(ResultKind.TIME, loser.opponent)
        names = await self.names(tx, loaded.row)
        reason = t("end.time", color=color_name(loser), name=names[loser])
        return await self.finish(tx, loaded, result, reason)

    async def resign(
        self,
        actor: Actor,
        game_id: int | None = None,
        *,
        confirm: bool = False,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        """Art. 11: resign at any time until the result is confirmed; asks for confirmation."""

        async def work(tx: Tx) -> View:
            loaded = await self.find_game(tx, actor, game_id, channel)
            self.require_active(loaded)
            color = self.color_for(loaded, actor)
            if not confirm:
                button = Button(t("button.resign_confirm"), token(loaded.row.id, "resign", "yes"))
                return View(
                    (t("resign.confirm", id=loaded.row.id),),
                    buttons=(button,),
                    game_id=loaded.row.id,
                )
            names = await self.names(tx, loaded.row)
            result = GameResult(ResultKind.RESIGNATION, color.opponent)
            reason = t("end.resigned", color=color_name(color), name=names[color])
            return await self.finish(tx, loaded, result, reason)

        return await self.transact(actor, update_id, work)

    async def undo(
        self,
        actor: Actor,
        game_id: int | None = None,
        *,
        answer: str | None = None,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        """Ask to take back your last move (``answer`` None), or answer the opponent's request
        (``yes``/``no``). Never across a stop."""
        if answer not in (None, "yes", "no"):
            raise BadArguments(t("error.undo_answer"))

        async def work(tx: Tx) -> View:
            loaded = await self.find_game(tx, actor, game_id, channel)
            self.require_active(loaded)
            color = self.color_for(loaded, actor)
            if answer is None:
                return await self._ask_undo(tx, loaded, color)
            return await self._answer_undo(tx, loaded, color, answer == "yes")

        return await self.transact(actor, update_id, work)

    async def _ask_undo(self, tx: Tx, loaded: Loaded, color: Color) -> View:
        game = loaded.game
        last = game.last_move
        if not game.can_undo() or not isinstance(last, Move):
            raise WrongPhase(t("error.undo_none"))
        if last.color is not color:
            raise WrongPhase(t("error.undo_not_yours"))
        state = loaded.state
        if state.undo_offer == color.letter and state.undo_move == game.move_number:
            raise WrongPhase(t("error.undo_pending"))
        loaded.state = dataclasses.replace(
            state, undo_offer=color.letter, undo_move=game.move_number
        )
        await self.save(tx, loaded)
        names = await self.names(tx, loaded.row)
        gid = loaded.row.id
        move = last.point.gtp() if last.point else t("word.pass")
        ask = t("undo.asked", id=gid, name=names[color], move=move)
        buttons = (
            Button(t("button.undo_yes"), token(gid, "undo", "yes")),
            Button(t("button.undo_no"), token(gid, "undo", "no")),
        )
        opponent = player_of(loaded.row, color.opponent)
        return View(
            (t("undo.sent", id=gid),),
            notify=(Notice(opponent, (ask,), buttons),),
            game_id=gid,
        )

    async def _answer_undo(self, tx: Tx, loaded: Loaded, color: Color, accept: bool) -> View:
        state, game = loaded.state, loaded.game
        if state.undo_offer != color.opponent.letter or state.undo_move != game.move_number:
            raise WrongPhase(t("error.undo_no_request"))
        if not game.can_undo():
            raise WrongPhase(t("error.undo_none"))
        requester = player_of(loaded.row, color.opponent)
        loaded.state = dataclasses.replace(state, undo_offer=None, undo_move=0)
        if not accept:
            await self.save(tx, loaded)
            line = t("undo.refused", id=loaded.row.id)
            return View((line,), notify=(Notice(requester, (line,)),), game_id=loaded.row.id)
        undone = game.undo()
        loaded.state = self.start_turn(loaded.state, tx.now)
        await self.save(tx, loaded)
        where = undone.point.gtp() if undone.point else t("word.pass")
        return await self.board_view(tx, loaded, (t("undo.done", id=loaded.row.id, move=where),))
