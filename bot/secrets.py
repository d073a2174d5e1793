"""Secrets never reach the terminal or the logs.

:func:`mask` hides known secrets (tokens, the database password) in a text and the password of
any ``scheme://user:password@host`` URL in it; :func:`mask_url` hides the password of one URL;
:func:`hide_in_logs` masks every log record from then on, whichever logger or handler writes it
(httpx and python-telegram-bot log request URLs, which carry the bot token).

>>> mask_url("postgresql://gobot:hunter2@db:5432/games")
'postgresql://gobot:<secret>@db:5432/games'
>>> mask("token 123:ABC rejected", ["123:ABC"])
'token <secret> rejected'
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote

MASK = "<secret>"
# scheme://user:PASSWORD@ in free text (a password holding '@' or '/' is caught as a known secret)
_USERINFO = re.compile(r"(?P<head>\b[A-Za-z][A-Za-z0-9+.-]*://[^\s/@:]*:)[^\s/@]+(?=@)")
_QUERY = re.compile(r"(?P<head>[?&](?:password|sslpassword)=)[^&#\s]+", re.IGNORECASE)
_secrets: set[str] = set()
_installed = False


def url_password(url: str | None) -> str | None:
    """The password a URL carries (``user:password@`` or ``?password=``), or None.

    >>> url_password("postgresql://go:p%40ss@db/games"), url_password("sqlite:///games.db")
    ('p%40ss', None)
    """
    if not url or "://" not in url:
        return None
    userinfo, at, _ = url.partition("://")[2].rpartition("@")
    if at and ":" in userinfo:
        password = userinfo.partition(":")[2]
        return password or None
    query = _QUERY.search(url)
    return query.group(0).partition("=")[2] if query else None


def mask_url(url: str) -> str:
    """``url`` with its password replaced by :data:`MASK` (anything else kept)."""
    return mask(url, [url_password(url)])


def mask(text: str, secrets: Iterable[str | None] = ()) -> str:
    """``text`` with every secret (and its percent-decoded form) and every URL password in it
    replaced by :data:`MASK`."""
    known = {s for secret in secrets if secret for s in (secret, unquote(secret)) if s}
    for secret in sorted(known, key=len, reverse=True):  # a longer secret first: no half masks
        text = text.replace(secret, MASK)
    if "://" in text:
        text = _USERINFO.sub(lambda m: m["head"] + MASK, text)
    if "password=" in text.lower():
        text = _QUERY.sub(lambda m: m["head"] + MASK, text)
    return text


def hide_in_logs(*secrets: str | None) -> None:
    """Mask ``secrets`` (and URL passwords) in every log record from now on."""
    global _installed
    _secrets.update(s for s in secrets if s)
    if _installed:
        return
    _installed = True
    make_record = logging.getLogRecordFactory()

    def masking_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = make_record(*args, **kwargs)
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a malformed call: logging reports it when it emits
            return record
        masked = mask(message, _secrets)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info:
            record.exc_text = mask(logging.Formatter().formatException(record.exc_info), _secrets)
        return record

    logging.setLogRecordFactory(masking_record)
