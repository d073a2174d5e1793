"""Playing: ``play``, ``pass`` (two in succession stop the game, Art. 9.1), ``undo`` (asked of the
opponent, never across a stop; against the computer at once), ``resign`` (Art. 11, with a
confirmation step)."""

from __future__ import annotations

import dataclasses

from engine.colors import Color
from engine.errors import IllegalMove, IllegalReason
from engine.game import Move
from engine.result import GameResult, ResultKind
from service import people
from service.capture import capture_ended
from service.clock import TimeControl
from service.commands import Pass, Play, Resign, Undo
from service.ending import finish, lose_on_time
from service.errors import IllegalMoveError, NotYourTurn, StaleBoard, WrongPhase
from service.finding import running_game
from service.i18n import t
from service.model import GameState, Loaded, player_of
from service.options import parse_point
from service.players import is_engine
from service.registry import Arg, ArgKind, Style, Who, command, token
from service.showing import board_reply, marking_reply
from service.timing import after_move, elapsed, start_turn, stop_clocks, time_left
from service.unit import Unit
from service.views import Button, Notice, View, color_name

_ILLEGAL_KEYS = {
    IllegalReason.OCCUPIED: "error.illegal_occupied",
    IllegalReason.SUICIDE: "error.illegal_suicide",
    IllegalReason.KO: "error.illegal_ko",
}


def stopping(state: GameState) -> GameState:
    """The stop (Art. 9.1): clocks stopped, a marking version waiting for the bot's proposal
    (:mod:`service.judging` works it out after the commit)."""
    return dataclasses.replace(stop_clocks(state), match=state.match.stopping())


@command(
    Play,
    "play",
    build=lambda w, _: Play(w.args[0]),
    who=Who.TO_MOVE,
    args=(Arg("point", ArgKind.POINT),),
    aliases=("move",),
)
async def play(unit: Unit, command: Play) -> View:
    """A stone on the command's point (Art. 4–6)."""
    return await _move(unit, command.point, command.at_move)


@command(
    Pass,
    "pass",
    build=lambda w, _: Pass(w.number()),
    who=Who.TO_MOVE,
    args=(Arg("move", ArgKind.MOVE, required=False),),
    local={"cs": ("pas",), "hu": ("passz",)},
    style=Style.PRIMARY,
)
async def pass_(unit: Unit, command: Pass) -> View:
    """A pass (Art. 9.1: two in succession stop the game). ``at_move`` (from a button) is the
    move number of the board it was pressed on: a pass from an older board is refused."""
    return await _move(unit, None, command.at_move)


async def _move(unit: Unit, point: str | None, at_move: int | None) -> View:
    loaded, color = await running_game(unit)
    if loaded.stopped:
        raise WrongPhase(t("error.stopped_play", id=loaded.row.id))
    game = loaded.game
    if at_move is not None and at_move != game.move_number:
        raise StaleBoard(
            t("error.stale_board", id=loaded.row.id, now=game.move_number, then=at_move)
        )
    if game.to_move is not color:
        raise NotYourTurn(t("error.not_your_turn", color=color_name(game.to_move)))
    target = None if point is None else parse_point(point, game.size)
    if await time_left(unit, loaded) <= 0:
        return await lose_on_time(unit, loaded)
    limit = unit.context.limits.moves_per_game
    if target is not None and game.move_number >= limit:
        raise WrongPhase(t("error.move_limit", id=loaded.row.id, limit=limit))
    used = await elapsed(unit, loaded.row, game, loaded.state)
    try:
        report = game.play(color, target)
    except IllegalMove as error:
        key = _ILLEGAL_KEYS.get(error.reason)
        if key is None or target is None:
            raise
        raise IllegalMoveError(t(key, point=target.gtp())) from None
    control = TimeControl.parse(loaded.row.time_control)
    loaded.state = after_move(loaded.state, control, color, used, unit.now)
    if loaded.finished:  # Capture Go: a capture, or the second pass in a row, ended it
        return await capture_ended(unit, loaded, report)
    lines: tuple[str, ...] = ()
    if report.repetition:  # Art. 12: reported, not forbidden
        lines = (t("info.repetition", id=loaded.row.id),)
    if report.stopped:  # Art. 9.1: written at once; the proposal is worked out after the commit
        loaded.state = stopping(loaded.state)
        await unit.save(loaded)
        unit.judge_after(loaded)
        return await marking_reply(unit, loaded, lines, notify_both=False)
    await unit.save(loaded)
    return await board_reply(unit, loaded, lines)


@command(
    Resign,
    "resign",
    build=lambda w, _: Resign(confirm=w.yes("yes") is True),
    who=Who.PLAYER,
    args=(Arg("yes", ArgKind.WORD, required=False, choices=("yes",)),),
    style=Style.DANGER,
)
async def resign(unit: Unit, command: Resign) -> View:
    """Art. 11: resign at any time until the result is confirmed; asks for confirmation."""
    loaded, color = await running_game(unit)
    gid = loaded.row.id
    if not command.confirm:
        button = Button(t("button.resign_confirm"), token(Resign, gid, yes="yes"))
        return View((t("resign.confirm", id=gid),), buttons=(button,), game_id=gid)
    names = await people.names(unit, loaded.row)
    reason = t("end.resigned", color=color_name(color), name=names[color])
    return await finish(unit, loaded, GameResult(ResultKind.RESIGNATION, color.opponent), reason)


@command(
    Undo,
    "undo",
    build=lambda w, _: Undo(w.yes("yes")),
    who=Who.PLAYER,
    args=(Arg("answer", ArgKind.WORD, required=False, choices=("yes", "no")),),
)
async def undo(unit: Unit, command: Undo) -> View:
    """Ask to take back your last move (``answer`` None), or answer the opponent's request.
    Against the computer the request is granted at once. Never across a stop."""
    loaded, color = await running_game(unit)
    if command.answer is not None:
        return await _answer_undo(unit, loaded, color, command.answer)
    if is_engine(player_of(loaded.row, color.opponent)):
        return await _undo_against_computer(unit, loaded, color)
    return await _ask_undo(unit, loaded, color)


async def _ask_undo(unit: Unit, loaded: Loaded, color: Color) -> View:
    game = loaded.game
    last = game.last_move
    if not game.can_undo() or not isinstance(last, Move):
        raise WrongPhase(t("error.undo_none"))
    if last.color is not color:
        raise WrongPhase(t("error.undo_not_yours"))
    match = loaded.state.match.ask_undo(color, game.move_number)
    loaded.state = dataclasses.replace(loaded.state, match=match)
    await unit.save(loaded)
    names = await people.names(unit, loaded.row)
    gid = loaded.row.id
    move = last.point.gtp() if last.point else t("word.pass")
    ask = t("undo.asked", id=gid, name=names[color], move=move)
    buttons = (
        Button(t("button.undo_yes"), token(Undo, gid, answer="yes")),
        Button(t("button.undo_no"), token(Undo, gid, answer="no")),
    )
    opponent = player_of(loaded.row, color.opponent)
    return View((t("undo.sent", id=gid),), notify=(Notice(opponent, (ask,), buttons),), game_id=gid)


async def _answer_undo(unit: Unit, loaded: Loaded, color: Color, accept: bool) -> View:
    game = loaded.game
    match = loaded.state.match.answer_undo(color, game.move_number)
    if not game.can_undo():
        raise WrongPhase(t("error.undo_none"))
    requester = player_of(loaded.row, color.opponent)
    loaded.state = dataclasses.replace(loaded.state, match=match)
    if not accept:
        await unit.save(loaded)
        line = t("undo.refused", id=loaded.row.id)
        return View((line,), notify=(Notice(requester, (line,)),), game_id=loaded.row.id)
    undone = game.undo()
    loaded.state = start_turn(loaded.state, unit.now)
    await unit.save(loaded)
    where = undone.point.gtp() if undone.point else t("word.pass")
    return await board_reply(unit, loaded, (t("undo.done", id=loaded.row.id, move=where),))


async def _undo_against_computer(unit: Unit, loaded: Loaded, color: Color) -> View:
    """The computer's reply and the player's last move are taken back together."""
    game = loaded.game
    taken: list[str] = []
    for whose in (color.opponent, color):  # the computer's reply, then the player's move
        last = game.last_move
        if game.can_undo() and isinstance(last, Move) and last.color is whose:
            game.undo()
            taken.append(last.point.gtp() if last.point else t("word.pass"))
    if not taken:
        raise WrongPhase(t("error.undo_none"))
    loaded.state = start_turn(loaded.state, unit.now)
    await unit.save(loaded)
    line = t("undo.done_computer", id=loaded.row.id, moves=", ".join(reversed(taken)))
    return await board_reply(unit, loaded, (line,))
