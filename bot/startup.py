"""Why the bot cannot start, in one line, and the exit status that says which kind of problem it
is (the README lists them):

- ``2`` (:data:`EXIT_CONFIG`): a setting is malformed (a token that is not a token's shape),
  or nothing is configured to run;
- ``65`` (:data:`EXIT_SCHEMA_TOO_NEW`, sysexits' EX_DATAERR): the database's schema is newer
  than this build's (a newer gobot upgraded it; migrations only go forward);
- ``66`` (:data:`EXIT_NO_DATABASE`, sysexits' EX_NOINPUT): the PostgreSQL database named in
  ``DATABASE_URL`` does not exist on its server;
- ``69`` (:data:`EXIT_UNAVAILABLE`, sysexits' EX_UNAVAILABLE): a service cannot be reached;
- ``70`` (:data:`EXIT_SOFTWARE`): an unexpected error (logged, with secrets masked);
- ``73`` (:data:`EXIT_CANT_CREATE`): the SQLite database cannot be opened or created;
- ``78`` (:data:`EXIT_REJECTED`, EX_CONFIG): a service refused the configured credentials;
- ``141`` (:data:`EXIT_OUTPUT_CLOSED`, 128 + SIGPIPE, as a shell reports a program that wrote
  into a closed pipe): standard output was closed by its reader (``gobot games | head -1``);
  nothing is printed (:func:`output_closed`).

The adapters raise :class:`StartupFailure` for their platform; the composition root does the same
for the database, prints the one line (secrets masked) and exits with its status.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import ssl
import sys
from collections.abc import Iterator
from urllib.parse import urlsplit

from service.i18n import add_messages, t

EXIT_CONFIG = 2
EXIT_SCHEMA_TOO_NEW = 65
EXIT_NO_DATABASE = 66
EXIT_UNAVAILABLE = 69
EXIT_SOFTWARE = 70
EXIT_CANT_CREATE = 73
EXIT_REJECTED = 78
EXIT_OUTPUT_CLOSED = 128 + signal.SIGPIPE

ENGLISH = {
    "startup.unreachable": "cannot reach {service} at {where} ({reason}): check {check}",
    "startup.rejected": "{service} rejected {what} ({reason}): check {check}",
    "startup.cannot_listen": "cannot listen on {where} ({reason}): check {check}",
    "startup.cannot_open": "cannot open the SQLite database {path} ({reason}): check {check}",
    "startup.no_database": (
        "the PostgreSQL database {name!r} does not exist on {where}: create it (createdb {name}) "
        "or check DATABASE_URL"
    ),
    "startup.telegram_token": (
        "TELEGRAM_TOKEN does not look like a Telegram bot token: that is the bot's number, a "
        "colon and about 35 letters, digits, '-' and '_' (123456789:AAH…), with no spaces or "
        "line breaks; copy it again from @BotFather"
    ),
    "startup.discord_token": (
        "DISCORD_TOKEN does not look like a Discord bot token: that is three parts of letters, "
        "digits, '-' and '_' joined by dots (MTIz….GaBc….xYz…), with no spaces or line breaks; "
        "copy it again from the Developer Portal (your application, Bot, Reset Token)"
    ),
    "startup.organiser": (
        "ORGANISERS: {player!r} should be platform:id, e.g. discord:123, telegram:456 or, "
        "on the console, console:{name}"
    ),
    "startup.engine_unavailable": (
        "the computer opponent is off: the engine {command!r} did not answer the GTP command "
        "`version` ({reason}); the `computer` command says it is not available. Check "
        "GOBOT_ENGINE (unset, the bot uses GNU Go when installed)"
    ),
    "startup.nothing_to_run": (
        "nothing to run: set DISCORD_TOKEN and/or TELEGRAM_TOKEN, or run with a terminal "
        "(docker run -it …), or pipe a script (python -m bot < game.txt)"
    ),
    "startup.schema_too_new": (
        "the database {where} has schema {schema}, newer than this gobot's {latest}: a newer "
        "gobot upgraded it, and migrations only go forward; run that newer gobot, or restore a "
        "backup taken before the upgrade (gobot restore)"
    ),
}
add_messages(ENGLISH)

_ERRNO = re.compile(r"\[Errno (\d+)\]")


class StartupFailure(Exception):
    """The bot cannot start: ``message`` is the one line to print, ``code`` the exit status."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.message, self.code = message, code


def output_closed() -> int:
    """Standard output's reader went away (``| head -1``): point the output at ``/dev/null``, so
    that what is still buffered goes nowhere quietly instead of failing again at exit (Python's
    own recipe), and return :data:`EXIT_OUTPUT_CLOSED`. Nothing is said: nobody reads it."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real stdout (a test's StringIO)
        pass
    return EXIT_OUTPUT_CLOSED


def unreachable(service: str, where: str, error: BaseException, check: str) -> StartupFailure:
    """``cannot reach Telegram at api.telegram.org:443 (connection refused): check …``"""
    text = t("startup.unreachable", service=service, where=where, reason=reason(error), check=check)
    return StartupFailure(text, EXIT_UNAVAILABLE)


def rejected(service: str, what: str, why: str, check: str) -> StartupFailure:
    """``Telegram rejected TELEGRAM_TOKEN (unauthorized): check …``"""
    return StartupFailure(
        t("startup.rejected", service=service, what=what, reason=why, check=check), EXIT_REJECTED
    )


def cannot_listen(where: str, error: BaseException, check: str) -> StartupFailure:
    """A local server (Telegram's webhook) cannot bind its address."""
    text = t("startup.cannot_listen", where=where, reason=reason(error), check=check)
    return StartupFailure(text, EXIT_UNAVAILABLE)


def where(url: str, default_port: int | None = None) -> str:
    """``host:port`` of a URL, the scheme's port when none is given.

    >>> where("https://api.telegram.org/bot"), where("http://127.0.0.1:8081/bot")
    ('api.telegram.org:443', '127.0.0.1:8081')
    """
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = None
    if port is None:
        port = default_port or {"https": 443, "http": 80}.get(parts.scheme)
    host = parts.hostname or "localhost"
    host = f"[{host}]" if ":" in host else host
    return f"{host}:{port}" if port else host


def _chain(error: BaseException) -> Iterator[BaseException]:
    """``error``, its causes and contexts, and the members of exception groups, outermost first."""
    seen: set[int] = set()
    queue: list[BaseException] = [error]
    while queue:
        current = queue.pop(0)
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        if isinstance(current, BaseExceptionGroup):
            queue.extend(current.exceptions)
        queue.extend(e for e in (current.__cause__, current.__context__) if e is not None)


def reason(error: BaseException) -> str:
    """The cause of a failure to connect in a few words: ``connection refused``, ``unknown
    host``, ``timed out``, … (the error's own message when nothing better is known).

    >>> import errno
    >>> reason(OSError(errno.ECONNREFUSED, "Connect call failed"))
    'connection refused'
    >>> reason(RuntimeError("no")), reason(RuntimeError())
    ('no', 'RuntimeError')
    """
    chain = list(_chain(error))
    for each in chain:
        if isinstance(each, socket.gaierror):
            return "unknown host"
        if isinstance(each, ssl.SSLError):
            return f"TLS: {each.reason or each}"
        if isinstance(each, TimeoutError):
            return "timed out"
        if isinstance(each, OSError) and isinstance(each.errno, int) and each.errno > 0:
            return os.strerror(each.errno).lower()
        found = _ERRNO.search(str(each)) if isinstance(each, OSError) else None
        if found:  # asyncio's "Multiple exceptions: [Errno 111] …, [Errno 99] …"
            return os.strerror(int(found[1])).lower()
    text = " ".join(str(error).split())
    return text[:120] if text else type(error).__name__
