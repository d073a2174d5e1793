"""Games against the computer (docs/commands.md, ``computer``): a GTP engine plays one
colour through the service's :class:`~service.ports.Opponent` port.

``computer`` (:mod:`service.handlers.computer`) starts such a game in one unit of work. Afterwards
the computer is a *policy* run
after each command about the game (:func:`answer`): when something waits for the computer — its
move, or its agreement to the marking, the fill or no result, which it always gives — it acts
through the same commands, checks and storage as a person, each in its own unit of work. Its
answer is added to the reply of the command that led to it."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from engine.colors import Color
from engine.game import Phase
from service.capture import capture_answer
from service.commands import (
    Actor,
    AnyCommand,
    Done,
    FillDame,
    NoResult,
    Pass,
    Play,
    Request,
    Resign,
)
from service.errors import StaleBoard, UserError
from service.i18n import t
from service.model import Loaded, color_of
from service.options import COLOR, HANDICAP, KOMI, MODE, SIZE
from service.players import engine_level, engine_player, is_engine
from service.ports import RESIGN, EngineMove, GameStatus, Opponent, OpponentUnavailable
from service.registry import Option, OptionKind
from service.views import View, color_name

log = logging.getLogger(__name__)
MIN_LEVEL, MAX_LEVEL, DEFAULT_LEVEL = 1, 10, 5
LEVEL = Option(
    "level",
    OptionKind.INT,
    tuple(str(n) for n in range(MIN_LEVEL, MAX_LEVEL + 1)),
    help="help.option.level",
)
COMPUTER = (SIZE, LEVEL, COLOR, KOMI, HANDICAP, MODE)
"""The options of ``computer``: the level, and a challenge's terms (``mode=capture``: Capture
Go, where :mod:`engine.capture_go` answers instead of the GTP engine)."""
COMPUTER_OPTIONS = tuple(o.name for o in COMPUTER)

Execute = Callable[[AnyCommand, Request], Awaitable[Any]]


def engine_actor(opponent: Opponent, level: int) -> Actor:
    """The computer as an actor (``engine:5``, named ``GNU Go level 5``)."""
    return Actor(engine_player(level), t("computer.name", name=opponent.name, level=level))


def people_only(view: View) -> View:
    """The view without notices for the computer (it needs none)."""
    return dataclasses.replace(
        view, notify=tuple(n for n in view.notify if not is_engine(n.player))
    )


async def answer(
    opponent: Opponent,
    execute: Execute,
    loaded: Loaded,
    request: Request,
    view: View,
    move_limit: int,
) -> View:
    """After a person's command about ``loaded`` (the game as that command left it): if the game
    is against the computer and something waits for it, let it act, and add its answer to
    ``view``."""
    row = loaded.row
    player = row.black if is_engine(row.black) else row.white if is_engine(row.white) else None
    if player is None or row.status is not GameStatus.ACTIVE:
        return view
    # the computer speaks its opponent's language: its answer is read by the person it answers
    engine = dataclasses.replace(
        engine_actor(opponent, engine_level(player)), language=view.language
    )
    asks = Request(engine, request.channel, view.game_id)
    mine = color_of(row, player)
    assert mine is not None
    agreement = _agreement(loaded, mine)
    try:
        if agreement is not None:
            return _merged(view, await execute(agreement, asks), ())
        if loaded.game.phase is Phase.PLAYING and row.to_move == player:
            return await _move(opponent, execute, loaded, asks, view, move_limit)
    except UserError as error:  # the game changed meanwhile; the person's command stands
        return _unanswered(view, opponent, error)
    return view


def _agreement(loaded: Loaded, engine: Color) -> AnyCommand | None:
    """What the computer agrees to at once: no result, the fill, the marking the person
    accepted."""
    match = loaded.state.match
    if match.noresult_offer is engine.opponent:
        return NoResult()
    if not loaded.stopped:
        return None
    if match.fill_offer is engine.opponent:
        return FillDame()
    if match.accepted == {engine.opponent}:
        return Done(match.version)
    return None


async def _move(
    opponent: Opponent, execute: Execute, loaded: Loaded, asks: Request, view: View, limit: int
) -> View:
    game = loaded.game  # the cached game: read it before the engine's wait, never after
    color = game.to_move
    asked_at = game.move_number  # the answer is for this position only
    level = engine_level(asks.actor.id)
    name = asks.actor.name
    try:  # at the move limit a game takes no more stones: the computer passes
        if asked_at >= limit:
            point: EngineMove = None
        elif game.capture:  # Capture Go: its own policy, never a resignation
            point = capture_answer(game, loaded.row.id, level)
        else:
            point = await opponent.genmove(game.copy(), color, level)
    except OpponentUnavailable as error:
        return _unanswered(view, opponent, error)
    try:
        if point is RESIGN:
            return _merged(view, await execute(Resign(confirm=True), asks), ())
        if point is None:
            passed = await execute(Pass(asked_at), asks)
            return _merged(view, passed, (t("computer.passed", name=name),))
        played = await execute(Play(point.gtp(), asked_at), asks)
    except StaleBoard:  # answered meanwhile (a slow engine asked twice): this answer is moot
        return view
    said = t("computer.played", name=name, color=color_name(color), point=point.gtp())
    return _merged(view, played, (said,))


def _unanswered(view: View, opponent: Opponent, error: Exception) -> View:
    """The person's reply with the reason the computer did not answer (the scheduler asks it
    again: :data:`service.timing.COMPUTER_RETRY`)."""
    log.warning("the computer did not answer: %s", error)  # the engine's words, for operators
    line = t("computer.no_answer", name=opponent.name, reason=t("computer.engine_down"))
    return dataclasses.replace(view, lines=(*view.lines, line))


def _merged(view: View, answer: View, said: tuple[str, ...]) -> View:
    """The person's reply followed by what the computer did."""
    lines = (*view.lines, *said, *answer.lines) if view.lines != answer.lines else answer.lines
    return people_only(dataclasses.replace(answer, lines=lines))
