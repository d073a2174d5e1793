"""The club-play repositories of the in-memory backend (:mod:`storage.memory`): ratings and their
changes, leagues, link codes. Like the others, each read is a statement on the tables as the unit
of work sees them, and each change a write the unit replays on the committed tables at commit, so
a conflict with a change committed first raises :class:`~service.ports.ConcurrentUpdate` there."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from service.club_ports import LeagueRow, LeagueStatus, LinkCodeRow, RatingChange, RatingRow
from service.ports import ConcurrentUpdate
from storage.club_rows import name_key
from storage.rows import json_text

if TYPE_CHECKING:
    from storage.memory import MemoryUnitOfWork, _Tables


def _copied_league(row: LeagueRow) -> LeagueRow:
    """``row`` with a ``data`` of its own, as the real backends store it (a JSON object)."""
    return dataclasses.replace(row, data=json.loads(json_text(row.data)))


class _Repository:
    def __init__(self, unit: MemoryUnitOfWork) -> None:
        self._unit = unit


class MemoryRatings(_Repository):
    """:class:`service.club_ports.RatingRepository` in memory (a deleted rating is kept as None
    until commit, so the deletion replays on the committed tables like any other write)."""

    async def get_many(self, persons: Sequence[str]) -> dict[str, RatingRow]:
        ratings = (await self._unit.statement()).ratings
        found = {person: ratings.get(person) for person in persons}
        return {person: row for person, row in found.items() if row is not None}

    async def save(self, row: RatingRow) -> RatingRow:
        saved = dataclasses.replace(row, version=row.version + 1)

        def upsert(tables: _Tables) -> None:
            stored = tables.ratings.get(row.person)
            if (stored.version if stored is not None else 0) != row.version:
                raise ConcurrentUpdate(f"rating of {row.person} changed since {row.version}")
            tables.ratings[row.person] = saved

        await self._unit.write(upsert)
        return saved

    async def delete(self, person: str) -> None:
        def delete(tables: _Tables) -> None:
            if tables.ratings.get(person) is not None:
                tables.ratings[person] = None

        await self._unit.write(delete)

    async def record(self, change: RatingChange) -> None:
        key = (change.game_id, change.player)

        def insert(tables: _Tables) -> None:
            if change.game_id not in tables.games:  # the foreign key
                raise LookupError(f"no game {change.game_id}")
            if key in tables.changes:
                raise ConcurrentUpdate(f"game {key[0]} already changed {key[1]}'s rating")
            tables.changes[key] = change

        await self._unit.write(insert)

    async def changes(self, players: Sequence[str], limit: int = 10) -> list[RatingChange]:
        changes = (await self._unit.statement()).changes.values()
        found = sorted(
            (c for c in changes if c.player in players),
            key=lambda c: (-c.at, -c.game_id, c.player),
        )
        return found[:limit]

    async def ranked(self, community: str | None = None, limit: int = 100) -> list[RatingRow]:
        tables = await self._unit.statement()
        rows = [row for row in tables.ratings.values() if row is not None]
        if community is not None:
            games = tables.games
            players = {
                change.player
                for change in tables.changes.values()
                if (game := games.get(change.game_id)) is not None and game.community == community
            }
            accounts = tables.players
            persons = {
                account.person_id if (account := accounts.get(p)) is not None else p
                for p in players
            }
            rows = [row for row in rows if row.person in persons]
        return sorted(rows, key=lambda row: (-row.rating, row.person))[:limit]


class MemoryLeagues(_Repository):
    """:class:`service.club_ports.LeagueRepository` in memory; a name is unique per community,
    compared as :func:`storage.club_rows.name_key` (the UNIQUE key of the real backends)."""

    async def add(self, league: LeagueRow) -> LeagueRow:
        row = dataclasses.replace(
            _copied_league(league), id=next(self._unit.database.league_ids), version=1
        )

        def insert(tables: _Tables) -> None:
            _check_name(tables, row)
            tables.leagues[row.id] = row

        await self._unit.write(insert)
        return _copied_league(row)

    async def get(self, league_id: int) -> LeagueRow | None:
        row = (await self._unit.statement()).leagues.get(league_id)
        return None if row is None else _copied_league(row)

    async def find(self, community: str, name: str) -> LeagueRow | None:
        key = name_key(name)
        leagues = (await self._unit.statement()).leagues.values()
        found = (row for row in leagues if row.community == community and name_key(row.name) == key)
        row = next(found, None)
        return None if row is None else _copied_league(row)

    async def named(self, name: str) -> list[LeagueRow]:
        key = name_key(name)
        leagues = (await self._unit.statement()).leagues.values()
        found = sorted((row for row in leagues if name_key(row.name) == key), key=lambda r: r.id)
        return [_copied_league(row) for row in found]

    async def for_community(self, community: str) -> list[LeagueRow]:
        leagues = (await self._unit.statement()).leagues.values()
        found = sorted((row for row in leagues if row.community == community), key=lambda r: -r.id)
        return [_copied_league(row) for row in found]

    async def unfinished(self) -> list[LeagueRow]:
        leagues = (await self._unit.statement()).leagues.values()
        found = sorted(
            (r for r in leagues if r.status is not LeagueStatus.ENDED), key=lambda r: r.id
        )
        return [_copied_league(row) for row in found]

    async def update(self, league: LeagueRow) -> LeagueRow:
        row = dataclasses.replace(_copied_league(league), version=league.version + 1)

        def replace(tables: _Tables) -> None:
            stored = tables.leagues.get(league.id)
            if stored is None or stored.version != league.version:
                raise ConcurrentUpdate(f"league {league.id} changed since version {league.version}")
            _check_name(tables, row)
            tables.leagues[row.id] = row

        await self._unit.write(replace)
        return _copied_league(row)


def _check_name(tables: _Tables, league: LeagueRow) -> None:
    """The UNIQUE (community, name_key) of the real backends."""
    key = name_key(league.name)
    for other in tables.leagues.values():
        same = other.community == league.community and name_key(other.name) == key
        if same and other.id != league.id:
            raise ConcurrentUpdate(f"{league.community} has a league {league.name!r} already")


class MemoryCodes(_Repository):
    """:class:`service.club_ports.LinkCodeRepository` in memory."""

    async def add(self, row: LinkCodeRow) -> None:
        def insert(tables: _Tables) -> None:
            if row.code in tables.codes:
                raise ConcurrentUpdate(f"link code {row.code} exists")
            tables.codes[row.code] = row

        await self._unit.write(insert)

    async def get(self, code: str) -> LinkCodeRow | None:
        return (await self._unit.statement()).codes.get(code)

    async def use(self, code: str, at: float) -> None:
        def mark(tables: _Tables) -> None:
            stored = tables.codes.get(code)
            if stored is None or stored.used_at is not None:
                raise ConcurrentUpdate(f"link code {code} is unknown or used")
            tables.codes[code] = dataclasses.replace(stored, used_at=at)

        await self._unit.write(mark)

    async def made_since(self, player: str, since: float) -> int:
        codes = (await self._unit.statement()).codes.values()
        return sum(1 for row in codes if row.player == player and row.created_at >= since)
