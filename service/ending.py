"""Views shared by several commands: the board after a move, the marking of the confirmation phase
with its count (Art. 8–10), and the end of a game announced to both players (Art. 10.4)."""

from __future__ import annotations

import dataclasses

from engine.colors import Color
from engine.coords import Point
from engine.counting import Count, count
from engine.estimate import estimate_dead
from engine.result import GameResult
from service.base import Loaded, ServiceBase, Tx
from service.i18n import t
from service.model import player_of
from service.options import parse_point
from service.ports import GameStatus
from service.views import (
    Button,
    Notice,
    View,
    caption,
    color_name,
    points_text,
    result_words,
    snapshot,
    tally,
    token,
)


class EndingHelpers(ServiceBase):
    """Board, marking and end-of-game views."""

    def dead_points(self, loaded: Loaded) -> list[Point]:
        """The stones of the current marking (whole chains, Art. 7)."""
        return [parse_point(v, loaded.row.size) for v in loaded.state.dead]

    def counted(self, loaded: Loaded) -> Count:
        """The count of the current marking (Art. 8 and 10)."""
        return count(loaded.game.board, self.dead_points(loaded), komi=loaded.row.komi)

    def propose_marking(self, loaded: Loaded) -> None:
        """Start the confirmation phase (Art. 9.2) with the estimator's proposal as version 1."""
        dead = sorted(estimate_dead(loaded.game.board))
        loaded.state = dataclasses.replace(
            self.stop_clocks(loaded.state),
            marking_version=loaded.state.marking_version + 1,
            dead=tuple(p.gtp() for p in dead),
            accepted=(),
            fill_offer=None,
            undo_offer=None,
        )

    async def board_view(
        self, tx: Tx, loaded: Loaded, before: tuple[str, ...] = (), *, notify_mover: bool = True
    ) -> View:
        """The board with its caption; pings the player to move."""
        if loaded.stopped and loaded.row.status is GameStatus.ACTIVE:
            return await self.marking_view(tx, loaded, before, notify_both=False)
        names = await self.names(tx, loaded.row)
        finished = loaded.row.status is GameStatus.FINISHED
        text = caption(
            loaded.game,
            loaded.row.id,
            names,
            await self.left_text(tx, loaded),
            stopped=finished,
        )
        lines = (*before, text)
        if finished and loaded.row.result:
            lines = (*lines, t("end.result", words=result_words(self.result_of(loaded))))
        notices: tuple[Notice, ...] = ()
        buttons: tuple[Button, ...] = ()
        if not finished:
            buttons = self.game_buttons(loaded)
            if notify_mover:
                mover = player_of(loaded.row, loaded.game.to_move)
                ping = t("notice.your_move", id=loaded.row.id, caption=text)
                notices = (Notice(mover, (*before, ping), buttons),)
        board = snapshot(loaded.game, names, text)
        return View(lines, board=board, buttons=buttons, notify=notices, game_id=loaded.row.id)

    def game_buttons(self, loaded: Loaded) -> tuple[Button, ...]:
        """Pass, Undo, Resign (and No result after a repetition, Art. 12)."""
        gid = loaded.row.id
        buttons = [
            Button(t("button.pass"), token(gid, "pass", f"m{loaded.game.move_number}")),
            Button(t("button.undo"), token(gid, "undo")),
            Button(t("button.resign"), token(gid, "resign")),
        ]
        if loaded.game.repetitions:
            buttons.append(Button(t("button.noresult"), token(gid, "noresult")))
        return tuple(buttons)

    @staticmethod
    def result_of(loaded: Loaded) -> GameResult:
        """The stored final result as a value."""
        assert loaded.row.result is not None
        return GameResult.from_sgf(loaded.row.result)

    async def marking_view(
        self, tx: Tx, loaded: Loaded, before: tuple[str, ...] = (), *, notify_both: bool = True
    ) -> View:
        """The current marking with its count; every change is announced to both players."""
        state = loaded.state
        gid = loaded.row.id
        names = await self.names(tx, loaded.row)
        counted = self.counted(loaded)
        dead = ", ".join(state.dead) if state.dead else t("marking.none")
        lines = [*before, t("marking.header", id=gid, v=state.marking_version, dead=dead)]
        lines.append(tally(counted))
        if counted.voiding_dame:
            lines.append(t("marking.voiding", points=points_text(counted.voiding_dame)))
        for letter in state.accepted:
            color = Color.from_letter(letter)
            lines.append(t("marking.accepted", color=color_name(color), name=names[color]))
        lines.append(t("marking.how", v=state.marking_version))
        text = t("caption.counting", id=gid, v=state.marking_version)
        board = snapshot(loaded.game, names, text, counted)
        buttons = (
            Button(t("button.done"), token(gid, "done", f"v{state.marking_version}")),
            Button(t("button.resume"), token(gid, "resume")),
            *((Button(t("button.filldame"), token(gid, "filldame")),) if counted.dame else ()),
            Button(t("button.resign"), token(gid, "resign")),
        )
        notices: tuple[Notice, ...] = ()
        if notify_both:
            players = (player_of(loaded.row, Color.BLACK), player_of(loaded.row, Color.WHITE))
            notices = tuple(Notice(p, tuple(lines), buttons) for p in players)
        return View(tuple(lines), board=board, buttons=buttons, notify=notices, game_id=gid)

    async def finish(
        self,
        tx: Tx,
        loaded: Loaded,
        result: GameResult,
        reason: str,
        counted: Count | None = None,
    ) -> View:
        """End the game with ``result`` (final: Art. 10.4) and announce it to both players."""
        loaded.state = self.stop_clocks(
            dataclasses.replace(loaded.state, fill_offer=None, noresult_offer=None, undo_offer=None)
        )
        loaded.row = dataclasses.replace(loaded.row, status=GameStatus.FINISHED, result=result.sgf)
        await self.save(tx, loaded)
        names = await self.names(tx, loaded.row)
        words = result_words(result)
        lines = [reason]
        if counted is not None:
            lines.append(tally(counted))
        lines.append(t("end.announce", id=loaded.row.id, words=words))
        text = t("caption.finished", id=loaded.row.id, result=result.sgf)
        board = snapshot(loaded.game, names, text, counted)
        players = (player_of(loaded.row, Color.BLACK), player_of(loaded.row, Color.WHITE))
        sgf = Button(t("button.sgf"), token(loaded.row.id, "sgf"))
        notices = tuple(Notice(p, tuple(lines), (sgf,)) for p in players)
        return View(
            tuple(lines), board=board, buttons=(sgf,), notify=notices, game_id=loaded.row.id
        )
