"""``league create|join|leave|start|pair|round|standings|list|end|publish|unpublish``: a
community's leagues, whose games are ordinary games (played, adjudicated and clocked like any
other) with a league and round. Organisers create, start, pair, end, publish and unpublish;
anyone joins and leaves.

Nothing of a league is on the web until an organiser publishes it: its pages are then at
``<web address>/l/<token>``, the token unguessable (:func:`secrets.token_urlsafe`); unpublishing
forgets the token, so the old address stops working and publishing again makes a new one."""

from __future__ import annotations

import dataclasses
import secrets

from engine.colors import Color
from service import people
from service.authorization import organises
from service.club_commands import (
    ORGANISER_ACTIONS,
    READ_ACTIONS,
    League,
    LeagueAction,
    LeagueInfo,
    league_command,
)
from service.club_ports import LeagueRow, LeagueStatus
from service.errors import BadArguments, NotOrganiser, WrongPhase
from service.handlers.league_reads import league_info, member_key, named
from service.i18n import joined, t
from service.i18n import number as written
from service.league_play import (
    league_data,
    next_pairings,
    rank_now,
    rounds_of,
    start_game,
)
from service.league_settings import (
    LEAGUE,
    LeagueData,
    Member,
    Settings,
    league_name,
    parse_settings,
)
from service.ports import GameRow, GameStatus
from service.registry import Arg, ArgKind, Group, Words, command
from service.timing import time_words
from service.unit import Unit
from service.views import Notice, View

MIN_MEMBERS = 2


def _league(words: Words) -> League | LeagueInfo:
    """``league join autumn``, ``league pair autumn force``, ``league create autumn size=9``: a
    read for ``round``, ``standings`` and ``list`` (:class:`LeagueInfo`)."""
    rest = words.args[1:]
    return league_command(
        LeagueAction(words.args[0].lower()),
        rest[0] if rest else None,
        rest[1].lower() if len(rest) > 1 else None,
        words.options,
    )


@command(
    League,
    "league",
    build=lambda w, _: _league(w),
    args=(
        Arg("action", ArgKind.WORD, choices=tuple(a.value for a in LeagueAction)),
        Arg("name", ArgKind.WORD, required=False),
        Arg("extra", ArgKind.WORD, required=False),
    ),
    options=LEAGUE,
    game=False,
    home=True,  # announcements for the club: answered in the open
    group=Group.CLUB,
    organiser=lambda w: w.first in {a.value for a in ORGANISER_ACTIONS},
)
async def league(unit: Unit, command: League) -> View:
    """Run one ``league`` action that changes something."""
    action = command.action
    if action in READ_ACTIONS:  # built by hand: reads go through league_info
        return await league_info(unit, LeagueInfo(action, command.name, command.extra))
    if action is LeagueAction.CREATE:
        return await _create(unit, league_name(command.name), command)
    if command.options:
        raise BadArguments(t("error.league_options", action=action.value))
    if command.extra is not None and action is not LeagueAction.PAIR:
        raise BadArguments(t("error.league_extra", value=command.extra))
    if command.extra is not None and command.extra != "force":
        raise BadArguments(t("error.league_force", value=command.extra))
    found = await named(unit, command.name)
    # held until this unit ends (PostgreSQL): simultaneous joins wait their turn, each reading
    # the members the one before it wrote, instead of losing races against each other
    row = await unit.uow.leagues.get(found.id, lock=True) or found
    if action is LeagueAction.JOIN:
        return await _join(unit, row)
    if action is LeagueAction.LEAVE:
        return await _leave(unit, row)
    _organiser(unit, row)
    if action is LeagueAction.START:
        return await _start(unit, row)
    if action is LeagueAction.PAIR:
        return await _pair(unit, row, force=command.extra is not None)
    if action is LeagueAction.PUBLISH:
        return await _publish(unit, row)
    if action is LeagueAction.UNPUBLISH:
        return await _unpublish(unit, row)
    return await _end(unit, row)


def _organiser(unit: Unit, row: LeagueRow | None = None) -> None:
    """Only organisers: those configured, the league's creator, and the platform's organisers
    of the league's own community (a Telegram group's administrators do not run a Discord
    server's league)."""
    if row is not None and row.organiser == unit.actor.id:
        return
    if organises(unit, row.community if row is not None else unit.community):
        return
    raise NotOrganiser(t("error.league_organiser"))


async def _save(unit: Unit, row: LeagueRow, data: LeagueData, **changes: object) -> LeagueRow:
    changed = dataclasses.replace(row, data=data.to_data(), updated_at=unit.now, **changes)  # type: ignore[arg-type]
    return await unit.uow.leagues.update(changed)


async def _create(unit: Unit, name: str, command: League) -> View:
    _organiser(unit)
    if command.extra is not None:
        raise BadArguments(t("error.league_extra", value=command.extra))
    settings = parse_settings(command.options)
    if await unit.uow.leagues.find(unit.community, name) is not None:
        raise WrongPhase(t("error.league_exists", name=name))
    await people.remember(unit, unit.actor)
    row = LeagueRow(
        0,
        unit.community,
        name,
        LeagueStatus.ENTRY,
        unit.actor.id,
        unit.request.channel,
        unit.now,
        unit.now,
        data=LeagueData(settings).to_data(),
    )
    # a league of that name created meanwhile raises ConcurrentUpdate: the retry says it exists
    added = await unit.uow.leagues.add(row)
    return View((t("league.created", name=name, id=added.id, terms=_terms(settings)),))


def _terms(settings: Settings) -> str:
    """``Swiss, 5 rounds, 19×19, komi 6.5, …`` (said again in each reader's language)."""
    parts = [t(f"league.system_{settings.system}")]
    if settings.rounds is not None:
        parts.append(t("league.rounds", n=settings.rounds))
    parts.append(t("terms.size", size=settings.size))
    parts.append(t("terms.komi", komi=written(settings.komi)))
    if settings.handicap_auto:
        parts.append(t("league.handicap_auto"))
    parts.append(
        t("terms.time", time=time_words(settings.time))
        if settings.time != "none"
        else t("terms.no_time")
    )
    parts.append(t("terms.rated") if settings.rated else t("terms.unrated"))
    parts.append(t("league.bye_win") if settings.bye_wins else t("league.bye_none"))
    return joined(", ", parts)


async def _join(unit: Unit, row: LeagueRow) -> View:
    data = league_data(row)
    if row.status is LeagueStatus.ENDED:
        raise WrongPhase(t("error.league_ended", name=row.name))
    if row.status is LeagueStatus.RUNNING and data.settings.system == "roundrobin":
        raise WrongPhase(t("error.league_started", name=row.name))
    await people.remember(unit, unit.actor)
    person, key = await member_key(unit, data)
    members = dict(data.members)
    if key is not None and members[key].left is None:
        raise WrongPhase(t("error.league_joined", name=row.name))
    rank = await rank_now(unit, person)
    before = members.get(key) if key is not None else None
    earlier = tuple(a for a in before.accounts if a != unit.actor.id) if before else ()
    members[key or person] = Member(unit.actor.id, row.round, None, rank, earlier)
    await _save(unit, row, dataclasses.replace(data, members=members))
    key_text = "league.joined_late" if row.status is LeagueStatus.RUNNING else "league.joined"
    return View(
        (
            t(
                key_text,
                name=row.name,
                n=len([m for m in members.values() if m.left is None]),
                round=row.round + 1,
            ),
        )
    )


async def _leave(unit: Unit, row: LeagueRow) -> View:
    data = league_data(row)
    if row.status is LeagueStatus.ENDED:
        raise WrongPhase(t("error.league_ended", name=row.name))
    _, key = await member_key(unit, data)
    if key is None or data.members[key].left is not None:
        raise WrongPhase(t("error.league_not_member", name=row.name))
    members = dict(data.members)
    if row.status is LeagueStatus.ENTRY:
        del members[key]
    else:
        members[key] = dataclasses.replace(members[key], left=row.round)
    await _save(unit, row, dataclasses.replace(data, members=members))
    return View((t("league.left", name=row.name),))


async def _start(unit: Unit, row: LeagueRow) -> View:
    if row.status is not LeagueStatus.ENTRY:
        raise WrongPhase(t("error.league_started", name=row.name))
    data = league_data(row)
    if len(data.members) < MIN_MEMBERS:
        raise WrongPhase(t("error.league_too_few", name=row.name, n=MIN_MEMBERS))
    order = tuple(data.members)  # joining order: the Berger table's numbers
    persons = await people.persons(unit, (m.account for m in data.members.values()))
    ranked = {
        p: dataclasses.replace(m, rank=await rank_now(unit, persons[m.account]))
        for p, m in data.members.items()
    }
    data = dataclasses.replace(data, order=order, members=ranked)
    row = await _save(unit, row, data, status=LeagueStatus.RUNNING)
    return await _pair_next(unit, row, data, (t("league.started", name=row.name, n=len(order)),))


async def _open_games(unit: Unit, row: LeagueRow) -> tuple[list[GameRow], list[GameRow]]:
    games = await unit.uow.games.in_league(row.id)
    current = [g for g in games if g.round == row.round and g.status is not GameStatus.FINISHED]
    return games, current


async def _pair(unit: Unit, row: LeagueRow, *, force: bool) -> View:
    if row.status is not LeagueStatus.RUNNING:
        raise WrongPhase(t("error.league_not_running", name=row.name))
    data = league_data(row)
    if row.round >= rounds_of(row, data):
        raise WrongPhase(t("error.league_all_paired", name=row.name, n=row.round))
    _, open_games = await _open_games(unit, row)
    if open_games and not force:
        numbers = ", ".join(f"#{g.id}" for g in open_games)
        raise WrongPhase(
            t("error.league_round_open", round=row.round, games=numbers, name=row.name)
        )
    return await _pair_next(unit, row, data, ())


async def _pair_next(unit: Unit, row: LeagueRow, data: LeagueData, before: tuple[str, ...]) -> View:
    games = await unit.uow.games.in_league(row.id)
    pairings = await next_pairings(unit, row, data, games)
    number = row.round + 1
    await unit.read_players(m.account for m in data.members.values())
    lines = [
        *before,
        t("league.round_header", name=row.name, round=number, of=rounds_of(row, data)),
    ]
    notices: list[Notice] = []
    games_of_lines: list[int | None] = [None] * len(lines)  # the view's line_games
    byes: list[str] = []
    for pairing in pairings:
        if pairing.white is None:
            byes.append(pairing.black)
            continue
        loaded = await start_game(unit, row, data, number, pairing)
        game = loaded.row
        names = await people.names(unit, game)
        line = t(
            "league.pairing",
            id=game.id,
            black=names[Color.BLACK],
            white=names[Color.WHITE],
            handicap=game.handicap,
            komi=written(game.komi),
        )
        lines.append(line)
        games_of_lines.append(game.id)
        for color in (Color.BLACK, Color.WHITE):
            player = game.black if color is Color.BLACK else game.white
            assert player is not None
            key = "league.your_game_move" if color is Color.BLACK else "league.your_game_wait"
            notices.append(
                Notice(
                    player,
                    (
                        t(
                            key,
                            name=row.name,
                            round=number,
                            id=game.id,
                            opponent=names[color.opponent],
                        ),
                    ),
                    game_id=game.id,
                )
            )
    for person in byes:
        lines.append(t("league.bye", name=await people.name(unit, data.members[person].account)))
        games_of_lines.append(None)
    data = dataclasses.replace(data, byes={**data.byes, number: tuple(byes)})
    await _save(unit, row, data, round=number)
    # the new games and where they live: an adapter opens their places there (a Discord thread)
    return View(
        tuple(lines), notify=tuple(notices), line_games=tuple(games_of_lines), home=row.channel
    )


async def _end(unit: Unit, row: LeagueRow) -> View:
    if row.status is LeagueStatus.ENDED:
        raise WrongPhase(t("error.league_ended", name=row.name))
    data = league_data(row)
    games = await unit.uow.games.in_league(row.id)
    open_games = [g for g in games if g.status is not GameStatus.FINISHED]
    await _save(unit, row, data, status=LeagueStatus.ENDED)
    lines = [t("league.ended", name=row.name)]
    if open_games:
        lines.append(t("league.ended_open", games=", ".join(f"#{g.id}" for g in open_games)))
    return View(tuple(lines))


TOKEN_BYTES = 16  # a published league's token: 128 random bits, 22 URL-safe characters


def league_link(unit: Unit, token: str) -> str:
    """The address of a published league's pages: under ``GOBOT_WEB_URL``, or where
    ``gobot web`` serves them on this machine while that is not configured."""
    base = unit.context.web_url or unit.context.web_local
    return f"{base.rstrip('/')}/l/{token}"


async def _publish(unit: Unit, row: LeagueRow) -> View:
    """Put the league's pages on the web (or say where they are, if they are already)."""
    key = "league.published_already"
    if row.token is None:
        # a token in use (never seen: 128 random bits) raises ConcurrentUpdate: the retry
        # makes another
        token = secrets.token_urlsafe(TOKEN_BYTES)
        row = await unit.uow.leagues.update(
            dataclasses.replace(row, token=token, updated_at=unit.now)
        )
        key = "league.published"
    assert row.token is not None
    lines = [t(key, name=row.name, link=league_link(unit, row.token))]
    if unit.context.web_url is None:
        lines.append(t("league.web_local"))
    return View(tuple(lines))


async def _unpublish(unit: Unit, row: LeagueRow) -> View:
    """Take the league's pages off the web: its address stops working."""
    if row.token is None:
        raise WrongPhase(t("error.league_not_published", name=row.name))
    await unit.uow.leagues.update(dataclasses.replace(row, token=None, updated_at=unit.now))
    return View((t("league.unpublished", name=row.name),))
