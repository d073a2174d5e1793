"""The bot's features, one cog each: the ``/go`` slash commands, and plain-text moves in game
threads (only with the message-content intent). Each is given the client's :class:`Runner`, so
that this module needs nothing of :mod:`bot.discord.client`, which loads the cogs."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot.discord.runner import Runner
from bot.discord.slash import club_group, go_group, study_group


class GameCommands(commands.Cog):
    """``/go <command>``, ``/club <command>`` and ``/study <command>``, generated from the
    shared grammar."""

    def __init__(self, bot: commands.Bot, runner: Runner) -> None:
        self.bot = bot
        self.group = go_group(runner.run_slash, runner.legal_points)
        self.club = club_group(runner.run_slash, runner.legal_points)
        self.study = study_group(runner.run_slash, runner.legal_points)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)
        self.bot.tree.add_command(self.club)
        self.bot.tree.add_command(self.study)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)
        self.bot.tree.remove_command(self.club.name)
        self.bot.tree.remove_command(self.study.name)


class PlainMoves(commands.Cog):
    """``d4`` (or any command) written in a game's thread."""

    def __init__(self, runner: Runner) -> None:
        self.runner = runner

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        await self.runner.run_message(message)
