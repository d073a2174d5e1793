"""The bot's limits against floods and runaway games, with the budget of commands per person.

Every limit is a number a club could ask about, so they live here, together, and the README's
"Limits" section lists them:

- ``moves_per_game``: after this many moves (passes included) a game takes no more stones and
  cannot be resumed: the players pass to end it, or resign. Real games stay far below (a long
  19×19 game has about 350 moves); the limit keeps a record readable and cheap to replay.
- ``open_challenges``: challenges one person may have waiting for an answer at once.
- ``community_challenges`` and ``bot_challenges``: open challenges (waiting for an answer) in one
  community (a Discord server, a Telegram group, the console) and in the whole bot, counted in
  the database, so they hold across processes: many accounts cannot fill a chat, or the bot,
  with challenges nobody takes. The refusal says which limit it was and what to do.
- ``markings_per_stop``: marking versions in one confirmation phase (the stop's proposal is the
  first; each ``dead`` makes the next). Past it ``dead`` is refused: the players accept a
  version (``done``), ``resume`` and play it out (the next stop starts afresh), or an organiser
  adjudicates.
- ``markings_per_game``: marking versions in a whole game, all its stops together, so that
  ``resume`` and two passes cannot restart the stream; past it ``dead`` is refused for good
  (a stop still makes its own version: stops are bounded by ``moves_per_game``).
- ``link_failures``: wrong link codes one person may enter in an hour (stored, so it holds
  across processes and restarts); then ``link CODE`` is refused until the hour is over.
- ``burst`` and ``per_minute``: commands one person may send, as a token bucket: ``burst`` at
  once, then ``per_minute`` a minute. Reads a platform makes on its own (autocomplete, links) and
  the scheduler's work are not counted. The budget is per process: with several processes, each
  keeps its own. The bot (:mod:`bot.app`) runs with a budget; a service built without one (tests,
  benchmarks, scripts) is not limited.
- ``listed_games``: lines of each kind that ``games`` shows before it says how many more there are.
- ``finished_days``: how long ``games`` keeps listing a game after it finished (with its result):
  a week, so a correspondence player sees how last week's games ended; older ones are still there
  by number (``board #12``, ``sgf #12``).
- ``try_moves``: the longest sequence ``try`` plays after the stop (Art. 7.2): enough for any local
  fight; a longer one is refused.
- ``estimate_seconds``: one ``estimate`` per game and person in this many seconds (kept per process,
  like the command budget): a read that costs the estimator's work, so it is not a stream.

>>> bucket = CommandBudget(Limits(burst=2, per_minute=60))
>>> [bucket.take("alice", now=0.0) for _ in range(3)]
[None, None, 1.0]
>>> bucket.take("alice", now=1.0) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

PRUNE_AT = 10_000  # people tracked before idle ones are forgotten


@dataclass(frozen=True, slots=True)
class Limits:
    """The documented limits (see the module docstring)."""

    moves_per_game: int = 1000
    open_challenges: int = 10
    community_challenges: int = 200
    bot_challenges: int = 2000
    markings_per_stop: int = 100
    markings_per_game: int = 300
    link_failures: int = 5
    burst: int = 20
    per_minute: int = 60
    listed_games: int = 50
    try_moves: int = 40
    finished_days: int = 7
    estimate_seconds: int = 60


class CommandBudget:
    """A token bucket per person: ``take`` spends one command, or says how long to wait."""

    def __init__(self, limits: Limits) -> None:
        self.capacity = float(limits.burst)
        self.rate = limits.per_minute / 60.0  # commands per second
        self._buckets: dict[str, tuple[float, float]] = {}  # person -> (tokens, as of when)
        self._warned: set[str] = set()

    def take(self, person: str, now: float) -> float | None:
        """Spend one command of ``person`` at ``now``: None when allowed, else the seconds until
        the next one is."""
        tokens, then = self._buckets.get(person, (self.capacity, now))
        tokens = min(self.capacity, tokens + max(0.0, now - then) * self.rate)
        if tokens < 1.0:
            self._buckets[person] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self._buckets[person] = (tokens - 1.0, now)
        self._warned.discard(person)
        if len(self._buckets) > PRUNE_AT:
            self._prune(now)
        return None

    def first_refusal(self, person: str) -> bool:
        """True the first time ``person`` is refused since their last allowed command (that
        refusal is answered; the rest of a flood is not, to keep the chat's budget)."""
        if person in self._warned:
            return False
        self._warned.add(person)
        return True

    def _prune(self, now: float) -> None:
        """Forget people whose bucket has refilled (they are as new)."""
        full = (self.capacity) / self.rate if self.rate else 0.0
        for person, (_, then) in list(self._buckets.items()):
            if now - then >= full:
                del self._buckets[person]
                self._warned.discard(person)


class EstimateLimit:
    """When each person last had an estimate of each game (:attr:`Limits.estimate_seconds`).

    >>> limit = EstimateLimit()
    >>> limit.take((3, "alice"), 0.0, 60), limit.take((3, "alice"), 10.0, 60)
    (None, 50.0)
    >>> limit.take((4, "alice"), 10.0, 60), limit.take((3, "bob"), 10.0, 60)
    (None, None)
    """

    def __init__(self) -> None:
        self._last: dict[tuple[int, str], float] = {}

    def take(self, key: tuple[int, str], now: float, seconds: float) -> float | None:
        """Spend the estimate of ``key`` (a game and a person) at ``now``: None when allowed,
        else the seconds until the next one is."""
        last = self._last.get(key)
        if last is not None and now - last < seconds:
            return seconds - (now - last)
        self._last[key] = now
        if len(self._last) > PRUNE_AT:
            self._last = {k: t for k, t in self._last.items() if now - t < seconds}
        return None
