"""Reads of club play: ``rating [@user]``, ``leaderboard [n]`` and ``history [@user]``. A person
is every account linked into it: one rating, one history."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from club.ranks import rank_label
from service import people
from service.club_commands import History, Leaderboard, ShowRating
from service.club_ports import RatingRow
from service.commands import Actor
from service.errors import BadArguments
from service.handlers.looking import outcome
from service.i18n import number, t
from service.model import adjudicator, color_of
from service.registry import Arg, ArgKind, Group, command
from service.unit import Unit
from service.views import View, color_name

LAST_RESULTS = 5
HISTORY_SHOWN = 20
LEADERBOARD_SHOWN, LEADERBOARD_MAX = 10, 50

USER = Arg("@user", ArgKind.MENTION, required=False)
"""A person, by mention (the sender when missing)."""


def day(seconds: float) -> str:
    """``2026-11-25`` (UTC) of a timestamp."""
    return dt.datetime.fromtimestamp(seconds, dt.UTC).date().isoformat()


@dataclass(frozen=True, slots=True)
class Asked:
    """The person a read is about: their person id, ``@name`` and accounts, and whether it is
    the sender themselves (``own``: the texts say "you"; about someone else they name them)."""

    person: str
    name: str
    accounts: list[str]
    own: bool


async def _person(unit: Unit, user: Actor | None) -> Asked:
    """The person asked about (the sender without ``user``, or when ``user`` is one of the
    sender's linked accounts)."""
    sender = unit.actor.id
    account = user.id if user is not None else sender
    found = await people.persons(unit, [account, sender])
    person = found[account]
    accounts = await unit.uow.players.accounts(person) or [person]
    name = await people.name(unit, person if person in accounts else account)
    return Asked(person, name, accounts, own=person == found[sender])


def rating_words(row: RatingRow) -> str:
    """``1d? · 1650 ± 120``."""
    return t(
        "rating.value",
        rank=rank_label(row.rating, row.deviation),
        rating=f"{row.rating:.0f}",
        deviation=f"{row.deviation:.0f}",
    )


@command(
    ShowRating,
    "rating",
    build=lambda w, user: ShowRating(user),
    writes=False,
    args=(USER,),
    game=False,
    group=Group.CLUB,
)
async def rating(unit: Unit, command: ShowRating) -> View:
    """The rating, rank and deviation, rated games, and the last results with their changes."""
    asked = await _person(unit, command.user)
    person, name, accounts = asked.person, asked.name, asked.accounts
    row = (await unit.uow.ratings.get_many([person])).get(person)
    if row is None:
        start = rating_words(RatingRow(person))
        if asked.own:
            return View((t("rating.none_own", value=start),))
        return View((t("rating.none", name=name, value=start),))
    lines = [
        t(
            "rating.summary",
            name=name,
            value=rating_words(row),
            volatility=number(row.volatility, 4),
            games=row.games,
        )
    ]
    ids: list[int | None] = [None]
    changes = await unit.uow.ratings.changes(accounts, LAST_RESULTS)
    if changes:
        lines.append(t("rating.last"))
        ids.append(None)
    for change in changes:
        game = await unit.uow.games.get(change.game_id)
        if game is None:
            continue
        mine = color_of(game, change.player)
        assert mine is not None
        opponent = game.white if game.black == change.player else game.black
        lines.append(
            t(
                "rating.result",
                id=game.id,
                date=day(change.at),
                name=await people.name(unit, opponent),
                outcome=outcome(game.result or "?", mine, own=asked.own),
                change=f"{change.after - change.before:+.0f}",
            )
        )
        ids.append(game.id)
    return View(tuple(lines), line_games=tuple(ids))


@command(
    Leaderboard,
    "leaderboard",
    build=lambda w, _: Leaderboard(w.number()),
    writes=False,
    args=(Arg("n", ArgKind.NUMBER, required=False),),
    game=False,
    group=Group.CLUB,
)
async def leaderboard(unit: Unit, command: Leaderboard) -> View:
    """The community's rated players, highest rating first."""
    size = LEADERBOARD_SHOWN if command.size is None else command.size
    if not 1 <= size <= LEADERBOARD_MAX:
        raise BadArguments(t("error.leaderboard_size", high=LEADERBOARD_MAX))
    rows = await unit.uow.ratings.ranked(unit.community, size)
    if not rows:
        return View((t("leaderboard.none"),))
    await unit.read_players(r.person for r in rows)
    lines = [t("leaderboard.header", n=len(rows))]
    for place, row in enumerate(rows, 1):
        name = await people.name(unit, row.person)
        lines.append(
            t("leaderboard.line", place=place, name=name, value=rating_words(row), games=row.games)
        )
    return View(tuple(lines))


@command(
    History,
    "history",
    build=lambda w, user: History(user),
    writes=False,
    args=(USER,),
    game=False,
    group=Group.CLUB,
)
async def history(unit: Unit, command: History) -> View:
    """Finished games, the last first: date, game number, opponent, colour, result."""
    asked = await _person(unit, command.user)
    accounts = asked.accounts
    rows = await unit.uow.games.finished_for(accounts, HISTORY_SHOWN + 1)
    if not rows:
        return View((t("history.none_own") if asked.own else t("history.none", name=asked.name),))
    await unit.read_players(p for r in rows for p in (r.black, r.white))
    header = t("history.header_own") if asked.own else t("history.header", name=asked.name)
    lines = [header]
    ids: list[int | None] = [None]
    for row in rows[:HISTORY_SHOWN]:
        player = row.black if row.black in accounts else row.white
        assert player is not None
        mine = color_of(row, player)
        assert mine is not None
        opponent = row.white if player == row.black else row.black
        key = "history.line_rated" if row.rated else "history.line"
        judge = adjudicator(row.data)
        if judge is not None:  # an organiser's decision, not played out: said so, and by whom
            key = f"{key}_adjudicated"
        lines.append(
            t(
                key,
                date=day(row.finished_at or row.updated_at),
                id=row.id,
                name=await people.name(unit, opponent),
                color=color_name(mine),
                outcome=outcome(row.result or "?", mine, own=asked.own),
                **({} if judge is None else {"organiser": await people.name(unit, judge)}),
            )
        )
        ids.append(row.id)
    if len(rows) > HISTORY_SHOWN:
        lines.append(t("history.more", n=HISTORY_SHOWN))
        ids.append(None)
    return View(tuple(lines), line_games=tuple(ids))
