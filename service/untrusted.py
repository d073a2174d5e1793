"""Untrusted text, cleaned once where it enters the service (:meth:`GameService.execute
<service.game_service.GameService.execute>` and ``language_for``), so that every adapter and
every backend gets the same: display names and usernames the platforms give, league names,
options and any other text a person typed.

What goes: control characters (NUL among them: PostgreSQL refuses it in text; tabs and line
breaks become a space), lone surrogates (no UTF-8 encodes them), and the bidirectional
embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which would turn the rest of
a line around (a name ending in U+202E reverses the result written after it). What stays:
letters of every script, emoji (with their joiners), the left-to-right and right-to-left marks,
spaces of every width. A text longer than its cap is cut, with ``…`` as its last character.
Cleaning is idempotent: clean text comes back unchanged (the same object).

>>> clean("al\\x00ice\\u202e\\n")
'alice '
>>> clean("x" * 10, limit=5)
'xxxx…'
>>> clean_actor(Actor("telegram:7", "\\x00\\u202e")).name
'7'
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Mapping
from typing import Any, TypeVar

from service.commands import Actor, Request

TEXT_LIMIT = 300
"""The longest text kept of anything typed or given (an id, a league name, an option)."""
NAME_LIMIT = 64
"""The longest display name kept (Telegram allows 128 characters for a first and last name)."""

_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_SPACES = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85")  # control characters that break lines
_CUT = "…"

T = TypeVar("T")


def _kept(char: str) -> str:
    """What becomes of one character that is not printable as it stands."""
    if char in _BIDI:
        return ""
    category = unicodedata.category(char)
    if char in _SPACES or category in ("Zl", "Zp"):
        return " "
    if category in ("Cc", "Cs"):
        return ""
    return char  # format characters (joiners, marks), private use, unassigned


def clean(text: str, *, limit: int = TEXT_LIMIT) -> str:
    """``text`` without control characters, lone surrogates and bidirectional overrides
    (line breaks and other spaces become an ordinary space), at most ``limit`` characters."""
    if not text.isprintable():
        kept = "".join(char if char.isprintable() else _kept(char) for char in text)
        text = text if kept == text else kept  # clean text comes back as the same object
    if len(text) > limit:
        text = text[: limit - 1] + _CUT
    return text


def clean_actor(actor: Actor) -> Actor:
    """The actor with a clean id, language and display name; a name with nothing left (or
    only spaces) becomes the id's own part (``telegram:7`` → ``7``)."""
    account = clean(actor.id)
    name = clean(actor.name, limit=NAME_LIMIT).strip()
    if not name:
        name = clean(account.partition(":")[2] or account, limit=NAME_LIMIT).strip() or "?"
    language = None if actor.language is None else clean(actor.language, limit=35)
    if (account, name, language) == (actor.id, actor.name, actor.language):
        return actor
    return Actor(account, name, language)


def clean_request(request: Request) -> Request:
    """The request with everything the platform gave cleaned (who, where, links, locale)."""
    cleaned: Request = _clean(request)
    return cleaned


def clean_command(command: T) -> T:
    """A command value with all its text cleaned (names, options, mentioned users)."""
    cleaned: T = _clean(command)
    return cleaned


def _clean(value: Any) -> Any:
    """Text, actors, mappings, tuples and dataclasses of them, cleaned; anything else as is
    (numbers, enums: an enum's value is the bot's own)."""
    kind = type(value)
    if kind is str:
        return clean(value)
    if kind is Actor:
        return clean_actor(value)
    if kind is tuple:
        items = tuple(_clean(item) for item in value)
        return value if items == value else items
    if isinstance(value, Mapping):
        pairs = {_clean(key): _clean(item) for key, item in value.items()}
        return value if pairs == dict(value) else pairs
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for found in dataclasses.fields(value):
            old = getattr(value, found.name)
            new = _clean(old)
            if new != old:
                changes[found.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value
