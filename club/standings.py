"""League standings: the table of a round robin, Swiss or McMahon league from its games.

Score: the wins (a jigo half a win each, a bye one win when byes win — see
:mod:`club.league_types`); for McMahon the MMS, ``mms_start`` plus the wins. The table is
ordered by score, then SOS (the sum of the scores of every opponent played), then SODOS (the sum
of the scores of the opponents beaten, plus half the scores of those drawn with), then by id.
For McMahon, SOS and SODOS sum MMS. A bye adds nothing to SOS or SODOS; an unfinished or void
game counts its opponent for SOS (the pairing is spent) and scores nothing. Rows with equal
score, SOS and SODOS share a place (the next place skips: 1, 2, 2, 4) and are marked ``tied``.

Withdrawn players keep their row, and their results count for their opponents. A player is
withdrawn when it is not in ``active`` (if given) or appears in ``played`` without being an
entrant (its ``mms_start`` is then 0); a withdrawn player has nothing ``left``.

>>> games = [Played(1, "ann", "bob", "ann"), Played(2, "bob", "cid", None, jigo=True)]
>>> for row in standings([Entrant("ann", 20), Entrant("bob", 20), Entrant("cid", 20)],
...                      games, "round_robin", False, None):
...     print(row.place, row.id, row.wins, row.sos, row.sodos, row.played, row.left, row.tied)
1 ann 1.0 0.5 0.5 1 1 False
2 bob 0.5 1.5 0.25 2 0 False
3 cid 0.5 0.5 0.25 1 1 False
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from club.league_types import Entrant, Played, Tally, tally

__all__ = ["SYSTEMS", "Row", "standings"]

SYSTEMS = ("round_robin", "swiss", "mcmahon")
"""The league systems :func:`standings` knows."""

_DIGITS = 9
"""Scores are rounded to this many decimals, so that sums in a different order compare equal."""


@dataclass(frozen=True, slots=True)
class Row:
    """One player's line of the table.

    ``wins`` counts jigos as half and byes as wins when byes win; ``mms`` is the McMahon score
    (None in other systems). ``played`` counts games against an opponent (not byes); ``left``
    the games still to play. ``tied``: another row has the same score, SOS and SODOS (and so the
    same ``place``). ``withdrawn``: the player left the league.
    """

    place: int
    id: str
    wins: float
    sos: float
    sodos: float
    mms: float | None
    played: int
    left: int
    tied: bool
    withdrawn: bool = False


def standings(
    entrants: Sequence[Entrant],
    played: Sequence[Played],
    system: str,
    bye_wins: bool,
    rounds: int | None,
    *,
    active: Collection[str] | None = None,
) -> list[Row]:
    """The table of a league (``system`` one of :data:`SYSTEMS`), best first.

    ``left``: with ``rounds`` given, the rounds the player has not yet played or had a bye in;
    without, in a round robin the active players not yet met, in Swiss or McMahon 0 (unknown).
    ``active``: the players still in the league (default: every entrant).
    """
    if system not in SYSTEMS:
        raise ValueError(f"standings: unknown system {system!r}, expected one of {SYSTEMS}")
    if len({e.id for e in entrants}) != len(entrants):
        raise ValueError("standings: duplicate entrant ids")
    tallies = tally(played, bye_wins)
    mcmahon = system == "mcmahon"
    start = {e.id: float(e.mms_start) if mcmahon else 0.0 for e in entrants}
    for player in sorted(tallies.keys() - start.keys()):
        start[player] = 0.0
    still = {e.id for e in entrants if active is None or e.id in active}
    score = {p: _rounded(start[p] + tallies.get(p, Tally()).wins) for p in start}

    def criteria(player: str) -> tuple[float, float, float]:
        mine = tallies.get(player, Tally())
        sos = sum(score[o] for o in mine.opponents)
        sodos = sum(score[o] for o in mine.beaten) + sum(score[o] for o in mine.drawn) / 2
        return score[player], _rounded(sos), _rounded(sodos)

    keyed = sorted(
        ((criteria(p), p) for p in start), key=lambda item: (tuple(-c for c in item[0]), item[1])
    )
    rows: list[Row] = []
    for index, ((own, sos, sodos), player) in enumerate(keyed):
        mine = tallies.get(player, Tally())
        place = index + 1
        if rows and keyed[index - 1][0] == (own, sos, sodos):
            place = rows[-1].place
        tied = (index > 0 and keyed[index - 1][0] == (own, sos, sodos)) or (
            index + 1 < len(keyed) and keyed[index + 1][0] == (own, sos, sodos)
        )
        rows.append(
            Row(
                place=place,
                id=player,
                wins=_rounded(mine.wins),
                sos=sos,
                sodos=sodos,
                mms=own if mcmahon else None,
                played=mine.games,
                left=_left(player, mine, system, rounds, still),
                tied=tied,
                withdrawn=player not in still,
            )
        )
    return rows


def _left(player: str, mine: Tally, system: str, rounds: int | None, still: set[str]) -> int:
    """The games ``player`` has still to play (see :func:`standings`)."""
    if player not in still:
        return 0
    if rounds is not None:
        return max(0, rounds - mine.games - mine.byes)
    if system == "round_robin":
        return len(still - {player} - set(mine.opponents))
    return 0


def _rounded(value: float) -> float:
    """``value`` rounded to :data:`_DIGITS` decimals, as a float."""
    return round(float(value), _DIGITS)
