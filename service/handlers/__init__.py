"""The handlers, one module per kind of work; each handler function carries its command's
registration (:func:`service.registry.command`), so importing them fills the registry.
:data:`HANDLERS` and :func:`handler_of` are the registry's: every command type has exactly one
handler, ``async def handler(unit, command) -> result``."""

from __future__ import annotations

import importlib

from service.registry import HANDLERS, Handler, handler_of

MODULES = (
    "challenges",
    "playing",
    "looking",
    "estimating",
    "confirming",
    "trying",
    "adjudicating",
    "vacations",
    "computer",
    "ratings",
    "league_reads",
    "web_reads",
    "leagues",
    "accounts",
    "rules",
    "learning",
    "problems",
    "settings",
)
"""The handler modules, in the order people read their commands in the help, the menus and the
slash groups (a command registered in a new module needs its module named here)."""

for _module in MODULES:
    importlib.import_module(f"{__name__}.{_module}")

__all__ = ["HANDLERS", "MODULES", "Handler", "handler_of"]
