"""The game service: the use cases of the bot, one async method per command, one unit of work
each; the only code that sees both the rules engine and the storage port (:mod:`service.ports`).
Build it with an opened database (``storage.open_database``) and call it from an adapter, e.g.
``await GameService(database).play(Actor("console:alice", "alice"), "D4")``.
"""

from __future__ import annotations

from service.computer import ComputerCommands
from service.linking import LinkCommands
from service.model import Actor
from service.views import Button, Deliver, Notice, View


class GameService(ComputerCommands, LinkCommands):
    """Every command of the bot (see :mod:`service.challenges`, :mod:`service.playing`,
    :mod:`service.confirming`, :mod:`service.looking`, :mod:`service.keeping`,
    :mod:`service.linking`, :mod:`service.computer`)."""


__all__ = ["Actor", "Button", "Deliver", "GameService", "Notice", "View"]
