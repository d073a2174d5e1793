"""Proposing games: ``challenge`` (to a user, or open), ``accept`` and ``decline``; colours by
choice or nigiri, handicap stones for Black (the weaker player), komi."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from engine.colors import Color
from service.base import Loaded, Tx
from service.clock import TimeControl
from service.ending import EndingHelpers
from service.errors import BadArguments, NoSuchGame, NotAPlayer, WrongPhase
from service.i18n import t
from service.model import Actor, GameState
from service.options import parse_options
from service.ports import GameRow, GameStatus
from service.views import Button, Notice, View, token


class ChallengeCommands(EndingHelpers):
    """challenge, accept, decline."""

    async def challenge(
        self,
        actor: Actor,
        opponent: Actor | None,
        options: Mapping[str, str],
        *,
        channel: str = "",
        update_id: str | None = None,
    ) -> View:
        """Propose a game to ``opponent`` (None: an open challenge anyone may take)."""
        terms = parse_options(options)
        if opponent is not None and opponent.id == actor.id:
            raise BadArguments(t("error.challenge_self"))

        async def work(tx: Tx) -> View:
            await self.remember(tx, actor)
            if opponent is not None:
                await self.remember(tx, opponent)
            state = GameState(weekend=terms.weekend)
            row = await tx.uow.games.add(
                GameRow(
                    id=0,
                    version=0,
                    status=GameStatus.CHALLENGE,
                    challenger=actor.id,
                    challenged=opponent.id if opponent else None,
                    black=None,
                    white=None,
                    size=terms.size,
                    komi=terms.komi,
                    handicap=terms.handicap,
                    color=terms.color,
                    time_control=terms.time.text(),
                    rated=terms.rated,
                    channel=channel,
                    created_at=tx.now,
                    updated_at=tx.now,
                    to_move=opponent.id if opponent else None,
                    data=state.to_data(),
                )
            )
            summary = await self.terms_text(tx, row)
            buttons = (
                Button(t("button.accept"), token(row.id, "accept")),
                Button(t("button.decline"), token(row.id, "decline")),
            )
            if opponent is None:
                lines = (t("challenge.open", id=row.id, name=f"@{actor.name}", terms=summary),)
                return View(lines, buttons=buttons, game_id=row.id)
            lines = (t("challenge.sent", id=row.id, name=f"@{opponent.name}", terms=summary),)
            notice = Notice(
                opponent.id,
                (t("challenge.received", id=row.id, name=f"@{actor.name}", terms=summary),),
                buttons,
            )
            return View(lines, notify=(notice,), game_id=row.id)

        return await self.transact(actor, update_id, work)

    async def terms_text(self, tx: Tx, row: GameRow) -> str:
        """``9×9 · komi 6.5 · @alice takes Black · time 3d+1d · unrated``."""
        parts = [t("terms.size", size=row.size)]
        if row.handicap:
            parts.append(t("terms.handicap", n=row.handicap))
        parts.append(t("terms.komi", komi=f"{row.komi:g}"))
        who = await self.name(tx, row.challenger)
        if row.color == "nigiri":
            parts.append(t("terms.nigiri"))
        else:
            color = t(f"color.{row.color}")
            parts.append(t("terms.color", name=who, color=color))
        if row.time_control == "none":
            parts.append(t("terms.no_time"))
        else:
            parts.append(t("terms.time", time=row.time_control))
        if GameState.from_data(row.data).weekend:
            parts.append(t("terms.weekend"))
        parts.append(t("terms.rated") if row.rated else t("terms.unrated"))
        return " · ".join(parts)

    async def _challenge_for(self, tx: Tx, actor: Actor, game_id: int | None) -> Loaded:
        """The challenge ``accept``/``decline`` is about: the one named, else the only one
        addressed to the actor, else the only open one by somebody else."""
        if game_id is not None:
            loaded = await self.load(tx, game_id)
            if loaded.row.status is not GameStatus.CHALLENGE:
                raise WrongPhase(t("error.not_a_challenge", id=game_id))
            return loaded
        rows = await tx.uow.games.for_player(actor.id, (GameStatus.CHALLENGE,))
        mine = [r for r in rows if r.challenged == actor.id]
        if not mine:
            mine = [r for r in await tx.uow.games.open_challenges() if r.challenger != actor.id]
        if not mine:
            raise NoSuchGame(t("error.no_challenge"))
        if len(mine) > 1:
            numbers = ", ".join(f"#{r.id}" for r in mine[:10])
            raise NoSuchGame(t("error.which_challenge", games=numbers))
        return await self.load(tx, mine[0].id)

    async def accept(
        self, actor: Actor, game_id: int | None = None, *, update_id: str | None = None
    ) -> View:
        """Start the game: only the challenged user, or anyone but the challenger if open."""

        async def work(tx: Tx) -> View:
            loaded = await self._challenge_for(tx, actor, game_id)
            row = loaded.row
            if row.challenger == actor.id:
                raise NotAPlayer(t("error.accept_own"))
            if row.challenged is not None and row.challenged != actor.id:
                raise NotAPlayer(t("error.accept_other", id=row.id))
            await self.remember(tx, actor)
            choice = row.color
            if choice == "nigiri":
                choice = self.rng.choice(("black", "white"))
            black, white = (
                (row.challenger, actor.id) if choice == "black" else (actor.id, row.challenger)
            )
            clocks = self.new_clocks(TimeControl.parse(row.time_control), tx.now)
            loaded.state = dataclasses.replace(loaded.state, clocks=clocks)
            loaded.row = dataclasses.replace(
                row, status=GameStatus.ACTIVE, challenged=actor.id, black=black, white=white
            )
            await self.save(tx, loaded)
            names = await self.names(tx, loaded.row)
            line = t(
                "challenge.accepted",
                id=row.id,
                black=names[Color.BLACK],
                white=names[Color.WHITE],
            )
            view = await self.board_view(tx, loaded, (line,))
            if loaded.row.to_move != row.challenger:
                told = Notice(row.challenger, (line,))
                view = dataclasses.replace(view, notify=(*view.notify, told))
            return view

        return await self.transact(actor, update_id, work)

    async def decline(
        self, actor: Actor, game_id: int | None = None, *, update_id: str | None = None
    ) -> View:
        """Refuse a challenge (the challenged user) or withdraw it (the challenger)."""

        async def work(tx: Tx) -> View:
            loaded = await self._challenge_for_decline(tx, actor, game_id)
            row = loaded.row
            withdrawing = row.challenger == actor.id
            if not withdrawing and row.challenged != actor.id:
                raise NotAPlayer(t("error.decline_other", id=row.id))
            loaded.row = dataclasses.replace(row, status=GameStatus.DECLINED)
            await self.save(tx, loaded)
            key = "challenge.withdrawn" if withdrawing else "challenge.declined"
            line = t(key, id=row.id, name=f"@{actor.name}")
            other = row.challenged if withdrawing else row.challenger
            notices = (Notice(other, (line,)),) if other else ()
            return View((line,), notify=notices, game_id=row.id)

        return await self.transact(actor, update_id, work)

    async def _challenge_for_decline(self, tx: Tx, actor: Actor, game_id: int | None) -> Loaded:
        if game_id is not None:
            return await self._challenge_for(tx, actor, game_id)
        rows = await tx.uow.games.for_player(actor.id, (GameStatus.CHALLENGE,))
        if not rows:
            raise NoSuchGame(t("error.no_challenge"))
        if len(rows) > 1:
            numbers = ", ".join(f"#{r.id}" for r in rows[:10])
            raise NoSuchGame(t("error.which_challenge", games=numbers))
        return await self.load(tx, rows[0].id)
