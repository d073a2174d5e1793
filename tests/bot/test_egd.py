"""The EGD results format's pieces (:mod:`bot.egd`): what one league game is for each player,
handicaps as the format counts them, entries and names. Whole files: test_cli_export."""

from __future__ import annotations

from typing import Any

import pytest

from bot.egd import (
    FREE_DRAW,
    FREE_WIN,
    NO_GAME,
    Entry,
    clean_name,
    entry_text,
    game_entries,
    handicap_of,
)
from engine.colors import Color
from service.league_settings import Settings
from service.ports import GameRow, GameStatus

B, W = Color.BLACK, Color.WHITE
EVEN = Settings(komi=6.5)


def row(result: str | None, **changes: Any) -> GameRow:
    """A finished league game alice (Black) – bob (White) with ``result``."""
    values: dict[str, Any] = {
        "id": 1,
        "version": 1,
        "status": GameStatus.FINISHED if result else GameStatus.ACTIVE,
        "challenger": "a",
        "challenged": "b",
        "black": "a",
        "white": "b",
        "size": 9,
        "komi": 6.5,
        "handicap": 0,
        "color": "black",
        "time_control": "none",
        "rated": True,
        "channel": "console",
        "created_at": 0.0,
        "updated_at": 0.0,
        "result": result,
        "round": 1,
    }
    return GameRow(**{**values, **changes})


@pytest.mark.parametrize(
    ("result", "black", "white"),
    [
        ("B+3.5", Entry("+", "b", B, 0), Entry("-", "a", W, 0)),
        ("W+R", Entry("-", "b", B, 0), Entry("+", "a", W, 0)),
        ("W+T", Entry("-", "b", B, 0), Entry("+", "a", W, 0)),
        ("0", Entry("=", "b", B, 0), Entry("=", "a", W, 0)),
        ("B+F", FREE_WIN, NO_GAME),  # a forfeit is not played out
        ("Void", NO_GAME, NO_GAME),
        (None, NO_GAME, NO_GAME),  # still being played
    ],
)
def test_what_a_game_is_for_each_player(result: str | None, black: Entry, white: Entry) -> None:
    assert game_entries(row(result), EVEN) == {B: black, W: white}


@pytest.mark.parametrize(
    ("result", "black", "white"),
    [("W+R", NO_GAME, FREE_WIN), ("0", FREE_DRAW, FREE_DRAW), ("?", NO_GAME, NO_GAME)],
)
def test_an_adjudicated_result_is_no_game_to_rate(result: str, black: Entry, white: Entry) -> None:
    """The organiser's word: the winner's free win, the loser's no game; an adjudicated jigo is
    half a point each (0=); both lose (Art. 13): no game for either."""
    judged = row(result, data={"adjudicator": "console:org"})
    assert game_entries(judged, EVEN) == {B: black, W: white}


def test_handicap_stones_and_the_handicap_of_one_without_komi() -> None:
    assert handicap_of(row("B+1", handicap=3, komi=0.5), EVEN) == 3
    assert handicap_of(row("B+1", komi=0.5), EVEN) == 1  # one rank apart: no komi
    assert handicap_of(row("B+1"), EVEN) == 0
    assert handicap_of(row("B+1", komi=0.5), Settings(komi=0.5)) == 0  # the league's own komi


def test_entries_name_opponents_by_their_numbers() -> None:
    numbers = {"a": 4, "b": 12}
    assert entry_text(Entry("+", "b", W, 0), numbers) == "12+/w0"
    assert entry_text(Entry("=", "a", B, 2), numbers) == "4=/b2"
    assert [entry_text(e, numbers) for e in (FREE_WIN, NO_GAME, FREE_DRAW)] == ["0+", "0-", "0="]


def test_names_keep_one_field_and_no_comment() -> None:
    assert clean_name("  Anna   Nováková ") == "Anna Nováková"
    assert clean_name("x;y") == "x,y"
