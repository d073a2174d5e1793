"""The message bus: what follows each domain event (:mod:`service.events`), registered here and
nowhere else, and the two moments the game service dispatches them (as the message bus of
"Architecture Patterns with Python" does).

- **In the transaction** (:func:`in_transaction`, before the commit): a rated game's ratings,
  a league round's completion and its word to the organiser. They commit, or roll back, with the
  command that caused them, so a result is rated exactly once. A handler may record further
  events (a finished game completes a round); they are dispatched in turn, oldest first. What a
  handler returns are notices for people beyond the command's game, added to its reply.
- **After the commit** (:func:`after_commit`): waking the clock scheduler, choosing languages
  afresh. Each such handler hears once of all the events of its kind the unit recorded (the
  scheduler wakes once however many deadlines moved), in the order of :data:`AFTER_COMMIT`.

The bot's proposal after a stop (:class:`~service.events.ProposalWanted`) is worked out after
the commit too, by the game service itself: it becomes the command's reply
(:meth:`service.game_service.GameService.execute`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Protocol

from service.ending import rate_finished
from service.events import (
    DailyScheduled,
    DeadlineChanged,
    Event,
    GameFinished,
    RoundComplete,
    SettingsChanged,
)
from service.league_play import round_check, tell_organiser
from service.unit import Unit
from service.views import Notice


class Listeners(Protocol):
    """What the handlers after the commit reach: the game service's listeners."""

    def wake_scheduler(self) -> None:
        """A stored deadline changed: the clock scheduler looks again."""
        ...

    def forget_languages(self) -> None:
        """Settings changed: every language is chosen afresh."""
        ...


InTransaction = Callable[[Unit, Any], Awaitable[Sequence[Notice]]]
AfterCommit = Callable[[Listeners, Sequence[Any]], None]


def _wake_scheduler(
    listeners: Listeners, events: Sequence[DeadlineChanged | DailyScheduled]
) -> None:
    listeners.wake_scheduler()


def _forget_languages(listeners: Listeners, events: Sequence[SettingsChanged]) -> None:
    listeners.forget_languages()


#: what follows each event in the same transaction, in order
IN_TRANSACTION: Mapping[type[Event], tuple[InTransaction, ...]] = {
    GameFinished: (rate_finished, round_check),
    RoundComplete: (tell_organiser,),
}

#: what follows each kind of event after the commit, kinds in this order
AFTER_COMMIT: Mapping[type[Event], tuple[AfterCommit, ...]] = {
    DeadlineChanged: (_wake_scheduler,),
    DailyScheduled: (_wake_scheduler,),
    SettingsChanged: (_forget_languages,),
}


async def in_transaction(unit: Unit) -> list[Notice]:
    """Dispatch the events ``unit`` recorded since the last call (and those their handlers
    record) to their handlers in the transaction; the notices they ask for, in order."""
    notices: list[Notice] = []
    while fresh := unit.new_events():
        for event in fresh:
            for handler in IN_TRANSACTION.get(type(event), ()):
                notices.extend(await handler(unit, event))
    return notices


def after_commit(listeners: Listeners, events: Sequence[Event]) -> None:
    """Dispatch a committed unit's ``events`` to the handlers that follow the commit."""
    for kind, handlers in AFTER_COMMIT.items():
        batch = [event for event in events if isinstance(event, kind)]
        if batch:
            for handler in handlers:
                handler(listeners, batch)
