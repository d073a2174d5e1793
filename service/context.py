"""What every unit of work shares: the database, the clock, the organisers, the computer opponent
and the cache of replayed games."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass, field

from engine.game import Game
from service.clock import DAY
from service.limits import CommandBudget, EstimateLimit, Limits
from service.ports import Database, Judge, Opponent
from service.preferences import Defaults

Clock = Callable[[], float]
CACHE_SIZE = 2000  # replayed games kept in memory, keyed by their stored version
LOCAL_WEB = "http://localhost:8080"  # where `gobot web` serves its pages unless told otherwise


class GameCache:
    """Replayed games by id with the stored version they replay. A game is taken out while a
    unit of work may change it and put back when the unit ends well, so a failed command can
    never leave a half-changed game behind; reads put back what they took."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._games: dict[int, tuple[int, Game]] = {}

    def take(self, game_id: int, version: int) -> Game | None:
        """The cached game if it replays ``version`` (removed from the cache until kept)."""
        cached = self._games.pop(game_id, None)
        return cached[1] if cached is not None and cached[0] == version else None

    def keep(self, games: Iterable[tuple[int, tuple[int, Game]]]) -> None:
        """Cache each game as of its version (the newest entries stay when the cache is full)."""
        for game_id, entry in games:
            self._games.pop(game_id, None)
            self._games[game_id] = entry
        while len(self._games) > self.size:
            del self._games[next(iter(self._games))]

    def __len__(self) -> int:
        return len(self._games)


@dataclass(slots=True)
class Context:
    """The service's dependencies, handed to every unit of work."""

    database: Database
    organisers: frozenset[str] = frozenset()
    clock: Clock = time.time
    rng: random.Random = field(default_factory=random.Random)
    vacation_allowance: float = 30 * DAY
    opponent: Opponent | None = None
    judge: Judge | None = None  # the engine's second opinion on dead stones at the stop
    #: where the bot's own reading of a proposal runs (None: a worker thread)
    judging: Executor | None = None
    cache: GameCache = field(default_factory=GameCache)
    limits: Limits = field(default_factory=Limits)
    budget: CommandBudget | None = None  # commands per person; None: not limited
    defaults: Defaults = field(default_factory=Defaults)  # GOBOT_LANGUAGE, GOBOT_NOTIFY, …
    #: when each person last had an estimate of each game (``estimate``: one a minute)
    estimates: EstimateLimit = field(default_factory=EstimateLimit)
    #: the public address of the web pages (``GOBOT_WEB_URL``; None: not configured, and a
    #: published league's link is given on :attr:`web_local`, where ``gobot web`` serves them)
    web_url: str | None = None
    web_local: str = LOCAL_WEB
