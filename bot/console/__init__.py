"""The console adapter (the default when no chat token is configured)."""

from __future__ import annotations

from bot.console.adapter import Console, console_actor

__all__ = ["Console", "console_actor"]
