"""Reads anyone may use: ``board``, ``games``, ``sgf``, the legal points of the sender's move.
Reads never write. Where a game lives and what is due are the directory's
(:mod:`service.directory`)."""

from __future__ import annotations

from engine.colors import Color
from engine.result import GameResult, ResultKind
from service import people
from service.clock import DAY
from service.commands import Games, LegalPoints, Sgf, ShowBoard
from service.errors import NoSuchGame, UserError
from service.finding import find_game
from service.game_record import game_sgf
from service.i18n import Text, joined, plural, t
from service.model import color_of
from service.ports import GameRow, GameStatus
from service.registry import command
from service.showing import board_reply, terms_text
from service.timing import time_left
from service.unit import Unit
from service.views import View, format_left

OPEN_LISTED = 10
"""Open challenges of others that ``games`` lists (at most ``listed_games``): a taste of who is
looking for a game; the list says when there are more."""


@command(ShowBoard, "board", writes=False, aliases=("show",), fresh=True)
async def board(unit: Unit, command: ShowBoard) -> View:
    """The current board (or the counting view in the confirmation phase)."""
    loaded = await find_game(unit)
    if loaded.row.status is GameStatus.CHALLENGE:
        terms = await terms_text(unit, loaded.row)
        return View((t("challenge.pending", id=loaded.row.id, terms=terms),))
    if loaded.row.status is GameStatus.DECLINED:
        raise NoSuchGame(t("error.declined", id=loaded.row.id))
    return await board_reply(unit, loaded, notify_mover=False)


@command(LegalPoints, writes=False, limited=False)  # Discord's autocomplete
async def legal_points(unit: Unit, command: LegalPoints) -> list[str]:
    """The points the actor may play now in their game (Art. 4–6: no occupied, suicide or ko
    points), in column then row order; empty when it is not their move."""
    try:
        loaded = await find_game(unit)
    except UserError:
        return []
    game = loaded.game
    if (
        loaded.row.status is not GameStatus.ACTIVE
        or loaded.stopped
        or color_of(loaded.row, unit.actor.id) is not game.to_move
    ):
        return []
    points = sorted(game.board.legal_points(game.to_move), key=lambda p: (p.col, p.row))
    return [p.gtp() for p in points]


@command(Games, "games", writes=False, aliases=("list",), game=False)
async def games(unit: Unit, command: Games) -> View:
    """The actor's games (whose move, time left), challenges, open challenges, and the games that
    finished in the last ``finished_days`` (with the result); each line names its game
    (:attr:`View.line_games`)."""
    uow, actor = unit.uow, unit.actor.id
    limits = unit.context.limits
    shown = limits.listed_games
    lines: list[str] = []
    ids: list[int | None] = []
    active = await uow.games.for_player(actor, (GameStatus.ACTIVE,), limit=shown + 1)
    challenges = await uow.games.for_player(actor, (GameStatus.CHALLENGE,), limit=shown + 1)
    since = unit.now - limits.finished_days * DAY
    finished = await uow.games.finished_since(actor, since, limit=shown + 1)
    for row in active[:shown]:
        loaded = await unit.load(row.id)
        names = await people.names(unit, row)
        mine = color_of(row, actor)
        assert mine is not None
        opponent = names[mine.opponent]
        if loaded.stopped:
            status = t("games.counting", v=loaded.state.match.version)
        elif row.to_move == actor:
            status = t("games.your_move")
        else:
            status = t("games.their_move", name=opponent)
        left = format_left(await time_left(unit, loaded))
        key = "games.line_black" if mine is Color.BLACK else "games.line_white"
        parts = [t(key, id=row.id, name=opponent, size=row.size)]
        parts += [t("games.move", n=loaded.game.move_number), status]
        if left and not loaded.stopped:
            parts.append(t("caption.left", left=left))
        lines.append(joined(" · ", parts, key))
        ids.append(row.id)
    for row in challenges[:shown]:
        terms = await terms_text(unit, row)
        if row.challenger == actor:
            who = await people.name(unit, row.challenged)
            lines.append(t("games.challenge_out", id=row.id, name=who, terms=terms))
        else:
            who = await people.name(unit, row.challenger)
            lines.append(t("games.challenge_in", id=row.id, name=who, terms=terms))
        ids.append(row.id)
    listed_open = min(OPEN_LISTED, shown)  # the actor's own are listed above, as challenges
    fetched = await uow.games.open_challenges(listed_open + 1 + unit.context.limits.open_challenges)
    others = [row for row in fetched if row.challenger != actor]
    for row in others[:listed_open]:
        terms = await terms_text(unit, row)
        who = await people.name(unit, row.challenger)
        lines.append(t("games.challenge_open", id=row.id, name=who, terms=terms))
        ids.append(row.id)
    for row in finished[:shown]:
        lines.append(await _finished_line(unit, row))
        ids.append(row.id)
    cut = len(active) > shown or len(challenges) > shown or len(finished) > shown
    if cut or len(others) > listed_open:
        first = (active or challenges or others or finished)[0]  # never cut the list silently
        lines.append(t("games.more", id=first.id))
        ids.append(None)
    if not lines:
        return View((t("games.none"),))
    return View(tuple(lines), line_games=tuple(ids))


async def _finished_line(unit: Unit, row: GameRow) -> Text:
    """``#12 Black vs @bob (9×9) · you won by resignation (B+R) · 2 days ago``."""
    names = await people.names(unit, row)
    mine = color_of(row, unit.actor.id)
    assert mine is not None  # finished_since lists the actor's own games
    key = "games.line_black" if mine is Color.BLACK else "games.line_white"
    game = t(key, id=row.id, name=names[mine.opponent], size=row.size)
    ended = ago(unit.now - (row.finished_at or row.updated_at))
    return t("games.finished", game=game, outcome=outcome(row.result or "?", mine), ago=ended)


def outcome(result_sgf: str, mine: Color, *, own: bool = True) -> str:
    """How a finished game ended for the player of ``mine``: to that player themselves (``own``)
    ``you won by resignation (B+R)``, ``you lost by 3.5 points (W+3.5)``; about someone else
    (``rating @bob``, ``history @bob``: the line's header names them) a ``win by resignation
    (B+R)``, a ``loss by 3.5 points (W+3.5)``; ``jigo``, ``no result`` either way.

    >>> outcome("B+R", Color.BLACK), outcome("W+3.5", Color.BLACK), outcome("0", Color.WHITE)
    ('you won by resignation (B+R)', 'you lost by 3.5 points (W+3.5)', 'jigo')
    >>> outcome("W+3.5", Color.BLACK, own=False)
    'loss by 3.5 points (W+3.5)'
    """
    try:
        result = GameResult.from_sgf(result_sgf)
    except ValueError:  # not written by this bot: shown as stored
        return result_sgf
    kind = result.kind
    if result.winner is None:
        none = {ResultKind.JIGO: "jigo", ResultKind.VOID: "void", ResultKind.BOTH_LOSE: "both_lose"}
        return t(f"result.{none[kind]}")
    points = plural(result.margin or 0.0, "result.points")
    if own:
        won = "won" if result.winner is mine else "lost"
        return t(f"games.{won}_{kind.name.lower()}", points=points, sgf=result.sgf)
    won = "win" if result.winner is mine else "loss"
    return t(f"outcome.{won}_{kind.name.lower()}", points=points, sgf=result.sgf)


def ago(seconds: float) -> str:
    """``2 days ago``, ``1 hour ago``, ``5 minutes ago``, ``just now`` (whole units, rounded down).

    >>> ago(2.9 * DAY), ago(3600), ago(59)
    ('2 days ago', '1 hour ago', 'just now')
    """
    for unit_seconds, key in _AGO:
        count = int(seconds // unit_seconds)
        if count >= 1:
            return plural(count, key)
    return t("games.just_now")


_AGO = (
    (DAY, "games.days_ago"),
    (3600.0, "games.hours_ago"),
    (60.0, "games.minutes_ago"),
)


@command(Sgf, "sgf", writes=False, aliases=("record",))
async def sgf(unit: Unit, command: Sgf) -> View:
    """The game record as an SGF file (``RU[Japanese]``; the league and round, the days played,
    the players' ranks, and once finished ``RE`` and the final count's marks:
    :mod:`service.game_record`)."""
    loaded = await find_game(unit, (GameStatus.ACTIVE, GameStatus.FINISHED))
    row = loaded.row
    if row.status in (GameStatus.CHALLENGE, GameStatus.DECLINED):
        raise NoSuchGame(t("error.not_started", id=row.id))
    data = await game_sgf(unit, loaded)
    return View((t("sgf.caption", id=row.id),), file=(f"game-{row.id}.sgf", data), game_id=row.id)
