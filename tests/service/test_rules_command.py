"""``rules [topic]``: the rules in short, each topic citing its articles of the Japanese Rules of
Go (1989) and showing a diagram the engine made; a read about no game, for anyone, that stores
nothing."""

from __future__ import annotations

import dataclasses

import pytest

from bot import words
from bot.grammar import command_of as build
from bot.grammar import help_lines, parse
from engine.board import Board
from engine.colors import Color
from engine.coords import Point, parse_vertex
from engine.counting import PointStatus, count
from engine.errors import IllegalMove, IllegalReason
from engine.handicap import handicap_points
from service import Actor, GameService
from service.commands import Request, Rules, ShowBoard
from service.errors import BadArguments
from service.handlers.rules import explanation, topic_list
from service.i18n import in_language, t, translate
from service.ports import Database
from service.rules_topics import DIAGRAMS, TOPICS, board_of, position
from service.views import BoardView, Spot, View
from tests.service.conftest import ALICE, CAROL, line, play_moves, start_game

S = PointStatus
B, W = Color.BLACK, Color.WHITE

ARTICLES: dict[str, tuple[str, ...]] = {
    "board": ("Art. 1", "Art. 2", "Art. 3"),  # the aim, turns, where a stone may go
    "capture": ("Art. 4", "Art. 5"),  # liberties; capture and prisoners
    "suicide": ("Art. 3", "Art. 4", "Art. 5"),  # a stone must be able to stay; captures first
    "ko": ("Art. 6", "Art. 12"),  # ko; longer cycles: no result
    "life": ("Art. 7.1", "Art. 4"),  # life and death; two eyes work by the suicide rule
    "seki": ("Art. 8",),  # eye points, dame, seki, territory
    "end": ("Art. 9", "Art. 7.2", "Art. 10.4"),  # stop and agreement; ko while checking; final
    "counting": ("Art. 8", "Art. 10"),  # territory; dead stones, the result, jigo
    "handicap": ("Art. 2", "Art. 10"),  # turns; the result (komi, jigo: 10.2)
}
"""The articles each topic cites, as docs/rules.md numbers them."""


def p(vertex: str, size: int) -> Spot:
    """``D4`` on a board of ``size`` as the views count it (row, column from the bottom left)."""
    point = parse_vertex(vertex, size)
    return (point.row, point.col)


def stored(database: Database) -> dict[str, dict[object, object]]:
    """Every table of the in-memory database, copied."""
    tables = database.tables  # type: ignore[attr-defined]
    return {f.name: dict(getattr(tables, f.name)) for f in dataclasses.fields(tables)}


def board(view: View) -> BoardView:
    assert view.board is not None
    return view.board


async def test_rules_alone_lists_every_topic_with_its_title(service: GameService) -> None:
    view = await service.execute(Rules(), Request(ALICE))
    assert view.keys == ("rules.header", *("rules.item",) * len(TOPICS))
    for topic, text in zip(TOPICS, view.lines[1:], strict=True):
        assert text == t("rules.item", topic=topic, title=t(f"rules.{topic}.title"))
        assert f"`{topic}`" in text
    assert view.board is None and view.game_id is None


def test_the_topics_are_the_stable_english_words() -> None:
    assert TOPICS == (
        "board",
        "capture",
        "suicide",
        "ko",
        "life",
        "seki",
        "end",
        "counting",
        "handicap",
    )


@pytest.mark.parametrize("topic", TOPICS)
async def test_every_topic_explains_cites_its_articles_and_shows_a_board(
    service: GameService, topic: str
) -> None:
    """Each topic: its title, 3 to 6 short lines, the articles of the Japanese Rules (1989) it
    rests on (:data:`ARTICLES`, numbered as in docs/rules.md), where to go on, and a diagram."""
    view = await service.execute(Rules(topic), Request(ALICE))
    keys = view.keys
    assert all(key is not None and key.startswith("rules.") for key in keys), keys
    assert keys[0] == f"rules.{topic}.title"
    text = [k for k in keys if k == f"rules.{topic}.text"]
    assert 3 <= len(text) <= 6
    assert all(len(part) <= 100 for part in view.lines)  # short lines, for a phone
    cite = line(view, f"rules.{topic}.cite")
    for article in ARTICLES[topic]:
        assert article in cite, (topic, article)
    at = TOPICS.index(topic)
    if at + 1 < len(TOPICS):
        assert keys[-1] == "rules.next" and f"`rules {TOPICS[at + 1]}`" in view.lines[-1]
    else:
        assert keys[-1] == "rules.last"
    shown = board(view)
    assert shown.size in (7, 9)
    assert (shown.black_name, shown.white_name) == (t("color.black"), t("color.white"))
    assert shown.to_move is None and shown.last_move is None
    assert shown.caption == t(f"rules.{topic}.caption")
    assert view.game_id is None and view.notify == () and view.buttons == ()


@pytest.mark.parametrize("typed", ["KO", " ko ", "Ko"])
async def test_a_topic_is_read_in_any_case(service: GameService, typed: str) -> None:
    view = await service.execute(Rules(typed), Request(ALICE))
    assert view.keys[0] == "rules.ko.title"


async def test_an_unknown_topic_is_refused_with_the_topics_and_nothing_is_stored(
    service: GameService, database: Database
) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    before = stored(database)
    request = Request(ALICE, game=gid, update_id="u-rules-1")
    with pytest.raises(BadArguments) as refused:
        await service.execute(Rules("kos"), request)
    assert refused.value.key == "error.rules_topic"
    assert "“kos”" in refused.value.message
    for topic in TOPICS:
        assert f"`{topic}`" in refused.value.message
    await service.execute(Rules("ko"), request)  # a read claims no update either
    assert stored(database) == before


async def test_rules_needs_no_game_and_no_account_and_works_anywhere(
    service: GameService, database: Database
) -> None:
    """A stranger in a private chat, on the console, in a game's thread: the same answer, and
    the store stays empty (``rules`` is about no game and writes nothing)."""
    before = stored(database)
    for request in (
        Request(CAROL),
        Request(Actor("telegram:42", "dana"), channel="telegram:42"),
        Request(Actor("discord:7", "eve"), channel="discord:thread:9", game=12345),
    ):
        listed = await service.execute(Rules(), request)
        assert listed.keys[0] == "rules.header"
        shown = await service.execute(Rules("seki"), request)
        assert shown.board is not None
    assert stored(database) == before


def test_rules_is_a_command_of_the_grammar_and_in_the_help() -> None:
    assert build(parse("rules")) == Rules(None)
    assert build(parse("rules KO")) == Rules("ko")
    assert build(parse("/rules counting")) == Rules("counting")
    with pytest.raises(BadArguments):
        parse("rules ko seki")
    with pytest.raises(BadArguments):
        parse("rules ko size=9")
    details = help_lines("rules")
    assert details[0] == t("help.cmd.rules")
    assert all(f"`rules {topic}`" in " ".join(details) for topic in TOPICS)


# -- the diagrams: the engine's positions, moves and counts -----------------------------------


def test_every_diagram_is_built_by_the_engine() -> None:
    """Each diagram's moves are played by the engine (an illegal one would raise), and every
    topic's board is a position of its size."""
    for topic in TOPICS:
        shown = board_of(topic)
        assert not shown.black & shown.white
        assert all(0 <= r < shown.size and 0 <= c < shown.size for r, c in shown.black)
        assert len(shown.sequence) == len(DIAGRAMS[topic].moves)


def test_capture_shows_the_two_white_stones_and_black_1_on_their_last_liberty() -> None:
    """Art. 4 and 5: D4 and D5 are one white chain with the single liberty D3; Black 1 there
    captures both (the engine plays it)."""
    shown = board_of("capture")
    assert {p("D4", 7), p("D5", 7)} <= shown.white
    assert shown.sequence == ((p("D3", 7), B, 1),)
    assert p("D3", 7) not in shown.black | shown.white  # drawn as the move to play
    after = position("capture").game.copy()
    report = after.play(B, Point(*p("D3", 7)))
    assert report.board_report is not None
    assert sorted(report.board_report.captured) == sorted(Point(*p(v, 7)) for v in ("D4", "D5"))


def test_suicide_shows_a_refused_point_and_a_capture_that_is_allowed() -> None:
    """Art. 3 and 4: White at A7 would have no liberty and capture nothing: refused. Art. 5:
    White 1 at G1 has no liberty of its own, but it takes the last liberty of three black
    stones, which come off first: allowed."""
    game = position("suicide").game
    with pytest.raises(IllegalMove) as refused:
        game.board.copy().play(W, Point(*p("A7", 7)))
    assert refused.value.reason is IllegalReason.SUICIDE
    assert board_of("suicide").sequence == ((p("G1", 7), W, 1),)
    report = game.board.copy().play(W, Point(*p("G1", 7)))
    assert len(report.captured) == 3


def test_ko_shows_the_engine_s_ban_on_the_immediate_retake() -> None:
    """Art. 6: Black 1 took the white stone at C4 in a ko; the engine bans White's retake at
    C4 on the very next move, and the board marks it."""
    shown = board_of("ko")
    assert shown.sequence == ((p("D4", 7), B, 1),)
    assert shown.ko_point == p("C4", 7)
    assert shown.captures_black == 1
    with pytest.raises(IllegalMove) as banned:
        position("ko").game.board.copy().play(W, Point(*p("C4", 7)))
    assert banned.value.reason is IllegalReason.KO


def test_life_shows_two_eyes_alive_and_one_eye_captured() -> None:
    """Art. 7.1: White cannot play either eye of the top group (suicide, Art. 4): it lives;
    White 1 in the single eye of the bottom group captures all of it."""
    board_now: Board = position("life").game.board
    for eye in ("A7", "C7"):
        assert board_now.legality(W, Point(*p(eye, 7))) is IllegalReason.SUICIDE
    assert board_of("life").sequence == ((p("E1", 7), W, 1),)
    report = board_now.copy().play(W, Point(*p("E1", 7)))
    assert len(report.captured) == 7


def test_seki_shows_the_engine_s_marks_shared_dame_and_eyes_not_counted() -> None:
    """Art. 8: the bottom groups share C1 and have one eye each (A1, E1): they live in seki; C1
    is dame, the eyes are eye points of groups in seki (not territory); C1 is a seki's dame,
    not an open dame that a fill could play."""
    shown = board_of("seki")
    marks = dict(shown.marks)
    assert marks[p("C1", 7)] is S.DAME
    assert p("C1", 7) not in shown.voiding  # drawn as a seki's dame, not as "open: voids"
    assert marks[p("A1", 7)] is S.SEKI_EYE and marks[p("E1", 7)] is S.SEKI_EYE
    seki = {point for point, status in marks.items() if status is S.SEKI}
    assert seki == {p(v, 7) for v in ("A2", "B2", "C2", "B1", "D2", "E2", "F2", "D1", "F1")}
    assert S.BLACK_TERRITORY in marks.values() and S.WHITE_TERRITORY in marks.values()
    assert shown.tally is not None


def test_counting_shows_territory_prisoners_komi_and_a_seki_that_counts_for_nobody() -> None:
    """Art. 8 and 10, as the text says: territory on both sides; the dead stones inside it are
    taken off as prisoners (B8, H6) and join the prisoners taken in play; the eyeless seki at
    the bottom right keeps its dame (G1, J1) and counts for nobody; White adds komi. The marks
    are the engine's own count of the position."""
    shown = board_of("counting")
    game = position("counting").game
    dead = [Point(*p("B8", 9)), Point(*p("H6", 9))]
    counted = count(game.board, dead, komi=6.5)
    assert shown.marks == tuple(
        sorted((point, status) for point, status in counted.status.items() if status is not S.ALIVE)
    )
    marks = dict(shown.marks)
    assert marks[p("B8", 9)] is S.DEAD_REMOVED and marks[p("H6", 9)] is S.DEAD_REMOVED
    assert marks[p("G1", 9)] is S.DAME and marks[p("J1", 9)] is S.DAME
    assert not shown.voiding  # the seki's dame void nothing
    assert {marks[p(v, 9)] for v in ("F2", "G2", "H2", "J2", "F1", "H1")} == {S.SEKI}
    statuses = set(marks.values())
    assert {S.BLACK_TERRITORY, S.WHITE_TERRITORY, S.DEAD_REMOVED, S.DAME, S.SEKI} <= statuses
    assert (counted.black.territory, counted.white.territory) == (29, 20)
    assert (shown.captures_black, shown.captures_white) == (2 + 1, 3 + 1)  # in play + dead
    assert counted.white.komi == 6.5 and counted.result.sgf == "B+1.5"
    assert shown.tally is not None and "6.5" in shown.tally


def test_end_shows_the_marking_after_two_passes() -> None:
    """Art. 9.2: after the stop the bot proposes the dead stones and shows the count of that
    marking (version 1), as the confirmation phase does."""
    shown = board_of("end")
    marks = dict(shown.marks)
    assert marks[p("B6", 7)] is S.DEAD_REMOVED and marks[p("F3", 7)] is S.DEAD_REMOVED
    assert shown.version == 1 and shown.tally is not None


def test_handicap_shows_the_star_points_and_white_first() -> None:
    """Common practice (docs/rules.md "Handicap and komi"): four handicap stones on 9×9 go on C3,
    G7, G3, C7; then White moves first (Art. 2 otherwise)."""
    shown = board_of("handicap")
    assert shown.black == {tuple(point) for point in handicap_points(9, 4)}
    assert [(color, n) for _, color, n in shown.sequence] == [(W, 1)]


def test_board_shows_black_first_then_turns() -> None:
    """Art. 2: Black first, then the players alternate."""
    shown = board_of("board")
    assert [color for _, color, _ in shown.sequence] == [B, W, B, W]


# -- where the count points here --------------------------------------------------------------


async def test_the_counting_reply_points_to_rules_counting(service: GameService) -> None:
    """Art. 9.1: two passes stop the game; the reply with the count (the marking of the
    confirmation phase) ends with where the count is explained."""
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "pass", "pass")
    marking = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert board(marking).tally is not None
    assert marking.keys[-1] == "rules.see"
    assert marking.lines[-1] == t("rules.see", topic="counting")
    assert "`rules counting`" in marking.lines[-1]


# -- languages ------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["cs", "hu"])
async def test_every_topic_runs_in_czech_and_hungarian(service: GameService, code: str) -> None:
    """The lines and the images' words come from the catalogue in the reader's language."""
    reader = Actor(f"console:{code}", code, code)
    listed = await service.execute(Rules(), Request(reader))
    assert len(listed.lines) == 1 + len(TOPICS)
    for topic in TOPICS:
        view = await service.execute(Rules(topic), Request(reader))
        said = words.said(view).board
        assert said is not None
        assert said.black_name == translate(code, "color.black")
        assert said.caption == translate(code, f"rules.{topic}.caption")


@pytest.mark.parametrize("code", ["cs", "hu"])
def test_every_text_is_translated(code: str) -> None:
    """Every line of ``rules`` and of each topic differs from the English one, but the titles
    that are the same word in every language (``Ko``, ``Seki``)."""
    assert_translated(code)


def assert_translated(code: str) -> None:
    """Each topic's lines after its title, the list's header and the captions are not the
    English ones in ``code``."""
    english = [topic_list(), *(explanation(topic) for topic in TOPICS)]
    translated = [
        tuple(in_language(code, line) for line in lines)
        for lines in [topic_list(), *(explanation(topic) for topic in TOPICS)]
    ]
    captions = [translate(code, f"rules.{topic}.caption") for topic in TOPICS]
    assert translated[0][0] != english[0][0]  # the list's header
    for ours, theirs in zip(english[1:], translated[1:], strict=True):
        assert ours[1:] != theirs[1:] and set(ours[1:]).isdisjoint(theirs[1:]), (code, theirs)
    assert all(c != t(f"rules.{topic}.caption") for c, topic in zip(captions, TOPICS, strict=True))
