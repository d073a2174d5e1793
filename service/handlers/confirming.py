"""The confirmation phase after the stop (Art. 9.2): ``dead`` toggles groups, ``done`` accepts one
marking version, ``resume`` (Art. 9.3), ``filldame`` (commentary 9.2.2), ``noresult`` after a
reported repetition (Art. 12), and the bot's proposal written as the stop's marking version."""

from __future__ import annotations

import dataclasses

from engine.colors import Color
from engine.filling import plan_fill
from engine.marking import contradictions
from engine.result import GameResult, ResultKind
from service import people
from service.capture import refuse_counting
from service.commands import SYSTEM, Dead, Done, FillDame, NoResult, Propose, Resume
from service.ending import finish
from service.errors import BadArguments, WrongPhase
from service.finding import running_game
from service.i18n import t
from service.match import Offer
from service.model import Loaded, player_of
from service.options import parse_point
from service.ports import GameStatus
from service.registry import Arg, ArgKind, Style, Who, command
from service.showing import board_reply, counted, game_buttons, marking_reply
from service.timing import start_turn
from service.unit import Unit
from service.views import Notice, View, color_name, points_text, stones_words


async def _stopped_game(unit: Unit) -> tuple[Loaded, Color]:
    loaded, color = await running_game(unit)
    refuse_counting(loaded)  # Capture Go never stops: nothing to mark, fill or resume
    if not loaded.stopped:
        raise WrongPhase(t("error.not_stopped", id=loaded.row.id))
    return loaded, color


@command(
    Dead,
    "dead",
    build=lambda w, _: Dead(w.args),
    who=Who.PLAYER,
    args=(Arg("point", ArgKind.POINT, repeat=True),),
)
async def dead(unit: Unit, command: Dead) -> View:
    """Toggle life and death of the whole groups containing the points (Art. 7)."""
    if not command.points:
        raise BadArguments(t("error.dead_needs_points"))
    loaded, color = await _stopped_game(unit)
    limit = unit.context.limits.markings_per_stop
    if loaded.state.match.markings >= limit:  # no stream of versions: the players decide
        raise WrongPhase(t("error.marking_limit", id=loaded.row.id, limit=limit))
    in_all = unit.context.limits.markings_per_game
    if loaded.state.match.version >= in_all:  # nor one restarted by resuming
        raise WrongPhase(t("error.marking_limit_game", id=loaded.row.id, limit=in_all))
    board = loaded.game.board
    chains = []
    for text in command.points:
        point = parse_point(text, board.size)
        chain = board.chain(point)
        if not chain:
            raise BadArguments(t("error.dead_empty", point=point.gtp()))
        chains.append(chain)
    match = loaded.state.match.toggled(chains)
    wrong = [chain for chain in contradictions(board, match.dead) if set(chain) & set(match.dead)]
    if wrong:  # Art. 7.1: nothing changes
        raise BadArguments(t("error.dead_inside_dead", points=points_text(wrong[0])))
    loaded.state = dataclasses.replace(loaded.state, match=match)
    await unit.save(loaded)
    names = await people.names(unit, loaded.row)
    line = t("marking.changed", name=names[color], v=match.version)
    return await marking_reply(unit, loaded, (line,))


@command(
    Done,
    "done",
    build=lambda w, _: Done(w.number()),
    who=Who.PLAYER,
    args=(Arg("version", ArgKind.VERSION, required=False),),
    style=Style.SUCCESS,
)
async def done(unit: Unit, command: Done) -> View:
    """Accept a marking version; the game ends when both players accepted the same version."""
    loaded, color = await _stopped_game(unit)
    before = loaded.state.match
    match = before.accept(color, command.version)
    if match == before:  # a second ``done`` (a double tap): nothing to write, nobody to ping
        gid = loaded.row.id
        return View((t("marking.already_accepted", id=gid, v=match.version),), game_id=gid)
    loaded.state = dataclasses.replace(loaded.state, match=match)
    if match.agreed:
        score = counted(loaded)
        reason = t("end.agreed", v=match.version)
        return await finish(unit, loaded, score.result, reason, score)
    await unit.save(loaded)
    names = await people.names(unit, loaded.row)
    line = t("marking.accepted_now", name=names[color], v=match.version)
    other = player_of(loaded.row, color.opponent)
    view = await marking_reply(unit, loaded, (line,), notify_both=False)
    ask = t("marking.your_turn_to_accept", v=match.version)
    return dataclasses.replace(view, notify=(Notice(other, (*view.lines, ask), view.buttons),))


@command(Resume, "resume", who=Who.PLAYER)
async def resume(unit: Unit, command: Resume) -> View:
    """Art. 9.3: back to play; the opponent of the requester moves first; markings go."""
    loaded, color = await _stopped_game(unit)
    limit = unit.context.limits.moves_per_game
    if loaded.game.move_number >= limit:
        raise WrongPhase(t("error.move_limit", id=loaded.row.id, limit=limit))
    loaded.game.resume(color)
    state = dataclasses.replace(loaded.state, match=loaded.state.match.resumed())
    loaded.state = start_turn(state, unit.now)
    await unit.save(loaded)
    names = await people.names(unit, loaded.row)
    first = color.opponent
    line = t("info.resumed", name=names[color], first=color_name(first), first_name=names[first])
    return await board_reply(unit, loaded, (line,))


@command(FillDame, "filldame", who=Who.PLAYER, aliases=("fill",))
async def filldame(unit: Unit, command: FillDame) -> View:
    """Propose filling the neutral points, or agree to the opponent's proposal; then the
    engine's safe fill is placed (not moves: commentary 9.2.2) and counted again."""
    loaded, color = await _stopped_game(unit)
    match = loaded.state.match
    gid = loaded.row.id
    if match.judging:
        raise WrongPhase(t("error.judging"))
    plan = plan_fill(loaded.game.board, sorted(match.dead))
    stones = plan.stones
    if not stones:
        if plan.unsettled:
            raise WrongPhase(t("fill.nothing_unsettled", points=points_text(plan.unsettled)))
        raise WrongPhase(t("fill.nothing"))
    if not match.agreed_by(Offer.FILL, color):
        loaded.state = dataclasses.replace(loaded.state, match=match.offer(Offer.FILL, color))
        await unit.save(loaded)
        names = await people.names(unit, loaded.row)
        ask = t("fill.asked", id=gid, name=names[color])
        other = player_of(loaded.row, color.opponent)
        view = await marking_reply(unit, loaded, (ask,), notify_both=False)
        return dataclasses.replace(
            view, lines=(t("fill.sent", id=gid),), notify=(Notice(other, (ask,), view.buttons),)
        )
    loaded.game.fill(tuple(stones))
    loaded.state = dataclasses.replace(loaded.state, match=match.filled())
    await unit.save(loaded)
    placed = stones_words(stones)
    return await marking_reply(unit, loaded, (t("fill.done", stones=placed),))


@command(NoResult, "noresult", who=Who.PLAYER)
async def noresult(unit: Unit, command: NoResult) -> View:
    """Art. 12: after a reported repetition, propose no result; both agreeing makes it Void."""
    loaded, color = await running_game(unit)
    if not loaded.game.repetitions:
        raise WrongPhase(t("error.no_repetition"))
    match = loaded.state.match
    if match.agreed_by(Offer.NORESULT, color):
        return await finish(unit, loaded, GameResult(ResultKind.VOID), t("end.void"))
    loaded.state = dataclasses.replace(loaded.state, match=match.offer(Offer.NORESULT, color))
    await unit.save(loaded)
    gid = loaded.row.id
    names = await people.names(unit, loaded.row)
    ask = t("noresult.asked", id=gid, name=names[color])
    other = player_of(loaded.row, color.opponent)
    return View(
        (t("noresult.sent", id=gid),),
        notify=(Notice(other, (ask,), game_buttons(loaded)),),
        game_id=gid,
    )


@command(Propose, limited=False)  # the bot's own, after the stop
async def propose(unit: Unit, command: Propose) -> View | None:
    """Write the bot's proposal (worked out after the stop, outside any transaction) as the
    stop's marking version, and announce it to both players. Dropped (None) when the game moved
    on meanwhile: a player resumed (Art. 9.3), changed the marking, or the game ended."""
    if unit.actor is not SYSTEM:  # the bot's own command: a person's is ignored
        return None
    loaded = await unit.load(command.game_id)
    match = loaded.state.match
    if (
        loaded.row.status is not GameStatus.ACTIVE
        or not loaded.stopped
        or not match.judging
        or match.version != command.version
        or loaded.game.move_number != command.at_move
    ):
        return None
    proposed(loaded, command)
    await unit.save(loaded)
    return await marking_reply(unit, loaded, (t("info.stopped"),))


def proposed(loaded: Loaded, found: Propose) -> None:
    """Write the bot's proposal into the marking. A proposal never marks dead a stone that lives
    once the stones around it are taken (Art. 7.1), whatever a judge says; where play is still
    open and which groups the judges disagree on are kept with the marking."""
    board = loaded.game.board
    dead = {p for q in found.dead if board.get(q) is not None for p in board.chain(q)}
    while wrong := contradictions(board, dead):
        for chain in wrong:
            dead -= set(chain)
    disputed = [g for g in found.disputed if g and all(board.get(p) is not None for p in g)]
    match = loaded.state.match.judged(dead, found.unsettled, disputed)
    loaded.state = dataclasses.replace(loaded.state, match=match)
