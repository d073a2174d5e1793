"""Translation of every user-facing string: ``t(key, **params)`` looks the key up in the catalogue
of the current language (a context variable set per command) and falls back to English.

Czech (``cs``) and Hungarian (``hu``) catalogues are added as more entries of :data:`CATALOGUES`,
keyed exactly like :mod:`service.catalogue_en`.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from service.catalogue_en import ENGLISH

DEFAULT_LANGUAGE = "en"
CATALOGUES: dict[str, Mapping[str, str]] = {"en": ENGLISH}  # adapters add theirs: add_messages

_language: contextvars.ContextVar[str] = contextvars.ContextVar("language", default="en")


class Text(str):
    """A translated sentence that remembers its catalogue key, so tests (and later, rendering in
    each reader's language) can tell messages apart without comparing English words.

    >>> line = t("button.pass")
    >>> line, line.key
    ('Pass', 'button.pass')
    """

    __slots__ = ("key",)
    key: str

    def __new__(cls, text: str, key: str) -> Text:
        made = super().__new__(cls, text)
        made.key = key
        return made


def t(key: str, /, **params: object) -> Text:
    """The message ``key`` in the current language, formatted with ``params``."""
    catalogue = CATALOGUES.get(_language.get(), ENGLISH)
    template = catalogue.get(key) or ENGLISH[key]
    return Text(template.format(**params) if params else template, key)


def has_message(key: str) -> bool:
    """Whether the catalogue defines ``key`` (optional texts, such as a command's details)."""
    return key in ENGLISH


def key_of(text: str) -> str | None:
    """The catalogue key of a sentence made by :func:`t` (None for other text)."""
    return text.key if isinstance(text, Text) else None


def add_messages(code: str, entries: Mapping[str, str]) -> None:
    """Add an adapter's own strings to the catalogue of ``code`` (keys must be new)."""
    catalogue = CATALOGUES.setdefault(code, {})
    clashes = sorted(set(entries) & set(catalogue))
    if clashes:
        raise ValueError(f"message keys already defined: {', '.join(clashes)}")
    assert isinstance(catalogue, dict)
    catalogue.update(entries)


@contextmanager
def language(code: str | None) -> Iterator[None]:
    """Translate into ``code`` inside the block (unknown codes fall back to English)."""
    token = _language.set(code if code in CATALOGUES else DEFAULT_LANGUAGE)
    try:
        yield
    finally:
        _language.reset(token)


def plural(count: float, one: str, many: str) -> str:
    """``t(one)`` when ``count`` is exactly 1, else ``t(many)``, both formatted with ``n``."""
    shown = f"{count:g}"
    return t(one, n=shown) if count == 1 else t(many, n=shown)
