"""The club-play repositories of the SQLite backend (:mod:`storage.sqlite`): ratings and their
changes, leagues, link codes. A unique key that is taken is answered by ``ON CONFLICT DO NOTHING``
(no row changed: :class:`~service.ports.ConcurrentUpdate`), a version that moved on by an
``UPDATE … WHERE version = ?`` that changes no row."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Sequence

import aiosqlite

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


class _Repository:
    """Statements on the database's one connection, inside the unit of work's transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn


def _marks(count: int) -> str:
    return ", ".join("?" for _ in range(count))


class SqliteRatings(_Repository):
    """:class:`service.club_ports.RatingRepository` on SQLite."""

    async def get_many(self, persons: Sequence[str]) -> dict[str, RatingRow]:
        if not persons:
            return {}
        rows = await self._conn.execute_fetchall(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE person IN ({_marks(len(persons))})",
            tuple(persons),
        )
        return {rating.person: rating for rating in map(rating_from_row, rows)}

    async def save(self, row: RatingRow) -> RatingRow:
        saved = dataclasses.replace(row, version=row.version + 1)
        if row.version == 0:
            cursor = await self._conn.execute(
                f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ({_marks(7)}) "
                "ON CONFLICT (person) DO NOTHING",
                rating_values(saved),
            )
        else:
            cursor = await self._conn.execute(
                "UPDATE ratings SET rating = ?, deviation = ?, volatility = ?, games = ?, "
                "version = ?, updated_at = ? WHERE person = ? AND version = ?",
                (*rating_values(saved)[1:], row.person, row.version),
            )
        if cursor.rowcount != 1:
            raise ConcurrentUpdate(
                f"rating of {row.person} changed since version {row.version}", what=Contended.RATING
            )
        return saved

    async def delete(self, person: str) -> None:
        await self._conn.execute("DELETE FROM ratings WHERE person = ?", (person,))

    async def record(self, change: RatingChange) -> None:
        cursor = await self._conn.execute(
            f"INSERT INTO rating_changes ({CHANGE_COLUMNS}) VALUES ({_marks(6)}) "
            "ON CONFLICT (game_id, player) DO NOTHING",
            change_values(change),
        )
        if cursor.rowcount != 1:
            raise ConcurrentUpdate(
                f"game {change.game_id} already changed {change.player}'s rating",
                what=Contended.RATING,
            )

    async def changes(self, players: Sequence[str], limit: int = 10) -> list[RatingChange]:
        if not players:
            return []
        rows = await self._conn.execute_fetchall(
            f"SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE player IN ({_marks(len(players))}) "
            "ORDER BY at DESC, game_id DESC, player LIMIT ?",
            (*players, limit),
        )
        return [change_from_row(row) for row in rows]

    async def ranked(self, community: str | None = None, limit: int = 100) -> list[RatingRow]:
        if community is None:
            rows = await self._conn.execute_fetchall(
                f"SELECT {RATING_COLUMNS} FROM ratings ORDER BY rating DESC, person LIMIT ?",
                (limit,),
            )
        else:
            rows = await self._conn.execute_fetchall(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE person IN ("
                "SELECT COALESCE(players.person, rating_changes.player) FROM rating_changes "
                "JOIN games ON games.id = rating_changes.game_id "
                "LEFT JOIN players ON players.id = rating_changes.player "
                "WHERE games.community = ?) ORDER BY rating DESC, person LIMIT ?",
                (community, limit),
            )
        return [rating_from_row(row) for row in rows]


_WRITTEN = len(LEAGUE_WRITTEN.split(", "))


class SqliteLeagues(_Repository):
    """:class:`service.club_ports.LeagueRepository` on SQLite; ``name_key`` (the name,
    case-folded) is unique per community, a published league's ``token`` unique."""

    async def add(self, league: LeagueRow) -> LeagueRow:
        cursor = await self._conn.execute(
            f"INSERT INTO leagues (version, {LEAGUE_WRITTEN}) VALUES (1, {_marks(_WRITTEN)}) "
            "ON CONFLICT DO NOTHING",  # a name its community has (or a token in use)
            league_values(league),
        )
        if cursor.rowcount != 1:
            raise ConcurrentUpdate(
                f"{league.community} has a league {league.name!r} already", what=Contended.LEAGUE
            )
        assert cursor.lastrowid is not None
        return dataclasses.replace(league, id=cursor.lastrowid, version=1)

    async def get(self, league_id: int, *, lock: bool = False) -> LeagueRow | None:
        rows = await self._conn.execute_fetchall(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,)
        )
        return next((league_from_row(row) for row in rows), None)

    async def find(self, community: str, name: str) -> LeagueRow | None:
        rows = await self._conn.execute_fetchall(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE community = ? AND name_key = ?",
            (community, name_key(name)),
        )
        return next((league_from_row(row) for row in rows), None)

    async def named(self, name: str) -> list[LeagueRow]:
        rows = await self._conn.execute_fetchall(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE name_key = ? ORDER BY id",
            (name_key(name),),
        )
        return [league_from_row(row) for row in rows]

    async def for_community(self, community: str) -> list[LeagueRow]:
        rows = await self._conn.execute_fetchall(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE community = ? ORDER BY id DESC",
            (community,),
        )
        return [league_from_row(row) for row in rows]

    async def unfinished(self) -> list[LeagueRow]:
        rows = await self._conn.execute_fetchall(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status <> ? ORDER BY id",
            (LeagueStatus.ENDED.value,),
        )
        return [league_from_row(row) for row in rows]

    async def update(self, league: LeagueRow) -> LeagueRow:
        assignments = ", ".join(f"{name} = ?" for name in LEAGUE_WRITTEN.split(", "))
        try:
            cursor = await self._conn.execute(
                f"UPDATE leagues SET version = version + 1, {assignments} "
                "WHERE id = ? AND version = ?",
                (*league_values(league), league.id, league.version),
            )
        except sqlite3.IntegrityError as error:  # a name its community has, a token in use
            raise ConcurrentUpdate(
                f"{league.community} has a league {league.name!r} already, or its token is taken",
                what=Contended.LEAGUE,
            ) from error
        if cursor.rowcount != 1:
            raise ConcurrentUpdate(
                f"league {league.id} changed since version {league.version}", what=Contended.LEAGUE
            )
        return dataclasses.replace(league, version=league.version + 1)

    async def published(self, token: str) -> LeagueRow | None:
        if not plausible_token(token):
            return None
        rows = await self._conn.execute_fetchall(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE token = ?", (token,)
        )
        return next((league_from_row(row) for row in rows), None)


class SqliteCodes(_Repository):
    """:class:`service.club_ports.LinkCodeRepository` on SQLite."""

    async def add(self, row: LinkCodeRow) -> None:
        cursor = await self._conn.execute(
            f"INSERT INTO link_codes ({CODE_COLUMNS}) VALUES ({_marks(6)}) "
            "ON CONFLICT (code) DO NOTHING",
            code_values(row),
        )
        if cursor.rowcount != 1:
            raise ConcurrentUpdate(f"link code {row.code} exists", what=Contended.ACCOUNT)

    async def get(self, code: str) -> LinkCodeRow | None:
        rows = await self._conn.execute_fetchall(
            f"SELECT {CODE_COLUMNS} FROM link_codes WHERE code = ?", (code,)
        )
        return next((code_from_row(row) for row in rows), None)

    async def use(self, code: str, at: float) -> None:
        cursor = await self._conn.execute(
            "UPDATE link_codes SET used_at = ? WHERE code = ? AND used_at IS NULL", (at, code)
        )
        if cursor.rowcount != 1:
            raise ConcurrentUpdate(f"link code {code} is unknown or used", what=Contended.ACCOUNT)

    async def made_since(self, player: str, since: float) -> int:
        rows = await self._conn.execute_fetchall(
            "SELECT COUNT(*) FROM link_codes WHERE player = ? AND created_at >= ?", (player, since)
        )
        return int(next(iter(rows), (0,))[0])

    async def claim(self, code: str, player: str) -> None:
        cursor = await self._conn.execute(
            "UPDATE link_codes SET claimed_by = ? "
            "WHERE code = ? AND used_at IS NULL AND claimed_by IS NULL",
            (player, code),
        )
        if cursor.rowcount != 1:
            raise ConcurrentUpdate(
                f"link code {code} is unknown, claimed or used", what=Contended.ACCOUNT
            )

    async def claims(self, player: str, now: float) -> list[LinkCodeRow]:
        rows = await self._conn.execute_fetchall(
            f"SELECT {CODE_COLUMNS} FROM link_codes WHERE player = ? AND claimed_by IS NOT NULL "
            "AND used_at IS NULL AND expires_at > ? ORDER BY created_at, code",
            (player, now),
        )
        return [code_from_row(row) for row in rows]

    async def fail(self, player: str, at: float, forget_before: float) -> None:
        await self._conn.execute(
            "DELETE FROM link_failures WHERE player = ? AND at < ?", (player, forget_before)
        )
        await self._conn.execute(
            "INSERT INTO link_failures (player, at) VALUES (?, ?)", (player, at)
        )

    async def failures(self, player: str, since: float) -> list[float]:
        rows = await self._conn.execute_fetchall(
            "SELECT at FROM link_failures WHERE player = ? AND at >= ? ORDER BY at",
            (player, since),
        )
        return [float(row[0]) for row in rows]
