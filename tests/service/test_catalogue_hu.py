"""The Hungarian catalogue says the Go terms of the Hungarian translation of the Japanese Rules
(1989) and of club play, one word per idea (issue 25; the glossary is docs/glossary.md).

Each check names the entries by key, so a changed sentence elsewhere does not break it, and a
rejected term is looked for in every entry.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from service import i18n

PO = Path(__file__).resolve().parents[2] / "service" / "locale" / "hu" / "LC_MESSAGES" / "gobot.po"


@cache
def hungarian() -> dict[str, tuple[str, ...]]:
    """Message id -> its Hungarian text(s)."""
    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="hu", domain=i18n.DOMAIN)
    found: dict[str, tuple[str, ...]] = {}
    for message in catalog:
        if message.id and message.context:
            texts = message.string if isinstance(message.string, tuple) else (message.string,)
            found[str(message.context)] = tuple(str(text) for text in texts)
    return found


def text(key: str) -> str:
    return " ".join(hungarian()[key])


# A rejected word, the reason, and the entries where it is input syntax (typed as it is).
REJECTED: list[tuple[str, str, frozenset[str]]] = [
    (r"visszalép", "undo is visszavétel (visszalépés: withdrawing)", frozenset()),
    (r"játék nélkül", "Art. 14 forfeit is büntetés, not a walkover", frozenset()),
    (r"szempont", "Art. 8 eye points are szem-pontok (szempont is a viewpoint)", frozenset()),
    (r"érvénytelen", "voided territory: nincs terület; Art. 12: no result", frozenset()),
    (r"leállít|leállt", "Art. 9 says the game stops: megáll, megállás", frozenset()),
    (r"\bcikk\b", "the rules text numbers its articles as cikkely", frozenset()),
    (r"csevegő\b", "a chat is a csevegés (as Telegram's Hungarian says)", frozenset()),
    (r"különbség", "a margin reads 'nyer 3,5 ponttal' (result.points says ponttal)", frozenset()),
    (r"\bkó\b|\bKó\b", "the rules text writes ko (kót, kóban only with a suffix)", frozenset()),
    (
        r"\bjigo\b",
        "the rules text spells it dzsigo; jigo only as typed input",
        frozenset({"discord.option.result", "error.result", "help.cmd.adjudicate"}),
    ),
]


@pytest.mark.parametrize(("pattern", "why", "typed"), REJECTED, ids=[r[0] for r in REJECTED])
def test_no_entry_uses_a_rejected_term(pattern: str, why: str, typed: frozenset[str]) -> None:
    found = [
        key
        for key, texts in hungarian().items()
        if key not in typed and any(re.search(pattern, t) for t in texts)
    ]
    assert not found, f"{why}: {found}"


def test_undo_is_visszavetel() -> None:
    assert text("button.undo") == "Visszavétel"
    assert "visszaveheti" in text("button.undo_yes")
    for key in ("discord.option.answer", "undo.refused", "error.undo_no_request"):
        assert "visszavételi kérés" in text(key), key


def test_forfeit_is_buntetes_art_14() -> None:
    for key in ("result.forfeit", "games.won_forfeit", "games.lost_forfeit"):
        assert "büntetéssel" in text(key), key


def test_jigo_is_dzsigo_art_10() -> None:
    assert text("tally.jigo") == "dzsigo"
    assert "dzsigo" in text("result.jigo")


def test_eye_points_are_szem_pontok_art_8() -> None:
    for key in ("rules.seki.cite", "marking.seki", "marking.connect"):
        assert "szem-pont" in text(key), key


def test_passing_for_a_ko_art_7_2() -> None:
    for key in ("try.ban", "try.why_ko"):
        assert re.search(r"passzolt (volna )?erre a kóra", text(key)), key


def test_a_margin_reads_as_ponttal() -> None:
    """``Fekete nyert 3,5 ponttal``: result.points is said after nyer/vezet, in both forms (a
    number takes the singular in Hungarian)."""
    assert hungarian()["result.points"] == ("{n} ponttal", "{n} ponttal")
    for key in ("tally.wins", "estimate.ahead"):
        assert "{margin} ponttal" in text(key), key
    for key in ("result.score", "games.won_score", "games.lost_score", "estimate.leads"):
        assert "különbség" not in text(key), key


def test_the_board_says_prisoners() -> None:
    """The rules' word (foglyok, Art. 5), never a participle without its noun (leütött 0)."""
    assert text("image.prisoners").startswith("foglyok")
    assert text("console.captures").startswith("Foglyok")


def test_voided_territory_is_no_territory() -> None:
    assert "nincs terület" in text("legend.voiding_dame")
    assert "nincs területe" in text("marking.voiding")


def test_settings_labels_are_capitalised() -> None:
    """A settings line is a label and its value: ``Nyelv: magyar``."""
    for name in ("language", "theme", "notify", "estimate"):
        label = text(f"settings.name.{name}")
        assert label[:1].isupper(), label
