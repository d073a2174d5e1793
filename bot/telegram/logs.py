"""Secrets never reach the logs: the Telegram token and webhook secret are masked in every log
record (:func:`bot.secrets.hide_in_logs`), and httpx's one line per request (which carries the
token in its URL) is kept below the log level."""

from __future__ import annotations

import logging

from bot.secrets import MASK, hide_in_logs

__all__ = ["MASK", "mask_secrets"]


def mask_secrets(*secrets: str | None) -> None:
    """Mask ``secrets`` in every log record from now on, whichever logger or handler writes it."""
    logging.getLogger("httpx").setLevel(logging.WARNING)  # one INFO line per request otherwise
    hide_in_logs(*secrets)
