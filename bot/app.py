"""The composition root: builds the storage, the service and the clock scheduler, then starts the
adapters — the console when no chat token is configured (``gobot run``, ``python -m bot``).

The seam for the chat platforms is :data:`CHAT_ADAPTERS`: for each configured token the named
module is imported and its ``async def serve(service, config, deliveries) -> None`` runs until
cancelled; it registers a delivery coroutine for its platform prefix in ``deliveries`` so that
scheduler notices (reminders, losses on time) reach its players.

Start-up problems end the process with one line on standard error, secrets masked, and the exit
status of :mod:`bot.startup`: a malformed setting (a token that is not a token's shape), a
database or chat platform that cannot be reached or that refuses the credentials, a PostgreSQL
database that does not exist, nothing to run. All but the chat platforms' are found before any
platform is connected to, in this order: the settings, the database, then the GTP engine, asked
``version`` (:func:`checked_engine_pool`: an engine that does not answer is a warning, and the
computer opponent is off).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import shlex
import signal
import sys
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, TextIO
from urllib.parse import unquote, urlsplit

from bot import startup
from bot.config import Config, ConfigError, load_config
from bot.console import Console
from bot.console.editing import line_editor
from bot.deliveries import Deliveries
from bot.health import beat
from bot.secrets import hide_in_logs, mask
from bot.startup import StartupFailure
from gtp import EnginePool, GtpError, find_gnugo
from gtp.opponent import GtpOpponent
from gtp.pool import CHECK_SECONDS
from service import GameService
from service.i18n import in_language, supported, t, translate
from service.judging import judging_processes
from service.limits import CommandBudget, Limits
from service.ports import Database, GameFeed
from service.preferences import Defaults
from service.scheduler import Scheduler
from storage import (
    BadDatabaseUrl,
    DatabaseCannotOpen,
    DatabaseRejected,
    DatabaseUnreachable,
    SchemaTooNew,
    open_database,
    open_feed,
    parse_database_url,
    server_address,
)

if TYPE_CHECKING:
    from aiohttp import web

log = logging.getLogger(__name__)
DEFAULT_WEB_PORT = 8080

CHAT_ADAPTERS: tuple[tuple[str, str, str], ...] = (
    # (environment variable, Config attribute, adapter module)
    ("DISCORD_TOKEN", "discord_token", "bot.discord"),
    ("TELEGRAM_TOKEN", "telegram_token", "bot.telegram"),
)


async def serve(config: Config, stdin: TextIO, stdout: TextIO) -> int:
    """Run the bot with ``config`` until the console input ends (or the adapters stop)."""
    database = await open_storage(config)
    try:
        pool = await checked_engine_pool(config)
    except BaseException:  # stopped while the engine was asked
        await database.close()
        raise
    judging = judging_processes()
    service = GameService(
        database,
        organisers=config.organisers,
        vacation_days=config.vacation_days,
        opponent=GtpOpponent(pool) if pool is not None else None,
        judge=GtpOpponent(pool) if pool is not None else None,  # dead stones: a second opinion
        judging=judging,  # the bot's own reading of a proposal: a process of its own
        # commands per person in chats (service/limits.py); the local console is not limited
        budget=CommandBudget(Limits()) if config.chat_tokens else None,
        defaults=Defaults(language=supported(config.language), notify=config.notify),
        web_url=config.web_url,  # the links `league publish` gives
        web_local=config.web_local,
    )
    deliveries = Deliveries()
    scheduler = Scheduler(service, deliveries)
    clock_task = asyncio.create_task(scheduler.run())
    heartbeat = asyncio.create_task(beat(config.heartbeat_file)) if config.heartbeat_file else None
    pages = None
    try:
        if config.web_port is not None:
            feed = game_feed(database)
            pages = await _start_web(config, service, feed, config.web_host, config.web_port)
        if config.chat_tokens:
            return await _serve_chats(config, service, deliveries)
        if pages is not None and nothing_to_read(stdin):  # the web alone: until stopped
            await asyncio.Event().wait()
        interactive = stdin.isatty()
        # line editing and history (readline) only on the process's own terminal
        editing = interactive and stdin is sys.stdin and stdout is sys.stdout
        console = Console(
            service,
            stdin,
            stdout,
            interactive=interactive,
            boards_dir=config.boards_dir,
            language=config.language,
            editor=line_editor() if editing else None,
        )
        deliveries["console"] = console.deliver
        return await console.run()
    finally:
        if pages is not None:
            await pages.cleanup()
        for task in (clock_task, heartbeat):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await service.close()  # the computer's answers still in the background
        judging.shutdown(wait=False, cancel_futures=True)
        if pool is not None:
            await pool.close()
        await database.close()


async def _start_web(
    config: Config, service: GameService, feed: GameFeed, host: str, port: int
) -> web.AppRunner:
    """The published leagues' pages on ``host:port``, on this process's service, live through
    ``feed`` (:func:`game_feed`); their links under the path of ``GOBOT_WEB_URL`` (where a
    reverse proxy serves them)."""
    from bot.web.app import root_of  # only when the web is asked for
    from bot.web.server import start_web

    return await start_web(
        service,
        host=host,
        port=port,
        feed=feed,
        language=config.language,
        trust_proxy=config.web_trust_proxy,
        root=root_of(config.web_url or ""),
    )


async def serve_web(config: Config, host: str, port: int) -> int:
    """``gobot web``: only the published leagues' pages, read from the bot's database (the
    bot's processes play; this one reads), until stopped."""
    database = await open_storage(config)
    try:
        service = GameService(
            database,
            organisers=config.organisers,
            defaults=Defaults(language=supported(config.language), notify=config.notify),
        )
        pages = await _start_web(config, service, game_feed(database), host, port)
        try:
            await asyncio.Event().wait()
        finally:
            await pages.cleanup()
    finally:
        await database.close()
    return 0


def database_location(url: str | None) -> str:
    """Where the games are kept, for the start-up log (no password).

    >>> database_location("memory:"), database_location("postgresql://go:pw@db/games")
    ('in memory (nothing is kept)', 'in PostgreSQL at db:5432/games')
    """
    parsed = parse_database_url(url)
    if parsed.dialect == "memory":
        return "in memory (nothing is kept)"
    if parsed.dsn is not None:
        name = urlsplit(parsed.dsn).path
        return f"in PostgreSQL at {server_address(parsed.dsn)}{name}"
    assert parsed.path is not None
    return f"in the SQLite file {parsed.path.absolute()}"


#: PostgreSQL's SQLSTATE for a database that does not exist (asyncpg's InvalidCatalogNameError)
INVALID_CATALOG_NAME = "3D000"


def database_name(url: str | None) -> str:
    """The name of the PostgreSQL database ``url`` names (the user's name when it names none,
    as libpq does).

    >>> database_name("postgresql://go:pw@db/games"), database_name("postgresql://go@db")
    ('games', 'go')
    """
    dsn = parse_database_url(url).dsn or ""
    parts = urlsplit(dsn)
    return unquote(parts.path.lstrip("/")) or unquote(parts.username or "") or "postgres"


async def open_storage(config: Config) -> Database:
    """Open the database, or raise :class:`StartupFailure` saying what to check."""
    log.info("games are kept %s", database_location(config.database_url))
    check = "DATABASE_URL"
    try:
        return await open_database(config.database_url)
    except DatabaseRejected as error:
        if getattr(error.__cause__, "sqlstate", None) == INVALID_CATALOG_NAME:
            name = database_name(config.database_url)
            text = t("startup.no_database", name=name, where=error.where)
            raise StartupFailure(text, startup.EXIT_NO_DATABASE) from None
        why = startup.reason(error.__cause__ or error)
        raise startup.rejected(f"PostgreSQL at {error.where}", "the login", why, check) from None
    except DatabaseUnreachable as error:
        cause = error.__cause__ or error
        raise startup.unreachable("PostgreSQL", error.where, cause, check) from None
    except DatabaseCannotOpen as error:
        why = startup.reason(error.__cause__ or error)
        text = t("startup.cannot_open", path=error.where, reason=why, check=check)
        raise StartupFailure(text, startup.EXIT_CANT_CREATE) from None
    except SchemaTooNew as error:
        parsed = parse_database_url(config.database_url)
        where = str(parsed.path) if parsed.path else server_address(parsed.dsn or "")
        text = t("startup.schema_too_new", where=where, schema=error.current, latest=error.latest)
        raise StartupFailure(text, startup.EXIT_SCHEMA_TOO_NEW) from None


def game_feed(database: Database) -> GameFeed:
    """Which of ``database``'s games changed, in this bot process or another (the web pages' live
    updates): one feed per opened database, stopped when the database closes."""
    return open_feed(database)


async def _serve_chats(config: Config, service: GameService, deliveries: Deliveries) -> int:
    """Start every configured chat adapter in this process, on this one service; the first to
    fail stops the others."""
    modules = []
    for variable, attribute, module_name in CHAT_ADAPTERS:
        if not getattr(config, attribute):
            continue
        try:
            modules.append(importlib.import_module(module_name))
        except ModuleNotFoundError:  # before any adapter starts: none is left running
            adapter = module_name.rpartition(".")[2].title()
            missing = translate(
                config.language, "console.chat_missing", variable=variable, adapter=adapter
            )
            print(missing, file=sys.stderr)
            return 2
    servers = [asyncio.create_task(m.serve(service, config, deliveries)) for m in modules]
    try:
        done, _ = await asyncio.wait(servers, return_when=asyncio.FIRST_EXCEPTION)
        for task in done:
            task.result()  # the first failure, if any
    finally:
        for task in servers:
            task.cancel()
        await asyncio.gather(*servers, return_exceptions=True)
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


async def checked_engine_pool(config: Config, timeout: float = CHECK_SECONDS) -> EnginePool | None:
    """:func:`engine_pool`, once its engine has answered ``version``: an engine that cannot
    start or does not speak GTP is said at start (a warning), and the computer opponent is off,
    so that ``computer`` says it is not available instead of starting a game nobody answers."""
    pool = engine_pool(config)
    if pool is None:
        return None
    command = config.engine_command or shlex.join(pool.command or ())
    try:
        version = await pool.version(timeout)
    except GtpError as error:
        said = translate(
            config.language, "startup.engine_unavailable", command=command, reason=str(error)
        )
        log.warning("%s", said)
        await pool.close()
        return None
    log.info("computer opponent: %s (version %s)", command, version or "not said")
    return pool


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


async def serve_until_stopped(
    config: Config,
    stdin: TextIO,
    stdout: TextIO,
    work: Callable[[], Awaitable[int]] | None = None,
) -> int:
    """:func:`serve` (or ``work``), stopped cleanly by SIGTERM or SIGINT (Ctrl-C): adapters
    closed, database closed, status 0."""
    task = asyncio.current_task()
    assert task is not None
    loop = asyncio.get_running_loop()

    def stop(name: str) -> None:
        if stdin.isatty():
            stdout.write("\n")  # leave the prompt's line
            stdout.flush()
        log.info("%s: shutting down", name)
        task.cancel()

    for number in STOP_SIGNALS:
        loop.add_signal_handler(number, stop, signal.Signals(number).name)
    try:
        return await (work() if work is not None else serve(config, stdin, stdout))
    except asyncio.CancelledError:
        log.info("stopped")
        return 0
    finally:
        for number in STOP_SIGNALS:
            loop.remove_signal_handler(number)


def nothing_to_read(stdin: TextIO | None) -> bool:
    """True when standard input is not a terminal and holds nothing: ``/dev/null`` or an empty
    file, as in a container started without ``-it``. Looks without consuming a script's first
    line (it waits for a pipe's first data, as the console would)."""
    if stdin is None:
        return True
    try:
        if stdin.isatty():
            return False
        peek = getattr(getattr(stdin, "buffer", None), "peek", None)
        return peek is not None and not peek(1)
    except (OSError, ValueError):  # closed
        return True


def configure_logging(config: Config) -> None:
    """Log at ``LOG_LEVEL`` to standard error, with every secret of ``config`` masked."""
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    hide_in_logs(*config.secrets)


def run(web_address: tuple[str | None, int | None] | None = None) -> int:
    """``gobot run``: read the configuration and run the bot; the exit status (see
    :mod:`bot.startup`). With ``web_address`` (``gobot web``: a host and a port, None for
    the configured ones, else ``127.0.0.1:8080``), only the web pages."""
    secrets: tuple[str, ...] = ()
    try:
        config = load_config()
        secrets = config.secrets
        configure_logging(config)
        if web_address is not None:
            host = web_address[0] or config.web_host
            port = web_address[1] or config.web_port or DEFAULT_WEB_PORT
            only_web = partial(serve_web, config, host, port)
            return asyncio.run(serve_until_stopped(config, sys.stdin, sys.stdout, only_web))
        if not config.chat_tokens and config.web_port is None and nothing_to_read(sys.stdin):
            print(t("startup.nothing_to_run"), file=sys.stderr)
            return startup.EXIT_CONFIG
        return asyncio.run(serve_until_stopped(config, sys.stdin, sys.stdout))
    except (ConfigError, BadDatabaseUrl) as error:
        print(mask(str(error), secrets), file=sys.stderr)
        return startup.EXIT_CONFIG
    except StartupFailure as failure:  # said in the bot's language (GOBOT_LANGUAGE)
        print(mask(in_language(config.language, failure.message), secrets), file=sys.stderr)
        return failure.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the console's output was closed (`… | gobot run | head -1`)
        return startup.output_closed()
    except Exception:
        log.exception("the bot stopped on an unexpected error")  # masked: hide_in_logs
        return startup.EXIT_SOFTWARE
