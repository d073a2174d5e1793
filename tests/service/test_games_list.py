"""The ``games`` list: running games, challenges, and the games that finished in the last
``finished_days`` with how they ended for the reader; each line names its game for the adapters
(``View.line_games``)."""

from __future__ import annotations

import random

from engine.colors import Color
from service import GameService
from service.commands import Adjudicate, Challenge, Games, Request, Resign, Sgf, ShowBoard
from service.i18n import t
from service.limits import Limits
from service.ports import Database
from service.views import color_name
from tests.service.conftest import ALICE, BOB, CAROL, ORGANISER, FakeClock, line, start_game

HOUR = 3600.0
DAY = 24 * HOUR


async def test_a_finished_game_is_listed_with_its_result_for_a_week(
    service: GameService, clock: FakeClock
) -> None:
    ended = await start_game(service, "size=9")
    await service.execute(Resign(confirm=True), Request(BOB, game=ended))  # Black wins: B+R
    running = await start_game(service, "size=13", black=BOB, white=ALICE)
    await service.execute(Challenge(ALICE, {}), Request(CAROL))
    clock.advance(2 * DAY + 5 * HOUR)

    alices = await service.execute(Games(), Request(ALICE))
    assert alices.keys == ("games.line_white", "games.challenge_in", "games.finished")
    assert alices.line_games == (running, running + 1, ended)
    game = t("games.line_black", id=ended, name="@bob", size=9)
    won = t("games.won_resignation", sgf="B+R")
    two_days = t("games.days_ago", n=2)
    assert line(alices, "games.finished") == f"{game} · {won} · {two_days}"

    bobs = await service.execute(Games(), Request(BOB))
    assert bobs.keys == ("games.line_black", "games.finished")
    assert t("games.lost_resignation", sgf="B+R") in line(bobs, "games.finished")
    assert bobs.line_games == (running, ended)

    carols = await service.execute(Games(), Request(CAROL))  # not her game: not listed
    assert carols.keys == ("games.challenge_out",)

    clock.advance(5 * DAY)  # a week and more since it ended
    assert (await service.execute(Games(), Request(ALICE))).line_games == (running, running + 1)
    board = await service.execute(ShowBoard(), Request(ALICE, game=ended))  # still there by number
    assert "B+R" in line(board, "end.result")
    assert (await service.execute(Sgf(), Request(ALICE, game=ended))).file is not None


async def test_results_read_from_the_reader_s_side(service: GameService, clock: FakeClock) -> None:
    results = ("W+3.5", "B+T", "jigo", "void", "bothlose", "W+F")
    games = []
    for result in results:
        gid = await start_game(service, "size=9")  # Alice plays Black
        await service.execute(Adjudicate(result), Request(ORGANISER, game=gid))
        games.append(gid)
        clock.advance(HOUR)
    alices = await service.execute(Games(), Request(ALICE))
    assert alices.line_games == tuple(reversed(games))  # the last finished first
    said = [text.split(" · ")[1:] for text in reversed(alices.lines)]
    points = t("result.points", n="3.5")
    assert said == [
        [t("games.lost_score", points=points, sgf="W+3.5"), t("games.hours_ago", n=6)],
        [t("games.won_time", sgf="B+T"), t("games.hours_ago", n=5)],
        [t("result.jigo"), t("games.hours_ago", n=4)],
        [t("result.void"), t("games.hours_ago", n=3)],
        [t("result.both_lose"), t("games.hours_ago", n=2)],
        [t("games.lost_forfeit", sgf="W+F"), t("games.hours_ago", n=1)],
    ]
    bobs = await service.execute(Games(), Request(BOB))
    assert t("games.won_score", points=points, sgf="W+3.5") in bobs.lines[-1]
    assert t("result.time", winner=color_name(Color.BLACK)) not in bobs.text  # the reader's words


async def test_the_finished_games_are_cut_like_the_rest(
    database: Database, clock: FakeClock
) -> None:
    limits = Limits(listed_games=2, finished_days=1)
    service = GameService(
        database, organisers={ORGANISER.id}, limits=limits, clock=clock, rng=random.Random(1)
    )
    first = await start_game(service, "size=9")
    await service.execute(Resign(confirm=True), Request(ALICE, game=first))
    clock.advance(2 * DAY)  # past this service's one day
    for _ in range(3):
        gid = await start_game(service, "size=9")
        await service.execute(Adjudicate("B+R"), Request(ORGANISER, game=gid))
    view = await service.execute(Games(), Request(ALICE))
    assert view.keys == ("games.finished", "games.finished", "games.more")
    assert view.line_games == (gid, gid - 1, None)
    assert first not in view.line_games
    assert view.lines_with_games()[-1] == (view.lines[-1], None)


async def test_no_games_names_no_game(service: GameService) -> None:
    view = await service.execute(Games(), Request(ALICE))
    assert view.keys == ("games.none",) and view.line_games == ()
    assert view.lines_with_games() == ((view.lines[0], None),)
