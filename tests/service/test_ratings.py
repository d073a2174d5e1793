"""Rated games, ``rating``, ``leaderboard`` and ``history`` (issue 9): a rated game's final result
changes both players' Glicko-2 ratings once; void and both-lose do not; reads never write."""

from __future__ import annotations

import pytest

from engine.colors import Color
from service import GameService
from service.club_commands import History, Leaderboard, ShowRating
from service.commands import Adjudicate, Request, Resign, Sgf
from service.errors import BadArguments, WrongPhase
from service.handlers.looking import outcome
from service.i18n import key_of
from service.ports import Database
from tests.service.conftest import ALICE, BOB, CAROL, ORGANISER, start_game


async def ratings_of(database: Database, *persons: str) -> dict[str, tuple[float, int]]:
    async with database.unit_of_work() as uow:
        rows = await uow.ratings.get_many(list(persons))
    return {p: (round(r.rating, 2), r.games) for p, r in rows.items()}


async def resigned(service: GameService, *options: str, loser=BOB, black=ALICE, white=BOB) -> int:
    gid = await start_game(service, *options, black=black, white=white)
    await service.execute(Resign(confirm=True), Request(loser, game=gid))
    return gid


async def test_a_rated_result_changes_both_ratings_once(
    service: GameService, database: Database
) -> None:
    gid = await resigned(service, "size=9", "rated=yes")
    after = await ratings_of(database, ALICE.id, BOB.id)
    assert after[ALICE.id][0] > 1500 > after[BOB.id][0]
    assert after[ALICE.id][1] == after[BOB.id][1] == 1
    # a second resignation and an adjudication of the finished game are refused: no change
    with pytest.raises(WrongPhase):
        await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    with pytest.raises(WrongPhase):
        await service.execute(Adjudicate("W+R"), Request(ORGANISER, game=gid))
    assert await ratings_of(database, ALICE.id, BOB.id) == after


async def test_a_redelivered_update_rates_once(service: GameService, database: Database) -> None:
    gid = await start_game(service, "size=9", "rated=yes")
    request = Request(BOB, game=gid, update_id="telegram:77")
    await service.execute(Resign(confirm=True), request)
    first = await ratings_of(database, ALICE.id, BOB.id)
    await service.execute(Resign(confirm=True), request)  # the platform delivered it again
    assert await ratings_of(database, ALICE.id, BOB.id) == first


async def test_unrated_void_and_both_lose_change_nothing(
    service: GameService, database: Database
) -> None:
    await resigned(service, "size=9")  # unrated by default
    for result in ("void", "bothlose"):
        gid = await start_game(service, "size=9", "rated=yes")
        await service.execute(Adjudicate(result), Request(ORGANISER, game=gid))
    assert await ratings_of(database, ALICE.id, BOB.id) == {}


async def test_adjudicated_and_jigo_results_are_rated(
    service: GameService, database: Database
) -> None:
    gid = await start_game(service, "size=9", "rated=yes")
    await service.execute(Adjudicate("jigo"), Request(ORGANISER, game=gid))
    after = await ratings_of(database, ALICE.id, BOB.id)
    assert after[ALICE.id] == after[BOB.id] == (1500.0, 1)  # equal players, a draw
    gid = await start_game(service, "size=9", "rated=yes")
    await service.execute(Adjudicate("W+F"), Request(ORGANISER, game=gid))
    after = await ratings_of(database, ALICE.id, BOB.id)
    assert after[BOB.id][0] > after[ALICE.id][0]


async def test_rating_leaderboard_and_history_views(service: GameService) -> None:
    first = await resigned(service, "size=9", "rated=yes")
    second = await resigned(service, "size=9", "rated=yes", loser=CAROL, white=CAROL)
    unrated = await resigned(service, "size=9")
    view = await service.execute(ShowRating(), Request(ALICE))
    assert view.keys[:2] == ("rating.summary", "rating.last")
    assert view.line_games[2:] == (second, first)  # the latest change first
    assert "+" in view.lines[2]
    view = await service.execute(ShowRating(CAROL), Request(ALICE))
    assert view.keys == ("rating.summary", "rating.last", "rating.result")
    nobody = await service.execute(ShowRating(ORGANISER), Request(ALICE))
    assert nobody.keys == ("rating.none",)
    board = await service.execute(Leaderboard(), Request(ALICE))
    assert board.keys[0] == "leaderboard.header"
    assert board.lines[1].startswith("1. @alice")
    assert len(board.lines) == 4
    with pytest.raises(BadArguments):
        await service.execute(Leaderboard(0), Request(ALICE))
    history = await service.execute(History(), Request(ALICE))
    assert history.line_games == (None, unrated, second, first)
    assert history.keys[1:] == ("history.line", "history.line_rated", "history.line_rated")
    # `sgf #N` works on any finished game of the history
    record = await service.execute(Sgf(), Request(CAROL, game=first))
    assert record.file is not None and b"RE[B+R]" in record.file[1]


async def test_leaderboards_are_per_community(service: GameService) -> None:
    gid = await start_game(service, "size=9", "rated=yes")
    await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    here = await service.execute(Leaderboard(), Request(ALICE))  # where the game was played
    assert len(here.lines) == 3
    elsewhere = await service.execute(Leaderboard(), Request(ALICE, "telegram:-100"))
    assert elsewhere.keys == ("leaderboard.none",)


async def test_handicap_games_move_ratings_less(service: GameService, database: Database) -> None:
    await resigned(service, "size=9", "rated=yes")
    even = await ratings_of(database, ALICE.id)
    gid = await start_game(service, "size=9", "rated=yes", "handicap=4", black=CAROL, white=BOB)
    await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    carol = await ratings_of(database, CAROL.id)
    assert carol[CAROL.id][0] - 1500 < even[ALICE.id][0] - 1500


async def test_ratings_on_both_databases(
    real_service: GameService, real_database: Database
) -> None:
    """SQLite and PostgreSQL: a rated result changes both ratings once, a redelivered update
    does not rate again, and the changes are read back newest first."""
    service, database = real_service, real_database
    gid = await start_game(service, "size=9", "rated=yes")
    request = Request(BOB, game=gid, update_id="telegram:501")
    await service.execute(Resign(confirm=True), request)
    first = await ratings_of(database, ALICE.id, BOB.id)
    await service.execute(Resign(confirm=True), request)  # delivered again
    assert await ratings_of(database, ALICE.id, BOB.id) == first
    assert first[ALICE.id][1] == first[BOB.id][1] == 1 and first[ALICE.id][0] > 1500
    second = await start_game(service, "size=9", "rated=yes", black=BOB, white=ALICE)
    await service.execute(Adjudicate("jigo"), Request(ORGANISER, game=second))
    view = await service.execute(ShowRating(), Request(ALICE))
    assert view.line_games[2:] == (second, gid)
    board = await service.execute(Leaderboard(), Request(ALICE))
    assert [line.split(" ")[1] for line in board.lines[1:]] == ["@alice", "@bob"]


def _param_key(line: str, name: str) -> str | None:
    """The catalogue key of the parameter ``name`` of a message line."""
    value = getattr(line, "params", {})[name]
    return key_of(value)


async def test_reads_about_someone_else_name_them_and_about_yourself_say_you(
    service: GameService,
) -> None:
    """``rating @bob`` and ``history @bob`` asked by alice speak of bob in the third person (the
    header names him, each outcome is a win or a loss, not "you lost"); asked by bob, or by alice
    of herself, they say "you" (issue 25)."""
    await resigned(service, "size=9", "rated=yes")  # alice (Black) wins, bob resigns
    about_bob = await service.execute(ShowRating(BOB), Request(ALICE))
    assert about_bob.keys == ("rating.summary", "rating.last", "rating.result")
    assert _param_key(about_bob.lines[2], "outcome") == "outcome.loss_resignation"
    own = await service.execute(ShowRating(), Request(BOB))
    assert _param_key(own.lines[2], "outcome") == "games.lost_resignation"
    herself = await service.execute(ShowRating(ALICE), Request(ALICE))  # a mention of herself
    assert _param_key(herself.lines[2], "outcome") == "games.won_resignation"

    history = await service.execute(History(BOB), Request(ALICE))
    assert history.keys == ("history.header", "history.line_rated")
    assert getattr(history.lines[0], "params", {})["name"] == "@bob"
    assert _param_key(history.lines[1], "outcome") == "outcome.loss_resignation"
    mine = await service.execute(History(), Request(BOB))
    assert mine.keys == ("history.header_own", "history.line_rated")
    assert _param_key(mine.lines[1], "outcome") == "games.lost_resignation"
    theirs = await service.execute(History(ALICE), Request(BOB))
    assert _param_key(theirs.lines[1], "outcome") == "outcome.win_resignation"

    assert (await service.execute(ShowRating(), Request(CAROL))).keys == ("rating.none_own",)
    assert (await service.execute(ShowRating(CAROL), Request(BOB))).keys == ("rating.none",)
    assert (await service.execute(History(), Request(CAROL))).keys == ("history.none_own",)
    assert (await service.execute(History(CAROL), Request(BOB))).keys == ("history.none",)


@pytest.mark.parametrize(
    ("sgf", "mine", "own", "key"),
    [
        ("B+3.5", Color.BLACK, True, "games.won_score"),
        ("B+3.5", Color.WHITE, True, "games.lost_score"),
        ("B+3.5", Color.BLACK, False, "outcome.win_score"),
        ("B+3.5", Color.WHITE, False, "outcome.loss_score"),
        ("W+T", Color.WHITE, False, "outcome.win_time"),
        ("W+F", Color.BLACK, False, "outcome.loss_forfeit"),
        ("0", Color.BLACK, False, "result.jigo"),
        ("Void", Color.WHITE, False, "result.void"),
    ],
)
def test_an_outcome_in_the_first_or_the_third_person(
    sgf: str, mine: Color, own: bool, key: str
) -> None:
    said = outcome(sgf, mine, own=own)
    assert key_of(said) == key
    if "score" in key:
        assert getattr(said, "params", {})["points"].amount == 3.5
