"""The game service: the use cases of the bot as command values (:mod:`service.commands`), one
handler each (:mod:`service.handlers`), one unit of work each; the only code that sees both the
rules engine and the storage port (:mod:`service.ports`). Build it with an opened database and
call it from an adapter, e.g.
``await GameService(database).execute(Play("D4"), Request(Actor("console:alice", "alice")))``.
"""

from __future__ import annotations

from service.commands import Actor, Request
from service.game_service import GameService
from service.views import BoardView, Button, Deliver, Notice, View

__all__ = ["Actor", "BoardView", "Button", "Deliver", "GameService", "Notice", "Request", "View"]
