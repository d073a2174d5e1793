"""The reads of leagues: ``league list``, ``league round NAME [N]`` (the pairings, results and
the time left of each open game) and ``league standings NAME`` (text and a table image); a league
is named within its community, or by its number from anywhere. Who may read one is decided in one
place, :func:`may_read`: its own community, and elsewhere its members and organisers."""

from __future__ import annotations

import re

from engine.colors import Color
from service import people
from service.authorization import organises
from service.club_commands import LeagueAction, LeagueInfo
from service.club_ports import LeagueRow, LeagueStatus
from service.errors import BadArguments, NoSuchGame, NotAPlayer
from service.i18n import joined, number, t
from service.league_play import league_data, rounds_of
from service.league_settings import LEAGUE_NUMBER, LeagueData, league_name
from service.ports import GameStatus
from service.registry import command
from service.standings import Standings, standings_of
from service.timing import left_text
from service.unit import Unit
from service.views import TableView, View


async def named(unit: Unit, name: str | None) -> LeagueRow:
    """The community's league of that name, or any community's league by its number (``7`` or
    ``#7``: how a member on another platform or chat joins and follows it), or a refusal."""
    if name is not None and (number := LEAGUE_NUMBER.fullmatch(name)):
        found = await unit.uow.leagues.get(int(number[1]))
        if found is None:
            raise NoSuchGame(t("error.league_number_unknown", id=number[1]))
        return found
    valid = league_name(name)
    row = await unit.uow.leagues.find(unit.community, valid)
    if row is None:
        raise NoSuchGame(t("error.league_unknown", name=valid))
    return row


async def member_key(unit: Unit, data: LeagueData) -> tuple[str, str | None]:
    """The sender's person, and the key under which that person (through any linked account)
    is a member (or was: a withdrawal keeps the entry), if any."""
    me = unit.actor.id
    person = (await people.persons(unit, [me]))[me]
    accounts = set(await unit.uow.players.accounts(person)) | {person, me}
    for key, member in data.members.items():
        if key in accounts or accounts & set(member.accounts):
            return person, key
    return person, None


async def may_read(unit: Unit, row: LeagueRow) -> None:
    """Whether the sender may read the league (its standings, its rounds): anyone in its own
    community; from elsewhere (by its number), its members (who joined from another platform or
    chat, through any of their linked accounts) and its organisers (its creator, the organisers of
    its community, ``ORGANISERS``). Every read of a league asks here, so that a league made
    public later is one more case here."""
    if row.community == unit.community:
        return
    if row.organiser == unit.actor.id or organises(unit, row.community):
        return
    if (await member_key(unit, league_data(row)))[1] is not None:
        return
    raise NotAPlayer(t("error.league_elsewhere", id=row.id))


@command(LeagueInfo, writes=False)  # built by `league`'s registration
async def league_info(unit: Unit, command: LeagueInfo) -> View:
    """A read: ``league list``, ``league round NAME [N]``, ``league standings NAME``."""
    if command.action is LeagueAction.LIST:
        return await _list(unit)
    row = await named(unit, command.name)
    await may_read(unit, row)
    if command.action is LeagueAction.ROUND:
        return await _round(unit, row, command.extra)
    return await _standings(unit, row)


async def _round(unit: Unit, row: LeagueRow, extra: str | None) -> View:
    if row.round == 0:
        return View((t("league.no_rounds", name=row.name),))
    number = row.round
    if extra is not None:
        if not re.fullmatch(r"[0-9]{1,4}", extra) or not 1 <= int(extra) <= row.round:
            raise BadArguments(t("error.league_round_number", value=extra, n=row.round))
        number = int(extra)
    data = league_data(row)
    games = [g for g in await unit.uow.games.in_league(row.id) if g.round == number]
    lines = [t("league.round_header", name=row.name, round=number, of=rounds_of(row, data))]
    ids: list[int | None] = [None]
    for game in games:
        names = await people.names(unit, game)
        players = {"id": game.id, "black": names[Color.BLACK], "white": names[Color.WHITE]}
        left = ""
        if game.status is not GameStatus.FINISHED:  # the clocks settle it when time runs out
            left = await left_text(unit, await unit.load(game.id))
        if left:
            lines.append(t("league.round_game_due", left=left, **players))
        else:
            state = game.result if game.status is GameStatus.FINISHED else t("league.playing")
            lines.append(t("league.round_game", state=state, **players))
        ids.append(game.id)
    for person in data.byes.get(number, ()):
        lines.append(t("league.bye", name=await people.name(unit, data.members[person].account)))
        ids.append(None)
    still = [g for g in games if g.status is not GameStatus.FINISHED]
    if still:
        lines.append(t("league.round_open", n=len(still)))
        ids.append(None)
    return View(tuple(lines), line_games=tuple(ids))


async def _standings(unit: Unit, row: LeagueRow) -> View:
    """The standings as text lines and a table image, both drawn from one
    :class:`~service.standings.Standings` (which the view carries too)."""
    data = await standings_of(unit, row)
    lines = [t("league.standings_header", name=row.name, round=row.round, of=data.rounds)]
    cells: list[tuple[str, ...]] = []
    mine: set[int] = set()
    me = (await people.persons(unit, [unit.actor.id]))[unit.actor.id]
    for index, entry in enumerate(data.rows):
        name = f"@{entry.name}"
        if entry.withdrawn:
            name = t("league.withdrawn", name=name)
        place = f"{entry.place}{'=' if entry.shared else '.'}"
        numbers = {
            "wins": number(entry.wins),
            "sos": number(entry.sos),
            "sodos": number(entry.sodos),
            "mms": number(entry.mms) if entry.mms is not None else "",
            "played": entry.played,
            "left": entry.left,
        }
        key = "league.standing_mms" if data.mcmahon else "league.standing"
        lines.append(t(key, place=place, name=name, **numbers))
        cell = [place.rstrip("."), name]
        if data.mcmahon:
            cell.append(str(numbers["mms"]))
        cell += [
            str(numbers["wins"]),
            str(numbers["sos"]),
            str(numbers["sodos"]),
            str(entry.played),
            str(entry.left),
        ]
        cells.append(tuple(cell))
        if entry.person == me:
            mine.add(index)
    if not data.rows:
        lines.append(t("league.no_members"))
    picture = TableView(
        t("league.table_title", name=row.name),
        standings_headers(data),
        tuple(cells),
        note=t("league.table_note", round=row.round, of=data.rounds),
        highlight=frozenset(mine),
    )
    return View(tuple(lines), table=picture, standings=data)


def standings_headers(data: Standings) -> tuple[str, ...]:
    """The standings table's column titles, in the reader's language."""
    headers = [t("table.place"), t("table.player")]
    if data.mcmahon:
        headers.append(t("table.mms"))
    headers += [t("table.wins"), t("table.sos"), t("table.sodos"), t("table.played")]
    return (*headers, t("table.left"))


async def _list(unit: Unit) -> View:
    rows = await unit.uow.leagues.for_community(unit.community)
    if not rows:
        return View((t("league.none"),))
    lines = [t("league.list_header")]
    for row in rows:
        data = league_data(row)
        lines.append(
            t(
                "league.list_line",
                name=row.name,
                id=row.id,
                system=t(f"league.system_{data.settings.system}"),
                status=t(f"league.status_{row.status.value}"),
                round=row.round,
                of=rounds_of(row, data)
                if row.status is not LeagueStatus.ENTRY or data.settings.rounds
                else "?",
                n=len(data.active()),
            )
        )
        if row.token is not None:  # published: a word, never the address
            lines[-1] = joined(" · ", (lines[-1], t("league.list_published")), "league.list_line")
    return View(tuple(lines))
