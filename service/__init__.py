"""The game service: the use cases of the bot as command values (:mod:`service.commands`), one
handler each (:mod:`service.handlers`), one unit of work each; the only code that sees both the
rules engine and the storage port (:mod:`service.ports`). Build it with an opened database and
call it from an adapter, e.g.
``await GameService(database).execute(Play("D4"), Request(Actor("console:alice", "alice")))``.

The names below are imported when first used, so that importing a light module of the package
(:mod:`service.i18n`, for ``gobot health``'s settings) does not load the whole service.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.commands import Actor, Request
    from service.game_service import GameService
    from service.views import BoardView, Button, Deliver, Notice, View

__all__ = ["Actor", "BoardView", "Button", "Deliver", "GameService", "Notice", "Request", "View"]

_HOMES = {
    "Actor": "service.commands",
    "Request": "service.commands",
    "GameService": "service.game_service",
    "BoardView": "service.views",
    "Button": "service.views",
    "Deliver": "service.views",
    "Notice": "service.views",
    "View": "service.views",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
