"""The Czech catalogue uses the Go terms of the Czech rules text and beginners' guide
(docs/glossary.md): one word per idea, the rules' wording for Art. 7.2, 8 and 12, colours
lower-case mid-sentence, help lines in one verb form. Each check names the entries it reads."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from service import i18n

PO = Path(__file__).resolve().parents[2] / "service" / "locale" / "cs" / "LC_MESSAGES" / "gobot.po"


@cache
def czech() -> dict[str, tuple[str, ...]]:
    """key -> the Czech forms of every translated entry (one form, or the plural forms)."""
    with PO.open("rb") as handle:
        catalogue = read_po(handle, locale="cs", domain=i18n.DOMAIN)
    found: dict[str, tuple[str, ...]] = {}
    for message in catalogue:
        if not message.id or not message.context or message.fuzzy:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        forms = tuple(form for form in strings if isinstance(form, str))
        if any(forms):
            found[message.context] = forms
    return found


def text(key: str) -> str:
    """The Czech of ``key`` (its forms joined: a term must hold in every form)."""
    return "\n".join(czech()[key])


# A rejected word -> the word the rules text uses (the reason a reader would stumble).
REJECTED = {
    r"\břetězec\w*|\břetězc\w*": "řetěz (the beginners' guide)",
    r"\boční\w* bod": "body očí (Art. 8)",
    r"\bzajetí\b": "zajmutí (Art. 5)",
    r"\bkvůli ko\b|\bza něj pasuje": "pasovat pro ko (Art. 7.2)",
    r"\bje neplatná\b": "partie končí bez výsledku (Art. 12)",
    r"\bby byla sebevražda\b|\bby byl sebevražda\b": "by byl sebevraždou",
    r"\bjako [ČB]\w+ý\b": "hraje černými / bílými (colours lower-case)",
    r"\b(Černé|Bílé) území\b": "území černého / bílého",
    r"\bremíza\b": "nerozhodná partie, jigo (Art. 10.2)",
}


@pytest.mark.parametrize("pattern", REJECTED)
def test_no_rejected_term(pattern: str) -> None:
    found = {k: t for k in czech() if re.search(pattern, t := text(k))}
    assert not found, f"use {REJECTED[pattern]}: {found}"


def test_article_8_wording() -> None:
    """Art. 8 and its commentary: a chain in atari is not independent, the eye points of its
    group (and of a group in seki) are not territory."""
    assert "řetěz v atari není nezávislý" in text("marking.connect")
    for key in ("marking.connect", "marking.seki"):
        assert "body očí" in text(key) and "nejsou územím" in text(key), key
    assert text("legend.black_territory") == "území černého"
    assert text("legend.white_territory") == "území bílého"


def test_article_12_is_no_result() -> None:
    """Art. 12: a repetition the players agree on ends the game without result."""
    for key in ("info.repetition", "noresult.asked", "end.void", "button.noresult"):
        assert "bez výsledku" in text(key).lower(), key
    assert text("result.void") == "bez výsledku"


def test_passing_for_a_ko() -> None:
    """Art. 7.2: a player passes *for* a ko (pasovat pro ko)."""
    assert text("try.ko_pass").startswith("pas pro ko ")
    for key in ("try.ban", "try.why_ko"):
        assert "pasuje" in text(key) or "pasoval" in text(key), key
        assert "pro ně" in text(key), key


def test_colours_are_lower_case() -> None:
    """The colours are said lower-case, as the rules text writes them mid-sentence; a sentence
    never starts with one (the entries put the colour after the verb)."""
    assert text("color.black") == "černý"
    assert text("color.white") == "bílý"
    starting = {k for k in czech() if re.match(r"\{(color|winner|first)\}", text(k))}
    assert starting <= {"result.score", "result.resignation", "result.time", "result.forfeit"}, (
        starting  # these follow "B+R — " in result_words, never start a sentence
    )


def test_help_lines_in_the_infinitive() -> None:
    """Every help line says what the command does in one verb form: the infinitive (``Zahrát
    kámen``), after an optional ``Po zastavení:``-style prefix."""
    lines = {k: text(k) for k in czech() if k.startswith("help.cmd.")}
    assert len(lines) > 25
    not_infinitive = {}
    for key, line in lines.items():
        first = re.sub(r"^[^:]*: ", "", line) if re.match(r"^(Po|Organizátoři)\b", line) else line
        verb = first.split()[0].rstrip(",;:")
        if not re.fullmatch(r"\w+(t|ct)", verb):
            not_infinitive[key] = line
    assert not not_infinitive, not_infinitive


def test_examples_use_the_decimal_comma() -> None:
    """Examples of input write 6,5 as the bot prints it (SGF-style results keep B+3.5)."""
    dotted = {k: t for k in czech() if re.search(r"(komi[= ])\d+\.\d", t := text(k))}
    assert not dotted, dotted


def test_result_fractions_take_the_genitive_singular() -> None:
    """``vyhrál o 2,5 bodu``: a decimal takes the fourth form (CLDR's many)."""
    assert i18n.in_language("cs", i18n.plural(2.5, "result.points")) == "2,5 bodu"
    assert i18n.in_language("cs", i18n.plural(5, "result.points")) == "5 bodů"
