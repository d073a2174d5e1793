"""Translation of every user-facing string, the gettext way.

The English texts are the source: the catalogue modules (:mod:`service.catalogue_en` and the
adapters' ``messages`` modules) map each message id (``button.pass``) to its English text, or to
``(singular, plural)`` for a count. Babel extracts them (``babel.cfg``, :mod:`service.i18n_extract`)
into ``service/locale/gobot.pot``: the message id becomes the entry's context (``msgctxt``), the
English text its ``msgid``, so translators see the English sentence and work on
``service/locale/<lang>/LC_MESSAGES/gobot.po`` with ordinary tools (Poedit, Weblate, msgmerge).
The install compiles the ``.mo`` files (``make``, which rebuilds one whenever its ``.po`` changes;
the Docker image); a missing ``.mo`` is compiled from its ``.po`` in memory at first use, so a
checkout without ``make`` still speaks every language.

Messages are data until the edge: ``t(key, **params)`` makes a :class:`Text` that keeps its key and
parameters (shown in English, the source, wherever it is printed as it is); the service answers
with views of such texts and the language each reader reads (``View.language``,
``Notice.language``), and an adapter says each text once in its reader's language
(:func:`in_language`, ``bot.words``), falling back to English for anything untranslated. There is
no "current language": every translation names its language.
"""

from __future__ import annotations

import gettext
import io
import logging
import string
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Self, cast

from service.catalogue_en import ENGLISH

log = logging.getLogger(__name__)

DOMAIN = "gobot"
LOCALE_DIR = Path(__file__).with_name("locale")
DEFAULT_LANGUAGE = "en"
LANGUAGES: tuple[str, ...] = ("en", "cs", "hu")
"""Every language the bot speaks (each has ``service/locale/<code>/LC_MESSAGES/gobot.po``)."""
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "cs": "Čeština", "hu": "Magyar"}

Source = str | tuple[str, str]
SOURCE: dict[str, Source] = dict(ENGLISH)  # adapters add theirs: add_messages


class Text(str):
    """A sentence in one language that keeps what it is made of, so that it can be said again in
    any other: its catalogue key and parameters (:class:`Message`), a number (:class:`Number`),
    or parts joined by a separator (:class:`Joined`). Tests tell messages apart by key, never by
    the words of a language; the adapters say each one in its reader's language
    (:func:`in_language`).

    >>> line = t("button.pass")
    >>> line, line.key, in_language("cs", line) != line
    ('Pass', 'button.pass', True)
    """

    __slots__ = ("code", "key")
    key: str | None
    code: str | None  # the language it is said in, when it has words of one

    def __new__(cls, text: str, key: str | None = None, code: str | None = None) -> Self:
        made = super().__new__(cls, text)
        made.key = key
        made.code = code
        return made

    def said_in(self, code: str) -> Text:
        """The same text in the language ``code`` (a text without structure stays as it is)."""
        return self

    @property
    def language(self) -> str | None:
        """The language it is said in (None: a text without words of any language)."""
        return self.code


class Message(Text):
    """The catalogue's message ``key`` formatted with ``params`` (in the plural form for
    ``count`` when the message has plural forms)."""

    __slots__ = ("amount", "params")
    params: Mapping[str, object]
    amount: float | None  # the count that chose the plural form

    def __new__(
        cls, code: str, key: str, params: Mapping[str, object], count: float | None = None
    ) -> Message:
        said = {name: _said(value, code) for name, value in params.items()}
        if count is not None:
            said["n"] = _figure(count, None, code)
        text = template(code, key, count)
        if said:
            text = _quoting(code).format(text, **said) if "!r}" in text else text.format(**said)
        made = super().__new__(cls, text, key, code)
        made.params = params
        made.amount = count
        return made

    def said_in(self, code: str) -> Text:
        if code == self.code:
            return self
        return Message(code, cast(str, self.key), self.params, self.amount)


class Number(Text):
    """A number as a language writes it: ``6.5``; ``6,5`` in Czech and Hungarian."""

    __slots__ = ("places", "value")
    value: float
    places: int | None

    def __new__(cls, code: str, value: float, places: int | None = None) -> Number:
        made = super().__new__(cls, _figure(value, places, code), None, code)
        made.value = value
        made.places = places
        return made

    def said_in(self, code: str) -> Text:
        return self if code == self.code else Number(code, self.value, self.places)


class Joined(Text):
    """Parts (texts, names, points) joined by ``separator``: a caption's ``Move 37 · Black to
    play``, a list of captures."""

    __slots__ = ("parts", "separator")
    parts: tuple[str, ...]
    separator: str

    def __new__(cls, separator: str, parts: Iterable[str], key: str | None = None) -> Joined:
        kept = tuple(parts)
        made = super().__new__(cls, separator.join(kept), key)
        made.parts = kept
        made.separator = separator
        return made

    def said_in(self, code: str) -> Text:
        parts = tuple(in_language(code, part) for part in self.parts)
        if all(said is part for said, part in zip(parts, self.parts, strict=True)):
            return self
        return Joined(self.separator, parts, self.key)

    @property
    def language(self) -> str | None:
        return language_of(self.parts)


class Line(Text):
    """Paragraph ``index`` of a multi-line text (a rules topic's), with the text's key. Said in
    a language whose text has fewer paragraphs, the last one takes the rest and the others are
    empty: nothing is lost."""

    __slots__ = ("at", "last", "whole")
    whole: Text
    at: int
    last: bool

    def __new__(cls, whole: Text, index: int, last: bool) -> Line:
        lines = _paragraphs(whole)
        text = "\n".join(lines[index:]) if last else (lines[index] if index < len(lines) else "")
        made = super().__new__(cls, text, whole.key)
        made.whole, made.at, made.last = whole, index, last
        return made

    def said_in(self, code: str) -> Text:
        whole = self.whole.said_in(code)
        return self if whole is self.whole else Line(whole, self.at, self.last)

    @property
    def language(self) -> str | None:
        return self.whole.language


def _paragraphs(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def lines_of(text: Text) -> tuple[Text, ...]:
    """The non-empty lines of ``text``, each said again in another language with the whole."""
    count = len(_paragraphs(text))
    return tuple(Line(text, i, i == count - 1) for i in range(count))


def language_of(texts: Iterable[str]) -> str | None:
    """The language the first of ``texts`` that has one is said in (None: none has)."""
    for text in texts:
        if isinstance(text, Text) and (code := text.language) is not None:
            return code
    return None


def _said(value: object, code: str) -> object:
    """A message's parameter in the language ``code`` (a :class:`Text` is said again)."""
    return value.said_in(code) if isinstance(value, Text) else value


def in_language(code: str, value: str) -> str:
    """``value`` said in the language ``code``: a :class:`Text` is made again there; any other
    string (a name, a point, a number) is the same in every language."""
    return value.said_in(code) if isinstance(value, Text) else value


def joined(separator: str, parts: Iterable[str], key: str | None = None) -> Joined:
    """``parts`` joined by ``separator``, each said again in another language with the whole
    (``key``: the catalogue key it is told apart by, that of its first part, say).

    >>> caption = joined(" · ", (t("button.pass"), "D4"))
    >>> caption, in_language("cs", caption)
    ('Pass · D4', 'Pas · D4')
    """
    return Joined(separator, parts, key)


def supported(code: str | None) -> str | None:
    """The bot's language for a platform's or a person's code, or None when it has none.

    >>> supported("cs-CZ"), supported("HU"), supported("pt_BR"), supported(None)
    ('cs', 'hu', None, None)
    """
    if not code:
        return None
    base = code.replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``code`` (English texts for anything it lacks)."""
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if mo.exists():  # built by the install (make, the Docker image); the tests check it is current
        with mo.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    if not po.exists():
        log.warning("no catalogue for %r in %s: English texts are used", code, folder)
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo  # only when the install did not compile it
    from babel.messages.pofile import read_po

    log.debug("compiling %s in memory (`make` compiles it once)", po)
    with po.open("rb") as handle:
        catalogue = read_po(handle, locale=code, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def template(code: str, key: str, count: float | None = None) -> str:
    """The text of ``key`` in ``code`` before formatting (the plural form for ``count``)."""
    source = SOURCE[key]
    catalogue = translations(code)
    if isinstance(source, tuple):
        amount = 1 if count is None else count
        found = _forms(catalogue).get((f"{key}\x04{source[0]}", plural_form(code, amount)))
        return found or source[0 if plural_category(DEFAULT_LANGUAGE, amount) == "one" else 1]
    return catalogue.pgettext(key, source) or source


PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "cs": ("one", "few", "other", "many"),
    "hu": ("one", "other"),
}
"""Each language's plural forms in the order of its ``.po`` entries (``msgstr[0]``, ...), named by
CLDR's categories. The form is chosen by CLDR's rules (Babel's locale data), which know
fractions: Czech says ``1 bod``, ``3 body``, ``5 bodů`` and ``23,5 bodu`` (``many``: a decimal
takes the genitive singular), which gettext's integer formula in the ``.po`` header cannot say;
the header's formula gives the first three for whole numbers, and a test keeps it in step."""


@cache
def plural_category(code: str, count: float) -> str:
    """CLDR's plural category of ``count`` in ``code`` (``one``, ``few``, ``many``, ``other``).

    >>> plural_category("cs", 1), plural_category("cs", 3), plural_category("cs", 23.5)
    ('one', 'few', 'many')
    """
    from babel.core import Locale  # its locale data loads once, when a count is first said

    category = Locale.parse(code).plural_form(count)
    return category if category in PLURAL_CATEGORIES.get(code, ()) else "other"


def plural_form(code: str, count: float) -> int:
    """The index of the plural form (``msgstr[i]``) that ``count`` takes in ``code``.

    >>> [plural_form("cs", n) for n in (1, 2, 5, 21, 2.5)], plural_form("hu", 2.5)
    ([0, 1, 2, 2, 3], 1)
    """
    categories = PLURAL_CATEGORIES.get(code, PLURAL_CATEGORIES[DEFAULT_LANGUAGE])
    return categories.index(plural_category(code, count))


def _forms(catalogue: gettext.NullTranslations) -> Mapping[tuple[str, int], str]:
    """The compiled plural entries, ``(context\x04singular, form) -> text`` (gettext's own table:
    its ``npgettext`` can only choose a form with the header's integer formula)."""
    forms: Mapping[tuple[str, int], str] = getattr(catalogue, "_catalog", {})
    return forms


QUOTES: dict[str, tuple[str, str]] = {"en": ("“", "”"), "cs": ("„", "“"), "hu": ("„", "”")}
"""Each language's quotation marks, around what a reader typed when a message echoes it."""


def quoted(code: str, value: object) -> str:
    """``value`` (what someone typed) in ``code``'s quotation marks, with anything unprintable
    (a line break, a control character) written as an escape, so an echo stays one visible
    line.

    >>> quoted("en", "#x"), quoted("cs", "#x"), quoted("hu", "a\\nb")
    ('“#x”', '„#x“', '„a\\\\nb”')
    """
    text = "".join(
        ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in str(value)
    )
    opening, closing = QUOTES.get(code, QUOTES[DEFAULT_LANGUAGE])
    return f"{opening}{text}{closing}"


class _Quoting(string.Formatter):
    """``str.format`` whose ``!r`` quotes the value in the language's quotation marks: a
    catalogue writes ``{text!r}`` for an echoed input, and a translation never adds quotes."""

    def __init__(self, code: str) -> None:
        self.code = code

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "r":
            return quoted(self.code, value)
        return super().convert_field(value, conversion)


@cache
def _quoting(code: str) -> _Quoting:
    """The quoting formatter of ``code`` (one per language)."""
    return _Quoting(code)


DECIMAL_COMMA = frozenset({"cs", "hu"})
"""Languages that write a decimal comma: ``6,5`` (coordinates and SGF results keep their dot)."""


def _figure(value: float, places: int | None, code: str) -> str:
    text = f"{value:g}" if places is None else f"{value:.{places}f}"
    return text.replace(".", ",") if code in DECIMAL_COMMA else text


def number(value: float, places: int | None = None) -> Text:
    """``value`` as a number (``6.5``; said in Czech or Hungarian: ``6,5``; ``places`` decimals
    when given), said again in another language with the sentence around it.

    >>> number(6.5), in_language("cs", number(6.5)), number(3)
    ('6.5', '6,5', '3')
    """
    return Number(DEFAULT_LANGUAGE, value, places)


def t(key: str, /, **params: object) -> Text:
    """The message ``key`` formatted with ``params`` (English until said in its reader's language;
    a parameter that is itself a :class:`Text` is said again with it). A message with plural
    forms takes its count as ``n`` (:func:`plural`)."""
    return _message(DEFAULT_LANGUAGE, key, params)


def _message(code: str, key: str, params: dict[str, object]) -> Message:
    """The message ``key`` in ``code``; one with plural forms takes its count from ``n``."""
    if isinstance(SOURCE[key], tuple):
        count = params.pop("n")
        return Message(
            code, key, params, float(count) if isinstance(count, str) else cast(float, count)
        )
    return Message(code, key, params)


def plural(count: float, key: str, /, **params: object) -> Text:
    """The message ``key`` in the plural form for ``count``, formatted with ``n`` and ``params``.

    >>> plural(1, "result.points"), plural(2.5, "result.points")
    ('1 point', '2.5 points')
    >>> in_language("cs", plural(2.5, "result.points"))
    '2,5 bodu'

    """
    return Message(DEFAULT_LANGUAGE, key, params, count)


def translate(code: str, key: str, /, **params: object) -> Text:
    """The message ``key`` said in the language ``code`` (what an adapter says by itself, in its
    reader's language)."""
    return _message(code, key, params)


def has_message(key: str) -> bool:
    """Whether the catalogue defines ``key`` (optional texts, such as a command's details)."""
    return key in SOURCE


def key_of(text: str) -> str | None:
    """The catalogue key of a sentence made by :func:`t` (None for other text)."""
    return text.key if isinstance(text, Text) else None


def add_messages(entries: Mapping[str, Source]) -> None:
    """Add an adapter's own English texts to the source (keys must be new)."""
    clashes = sorted(set(entries) & set(SOURCE))
    if clashes:
        raise ValueError(f"message keys already defined: {', '.join(clashes)}")
    SOURCE.update(entries)
