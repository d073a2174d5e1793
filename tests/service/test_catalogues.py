"""The translation catalogues (issue 10): the template is what Babel extracts from the English
source, every language translates every message (placeholders, backticked commands and plural
forms intact), the compiled ``.mo`` says what the ``.po`` says, and every text fits the platforms'
limits in every language.

The English source is :data:`service.i18n.SOURCE`, complete once every module calling
:func:`service.i18n.add_messages` is imported (:func:`source` imports them all). A message with a
count is ``(singular, plural)``; here every message's English is a tuple of one or two texts.
"""

from __future__ import annotations

import ast
import gettext
import importlib
import io
import re
import string
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.util import pathmatch

from service import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "service" / "locale"
TEMPLATE = LOCALES / f"{i18n.DOMAIN}.pot"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT_LANGUAGE]
ADAPTER_MODULES = (
    "bot.discord.messages",
    "bot.telegram.messages",
    "bot.startup",
    "bot.console.adapter",
)
MAKE = "run `make messages`"

PARAM = "x" * 20  # a long-ish parameter value: a name, a point list, a reason
COUNTS = (1, 2, 5, 21, 2.5)
PLURAL_FORM: dict[str, dict[float, int]] = {
    # the form (msgstr[i]) each count takes, by CLDR's rules (i18n.plural_form): Czech has a
    # fourth form for fractions ("23,5 bodu", the genitive singular), Hungarian says "pont" after
    # any number but keeps the forms apart
    "cs": {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 21: 2, 22: 2, 2.5: 3, 23.5: 3, 0.5: 3, 1.5: 3},
    "hu": {0: 1, 1: 0, 2: 1, 5: 1, 21: 1, 2.5: 1, 1.5: 1},
}
NPLURALS = {"cs": 4, "hu": 2}

# The platforms' limits (characters).
BUTTON_LABEL = 80  # Discord's button label; Telegram's inline keyboard text has no small limit
DISCORD_DESCRIPTION = 100  # Discord's command, group and option descriptions, and choice names
TELEGRAM_COMMAND_DESCRIPTION = 256  # Telegram's BotCommand.description (the menu after `/`)
TELEGRAM_ALERT = 200  # Telegram's answerCallbackQuery text (bot.telegram.handlers.ALERT_LIMIT)
DISCORD_MESSAGE = 2000  # Discord's message content (Telegram's 4096 is larger)
TELEGRAM_CAPTION = 1024  # Telegram's photo caption

# Backticked commands of the English that a translation may write differently, keyed by
# (language, message id), each with the reason.
BACKTICK_EXCEPTIONS: dict[tuple[str, str], str] = {}

# Errors too long for a Telegram alert (with 20-character parameters) that no button can raise:
# message id -> (the command it answers, the "file:function" raising it). Both commands are
# typed, never pressed: test_alert_exceptions_are_not_reachable_by_buttons keeps this true.
ALERT_EXCEPTIONS: dict[str, tuple[str, str]] = {
    # `dead D4 Q16`: the points are typed (realistically "D4", far shorter than 20 characters)
    "error.dead_inside_dead": ("dead", "service/handlers/confirming.py:dead"),
    # `try E5 F6` is typed only; the try view's one button is `board` (button.count)
    "error.try_not_stopped": ("try", "service/handlers/trying.py:try_"),
}

FORMATTER = string.Formatter()
BACKTICKED = re.compile(r"`([^`\n]+)`")


# --- the English source --------------------------------------------------------------------


def _modules_adding_messages() -> list[str]:
    """Every module of ``service`` and ``bot`` that calls ``add_messages`` (adapters' texts)."""
    found = []
    for path in sorted([*(ROOT / "service").rglob("*.py"), *(ROOT / "bot").rglob("*.py")]):
        if path == ROOT / "service" / "i18n.py":
            continue
        if "add_messages(" in path.read_text(encoding="utf-8"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def _as_tuple(text: object) -> tuple[str, ...]:
    """A text, or the texts of a plural message, as a tuple."""
    if isinstance(text, tuple | list):
        return tuple(str(each) for each in text)
    return () if text is None else (str(text),)


@cache
def source() -> dict[str, tuple[str, ...]]:
    """Message id -> English (one text, or singular and plural), every adapter's included."""
    for name in sorted({*ADAPTER_MODULES, *_modules_adding_messages()}):
        importlib.import_module(name)
    return {key: _as_tuple(text) for key, text in i18n.SOURCE.items()}


def plural_keys() -> list[str]:
    return [key for key, english in source().items() if len(english) == 2]


def params_of(*texts: str) -> dict[str, str]:
    """A 20-character value for every placeholder of ``texts``."""
    return {name: PARAM for text in texts for name in fields(text)}


def fields(text: str) -> set[str]:
    """The names of the ``{name}`` fields of ``text`` (ValueError when its braces are broken)."""
    return {name for _, name, _, _ in FORMATTER.parse(text) if name is not None}


def render(code: str, key: str) -> str:
    """``key`` in ``code`` with 20-character parameters; for a count, its longest form."""
    english = source()[key]
    if len(english) == 1:
        return str(i18n.translate(code, key, **params_of(*english)))
    params = params_of(*english)
    params.pop("n", None)
    said = (i18n.in_language(code, i18n.plural(count, key, **params)) for count in COUNTS)
    return max((str(text) for text in said), key=len)


# --- the catalogue files -------------------------------------------------------------------


def po_path(code: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


@cache
def catalogue(code: str) -> Catalog:
    with po_path(code).open("rb") as handle:
        return read_po(handle, locale=code, domain=i18n.DOMAIN)


@cache
def template_catalogue() -> Catalog:
    with TEMPLATE.open("rb") as handle:
        return read_po(handle, domain=i18n.DOMAIN)


def messages_of(catalog: Catalog) -> Iterator[Message]:
    return (message for message in catalog if message.id)  # not the header


@cache
def entries(code: str) -> dict[str, Message]:
    """The messages of ``code``'s .po by message id (its context)."""
    return {str(m.context): m for m in messages_of(catalogue(code)) if m.context}


def strings(message: Message) -> tuple[str, ...]:
    return tuple(str(s) for s in _as_tuple(message.string))


def plural_index(code: str) -> Callable[[int], int]:
    """The .po header's Plural-Forms formula."""
    return gettext.c2py(catalogue(code).plural_expr)


def english_of_form(code: str, key: str, form: int) -> str:
    """The English text the form ``form`` of ``key``'s translation says."""
    english = source()[key]
    if len(english) == 1:
        return english[0]
    return english[0] if plural_index(code)(1) == form else english[1]


def expected(code: str, key: str, count: int | None = None) -> str:
    """What gettext should give for ``key`` in ``code`` (before formatting): the .po's non-fuzzy
    translation of the current English, else the English itself."""
    english = source()[key]
    form = 0 if count is None else plural_index(code)(count)
    message = entries(code).get(key)
    if message is not None and not message.fuzzy and _as_tuple(message.id)[0] == english[0]:
        translated = strings(message)
        if all(translated) and form < len(translated):
            return translated[form]
    if count is None:
        return english[0]
    return english[0] if count == 1 else english[1]


def failures(problems: Iterable[str], heading: str) -> str:
    listed = list(problems)
    return f"{heading} ({len(listed)}):\n" + "\n".join(f"  {p}" for p in listed)


# --- 1. the template is current --------------------------------------------------------------


def mapping() -> tuple[list[tuple[str, str]], dict[str, dict[str, str]]]:
    """babel.cfg's (pattern, extraction method) list and the methods' options."""
    with (ROOT / "babel.cfg").open() as handle:
        return parse_mapping_cfg(handle, "babel.cfg")  # type: ignore[no-untyped-call,no-any-return]


@cache
def extracted() -> tuple[dict[str, tuple[str, ...]], list[str]]:
    """What ``pybabel extract -F babel.cfg`` reads: message id -> English, and duplicated ids."""
    method_map, options_map = mapping()
    found: dict[str, tuple[str, ...]] = {}
    twice = []
    for filename, _, message, _, context in extract_from_dir(ROOT, method_map, options_map):
        assert context is not None, f"{filename}: a message without an id: {message!r}"
        if context in found:
            twice.append(f"{context} ({filename})")
        found[context] = _as_tuple(message)
    return found, twice


def differences(
    have: dict[str, tuple[str, ...]], want: dict[str, tuple[str, ...]], have_name: str
) -> list[str]:
    missing = [f"{key}: not in {have_name}" for key in sorted(set(want) - set(have))]
    extra = [f"{key}: only in {have_name}" for key in sorted(set(have) - set(want))]
    changed = [
        f"{key}: {have_name} says {have[key]!r}, the source {want[key]!r}"
        for key in sorted(set(have) & set(want))
        if have[key] != want[key]
    ]
    return missing + extra + changed


def test_template_is_what_babel_extracts() -> None:
    """gobot.pot holds exactly the (msgctxt, msgid[, msgid_plural]) that Babel's extraction with
    babel.cfg and the ``gobot_catalogue`` extractor gives."""
    found, twice = extracted()
    assert not twice, failures(twice, "message ids extracted twice")
    template: dict[str, tuple[str, ...]] = {}
    unkeyed = []
    for message in messages_of(template_catalogue()):
        if not message.context:
            unkeyed.append(repr(message.id))
            continue
        template[str(message.context)] = _as_tuple(message.id)
    problems = unkeyed + differences(template, found, "gobot.pot")
    assert not problems, failures(problems, f"gobot.pot is out of date: {MAKE}")


def test_extraction_is_the_runtime_source() -> None:
    """What Babel extracts is exactly SOURCE once every adapter's messages are added: every key,
    the same English."""
    found, _ = extracted()
    problems = differences(found, source(), "the extraction")
    assert not problems, failures(
        problems,
        "babel.cfg's extraction differs from service.i18n.SOURCE (map the module in babel.cfg, "
        f"then {MAKE})",
    )


def test_babel_cfg_maps_every_module_adding_messages() -> None:
    method_map, _ = mapping()
    unmapped = [
        name
        for name in _modules_adding_messages()
        if not any(
            pathmatch(pattern, name.replace(".", "/") + ".py") and method == "gobot_catalogue"
            for pattern, method in method_map
        )
    ]
    assert not unmapped, failures(unmapped, f"modules adding messages not in babel.cfg ({MAKE})")


# --- 2. every message translated -------------------------------------------------------------


def entry_problems(code: str, *, translated: bool) -> Iterator[str]:
    have = entries(code)
    for key, english in source().items():
        message = have.get(key)
        if message is None:
            yield f"{code}: {key}: missing ({MAKE}, then translate it)"
            continue
        if _as_tuple(message.id) != english:
            yield f"{code}: {key}: stale, its msgid is {message.id!r}, the English {english!r}"
        if message.fuzzy:
            yield f"{code}: {key}: fuzzy (check the translation, then remove the flag)"
        if translated:
            texts = strings(message)
            wanted = catalogue(code).num_plurals if len(english) == 2 else 1
            if len(texts) != wanted:
                yield f"{code}: {key}: {len(texts)} forms, the language has {wanted}"
            empty = [i for i, text in enumerate(texts) if not text.strip()]
            if empty:
                yield f"{code}: {key}: untranslated (msgstr {empty})"
    for key in sorted(set(have) - set(source())):
        yield f"{code}: {key}: not in the source any more ({MAKE})"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_translated(code: str) -> None:
    """Every message id has a non-empty, non-fuzzy translation of the current English."""
    problems = list(entry_problems(code, translated=True))
    assert not problems, failures(problems, f"{po_path(code).relative_to(ROOT)}")


def test_english_catalogue_has_every_entry() -> None:
    """en.po has every entry of the current English (its msgstr may be empty: English is the
    source)."""
    problems = list(entry_problems(i18n.DEFAULT_LANGUAGE, translated=False))
    assert not problems, failures(problems, f"{po_path(i18n.DEFAULT_LANGUAGE).relative_to(ROOT)}")


# --- 3. placeholders and commands --------------------------------------------------------------


def translations_of(code: str) -> Iterator[tuple[str, int, str, str]]:
    """``(key, form, English, translation)`` for every non-empty msgstr that gettext uses: not
    fuzzy, of the current English (missing, stale and fuzzy ones are
    test_every_message_translated's)."""
    for key, message in entries(code).items():
        if key not in source() or message.fuzzy or _as_tuple(message.id) != source()[key]:
            continue
        for form, text in enumerate(strings(message)):
            if text:
                yield key, form, english_of_form(code, key, form), text


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_placeholders_identical(code: str) -> None:
    """Every translation has the placeholders of its English ({name} fields), and formats with
    the English placeholders."""
    problems = []
    for key, form, english, text in translations_of(code):
        where = f"{code}: {key}" + (f" msgstr[{form}]" if len(source()[key]) == 2 else "")
        try:
            have = fields(text)
        except ValueError as error:
            problems.append(f"{where}: broken braces ({error}): {text!r}")
            continue
        want = fields(english)
        if have != want:
            lost, added = sorted(want - have), sorted(have - want)
            problems.append(f"{where}: placeholders missing {lost}, unknown {added}: {text!r}")
            continue
        try:
            text.format(**params_of(*source()[key]))
        except (KeyError, IndexError, ValueError) as error:
            problems.append(f"{where}: does not format ({error!r}): {text!r}")
    assert not problems, failures(problems, f"placeholders in {code}")


PLACEHOLDER_WORD = re.compile(r"^(?:[<‹].*[>›]|[A-Z][A-Z_]+)$")  # <topic>, ‹téma›, NAME


def typed_part(span: str) -> tuple[str, ...]:
    """What a backticked command keeps in every language: its command word and its options'
    keys (``komi=``). Placeholders and examples (``<topic>``, ``NAME``, ``@user``, ``autumn``,
    ``6.5``) are said in the reader's language: ``rules ‹téma›``, ``komi=6,5``; so is the
    console's speaker before a colon (``alice: play D4``, ``jana: play D4``).

    >>> typed_part("league create NAME komi=6.5"), typed_part("NAME: COMMAND")
    (('league', 'komi='), ())
    >>> typed_part("jana: play D4") == typed_part("alice: play D4") == ("play",)
    True
    """
    words = span.split()
    if words and words[0].endswith(":"):
        words = words[1:]
    options = tuple(word[: word.index("=") + 1] for word in words[1:] if "=" in word)
    if not words or PLACEHOLDER_WORD.match(words[0]):
        return options
    return (words[0], *options)


@pytest.mark.parametrize("code", TRANSLATED)
def test_backticked_commands_unchanged(code: str) -> None:
    """The commands the English writes in backticks (`help`, `rules <topic>`) appear in each
    translation with the same command word and option keys: they are what the reader types (the
    placeholders and examples in them are in the reader's language)."""
    problems = []
    still_needed = set()
    for key, form, english, text in translations_of(code):
        found = BACKTICKED.findall(text)
        typed = {typed_part(span) for span in found}
        lost = [c for c in BACKTICKED.findall(english) if typed_part(c) not in typed]
        if text.count("`") % 2 and not english.count("`") % 2:
            lost.append("(an unmatched backtick)")
        if (code, key) in BACKTICK_EXCEPTIONS:
            still_needed.add((code, key))
            continue
        if lost:
            problems.append(f"{code}: {key} [{form}]: lost {lost}, has {found}: {text!r}")
    stale = [
        f"{c}: {k}" for c, k in BACKTICK_EXCEPTIONS if c == code and (c, k) not in still_needed
    ]
    assert not stale, failures(stale, "BACKTICK_EXCEPTIONS entries for no translation")
    assert not problems, failures(problems, f"backticked commands changed in {code}")


ENGLISH_PLACEHOLDER = re.compile(
    r"<[a-z][a-z _-]*>"  # <command>, <topic>
    r"|\b(?:NAME|CODE|COMMAND|TOPIC|ACTION|POINT|USER|PLAYER)\b"
    r"|@(?:user|someone|name|player|bob|alice)\b"
)


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_english_placeholders(code: str) -> None:
    """A translation writes its placeholders and examples in its own words (``‹příkaz›``,
    ``@hráč``, ``‹parancs›``): a Czech or Hungarian reader never meets ``<command>``, ``NAME``
    or ``@someone``."""
    problems = [
        f"{code}: {key} [{form}]: {ENGLISH_PLACEHOLDER.findall(text)}: {text!r}"
        for key, form, _english, text in translations_of(code)
        if ENGLISH_PLACEHOLDER.search(text)
    ]
    assert not problems, failures(problems, f"English placeholders in {code}")


# --- 4. plural forms -----------------------------------------------------------------------


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_header(code: str) -> None:
    """cs has four plural forms (one, few, other, and many for fractions), hu two; for whole
    numbers the header's gettext formula (what other tools read) picks the form CLDR's rules
    pick at runtime."""
    assert catalogue(code).num_plurals == NPLURALS[code] == len(i18n.PLURAL_CATEGORIES[code]), (
        f"{code}: nplurals={catalogue(code).num_plurals}, expected {NPLURALS[code]}"
    )
    formula = plural_index(code)
    wrong = {n: formula(n) for n in range(1000) if formula(n) != i18n.plural_form(code, n)}
    assert not wrong, f"{code}: Plural-Forms disagrees with CLDR's rules for {wrong}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_fractions_take_their_plural_form(code: str) -> None:
    """A count with a fraction selects CLDR's form for it (Czech "many": ``23,5 bodu``), never
    the form of a whole number (test_plural_forms_rendered says each form is the .po's)."""
    for count, form in PLURAL_FORM[code].items():
        assert i18n.plural_form(code, count) == form, (code, count)


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_rendered(code: str) -> None:
    """service.i18n.plural says each count with the form the language uses for it (checked
    against the .po's msgstr[i], not against words)."""
    assert plural_keys(), "no plural message in the source"
    problems = []
    for key in plural_keys():
        message = entries(code).get(key)
        if message is None or len(strings(message)) != NPLURALS[code]:
            problems.append(f"{code}: {key}: no {NPLURALS[code]} plural forms in the .po")
            continue
        params = params_of(*source()[key])
        params.pop("n", None)
        for count, form in PLURAL_FORM[code].items():
            shown = f"{count:g}".replace(".", "," if code in i18n.DECIMAL_COMMA else ".")
            want = strings(message)[form].format(n=shown, **params)
            have = str(i18n.in_language(code, i18n.plural(count, key, **params)))
            if have != want:
                problems.append(f"{code}: {key}: {count} gives {have!r}, msgstr[{form}] {want!r}")
    assert not problems, failures(problems, f"plural forms in {code}")


# --- 5. compiled catalogues ------------------------------------------------------------------


def compiled(code: str) -> gettext.GNUTranslations:
    buffer = io.BytesIO()
    write_mo(buffer, catalogue(code))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def gettext_problems(code: str, lookup: Callable[[str, int | None], str], what: str) -> list[str]:
    problems = []
    for key, english in source().items():
        for count in (None,) if len(english) == 1 else (1, 2, 5):
            have, want = lookup(key, count), expected(code, key, count)
            if have != want:
                said = key if count is None else f"{key} (n={count})"
                problems.append(f"{code}: {said}: {what} gives {have!r}, the .po {want!r}")
    return problems


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_compiled_catalogue_says_what_the_po_says(code: str) -> None:
    """The .mo compiled from the .po (Babel's write_mo) gives the .po's text for every key."""
    mo = compiled(code)

    def lookup(key: str, count: int | None) -> str:
        english = source()[key]
        if count is None:
            return mo.pgettext(key, english[0])
        return mo.npgettext(key, english[0], english[1], count)

    problems = gettext_problems(code, lookup, "the compiled .mo")
    assert not problems, failures(problems, f"{code}: the .mo differs from the .po")


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_runtime_catalogue_says_what_the_po_says(code: str) -> None:
    """service.i18n.translations(code) (the installed .mo, or the .po compiled in memory) gives the
    .po's text for every key."""
    problems = gettext_problems(
        code, lambda key, count: i18n.template(code, key, count), "service.i18n.template"
    )
    assert not problems, failures(
        problems, f"{code}: the runtime catalogue differs from the .po (a stale .mo? run `make`)"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_languages_are_translated_at_runtime(code: str) -> None:
    """service.i18n.translations finds each language's catalogue, which says the buttons and
    help in that language."""
    assert type(i18n.translations(code)) is not gettext.NullTranslations, f"{code}: no catalogue"
    for key in ("button.pass", "button.accept", "help.cmd.play"):
        english = i18n.translate(i18n.DEFAULT_LANGUAGE, key)
        assert i18n.translate(code, key) != english, f"{code}: {key} is English: {english!r}"


# --- 6. platform limits ----------------------------------------------------------------------


def too_long(code: str, keys: Iterable[str], limit: int, what: str) -> list[str]:
    problems = []
    for key in keys:
        text = render(code, key)
        if len(text) > limit:
            problems.append(f"{code}: {key}: {len(text)} > {limit} ({what}): {text!r}")
    return problems


def keys_with(*prefixes: str) -> list[str]:
    return [key for key in source() if key.startswith(prefixes)]


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_button_labels_fit(code: str) -> None:
    """Every ``button.*`` label fits Discord's 80 characters (Telegram's inline keyboard texts
    have no smaller documented limit)."""
    keys = keys_with("button.")
    assert keys, "no button labels"
    problems = too_long(code, keys, BUTTON_LABEL, "a Discord button label")
    assert not problems, failures(problems, "button labels too long")


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_discord_descriptions_fit(code: str) -> None:
    """Slash command, group and option descriptions fit Discord's 100 characters (the translator
    would cut them with an ellipsis)."""
    keys = [
        *keys_with("discord.option.", "help.cmd."),
        "discord.group",
        "discord.club_group",
        "discord.study_group",
    ]
    problems = too_long(code, keys, DISCORD_DESCRIPTION, "a Discord description")
    assert not problems, failures(problems, "Discord descriptions too long")


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_discord_choice_names_fit(code: str) -> None:
    """The options' choices with translated names (their registrations) fit Discord's 100."""
    from bot.grammar import COMMANDS

    options = [o for spec in COMMANDS for o in spec.options if o.names is not None]
    keys = [f"{o.names}.{value}" for o in options for value in o.choices]
    unknown = [key for key in keys if key not in source()]
    assert not unknown, failures(unknown, "choices without a message")
    problems = too_long(code, keys, DISCORD_DESCRIPTION, "a Discord choice name")
    assert not problems, failures(problems, "choice names too long")


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_telegram_command_descriptions_fit(code: str) -> None:
    """The command menu's descriptions (``help.cmd.*``, ``telegram.start``) fit Telegram's 256."""
    keys = [*keys_with("help.cmd."), "telegram.start"]
    problems = too_long(code, keys, TELEGRAM_COMMAND_DESCRIPTION, "a Telegram command menu line")
    assert not problems, failures(problems, "Telegram command descriptions too long")


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_errors_fit_a_telegram_alert(code: str) -> None:
    """Every error (``error.*``, ``grammar.*``) with 20-character parameters fits Telegram's
    200-character alert, except the few no button can raise (ALERT_EXCEPTIONS).

    A button press answered with an error shows it as an alert (bot.telegram.handlers._tell), cut
    by ``fit(text, ALERT_LIMIT)`` to 199 characters and an ellipsis: Telegram would refuse a
    longer one, so nothing fails, but the cut drops the end of the sentence, which is usually
    what to do next ("… send `resume`"). So the test does not rely on the cut: a press runs the
    same commands as typed text and can meet almost any error, so every error must fit, and the
    errors of commands that only typed text runs are listed (and checked unreachable by
    test_alert_exceptions_are_not_reachable_by_buttons)."""
    keys = [key for key in keys_with("error.", "grammar.") if key not in ALERT_EXCEPTIONS]
    problems = too_long(code, keys, TELEGRAM_ALERT, "a Telegram alert")
    assert not problems, failures(problems, "errors too long for a button's alert")


def python_files() -> Iterator[tuple[str, str]]:
    for path in sorted([*(ROOT / "service").rglob("*.py"), *(ROOT / "bot").rglob("*.py")]):
        yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def users_of(key: str) -> set[str]:
    """``file:function`` of every use of the literal ``key`` outside the catalogue modules."""
    found: set[str] = set()

    def visit(node: ast.AST, where: str, name: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            name = node.name
        if isinstance(node, ast.Constant) and node.value == key:
            found.add(f"{where}:{name}")
        for child in ast.iter_child_nodes(node):
            visit(child, where, name)

    for where, text in python_files():
        if key in text and not Path(where).name.startswith("catalogue_"):
            visit(ast.parse(text), where, "<module>")
    return found


def button_commands() -> set[str]:
    """The commands buttons carry: the command type, first argument of every
    ``token(Kind, game, …)``, by its registered name."""
    from service.registry import COMMANDS

    names = {spec.command.__name__: spec.name for spec in COMMANDS}
    commands = set()
    for _, text in python_files():
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            kind = node.args[0]
            if name == "token" and isinstance(kind, ast.Name) and kind.id in names:
                commands.add(names[kind.id])
    return commands


def test_alert_exceptions_are_not_reachable_by_buttons() -> None:
    """Each error of ALERT_EXCEPTIONS is raised only where the list says, by a command no button
    carries."""
    buttons = button_commands()
    assert {"pass", "done", "resign"} <= buttons, f"button commands not found: {buttons}"
    problems = []
    for key, (command, raiser) in ALERT_EXCEPTIONS.items():
        if key not in source():
            problems.append(f"{key}: no such message (remove it from ALERT_EXCEPTIONS)")
            continue
        if command in buttons:
            problems.append(f"{key}: `{command}` is a button now: the error must fit an alert")
        users = users_of(key)
        if users != {raiser}:
            problems.append(f"{key}: raised in {sorted(users)}, ALERT_EXCEPTIONS says {raiser}")
    assert not problems, failures(problems, "ALERT_EXCEPTIONS is out of date")


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_messages_fit_discord(code: str) -> None:
    """Every message with 20-character parameters fits a Discord message (2000 characters)."""
    problems = too_long(code, source(), DISCORD_MESSAGE, "a Discord message")
    assert not problems, failures(problems, "messages too long")


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_captions_fit_telegram(code: str) -> None:
    """Board captions (``caption.*``, and the rules diagrams' ``rules.<topic>.caption``) fit a
    Telegram photo caption (1024 characters)."""
    keys = [key for key in source() if key.startswith("caption.") or key.endswith(".caption")]
    assert keys, "no captions"
    problems = too_long(code, keys, TELEGRAM_CAPTION, "a Telegram caption")
    assert not problems, failures(problems, "captions too long")


# --- 7. languages ----------------------------------------------------------------------------


def test_every_language_has_a_catalogue() -> None:
    """Every language of LANGUAGES has a .po, every .po's language is in LANGUAGES (and named)."""
    folders = {path.name for path in LOCALES.iterdir() if path.is_dir()}
    without_po = sorted(code for code in i18n.LANGUAGES if not po_path(code).is_file())
    unknown = sorted(folders - set(i18n.LANGUAGES))
    assert not without_po, f"languages without {i18n.DOMAIN}.po: {without_po}"
    assert not unknown, f"catalogues of languages not in service.i18n.LANGUAGES: {unknown}"
    assert set(i18n.LANGUAGE_NAMES) == set(i18n.LANGUAGES), (
        f"LANGUAGE_NAMES {sorted(i18n.LANGUAGE_NAMES)} != LANGUAGES {sorted(i18n.LANGUAGES)}"
    )
    for code in i18n.LANGUAGES:
        language = dict(catalogue(code).mime_headers).get("Language")
        assert language == code, (
            f"{po_path(code).relative_to(ROOT)}: Language header {language!r}, expected {code!r}"
        )
