"""The service's port kept in memory, for service tests (no database: fast) and demos.

The contract of the real backends holds: a unit of work's writes are its own until ``commit``;
versions, event numbers and update ids are checked. Units of work run side by side and read what is
committed plus their own writes (PostgreSQL's READ COMMITTED). A write that meets a change already
committed raises :class:`~service.ports.ConcurrentUpdate` at once; one that meets a change
committed later, from ``commit`` (the first committer wins, the loser's writes are all dropped).
The club-play repositories (ratings and their changes, leagues, link codes) and the learning one
(:mod:`storage.memory_learning`) follow the same contract on the same tables (a deleted rating is
kept as None until commit, so the deletion replays on the committed tables like any other write).
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
from collections import ChainMap
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, TypeVar

from service.club_ports import LeagueRow, LeagueStatus, LinkCodeRow, RatingChange, RatingRow
from service.ports import (
    ConcurrentUpdate,
    Contended,
    DailyRow,
    EventRow,
    GameRow,
    GameStatus,
    LearnerRow,
    PlayerRow,
)
from storage.club_rows import name_key, plausible_token
from storage.feed import GameWatch, Watchers
from storage.memory_learning import MemoryLearning
from storage.rows import json_text

_Row = TypeVar("_Row", GameRow, PlayerRow)
_STARTED = (GameStatus.ACTIVE, GameStatus.FINISHED)


@dataclass(slots=True)
class _Tables:
    """The schema's tables, each keyed by its primary key; rows are never changed in place."""

    games: MutableMapping[int, GameRow] = field(default_factory=dict)
    events: MutableMapping[int, tuple[EventRow, ...]] = field(default_factory=dict)  # number order
    players: MutableMapping[str, PlayerRow] = field(default_factory=dict)
    updates: MutableMapping[str, tuple[int | None, float]] = field(default_factory=dict)
    links: MutableMapping[tuple[int, str], str] = field(default_factory=dict)
    ratings: MutableMapping[str, RatingRow | None] = field(default_factory=dict)  # None: deleted
    changes: MutableMapping[tuple[int, str], RatingChange] = field(default_factory=dict)
    leagues: MutableMapping[int, LeagueRow] = field(default_factory=dict)
    codes: MutableMapping[str, LinkCodeRow] = field(default_factory=dict)
    failures: MutableMapping[str, tuple[float, ...]] = field(default_factory=dict)  # per player
    settings: MutableMapping[str, dict[str, str] | None] = field(default_factory=dict)  # None: gone
    learners: MutableMapping[str, LearnerRow | None] = field(default_factory=dict)  # None: deleted
    dailies: MutableMapping[str, DailyRow | None] = field(default_factory=dict)  # None: deleted

    def over(self, base: _Tables) -> _Tables:
        """Tables that read these first, then ``base``, and write into these."""
        names = [f.name for f in dataclasses.fields(self)]
        return _Tables(*(ChainMap(getattr(self, n), getattr(base, n)) for n in names))

    def keep(self, other: _Tables) -> None:
        """Write every row of ``other`` into these tables."""
        for name in (f.name for f in dataclasses.fields(self)):
            getattr(self, name).update(getattr(other, name))


_Write = Callable[[_Tables], None]  # one statement: applied to tables, or raises on a conflict


def _copied(row: _Row) -> _Row:
    """``row`` with a ``data`` of its own, stored as the real backends store it (a JSON object):
    no caller can change a stored row behind the repository's back."""
    return dataclasses.replace(row, data=json.loads(json_text(row.data)))


def _require_game(tables: _Tables, game_id: int) -> None:
    """The foreign key of events and links (the real backends raise their integrity error)."""
    if game_id not in tables.games:
        raise LookupError(f"no game {game_id}")


class _Repository:
    def __init__(self, unit: MemoryUnitOfWork) -> None:
        self._unit = unit


class MemoryGames(_Repository):
    """:class:`service.ports.GameRepository` in memory."""

    async def add(self, game: GameRow) -> GameRow:
        row = dataclasses.replace(_copied(game), id=next(self._unit.database.ids), version=1)
        await self._unit.write(lambda tables: tables.games.update({row.id: row}))
        self._unit.saved.add(row.id)
        return _copied(row)

    async def get(self, game_id: int) -> GameRow | None:
        row = (await self._unit.statement()).games.get(game_id)
        return None if row is None else _copied(row)

    async def update(self, game: GameRow) -> GameRow:
        row = dataclasses.replace(_copied(game), version=game.version + 1)

        def replace(tables: _Tables) -> None:
            stored = tables.games.get(game.id)
            if stored is None or stored.version != game.version:
                raise ConcurrentUpdate(
                    f"game {game.id} changed since version {game.version}", what=Contended.GAME
                )
            tables.games[game.id] = row

        await self._unit.write(replace)
        self._unit.saved.add(game.id)
        return _copied(row)

    async def events(self, game_id: int) -> list[EventRow]:
        return list((await self._unit.statement()).events.get(game_id, ()))

    async def append_event(self, game_id: int, event: EventRow) -> None:
        def insert(tables: _Tables) -> None:
            _require_game(tables, game_id)
            stored = tables.events.get(game_id, ())
            if any(e.number == event.number for e in stored):
                raise ConcurrentUpdate(
                    f"game {game_id} already has event {event.number}", what=Contended.GAME
                )
            tables.events[game_id] = tuple(sorted((*stored, event), key=lambda e: e.number))

        await self._unit.write(insert)

    async def delete_events_from(self, game_id: int, number: int) -> None:
        def delete(tables: _Tables) -> None:
            if stored := tables.events.get(game_id):
                tables.events[game_id] = tuple(e for e in stored if e.number < number)

        await self._unit.write(delete)

    async def for_player(
        self, player: str, statuses: Sequence[GameStatus], limit: int = 100
    ) -> list[GameRow]:
        def where(g: GameRow) -> bool:
            return g.status in statuses and player in (g.black, g.white, g.challenger, g.challenged)

        return await self._select(where, lambda g: -g.id, limit)

    async def finished_since(self, player: str, since: float, limit: int = 100) -> list[GameRow]:
        def where(g: GameRow) -> bool:
            ended = g.finished_at
            return (
                g.status is GameStatus.FINISHED
                and ended is not None
                and ended >= since
                and player in (g.black, g.white)
            )

        return await self._select(where, lambda g: (-(g.finished_at or 0.0), -g.id), limit)

    async def finished_for(self, players: Sequence[str], limit: int = 100) -> list[GameRow]:
        def where(g: GameRow) -> bool:
            return g.status is GameStatus.FINISHED and (g.black in players or g.white in players)

        def order(g: GameRow) -> tuple[bool, float, int]:  # SQL's finished_at DESC NULLS LAST
            return g.finished_at is None, -(g.finished_at or 0.0), -g.id

        return await self._select(where, order, limit)

    async def listed(self, league_id: int | None = None) -> list[GameRow]:
        def where(g: GameRow) -> bool:
            return g.status in _STARTED and (league_id is None or g.league_id == league_id)

        return await self._select(where, lambda g: g.id, None)

    async def in_league(self, league_id: int) -> list[GameRow]:
        def order(g: GameRow) -> tuple[bool, int, int]:  # SQL's round NULLS LAST, id
            return g.round is None, g.round or 0, g.id

        return await self._select(lambda g: g.league_id == league_id, order, None)

    async def open_challenges(self, limit: int = 100) -> list[GameRow]:
        def where(g: GameRow) -> bool:
            return g.status is GameStatus.CHALLENGE and g.challenged is None

        return await self._select(where, lambda g: -g.id, limit)

    async def waiting(self, community: str | None = None) -> int:
        def where(g: GameRow) -> bool:
            return g.status is GameStatus.CHALLENGE and community in (None, g.community)

        return len(await self._select(where, lambda g: g.id, None))

    async def due(self, now: float, limit: int = 100) -> list[GameRow]:
        def where(g: GameRow) -> bool:
            return g.status is GameStatus.ACTIVE and g.deadline is not None and g.deadline <= now

        return await self._select(where, lambda g: (g.deadline, g.id), limit)

    async def next_deadline(self) -> float | None:
        games = (await self._unit.statement()).games.values()
        active = (g.deadline for g in games if g.status is GameStatus.ACTIVE)
        earliest = min((d for d in active if d is not None), default=None)
        return None if earliest is None else float(earliest)

    async def _select(
        self, where: Callable[[GameRow], bool], order: Callable[[GameRow], Any], limit: int | None
    ) -> list[GameRow]:
        """The games ``where`` keeps, sorted by ``order``, at most ``limit`` (SQL's LIMIT; None:
        all)."""
        games = sorted(filter(where, (await self._unit.statement()).games.values()), key=order)
        return [_copied(game) for game in itertools.islice(games, limit)]


class MemoryPlayers(_Repository):
    """:class:`service.ports.PlayerRepository` in memory."""

    async def get(self, player_id: str) -> PlayerRow | None:
        row = (await self._unit.statement()).players.get(player_id)
        return None if row is None else _copied(row)

    async def get_many(self, player_ids: Sequence[str]) -> dict[str, PlayerRow]:
        players = (await self._unit.statement()).players
        return {pid: _copied(players[pid]) for pid in player_ids if pid in players}

    async def save(self, player: PlayerRow) -> None:
        row = _copied(player)
        await self._unit.write(lambda tables: tables.players.update({row.id: row}))

    async def accounts(self, person: str) -> list[str]:
        players = (await self._unit.statement()).players.values()
        found = [p.id for p in players if person in (p.id, p.person)]
        return sorted(found, key=lambda pid: (pid != person, pid))


class MemoryUpdates(_Repository):
    """:class:`service.ports.UpdateLog` in memory. Two units that claim the same id side by side
    both get True; the second to commit raises :class:`~service.ports.ConcurrentUpdate` (its retry
    gets False, as PostgreSQL's claim that waits for the first would)."""

    async def claim(self, update_id: str, game_id: int | None, at: float) -> bool:
        def insert(tables: _Tables) -> None:
            if update_id in tables.updates:
                raise ConcurrentUpdate(f"update {update_id} was claimed by another unit of work")
            tables.updates[update_id] = (game_id, at)

        try:
            await self._unit.write(insert)
        except ConcurrentUpdate:  # claimed before, as this unit sees it: committed or its own
            return False
        return True


class MemoryLinks(_Repository):
    """:class:`service.ports.LinkRepository` in memory."""

    async def put(self, game_id: int, key: str, value: str) -> None:
        def upsert(tables: _Tables) -> None:
            _require_game(tables, game_id)
            tables.links[game_id, key] = value

        await self._unit.write(upsert)

    async def for_game(self, game_id: int) -> dict[str, str]:
        links = sorted((await self._unit.statement()).links.items())
        return {key: value for (gid, key), value in links if gid == game_id}

    async def find(self, key: str, value: str) -> int | None:
        links = (await self._unit.statement()).links.items()
        return max((gid for (gid, k), v in links if k == key and v == value), default=None)


class MemorySettings(_Repository):
    """:class:`service.ports.SettingsRepository` in memory."""

    async def get_many(self, owners: Sequence[str]) -> dict[str, dict[str, str]]:
        settings = (await self._unit.statement()).settings
        return {o: dict(found) for o in owners if (found := settings.get(o))}

    async def put(self, owner: str, values: Mapping[str, str]) -> None:
        kept = dict(values) or None

        def replace(tables: _Tables) -> None:
            tables.settings[owner] = kept

        await self._unit.write(replace)


def _copied_league(row: LeagueRow) -> LeagueRow:
    """``row`` with a ``data`` of its own, as the real backends store it (a JSON object)."""
    return dataclasses.replace(row, data=json.loads(json_text(row.data)))


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
                raise ConcurrentUpdate(
                    f"rating of {row.person} changed since {row.version}", what=Contended.RATING
                )
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
                raise ConcurrentUpdate(
                    f"game {key[0]} already changed {key[1]}'s rating", what=Contended.RATING
                )
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

    async def get(self, league_id: int, *, lock: bool = False) -> LeagueRow | None:
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
                raise ConcurrentUpdate(
                    f"league {league.id} changed since version {league.version}",
                    what=Contended.LEAGUE,
                )
            _check_name(tables, row)
            tables.leagues[row.id] = row

        await self._unit.write(replace)
        return _copied_league(row)

    async def published(self, token: str) -> LeagueRow | None:
        if not plausible_token(token):
            return None
        leagues = (await self._unit.statement()).leagues.values()
        row = next((row for row in leagues if row.token == token), None)
        return None if row is None else _copied_league(row)


def _check_name(tables: _Tables, league: LeagueRow) -> None:
    """The UNIQUE (community, name_key) of the real backends, and their UNIQUE token (where it is
    not NULL)."""
    key = name_key(league.name)
    for other in tables.leagues.values():
        if other.id == league.id:
            continue
        if other.community == league.community and name_key(other.name) == key:
            raise ConcurrentUpdate(
                f"{league.community} has a league {league.name!r} already", what=Contended.LEAGUE
            )
        if league.token is not None and other.token == league.token:
            raise ConcurrentUpdate(
                f"league {other.id} is published as {league.token!r}", what=Contended.LEAGUE
            )


class MemoryCodes(_Repository):
    """:class:`service.club_ports.LinkCodeRepository` in memory."""

    async def add(self, row: LinkCodeRow) -> None:
        def insert(tables: _Tables) -> None:
            if row.code in tables.codes:
                raise ConcurrentUpdate(f"link code {row.code} exists", what=Contended.ACCOUNT)
            tables.codes[row.code] = row

        await self._unit.write(insert)

    async def get(self, code: str) -> LinkCodeRow | None:
        return (await self._unit.statement()).codes.get(code)

    async def use(self, code: str, at: float) -> None:
        def mark(tables: _Tables) -> None:
            stored = tables.codes.get(code)
            if stored is None or stored.used_at is not None:
                raise ConcurrentUpdate(
                    f"link code {code} is unknown or used", what=Contended.ACCOUNT
                )
            tables.codes[code] = dataclasses.replace(stored, used_at=at)

        await self._unit.write(mark)

    async def made_since(self, player: str, since: float) -> int:
        codes = (await self._unit.statement()).codes.values()
        return sum(1 for row in codes if row.player == player and row.created_at >= since)

    async def claim(self, code: str, player: str) -> None:
        def mark(tables: _Tables) -> None:
            stored = tables.codes.get(code)
            if stored is None or stored.used_at is not None or stored.claimed_by is not None:
                raise ConcurrentUpdate(
                    f"link code {code} is unknown, claimed or used", what=Contended.ACCOUNT
                )
            tables.codes[code] = dataclasses.replace(stored, claimed_by=player)

        await self._unit.write(mark)

    async def claims(self, player: str, now: float) -> list[LinkCodeRow]:
        codes = (await self._unit.statement()).codes.values()
        found = [
            row
            for row in codes
            if row.player == player
            and row.claimed_by is not None
            and row.used_at is None
            and row.expires_at > now
        ]
        return sorted(found, key=lambda row: (row.created_at, row.code))

    async def fail(self, player: str, at: float, forget_before: float) -> None:
        def insert(tables: _Tables) -> None:
            kept = [t for t in tables.failures.get(player, ()) if t >= forget_before]
            tables.failures[player] = (*kept, at)

        await self._unit.write(insert)

    async def failures(self, player: str, since: float) -> list[float]:
        times = (await self._unit.statement()).failures.get(player, ())
        return sorted(t for t in times if t >= since)


class MemoryUnitOfWork:
    """One unit of work: its writes apply at once to its own layer over the committed tables
    (so its reads see them) and are replayed on the committed tables by :meth:`commit`."""

    def __init__(self, database: MemoryDatabase) -> None:
        self.database = database
        self.games = MemoryGames(self)
        self.players = MemoryPlayers(self)
        self.updates = MemoryUpdates(self)
        self.links = MemoryLinks(self)
        self.ratings = MemoryRatings(self)
        self.leagues = MemoryLeagues(self)
        self.codes = MemoryCodes(self)
        self.settings = MemorySettings(self)
        self.learning = MemoryLearning(self)
        self.saved: set[int] = set()  # the games it added or updated: the feed hears on commit
        self._tables: _Tables | None = None  # what this unit reads; None outside ``async with``
        self._writes: list[_Write] | None = None  # None: no more writes (committed or left)

    async def statement(self) -> _Tables:
        """The tables as this unit sees them, after letting other tasks run (a real backend
        awaits I/O for every statement, so units of work interleave there too)."""
        await asyncio.sleep(0)
        if self._tables is None:
            raise RuntimeError("the unit of work is not open (use 'async with')")
        return self._tables

    async def write(self, statement: _Write) -> None:
        """Apply ``statement`` to this unit's tables (it raises on a conflict) and keep it."""
        tables = await self.statement()
        if self._writes is None:
            raise RuntimeError("a write outside an open unit of work (or after its commit)")
        statement(tables)
        self._writes.append(statement)

    async def __aenter__(self) -> MemoryUnitOfWork:
        if self.database.closed:
            raise RuntimeError("the database is closed")
        self._tables = _Tables().over(self.database.tables)
        self._writes = []
        self.saved = set()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._tables = self._writes = None  # uncommitted writes are dropped: a rollback

    async def commit(self) -> None:
        if self._writes is None:
            raise RuntimeError("commit outside an open unit of work")
        await asyncio.sleep(0)
        writes, self._writes = self._writes, None
        self.database.apply(writes)
        self._tables = self.database.tables  # reads after the commit see what is committed
        self.database.feed.watchers.changed(self.saved)


class MemoryFeed:
    """:class:`service.ports.GameFeed` in memory: a unit of work that saved a game wakes its
    watchers when it commits (one process holds the database)."""

    def __init__(self) -> None:
        self.watchers = Watchers()

    def changes(self, game_id: int) -> GameWatch:
        return self.watchers.watch(game_id)


class MemoryDatabase:
    """:class:`service.ports.Database` in memory. Game ids come from one counter, outside any
    transaction (like PostgreSQL's sequence: a rolled-back ``add`` uses an id up); league ids
    from another. :attr:`feed` tells which games changed."""

    def __init__(self) -> None:
        self.feed = MemoryFeed()
        self.tables = _Tables()  # what is committed
        self.ids = itertools.count(1)
        self.league_ids = itertools.count(1)
        self.closed = False

    def unit_of_work(self) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self)

    def apply(self, writes: Sequence[_Write]) -> None:
        """Commit a unit's ``writes``: all of them, or none if one conflicts (it raises)."""
        staged = _Tables()
        tables = staged.over(self.tables)
        for write in writes:
            write(tables)
        self.tables.keep(staged)

    async def close(self) -> None:
        self.closed = True


async def open_memory() -> MemoryDatabase:
    """A new, empty database (the counterpart of ``open_sqlite`` and ``open_postgres``)."""
    return MemoryDatabase()
