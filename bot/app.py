"""The composition root: builds the storage, the service and the clock scheduler, then starts the
adapters — the console when no chat token is configured (``gobot run``, ``python -m bot``).

The seam for the chat platforms is :data:`CHAT_ADAPTERS`: for each configured token the named
module is imported and its ``async def serve(service, config, deliveries) -> None`` runs until
cancelled; it registers a delivery coroutine for its platform prefix in ``deliveries`` so that
scheduler notices (reminders, losses on time) reach its players.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import shlex
import signal
import sys
from typing import TextIO

from bot.config import Config, ConfigError, load_config
from bot.console import Console
from bot.deliveries import Deliveries
from gtp import EnginePool, find_gnugo
from gtp.opponent import GtpOpponent
from service import GameService
from service.i18n import language, t
from service.scheduler import Scheduler
from storage import BadDatabaseUrl, open_database

log = logging.getLogger(__name__)

CHAT_ADAPTERS: tuple[tuple[str, str, str], ...] = (
    # (environment variable, Config attribute, adapter module)
    ("DISCORD_TOKEN", "discord_token", "bot.discord"),
    ("TELEGRAM_TOKEN", "telegram_token", "bot.telegram"),
)


async def serve(config: Config, stdin: TextIO, stdout: TextIO) -> int:
    """Run the bot with ``config`` until the console input ends (or the adapters stop)."""
    database = await open_database(config.database_url)
    pool = engine_pool(config)
    service = GameService(
        database,
        organisers=config.organisers,
        vacation_days=config.vacation_days,
        opponent=GtpOpponent(pool) if pool is not None else None,
    )
    deliveries = Deliveries()
    scheduler = Scheduler(service, deliveries)
    clock_task = asyncio.create_task(scheduler.run())
    try:
        if config.chat_tokens:
            return await _serve_chats(config, service, deliveries)
        console = Console(
            service, stdin, stdout, interactive=stdin.isatty(), boards_dir=config.boards_dir
        )
        deliveries["console"] = console.deliver
        return await console.run()
    finally:
        clock_task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await clock_task
        if pool is not None:
            await pool.close()
        await database.close()


async def _serve_chats(config: Config, service: GameService, deliveries: Deliveries) -> int:
    """Start every configured chat adapter in this process, on this one service."""
    servers = []
    for variable, attribute, module_name in CHAT_ADAPTERS:
        if not getattr(config, attribute):
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError:
            adapter = module_name.rpartition(".")[2].title()
            print(t("console.chat_missing", variable=variable, adapter=adapter), file=sys.stderr)
            return 2
        servers.append(module.serve(service, config, deliveries))
    await asyncio.gather(*servers)
    return 0


def engine_pool(config: Config) -> EnginePool | None:
    """The GTP engine pool for computer opponents: ``GOBOT_ENGINE`` or GNU Go if installed."""
    if config.engine_command:
        return EnginePool(shlex.split(config.engine_command), size=config.engine_processes)
    gnugo = find_gnugo()
    if gnugo is None:
        log.info("no GTP engine found: the computer opponent is off (install gnugo)")
        return None
    return EnginePool([gnugo, "--mode", "gtp"], size=config.engine_processes)


async def serve_until_stopped(config: Config, stdin: TextIO, stdout: TextIO) -> int:
    """:func:`serve`, stopped cleanly by SIGTERM (adapters closed, database closed)."""
    task = asyncio.current_task()
    assert task is not None
    loop = asyncio.get_running_loop()

    def stop() -> None:
        log.info("SIGTERM: shutting down")
        task.cancel()

    loop.add_signal_handler(signal.SIGTERM, stop)
    try:
        return await serve(config, stdin, stdout)
    except asyncio.CancelledError:
        log.info("stopped")
        return 0
    finally:
        loop.remove_signal_handler(signal.SIGTERM)


def run() -> int:
    """``gobot run``: read the configuration and run the bot; the exit status."""
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        config = load_config()
        with language(config.language):
            return asyncio.run(serve_until_stopped(config, sys.stdin, sys.stdout))
    except (ConfigError, BadDatabaseUrl) as error:
        print(error, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
