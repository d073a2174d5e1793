"""The Discord client: intents, sharding, cogs and buttons loaded in ``setup_hook``, commands
synced on start, the error hook of the command tree, and :func:`serve` for the composition root."""

from __future__ import annotations

import logging
from collections.abc import Mapping, MutableMapping
from typing import Any

import aiohttp
import discord
import discord.http
from discord import app_commands
from discord.ext import commands

from bot import startup
from bot.config import Config
from bot.discord.buttons import GoButton
from bot.discord.cogs import GameCommands, PlainMoves
from bot.discord.outgoing import PLATFORM
from bot.discord.pacing import Pacer
from bot.discord.replies import Presenter
from bot.discord.runner import Runner
from bot.discord.settings import DiscordSettings
from bot.discord.translator import CatalogueTranslator
from service import Deliver, GameService

log = logging.getLogger(__name__)


class GoTree(app_commands.CommandTree["GoBot"]):
    """The command tree; its ``on_error`` is the error hook for slash commands and autocomplete."""

    async def on_error(
        self, interaction: discord.Interaction[GoBot], error: app_commands.AppCommandError
    ) -> None:
        await self.client.runner.report_error(interaction, error)


class GoBot(commands.Bot):
    """A thin Discord front door to the game service."""

    def __init__(
        self,
        service: GameService,
        settings: DiscordSettings | None = None,
        deliveries: Mapping[str, Deliver] | None = None,
        **options: Any,
    ) -> None:
        self.settings = settings or DiscordSettings()
        plain = self.settings.message_content  # messages are needed only for plain-text moves
        intents = discord.Intents(guilds=True, guild_messages=plain, message_content=plain)
        # no voice here: not two warnings at every start that voice libraries are missing
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        pacer = Pacer()  # it hears when Discord answered a paced request (http_trace)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=GoTree,
            help_command=None,
            max_messages=None,  # nothing reads the message cache
            http_trace=pacer.trace(),
            **options,
        )
        self.service = service
        # the shared registry itself (empty now; the other adapters register later), never a copy
        registry = deliveries if deliveries is not None else {}
        self.presenter = Presenter(self, service, registry, pacer=pacer)
        self.runner = Runner(service, self.presenter, organiser_role=self.settings.organiser_role)

    async def setup_hook(self) -> None:
        await self.add_cog(GameCommands(self, self.runner))
        if self.settings.message_content:
            await self.add_cog(PlainMoves(self.runner))
        self.add_dynamic_items(GoButton)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Publish ``/go`` globally, or to the configured guild (instantly, for development), with
        the descriptions in every language the bot speaks."""
        if self.tree.translator is None:
            await self.tree.set_translator(CatalogueTranslator())
        if self.settings.guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(self.settings.guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("synced %d application command(s)", len(synced))

    async def press_button(self, interaction: discord.Interaction[Any], token: str) -> None:
        """Where :class:`GoButton` presses go."""
        await self.runner.press_button(interaction, token)

    async def on_message(self, message: discord.Message, /) -> None:
        """No prefix commands: plain text is handled by the :class:`PlainMoves` cog."""

    async def close(self) -> None:
        """Stop the paced senders (boards and edits still waiting are not sent), then close."""
        await self.presenter.pacer.close()
        await super().close()


class ShardedGoBot(GoBot, commands.AutoShardedBot):
    """The same bot over several gateway shards (``DISCORD_SHARDS`` / ``DISCORD_SHARD_COUNT``)."""


def make_bot(
    service: GameService,
    settings: DiscordSettings,
    deliveries: Mapping[str, Deliver] | None = None,
    **options: Any,
) -> GoBot:
    """A :class:`GoBot`, or a :class:`ShardedGoBot` when sharding is configured."""
    if not settings.sharded:
        return GoBot(service, settings, deliveries, **options)
    return ShardedGoBot(
        service,
        settings,
        deliveries,
        shard_count=settings.shard_count,
        shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,
        **options,
    )


async def serve(
    service: GameService, config: Config, deliveries: MutableMapping[str, Deliver]
) -> None:
    """Run the Discord bot until cancelled; scheduler notices for Discord players go through
    ``deliveries["discord"]``. Raises :class:`bot.startup.StartupFailure` when Discord refuses
    the token (or the intent, or the command sync), or cannot be reached, before the bot is
    ready."""
    if not config.discord_token:
        raise ValueError("DISCORD_TOKEN is not set")
    bot = make_bot(service, DiscordSettings.from_environ(config.environ), deliveries)
    deliveries[PLATFORM] = bot.presenter.deliver
    try:
        await bot.start(config.discord_token)
    except (discord.DiscordException, aiohttp.ClientError, OSError, TimeoutError) as error:
        failure = None if bot.is_ready() else start_failure(error)
        if failure is None:
            raise
        raise failure from None
    finally:
        deliveries.pop(PLATFORM, None)
        await bot.close()


def start_failure(error: BaseException) -> startup.StartupFailure | None:
    """What to tell the operator when the bot could not start on Discord (None: not known)."""
    if isinstance(error, discord.LoginFailure):
        check = "DISCORD_TOKEN (Developer Portal → Bot → Reset Token)"
        return startup.rejected("Discord", "DISCORD_TOKEN", "unauthorized", check)
    if isinstance(error, discord.PrivilegedIntentsRequired):
        check = "DISCORD_MESSAGE_CONTENT, or switch the intent on in the Developer Portal"
        return startup.rejected("Discord", "the Message Content intent", "not enabled", check)
    if isinstance(error, discord.Forbidden):  # syncing the commands to DISCORD_GUILD_ID
        check = "DISCORD_GUILD_ID and the bot's invitation (scope applications.commands)"
        return startup.rejected("Discord", "the command sync", error.text or "forbidden", check)
    server_error = isinstance(error, discord.HTTPException) and error.status >= 500
    unreachable = aiohttp.ClientError | OSError | TimeoutError | discord.GatewayNotFound
    if server_error or isinstance(error, unreachable):
        where = startup.where(discord.http.Route.BASE)
        return startup.unreachable("Discord", where, error, "the network connection")
    return None
