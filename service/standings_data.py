"""The values of a league's standings (:class:`Standings`, one :class:`Standing` per player),
apart from how they are worked out (:mod:`service.standings`), so that the views can carry them
without importing the service's league play."""

from __future__ import annotations

from dataclasses import dataclass

from club.ranks import rank_label, rating_of


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's row.

    ``place`` is shared by rows with equal score, SOS and SODOS (``shared``; the next place
    skips: 1, 2, 2, 4). ``person`` is the id that ``gobot ratings`` calls ``person``;
    ``account`` the account the league's games are played from; ``name`` the display name
    (without ``@``). ``rank`` is the rank the league paired the player with (``"5k"``).
    ``wins`` counts a jigo as half and a bye as a win when the league's byes win; ``mms`` is the
    McMahon score (None in other systems); SOS and SODOS sum MMS in McMahon, wins otherwise.
    ``played`` counts games against an opponent; ``left`` the games still to play.
    ``withdrawn``: the player left the league (their row and results stay)."""

    place: int
    shared: bool
    person: str
    account: str
    name: str
    rank: str
    wins: float
    mms: float | None
    sos: float
    sodos: float
    played: int
    left: int
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class Standings:
    """A league's table, best first, with the league's state: ``status`` is ``entry``,
    ``running`` or ``ended``; ``system`` ``roundrobin``, ``swiss`` or ``mcmahon``; ``round`` the
    latest round paired, of ``rounds``."""

    league: int
    name: str
    community: str
    status: str
    system: str
    round: int
    rounds: int
    rows: tuple[Standing, ...]

    @property
    def mcmahon(self) -> bool:
        """Whether the score is the McMahon score (``mms``) rather than the wins."""
        return self.system == "mcmahon"


def rank_text(number: int) -> str:
    """The kyu/dan label of a league's rank number (0 = 30k, 29 = 1k, 30 = 1d).

    >>> rank_text(25), rank_text(29), rank_text(30), rank_text(32)
    ('5k', '1k', '1d', '3d')
    """
    return rank_label(rating_of(float(number)))
