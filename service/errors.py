"""The user errors: each message is data (a catalogue key and its parameters), safe to show and
says what to do; the adapter says it in the reader's language (:attr:`UserError.language`).

Anything else raised by a command is an internal error: the adapter logs it with its traceback and
answers with a short apology (``t("error.internal")``).
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING

from service.i18n import Message, Text, key_of, t

if TYPE_CHECKING:
    from service.ports import UnitOfWork


class UserError(Exception):
    """A command that cannot be done as asked; ``str(error)`` is the message for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message if isinstance(message, Text) else Text(message, "")

    #: True when the adapter may leave the command unanswered where answering costs a chat's
    #: budget (a flood's commands after the first refusal).
    quiet: bool = False
    #: what the refusal still records, in a unit of work of its own once the command's was
    #: rolled back (a wrong link code is counted, so that guessing codes ends); None: nothing
    keep: Callable[[UnitOfWork], Awaitable[None]] | None = None
    #: the language of the person it answers, when the service knows it (their settings, else
    #: their app's): the adapter says the message in it (None: the adapter chooses)
    language: str | None = None

    @property
    def key(self) -> str | None:
        """The catalogue key of the message (what tests tell errors apart by)."""
        return key_of(self.message)

    @property
    def params(self) -> Mapping[str, object]:
        """The message's parameters (which point, which game, which rule), for an adapter that
        says more than the sentence, or a test that checks them."""
        return self.message.params if isinstance(self.message, Message) else {}


class BadArguments(UserError):
    """Malformed input: unknown command, missing or extra arguments, bad option values."""


class InvalidPoint(BadArguments):
    """Text that is not a point on this board."""


class NoSuchGame(UserError):
    """The game named (or implied by the context) does not exist or is ambiguous."""


class NotAPlayer(UserError):
    """Only the players of the game (or the challenged user) may do this."""


class NotYourTurn(UserError):
    """Only the player to move may play or pass."""


class IllegalMoveError(UserError):
    """The rules forbid the move (occupied, suicide, ko)."""


class WrongPhase(UserError):
    """The command does not apply to the game as it stands (e.g. ``done`` while playing)."""


class StaleMarking(UserError):
    """An acceptance of a marking version that has been replaced."""


class StaleBoard(UserError):
    """A button pressed on a board that is no longer the game's current position."""


class NotOrganiser(UserError):
    """Only organisers adjudicate."""


class TooFast(UserError):
    """A person sent more commands than their budget allows (:mod:`service.limits`); ``quiet``
    when they were told already and a flood's later commands should get no reply."""

    def __init__(self, seconds: float, *, quiet: bool) -> None:
        super().__init__(t("error.too_fast", seconds=max(1, math.ceil(seconds))))
        self.quiet = quiet


class Busy(UserError):
    """The game kept changing under the command; trying again will work."""

    def __init__(self) -> None:
        super().__init__(t("error.busy"))
