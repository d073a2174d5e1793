"""The directory: where each game lives on the platforms and what the clock owes, for the adapters
and the scheduler. It is plumbing, not a command: nobody types it, it is never charged to a
person's budget and never localized, so it stays off the command bus (:meth:`GameService.execute`).

A game's *links* map a key to a value: ``telegram:home`` → the chat a challenge was made in,
``telegram:board:<chat>`` → the game's board message in that chat, ``discord:thread`` → the game's
thread, ``discord:offer`` → the message offering a challenge. Both adapters of a process share one
cache of them (it replaces the Telegram adapter's cache of every link of a game and the Discord
adapter's of threads both ways), so a move costs no database work to find its game, its board or
its thread:

- A game's links are read once and kept (at most ``size`` games, each for ``seconds``); a place
  (a key and value: a board message, a thread) is asked of the storage once and kept with the
  game found there, the newest game when several live there, as the storage answers.
- A link this process writes (:meth:`Directory.link`) replaces the kept value before the call
  returns, and the game's old places under that key are forgotten, so they are never answered
  again; links a command writes in its own unit of work (:attr:`Request.links`) make the
  service forget what is kept of them (:meth:`Directory.written_beside`).
- What the cache lacks is never taken as an answer: :meth:`Directory.value` reads the game's
  links again and :meth:`Directory.game_at` asks the storage, because another process (several
  bot processes share one PostgreSQL) may have written it since. A game's thread or board that
  another process made is found and used, never a second one made beside it.
- Another process may replace a game's board message in a chat (a ``/board`` sent there); this
  process then edits the older board message of the same game in the same chat until its entry
  expires (``seconds``). A board never goes to another game's message or to another chat: a
  message or a thread belongs to one game, and a board's key names its chat.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from service.errors import Busy
from service.ports import ConcurrentUpdate, Contended, Database

ATTEMPTS = 8  # writes of a link retried on conflicts, as commands are
LINK_SECONDS = 600.0  # how long a game's links are kept without being read again
LINK_GAMES = 10_000  # how many games' links are kept
EVER = 1e18  # a time after every stored one (the dailies ahead, in order)


@dataclass(slots=True)
class _Entry:
    """A game's kept links and when they are read again."""

    links: dict[str, str]
    expires: float
    view: Mapping[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.view = MappingProxyType(self.links)


class Directory:
    """Where games live (links, both ways) and what is due, cached for the process; owned by the
    :class:`~service.game_service.GameService` (``service.directory``)."""

    def __init__(
        self,
        database: Database,
        *,
        size: int = LINK_GAMES,
        seconds: float = LINK_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.database = database
        self.size = size
        self.seconds = seconds
        self.clock = clock
        self._games: dict[int, _Entry] = {}  # in the order they were read (the oldest goes)
        self._places: dict[tuple[str, str], tuple[int, float]] = {}  # (key, value) → game

    # -- where a game lives ----------------------------------------------------------------------

    async def links(self, game_id: int | None) -> Mapping[str, str]:
        """Every link of the game (none for no game), kept for the process. The mapping is the
        kept one, read-only: a link written meanwhile (:meth:`link`) shows in it."""
        if game_id is None:
            return MappingProxyType({})
        entry = self._games.get(game_id)
        if entry is None or entry.expires <= self.clock():
            entry = await self._read(game_id)
        return entry.view

    async def value(self, game_id: int, key: str) -> str | None:
        """The game's link ``key``: the kept one, else the storage's (written by another process
        or a command's unit of work since the game's links were read), else None."""
        entry = self._games.get(game_id)
        if entry is not None and entry.expires > self.clock() and key in entry.links:
            return entry.links[key]
        return (await self._read(game_id)).links.get(key)  # read now: nothing older is taken

    async def game_at(self, key: str, value: str) -> int | None:
        """The game that lives at ``value`` under ``key`` (a thread, a board message), or None. A
        game found is kept; None is asked of the storage again next time."""
        now = self.clock()
        kept = self._places.get((key, value))
        if kept is not None and kept[1] > now:
            return kept[0]
        async with self.database.unit_of_work() as uow:
            game_id = await uow.links.find(key, value)
        if game_id is not None:
            self._places[key, value] = (game_id, now + self.seconds)
            while len(self._places) > self.size:
                del self._places[next(iter(self._places))]
        else:
            self._places.pop((key, value), None)
        return game_id

    async def link(self, game_id: int, key: str, value: str) -> None:
        """Remember that the game lives at ``value`` under ``key`` (a board message just sent, a
        thread just opened): in storage, then here. The game's old value under ``key`` is
        forgotten both ways."""
        for _ in range(ATTEMPTS):
            try:
                async with self.database.unit_of_work() as uow:
                    await uow.links.put(game_id, key, value)
                    await uow.commit()
                break
            except ConcurrentUpdate:
                continue
        else:
            raise Busy(Contended.GAME)  # the game's links (a board message, a thread)
        self.wrote(game_id, ((key, value),))

    def wrote(self, game_id: int, links: Iterable[tuple[str, str]]) -> None:
        """The game's ``links`` were written (:meth:`link`): kept with the game's links; of the
        places, what the storage now answers is kept, what it might answer differently is
        forgotten."""
        now = self.clock()
        entry = self._games.get(game_id)
        for key, value in links:
            self._unplace(game_id, key)  # its old value there: now another game's, or none
            kept = self._places.get((key, value))
            if kept is not None and kept[1] > now and kept[0] < game_id:
                self._places[key, value] = (game_id, kept[1])  # the newest game lives there
            if entry is not None:
                entry.links[key] = value

    def written_beside(self, game_ids: Iterable[int], links: Iterable[tuple[str, str]]) -> None:
        """A command may have written ``links`` with one of ``game_ids`` in its own unit of
        work (:attr:`Request.links`: a challenge's home chat, its players' names): what the
        directory keeps of them is read again when next asked."""
        for game_id in game_ids:
            self.forget(game_id)
        for key, value in links:
            self._places.pop((key, value), None)

    def forget(self, game_id: int, key: str | None = None) -> None:
        """Read the game's links (or its link ``key``) again next time: an adapter found a
        kept place gone (a deleted thread)."""
        entry = self._games.get(game_id)
        if key is None:
            self._games.pop(game_id, None)
        elif entry is not None:
            entry.links.pop(key, None)
        self._unplace(game_id, key)

    async def _read(self, game_id: int) -> _Entry:
        """The game's links from storage, kept. A lookup that read them meanwhile and is still
        fresh is shared, so what one writes the other sees."""
        async with self.database.unit_of_work() as uow:
            found = await uow.links.for_game(game_id)
        now = self.clock()
        entry = self._games.get(game_id)
        if entry is not None and entry.expires > now:
            for key, value in found.items():
                entry.links.setdefault(key, value)
        else:
            self._games.pop(game_id, None)  # expired: kept anew, as the newest
            entry = _Entry(found, now + self.seconds)
            self._games[game_id] = entry
            while len(self._games) > self.size:  # the places found stay until they expire
                del self._games[next(iter(self._games))]
        return entry

    def _unplace(self, game_id: int, key: str | None = None) -> None:
        """Forget where the game lives (under ``key``, or under every key): a game's places are
        dropped without knowing their values, since those may have been kept from a lookup of
        the place (:meth:`game_at`) rather than with the game's links."""
        gone = [
            place
            for place, (kept, _) in self._places.items()
            if kept == game_id and (key is None or place[0] == key)
        ]
        for place in gone:
            del self._places[place]

    # -- what the clock owes ---------------------------------------------------------------------

    async def due(self, now: float) -> list[int]:
        """Ids of active games whose stored deadline is at or before ``now``, earliest first."""
        async with self.database.unit_of_work() as uow:
            return [row.id for row in await uow.games.due(now)]

    async def next_deadline(self) -> float | None:
        """The earliest stored clock event of any game (the scheduler sleeps until then)."""
        async with self.database.unit_of_work() as uow:
            return await uow.games.next_deadline()

    async def dailies_due(self, now: float) -> list[str]:
        """Channels whose problem of the day is due at or before ``now``, earliest first."""
        async with self.database.unit_of_work() as uow:
            return [row.channel for row in await uow.learning.daily_due(now)]

    async def next_daily(self, serves: Callable[[str], bool] = lambda _: True) -> float | None:
        """When the next problem of the day is due in a channel ``serves`` accepts (the
        channels of this process's platforms)."""
        async with self.database.unit_of_work() as uow:
            rows = await uow.learning.daily_due(EVER, limit=1000)
        return next((row.due for row in rows if serves(row.channel)), None)
