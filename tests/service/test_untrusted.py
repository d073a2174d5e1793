"""Untrusted text is cleaned once where it enters the service (issue 29's audit): a display name
with NUL broke every PostgreSQL write of its owner (``league join``, ``challenge``, ``accept``,
``link`` answered "something went wrong"), while SQLite stored it."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from service import Actor, GameService
from service.club_commands import League, LeagueAction, LinkAccount
from service.commands import Accept, Challenge, Request
from service.ports import Database
from service.untrusted import (
    NAME_LIMIT,
    TEXT_LIMIT,
    clean,
    clean_actor,
    clean_command,
    clean_request,
)
from tests.service.conftest import ORGANISER

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
HOSTILE = [
    "\x00",
    "a\x00b",
    "\u202eevil",
    "\ud800",
    "x\udfffy",
    "line\nbreak\r\n",
    "\x1b[31mred",
    "**bold** <b>x</b> `code` [a](http://x)",
    "\u2028\u2029",
    "🧑\u200d💻",
    "x" * 5000,
    " ",
    "",
]
hostile_text = st.one_of(st.text(), st.sampled_from(HOSTILE), st.text(alphabet=BIDI + "\x00 a"))


def is_clean(text: str, limit: int) -> bool:
    return (
        len(text) <= limit
        and not any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI for c in text)
        and "\x00"
        not in text.encode("utf-8").decode("utf-8")  # strict: a lone surrogate would raise
    )


@settings(max_examples=500)
@given(hostile_text, st.integers(min_value=1, max_value=400))
def test_any_text_comes_out_clean_and_cleaning_it_again_changes_nothing(
    text: str, limit: int
) -> None:
    cleaned = clean(text, limit=limit)
    assert is_clean(cleaned, limit)
    assert clean(cleaned, limit=limit) == cleaned


@given(st.text(alphabet=st.characters(categories=("L", "N", "P", "S"))))
def test_printable_text_within_its_cap_is_kept_as_it_is(text: str) -> None:
    short = text[:TEXT_LIMIT]
    assert clean(short) is short


@settings(max_examples=300)
@given(hostile_text, hostile_text)
def test_any_actor_gets_a_clean_non_empty_name(account: str, name: str) -> None:
    actor = clean_actor(Actor(f"telegram:{account}", name, "cs"))
    assert is_clean(actor.id, TEXT_LIMIT) and is_clean(actor.name, NAME_LIMIT)
    assert actor.name.strip() == actor.name != ""
    assert clean_actor(actor) is actor


@settings(max_examples=300)
@given(hostile_text, hostile_text, hostile_text)
def test_commands_and_requests_are_cleaned_through_and_through(
    name: str, key: str, value: str
) -> None:
    command = clean_command(Challenge(Actor("discord:2", name), {key: value}))
    assert command.opponent is not None and is_clean(command.opponent.name, NAME_LIMIT)
    assert all(
        is_clean(k, TEXT_LIMIT) and is_clean(v, TEXT_LIMIT) for k, v in command.options.items()
    )
    league = clean_command(League(LeagueAction.JOIN, value))
    assert league.action is LeagueAction.JOIN and is_clean(league.name or "", TEXT_LIMIT)
    request = clean_request(
        Request(Actor("telegram:1", name), f"telegram:{value}", links=((key, value),))
    )
    assert is_clean(request.actor.name, NAME_LIMIT) and is_clean(request.channel, TEXT_LIMIT)
    assert all(is_clean(text, TEXT_LIMIT) for pair in request.links for text in pair)
    assert clean_request(request) is request


def test_clean_values_are_the_same_objects() -> None:
    request = Request(Actor("telegram:1", "ann"), "telegram:-100", community="telegram:-100")
    command = Challenge(Actor("telegram:2", "ben"), {"size": "9"})
    assert clean_request(request) is request and clean_command(command) is command


NUL_NAME = "al\x00ice\u202e \x1b[2J\ud800" + "🧑\u200d💻" * 100
NUL_TWO = "\x00\x00"


async def test_a_hostile_name_joins_challenges_accepts_and_links(real_database: Database) -> None:
    """On SQLite and PostgreSQL alike: a user named with NUL, an override, an escape sequence,
    a lone surrogate and far too long joins a league, challenges, accepts and links; the
    names stored are the cleaned ones."""
    service = GameService(real_database, organisers={ORGANISER.id})
    hostile = Actor("telegram:7\x00", NUL_NAME)
    other = Actor("discord:8", NUL_TWO)
    here = "telegram:-100\x00"
    await service.execute(League(LeagueAction.CREATE, "autumn"), Request(ORGANISER, here))
    joined = await service.execute(League(LeagueAction.JOIN, "autumn\x00"), Request(hostile, here))
    assert joined.keys == ("league.joined",)
    sent = await service.execute(Challenge(other, {"size": "9"}), Request(hostile, here))
    assert sent.game_id is not None
    taken = await service.execute(Accept(), Request(other, "discord:9", game=sent.game_id))
    assert taken.board is not None
    code = await service.execute(LinkAccount(), Request(hostile, here))
    assert code.keys == ("link.code",)
    typed = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", code.lines[0])
    assert typed is not None
    again = Actor("discord:70\x00", "\u202e\x00" + NUL_NAME)  # the same person on Discord
    asked = await service.execute(LinkAccount(typed.group(0) + "\x00"), Request(again))
    assert asked.keys == ("link.asked",)  # the code's owner confirms: ``link yes``
    linked = await service.execute(LinkAccount("yes"), Request(hostile, here))
    assert "link.done" in linked.keys
    async with real_database.unit_of_work() as uow:
        stored = await uow.players.get("telegram:7")
        stranger = await uow.players.get("discord:8")
        second = await uow.players.get("discord:70")
    assert stored is not None and stranger is not None and second is not None
    assert second.person == stored.person_id
    assert stored.name == clean(NUL_NAME, limit=NAME_LIMIT).strip()
    assert is_clean(stored.name, NAME_LIMIT) and stored.name.startswith("alice ")
    assert stranger.name == "8"  # nothing was left of it: the id's own part
