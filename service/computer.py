"""Games against the computer (PRODUCT.md, ``computer``): a GTP engine plays one colour through the
service's :class:`~service.ports.Opponent` port. Its moves go through the same commands, checks
and storage as a person's; it agrees at once to what a partner must agree to (the marking, the
fill, no result) and takes back its reply together with the player's move on ``undo``."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from engine.game import Move
from service.base import Loaded, Tx
from service.errors import BadArguments, WrongPhase
from service.i18n import t
from service.keeping import KeepingCommands
from service.model import Actor
from service.ports import GameStatus, Opponent, OpponentResigns, OpponentUnavailable
from service.views import View, color_name

ENGINE_PREFIX = "engine:"
COMPUTER_OPTIONS = ("size", "level", "color", "komi", "handicap")
MIN_LEVEL, MAX_LEVEL, DEFAULT_LEVEL = 1, 10, 5


def is_engine(player: str | None) -> bool:
    """True for the computer's player id (``engine:<level>``)."""
    return bool(player and player.startswith(ENGINE_PREFIX))


class ComputerCommands(KeepingCommands):
    """``computer`` and the computer's side of every command that needs an answer from it."""

    def __init__(self, *args: Any, opponent: Opponent | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.opponent = opponent

    def engine_actor(self, level: int) -> Actor:
        assert self.opponent is not None
        return Actor(
            f"{ENGINE_PREFIX}{level}", t("computer.name", name=self.opponent.name, level=level)
        )

    async def computer(
        self,
        actor: Actor,
        options: Mapping[str, str],
        *,
        channel: str = "",
        update_id: str | None = None,
    ) -> View:
        """Start a game against the computer: ``size=9 level=5 color=black komi=6.5``."""
        if self.opponent is None:
            raise WrongPhase(t("error.computer_unavailable"))
        unknown = sorted(set(options) - set(COMPUTER_OPTIONS))
        if unknown:
            raise BadArguments(
                t("error.option_unknown", key=unknown[0], known=", ".join(COMPUTER_OPTIONS))
            )
        terms = {k: v for k, v in options.items() if k != "level"}
        terms.setdefault("size", "9")
        terms.setdefault("color", "black")
        level_text = options.get("level", str(DEFAULT_LEVEL)).strip()
        if not re.fullmatch(r"\d{1,2}", level_text) or not (
            MIN_LEVEL <= int(level_text) <= MAX_LEVEL
        ):
            raise BadArguments(t("error.level", value=level_text, low=MIN_LEVEL, high=MAX_LEVEL))
        engine = self.engine_actor(int(level_text))
        challenged = await self.challenge(
            actor, engine, terms, channel=channel, update_id=update_id
        )
        if challenged.game_id is None:  # a redelivered command: answered already
            return challenged
        started = await self.accept(engine, challenged.game_id)
        started = dataclasses.replace(started, notify=self._people(started.notify))
        return await self._engine_turn(challenged.game_id, started)

    @staticmethod
    def _people(notices: Sequence[Any]) -> tuple[Any, ...]:
        return tuple(n for n in notices if not is_engine(n.player))

    async def _peek(self, game_id: int) -> Loaded | None:
        """The game as stored, read in a unit of work that changes nothing."""
        async with self.database.unit_of_work() as uow:
            tx = Tx(uow, self.clock())
            row = await uow.games.get(game_id)
            if row is None:
                return None
            return await self.load(tx, game_id)

    async def _engine_turn(self, game_id: int, view: View) -> View:
        """If the computer is to move in ``game_id``, let it move; the answer shows its move."""
        loaded = await self._peek(game_id)
        if (
            self.opponent is None
            or loaded is None
            or loaded.row.status is not GameStatus.ACTIVE
            or loaded.stopped
            or not is_engine(loaded.row.to_move)
        ):
            return view
        assert loaded.row.to_move is not None
        level = int(loaded.row.to_move.removeprefix(ENGINE_PREFIX))
        engine = self.engine_actor(level)
        game = loaded.game
        color = game.to_move
        try:
            point = await self.opponent.genmove(game, color, level)
        except OpponentResigns:
            return await self.resign(engine, game_id, confirm=True)
        except OpponentUnavailable as error:
            line = t("computer.no_answer", name=self.opponent.name, reason=str(error))
            return dataclasses.replace(view, lines=(*view.lines, line))
        if point is None:
            answer = await self.pass_(engine, game_id)
            said = t("computer.passed", name=engine.name)
        else:
            answer = await self.play(engine, point.gtp(), game_id)
            said = t(
                "computer.played", name=engine.name, color=color_name(color), point=point.gtp()
            )
        lines = (*view.lines, said, *answer.lines) if view.lines != answer.lines else answer.lines
        return dataclasses.replace(answer, lines=lines, notify=self._people(answer.notify))

    async def _against_engine(self, game_id: int | None) -> int | None:
        """The game's number if it is known and played against the computer."""
        if game_id is None or self.opponent is None:
            return None
        loaded = await self._peek(game_id)
        if loaded is None or not (is_engine(loaded.row.black) or is_engine(loaded.row.white)):
            return None
        return game_id

    def _engine_of(self, loaded: Loaded) -> Actor:
        player = loaded.row.black if is_engine(loaded.row.black) else loaded.row.white
        assert player is not None
        return self.engine_actor(int(player.removeprefix(ENGINE_PREFIX)))

    # -- the commands that need the computer's answer ---------------------------------------

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
        view = await super().play(
            actor, point, game_id, at_move=at_move, channel=channel, update_id=update_id
        )
        if is_engine(actor.id) or view.game_id is None or self.opponent is None:
            return view
        return await self._engine_turn(view.game_id, view)

    async def resume(
        self,
        actor: Actor,
        game_id: int | None = None,
        *,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        view = await super().resume(actor, game_id, channel=channel, update_id=update_id)
        if view.game_id is None or self.opponent is None:
            return view
        return await self._engine_turn(view.game_id, view)

    async def board(
        self, actor: Actor, game_id: int | None = None, *, channel: str | None = None
    ) -> View:
        view = await super().board(actor, game_id, channel=channel)
        if view.game_id is None or self.opponent is None:
            return view
        return await self._engine_turn(view.game_id, view)  # asks again after a failure

    async def _engine_agrees(
        self,
        view: View,
        actor: Actor,
        pending: Callable[[Loaded], bool],
        agree: Callable[[Actor, int], Awaitable[View]],
    ) -> View:
        """After a person's proposal or acceptance in a game against the computer, the computer
        agrees at once (when ``pending`` says something still waits for it)."""
        gid = await self._against_engine(view.game_id)
        if gid is None or is_engine(actor.id):
            return view
        loaded = await self._peek(gid)
        if loaded is None or not pending(loaded):
            return view
        return await agree(self._engine_of(loaded), gid)

    async def done(
        self,
        actor: Actor,
        version: int | None = None,
        game_id: int | None = None,
        *,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        view = await super().done(actor, version, game_id, channel=channel, update_id=update_id)
        return await self._engine_agrees(
            view,
            actor,
            lambda loaded: loaded.row.status is GameStatus.ACTIVE,
            lambda engine, gid: super(ComputerCommands, self).done(engine, version, gid),
        )

    async def filldame(
        self,
        actor: Actor,
        game_id: int | None = None,
        *,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        view = await super().filldame(actor, game_id, channel=channel, update_id=update_id)
        return await self._engine_agrees(
            view,
            actor,
            lambda loaded: loaded.state.fill_offer is not None,
            lambda engine, gid: super(ComputerCommands, self).filldame(engine, gid),
        )

    async def noresult(
        self,
        actor: Actor,
        game_id: int | None = None,
        *,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        view = await super().noresult(actor, game_id, channel=channel, update_id=update_id)
        return await self._engine_agrees(
            view,
            actor,
            lambda loaded: loaded.state.noresult_offer is not None,
            lambda engine, gid: super(ComputerCommands, self).noresult(engine, gid),
        )

    async def undo(
        self,
        actor: Actor,
        game_id: int | None = None,
        *,
        answer: str | None = None,
        channel: str | None = None,
        update_id: str | None = None,
    ) -> View:
        """Against the computer, an undo takes back its reply and the player's last move at
        once (the computer always agrees); otherwise the opponent is asked."""

        async def work(tx: Tx) -> View | None:
            loaded = await self.find_game(tx, actor, game_id, channel)
            row = loaded.row
            if answer is not None or not (is_engine(row.black) or is_engine(row.white)):
                return None
            self.require_active(loaded)
            color = self.color_for(loaded, actor)
            game = loaded.game
            taken: list[str] = []
            for whose in (color.opponent, color):  # the computer's reply, then the player's move
                last = game.last_move
                if game.can_undo() and isinstance(last, Move) and last.color is whose:
                    game.undo()
                    taken.append(last.point.gtp() if last.point else t("word.pass"))
            if not taken:
                raise WrongPhase(t("error.undo_none"))
            loaded.state = self.start_turn(loaded.state, tx.now)
            await self.save(tx, loaded)
            line = t("undo.done_computer", id=row.id, moves=", ".join(reversed(taken)))
            return await self.board_view(tx, loaded, (line,))

        async def guarded(tx: Tx) -> View:
            view = await work(tx)
            if view is None:
                raise _AskTheOpponent()
            return view

        try:
            view = await self.transact(actor, update_id, guarded)
        except _AskTheOpponent:
            return await super().undo(
                actor, game_id, answer=answer, channel=channel, update_id=update_id
            )
        if view.game_id is None:
            return view
        return await self._engine_turn(view.game_id, view)  # the computer moved first: again


class _AskTheOpponent(Exception):
    """Internal: the undo is between two people; the ordinary request applies."""
