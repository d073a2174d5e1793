"""Telling languages apart in what a reader was shown (issue 10), for the console, Discord and
Telegram language tests.

"Another language" is found from the catalogues, never from sentences written in a test: every
text of every key in every language is cut at its ``{placeholders}`` (and `quoted commands`), and
the pieces long enough to be a phrase (12 characters or more, with a space) are what a reader of
another language must never see, unless the reader's own text of the same key has the same piece
(a command's syntax, a shared word): :func:`strays`, :func:`assert_speaks`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from service.i18n import LANGUAGES, SOURCE, in_language, number, template, translate

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
QUOTED = re.compile(r"`[^`]*`")
SHORTEST = 12  # a piece shorter than this may be a word shared by several languages


def forms(code: str, key: str) -> list[str]:
    """Every text of ``key`` in the language ``code`` (each plural form), unformatted."""
    source = SOURCE[key]
    if code == "en":
        return list(source) if isinstance(source, tuple) else [source]
    if isinstance(source, tuple):
        return sorted({template(code, key, n) for n in (1, 2, 5, 2.5)})
    return [template(code, key)]


def pieces(text: str) -> set[str]:
    """The literal phrases of a template: between its placeholders, outside backticks."""
    parts = PLACEHOLDER.split(QUOTED.sub("{}", text))
    stripped = (part.strip() for part in parts)
    return {part for part in stripped if len(part) >= SHORTEST and " " in part}


@cache
def foreign(code: str) -> dict[str, str]:
    """Each phrase of the other languages' texts that the text of the same key in ``code`` does
    not have, with where it comes from (``en:help.cmd.play``)."""
    found: dict[str, str] = {}
    for key in SOURCE:
        own = forms(code, key)
        for other in LANGUAGES:
            if other == code:
                continue
            for text in forms(other, key):
                for piece in pieces(text):
                    if not any(piece in mine for mine in own):
                        found.setdefault(piece, f"{other}:{key}")
    return found


def strays(code: str, lines: Iterable[str]) -> list[str]:
    """The lines (with the phrase and its origin) that a reader of ``code`` should not see."""
    table = foreign(code)
    return [
        f"{line!r} has {piece!r} ({where})"
        for line in lines
        for piece, where in table.items()
        if piece in line
    ]


def assert_speaks(code: str, lines: Iterable[str]) -> None:
    """No line has a phrase of another language's catalogue."""
    lines = list(lines)
    assert lines, f"nothing was said to the {code} reader"
    found = strays(code, lines)
    assert not found, f"{len(found)} foreign phrases for a {code} reader:\n" + "\n".join(found)


def terms(code: str, challenger: str) -> str:
    """The terms of a 9×9 challenge with the challenger taking Black, from the catalogue."""
    return " · ".join(
        (
            translate(code, "terms.size", size=9),
            translate(code, "terms.komi", komi=in_language(code, number(6.5))),
            translate(code, "terms.color.black", name=challenger),
            translate(code, "terms.no_time"),
            translate(code, "terms.unrated"),
        )
    )


def said(code: str, key: str, seen: Iterable[str], **params: object) -> str:
    """``key`` in ``code`` is in a text seen, and its English is in none (unless the same)."""
    seen = list(seen)
    own, english = translate(code, key, **params), translate("en", key, **params)
    assert any(own in text for text in seen), (own, seen)
    if english != own:  # as a phrase of its own: English "Pass" is not in Hungarian "Passz"
        alone = re.compile(rf"(?<!\w){re.escape(english)}(?!\w)")
        assert not any(alone.search(text) for text in seen), (english, seen)
    return own
