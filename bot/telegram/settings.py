"""The Telegram adapter's settings: the token and Bot API base URL from :class:`bot.config.Config`,
and webhook mode from its variables (``TELEGRAM_WEBHOOK_URL``, ``TELEGRAM_WEBHOOK_SECRET``,
``TELEGRAM_WEBHOOK_LISTEN``, ``TELEGRAM_WEBHOOK_PORT``) plus ``TELEGRAM_FILE_URL``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from bot.config import Config, ConfigError
from bot.telegram.pacing import Limits
from bot.telegram.pings import IDLE, Notify

_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")  # what Telegram accepts as a webhook secret token


@dataclass(frozen=True, slots=True)
class TelegramSettings:
    """How to reach the Bot API and how updates arrive (polling unless a webhook URL is set)."""

    token: str
    api_url: str | None = None  # e.g. http://localhost:8081/bot for a self-hosted Bot API server
    file_url: str | None = None  # derived from ``api_url`` when not given
    webhook_url: str | None = None
    webhook_secret: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = 8443
    limits: Limits = field(default_factory=Limits)  # Telegram's flood limits, which the bot keeps
    notify: Notify = Notify.TURN  # which pings players get
    ping_after: float = IDLE  # seconds away from a game before a "your move" ping

    @property
    def webhook(self) -> bool:
        return self.webhook_url is not None

    @property
    def webhook_path(self) -> str:
        """The path the local webhook server answers on: the path of the public URL."""
        assert self.webhook_url is not None
        return urlsplit(self.webhook_url).path.strip("/")

    @property
    def base_file_url(self) -> str | None:
        """The file download base matching ``api_url`` (``…/bot`` → ``…/file/bot``)."""
        if self.file_url:
            return self.file_url
        if self.api_url and self.api_url.rstrip("/").endswith("/bot"):
            return self.api_url.rstrip("/").removesuffix("/bot") + "/file/bot"
        return None

    @classmethod
    def from_config(
        cls, config: Config, environ: Mapping[str, str] | None = None
    ) -> TelegramSettings:
        """The settings for ``config``; webhook mode from ``environ`` (default: the variables
        the configuration was read from, the environment over ``.env``)."""
        env = config.environ if environ is None else environ

        def get(name: str) -> str | None:
            value = env.get(name, "").strip()
            return value or None

        if not config.telegram_token:
            raise ConfigError("TELEGRAM_TOKEN is not set")
        webhook_url = get("TELEGRAM_WEBHOOK_URL")
        secret = get("TELEGRAM_WEBHOOK_SECRET")
        if webhook_url is not None:
            if urlsplit(webhook_url).scheme != "https":
                raise ConfigError("TELEGRAM_WEBHOOK_URL must be an https:// URL")
            if secret is None or not _SECRET.fullmatch(secret):
                raise ConfigError(
                    "TELEGRAM_WEBHOOK_SECRET must be set with TELEGRAM_WEBHOOK_URL: "
                    "1-256 characters of A-Z, a-z, 0-9, _ and -"
                )
        port = get("TELEGRAM_WEBHOOK_PORT") or "8443"
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ConfigError(f"TELEGRAM_WEBHOOK_PORT: {port!r} is not a port number")
        return cls(
            token=config.telegram_token,
            api_url=config.telegram_api_url,
            file_url=get("TELEGRAM_FILE_URL"),
            webhook_url=webhook_url,
            webhook_secret=secret,
            webhook_listen=get("TELEGRAM_WEBHOOK_LISTEN") or "0.0.0.0",
            webhook_port=int(port),
            notify=Notify(config.notify),
            ping_after=config.ping_after,
        )
