"""The club-play repositories of the PostgreSQL backend (:mod:`storage.postgres`): ratings and their
changes, leagues, link codes.

A failed statement aborts PostgreSQL's whole transaction, so a taken unique key is answered by
``ON CONFLICT DO NOTHING`` (no row inserted: :class:`~service.ports.ConcurrentUpdate`, and the unit
of work stays usable), a version that moved on by an ``UPDATE … WHERE version = $n`` that changes
no row (it waits for a concurrent writer of the row, then finds the version changed). Only a
league renamed to a name its community has can fail in a statement: that one runs in a savepoint.
Text is ordered ``COLLATE "C"`` (by code point, as SQLite and Python order it), whatever the
database's collation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import asyncpg

from service.club_ports import LeagueRow, LeagueStatus, LinkCodeRow, RatingChange, RatingRow
from service.ports import ConcurrentUpdate, Contended
from storage.club_rows import (
    CHANGE_COLUMNS,
    CODE_COLUMNS,
    LEAGUE_COLUMNS,
    LEAGUE_WRITTEN,
    RATING_COLUMNS,
    change_from_row,
    change_values,
    code_from_row,
    code_values,
    league_from_row,
    league_values,
    name_key,
    plausible_token,
    rating_from_row,
    rating_values,
)


def _marks(start: int, count: int) -> str:
    return ", ".join(f"${i}" for i in range(start, start + count))


def _changed_one(status: str) -> bool:
    """Whether a command's status (``INSERT 0 1``, ``UPDATE 0``) says it changed one row."""
    return status.endswith(" 1")


class _Repository:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn


class PostgresRatings(_Repository):
    """:class:`service.club_ports.RatingRepository` on PostgreSQL."""

    async def get_many(self, persons: Sequence[str]) -> dict[str, RatingRow]:
        if not persons:
            return {}
        found = await self._conn.fetch(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE person = ANY($1::text[])", list(persons)
        )
        return {rating.person: rating for rating in (rating_from_row(tuple(r)) for r in found)}

    async def save(self, row: RatingRow) -> RatingRow:
        saved = dataclasses.replace(row, version=row.version + 1)
        if row.version == 0:
            status = await self._conn.execute(
                f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ({_marks(1, 7)}) "
                "ON CONFLICT (person) DO NOTHING",
                *rating_values(saved),
            )
        else:
            status = await self._conn.execute(
                "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = $4, "
                "version = $5, updated_at = $6 WHERE person = $7 AND version = $8",
                *rating_values(saved)[1:],
                row.person,
                row.version,
            )
        if not _changed_one(status):
            raise ConcurrentUpdate(
                f"rating of {row.person} changed since version {row.version}", what=Contended.RATING
            )
        return saved

    async def delete(self, person: str) -> None:
        await self._conn.execute("DELETE FROM ratings WHERE person = $1", person)

    async def record(self, change: RatingChange) -> None:
        status = await self._conn.execute(
            f"INSERT INTO rating_changes ({CHANGE_COLUMNS}) VALUES ({_marks(1, 6)}) "
            "ON CONFLICT (game_id, player) DO NOTHING",
            *change_values(change),
        )
        if not _changed_one(status):
            raise ConcurrentUpdate(
                f"game {change.game_id} already changed {change.player}'s rating",
                what=Contended.RATING,
            )

    async def changes(self, players: Sequence[str], limit: int = 10) -> list[RatingChange]:
        found = await self._conn.fetch(
            f"SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE player = ANY($1::text[]) "
            'ORDER BY at DESC, game_id DESC, player COLLATE "C" LIMIT $2',
            list(players),
            limit,
        )
        return [change_from_row(tuple(r)) for r in found]

    async def ranked(self, community: str | None = None, limit: int = 100) -> list[RatingRow]:
        order = 'ORDER BY rating DESC, person COLLATE "C"'
        if community is None:
            found = await self._conn.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings {order} LIMIT $1", limit
            )
        else:
            found = await self._conn.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE person IN ("
                "SELECT COALESCE(players.person, rating_changes.player) FROM rating_changes "
                "JOIN games ON games.id = rating_changes.game_id "
                "LEFT JOIN players ON players.id = rating_changes.player "
                f"WHERE games.community = $1) {order} LIMIT $2",
                community,
                limit,
            )
        return [rating_from_row(tuple(r)) for r in found]


_WRITTEN = len(LEAGUE_WRITTEN.split(", "))


class PostgresLeagues(_Repository):
    """:class:`service.club_ports.LeagueRepository` on PostgreSQL; ``name_key`` (the name,
    case-folded) is unique per community, a published league's ``token`` unique."""

    async def add(self, league: LeagueRow) -> LeagueRow:
        row = await self._conn.fetchrow(
            f"INSERT INTO leagues (version, {LEAGUE_WRITTEN}) VALUES (1, {_marks(1, _WRITTEN)}) "
            f"ON CONFLICT DO NOTHING RETURNING {LEAGUE_COLUMNS}",  # a taken name (or token)
            *league_values(league),
        )
        if row is None:
            raise ConcurrentUpdate(
                f"{league.community} has a league {league.name!r} already", what=Contended.LEAGUE
            )
        return league_from_row(tuple(row))

    async def get(self, league_id: int, *, lock: bool = False) -> LeagueRow | None:
        locking = " FOR UPDATE" if lock else ""  # writers of one league take turns
        row = await self._conn.fetchrow(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = $1{locking}", league_id
        )
        return None if row is None else league_from_row(tuple(row))

    async def find(self, community: str, name: str) -> LeagueRow | None:
        row = await self._conn.fetchrow(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE community = $1 AND name_key = $2",
            community,
            name_key(name),
        )
        return None if row is None else league_from_row(tuple(row))

    async def named(self, name: str) -> list[LeagueRow]:
        found = await self._conn.fetch(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE name_key = $1 ORDER BY id", name_key(name)
        )
        return [league_from_row(tuple(r)) for r in found]

    async def for_community(self, community: str) -> list[LeagueRow]:
        found = await self._conn.fetch(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE community = $1 ORDER BY id DESC",
            community,
        )
        return [league_from_row(tuple(r)) for r in found]

    async def unfinished(self) -> list[LeagueRow]:
        found = await self._conn.fetch(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status <> $1 ORDER BY id",
            LeagueStatus.ENDED.value,
        )
        return [league_from_row(tuple(r)) for r in found]

    async def update(self, league: LeagueRow) -> LeagueRow:
        names = LEAGUE_WRITTEN.split(", ")
        assignments = ", ".join(f"{name} = ${i}" for i, name in enumerate(names, start=1))
        try:
            async with self._conn.transaction():  # a savepoint: a taken name leaves the unit usable
                row = await self._conn.fetchrow(
                    f"UPDATE leagues SET version = version + 1, {assignments} "
                    f"WHERE id = ${len(names) + 1} AND version = ${len(names) + 2} "
                    f"RETURNING {LEAGUE_COLUMNS}",
                    *league_values(league),
                    league.id,
                    league.version,
                )
        except asyncpg.UniqueViolationError as error:  # a name its community has, a token in use
            raise ConcurrentUpdate(
                f"{league.community} has a league {league.name!r} already, or its token is taken",
                what=Contended.LEAGUE,
            ) from error
        if row is None:
            raise ConcurrentUpdate(
                f"league {league.id} changed since version {league.version}", what=Contended.LEAGUE
            )
        return league_from_row(tuple(row))

    async def published(self, token: str) -> LeagueRow | None:
        if not plausible_token(token):
            return None
        row = await self._conn.fetchrow(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE token = $1", token
        )
        return None if row is None else league_from_row(tuple(row))


class PostgresCodes(_Repository):
    """:class:`service.club_ports.LinkCodeRepository` on PostgreSQL."""

    async def add(self, row: LinkCodeRow) -> None:
        status = await self._conn.execute(
            f"INSERT INTO link_codes ({CODE_COLUMNS}) VALUES ({_marks(1, 6)}) "
            "ON CONFLICT (code) DO NOTHING",
            *code_values(row),
        )
        if not _changed_one(status):
            raise ConcurrentUpdate(f"link code {row.code} exists", what=Contended.ACCOUNT)

    async def get(self, code: str) -> LinkCodeRow | None:
        row = await self._conn.fetchrow(
            f"SELECT {CODE_COLUMNS} FROM link_codes WHERE code = $1", code
        )
        return None if row is None else code_from_row(tuple(row))

    async def use(self, code: str, at: float) -> None:
        status = await self._conn.execute(
            "UPDATE link_codes SET used_at = $1 WHERE code = $2 AND used_at IS NULL", at, code
        )
        if not _changed_one(status):
            raise ConcurrentUpdate(f"link code {code} is unknown or used", what=Contended.ACCOUNT)

    async def made_since(self, player: str, since: float) -> int:
        count = await self._conn.fetchval(
            "SELECT COUNT(*) FROM link_codes WHERE player = $1 AND created_at >= $2", player, since
        )
        return int(count or 0)

    async def claim(self, code: str, player: str) -> None:
        status = await self._conn.execute(
            "UPDATE link_codes SET claimed_by = $1 "
            "WHERE code = $2 AND used_at IS NULL AND claimed_by IS NULL",
            player,
            code,
        )
        if not _changed_one(status):
            raise ConcurrentUpdate(
                f"link code {code} is unknown, claimed or used", what=Contended.ACCOUNT
            )

    async def claims(self, player: str, now: float) -> list[LinkCodeRow]:
        rows = await self._conn.fetch(
            f"SELECT {CODE_COLUMNS} FROM link_codes WHERE player = $1 "
            "AND claimed_by IS NOT NULL AND used_at IS NULL AND expires_at > $2 "
            "ORDER BY created_at, code",
            player,
            now,
        )
        return [code_from_row(tuple(row)) for row in rows]

    async def fail(self, player: str, at: float, forget_before: float) -> None:
        await self._conn.execute(
            "DELETE FROM link_failures WHERE player = $1 AND at < $2", player, forget_before
        )
        await self._conn.execute(
            "INSERT INTO link_failures (player, at) VALUES ($1, $2)", player, at
        )

    async def failures(self, player: str, since: float) -> list[float]:
        rows = await self._conn.fetch(
            "SELECT at FROM link_failures WHERE player = $1 AND at >= $2 ORDER BY at",
            player,
            since,
        )
        return [float(row[0]) for row in rows]
