"""``try`` after the stop (Art. 7.2): a hypothetical sequence on a copy of the stopped position,
shown to both players, under the confirmation ko rule; the real game never changes."""

from __future__ import annotations

import asyncio
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.board import Board as EngineBoard
from engine.colors import Color
from engine.coords import Point, parse_vertex
from engine.counting import PointStatus
from engine.diagram import parse_diagram
from service import GameService
from service.commands import Actor, Computer, Dead, Done, Pass, Request, Resume, ShowBoard, Try
from service.errors import (
    BadArguments,
    IllegalMoveError,
    InvalidPoint,
    NoSuchGame,
    NotAPlayer,
    UserError,
    WrongPhase,
)
from service.handlers.trying import (
    COLOR_LETTERS,
    COLOR_WORDS,
    play_out,
    read_color,
    read_sequence,
)
from service.i18n import key_of, t
from service.limits import Limits
from service.ports import Database, GameRow
from service.views import Notice, View
from storage.memory import open_memory
from tests.service.conftest import (
    ALICE,
    BOB,
    CAROL,
    FakeClock,
    line,
    play_moves,
    says,
    start_game,
)
from tests.service.test_computer import ScriptedOpponent

B, W = Color.BLACK, Color.WHITE
BLACK, WHITE = t("color.black"), t("color.white")
# Black takes the ko at F5 (capturing E5); then both pass: White could retake at E5.
KO = ["D5", "E5", "E6", "F6", "E4", "F4", "B2", "G5", "F5", "pass", "pass"]


def step(n: int, color: Color, move: str) -> str:
    """A numbered move of a tried sequence: its colour in words (``sequence.black``), no letter."""
    return t("sequence.black" if color is B else "sequence.white", n=n, move=move)


def steps(*moves: tuple[Color, str]) -> str:
    """The header's moves: numbered steps joined by `` · ``."""
    return " · ".join(step(n, c, m) for n, (c, m) in enumerate(moves, 1))


def spot(text: str, size: int = 9) -> Point:
    return parse_vertex(text, size)


async def stored(database: Database, game_id: int) -> tuple[GameRow, int]:
    """The game's stored row (version, marking, acceptances, clocks, deadline) and its events."""
    async with database.unit_of_work() as uow:
        row = await uow.games.get(game_id)
        assert row is not None
        return row, len(await uow.games.events(game_id))


async def stopped_ko(service: GameService, *options: str) -> int:
    gid = await start_game(service, "size=9", *options)
    await play_moves(service, gid, *KO)
    return gid


async def test_both_players_see_the_sequence_and_the_game_is_unchanged(
    service: GameService, database: Database
) -> None:
    gid = await stopped_ko(service)
    await service.execute(Done(1), Request(ALICE, game=gid))  # an acceptance a try must keep
    before = await stored(database, gid)
    board_before = (await service.execute(ShowBoard(), Request(ALICE, game=gid))).board

    view = await service.execute(Try(("E5",)), Request(BOB, game=gid))  # White retakes the ko

    assert view.keys == ("try.header", "try.captured", "try.ban", "try.unchanged")
    header = t("try.header", name="@bob", id=gid, first=WHITE, moves=steps((W, "E5")))
    assert line(view, "try.header") == header
    took = t("try.took", n=1, color=WHITE, points="F5")
    assert line(view, "try.captured") == t("try.captured", captures=took)
    assert line(view, "try.ban") == t("try.ban", color=BLACK, point="F5")
    assert line(view, "try.unchanged") == t("try.unchanged", id=gid, v=1)
    board = view.board
    assert board is not None
    assert spot("E5") in board.white and spot("F5") not in board.black
    assert board.sequence == ((spot("E5"), W, 1),)
    taken = t("try.takes", color=WHITE, n=1)
    assert board.caption == t("caption.try", id=gid, captured=taken)
    assert board.tally is None and board.to_move is None and board.version is None
    assert [b.token for b in view.buttons] == [f"g{gid}:board"]
    assert view.notify == (Notice(ALICE.id, view.lines, view.buttons),)  # the opponent sees it
    assert view.game_id == gid

    assert await stored(database, gid) == before  # nothing written: marking, acceptances, clocks
    after = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert after.board == board_before  # the cached game was not played on either
    assert t("marking.accepted", color=BLACK, name="@alice") in after.lines
    end = await service.execute(Done(1), Request(BOB, game=gid))  # Alice's acceptance stands
    assert "end.announce" in end.keys


async def test_a_timed_game_keeps_its_clocks(service: GameService, database: Database) -> None:
    gid = await stopped_ko(service, "time=1d+1h")
    before = await stored(database, gid)
    await service.execute(Try(("W", "E5", "pass", "A9", "F5")), Request(ALICE, game=gid))
    assert await stored(database, gid) == before


async def test_a_ko_is_retaken_only_after_a_pass_for_it(service: GameService) -> None:
    """Art. 7.2: after White retakes, Black may take the ko back only after passing once for it;
    moves elsewhere are not enough (in play, Art. 6, they would be)."""
    gid = await stopped_ko(service)
    for tried, n in ((("E5", "F5"), 2), (("E5", "A1", "A9", "F5"), 4)):
        with pytest.raises(IllegalMoveError) as refused:
            await service.execute(Try(tried), Request(BOB, game=gid))
        why = t("try.why_ko", color=BLACK)
        assert says(refused.value, "error.try_illegal", n=n, color=BLACK, point="F5", why=why)

    view = await service.execute(Try(("E5", "pass", "A9", "F5")), Request(BOB, game=gid))
    ko_pass = t("try.ko_pass", point="F5")
    moves = steps((W, "E5"), (B, ko_pass), (W, "A9"), (B, "F5"))
    assert line(view, "try.header") == t(
        "try.header", name="@bob", id=gid, first=WHITE, moves=moves
    )
    took = " · ".join(
        (t("try.took", n=1, color=WHITE, points="F5"), t("try.took", n=4, color=BLACK, points="E5"))
    )
    assert line(view, "try.captured") == t("try.captured", captures=took)
    assert line(view, "try.ban") == t("try.ban", color=WHITE, point="E5")  # now White's turn
    assert "try.replayed" not in view.keys
    assert view.board is not None  # E5 was taken back: the image draws it as a numbered ghost
    assert view.board.sequence == ((spot("E5"), W, 1), (spot("A9"), W, 3), (spot("F5"), B, 4))
    assert spot("E5") not in view.board.white | view.board.black

    with pytest.raises(IllegalMoveError) as refused:  # White in turn needs a pass for it
        await service.execute(Try(("E5", "pass", "A9", "F5", "E5")), Request(BOB, game=gid))
    assert says(
        refused.value,
        "error.try_illegal",
        n=5,
        color=WHITE,
        point="E5",
        why=t("try.why_ko", color=WHITE),
    )
    again = await service.execute(
        Try(("E5", "pass", "A9", "F5", "pass", "A8", "E5")), Request(BOB, game=gid)
    )
    assert t("try.ko_pass", point="E5") in line(again, "try.header")
    assert line(again, "try.replayed") == t("try.replayed", moves=steps((W, "E5")))  # E5 shows 7
    assert again.board is not None and again.board.sequence[-1] == (spot("E5"), W, 7)


async def test_a_pass_without_a_ko_ban_is_a_plain_pass_and_b_or_w_says_who_starts(
    service: GameService,
) -> None:
    gid = await stopped_ko(service)
    view = await service.execute(Try(("b", "pass", "E5")), Request(BOB, game=gid))
    header = t(
        "try.header", name="@bob", id=gid, first=BLACK, moves=steps((B, t("word.pass")), (W, "E5"))
    )
    assert line(view, "try.header") == header
    view = await service.execute(Try(("W,E5,", "pass")), Request(ALICE, game=gid))
    assert view.board is not None and view.board.sequence == ((spot("E5"), W, 1),)
    assert view.notify[0].player == BOB.id


async def test_illegal_moves_name_the_move_the_point_and_the_rule(service: GameService) -> None:
    gid = await stopped_ko(service)
    with pytest.raises(IllegalMoveError) as refused:
        await service.execute(Try(("D5",)), Request(ALICE, game=gid))
    why = t("try.why_occupied")
    assert says(refused.value, "error.try_illegal", n=1, color=BLACK, point="D5", why=why)
    with pytest.raises(IllegalMoveError) as refused:  # White's A1 between A2 and B1
        await service.execute(Try(("A2", "J9", "B1", "A1")), Request(ALICE, game=gid))
    why = t("try.why_suicide")
    assert says(refused.value, "error.try_illegal", n=4, color=WHITE, point="A1", why=why)


async def test_bad_sequences_get_clear_answers(service: GameService) -> None:
    gid = await stopped_ko(service)
    for empty in ((), ("B",), (" , ",)):
        with pytest.raises(BadArguments) as refused:
            await service.execute(Try(empty), Request(ALICE, game=gid))
        assert says(refused.value, "error.try_empty")
    most = Limits().try_moves  # the default limit (service/limits.py, README "Limits")
    too_long = ("pass",) * (most + 1)
    with pytest.raises(BadArguments) as refused:
        await service.execute(Try(too_long), Request(ALICE, game=gid))
    assert says(refused.value, "error.try_too_long", limit=most, n=most + 1)
    await service.execute(Try(("pass",) * most), Request(ALICE, game=gid))  # the limit is fine
    off = t("error.point_off", point="Z9", size=9, range="A1–J9")
    for word, reason in (
        ("Z9", off),
        ("I5", t("error.point_no_i", range="A1–J9")),
        ("@bob", t("error.point_form", text="@bob", size=9, range="A1–J9")),
    ):
        with pytest.raises(BadArguments) as refused:
            await service.execute(Try(("E5", word)), Request(BOB, game=gid))
        assert says(refused.value, "error.try_point", n=2, reason=reason)


async def test_the_longest_sequence_is_the_configured_limit(
    database: Database, clock: FakeClock
) -> None:
    """``Limits.try_moves`` (service/limits.py) is the limit the service applies, not a constant."""
    service = GameService(database, clock=clock, limits=Limits(try_moves=3))
    gid = await stopped_ko(service)
    with pytest.raises(BadArguments) as refused:
        await service.execute(Try(("W", "E5", "pass", "A9", "F5")), Request(ALICE, game=gid))
    assert says(refused.value, "error.try_too_long", limit=3, n=4)
    view = await service.execute(Try(("W", "E5", "pass", "A9")), Request(ALICE, game=gid))
    assert view.board is not None and len(view.board.sequence) == 2  # two stones, one pass


async def test_only_a_tried_board_is_hypothetical(service: GameService) -> None:
    """What the adapters show beside the game's board, never in its place: a try's board. The
    marking numbers a capturable chain's sequence too (Art. 7.1), but it is the game's board."""
    gid = await stopped_ko(service)
    tried = await service.execute(Try(("W", "E5", "pass", "A9")), Request(ALICE, game=gid))
    counting = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert tried.hypothetical and not counting.hypothetical
    assert not View(("",)).hypothetical
    warned = await start_game(service, "size=5")  # B3-C3 alive, taken by White's A3 (Art. 7.1)
    moves = ("B3", "B4", "C3", "C4", "A1", "D4", "A5", "B2", "E5", "C2", "E1", "D2")
    await play_moves(service, warned, *moves, "pass", "pass")
    view = await service.execute(ShowBoard(), Request(ALICE, game=warned))
    assert view.board is not None
    dead = (PointStatus.DEAD_REMOVED, PointStatus.DEAD_STAYS)
    if ((2, 1), dead[0]) in view.board.marks or ((2, 1), dead[1]) in view.board.marks:
        view = await service.execute(Dead(("B3",)), Request(ALICE, game=warned))  # alive
    assert view.board is not None and view.board.sequence  # the warning's numbered moves
    assert not view.hypothetical


async def test_try_works_only_after_the_stop_and_only_for_the_players(
    service: GameService,
) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    with pytest.raises(WrongPhase) as refused:
        await service.execute(Try(("D4",)), Request(ALICE, game=gid))
    assert says(refused.value, "error.try_not_stopped", id=gid)
    await service.execute(Pass(), Request(BOB, game=gid))
    await service.execute(Pass(), Request(ALICE, game=gid))  # two passes: stopped
    with pytest.raises(NotAPlayer):
        await service.execute(Try(("D4",)), Request(CAROL, game=gid))
    await service.execute(Try(("D4",)), Request(ALICE, game=gid))
    await service.execute(Resume(), Request(ALICE, game=gid))  # back to play (Art. 9.3)
    with pytest.raises(WrongPhase) as refused:
        await service.execute(Try(("D4",)), Request(ALICE, game=gid))
    assert says(refused.value, "error.try_not_stopped", id=gid)
    await service.execute(Pass(), Request(BOB, game=gid))
    await service.execute(Pass(), Request(ALICE, game=gid))
    await service.execute(Done(), Request(ALICE, game=gid))
    await service.execute(Done(), Request(BOB, game=gid))
    with pytest.raises(WrongPhase) as refused:  # a finished game (Art. 10.4)
        await service.execute(Try(("D4",)), Request(ALICE, game=gid))
    assert refused.value.key == "error.finished"


async def test_with_several_games_the_game_is_named(service: GameService) -> None:
    first = await stopped_ko(service)
    second = await stopped_ko(service)
    with pytest.raises(NoSuchGame) as refused:
        await service.execute(Try(("E5",)), Request(BOB))
    assert refused.value.key == "error.which_game"
    view = await service.execute(Try(("E5",)), Request(BOB, game=second))
    assert view.game_id == second and f"#{second}" in line(view, "try.header")
    assert first != second


async def test_the_computer_gets_no_notice(database: Database, clock: FakeClock) -> None:
    service = GameService(
        database, clock=clock, rng=random.Random(1), opponent=ScriptedOpponent("pass")
    )
    view = await service.execute(Computer({"size": "9", "color": "black"}), Request(ALICE))
    gid = view.game_id
    assert gid is not None
    await service.execute(Pass(), Request(ALICE, game=gid))  # the computer passes too: stopped
    tried = await service.execute(Try(("E5",)), Request(ALICE, game=gid))
    assert tried.keys[0] == "try.header" and tried.notify == ()


# Two kos on a 7×7 board: on the top edge White can take B7 from A7; on the bottom edge Black
# can take E2 from E1.
TWO_KOS = """
. X O . . . .
X O . O . . .
. X O . . . .
. . . . . . .
. . . . X . .
. . . X O X .
. . . O . O .
"""


def two_kos() -> EngineBoard:
    size, stones = parse_diagram(TWO_KOS)
    board = EngineBoard(size)
    for point, color in stones.items():
        board.place_setup(color, point)
    return board


def moves_of(*words: str) -> list[Point | None]:
    return [None if w == "pass" else spot(w, 7) for w in words]


# White takes the top ko, Black the bottom one; White passes for the bottom ko and takes it back:
# Black is now banned from both kos (Art. 7.2) when it passes at move 6.
BOTH_BANNED = ("A7", "E1", "pass", "G4", "E2", "pass", "G3")


@pytest.mark.parametrize(
    ("after", "ko"),
    [
        (("B7",), "B7"),  # Black's next stone retakes the top ko: the pass is for that one
        (("E1",), "E1"),  # ... the bottom ko
        (("G2",), "E1"),  # neither: the ko taken most recently (the bottom one, at move 5)
    ],
)
def test_with_several_kos_a_pass_is_for_the_ko_the_next_stone_retakes(
    after: tuple[str, ...], ko: str
) -> None:
    board = two_kos()
    before = board.hash
    demo, steps = play_out(board, W, moves_of(*BOTH_BANNED, *after))
    assert steps[2].ko == spot("E2", 7)  # White's pass: its only ban
    assert steps[5].ko == spot(ko, 7)
    assert board.hash == before  # played on a copy
    assert demo.may_retake(B, spot(ko, 7))


def test_the_other_ko_still_needs_its_own_pass() -> None:
    moves = moves_of(*BOTH_BANNED, "G2", "G1", "B7")  # the pass went to the bottom ko
    with pytest.raises(IllegalMoveError) as refused:
        play_out(two_kos(), W, moves)
    why = t("try.why_ko", color=BLACK)
    assert says(refused.value, "error.try_illegal", n=10, color=BLACK, point="B7", why=why)
    _, steps = play_out(two_kos(), W, moves_of(*BOTH_BANNED, "G2", "G1", "pass", "A1", "B7"))
    assert steps[9].ko == spot("B7", 7) and steps[-1].captured == (spot("A7", 7),)


WORDS = ["E5", "F5", "D5", "A1", "A2", "B1", "J9", "pass", "PASS", "b", "W", "Z9", "I5", "", ","]
TRIES = st.lists(st.sampled_from(WORDS) | st.text(max_size=4), max_size=12)


async def _tries(sequences: list[list[str]]) -> None:
    database = await open_memory()
    try:
        service = GameService(database, clock=FakeClock(), rng=random.Random(1))
        gid = await stopped_ko(service)
        before = await stored(database, gid)
        for words in sequences:
            try:
                view = await service.execute(Try(tuple(words)), Request(BOB, game=gid))
            except UserError as error:
                assert error.key, error  # a catalogue sentence, never an internal error
            else:
                assert view.board is not None and view.keys[0] == "try.header"
        assert await stored(database, gid) == before
    finally:
        await database.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TRIES, min_size=1, max_size=4))
def test_any_sequence_shows_a_board_or_gets_a_clear_refusal(sequences: list[list[str]]) -> None:
    asyncio.run(_tries(sequences))


@pytest.mark.parametrize(
    ("moves", "ko"),
    [
        (("A7", "G1", "G2", "pass"), "B7"),  # the ko is still there: the pass is for it
        (("A7", "G1", "B7", "pass"), None),  # White connected at B7
        (("A7", "G1", "A5", "pass"), None),  # White took A6: its A7 stone has two liberties
    ],
)
def test_a_pass_is_for_a_ko_only_while_that_ko_is_on_the_board(
    moves: tuple[str, ...], ko: str | None
) -> None:
    _, steps = play_out(two_kos(), W, moves_of(*moves))
    assert steps[3].ko == (None if ko is None else spot(ko, 7))


# -- colours in the reader's language (issue 25) -----------------------------------------------


@pytest.mark.parametrize(
    ("code", "word", "color"),
    [
        ("en", "B", B),
        ("en", "w", W),
        ("en", "black", B),
        ("cs", "Č", B),
        ("cs", "č", B),
        ("cs", "C", B),
        ("cs", "B", W),  # bílý: a Czech reader's B is White
        ("cs", "b", W),
        ("cs", "W", W),
        ("cs", "černý", B),
        ("cs", "Bílý", W),
        ("cs", "cerny", B),
        ("hu", "F", B),
        ("hu", "Fe", W),
        ("hu", "fe", W),
        ("hu", "fekete", B),
        ("hu", "fehér", W),
        ("hu", "B", B),
        ("hu", "W", W),
        ("en", "fekete", B),  # a colour's word is read in every language
        ("en", "bílý", W),
        ("hu", "černý", B),
        ("cs", "white", W),
    ],
)
def test_a_leading_colour_is_read_in_the_senders_language(
    code: str, word: str, color: Color
) -> None:
    assert read_color(word, code) is color
    first, moves = read_sequence([word, "E5"], 9, color.opponent, 10, code)
    assert first is color and moves == [spot("E5")]


@pytest.mark.parametrize(("code", "word"), [("en", "C"), ("en", "F"), ("en", "Fe"), ("cs", "F")])
def test_another_languages_letters_are_not_colours(code: str, word: str) -> None:
    """Č, F and Fe are colours only to their language's readers (elsewhere: not a point)."""
    assert read_color(word, code) is None
    with pytest.raises(InvalidPoint):
        read_sequence([word, "E5"], 9, B, 10, code)


@pytest.mark.parametrize(("code", "word"), [("en", "pass"), ("cs", "pas"), ("hu", "passz")])
def test_a_pass_is_read_in_english_and_in_the_senders_language(code: str, word: str) -> None:
    assert read_sequence([word, "pass"], 9, B, 10, code) == (B, [None, None])


@given(
    code=st.sampled_from(["en", "cs", "hu"]),
    color=st.sampled_from([B, W]),
    points=st.lists(st.sampled_from(["A1", "E5", "J9", "pass"]), min_size=1, max_size=5),
)
def test_a_colours_own_letter_always_names_it(code: str, color: Color, points: list[str]) -> None:
    """In every language, the letter its readers write for a colour (and the colour's word in
    any language) says who plays first; without one, the default colour starts."""
    letters = {letter for letter, c in COLOR_LETTERS[code].items() if c is color}
    words = {w for w, c in COLOR_WORDS.items() if c is color}
    for word in sorted(letters | words):
        assert read_sequence([word, *points], 9, color.opponent, 10, code)[0] is color
    assert read_sequence(points, 9, color, 10, code)[0] is color


async def test_a_czech_readers_b_plays_white_and_the_header_says_it_in_words(
    service: GameService,
) -> None:
    """A Czech reader's ``try B E5`` starts with White (bílý); an English reader's with Black.
    The reply names colours by their keys (``sequence.*``), never by a letter."""
    gid = await stopped_ko(service)
    czech = Actor(BOB.id, BOB.name, language="cs")
    view = await service.execute(Try(("B", "E5")), Request(czech, game=gid))
    assert view.language == "cs"
    assert view.board is not None and view.board.sequence == ((spot("E5"), W, 1),)
    header = line(view, "try.header")
    assert getattr(header, "params", {})["first"] == WHITE
    moves = getattr(header, "params", {})["moves"]
    assert [key_of(part) for part in moves.parts] == ["sequence.white"]
    with pytest.raises(IllegalMoveError):  # an English reader's B is Black: F5 is occupied
        await service.execute(Try(("B", "F5")), Request(ALICE, game=gid))
    english = await service.execute(Try(("B", "E5")), Request(ALICE, game=gid))
    assert english.board is not None and english.board.sequence == ((spot("E5"), B, 1),)


@pytest.mark.parametrize(
    ("code", "words", "first"),
    [
        ("en", ["B", "D5", "W", "E4"], B),
        ("en", ["W", "D5", "black", "E4"], W),  # a later colour names whose move it is
        ("cs", ["Č", "D5", "B", "E4"], B),
        ("cs", ["B", "D5", "Č", "E4", "bílý", "pas"], W),
        ("hu", ["F", "D5", "Fe", "E4"], B),
        ("hu", ["fehér", "D5", "fekete", "passz"], W),
    ],
)
def test_a_colour_before_a_later_move_names_whose_move_it_is(
    code: str, words: list[str], first: Color
) -> None:
    read = read_sequence(words, 9, first.opponent, 10, code)
    assert read[0] is first
    assert len(read[1]) == len([w for w in words if read_color(w, code) is None])


@pytest.mark.parametrize(
    ("code", "words", "n", "turn"),
    [
        ("en", ["B", "D5", "B", "E4"], 2, W),
        ("cs", ["B", "D5", "W", "E4"], 2, B),  # a Czech reader's B is White: W is out of turn
        ("hu", ["F", "D5", "E4", "Fe", "pass"], 3, B),
    ],
)
def test_a_colour_out_of_turn_is_refused_naming_the_move(
    code: str, words: list[str], n: int, turn: Color
) -> None:
    with pytest.raises(BadArguments) as refused:
        read_sequence(words, 9, B, 10, code)
    assert says(refused.value, "error.try_color", n=n, color=t(f"color.{turn.name.lower()}"))
