"""A league round's view names the games it started, where they live (the league's channel) and,
on each player's notice, its game: what an adapter needs to open their places (a Discord thread
per game, :mod:`bot.discord.rounds`)."""

from __future__ import annotations

from service import GameService
from service.club_commands import League, LeagueAction
from service.commands import Request
from service.i18n import key_of
from tests.service.conftest import ALICE, BOB, CAROL, ORGANISER
from tests.service.test_leagues import DAVE


async def test_a_rounds_view_names_its_games_and_their_home(service: GameService) -> None:
    await service.execute(League(LeagueAction.CREATE, "autumn"), Request(ORGANISER, "console:go"))
    for member in (ALICE, BOB, CAROL, DAVE):
        await service.execute(League(LeagueAction.JOIN, "autumn"), Request(member, "console:go"))
    start = League(LeagueAction.START, "1")  # by its number, from another channel
    view = await service.execute(start, Request(ORGANISER, "console:elsewhere"))
    assert view.home == "console:go"  # the league's channel, not where it was started
    started = [g for g in view.line_games if g is not None]
    assert len(started) == 2
    for game in started:
        notices = [n for n in view.notify if n.game_id == game]
        assert len(notices) == 2  # both players, each told of this game
        assert {key_of(n.lines[0]) for n in notices} == {
            "league.your_game_move",
            "league.your_game_wait",
        }
    for line, game in view.lines_with_games():
        assert (game is not None) == (key_of(line) == "league.pairing")
