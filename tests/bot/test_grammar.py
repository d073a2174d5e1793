"""The command grammar: parsing, button tokens, generated help, malformed input per command."""

from __future__ import annotations

import pytest

from bot.grammar import (
    BY_NAME,
    COMMANDS,
    Arg,
    ArgKind,
    Help,
    Spec,
    Words,
    command_of,
    help_lines,
    mentioned,
    parse,
    parse_token,
)
from service import Actor, GameService, Request
from service.commands import (
    Adjudicate,
    Challenge,
    Computer,
    Dead,
    Done,
    EstimateScore,
    Pass,
    Play,
    Resign,
    Try,
    Undo,
    Vacation,
)
from service.errors import BadArguments, UserError
from service.handlers import HANDLERS
from service.i18n import Message, has_message, in_language, key_of, t
from service.registry import Option, OptionKind
from service.views import MAX_TOKEN_BYTES
from storage.memory import open_memory
from tests.service.test_computer import ScriptedOpponent


def test_command_names_are_lowercase_letters_only() -> None:
    assert all(name.isalpha() and name.islower() for name in BY_NAME)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("play D4", Words("play", ("D4",))),
        ("PLAY d-4 #12", Words("play", ("d-4",), game=12)),
        ("play d 4", Words("play", ("d4",))),
        ("move q16", Words("play", ("q16",))),
        ("/pass", Words("pass")),
        (
            "challenge size=9 @bob komi=0.5 color=nigiri",
            Words("challenge", (), {"size": "9", "komi": "0.5", "color": "nigiri"}, None, "bob"),
        ),
        (
            "challenge time=3d+1d rated=yes",
            Words("challenge", (), {"time": "3d+1d", "rated": "yes"}),
        ),
        ("dead D4 q16 #3", Words("dead", ("D4", "q16"), game=3)),
        ("done v3", Words("done", ("v3",))),
        ("resign yes", Words("resign", ("yes",))),
        ("undo no #2", Words("undo", ("no",), game=2)),
        ("fill", Words("filldame")),
        ("adjudicate #4 B+R", Words("adjudicate", ("B+R",), game=4)),
        ("help play", Words("help", ("play",))),
        ("sgf 12", Words("sgf", game=12)),
        ("accept 3", Words("accept", game=3)),
        ("play d 4 7", Words("play", ("d4",), game=7)),
        ("adjudicate 4 jigo", Words("adjudicate", ("jigo",), game=4)),
        ("done 3 #5", Words("done", ("3",), game=5)),
        ("vacation on", Words("vacation", ("on",))),
        ("play \u212a5", Words("play", ("K5",))),  # the Kelvin sign is a K (NFKC)
        ("\uff50\uff4c\uff41\uff59 \uff44\uff14", Words("play", ("d4",))),  # full-width
    ],
)
def test_parse(text: str, expected: Words) -> None:
    assert parse(text) == expected


def test_plain_coordinates_mean_play_where_the_platform_allows() -> None:
    assert parse("d4", plain_points=True) == Words("play", ("d4",))
    with pytest.raises(BadArguments, match="Unknown command"):
        parse("d4")
    with pytest.raises(BadArguments, match="Unknown command"):
        parse("D4 #5")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("D4 #5", Words("play", ("D4",), game=5)),
        ("d4 #5", Words("play", ("d4",), game=5)),
        ("d 4 #5", Words("play", ("d4",), game=5)),
        ("d - 4 #5", Words("play", ("d-4",), game=5)),
        ("\uff24\uff14 #5", Words("play", ("D4",), game=5)),  # full-width
        ("#5 D4", Words("play", ("D4",), game=5)),  # the number first reads as well
        ("#5 d -4", Words("play", ("d-4",), game=5)),
        ("play D4 #5", Words("play", ("D4",), game=5)),
        ("pass #5", Words("pass", game=5)),
        ("#5 pass", Words("pass", game=5)),
        ("#12 dead D4 E5", Words("dead", ("D4", "E5"), game=12)),
        ("d -4", Words("play", ("d -4",))),  # a point alone, as typed
    ],
)
def test_a_plain_point_takes_the_game_number_before_or_after_it(text: str, expected: Words) -> None:
    assert parse(text, plain_points=True) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("D4 5", "takes no more"),  # only `#5` names a game after a bare point: not a typo's 5
        ("d4 is a good move", "takes no more"),
        ("D4 E5", "takes no more"),
        ("D4 #x", "not a game number"),
        ("D4 #5 #6", "not a game number"),
        ("#5 games", "takes no more"),
        ("#5", "Unknown command"),
    ],
)
def test_a_plain_point_with_other_words_gets_a_clear_answer(text: str, message: str) -> None:
    with pytest.raises(BadArguments, match=message):
        parse(text, plain_points=True)


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("g42:pass", Words("pass", game=42)),
        ("g42:done:v3", Words("done", ("v3",), game=42)),
        ("g7:resign:yes", Words("resign", ("yes",), game=7)),
        ("g7:undo:no", Words("undo", ("no",), game=7)),
        ("g1:accept", Words("accept", game=1)),
    ],
)
def test_button_tokens(token: str, expected: Words) -> None:
    assert parse_token(token) == expected
    assert len(token.encode()) <= MAX_TOKEN_BYTES


@pytest.mark.parametrize("token", ["g42", "x1:pass", "g1:fly", "g1:games", "g1:done:v3:x:y:z", ""])
def test_bad_tokens(token: str) -> None:
    with pytest.raises(BadArguments, match="not valid"):
        parse_token(token)


MALFORMED = {  # examples beside the cases generated from the registrations (below)
    "challenge": ["challenge size", "challenge colr=black", "challenge @", "challenge x y"],
    "accept": ["accept now", "accept #x", "accept 3 #4"],
    "decline": ["decline please"],
    "computer": ["computer now", "computer colours=white", "computer #3", "computer @bob"],
    "play": ["play", "play D4 E5", "play D4 size=9"],
    "pass": ["pass D4", "pass m", "pass mx", "pass m1 m2"],
    "resign": ["resign maybe", "resign yes yes"],
    "undo": ["undo maybe"],
    "board": ["board big"],
    "estimate": ["estimate now", "estimate D4", "estimate #x", "estimate size=9"],
    "games": ["games all", "games #3"],
    "dead": ["dead"],
    "done": ["done soon", "done v3 v4"],
    "resume": ["resume now"],
    "filldame": ["filldame x"],
    "try": ["try", "try #3", "try D4 size=9", "try D4 #x"],
    "noresult": ["noresult please"],
    "sgf": ["sgf long"],
    "adjudicate": ["adjudicate"],
    "vacation": ["vacation forever"],
    "help": ["help dance"],
    "rating": ["rating bob carol", "rating @bob bob", "rating 5", "rating @", "rating #3"],
    "leaderboard": ["leaderboard many", "leaderboard 10 20", "leaderboard -1"],
    "history": ["history bob=1", "history @bob carol", "history 42", "history #3"],
    "league": ["league", "league dance", "league join a b c", "league create x colour=red"],
    "link": ["link A B"],
    "unlink": ["unlink me"],
    "rules": ["rules ko seki", "rules ko size=9"],
    "settings": ["settings club", "settings language", "settings #3", "settings colour=red"],
}


_SAMPLES = {
    ArgKind.POINT: "d4",
    ArgKind.RESULT: "B+R",
    ArgKind.VERSION: "v3",
    ArgKind.MOVE: "m3",
    ArgKind.NUMBER: "10",
    ArgKind.COMMAND: "play",
    ArgKind.WORD: "x",
}


def _sample(arg: Arg) -> str:
    """A value the grammar accepts for ``arg``."""
    return arg.choices[0] if arg.choices else _SAMPLES[arg.kind]


def _positional(spec: Spec) -> list[Arg]:
    return [a for a in spec.args if a.kind is not ArgKind.MENTION]


def generated_malformed(spec: Spec) -> list[str]:
    """Lines the grammar must refuse, made from ``spec``'s registration: a required argument
    missing, a word that is none of an argument's choices, an argument too many, an option the
    command does not have."""
    args = _positional(spec)
    required = " ".join(_sample(a) for a in args if a.required)
    cases = [f"{spec.name} {required} zzz=1".replace("  ", " ")]
    if args and args[0].required:
        cases.append(spec.name)
    if args and args[0].choices:
        cases.append(f"{spec.name} zzz")
    if args and not any(a.repeat for a in args):
        cases.append(f"{spec.name} {' '.join(_sample(a) for a in args)} zzz")
    return cases


def generated_bad_values(spec: Spec) -> list[tuple[str, Option]]:
    """For each option with a type or fixed choices: a line with a value it does not take (the
    grammar passes it on; the service refuses it). The line gives the required arguments and the
    free words before the last argument (a league's name)."""
    args = _positional(spec)
    given = [a for a in args if a.required or (a is not args[-1] and not a.choices)]
    words = " ".join([spec.name, *(_sample(a) for a in given)])
    return [
        (f"{words} {option.name}=zzz", option)
        for option in spec.options
        if option.choices or option.kind is not OptionKind.STR
    ]


def test_the_examples_are_of_registered_commands() -> None:
    assert set(MALFORMED) <= {spec.name for spec in COMMANDS}


def test_every_command_gets_generated_malformed_cases() -> None:
    for spec in COMMANDS:
        cases = generated_malformed(spec)
        assert cases, spec.name
        for text in cases:
            with pytest.raises(BadArguments) as error:
                parse(text)
            message = str(error.value)
            assert message[0].isupper() or message.startswith(("`", "“")), text


async def test_a_bad_option_value_is_refused_by_the_service() -> None:
    """The grammar checks an option's key; its value is the service's to check, against the same
    declaration (:class:`~service.registry.Option`): every generated bad value is refused."""
    service = GameService(await open_memory(), opponent=ScriptedOpponent())
    request = Request(Actor("console:alice", "alice"), "console", organiser=True)
    refused = []
    for spec in COMMANDS:
        for text, option in generated_bad_values(spec):
            words = parse(text)
            assert words.options == {option.name: "zzz"}, text
            command = command_of(words)
            assert not isinstance(command, Help)
            with pytest.raises(UserError) as error:
                await service.execute(command, request)
            assert option.name in str(error.value), (text, error.value.key)
            refused.append(option.name)
    assert {"color", "rated", "weekend", "level", "system", "bye", "theme"} <= set(refused)


@pytest.mark.parametrize("text", [t for cases in MALFORMED.values() for t in cases])
def test_malformed_input_gets_a_clear_answer(text: str) -> None:
    with pytest.raises(BadArguments) as error:
        parse(text)
    message = str(error.value)
    assert message[0].isupper() or message.startswith(("`", "“"))
    assert "Traceback" not in message


@pytest.mark.parametrize("text", ["", "   ", "fly me", "@bob"])
def test_unknown_or_empty_lines(text: str) -> None:
    with pytest.raises(BadArguments):
        parse(text)


def test_generated_help() -> None:
    lines = help_lines()
    assert lines[0] == t("help.header") and lines[-1] == t("help.game")
    assert f"  play <point> [#game] — {t('help.cmd.play')}" in lines
    assert len(lines) == len(COMMANDS) + 2
    detail = help_lines("move")  # an alias: the help of play
    assert detail == [
        t("help.cmd.play"),
        t("help.usage", usage="play <point> [#game]"),
        t("help.who", who=t("who.to_move")),
        t("help.aliases", aliases="move"),
    ]


@pytest.mark.parametrize(
    ("name", "code", "aliases"),
    [
        ("pass", "en", None),  # no other English word for it
        ("pass", "cs", "pas"),
        ("pass", "hu", "passz"),
        ("rules", "cs", "pravidla"),
        ("rules", "hu", "szabalyok"),
        ("play", "en", "move"),
        ("play", "cs", None),  # `move` is English: a Czech reader is not shown it
        ("passz", "cs", "pas"),  # asked by another language's word: the reader's own still
    ],
)
def test_each_reader_is_shown_the_aliases_of_their_own_language(
    name: str, code: str, aliases: str | None
) -> None:
    shown = [line for line in help_lines(name, code) if key_of(line) == "help.aliases"]
    assert [line.params["aliases"] for line in shown if isinstance(line, Message)] == (
        [aliases] if aliases else []
    )


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("play d4", Play("d4")),
        ("d4", Play("d4")),
        ("D4 #5", Play("D4")),
        ("pass", Pass()),
        ("resign", Resign(confirm=False)),
        ("resign yes", Resign(confirm=True)),
        ("undo", Undo(None)),
        ("undo yes", Undo(True)),
        ("undo no", Undo(False)),
        ("dead D4 q16", Dead(("D4", "q16"))),
        ("try W d 4 E5, pass #3", Try(("W", "d4", "E5,", "pass"))),
        ("done", Done(None)),
        ("done v3", Done(3)),
        ("done 3 #5", Done(3)),
        ("vacation", Vacation(None)),
        ("vacation on", Vacation(True)),
        ("vacation off", Vacation(False)),
        ("adjudicate #4 B+R", Adjudicate("B+R")),
        ("computer size=9 level=3", Computer({"size": "9", "level": "3"})),
        ("challenge size=9", Challenge(None, {"size": "9"})),
        ("help play", Help("play")),
    ],
)
def test_lines_become_command_values(text: str, command: object) -> None:
    assert command_of(parse(text, plain_points=True)) == command


def test_a_button_token_becomes_the_same_command_value() -> None:
    assert command_of(parse_token("g42:pass:m37")) == Pass(37)
    assert command_of(parse_token("g42:done:v3")) == Done(3)
    assert command_of(parse_token("g42:estimate")) == EstimateScore()


def test_a_mention_is_the_challenged_actor() -> None:
    bob = Actor("console:bob", "bob")
    assert command_of(parse("challenge @bob size=9"), bob) == Challenge(bob, {"size": "9"})


def test_every_command_of_the_table_is_dispatched_by_the_registry() -> None:
    """The table is the single source of dispatch: each spec builds a value the service's
    registry knows (``help`` is answered from the table itself)."""
    samples = {"play": "d4", "dead": "d4", "adjudicate": "B+R", "try": "d4", "league": "list"}
    for spec in COMMANDS:
        words = parse(f"{spec.name} {samples.get(spec.name, '')}")
        command = command_of(words, None)
        assert isinstance(command, Help) or type(command) in HANDLERS, spec.name


@pytest.mark.parametrize(
    ("typed", "near"), [("plya", "play"), ("resing", "resign"), ("acept", "accept")]
)
def test_an_unknown_command_suggests_the_nearest_name(typed: str, near: str) -> None:
    with pytest.raises(BadArguments) as raised:
        parse(f"{typed} d4")
    assert raised.value.key == "grammar.unknown_near"
    assert f"`{near}`" in raised.value.message


def test_an_unknown_command_far_from_every_name_gets_no_guess() -> None:
    with pytest.raises(BadArguments) as raised:
        parse("hello there")
    assert raised.value.key == "grammar.unknown"


@pytest.mark.parametrize("name", ["league", "link"])
def test_commands_of_several_actions_explain_each(name: str) -> None:
    details = help_lines(name)
    more = t(f"help.more.{name}").split("\n")
    assert details[-len(more) :] == more
    assert all(len(line) < 2000 for line in details)


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("pas", "pass"),
        ("passz", "pass"),
        ("napoveda play", "help"),
        ("sugo", "help"),
        ("pravidla ko", "rules"),
        ("szabalyok seki", "rules"),
        ("nastaveni language=cs", "settings"),
        ("beallitasok language=hu", "settings"),
    ],
)
def test_czech_and_hungarian_words_for_a_few_commands(typed: str, name: str) -> None:
    """Issue 10: translated aliases where every platform allows them (Latin a-z: Telegram's
    commands); the English names keep working everywhere."""
    assert parse(typed).name == name


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("nápověda", "help"),
        ("NÁPOVĚDA", "help"),
        ("súgó", "help"),
        ("szabályok ko", "rules"),
        ("pravidla ko", "rules"),
        ("nastavení language=cs", "settings"),
        ("beállítások", "settings"),
        ("help szabályok", "help"),
    ],
)
def test_own_language_command_words_are_read_with_their_accents(typed: str, name: str) -> None:
    """The Czech and Hungarian words for a command are registered in plain letters (Telegram's
    menu allows no others), and a reader types them as their language writes them."""
    assert parse(typed).name == name


def test_an_accented_word_that_names_no_command_is_still_unknown() -> None:
    with pytest.raises(BadArguments) as raised:
        parse("přijmout")
    assert raised.value.key in ("grammar.unknown", "grammar.unknown_near")


# -- a user by name, without the ``@`` ------------------------------------------------------------

USERS = [spec for spec in COMMANDS if spec.mention is not None]


def test_the_commands_that_take_a_user() -> None:
    """The rule follows the registrations: every command with a user argument, and only those."""
    assert {spec.name for spec in USERS} == {"challenge", "rating", "history"}


@pytest.mark.parametrize("spec", USERS, ids=lambda s: s.name)
@pytest.mark.parametrize("name", ["bob", "Bořek", "bob_99", "j.doe", "x"])
def test_a_user_written_without_the_at_is_a_name(spec: Spec, name: str) -> None:
    assert parse(f"{spec.name} {name}") == Words(spec.name, mention=name, named=True)
    assert parse(f"/{spec.name} @{name}") == Words(spec.name, mention=name)


def test_a_name_keeps_the_rest_of_the_line() -> None:
    words = parse("challenge bob size=9 colour=white")
    assert words == Words(
        "challenge", (), {"size": "9", "color": "white"}, mention="bob", named=True
    )


@pytest.mark.parametrize(
    "text",
    [
        "challenge size",  # an option's key: a forgotten ``=``, not a user
        "challenge Colour",
        "history 42",  # a number is no name
        "rating 5",
        "rating bob carol",  # one user at most
        "challenge @bob carol",
        "history bob=1",
        "challenge #3",
        "computer bob",  # takes no user
        "leaderboard bob",
        "games bob",
    ],
)
def test_what_is_not_a_name_stays_refused(text: str) -> None:
    with pytest.raises(BadArguments) as error:
        parse(text)
    assert error.value.key in {"grammar.extra", "grammar.option", "grammar.count"}, text


class _Lookups:
    """An adapter's two lookups, recording what they were asked."""

    def __init__(self, *known: Actor) -> None:
        self.known = known
        self.asked: list[tuple[str, str]] = []

    async def resolve(self, name: str) -> Actor:
        self.asked.append(("mention", name))
        return Actor(f"test:{name}", name)

    async def find(self, name: str) -> list[Actor]:
        self.asked.append(("name", name))
        return [a for a in self.known if a.name.lower() == name.lower()]


BOB = Actor("test:2", "bob")


async def test_an_at_mention_is_resolved_as_the_adapter_resolves_it() -> None:
    lookups = _Lookups(BOB)
    actor = await mentioned(parse("rating @bob"), lookups.resolve, lookups.find)
    assert actor == Actor("test:bob", "bob") and lookups.asked == [("mention", "bob")]
    assert await mentioned(parse("rating"), lookups.resolve, lookups.find) is None
    assert lookups.asked == [("mention", "bob")]


@pytest.mark.parametrize("text", ["challenge bob", "rating BOB", "history Bob"])
async def test_a_name_known_here_is_that_user(text: str) -> None:
    lookups = _Lookups(BOB, Actor("test:3", "carol"))
    assert await mentioned(parse(text), lookups.resolve, lookups.find) == BOB
    assert [kind for kind, _ in lookups.asked] == ["name"]  # never taken for a mention


async def test_one_user_found_twice_is_one_user() -> None:
    lookups = _Lookups(BOB, BOB)
    assert await mentioned(parse("rating bob"), lookups.resolve, lookups.find) == BOB


async def test_a_name_nobody_here_has_says_so_and_how_to_write_it() -> None:
    lookups = _Lookups(Actor("test:3", "carol"))
    with pytest.raises(BadArguments) as error:
        await mentioned(parse("rating bob"), lookups.resolve, lookups.find)
    assert error.value.key == "grammar.name_unknown"
    assert error.value.params == {"name": "bob", "written": "rating @bob"}


async def test_a_challenge_to_an_unknown_name_also_offers_an_open_challenge() -> None:
    lookups = _Lookups()
    with pytest.raises(BadArguments) as error:
        await mentioned(parse("challenge Bob size=9 colour=white"), lookups.resolve, lookups.find)
    assert error.value.key == "grammar.name_unknown"
    written = "challenge @Bob size=9 color=white"
    assert str(error.value).split("\n") == [
        t("grammar.name_unknown", name="Bob", written=written),
        t("grammar.name_unknown.challenge"),
    ]


async def test_two_users_of_one_name_ask_for_the_mention() -> None:
    lookups = _Lookups(BOB, Actor("test:9", "Bob"))
    with pytest.raises(BadArguments) as error:
        await mentioned(parse("history bob"), lookups.resolve, lookups.find)
    assert error.value.key == "grammar.name_ambiguous"
    assert error.value.params == {"name": "bob", "written": "history @bob"}


# -- option aliases ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "options"),
    [
        ("challenge colour=white", {"color": "white"}),
        ("challenge COLOUR=Black size=9", {"color": "Black", "size": "9"}),
        ("challenge Color=nigiri", {"color": "nigiri"}),
        ("computer colour=black level=3", {"color": "black", "level": "3"}),
    ],
)
def test_colour_is_read_as_color(text: str, options: dict[str, str]) -> None:
    assert parse(text).options == options


@pytest.mark.parametrize(
    "text", ["challenge color=black colour=white", "computer colour=a colour=b"]
)
def test_an_option_by_both_spellings_is_given_twice(text: str) -> None:
    with pytest.raises(BadArguments) as error:
        parse(text)
    assert error.value.key == "grammar.option_twice" and error.value.params == {"key": "color"}


@pytest.mark.parametrize("text", ["league create x colour=red", "settings colour=red"])
def test_an_alias_belongs_to_its_option_only(text: str) -> None:
    with pytest.raises(BadArguments) as error:
        parse(text)
    assert error.value.key == "grammar.option"


def test_every_alias_is_its_own_key() -> None:
    """An alias never shadows another option of the same command, nor is said twice."""
    for spec in COMMANDS:
        keys = [key for option in spec.options for key in option.keys]
        assert len(keys) == len(set(keys)), spec.name
        assert all(key == key.lower() and "=" not in key for key in keys), spec.name


async def test_the_service_reads_an_alias_too() -> None:
    """A command value built by other means than the grammar (a test, a script) may use the
    alias: the service reads it as the option."""
    service = GameService(await open_memory())
    alice = Actor("console:alice", "alice")
    view = await service.execute(Challenge(None, {"Colour": "white"}), Request(alice, "console"))
    assert view.game_id is not None
    with pytest.raises(UserError) as error:
        await service.execute(
            Challenge(None, {"color": "white", "colour": "black"}), Request(alice, "console")
        )
    assert error.value.key == "grammar.option_twice"


# -- options in help ---------------------------------------------------------------------------


def test_help_challenge_explains_each_option() -> None:
    lines = help_lines("challenge")
    start = lines.index(t("help.options"))
    shown = lines[start + 1 : start + 1 + len(BY_NAME["challenge"].options)]
    assert [line.split("=")[0].strip() for line in shown] == list(BY_NAME["challenge"].option_names)
    weekend = f"  weekend=pause|play — {t('help.option.weekend')}"
    assert weekend in lines
    assert f"  color=black|white|nigiri — {t('help.option.color')}" in lines
    assert not any("colour=" in line for line in lines)  # the canonical key only
    assert t("help.mention") in lines


@pytest.mark.parametrize("name", ["challenge", "computer"])
def test_every_option_of_a_game_is_explained(name: str) -> None:
    for option in BY_NAME[name].options:
        assert option.help is not None and has_message(option.help), (name, option.name)


def test_help_without_a_user_or_options_says_nothing_of_them() -> None:
    lines = help_lines("play")
    assert t("help.mention") not in lines and t("help.options") not in lines


@pytest.mark.parametrize("code", ["cs", "hu"])
def test_the_weekend_help_is_said_in_the_readers_language(code: str) -> None:
    line = next(x for x in help_lines("challenge", code) if x.strip().startswith("weekend="))
    said = in_language(code, line)
    assert said.startswith("  weekend=pause|play — ") and said != str(line)
