"""Domain events: what a command caused, recorded in its unit of work (``unit.record``) and
dispatched by the game service (:mod:`service.dispatch`), either in the same transaction (a rated
game's ratings, a league round's completion) or after the commit (waking the clock scheduler,
choosing languages afresh, the bot's proposal after a stop). A handler says what happened; what
follows from it is registered in one place, not called from where it happened."""

from __future__ import annotations

from dataclasses import dataclass

from engine.game import Game
from engine.result import GameResult
from service.ports import GameRow


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a unit of work."""


@dataclass(frozen=True, slots=True)
class GameFinished(Event):
    """A game's result became final (Art. 10.4): ``row`` as it is being saved, finished."""

    row: GameRow
    result: GameResult


@dataclass(frozen=True, slots=True)
class RoundComplete(Event):
    """The last open game of a league's running round finished: its organiser may pair the
    next round."""

    league_id: int
    name: str
    round: int
    organiser: str


@dataclass(frozen=True, slots=True)
class DeadlineChanged(Event):
    """A game's stored deadline (its next reminder, loss on time or retry) changed: the clock
    scheduler must look again."""

    game_id: int
    deadline: float | None


@dataclass(frozen=True, slots=True)
class DailyScheduled(Event):
    """A channel's problem of the day was switched on, moved or off: the clock scheduler must
    look again."""

    channel: str
    due: float | None


@dataclass(frozen=True, slots=True)
class SettingsChanged(Event):
    """Someone's settings changed (``settings``, or accounts linked or unlinked): every
    language is chosen afresh."""


@dataclass(frozen=True, slots=True)
class ProposalWanted(Event):
    """A game stopped (Art. 9.1), or was found still waiting for its proposal: the bot works
    out its marking after the commit, outside the transaction, from ``position`` at
    ``move_number`` for the marking ``version``."""

    game_id: int
    version: int
    move_number: int
    position: Game
