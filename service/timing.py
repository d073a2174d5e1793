"""The clock arithmetic on stored timestamps: time used and left on a move, the next deadline
(a reminder or the loss on time), vacations as pauses, and starting or stopping the clocks."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from typing import Protocol

from engine.colors import Color
from engine.game import Game, Phase
from service.clock import (
    DAY,
    BadTimeControl,
    Clocks,
    Interval,
    TimeControl,
    TimeKind,
    counted,
    when_counted,
)
from service.context import Context
from service.i18n import Text, joined, plural, t
from service.model import GameState, Loaded, player_of
from service.players import is_engine
from service.ports import GameRow, GameStatus, PlayerRow
from service.views import format_left

#: the "little time left" reminders of a turn: when this share of the player's time on the move
#: is left, at most this many seconds before the end (the README's "Live games and pings"); a player
#: with 3 days is reminded 18 hours and 2 hours before, one with 10 minutes 2m30s and 30s before
REMINDERS: tuple[tuple[float, float], ...] = ((0.25, DAY), (0.05, 2 * 3600.0))
#: seconds after which the scheduler asks the computer again when it owes a move (it was down,
#: or the bot stopped before it answered): a game against it never waits for a person's look
COMPUTER_RETRY = 60.0
#: the same for a process that has no computer opponent configured (another process may have one)
COMPUTER_RETRY_WITHOUT_ENGINE = 3600.0
#: seconds after the stop at which the scheduler works out a proposal still missing (the process
#: that wrote the stop died before writing its proposal): a stopped game never waits forever
JUDGING_RETRY = 60.0


class Moment(Protocol):
    """What the clock arithmetic reads of a unit of work (:class:`service.unit.Unit` is one):
    its moment, the service's context, and the stored players (their vacations pause clocks)."""

    @property
    def now(self) -> float:
        """The unit's moment (seconds since the epoch)."""
        ...

    @property
    def context(self) -> Context:
        """The service's configuration (the vacation allowance, the computer opponent)."""
        ...

    async def player(self, player: str) -> PlayerRow | None:
        """The stored player (read once per unit of work)."""
        ...


def year(moment: float) -> int:
    """The UTC calendar year of ``moment`` (vacation allowances are yearly)."""
    return dt.datetime.fromtimestamp(moment, dt.UTC).year


async def vacation_pauses(unit: Moment, player: str) -> list[Interval]:
    """The player's current vacation as a pause interval (capped by the yearly allowance)."""
    known = await unit.player(player)
    if known is None or known.vacation_since is None:
        return []
    used = known.vacation_used if known.vacation_year == year(known.vacation_since) else 0
    left = max(0.0, unit.context.vacation_allowance - used)
    return [(known.vacation_since, known.vacation_since + left)]


async def elapsed(unit: Moment, row: GameRow, game: Game, state: GameState) -> float:
    """Counted seconds the player to move has used on this move."""
    clocks = state.clocks
    if clocks is None or clocks.turn_started is None:
        return 0.0
    pauses = await vacation_pauses(unit, player_of(row, game.to_move))
    used = counted(clocks.turn_started, unit.now, state.weekend, pauses)
    return max(0.0, used - clocks.paused)


async def time_left(unit: Moment, loaded: Loaded) -> float:
    """Seconds left for the player to move (infinite without a time control)."""
    control = TimeControl.parse(loaded.row.time_control)
    clocks = loaded.state.clocks
    if not control.timed or clocks is None or clocks.turn_started is None:
        return math.inf
    own = clocks.black if loaded.game.to_move is Color.BLACK else clocks.white
    return control.budget(own) - await elapsed(unit, loaded.row, loaded.game, loaded.state)


_DURATION_UNITS = ((1440, "time.days"), (60, "time.hours"), (1, "time.minutes"))


def duration_words(seconds: float) -> Text:
    """A time control's duration in words, said again in each reader's language: ``7 days``,
    ``1 day 12 hours`` (what ``1d12h`` means; cs ``1 den 12 hodin``, hu ``1 nap 12 óra``).

    >>> duration_words(7 * DAY), duration_words(1.5 * DAY), duration_words(90 * 60)
    ('7 days', '1 day 12 hours', '1 hour 30 minutes')
    """
    whole = round(seconds / 60.0)
    parts: list[Text] = []
    for size, key in _DURATION_UNITS:
        if whole >= size:
            parts.append(plural(whole // size, key))
            whole %= size
    return joined(" ", parts or [plural(0, "time.minutes")])


def time_words(text: str) -> Text:
    """A stored time control (``7d+1d``, its documented input syntax) in words, for chat texts:
    the kinds of :mod:`service.clock` (the README's "Time controls") in the reader's language.
    ``none`` is "no time limit"; text that is not a time control is shown as it is.

    >>> time_words("7d+1d"), time_words("2d/move"), time_words("14d")
    ('7 days + 1 day per move', '2 days per move', '14 days for the whole game')
    >>> time_words("7d+3x1d"), time_words("none")
    ('7 days + byo-yomi 3 × 1 day', 'no time limit')
    """
    try:
        control = TimeControl.parse(text)
    except BadTimeControl:
        return Text(text)
    kind = control.kind
    if kind is TimeKind.NONE:
        return t("terms.no_time")
    if kind is TimeKind.SIMPLE:
        return t("time.simple", period=duration_words(control.period))
    main = duration_words(control.main)
    if kind is TimeKind.FISCHER:
        return t("time.fischer", main=main, increment=duration_words(control.increment))
    if kind is TimeKind.BYOYOMI:
        period = duration_words(control.period)
        return t("time.byoyomi", main=main, periods=control.periods, period=period)
    return t("time.absolute", main=main)


async def left_text(unit: Moment, loaded: Loaded) -> str:
    """The caption's ``2d 4h`` for the player to move (empty without a clock)."""
    return format_left(await time_left(unit, loaded))


async def timeout_at(
    unit: Moment, row: GameRow, game: Game, state: GameState, before: float = 0.0
) -> float | None:
    """When the player to move runs out of time (or ``before`` seconds earlier)."""
    control = TimeControl.parse(row.time_control)
    clocks = state.clocks
    if not control.timed or clocks is None or clocks.turn_started is None:
        return None
    own = clocks.black if game.to_move is Color.BLACK else clocks.white
    amount = control.budget(own) + clocks.paused - before
    pauses = await vacation_pauses(unit, player_of(row, game.to_move))
    return when_counted(clocks.turn_started, max(0.0, amount), state.weekend, pauses)


def reminder_leads(row: GameRow, state: GameState, game: Game) -> tuple[float, ...]:
    """How long before the timeout each of the turn's reminders goes out (longest first)."""
    control = TimeControl.parse(row.time_control)
    assert state.clocks is not None
    own = state.clocks.black if game.to_move is Color.BLACK else state.clocks.white
    budget = control.budget(own)
    return tuple(min(cap, share * budget) for share, cap in REMINDERS)


def reminders_due(leads: tuple[float, ...], left: float) -> int:
    """How many of the reminders with ``leads`` are due with ``left`` seconds to go: a bot that
    was down past several thresholds sends one reminder, the latest, and counts the others.

    >>> reminders_due((64800.0, 7200.0), 70000.0), reminders_due((64800.0, 7200.0), 3600.0)
    (0, 2)
    """
    return sum(1 for lead in leads if left <= lead)


async def deadline(unit: Moment, row: GameRow, game: Game, state: GameState) -> float | None:
    """The next clock event of an active game being played: a reminder, or the timeout; on the
    computer's turn, the moment to ask it again (:data:`COMPUTER_RETRY`)."""
    if row.status is GameStatus.ACTIVE and game.phase is Phase.STOPPED and state.match.judging:
        return unit.now + JUDGING_RETRY  # the proposal, if its process never writes it
    if row.status is not GameStatus.ACTIVE or game.phase is not Phase.PLAYING:
        return None
    timeout = await timeout_at(unit, row, game, state)
    if is_engine(player_of(row, game.to_move)):  # the computer's turn: ask it again if silent
        wait = (
            COMPUTER_RETRY if unit.context.opponent is not None else COMPUTER_RETRY_WITHOUT_ENGINE
        )
        retry = unit.now + wait
        return retry if timeout is None else min(timeout, retry)
    leads = reminder_leads(row, state, game) if timeout is not None else ()
    if timeout is None or state.reminders >= len(leads):
        return timeout
    return await timeout_at(unit, row, game, state, leads[state.reminders])


def start_turn(state: GameState, now: float) -> GameState:
    """The clock of the player to move starts now (after a move, resume or undo)."""
    if state.clocks is None:
        return state
    clocks = dataclasses.replace(state.clocks, turn_started=now, paused=0.0)
    return dataclasses.replace(state, clocks=clocks, reminders=0)


def stop_clocks(state: GameState) -> GameState:
    """No clock runs (stopped or finished game)."""
    if state.clocks is None:
        return state
    return dataclasses.replace(state, clocks=dataclasses.replace(state.clocks, turn_started=None))


def new_clocks(control: TimeControl, now: float) -> Clocks | None:
    """Both clocks at the start of a game; the first mover's turn starts ``now``."""
    if not control.timed:
        return None
    return Clocks(control.start(), control.start(), now)


def after_move(
    state: GameState, control: TimeControl, color: Color, used: float, now: float
) -> GameState:
    """The state after ``color`` moved having used ``used`` seconds: clocks advanced, offers
    lapsed, the opponent's turn started."""
    state = dataclasses.replace(state, match=state.match.after_move())
    if state.clocks is not None:
        clocks = state.clocks
        if color is Color.BLACK:
            clocks = dataclasses.replace(clocks, black=control.after_move(clocks.black, used))
        else:
            clocks = dataclasses.replace(clocks, white=control.after_move(clocks.white, used))
        state = dataclasses.replace(state, clocks=clocks)
    return start_turn(state, now)
