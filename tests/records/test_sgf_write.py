"""SGF out: the game's information (EV, RO, DT, BR/WR) and the final count's territory marks
(TB/TW), read back by :func:`records.sgf.read_sgf`; ``gobot score``'s reading of the marks
gives the same count."""

from __future__ import annotations

import datetime as dt

from bot.cli_score import marked_dead, score_game
from bot.replay import replay_record
from engine.colors import Color
from engine.coords import format_vertex, parse_vertex
from engine.counting import Count, PointStatus, count
from engine.diagram import parse_diagram
from engine.game import Game
from records.sgf import read_sgf, write_sgf
from records.sgf_write import sgf_dates, territory_marks

# Black's wall on B, White's on E; columns C and D are dame with a dead white stone on C4 (it
# stays on the board and counts for nobody: Diagram 17), a dead white stone sits on A5.
POSITION = """
.X..O.
OX..O.
.XO.O.
.X..O.
.X..O.
.X..O."""


def game_and_count() -> tuple[Game, Count]:
    size, stones = parse_diagram(POSITION)
    game = Game(size, 0.5, 0, tuple((c, p) for p, c in stones.items()))
    dead = [p for p in stones if format_vertex(p) in ("A5", "C4")]
    return game, count(game.board, dead, komi=0.5)


def test_the_count_is_written_as_territory_marks_and_read_back() -> None:
    """The dame next to the walls keep both sides from territory (Art. 8): the marks are the
    dead white stones alone, on Black's mark, also the one that stays on the board."""
    game, counted = game_and_count()
    assert counted.status[parse_vertex("C4", 6)] is PointStatus.DEAD_STAYS
    record = read_sgf(write_sgf(game, result=counted.result, count=counted))
    marks = territory_marks(game.board, counted)
    assert record.territory == {c: frozenset(points) for c, points in marks.items() if points}
    assert sorted(format_vertex(p) for p in record.territory[Color.BLACK]) == ["A5", "C4"]
    replayed = replay_record(record)
    dead = marked_dead(replayed.board, record)
    assert sorted(format_vertex(p) for p in dead) == ["A5", "C4"]
    again = score_game(replayed, None, False, False, record.komi, marked=dead)
    assert again.result == counted.result and record.result == counted.result.sgf


def test_territory_marks_of_a_counted_game() -> None:
    """Black's territory with White's dead stone on it (removed as a prisoner) is TB."""
    size, stones = parse_diagram(WALLED)
    game = Game(size, 6.5, 0, tuple((c, p) for p, c in stones.items()))
    counted = count(game.board, [parse_vertex("A4", 5)], komi=6.5)
    marks = territory_marks(game.board, counted)
    assert [format_vertex(p) for p in marks[Color.BLACK]] == ["A1", "A2", "A3", "A4", "A5"]
    white = sorted(format_vertex(p) for p in marks[Color.WHITE])
    assert white == sorted(f"{c}{r}" for c in "DE" for r in range(1, 6))


WALLED = """
.XO..
OXO..
.XO..
.XO..
.XO.."""


def test_no_count_no_marks() -> None:
    game, _ = game_and_count()
    assert read_sgf(write_sgf(game)).territory == {}


def test_league_round_days_and_ranks() -> None:
    game, _ = game_and_count()
    days = sgf_dates(dt.date(2026, 11, 30), dt.date(2026, 12, 2))
    data = write_sgf(game, event="autumn", round_no=3, date=days, black_rank="5k?", white_rank="1d")
    record = read_sgf(data)
    assert (record.event, record.round, record.date) == ("autumn", "3", "2026-11-30,12-02")
    assert (record.black_rank, record.white_rank) == ("5k?", "1d")
    assert read_sgf(write_sgf(game)).event is None
