"""Time controls and durations in the reader's language (issue 25): chat texts say ``7d+1d`` in
words (``7 days + 1 day per move``), with each language's plural forms; the stored text form
(the documented input syntax, what machine outputs print) never changes."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service import GameService
from service.clock import TimeControl
from service.club_commands import League, LeagueAction
from service.commands import Challenge, Request
from service.i18n import LANGUAGES, Message, Text, in_language, key_of
from service.ports import Database
from service.timing import duration_words, time_words
from tests.service.conftest import ALICE, BOB, ORGANISER

DAY, HOUR, MINUTE = 86400.0, 3600.0, 60.0


def parts_of(text: Text) -> list[tuple[str | None, float | None]]:
    """The (key, count) of each unit of a duration in words."""
    return [(key_of(p), getattr(p, "amount", None)) for p in getattr(text, "parts", ())]


@pytest.mark.parametrize(
    ("seconds", "units"),
    [
        (7 * DAY, [("time.days", 7)]),
        (DAY, [("time.days", 1)]),
        (1.5 * DAY, [("time.days", 1), ("time.hours", 12)]),
        (90 * MINUTE, [("time.hours", 1), ("time.minutes", 30)]),
        (2 * DAY + 5 * MINUTE, [("time.days", 2), ("time.minutes", 5)]),
    ],
)
def test_a_duration_is_its_units_each_a_plural(seconds: float, units: list[object]) -> None:
    assert parts_of(duration_words(seconds)) == units


@pytest.mark.parametrize(
    ("text", "key", "durations"),
    [
        ("7d+1d", "time.fischer", {"main": 7 * DAY, "increment": DAY}),
        ("2d/move", "time.simple", {"period": 2 * DAY}),
        ("14d", "time.absolute", {"main": 14 * DAY}),
        ("2w", "time.absolute", {"main": 14 * DAY}),
        ("7d+3x1d", "time.byoyomi", {"main": 7 * DAY, "period": DAY}),
        ("none", "terms.no_time", {}),
    ],
)
def test_a_time_control_in_words(text: str, key: str, durations: dict[str, float]) -> None:
    said = time_words(text)
    assert key_of(said) == key
    params = getattr(said, "params", {})
    for name, seconds in durations.items():
        assert parts_of(params[name]) == parts_of(duration_words(seconds))
    if key == "time.byoyomi":
        assert params["periods"] == 3


@pytest.mark.parametrize(
    ("code", "count", "form"),
    [("cs", 1, 0), ("cs", 3, 1), ("cs", 7, 2), ("hu", 1, 0), ("hu", 7, 1), ("en", 7, 1)],
)
def test_days_take_the_languages_plural_form(code: str, count: int, form: int) -> None:
    """The plural form of ``time.days`` follows the language (cs: 1 / 2–4 / 5+)."""
    said = in_language(code, duration_words(count * DAY))
    again = Message(code, "time.days", {}, count)
    assert said == again
    assert isinstance(said, Text)


SYNTAX = re.compile(r"\d[mhdw]\b|/move|\dx\d|\bnone\b")
DURATIONS = st.builds(
    lambda d, h, m: "".join(f"{n}{u}" for n, u in ((d, "d"), (h, "h"), (m, "m")) if n),
    st.integers(0, 30),
    st.integers(0, 23),
    st.integers(0, 59),
).filter(bool)
CONTROLS = st.one_of(
    DURATIONS,
    st.builds(lambda a, b: f"{a}+{b}", DURATIONS, DURATIONS),
    st.builds(lambda a, n, b: f"{a}+{n}x{b}", DURATIONS, st.integers(1, 30), DURATIONS),
    st.builds(lambda a: f"{a}/move", DURATIONS),
    st.just("none"),
)


@given(text=CONTROLS, code=st.sampled_from(LANGUAGES))
def test_no_time_control_syntax_reaches_a_chat_text(text: str, code: str) -> None:
    """Whatever the time control, no language's words carry its input syntax (``7d``, ``/move``,
    ``3x1d``, ``none``), and its numbers are all said."""
    said = in_language(code, time_words(text))
    assert SYNTAX.search(said) is None, said
    control = TimeControl.parse(text)
    assert control.text() == TimeControl.parse(control.text()).text()  # stored form unchanged


async def test_challenge_terms_say_the_time_in_words_and_store_the_syntax(
    service: GameService, database: Database
) -> None:
    view = await service.execute(Challenge(BOB, {"size": "9", "time": "7d+1d"}), Request(ALICE))
    terms = getattr(view.lines[0], "params", {})["terms"]
    (timed,) = [p for p in terms.parts if key_of(p) == "terms.time"]
    assert key_of(getattr(timed, "params", {})["time"]) == "time.fischer"
    assert view.game_id is not None
    async with database.unit_of_work() as uow:
        row = await uow.games.get(view.game_id)
    assert row is not None and row.time_control == "7d+1d"  # what `gobot games --json` prints


async def test_league_terms_say_the_time_in_words_in_the_readers_language(
    service: GameService,
) -> None:
    create = League(LeagueAction.CREATE, "autumn", None, {"time": "2d/move"})
    view = await service.execute(create, Request(ORGANISER, "console"))
    terms = getattr(view.lines[0], "params", {})["terms"]
    (timed,) = [p for p in terms.parts if key_of(p) == "terms.time"]
    assert key_of(getattr(timed, "params", {})["time"]) == "time.simple"
    for code in ("cs", "hu"):  # the league's terms are said again, part by part
        assert in_language(code, terms) != terms
        assert SYNTAX.search(in_language(code, terms)) is None
