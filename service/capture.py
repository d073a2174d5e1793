"""Capture Go in the service (docs/capture-go.md): the first capture wins, two passes in a row
draw, nothing is counted. How such a game ends after a move, the computer's answer in it (the
policy of :mod:`engine.capture_go`, not a GTP engine), and the refusal of the counting commands."""

from __future__ import annotations

import random

from engine.capture_go import choose_move
from engine.colors import Color
from engine.coords import Point
from engine.game import Game, PlayReport
from service.ending import finish
from service.errors import WrongPhase
from service.i18n import t
from service.model import Loaded
from service.people import OWN_ENGINE, names
from service.ports import EngineMove, OpponentUnavailable
from service.unit import Unit
from service.views import View, color_name


class CaptureOnly:
    """The computer when no GTP engine is installed: it plays Capture Go (the policy answers
    there) and nothing else (:class:`~service.ports.Opponent`)."""

    @property
    def name(self) -> str:
        return OWN_ENGINE

    async def genmove(self, game: Game, color: Color, level: int) -> EngineMove:
        raise OpponentUnavailable("no GTP engine is installed: Capture Go only")


CAPTURE_ONLY = CaptureOnly()


def capture_answer(game: Game, game_id: int, level: int) -> Point | None:
    """The computer's move in a Capture Go game (None: a pass), the same every time the game
    is at this move: its random choices are seeded from the game and the move number."""
    rng = random.Random(f"capture:{game_id}:{game.move_number}")
    return choose_move(game, level, rng)


def refuse_counting(loaded: Loaded) -> None:
    """Capture Go has no counting: ``dead``, ``done``, ``resume``, ``filldame``, ``try`` and
    ``estimate`` are refused with what to do instead."""
    if loaded.game.capture:
        raise WrongPhase(t("error.capture_counting", id=loaded.row.id))


async def capture_ended(unit: Unit, loaded: Loaded, report: PlayReport) -> View:
    """The move that ended a Capture Go game (the engine finished it): a capture wins for the
    capturer, the second pass in a row draws. Announced to both, like any final result."""
    result = loaded.game.result
    assert result is not None, "the engine finished the game"
    move = report.move
    if move.point is None:
        reason = t("end.capture_draw")
    else:
        found = await names(unit, loaded.row)
        color = move.color
        reason = t(
            "end.capture", color=color_name(color), name=found[color], point=move.point.gtp()
        )
    return await finish(unit, loaded, result, reason)
