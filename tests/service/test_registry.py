"""The service as a table of commands: every command type has exactly one handler; reads never
write, never evict the cache and never wake the scheduler; links sent with a command are kept in
its own unit of work. One registration is all a command needs: a toy command registered here is
parsed, offered, helped and run everywhere (docs/adding-a-command.md)."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import discord
import pytest
from discord import app_commands
from telegram import BotCommand

import service as service_package
from bot import grammar
from bot.discord.buttons import GoButton
from bot.discord.slash import club_group, go_group, localized_choices, option_type
from bot.telegram.menu import command_menu, menu_entries
from engine.colors import Color
from engine.coords import Point
from service import Actor, GameService, View, club_commands, commands, i18n, registry
from service.commands import (
    Accept,
    Challenge,
    Command,
    Computer,
    Done,
    EstimateScore,
    Games,
    LegalPoints,
    Pass,
    Play,
    Request,
    Resign,
    Sgf,
    ShowBoard,
    Undo,
)
from service.errors import BadArguments, IllegalMoveError
from service.handlers import HANDLERS, MODULES, playing
from service.i18n import t
from service.ports import ConcurrentUpdate, Database
from service.registry import Arg, ArgKind, Option, OptionKind, Spec, Style, Who
from service.unit import Unit
from tests.service.conftest import ALICE, BOB, CAROL, FakeClock, play_moves, start_game
from tests.service.test_computer import computer_service


def _command_types() -> set[type]:
    """Every command class :mod:`service.commands`, :mod:`service.club_commands` and the
    handler modules (where a new command's value lives, next to its handler) define."""
    handlers = [importlib.import_module(f"service.handlers.{name}") for name in MODULES]
    return {
        value
        for module in (commands, club_commands, *handlers)
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Command) and value is not Command
    }


def test_every_command_type_has_one_handler() -> None:
    assert set(HANDLERS) == _command_types()


def test_the_reads_are_marked_as_reads() -> None:
    reads = {kind for kind, handler in HANDLERS.items() if not handler.writes}
    assert {ShowBoard, Games, Sgf, LegalPoints} <= reads
    assert Play not in reads and Challenge not in reads


async def test_reads_keep_the_replayed_game_cached(service: GameService) -> None:
    """Autocomplete asks for the legal points at every keystroke: the next move must not replay
    the whole game again."""
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3")
    cache = service.context.cache
    reads: tuple[Command[object], ...] = (LegalPoints(), ShowBoard(), Sgf(), Games())
    for read in reads:
        await service.execute(read, Request(ALICE, game=gid))
        assert len(cache) == 1, read
    await service.execute(Play("D4"), Request(ALICE, game=gid))
    assert len(cache) == 1
    with pytest.raises(BadArguments):  # a refused write left its game as it was: still cached
        await service.execute(Play("Z99"), Request(BOB, game=gid))
    with pytest.raises(IllegalMoveError):
        await service.execute(Play("E5"), Request(BOB, game=gid))  # occupied
    assert len(cache) == 1
    view = await service.execute(Play("F6"), Request(BOB, game=gid))
    assert view.board is not None and view.board.move_number == 4 and len(cache) == 1


async def test_a_game_changed_by_a_failed_command_leaves_the_cache(service: GameService) -> None:
    """A unit of work that changed a game and then failed (rolled back) must not cache the
    changed game: the next command replays the stored one."""
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")

    async def change_then_fail(unit: Unit, command: object) -> object:
        loaded = await unit.load(gid)
        loaded.game.play(Color.WHITE, Point(2, 2))
        raise BadArguments("refused after a change")

    with pytest.raises(BadArguments):
        await service._write(Request(BOB, game=gid), lambda unit: change_then_fail(unit, None))
    assert len(service.context.cache) == 0
    view = await service.execute(ShowBoard(), Request(BOB, game=gid))
    assert view.board is not None and view.board.move_number == 1


async def test_only_deadline_changes_wake_the_scheduler(
    service: GameService, clock: FakeClock
) -> None:
    woken: list[int] = []
    service.deadline_listeners.append(lambda: woken.append(1))
    untimed = await start_game(service, "size=9")
    await play_moves(service, untimed, "E5")
    await service.execute(ShowBoard(), Request(CAROL, game=untimed))
    assert woken == []
    timed = await start_game(service, "size=9", "time=1d+1h")
    assert len(woken) == 1  # the first move's clock starts
    await service.execute(ShowBoard(), Request(ALICE, game=timed))
    assert len(woken) == 1
    clock.advance(3600)
    await play_moves(service, timed, "E5")  # White's clock: a later deadline
    assert len(woken) == 2


async def test_links_sent_with_a_challenge_are_written_with_it(service: GameService) -> None:
    home = (("telegram:home", "-100"),)
    refused = Request(ALICE, links=home)
    with pytest.raises(BadArguments):
        await service.execute(Challenge(BOB, {"size": "99"}), refused)
    assert (await service.execute(Games(), Request(ALICE))).keys == ("games.none",)
    view = await service.execute(Challenge(BOB, {"size": "9"}), Request(ALICE, links=home))
    links = await service.directory.links(view.game_id)
    assert links == {"telegram:home": "-100"}


async def test_a_conflict_keeps_the_games_it_left_unchanged(service: GameService) -> None:
    """A unit of work that lost a race (ConcurrentUpdate) before changing its game puts the game
    back: the retry finds it cached instead of replaying it."""
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    seen: list[object] = []

    async def conflict_once(unit: Unit) -> None:
        seen.append((await unit.load(gid)).game)
        if len(seen) == 1:
            raise ConcurrentUpdate("another process wrote first")

    await service._write(Request(BOB, game=gid), conflict_once)
    assert len(seen) == 2 and seen[0] is seen[1]


# -- one registration -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Knock(Command[View]):
    """The toy command: a stone on ``point`` (``at_move``: the board a button was pressed on)."""

    point: str
    at_move: int | None = None
    loud: bool = False


async def knock(unit: Unit, command: Knock) -> View:
    """The toy's handler: a move, said with a knock."""
    view = await playing.play(unit, Play(command.point, command.at_move))
    return dataclasses.replace(view, lines=("knock", *view.lines))


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[Spec]:
    """``knock`` registered (and its help text in the catalogue) for one test."""
    monkeypatch.setitem(i18n.SOURCE, "help.cmd.knock", "Knock on a point")
    registry.command(
        Knock,
        "knock",
        build=lambda w, _: Knock(
            w.args[0],
            int(w.args[1][1:]) if len(w.args) > 1 else None,
            w.options.get("loud") == "yes",
        ),
        who=Who.TO_MOVE,
        args=(Arg("point", ArgKind.POINT), Arg("move", ArgKind.MOVE, required=False)),
        options=(
            Option("loud", OptionKind.YES_NO, ("yes", "no")),
            Option("volume", OptionKind.INT, ("1", "2", "3")),
        ),
        local={"cs": ("klepni",)},
        style=Style.DANGER,
        organiser=lambda w: w.options.get("loud") == "yes",
    )(knock)
    try:
        yield registry.spec_of(Knock)
    finally:
        registry.unregister(Knock)
    assert "knock" not in grammar.BY_NAME and Knock not in HANDLERS


def test_one_registration_makes_the_words_the_help_and_the_menus(registered: Spec) -> None:
    assert grammar.parse("knock D4 #3") == grammar.Words("knock", ("D4",), game=3)
    assert grammar.command_of(grammar.parse("klepni d4 loud=yes")) == Knock("d4", None, True)
    assert registry.needs_organiser(grammar.parse("knock d4 loud=yes"))
    assert not registry.needs_organiser(grammar.parse("knock d4"))
    with pytest.raises(BadArguments):
        grammar.parse("knock")  # its point is required
    tok = registry.token(Knock, 42, point="d4", move=7)
    assert tok == "g42:knock:d4:m7"
    assert grammar.command_of(grammar.parse_token(tok)) == Knock("d4", 7)
    assert GoButton(tok).item.style is discord.ButtonStyle.danger
    assert "  knock <point> [loud=…] [volume=…] [#game] — Knock on a point" in grammar.help_lines()
    assert t("help.aliases", aliases="klepni") in grammar.help_lines("klepni", "cs")
    assert ("knock", "help.cmd.knock") in menu_entries()
    assert BotCommand("knock", "Knock on a point") in command_menu()


def test_one_registration_makes_the_slash_command(registered: Spec) -> None:
    async def run(*_: object) -> None: ...

    async def complete(*_: object) -> list[str]:
        return []

    group = go_group(run, complete)
    slash = group.get_command("knock")
    assert isinstance(slash, app_commands.Command)
    params = {p.name: p for p in slash.parameters}
    assert list(params) == ["point", "loud", "volume", "game"]
    assert params["point"].required and params["point"].autocomplete
    assert params["loud"].type is discord.AppCommandOptionType.string
    assert [c.value for c in params["loud"].choices] == ["yes", "no"]
    assert params["volume"].type is discord.AppCommandOptionType.integer
    assert [c.value for c in params["volume"].choices] == [1, 2, 3]
    assert params["game"].type is discord.AppCommandOptionType.integer
    assert club_group(run, complete).get_command("knock") is None


async def test_one_registration_runs_through_the_service_and_the_computer_answers(
    registered: Spec, database: Database, clock: FakeClock
) -> None:
    """A new write command needs nothing more for games against the computer: after it, the
    computer answers (its duty follows the registration's ``writes``)."""
    service = computer_service(database, clock, "C3")
    view = await service.execute(Computer({"size": "9"}), Request(ALICE))
    gid = view.game_id
    assert gid is not None
    words = grammar.parse("knock E5")
    knocked = await grammar.run(service, words, Request(ALICE, game=gid))
    assert knocked.lines[0] == "knock"
    assert "computer.played" in knocked.keys
    assert knocked.board is not None and (2, 2) in knocked.board.white


# -- tokens and options from the registrations ---------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "values", "expected"),
    [
        (Pass, {"move": 37}, "g42:pass:m37"),
        (Done, {"version": 3}, "g42:done:v3"),
        (Resign, {"yes": "yes"}, "g42:resign:yes"),
        (Undo, {"answer": "no"}, "g42:undo:no"),
        (Accept, {}, "g42:accept"),
        (ShowBoard, {}, "g42:board"),
        (EstimateScore, {}, "g42:estimate"),
    ],
)
def test_tokens_keep_the_format_of_old_messages(
    kind: type, values: dict[str, str | int], expected: str
) -> None:
    """Buttons on messages sent before a restart (or before this code) keep working: the tokens
    built from the registrations are the strings earlier versions wrote."""
    assert registry.token(kind, 42, **values) == expected
    assert type(grammar.command_of(grammar.parse_token(expected))) is kind


def test_a_token_names_only_declared_arguments() -> None:
    with pytest.raises(ValueError, match="no argument"):
        registry.token(Pass, 42, version=3)
    with pytest.raises(ValueError, match="none of"):
        registry.token(Undo, 42, answer="maybe")
    with pytest.raises(ValueError, match="no button"):
        registry.token(Games, 42)  # about no game


def test_the_service_writes_no_token_by_hand() -> None:
    """Every button token of the service is built from a registration (``token(Kind, …)``)."""
    root = Path(service_package.__file__).parent
    for path in sorted(root.rglob("*.py")):
        if path.name == "registry.py":  # where tokens are made
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "token":
                assert isinstance(node.args[0], ast.Name), f"{path.name}:{node.lineno}"
            if isinstance(node, ast.JoinedStr) and len(node.values) > 1:  # f"g{game}:…"
                first = node.values[0]
                written = isinstance(first, ast.Constant) and str(first.value) == "g"
                assert not written, f"a token by hand in {path.name}:{node.lineno}"


def test_every_option_with_fixed_choices_offers_them_on_discord() -> None:
    offered = set()
    for spec in grammar.COMMANDS:
        for option in spec.options:
            if not option.choices:
                continue
            literal = typing.get_args(option_type(option))
            named = [c.value for c in localized_choices(option)]
            assert [str(c) for c in literal] == list(option.choices) or named == list(
                option.choices
            ), (spec.name, option.name)
            offered.add(option.name)
    expected = {"color", "rated", "weekend", "level", "system", "bye", "handicap"}
    assert expected | {"language", "theme", "notify", "estimate"} <= offered


def test_every_argument_has_its_word_in_the_catalogue() -> None:
    """Help and "missing argument" answers name each argument in the reader's words
    (``help.arg.<name>``): none falls back to its English name (``<action>``)."""
    missing = [
        f"{spec.name} {arg.name}"
        for spec in registry.COMMANDS
        for arg in spec.args
        if not i18n.has_message(
            "help.arg.user" if arg.kind is ArgKind.MENTION else f"help.arg.{arg.name}"
        )
    ]
    assert not missing


@pytest.mark.parametrize("code", ["cs", "hu"])
def test_usage_lines_name_their_placeholders_in_the_readers_language(code: str) -> None:
    """``play <point>`` reads ``play ‹bod›`` in Czech: no English placeholder (``<point>``,
    ``@user``, ``#game``) reaches a Czech or Hungarian reader; the command words, option keys
    and the words typed as they are (``yes``, ``on|off``) stay."""
    for spec in registry.COMMANDS:
        said = i18n.in_language(code, spec.usage())
        assert "<" not in said and "@user" not in said and "#game" not in said, said
        assert said.split()[0] == spec.name
        for arg in spec.args:
            missing = i18n.in_language(code, registry.placeholder(arg))
            assert missing != registry.placeholder(arg), (spec.name, arg.name)


# -- a user and option aliases from the registration ----------------------------------------------


@dataclass(frozen=True, slots=True)
class Wave(Command[View]):
    """Another toy: wave at a user (the sender without one)."""

    user: str | None
    loud: bool = False


async def wave(unit: Unit, command: Wave) -> View:
    return View((f"wave at {command.user}",))


@pytest.fixture
def waving(monkeypatch: pytest.MonkeyPatch) -> Iterator[Spec]:
    """``wave [@user] [loud=yes|no]`` (also ``noisy=``) registered for one test."""
    monkeypatch.setitem(i18n.SOURCE, "help.cmd.wave", "Wave at someone")
    monkeypatch.setitem(i18n.SOURCE, "help.option.loud", "whether everyone hears it")
    registry.command(
        Wave,
        "wave",
        build=lambda w, user: Wave(user.id if user else None, w.options.get("loud") == "yes"),
        writes=False,
        args=(Arg("@user", ArgKind.MENTION, required=False),),
        options=(
            Option(
                "loud",
                OptionKind.YES_NO,
                ("yes", "no"),
                aliases=("noisy",),
                help="help.option.loud",
            ),
        ),
        game=False,
    )(wave)
    try:
        yield registry.spec_of(Wave)
    finally:
        registry.unregister(Wave)


async def test_one_registration_with_a_user_reads_a_name_and_an_alias(waving: Spec) -> None:
    """A user argument and an option's aliases need nothing but the registration: the grammar
    reads ``wave bob noisy=yes`` as ``wave @bob loud=yes`` once ``bob`` is known here, and
    help explains both."""
    words = grammar.parse("wave bob NOISY=yes")
    assert words == grammar.Words("wave", (), {"loud": "yes"}, mention="bob", named=True)

    async def resolve(name: str) -> Actor:
        raise AssertionError(name)

    async def find(name: str) -> list[Actor]:
        return [BOB] if name == "bob" else []

    user = await grammar.mentioned(words, resolve, find)
    assert grammar.command_of(words, user) == Wave(BOB.id, loud=True)
    with pytest.raises(BadArguments) as error:
        await grammar.mentioned(grammar.parse("wave carol"), resolve, find)
    assert error.value.key == "grammar.name_unknown"
    assert error.value.params["written"] == "wave @carol"
    lines = grammar.help_lines("wave")
    assert t("help.mention") in lines and "  loud=yes|no — whether everyone hears it" in lines


def test_an_alias_is_no_slash_option(waving: Spec) -> None:
    """Discord offers each option once, by its own name."""

    async def run(*_: object) -> None: ...

    async def complete(*_: object) -> list[str]:
        return []

    slash = go_group(run, complete).get_command("wave")
    assert isinstance(slash, app_commands.Command)
    assert [p.name for p in slash.parameters] == ["user", "loud"]


def test_options_named_reads_aliases_and_refuses_doubles() -> None:
    options = (Option("color", aliases=("colour",)), Option("size", OptionKind.INT))
    assert registry.options_named(options, {"Colour": " White ", "size": "9"}) == {
        "color": "white",
        "size": "9",
    }
    with pytest.raises(BadArguments) as error:
        registry.options_named(options, {"color": "black", "colour": "white"})
    assert error.value.key == "grammar.option_twice"
    with pytest.raises(BadArguments) as error:
        registry.options_named(options, {"colours": "black"})
    assert error.value.key == "error.option_unknown"
    assert error.value.params == {"key": "colours", "known": "color, size"}


async def test_the_computer_reads_colour_too(database: Database, clock: FakeClock) -> None:
    """``computer colour=white`` (or a command value with the alias) gives the player White."""
    service = computer_service(database, clock, "C3")
    view = await service.execute(Computer({"size": "9", "Colour": "white"}), Request(ALICE))
    assert view.board is not None and view.board.white_name == "@alice"
    words = grammar.parse("computer colour=black size=9")
    assert words.options == {"color": "black", "size": "9"}
    with pytest.raises(BadArguments) as error:
        await service.execute(Computer({"color": "black", "colour": "white"}), Request(ALICE))
    assert error.value.key == "grammar.option_twice"
