"""The data of a league: who takes part (:class:`Entrant`), the games of earlier rounds
(:class:`Played`), a board of the next round (:class:`Pairing`), and :func:`tally`, which sums a
player's games for the pairings (:mod:`club.pairing`) and the standings (:mod:`club.standings`).

Results. ``Played.winner`` names the winner; ``None`` is no win for anyone. A jigo is
``winner=None`` with ``jigo=True`` and counts half a win for each player; ``winner=None`` with
``jigo=False`` is a game unfinished or void: it scores nothing, but the pairing is spent (it is
not paired again while avoidable, and the opponent counts for SOS). A bye (``white=None``)
scores one win when the league's ``bye=win`` (``bye_wins``), else nothing; its ``winner`` is
ignored, and it is neither a game nor a colour.

>>> t = tally([Played(1, "ann", "bob", None, jigo=True), Played(2, "ann", None, None)], True)
>>> t["ann"].wins, t["ann"].games, t["ann"].byes, t["ann"].blacks, t["bob"].wins
(1.5, 1, 1, 1, 0.5)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["Entrant", "Pairing", "Played", "Tally", "tally"]


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player in a league.

    ``rank`` is a whole rank number, higher is stronger (0 = 30 kyu … 29 = 1 kyu, 30 = 1 dan).
    ``mms_start`` is the McMahon score the player starts with (the service applies any bar);
    Swiss ignores it.
    """

    id: str
    rank: int
    mms_start: float = 0


@dataclass(frozen=True, slots=True)
class Played:
    """A game of an earlier round, or a bye (``white=None``: a bye for ``black``).

    ``winner`` is ``black``, ``white`` or ``None`` (no win for anyone: unfinished, void or jigo);
    ``jigo=True`` (only with ``winner=None``) marks a drawn game, half a win for each.
    """

    round: int
    black: str
    white: str | None
    winner: str | None
    handicap: int = 0
    jigo: bool = False

    def __post_init__(self) -> None:
        """Reject a game against oneself, a winner who did not play, a jigo with a winner."""
        if self.white == self.black:
            raise ValueError(f"{self.black!r} cannot play against themselves")
        if self.white is None:
            if self.jigo:
                raise ValueError("a bye cannot be a jigo")
            return
        if self.winner is not None and self.winner not in (self.black, self.white):
            raise ValueError(f"winner {self.winner!r} did not play in this game")
        if self.jigo and self.winner is not None:
            raise ValueError("a jigo has no winner")


@dataclass(frozen=True, slots=True)
class Pairing:
    """A board of the next round: ``white=None`` is a bye for ``black``. ``komi=None`` means the
    league's own komi; a handicap pairing sets it (0.5)."""

    black: str
    white: str | None
    handicap: int = 0
    komi: float | None = None


@dataclass(slots=True)
class Tally:
    """One player's sums over the games given to :func:`tally`.

    ``wins`` counts a win as 1, a jigo as 0.5 and a bye as 1 when byes win. ``games`` counts games
    against an opponent (any result); ``opponents`` lists them in the order given, once per game;
    ``beaten`` and ``drawn`` the opponents of the won games and of the jigos.
    """

    wins: float = 0.0
    games: int = 0
    byes: int = 0
    blacks: int = 0
    whites: int = 0
    opponents: list[str] = field(default_factory=list)
    beaten: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)

    @property
    def balance(self) -> int:
        """Blacks minus whites: above zero the player is due White, below zero Black."""
        return self.blacks - self.whites


def tally(played: Iterable[Played], bye_wins: bool) -> dict[str, Tally]:
    """Every player's :class:`Tally` over ``played`` (only players who appear there)."""
    tallies: dict[str, Tally] = {}

    def of(player: str) -> Tally:
        found = tallies.get(player)
        if found is None:
            found = tallies[player] = Tally()
        return found

    for game in played:
        black = of(game.black)
        if game.white is None:
            black.byes += 1
            if bye_wins:
                black.wins += 1
            continue
        white = of(game.white)
        black.blacks += 1
        white.whites += 1
        for me, opponent in ((black, game.white), (white, game.black)):
            me.games += 1
            me.opponents.append(opponent)
        if game.jigo:
            for me, opponent in ((black, game.white), (white, game.black)):
                me.wins += 0.5
                me.drawn.append(opponent)
        elif game.winner is not None:
            winner = black if game.winner == game.black else white
            winner.wins += 1
            winner.beaten.append(game.white if game.winner == game.black else game.black)
    return tallies
