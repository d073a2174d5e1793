"""Secrets never reach the logs: every log record is masked before any handler sees it (httpx and
python-telegram-bot log request URLs, which carry the bot token)."""

from __future__ import annotations

import logging
from typing import Any

MASK = "<secret>"
_secrets: set[str] = set()
_installed = False


def _masked(text: str) -> str:
    for secret in _secrets:
        text = text.replace(secret, MASK)
    return text


def mask_secrets(*secrets: str | None) -> None:
    """Mask ``secrets`` in every log record from now on, whichever logger or handler writes it."""
    global _installed
    _secrets.update(s for s in secrets if s)
    logging.getLogger("httpx").setLevel(logging.WARNING)  # one INFO line per request otherwise
    if _installed:
        return
    _installed = True
    make_record = logging.getLogRecordFactory()

    def masking_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = make_record(*args, **kwargs)
        message = record.getMessage()
        if any(secret in message for secret in _secrets):
            record.msg, record.args = _masked(message), None
        if record.exc_info:
            record.exc_text = _masked(logging.Formatter().formatException(record.exc_info))
        return record

    logging.setLogRecordFactory(masking_record)
