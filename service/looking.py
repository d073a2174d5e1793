"""Commands anyone may use to look: ``board``, ``games`` and ``sgf`` (spectators included)."""

from __future__ import annotations

import datetime as dt

from engine.colors import Color
from records.sgf import write_sgf
from service.base import Tx
from service.confirming import ConfirmCommands
from service.errors import NoSuchGame, UserError
from service.i18n import t
from service.model import Actor, color_of
from service.ports import GameStatus
from service.views import View, format_left


class LookCommands(ConfirmCommands):
    """board, games, sgf."""

    async def board(
        self, actor: Actor, game_id: int | None = None, *, channel: str | None = None
    ) -> View:
        """The current board (or the counting view in the confirmation phase)."""

        async def work(tx: Tx) -> View:
            statuses = (GameStatus.ACTIVE,)
            loaded = await self.find_game(tx, actor, game_id, channel, statuses)
            if loaded.row.status is GameStatus.CHALLENGE:
                terms = await self.terms_text(tx, loaded.row)
                return View((t("challenge.pending", id=loaded.row.id, terms=terms),))
            if loaded.row.status is GameStatus.DECLINED:
                raise NoSuchGame(t("error.declined", id=loaded.row.id))
            return await self.board_view(tx, loaded, notify_mover=False)

        return await self.transact(actor, None, work)

    async def legal_points(
        self, actor: Actor, game_id: int | None = None, *, channel: str | None = None
    ) -> list[str]:
        """The points the actor may play now in their game (Art. 4–6: no occupied, suicide or ko
        points), in column then row order; empty when it is not their move."""
        async with self.database.unit_of_work() as uow:
            tx = Tx(uow, self.clock())
            try:
                loaded = await self.find_game(tx, actor, game_id, channel)
            except UserError:
                return []
            game = loaded.game
            if (
                loaded.row.status is not GameStatus.ACTIVE
                or loaded.stopped
                or color_of(loaded.row, actor.id) is not game.to_move
            ):
                return []
            points = sorted(game.board.legal_points(game.to_move), key=lambda p: (p.col, p.row))
            return [p.gtp() for p in points]

    async def games(self, actor: Actor) -> View:
        """The actor's games (whose move, time left), challenges, and open challenges."""

        async def work(tx: Tx) -> View:
            uow = tx.uow
            lines = []
            active = await uow.games.for_player(actor.id, (GameStatus.ACTIVE,))
            for row in active:
                loaded = await self.load(tx, row.id)
                names = await self.names(tx, row)
                mine = color_of(row, actor.id)
                assert mine is not None
                opponent = names[mine.opponent]
                if loaded.stopped:
                    status = t("games.counting", v=loaded.state.marking_version)
                elif row.to_move == actor.id:
                    status = t("games.your_move")
                else:
                    status = t("games.their_move", name=opponent)
                left = format_left(await self.time_left(tx, loaded))
                key = "games.line_black" if mine is Color.BLACK else "games.line_white"
                line = t(key, id=row.id, name=opponent, size=row.size)
                line += f" · {t('games.move', n=loaded.game.move_number)} · {status}"
                if left and not loaded.stopped:
                    line += f" · {t('caption.left', left=left)}"
                lines.append(line)
            for row in await uow.games.for_player(actor.id, (GameStatus.CHALLENGE,)):
                terms = await self.terms_text(tx, row)
                if row.challenger == actor.id:
                    who = await self.name(tx, row.challenged)
                    lines.append(t("games.challenge_out", id=row.id, name=who, terms=terms))
                else:
                    who = await self.name(tx, row.challenger)
                    lines.append(t("games.challenge_in", id=row.id, name=who, terms=terms))
            for row in await uow.games.open_challenges(limit=10):
                if row.challenger != actor.id:
                    terms = await self.terms_text(tx, row)
                    who = await self.name(tx, row.challenger)
                    lines.append(t("games.challenge_open", id=row.id, name=who, terms=terms))
            if not lines:
                lines.append(t("games.none"))
            return View(tuple(lines))

        return await self.transact(actor, None, work)

    async def sgf(
        self, actor: Actor, game_id: int | None = None, *, channel: str | None = None
    ) -> View:
        """The game record as an SGF file (``RU[Japanese]``, ``RE`` once finished)."""

        async def work(tx: Tx) -> View:
            statuses = (GameStatus.ACTIVE, GameStatus.FINISHED)
            loaded = await self.find_game(tx, actor, game_id, channel, statuses)
            row = loaded.row
            if row.status in (GameStatus.CHALLENGE, GameStatus.DECLINED):
                raise NoSuchGame(t("error.not_started", id=row.id))
            names = await self.names(tx, row)
            result = self.result_of(loaded) if row.result else None
            date = dt.datetime.fromtimestamp(row.created_at, dt.UTC).date()
            data = write_sgf(
                loaded.game,
                black_name=names[Color.BLACK].lstrip("@"),
                white_name=names[Color.WHITE].lstrip("@"),
                date=date,
                result=result,
            )
            return View(
                (t("sgf.caption", id=row.id),), file=(f"game-{row.id}.sgf", data), game_id=row.id
            )

        return await self.transact(actor, None, work)
