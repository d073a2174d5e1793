"""Fuzzing the command grammar (hypothesis): no line, button token or option value makes anything
but a clear :class:`UserError` escape, and a refused command changes no game."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.errors import answer
from bot.grammar import BY_NAME, COMMANDS, mentioned, parse, parse_token, run
from bot.telegram.formatting import as_html
from bot.words import for_notice, said
from service import Actor, GameService, View
from service.commands import Request
from service.errors import BadArguments, UserError
from service.ports import Database
from storage.memory import open_memory
from tests.postgres_support import drop_schema, new_schema, require_postgres
from tests.service.conftest import ALICE, BOB, FakeClock, play_moves, start_game, version_of

NAMES = sorted(BY_NAME)
WORDS = [
    "D4",
    "d 4",
    "K5",
    "\u212a5",
    "\u01305",
    "T19",
    "Z9",
    "J9",
    "I5",
    "A0",
    "pass",
    "yes",
    "no",
    "v1",
    "v0",
    "v99999999999",
    "m0",
    "m3",
    "#1",
    "#2",
    "#0",
    "#99999999999",
    "7",
    "-1",
    "@bob",
    "@",
    "@@",
    "bob",  # a user by name: known here (below)
    "BOB",
    "alice",
    "twins",  # two users of one name
    "nobody",
    "Bořek",
    "size",
    "size=9",
    "size=0",
    "size=99999999999999999999",
    "komi=6.5",
    "komi=nan",
    "komi=inf",
    "komi=-1e308",
    "handicap=9",
    "handicap=-3",
    "color=white",
    "colour=black",
    "COLOUR=nigiri",
    "colour=",
    "color=nigiri",
    "time=3d+1d",
    "time=0d",
    "time=99999999999d",
    "time=7d+3x1d",
    "rated=yes",
    "level=10",
    "level=0",
    "weekend=pause",
    "mode=capture",
    "mode=chess",
    "system=swiss",
    "system=mcmahon",
    "system=knockout",
    "rounds=3",
    "rounds=99999",
    "bye=none",
    "handicap=auto",
    "language=cs",
    "language=xx",
    "language=auto",
    "theme=dark",
    "theme=",
    "notify=none",
    "notify=ALL",
    "estimate=on",
    "problem=on",
    "problem_hour=18",
    "channel",
    "league",
    "create",
    "join",
    "standings",
    "ABCD-EFGH",
    "B+R",
    "W+3.5",
    "jigo",
    "void",
    "bothlose",
    "on",
    "off",
    "\u0000",
    "\u202e",
    "🀄",
    "=",
    "==",
    "x=",
    "=x",
    "g1:pass",
    "'",
    '"',
    "`",
    "\\",
]
JUNK = st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
TOKEN = st.one_of(st.sampled_from(WORDS), JUNK)
LINE = st.builds(
    lambda prefix, name, words: prefix + " ".join([name, *words]),
    st.sampled_from(["", "/", " "]),
    st.one_of(st.sampled_from(NAMES), JUNK),
    st.lists(TOKEN, max_size=5),
)
EXAMPLES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@EXAMPLES
@given(st.one_of(LINE, JUNK, st.text(max_size=200)), st.booleans())
def test_any_line_parses_or_gets_a_clear_refusal(text: str, plain: bool) -> None:
    try:
        parse(text, plain_points=plain)
    except BadArguments as error:
        assert error.key and str(error)


@EXAMPLES
@given(st.one_of(st.text(max_size=80), st.builds(":".join, st.lists(TOKEN, max_size=5))))
def test_any_button_token_parses_or_gets_a_clear_refusal(token: str) -> None:
    try:
        parse_token(token)
    except BadArguments as error:
        assert error.key and str(error)


HOSTILE_NAMES = [
    "\x00",
    "nul\x00name",
    "\u202eevil\u202c",
    "\u2066\u2067\u2068\u2069",
    "\ud800",
    "lone\udfff",
    "\x1b[2J\x07",
    "line\nbreak\r\n\t",
    "\u2028\u2029",
    "x" * 5000,
    "\u202e" * 1000,
    "<b>bold</b> &amp; <a href='x'>",
    "*bold* _it_ `code` ~~s~~ [link](http://x) ||spoiler||",
    "@everyone",
    "",
    " ",
    "🧑\u200d💻" * 50,
]
HOSTILE_NAME = st.one_of(
    st.sampled_from(HOSTILE_NAMES),
    st.text(max_size=40),
    st.text(alphabet=st.characters(categories=("Cc", "Cf", "Cs", "Zl", "Zp")), max_size=20),
)


async def _game(database: Database, black: Actor, white: Actor) -> tuple[GameService, int]:
    service = GameService(database, clock=FakeClock(), rng=random.Random(1))
    gid = await start_game(service, "size=9", black=black, white=white)
    await play_moves(service, gid, "E5", "C3")
    return service, gid


KNOWN = {  # the users known here by name
    "bob": [BOB],
    "alice": [ALICE],
    "twins": [Actor("console:twin1", "twins"), Actor("console:twin2", "twins")],
}


async def _resolve(name: str) -> Actor:
    return Actor(f"console:{name.lower()}", name.lower())


async def _find(name: str) -> list[Actor]:
    return KNOWN.get(name.lower(), [])


def _shown(view: View) -> None:
    """What a chat would show of ``view``: its words, as Telegram's HTML, and each notice's."""
    words = said(view)
    as_html(words.lines)
    for notice in view.notify:
        as_html(for_notice(view, notice).lines)


async def _try_lines(
    lines: list[tuple[str, bool]],
    names: tuple[str, str, str] = ("alice", "bob", "carol"),
    open_database: Callable[[], Awaitable[Database]] = open_memory,
) -> None:
    """The lines by Black and White of a running game (their display names ``names``; a
    mentioned user is called the third), through the grammar into the service and out as a
    chat would say it: a reply or a refusal in the catalogue's words, never the apology for
    an internal error."""
    black, white = Actor(ALICE.id, names[0]), Actor(BOB.id, names[1])
    database = await open_database()
    try:
        service, gid = await _game(database, black, white)
        for text, by_black in lines:
            actor = black if by_black else white
            before = await version_of(database, gid)
            try:
                words = parse(text, plain_points=True)
                mention = await mentioned(words, _resolve, _find)
                if mention is not None:  # the one mentioned is called the third name
                    mention = Actor(mention.id, names[2])
                outcome = await run(service, words, Request(actor, "console:fuzz"), mention)
                if isinstance(outcome, View):
                    _shown(outcome)
                event("ran")
            except UserError as error:
                assert error.key, error  # every refusal is a catalogue sentence
                assert await version_of(database, gid) == before  # and changes nothing
                answered = await answer(error, "en")
                assert not answered.internal
                as_html([answered.text])
    finally:
        await database.close()


@EXAMPLES
@given(st.lists(st.tuples(LINE, st.booleans()), min_size=1, max_size=6))
def test_any_command_line_runs_or_is_refused_without_a_change(
    lines: list[tuple[str, bool]],
) -> None:
    """Lines by both players of a running game, through the grammar into the service: each one
    works or is refused with a clear sentence, and a refused one leaves the game as it was."""
    asyncio.run(_try_lines(lines))


@EXAMPLES
@given(
    st.lists(st.tuples(LINE, st.booleans()), min_size=1, max_size=6),
    st.tuples(HOSTILE_NAME, HOSTILE_NAME, HOSTILE_NAME),
)
def test_players_with_hostile_names_never_meet_an_internal_error(
    lines: list[tuple[str, bool]], names: tuple[str, str, str]
) -> None:
    """Display names as hostile as a platform lets through (NUL, control characters, lone
    surrogates, bidi overrides, 5,000 characters, markup) change nothing of the above."""
    asyncio.run(_try_lines(lines, names))


def test_the_chat_fuzz_runs_on_postgresql_with_hostile_names() -> None:
    """The same fuzz on PostgreSQL, where a NUL in a name once broke every write of its owner
    (``invalid byte sequence for encoding "UTF8": 0x00``): one schema, a game per example."""
    from storage.postgres import open_postgres

    url = asyncio.run(require_postgres())
    schema = new_schema()

    async def postgres() -> Database:
        return await open_postgres(url, schema=schema, max_connections=2)

    @settings(EXAMPLES, max_examples=60)
    @given(
        st.lists(st.tuples(LINE, st.booleans()), min_size=1, max_size=6),
        st.tuples(HOSTILE_NAME, HOSTILE_NAME, HOSTILE_NAME),
    )
    def fuzz(lines: list[tuple[str, bool]], names: tuple[str, str, str]) -> None:
        asyncio.run(_try_lines(lines, names, postgres))

    try:
        fuzz()
    finally:
        asyncio.run(drop_schema(url, schema))


def test_the_fuzz_vocabulary_covers_every_option() -> None:
    options = {key for spec in BY_NAME.values() for o in spec.options for key in o.keys}
    assert options <= {w.split("=")[0].lower() for w in WORDS if "=" in w}


USERS = [spec.name for spec in COMMANDS if spec.mention is not None]


@EXAMPLES
@given(st.sampled_from(USERS), st.one_of(st.sampled_from(WORDS), JUNK), st.lists(TOKEN, max_size=3))
def test_a_word_where_a_user_goes_is_a_name_or_a_clear_refusal(
    name: str, word: str, rest: list[str]
) -> None:
    """Any word after a command that takes a user: a name to look up (then refused, when
    nobody here has it, with the line as it should be written, the name with its ``@``), or
    the grammar's own refusal; never an error without a sentence."""
    text = " ".join([name, word, *rest])
    try:
        words = parse(text)
    except BadArguments as error:
        assert error.key and str(error)
        return
    if not words.named:
        return

    async def nobody(_: str) -> list[Actor]:
        return []

    try:
        asyncio.run(mentioned(words, _resolve, nobody))
    except BadArguments as error:
        assert error.key == "grammar.name_unknown"
        assert f"@{words.mention}" in str(error.params.get("written", str(error)))
    else:
        raise AssertionError(f"{text!r}: a name nobody has was taken")
