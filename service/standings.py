"""A league's standings as data: one typed structure that every reader of the table uses, the
chat's text lines and table image (``league standings``), ``gobot standings --json``, the season
export and the web pages. The order, the tie-breaks and the shared places are
:func:`club.standings.standings`'s; this module adds who each row is (the person, the account the
games are played from, the display name) and the league's state."""

from __future__ import annotations

from service.club_ports import LeagueRow
from service.league_play import league_data, rounds_of, table
from service.players import local_part
from service.standings_data import Standing, Standings, rank_text
from service.unit import Unit

__all__ = ["Standing", "Standings", "rank_text", "standings_of"]


async def standings_of(unit: Unit, league: LeagueRow) -> Standings:
    """The standings of ``league`` as they are in this unit of work."""
    data = league_data(league)
    games = await unit.uow.games.in_league(league.id)
    entries = table(league, data, games)
    await unit.read_players(m.account for m in data.members.values())
    rows: list[Standing] = []
    for entry in entries:
        member = data.members[entry.id]
        known = await unit.player(member.account)
        rows.append(
            Standing(
                place=entry.place,
                shared=entry.tied,
                person=entry.id,
                account=member.account,
                name=known.name if known else local_part(member.account) or member.account,
                rank=rank_text(member.rank),
                wins=entry.wins,
                mms=entry.mms,
                sos=entry.sos,
                sodos=entry.sodos,
                played=entry.played,
                left=entry.left,
                withdrawn=member.left is not None,
            )
        )
    return Standings(
        league=league.id,
        name=league.name,
        community=league.community,
        status=league.status.value,
        system=data.settings.system,
        round=league.round,
        rounds=rounds_of(league, data),
        rows=tuple(rows),
    )
