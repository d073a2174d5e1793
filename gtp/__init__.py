"""GTP engines (GNU Go by default) as computer opponents: an async process pool that never
blocks the event loop, plus GNU Go's dead-stone list as a second opinion at counting."""

from __future__ import annotations

from gtp.client import GtpEngine, GtpError, find_gnugo
from gtp.pool import EnginePool, Position

__all__ = ["EnginePool", "GtpEngine", "GtpError", "Position", "find_gnugo"]
