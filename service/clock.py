"""Correspondence clocks computed from stored timestamps, never from ticking timers.

Time controls: ``none``, absolute (``14d``), Fischer (``3d+1d``, capped at the main time), byo-yomi
(``7d+3x1d``: main time then periods) and simple per move (``2d/move``). Time does not run while
the player to move is on vacation, nor at weekends (Saturday and Sunday, UTC) in games that pause
them. Durations are written with ``m``, ``h``, ``d``, ``w`` (``1d12h``).
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

DAY = 86400.0
_UNITS = {"m": 60.0, "h": 3600.0, "d": DAY, "w": 7 * DAY}
_DURATION = r"(?:\d{1,4}[mhdw])+"
_MAX_TIME = 365 * DAY
_MIN_TIME = 60.0

Interval = tuple[float, float]


class BadTimeControl(ValueError):
    """Text that is not a time control."""


class TimeKind(enum.StrEnum):
    """The kinds of time control."""

    NONE = "none"
    ABSOLUTE = "absolute"
    FISCHER = "fischer"
    BYOYOMI = "byoyomi"
    SIMPLE = "simple"


def parse_duration(text: str) -> float:
    """Seconds in ``1d12h`` and the like; raises :class:`BadTimeControl`."""
    if not re.fullmatch(_DURATION, text):
        raise BadTimeControl(text)
    seconds = sum(int(n) * _UNITS[u] for n, u in re.findall(r"(\d+)([mhdw])", text))
    if not _MIN_TIME <= seconds <= _MAX_TIME:
        raise BadTimeControl(text)
    return seconds


def format_duration(seconds: float) -> str:
    """The compact form used in time-control text: ``3d``, ``1d12h``, ``90m`` -> ``1h30m``."""
    whole = round(seconds / 60.0)
    parts = []
    for unit, size in (("d", 1440), ("h", 60), ("m", 1)):
        if whole >= size:
            parts.append(f"{whole // size}{unit}")
            whole %= size
    return "".join(parts) or "0m"


@dataclass(frozen=True, slots=True)
class PlayerClock:
    """One player's remaining main time and byo-yomi periods."""

    main: float
    periods: int = 0


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A parsed time control; :meth:`text` prints it back."""

    kind: TimeKind
    main: float = 0.0
    increment: float = 0.0
    periods: int = 0
    period: float = 0.0

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Parse ``none``, ``14d``, ``3d+1d``, ``7d+3x1d`` or ``2d/move``."""
        value = text.strip().lower()
        if value in ("none", "no", "off"):
            return cls(TimeKind.NONE)
        if match := re.fullmatch(rf"({_DURATION})/move", value):
            return cls(TimeKind.SIMPLE, period=parse_duration(match.group(1)))
        if match := re.fullmatch(rf"({_DURATION})\+(\d{{1,2}})x({_DURATION})", value):
            periods = int(match.group(2))
            if not 1 <= periods <= 30:
                raise BadTimeControl(text)
            return cls(
                TimeKind.BYOYOMI,
                main=parse_duration(match.group(1)),
                periods=periods,
                period=parse_duration(match.group(3)),
            )
        if match := re.fullmatch(rf"({_DURATION})\+({_DURATION})", value):
            main = parse_duration(match.group(1))
            return cls(TimeKind.FISCHER, main=main, increment=parse_duration(match.group(2)))
        if re.fullmatch(_DURATION, value):
            return cls(TimeKind.ABSOLUTE, main=parse_duration(value))
        raise BadTimeControl(text)

    def text(self) -> str:
        """The canonical text form (what :meth:`parse` reads)."""
        if self.kind is TimeKind.NONE:
            return "none"
        if self.kind is TimeKind.SIMPLE:
            return f"{format_duration(self.period)}/move"
        if self.kind is TimeKind.BYOYOMI:
            return f"{format_duration(self.main)}+{self.periods}x{format_duration(self.period)}"
        if self.kind is TimeKind.FISCHER:
            return f"{format_duration(self.main)}+{format_duration(self.increment)}"
        return format_duration(self.main)

    @property
    def timed(self) -> bool:
        """False for ``none``: no clock runs."""
        return self.kind is not TimeKind.NONE

    def start(self) -> PlayerClock:
        """A player's clock at the start of the game."""
        return PlayerClock(self.main, self.periods)

    def budget(self, clock: PlayerClock) -> float:
        """Seconds the player may use on the current move before losing on time."""
        if self.kind is TimeKind.NONE:
            return math.inf
        if self.kind is TimeKind.SIMPLE:
            return self.period
        if self.kind is TimeKind.BYOYOMI:
            return clock.main + clock.periods * self.period
        return clock.main

    def after_move(self, clock: PlayerClock, used: float) -> PlayerClock:
        """The player's clock after a move that took ``used`` seconds (within the budget)."""
        if self.kind in (TimeKind.NONE, TimeKind.SIMPLE):
            return clock
        if self.kind is TimeKind.FISCHER:  # the increment never lifts the clock above the cap
            return PlayerClock(min(clock.main - used + self.increment, self.main))
        if self.kind is TimeKind.BYOYOMI and used > clock.main:
            lost = int((used - clock.main) // self.period)  # a period is lost when overrun
            return PlayerClock(0.0, clock.periods - lost)
        return replace(clock, main=clock.main - used)


@dataclass(frozen=True, slots=True)
class Clocks:
    """Both players' clocks and when the current turn began (None: no clock is running)."""

    black: PlayerClock
    white: PlayerClock
    turn_started: float | None = None
    paused: float = 0.0  # seconds of this turn already excluded by ended vacations


def weekend_pauses(start: float) -> Iterator[Interval]:
    """Every weekend (Saturday 00:00 to Monday 00:00 UTC) from the week containing ``start``."""
    day = math.floor(start / DAY)
    saturday = day - (day + 3) % 7 + 5  # the epoch (day 0) was a Thursday
    while True:
        yield saturday * DAY, (saturday + 2) * DAY
        saturday += 7


def _merged(start: float, weekend: bool, extra: Iterable[Interval]) -> Iterator[Interval]:
    """Pause intervals in order of their start: weekends (if paused) merged with ``extra``."""
    others = sorted(extra)
    weekends = weekend_pauses(start) if weekend else iter(())
    nxt = next(weekends, None)
    index = 0
    while nxt is not None or index < len(others):
        if nxt is not None and (index >= len(others) or nxt[0] <= others[index][0]):
            yield nxt
            nxt = next(weekends, None)
        else:
            yield others[index]
            index += 1


def counted(start: float, end: float, weekend: bool, extra: Iterable[Interval] = ()) -> float:
    """Seconds between ``start`` and ``end`` that count (outside every pause)."""
    total, at = 0.0, start
    for pause_start, pause_end in _merged(start, weekend, extra):
        if pause_start >= end:
            break
        if pause_start > at:
            total += pause_start - at
        at = max(at, pause_end)
        if at >= end:
            return total
    return total + max(0.0, end - at)


def when_counted(
    start: float, amount: float, weekend: bool, extra: Iterable[Interval] = ()
) -> float:
    """The first moment at which ``amount`` seconds have counted since ``start``."""
    at, needed = start, amount
    for pause_start, pause_end in _merged(start, weekend, extra):
        if pause_start > at:
            if at + needed <= pause_start:
                return at + needed
            needed -= pause_start - at
        at = max(at, pause_end)
    return at + needed
