"""Replies several commands share: the board after a move, the marking of the confirmation phase
with its count (Art. 8–10), the end of a game announced to both players (Art. 10.4), and the
terms of a challenge. Views only: ending a game is :mod:`service.ending`'s."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from engine.colors import Color
from engine.coords import Point, format_vertex
from engine.counting import Count, count
from engine.filling import FillPlan, plan_fill
from engine.marking import capturable
from engine.result import GameResult
from service import people
from service.commands import (
    Done,
    EstimateScore,
    FillDame,
    NoResult,
    Pass,
    Resign,
    Resume,
    Sgf,
    Undo,
)
from service.i18n import joined, number, t
from service.model import GameState, Loaded, player_of
from service.ports import GameRow
from service.registry import token
from service.timing import left_text, time_words
from service.unit import Unit
from service.views import (
    Button,
    Notice,
    Spot,
    View,
    board_view,
    caption,
    color_name,
    move_words,
    points_text,
    result_words,
    tally,
)


def counted(loaded: Loaded) -> Count:
    """The count of the current marking (Art. 8 and 10)."""
    return count(loaded.game.board, sorted(loaded.state.match.dead), komi=loaded.row.komi)


def fill_plan(loaded: Loaded) -> FillPlan:
    """What the agreed filling would do on the current marking (``filldame``: the README's
    "Counting")."""
    return plan_fill(loaded.game.board, sorted(loaded.state.match.dead))


def game_buttons(loaded: Loaded) -> tuple[Button, ...]:
    """Pass, Undo, Resign (and No result after a repetition, Art. 12), and Estimate in an
    unrated game (a rated or league game allows ``estimate`` during play only where an
    organiser said so: typed, not offered on every board)."""
    gid = loaded.row.id
    buttons = [
        Button(t("button.pass"), token(Pass, gid, move=loaded.game.move_number)),
        Button(t("button.undo"), token(Undo, gid)),
        Button(t("button.resign"), token(Resign, gid)),
    ]
    if loaded.game.repetitions:
        buttons.append(Button(t("button.noresult"), token(NoResult, gid)))
    if not loaded.row.rated and loaded.row.league_id is None:
        buttons.append(Button(t("button.estimate"), token(EstimateScore, gid)))
    return tuple(buttons)


async def board_reply(
    unit: Unit, loaded: Loaded, before: tuple[str, ...] = (), *, notify_mover: bool = True
) -> View:
    """The board with its caption; pings the player to move."""
    if loaded.stopped:
        return await marking_reply(unit, loaded, before, notify_both=False)
    names = await people.names(unit, loaded.row)
    finished = loaded.finished
    text = caption(
        loaded.game, loaded.row.id, names, await left_text(unit, loaded), stopped=finished
    )
    lines = (*before, text)
    if loaded.game.result is not None:
        lines = (*lines, t("end.result", words=result_words(loaded.game.result)))
    notices: tuple[Notice, ...] = ()
    buttons: tuple[Button, ...] = ()
    if not finished:
        buttons = game_buttons(loaded)
        if notify_mover:
            mover = player_of(loaded.row, loaded.game.to_move)
            ping = t("notice.your_move", id=loaded.row.id, caption=text)
            notices = (Notice(mover, (*before, ping), buttons, turn=not before),)
    board = board_view(loaded.game, names, text)
    return View(lines, board=board, buttons=buttons, notify=notices, game_id=loaded.row.id)


async def marking_reply(
    unit: Unit, loaded: Loaded, before: tuple[str, ...] = (), *, notify_both: bool = True
) -> View:
    """The current marking with its count; every change is announced to both players. Just
    after the stop, while the bot works out its proposal, the board and "judging"."""
    match = loaded.state.match
    gid = loaded.row.id
    names = await people.names(unit, loaded.row)
    if match.judging:
        return _judging_reply(loaded, names, before)
    score = counted(loaded)
    dead = points_text(sorted(match.dead)) if match.dead else t("marking.none")
    lines = [*before, t("marking.header", id=gid, v=match.version, dead=dead)]
    lines.append(tally(score, disputed=bool(match.disputed)))
    plan = fill_plan(loaded)
    lines.extend(reasons(score, plan))
    if match.disputed:
        groups = "; ".join(points_text(sorted(g)) for g in match.disputed)
        first = min(match.disputed[0]).gtp()
        lines.append(t("marking.disputed", groups=groups, point=first))
    if match.unsettled:
        lines.append(t("marking.open_fight", points=points_text(sorted(match.unsettled))))
    warnings = capturable(loaded.game.board, match.dead)
    for warning in warnings:
        lines.append(
            t("marking.capturable", chain=points_text(warning.chain), moves=_moves(warning.moves))
        )
    for color in (Color.BLACK, Color.WHITE):
        if color in match.accepted:
            lines.append(t("marking.accepted", color=color_name(color), name=names[color]))
    lines.append(t("marking.how", v=match.version))
    lines.append(t("rules.see", topic="counting"))  # how the count works (Art. 8 and 10)
    text = t("caption.counting", id=gid, v=match.version)
    board = dataclasses.replace(
        board_view(loaded.game, names, text, score),
        version=match.version,
        unsettled=frozenset(plan.unsettled) | match.unsettled,
        capturable=frozenset(p for w in warnings for p in w.chain),
        disputed=frozenset(p for g in match.disputed for p in g),
        tally=tally(score, disputed=bool(match.disputed)),
        sequence=numbered(warnings[0].moves) if warnings else (),
    )
    buttons = (
        Button(t("button.done"), token(Done, gid, version=match.version)),
        Button(t("button.resume"), token(Resume, gid)),
        *((Button(t("button.filldame"), token(FillDame, gid)),) if plan.stones else ()),
        Button(t("button.resign"), token(Resign, gid)),
    )
    notices: tuple[Notice, ...] = ()
    if notify_both:
        players = (player_of(loaded.row, Color.BLACK), player_of(loaded.row, Color.WHITE))
        notices = tuple(Notice(p, tuple(lines), buttons) for p in players)
    return View(tuple(lines), board=board, buttons=buttons, notify=notices, game_id=gid)


def _judging_reply(loaded: Loaded, names: dict[Color, str], before: tuple[str, ...]) -> View:
    """The stop, written, while the bot works out its proposal: nothing to accept yet."""
    gid = loaded.row.id
    text = t("caption.judging", id=gid)
    lines = (*before, t("info.stopped_judging", id=gid))
    buttons = (
        Button(t("button.resume"), token(Resume, gid)),
        Button(t("button.resign"), token(Resign, gid)),
    )
    board = dataclasses.replace(board_view(loaded.game, names, text), to_move=None)
    return View(lines, board=board, buttons=buttons, game_id=gid)


def reasons(score: Count, plan: FillPlan) -> list[str]:
    """Why territory does not count where it does not (Art. 8): the necessary stones
    (``connect at``), open dame the fill can fill, seki, and real moves still to play."""
    lines: list[str] = []
    if score.connections:
        lines.append(t("marking.connect", points=points_text([p for p, _ in score.connections])))
    seki = set(plan.seki)
    open_dame = [p for p in score.voiding_dame if p not in seki]
    if open_dame:
        lines.append(t("marking.voiding", points=points_text(open_dame)))
    shared = [p for p in score.voiding_dame if p in seki]
    if shared:
        lines.append(t("marking.seki", points=points_text(shared)))
    if plan.unsettled:
        lines.append(t("marking.unsettled", points=points_text(list(plan.unsettled))))
    return lines


def _moves(moves: Iterable[tuple[Color, Point | None]]) -> str:
    """``1. White A3, 2. Black pass, 3. White D3``: a warning's sequence as the image numbers
    it, its colours in words."""
    return joined(
        ", ",
        (
            move_words(n, c, t("word.pass") if p is None else format_vertex(p))
            for n, (c, p) in enumerate(moves, start=1)
        ),
    )


def numbered(moves: Iterable[tuple[Color, Point | None]]) -> tuple[tuple[Spot, Color, int], ...]:
    """The stones of a sequence with their numbers (passes keep their number, show no stone)."""
    return tuple((p, c, n) for n, (c, p) in enumerate(moves, start=1) if p is not None)


async def ended_reply(
    unit: Unit,
    loaded: Loaded,
    result: GameResult,
    reason: str,
    score: Count | None = None,
    version: int = 0,
) -> View:
    """The end of a game with ``result`` (final: Art. 10.4), announced to both players: the
    reason, the count of the accepted marking ``version`` (when counted), the result."""
    names = await people.names(unit, loaded.row)
    lines = [reason]
    if score is not None:
        lines.append(tally(score))
    lines.append(t("end.announce", id=loaded.row.id, words=result_words(result)))
    text = t("caption.finished", id=loaded.row.id, result=result.sgf)
    board = board_view(loaded.game, names, text, score)
    if score is not None:
        board = dataclasses.replace(board, version=version, final=True)
    players = (player_of(loaded.row, Color.BLACK), player_of(loaded.row, Color.WHITE))
    sgf = Button(t("button.sgf"), token(Sgf, loaded.row.id))
    notices = tuple(Notice(p, tuple(lines), (sgf,)) for p in players)
    return View(tuple(lines), board=board, buttons=(sgf,), notify=notices, game_id=loaded.row.id)


async def terms_text(unit: Unit, row: GameRow) -> str:
    """``9×9 · komi 6.5 · @alice takes Black · time 3 days + 1 day per move · unrated`` (said
    again in each reader's language: a challenge reaches the challenged in theirs; the time
    control in words, :func:`service.timing.time_words`)."""
    who = await people.name(unit, row.challenger) if row.color != "nigiri" else ""
    state = GameState.from_data(row.data, row.size)
    weekend = state.weekend
    size, handicap, komi, color = row.size, row.handicap, row.komi, row.color
    time_control, rated = row.time_control, row.rated

    parts = [t("terms.size", size=size)]
    if state.capture:
        parts.insert(0, t("terms.capture"))
    if handicap:
        parts.append(t("terms.handicap", n=handicap))
    parts.append(t("terms.komi", komi=number(komi)))
    if color == "nigiri":
        parts.append(t("terms.nigiri"))
    else:
        parts.append(t(f"terms.color.{color}", name=who))
    if time_control == "none":
        parts.append(t("terms.no_time"))
    else:
        parts.append(t("terms.time", time=time_words(time_control)))
    if weekend:
        parts.append(t("terms.weekend"))
    parts.append(t("terms.rated") if rated else t("terms.unrated"))
    return joined(" · ", parts)
