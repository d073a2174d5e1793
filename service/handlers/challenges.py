"""Proposing games: ``challenge`` (to a user, or open), ``accept`` and ``decline``; colours by
choice or nigiri, handicap stones for Black (the weaker player), komi."""

from __future__ import annotations

import dataclasses

from engine.colors import Color
from service import people
from service.authorization import organises
from service.clock import TimeControl
from service.commands import Accept, Actor, Challenge, Decline
from service.errors import BadArguments, NoSuchGame, NotAPlayer, WrongPhase
from service.finding import numbers
from service.i18n import t
from service.model import GameState, Loaded
from service.options import CHALLENGE, GameOptions, parse_options
from service.ports import GameRow, GameStatus
from service.registry import Arg, ArgKind, Style, Who, command, token
from service.showing import board_reply, terms_text
from service.timing import new_clocks
from service.unit import Unit
from service.views import Button, Notice, View


@command(
    Challenge,
    "challenge",
    build=lambda w, opponent: Challenge(opponent, dict(w.options)),
    args=(Arg("@user", ArgKind.MENTION, required=False),),
    options=CHALLENGE,
    game=False,
    home=True,
)
async def challenge(unit: Unit, command: Challenge) -> View:
    """Propose a game to the opponent (None: an open challenge anyone may take)."""
    terms = parse_options(command.options)
    actor, opponent = unit.actor, command.opponent
    if opponent is not None and opponent.id == actor.id:
        raise BadArguments(t("error.challenge_self"))
    await _room_for_one(unit)
    return await propose(unit, actor, opponent, terms)


async def _room_for_one(unit: Unit) -> None:
    """The caps on challenges waiting for an answer, beyond each person's own: in this
    community, and in the whole bot (counted in the database, so they hold across processes).
    A game against the computer is taken in the same unit of work: it never waits."""
    limits = unit.context.limits
    games = unit.uow.games
    if await games.waiting(unit.community) >= limits.community_challenges:
        raise WrongPhase(t("error.community_challenges", limit=limits.community_challenges))
    if await games.waiting() >= limits.bot_challenges:
        raise WrongPhase(t("error.bot_challenges", limit=limits.bot_challenges))


async def propose(unit: Unit, actor: Actor, opponent: Actor | None, terms: GameOptions) -> View:
    """Store the challenge of ``actor`` and say so to both (``computer`` uses it too)."""
    limit = unit.context.limits.open_challenges
    waiting = await unit.uow.games.for_player(actor.id, (GameStatus.CHALLENGE,), limit=1000)
    mine = [row for row in waiting if row.challenger == actor.id]
    if len(mine) >= limit:
        raise WrongPhase(t("error.open_challenges", limit=limit, games=numbers(mine[:limit])))
    await people.remember(unit, actor)
    if opponent is not None:
        await people.remember(unit, opponent)
    row = await unit.uow.games.add(
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
            channel=unit.request.channel,
            community=unit.community,
            created_at=unit.now,
            updated_at=unit.now,
            to_move=opponent.id if opponent else None,
            data=GameState(weekend=terms.weekend, capture=terms.capture).to_data(),
        )
    )
    await unit.write_links(row.id)
    summary = await terms_text(unit, row)
    buttons = (
        Button(t("button.accept"), token(Accept, row.id)),
        Button(t("button.decline"), token(Decline, row.id)),
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


async def _addressed(unit: Unit, *, open_ones: bool) -> Loaded:
    """The challenge ``accept``/``decline`` is about: the one named, else the only one addressed
    to (or, for ``decline``, made by) the actor, else (``open_ones``) the only open one by
    somebody else."""
    game_id = unit.request.game
    if game_id is not None:
        loaded = await unit.load(game_id)
        if loaded.row.status is not GameStatus.CHALLENGE:
            raise WrongPhase(t("error.not_a_challenge", id=game_id))
        return loaded
    actor = unit.actor.id
    rows = await unit.uow.games.for_player(actor, (GameStatus.CHALLENGE,))
    if open_ones:
        rows = [r for r in rows if r.challenged == actor]
        if not rows:
            rows = [r for r in await unit.uow.games.open_challenges() if r.challenger != actor]
    if not rows:
        raise NoSuchGame(t("error.no_challenge"))
    if len(rows) > 1:
        raise NoSuchGame(t("error.which_challenge", games=numbers(rows)))
    return await unit.load(rows[0].id)


@command(Accept, "accept", who=Who.CHALLENGED, starts=True, style=Style.SUCCESS)
async def accept(unit: Unit, command: Accept) -> View:
    """Start the game: only the challenged user, or anyone but the challenger if open."""
    loaded = await _addressed(unit, open_ones=True)
    row, actor = loaded.row, unit.actor
    if row.challenger == actor.id:
        raise NotAPlayer(t("error.accept_own"))
    if row.challenged is not None and row.challenged != actor.id:
        raise NotAPlayer(t("error.accept_other", id=row.id))
    await people.remember(unit, actor)
    choice = row.color
    if choice == "nigiri":
        choice = unit.context.rng.choice(("black", "white"))
    black, white = (row.challenger, actor.id) if choice == "black" else (actor.id, row.challenger)
    clocks = new_clocks(TimeControl.parse(row.time_control), unit.now)
    loaded.state = dataclasses.replace(loaded.state, clocks=clocks)
    loaded.row = dataclasses.replace(
        row, status=GameStatus.ACTIVE, challenged=actor.id, black=black, white=white
    )
    await unit.save(loaded)
    await unit.write_links(row.id)
    names = await people.names(unit, loaded.row)
    line = t("challenge.accepted", id=row.id, black=names[Color.BLACK], white=names[Color.WHITE])
    # Capture Go: said at the start, the first capture wins
    lines = (line, t("capture.start")) if loaded.game.capture else (line,)
    view = await board_reply(unit, loaded, lines)
    if loaded.row.to_move != row.challenger:
        view = dataclasses.replace(view, notify=(*view.notify, Notice(row.challenger, lines)))
    return view


@command(Decline, "decline", who=Who.CHALLENGED, asks_organiser=True)
async def decline(unit: Unit, command: Decline) -> View:
    """Refuse a challenge (the challenged user) or withdraw it (the challenger); an organiser
    of the challenge's community removes anyone's there (a flood of challenges that fills the
    community's limit, a stale open challenge), and both players are told who did."""
    loaded = await _addressed(unit, open_ones=False)
    row, actor = loaded.row, unit.actor
    withdrawing = row.challenger == actor.id
    declining = row.challenged == actor.id
    if not (withdrawing or declining or organises(unit, row.community)):
        raise NotAPlayer(t("error.decline_other", id=row.id))
    loaded.row = dataclasses.replace(row, status=GameStatus.DECLINED)
    await unit.save(loaded)
    if withdrawing or declining:
        key = "challenge.withdrawn" if withdrawing else "challenge.declined"
        line = t(key, id=row.id, name=f"@{actor.name}")
        other = row.challenged if withdrawing else row.challenger
        notices = (Notice(other, (line,)),) if other else ()
        return View((line,), notify=notices, game_id=row.id)
    line = t("challenge.removed", id=row.id, name=f"@{actor.name}")
    told = (row.challenger, row.challenged)
    return View((line,), notify=tuple(Notice(p, (line,)) for p in told if p), game_id=row.id)
