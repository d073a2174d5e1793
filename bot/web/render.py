"""Pages as HTML: the Jinja2 templates (``bot/web/templates``, escaped by default: a display
name is text, never markup), the reader's language and theme, and the words the templates use.
The service's texts are data (:mod:`service.i18n`): they are said here, once, in the reader's
language."""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import jinja2
from aiohttp import web

from bot.snapshots import legend as legend_words
from bot.snapshots import marks
from bot.web import messages as _messages  # noqa: F401  (adds the web.* texts to the catalogue)
from engine.colors import Color
from service.i18n import LANGUAGE_NAMES, LANGUAGES, in_language, number, supported, translate
from service.pages import GamePage, MoveLine

THEMES = ("light", "dark")
_QUALITY = re.compile(r"q=([0-9.]+)")


def environment() -> jinja2.Environment:
    """The templates, autoescaped, loaded once."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("bot.web", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def accepted_language(header: str) -> str | None:
    """The first of the bot's languages an ``Accept-Language`` header asks for (by weight).

    >>> accepted_language("de-DE,de;q=0.9,cs;q=0.8,en;q=0.5"), accepted_language("fr")
    ('cs', None)
    """
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        found = _QUALITY.search(params)
        try:
            weight = float(found[1]) if found else 1.0
        except ValueError:
            weight = 0.0
        code = supported(tag.strip())
        if code is not None and weight > 0:
            choices.append((-weight, index, code))
    return min(choices)[2] if choices else None


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads a page: the language and (when chosen with ``?theme=``) the theme, and the
    query words to keep on every link (what the reader chose in the address)."""

    language: str
    theme: str | None
    kept: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, request: web.Request, default: str) -> Reader:
        query = request.query
        asked = supported(query.get("lang", "")) if len(query.get("lang", "")) <= 8 else None
        theme = query.get("theme") if query.get("theme") in THEMES else None
        language = asked or accepted_language(request.headers.get("Accept-Language", ""))
        kept = tuple((k, v) for k, v in (("lang", asked), ("theme", theme)) if v is not None)
        return cls(language or default, theme, kept)

    def query(self, **extra: object) -> str:
        """``?lang=cs&move=3``: the kept words with ``extra`` (None values left out)."""
        pairs = [*self.kept, *((k, str(v)) for k, v in extra.items() if v is not None)]
        return "?" + urlencode(pairs) if pairs else ""

    def say(self, text: object) -> str:
        """A service text (or a plain value) in the reader's language."""
        return in_language(self.language, text) if isinstance(text, str) else str(text)

    def words(self, key: str, /, **params: object) -> str:
        """The catalogue's ``key`` in the reader's language."""
        if not params:  # a table's headers and marks: said once per language
            return _word(self.language, key)
        return translate(self.language, key, **params)

    def number(self, value: float | None, places: int | None = None) -> str:
        """``6.5`` or ``6,5``, as the reader's language writes it."""
        if value is None:
            return ""
        if places == 0:
            value = round(value)
        return in_language(self.language, number(value, places))

    def color(self, color: Color) -> str:
        key = "color.black" if color is Color.BLACK else "color.white"
        return self.words(key)


@functools.lru_cache(maxsize=4096)
def _word(code: str, key: str) -> str:
    """A message without parameters in ``code`` (the catalogues do not change while running)."""
    return str(translate(code, key))


def page_globals(
    reader: Reader, root: str, path: str, base: str, move: int | None = None
) -> dict[str, Any]:
    """What every template uses: words, numbers, links that keep the reader's choices, the
    language switcher (to the same page: the same ``move``, a game page's checked one). Every
    link starts with ``root``, where the site is (``""``, or ``/go`` behind a proxy that serves
    it there and strips ``/go`` from the requests: ``path`` is the app's, without ``root``)."""

    def switch(code: str) -> str:
        kept = [(k, v) for k, v in reader.kept if k != "lang"]
        at = [("move", str(move))] if move is not None else []
        return root + path + "?" + urlencode([("lang", code), *kept, *at])

    query = reader.query()

    return {
        "root": root,
        "lang": reader.language,
        "theme": reader.theme,
        "languages": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
        "_": reader.words,
        "say": reader.say,
        "num": reader.number,
        "color_word": reader.color,
        "switch": switch,
        "link": lambda suffix: base + suffix + query,
        "date": lambda at: dt.datetime.fromtimestamp(at, dt.UTC).date().isoformat(),
    }


def move_words(reader: Reader, move: MoveLine) -> str:
    """``Black D4``, ``White pass``."""
    point = move.point if move.point is not None else reader.words("web.pass")
    key = "web.move_black" if move.color is Color.BLACK else "web.move_white"
    return reader.words(key, point=point)


def alt_text(reader: Reader, page: GamePage) -> str:
    """What the board image shows, for those who cannot see it: the move, who is to move, the
    captures (and that the count is drawn)."""
    parts = []
    if page.played is None:
        if page.move == 0:
            parts.append(reader.words("web.alt_start", id=page.game.id))
        else:
            parts.append(reader.words("web.position", move=page.move, last=page.last))
    else:
        point = page.played.point or reader.words("web.pass")
        color = reader.color(page.played.color)
        parts.append(reader.words("web.alt_move", n=page.move, color=color, point=point))
    if page.to_move is not None:
        parts.append(reader.words("web.alt_to_move", color=reader.color(page.to_move)))
    board = page.board
    black, white = board.captures_black, board.captures_white
    parts.append(reader.words("web.alt_captures", black=black, white=white))
    if page.tally is not None:
        parts.append(reader.words("web.alt_counted"))
    return " ".join(parts)


def board_version(page: GamePage) -> str:
    """A short version of what a game's board image draws: the game's stamp (each change of the
    game) with the names and words on it (a player's new display name, an adjudication)."""
    board = page.board
    drawn = (page.stamp, board.black_name, board.white_name, board.caption, board.tally)
    return hashlib.sha256(repr(drawn).encode()).hexdigest()[:12]


def game_context(
    reader: Reader, page: GamePage, base: str, events: str | None
) -> Mapping[str, Any]:
    """What the game page's template needs beyond :func:`page_globals`."""
    game = f"{base}/game/{page.game.id}"
    legend = legend_words((mark for _, mark in marks(page.board)), reader.language)

    version = board_version(page)

    def board(theme: str) -> str:
        query = [
            ("move", str(page.move)),
            ("theme", theme),
            ("lang", reader.language),
            ("v", version),
        ]
        return f"{game}/board.png?{urlencode(query)}"

    return {
        "page": page,
        "alt": alt_text(reader, page),
        "at": lambda move: game + reader.query(move=move),
        "board": board,
        "move_words": lambda move: move_words(reader, move),
        "legend": [(mark.value, words) for mark, words in legend],
        "sgf": f"{game}.sgf",
        "events": events,
        "latest": game + reader.query(),
    }
