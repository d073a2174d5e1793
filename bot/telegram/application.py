"""The python-telegram-bot application: handlers routed by command, text and callback pattern,
the flood-control rate limiter, updates of one chat in order (chats concurrently), the command
menus (:mod:`bot.telegram.menu`), and serving by polling or webhook until cancelled."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Mapping, MutableMapping
from typing import Any

from telegram import Update
from telegram.error import InvalidToken, NetworkError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    BaseRateLimiter,
    BaseUpdateProcessor,
    CallbackQueryHandler,
    MessageHandler,
    filters,
)

from bot import startup
from bot.clock import MONOTONIC, Clock
from bot.telegram.handlers import TOKEN_FILTER, Handlers
from bot.telegram.logs import mask_secrets
from bot.telegram.menu import set_command_menus
from bot.telegram.pacing import ChatPacer
from bot.telegram.people import People
from bot.telegram.pings import Pings
from bot.telegram.present import Presenter
from bot.telegram.settings import TelegramSettings
from service import Deliver, GameService

log = logging.getLogger(__name__)
TelegramApp = Application[Any, Any, Any, Any, Any, Any]
TELEGRAM_API = "https://api.telegram.org/bot"
ALLOWED_UPDATES = (Update.MESSAGE, Update.CALLBACK_QUERY)
MAX_CONCURRENT_UPDATES = 256
PRESENTER = "gobot.presenter"  # bot_data key of the application's Presenter


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Updates of one chat are handled one after another, in order; chats run concurrently."""

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, tuple[asyncio.Lock, int]] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        key = chat.id if chat is not None else 0
        lock, users = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                await coroutine
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to free."""


def build_application(
    service: GameService,
    settings: TelegramSettings,
    *,
    rate_limiter: BaseRateLimiter[Any] | None = None,
    deliveries: Mapping[str, Deliver] | None = None,
    clock: Clock = MONOTONIC,
) -> tuple[TelegramApp, Deliver]:
    """The application with every handler installed, and the coroutine delivering notices;
    ``clock`` is the pings' (tests pass a fake one; the pacer keeps Telegram's real time)."""
    builder = (
        ApplicationBuilder()
        .token(settings.token)
        .rate_limiter(rate_limiter or ChatPacer(settings.limits))
        .concurrent_updates(ChatOrderedProcessor(MAX_CONCURRENT_UPDATES))
        .job_queue(None)
    )
    if settings.api_url:
        builder = builder.base_url(settings.api_url)
    if settings.base_file_url:
        builder = builder.base_file_url(settings.base_file_url)
    app: TelegramApp = builder.build()
    people = People(service)
    pings = Pings(app.bot, people, settings.notify, settings.ping_after, clock)
    presenter = Presenter(app.bot, service, people, deliveries, pings)

    app.bot_data[PRESENTER] = presenter  # run() finishes its answers when it stops
    handlers = Handlers(service, people, presenter)
    new_messages = filters.UpdateType.MESSAGE
    app.add_handler(MessageHandler(new_messages & filters.COMMAND, handlers.on_command))
    app.add_handler(
        MessageHandler(new_messages & filters.TEXT & ~filters.COMMAND, handlers.on_text)
    )
    app.add_handler(CallbackQueryHandler(handlers.on_button, pattern=TOKEN_FILTER))
    app.add_handler(CallbackQueryHandler(handlers.on_stale_button))
    app.add_error_handler(handlers.on_error)
    return app, presenter.deliver


async def run(
    service: GameService,
    settings: TelegramSettings,
    deliveries: MutableMapping[str, Deliver],
    clock: Clock = MONOTONIC,
) -> None:
    """Serve Telegram until cancelled, then stop receiving and shut the application down;
    ``clock``: the pings' (:func:`build_application`).

    Raises :class:`bot.startup.StartupFailure` when the Bot API refuses the token, cannot be
    reached, or the webhook server cannot listen, before the bot is up."""
    mask_secrets(settings.token, settings.webhook_secret)
    app, deliver = build_application(service, settings, deliveries=deliveries, clock=clock)
    started = False
    try:
        async with app:  # getMe: checks the token
            assert app.updater is not None
            try:
                await set_command_menus(app.bot)  # a refused menu is logged, not fatal
                if settings.webhook:
                    await app.updater.start_webhook(
                        listen=settings.webhook_listen,
                        port=settings.webhook_port,
                        url_path=settings.webhook_path,
                        webhook_url=settings.webhook_url,
                        secret_token=settings.webhook_secret,
                        allowed_updates=ALLOWED_UPDATES,
                    )
                else:
                    await app.updater.start_polling(
                        poll_interval=0, allowed_updates=ALLOWED_UPDATES
                    )
                await app.start()
                started = True
                deliveries["telegram"] = deliver
                mode = "on its webhook" if settings.webhook else "polling"
                log.info("Telegram bot @%s is %s", app.bot.username, mode)
                await asyncio.Event().wait()
            finally:
                deliveries.pop("telegram", None)
                if app.updater.running:
                    await app.updater.stop()
                if app.running:
                    await app.stop()  # the updates being handled finish
                await app.bot_data[PRESENTER].close()  # then their answers, while the bot can
    except (InvalidToken, NetworkError, OSError) as error:
        failure = None if started else start_failure(settings, error)
        if failure is None:
            raise
        raise failure from None


def start_failure(settings: TelegramSettings, error: Exception) -> startup.StartupFailure | None:
    """What to tell the operator when the bot could not start on Telegram (None: not known)."""
    if isinstance(error, InvalidToken):
        # the server's own answer ("Unauthorized"); the outer message repeats the token
        cause = error.__cause__
        why = str(cause) if isinstance(cause, InvalidToken) else "unauthorized"
        return startup.rejected("Telegram", "TELEGRAM_TOKEN", why, "TELEGRAM_TOKEN (@BotFather)")
    if isinstance(error, NetworkError):
        where = startup.where(settings.api_url or TELEGRAM_API)
        check = "TELEGRAM_API_URL" if settings.api_url else "the network connection"
        return startup.unreachable("Telegram", where, error, check)
    if settings.webhook:  # the local webhook server could not bind its address
        listen = f"{settings.webhook_listen}:{settings.webhook_port}"
        check = "TELEGRAM_WEBHOOK_LISTEN, TELEGRAM_WEBHOOK_PORT"
        return startup.cannot_listen(listen, error, check)
    return None
