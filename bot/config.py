"""Configuration from environment variables and an optional ``.env`` file (the environment wins).

``DATABASE_URL`` (default: a SQLite file in the user's data directory), ``DISCORD_TOKEN``,
``TELEGRAM_TOKEN``, ``TELEGRAM_API_URL`` (a self-hosted Bot API server), ``ORGANISERS``
(``discord:1,telegram:2``), ``GOBOT_LANGUAGE`` (the default language: ``en``, ``cs`` or
``hu``), ``BOARDS_DIR`` (console board images, default ``./boards``; empty disables them),
``VACATION_DAYS`` (yearly, default 30),
``GOBOT_ENGINE`` (a GTP engine command line; default GNU Go when installed) and
``GOBOT_ENGINE_PROCESSES`` (engine processes shared by all games, default 2), ``LOG_LEVEL``
(default ``INFO``), ``GOBOT_HEARTBEAT_FILE`` (a file the running bot touches for
``gobot health``; default none), ``GOBOT_NOTIFY`` (which pings players get: ``all``, ``turn``
— the default: "your move" only after being away from a game for ``GOBOT_PING_AFTER`` seconds,
default 300 — or ``none``), ``GOBOT_WEB_URL`` (the public address of the published leagues' web
pages, for the links the bot gives; default: ``http://localhost:<GOBOT_WEB_PORT or 8080>``),
``GOBOT_WEB_PORT`` (serve the published leagues' pages on this port inside ``gobot run``;
default: no web server), ``GOBOT_WEB_HOST`` (its address, default ``127.0.0.1``) and
``GOBOT_WEB_TRUST_PROXY`` (``yes`` behind a reverse proxy that is the only way in: its
``X-Forwarded-For`` names the client the rate cap counts).

The tokens are checked for their shape here (:func:`check_token`), before anything connects: a
piece of a token, a line break inside or a Telegram token given as Discord's is a setting error.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import dotenv_values

from bot.secrets import url_password
from bot.startup import EXIT_CONFIG
from service.i18n import LANGUAGES, supported, t

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
NOTIFY_CHOICES = ("all", "turn", "none")
#: a Telegram bot token: the bot's number, a colon, about 35 URL-safe characters (@BotFather)
TELEGRAM_TOKEN_SHAPE = re.compile(r"[0-9]{1,20}:[A-Za-z0-9_-]{30,80}")
#: a Discord bot token: three base64url parts joined by dots (the user id, a time, an HMAC)
DISCORD_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}")


class ConfigError(ValueError):
    """A setting that cannot be used; the message names the variable. The bot exits with
    :data:`code` (``2``)."""

    code = EXIT_CONFIG


YES_NO = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}


def web_port_value(text: str | None) -> int | None:
    """``GOBOT_WEB_PORT``: a TCP port (1-65535), or None when unset.

    >>> web_port_value("8080"), web_port_value(None)
    (8080, None)
    """
    if text is None:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ConfigError(f"GOBOT_WEB_PORT: {text!r} is not a port number (1-65535)")
    return int(text)


def check_token(variable: str, value: str | None) -> None:
    """Raise :class:`ConfigError` when the token of ``variable`` is not a token's shape (a line
    break or a space inside, a truncated copy, another secret): said before connecting, and
    never quoting the value.

    >>> check_token("TELEGRAM_TOKEN", "123456789:" + "A" * 35)
    """
    if value is None:
        return
    shape, key = {
        "TELEGRAM_TOKEN": (TELEGRAM_TOKEN_SHAPE, "startup.telegram_token"),
        "DISCORD_TOKEN": (DISCORD_TOKEN_SHAPE, "startup.discord_token"),
    }[variable]
    if not shape.fullmatch(value):
        raise ConfigError(t(key))


@dataclass(frozen=True, slots=True)
class Config:
    """Every setting the bot reads."""

    database_url: str | None = None
    discord_token: str | None = None
    telegram_token: str | None = None
    telegram_api_url: str | None = None
    organisers: frozenset[str] = frozenset()
    language: str = "en"
    boards_dir: Path | None = Path("boards")
    vacation_days: float = 30.0
    engine_command: str | None = None  # a GTP engine command line; default: GNU Go if installed
    engine_processes: int = 2
    log_level: str = "INFO"
    heartbeat_file: Path | None = None  # touched while the bot runs, for ``gobot health``
    notify: str = "turn"  # which pings players get: all, turn or none
    ping_after: float = 300.0  # seconds away from a game before a "your move" ping
    web_url: str | None = None  # the web pages' public address (GOBOT_WEB_URL), no trailing /
    web_port: int | None = None  # the web pages inside ``gobot run`` (None: no web server)
    web_host: str = "127.0.0.1"
    web_trust_proxy: bool = False  # count X-Forwarded-For's client (behind a trusted proxy)
    #: every variable as read (the environment over ``.env``), for the adapters' own settings
    environ: Mapping[str, str] = field(default_factory=dict, repr=False)

    @property
    def chat_tokens(self) -> bool:
        """True when a chat platform is configured (else the console runs)."""
        return bool(self.discord_token or self.telegram_token)

    @property
    def secrets(self) -> tuple[str, ...]:
        """What must never be shown: the tokens, the webhook secret, the database password."""
        values = (
            self.discord_token,
            self.telegram_token,
            self.environ.get("TELEGRAM_WEBHOOK_SECRET", "").strip(),
            url_password(self.database_url),
        )
        return tuple(v for v in values if v)

    @property
    def web_local(self) -> str:
        """Where ``gobot web`` serves the pages on this machine (``GOBOT_WEB_PORT``, default
        8080): the links the bot gives while ``GOBOT_WEB_URL`` is not set."""
        port = self.environ.get("GOBOT_WEB_PORT", "").strip()
        return f"http://localhost:{port if port.isdigit() else 8080}"


def web_url_value(text: str | None) -> str | None:
    """``GOBOT_WEB_URL``: the public address of the web pages (``http`` or ``https``, a host, a
    path at most), without its trailing slash; None when unset.

    >>> web_url_value("https://go.example.org/club/"), web_url_value(None)
    ('https://go.example.org/club', None)
    """
    if text is None:
        return None
    try:
        parts = urlsplit(text)
        bad = (
            parts.scheme not in ("http", "https")
            or not parts.hostname
            or parts.username is not None
            or bool(parts.query or parts.fragment)
            or any(c.isspace() for c in text)
        )
        _ = parts.port  # a port that is not a number raises
    except ValueError:
        bad = True
    if bad:
        raise ConfigError(
            f"GOBOT_WEB_URL: {text!r} is not a web address: write the public address of the "
            "pages, e.g. https://go.example.org"
        )
    return text.rstrip("/")


def load_config(environ: Mapping[str, str] | None = None, dotenv: Path | None = None) -> Config:
    """Read the settings from ``environ`` (default ``os.environ``) over the ``.env`` file."""
    values: dict[str, str] = {}
    env_file = dotenv if dotenv is not None else Path(".env")
    if env_file.is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)

    def get(name: str) -> str | None:
        value = values.get(name, "").strip()
        return value or None

    organisers = frozenset(p.strip() for p in (get("ORGANISERS") or "").split(",") if p.strip())
    for player in organisers:
        if ":" not in player:  # `alice`: on the console that is `console:alice`
            raise ConfigError(t("startup.organiser", player=player, name=player.lower()))
    boards = values.get("BOARDS_DIR")
    vacation = get("VACATION_DAYS") or "30"
    try:
        vacation_days = float(vacation)
    except ValueError:
        raise ConfigError(f"VACATION_DAYS: {vacation!r} is not a number of days") from None
    processes = get("GOBOT_ENGINE_PROCESSES") or "2"
    if not processes.isdigit() or not 1 <= int(processes) <= 16:
        raise ConfigError(f"GOBOT_ENGINE_PROCESSES: {processes!r} is not a number from 1 to 16")
    log_level = (get("LOG_LEVEL") or "INFO").upper()
    if log_level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL: {log_level!r} is not one of {', '.join(LOG_LEVELS)}")
    heartbeat = get("GOBOT_HEARTBEAT_FILE")
    notify = (get("GOBOT_NOTIFY") or "turn").lower()
    if notify not in NOTIFY_CHOICES:
        raise ConfigError(f"GOBOT_NOTIFY: {notify!r} is not one of {', '.join(NOTIFY_CHOICES)}")
    wanted = get("GOBOT_LANGUAGE") or "en"
    if supported(wanted) is None:
        raise ConfigError(f"GOBOT_LANGUAGE: {wanted!r} is not one of {', '.join(LANGUAGES)}")
    ping_after = get("GOBOT_PING_AFTER") or "300"
    try:
        ping_seconds = float(ping_after)
    except ValueError:
        ping_seconds = -1.0
    if not 0 <= ping_seconds <= 7 * 86400:
        raise ConfigError(f"GOBOT_PING_AFTER: {ping_after!r} is not a number of seconds (0-604800)")
    for variable in ("DISCORD_TOKEN", "TELEGRAM_TOKEN"):
        check_token(variable, get(variable))
    web_port = web_port_value(get("GOBOT_WEB_PORT"))
    trust = (get("GOBOT_WEB_TRUST_PROXY") or "no").lower()
    if trust not in YES_NO:
        raise ConfigError(f"GOBOT_WEB_TRUST_PROXY: {trust!r} is not yes or no")
    return Config(
        web_port=web_port,
        web_host=get("GOBOT_WEB_HOST") or "127.0.0.1",
        web_trust_proxy=YES_NO[trust],
        environ=dict(values),
        log_level=log_level,
        heartbeat_file=Path(heartbeat) if heartbeat else None,
        notify=notify,
        ping_after=ping_seconds,
        engine_command=get("GOBOT_ENGINE"),
        engine_processes=int(processes),
        database_url=get("DATABASE_URL"),
        discord_token=get("DISCORD_TOKEN"),
        telegram_token=get("TELEGRAM_TOKEN"),
        telegram_api_url=get("TELEGRAM_API_URL"),
        organisers=organisers,
        language=supported(wanted) or "en",
        boards_dir=Path("boards") if boards is None else (Path(boards) if boards.strip() else None),
        vacation_days=vacation_days,
        web_url=web_url_value(get("GOBOT_WEB_URL")),
    )
