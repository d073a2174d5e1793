"""The Discord adapter (discord.py 2.x): ``/go <command>`` slash commands generated from the shared
grammar, one thread per game (a league round's games: in the league's channel) with the board as
an embed image after every move, restart-proof buttons, plain-text moves in game threads when the
message-content intent is on.

``bot.app`` runs :func:`serve` when ``DISCORD_TOKEN`` is set; :mod:`bot.discord.settings` lists the
adapter's own environment variables.
"""

from __future__ import annotations

from bot.discord.client import GoBot, ShardedGoBot, make_bot, serve
from bot.discord.settings import DiscordSettings

__all__ = ["DiscordSettings", "GoBot", "ShardedGoBot", "make_bot", "serve"]
