"""The life of a game after its stop (Art. 9.2) and the players' pending offers, as one value.

A :class:`Match` holds the marking (typed dead stones and its version), the acceptances of that
version by colour, and the offers (fill dame, no result, undo). Every change is a method that
returns a new value and keeps the rules of the confirmation phase in one place: a change of the
marking is a new version and clears both acceptances; a move lapses every offer; the game ends
when both colours accepted the same version.

>>> from engine.coords import Point
>>> m = Match().proposed([Point(0, 0)]).accept(Color.BLACK, 1)
>>> m.version, m.agreed, m.accept(Color.WHITE, None).agreed
(1, False, True)
>>> m.toggled([frozenset({Point(0, 0)})]).accepted
frozenset()
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.colors import Color
from engine.coords import Point, format_vertex, parse_vertex
from service.errors import StaleMarking, WrongPhase
from service.i18n import t


class Offer(enum.StrEnum):
    """What one player proposes and the other agrees to after the stop."""

    FILL = "fill"  # fill the neutral points (commentary 9.2.2)
    NORESULT = "noresult"  # no result (Art. 12)

    @property
    def field(self) -> str:
        """The :class:`Match` field holding who proposed it."""
        return f"{self.value}_offer"


@dataclass(frozen=True, slots=True)
class Match:
    """The marking of the confirmation phase and the players' offers."""

    version: int = 0  # the marking version; 0 before the first stop
    dead: frozenset[Point] = frozenset()  # every stone marked dead (whole chains, Art. 7)
    accepted: frozenset[Color] = frozenset()  # colours that accepted ``version``
    fill_offer: Color | None = None  # proposing to fill dame (commentary 9.2.2)
    noresult_offer: Color | None = None  # proposing no result (Art. 12)
    undo_offer: Color | None = None  # asking to take back their last move
    undo_move: int = 0  # the move number the undo request is about
    #: where the estimator saw play still open at the stop ("play on near K10"): its proposal
    #: leaves those stones as they are, for the players to decide
    unsettled: frozenset[Point] = frozenset()
    #: the groups the two judges (the bot's reader and the engine) still disagree on: the
    #: result depends on them, the players decide
    disputed: tuple[frozenset[Point], ...] = ()
    #: the stop is written and the proposal is being worked out (outside the transaction): it is
    #: written as this version unless a player changes the marking or resumes first
    judging: bool = False
    #: the players' changes of the marking since the stop (each ``dead``: a new version); the
    #: next stop, after a ``resume``, starts again from none (:attr:`markings`)
    changes: int = 0

    # -- the marking --------------------------------------------------------------------------

    def proposed(
        self,
        dead: Iterable[Point],
        unsettled: Iterable[Point] = (),
        disputed: Iterable[Iterable[Point]] = (),
    ) -> Match:
        """The stop (Art. 9.1): a new marking version with ``dead`` proposed, nothing pending;
        ``unsettled`` are the points where the estimator saw play still open, ``disputed`` the
        groups the judges disagree on."""
        return Match(version=self.version + 1).judged(dead, unsettled, disputed)

    def stopping(self) -> Match:
        """The stop (Art. 9.1) written at once: a new marking version, empty while the bot
        works out its proposal (:meth:`judged` fills it in)."""
        return Match(version=self.version + 1, judging=True)

    def judged(
        self,
        dead: Iterable[Point],
        unsettled: Iterable[Point] = (),
        disputed: Iterable[Iterable[Point]] = (),
    ) -> Match:
        """The bot's proposal written into the current version (nothing accepted yet)."""
        return dataclasses.replace(
            self,
            dead=frozenset(dead),
            unsettled=frozenset(unsettled),
            disputed=tuple(sorted((frozenset(g) for g in disputed), key=min)),
            judging=False,
            accepted=frozenset(),
        )

    def toggled(self, chains: Iterable[frozenset[Point]]) -> Match:
        """Each chain flipped between alive and dead: a new version, acceptances cleared."""
        dead = set(self.dead)
        for chain in chains:
            dead = dead - chain if chain <= dead else dead | chain
        return dataclasses.replace(
            self,
            dead=frozenset(dead),
            version=self.version + 1,
            accepted=frozenset(),
            fill_offer=None,
            judging=False,  # a player's marking wins over a proposal still being worked out
            changes=self.changes + 1,
        )

    @property
    def markings(self) -> int:
        """The marking versions of this stop so far: the stop's own, and one per change
        (:attr:`~service.limits.Limits.markings_per_stop` caps them)."""
        return self.changes + 1

    def accept(self, color: Color, version: int | None) -> Match:
        """``color`` accepts ``version`` (the current one when None); an old version is refused,
        and nothing can be accepted while the bot still works out its proposal."""
        if self.judging:
            raise WrongPhase(t("error.judging"))
        if version is not None and version != self.version:
            raise StaleMarking(t("error.stale_marking", old=version, v=self.version))
        return dataclasses.replace(self, accepted=self.accepted | {color})

    @property
    def agreed(self) -> bool:
        """Both players accepted the current version: the result is final (Art. 10.4)."""
        return self.accepted == {Color.BLACK, Color.WHITE}

    def filled(self) -> Match:
        """After the agreed fill: the same dead stones on a new version, nothing pending."""
        return dataclasses.replace(
            self, version=self.version + 1, accepted=frozenset(), fill_offer=None
        )

    def resumed(self) -> Match:
        """Back to play (Art. 9.3): the marking and its acceptances go; the version stays."""
        return dataclasses.replace(
            self,
            dead=frozenset(),
            accepted=frozenset(),
            fill_offer=None,
            noresult_offer=None,
            unsettled=frozenset(),
            disputed=(),
            judging=False,
            changes=0,  # the next stop counts its markings afresh
        )

    # -- offers ---------------------------------------------------------------------------------

    def after_move(self) -> Match:
        """A move lapses every offer."""
        return dataclasses.replace(self, undo_offer=None, fill_offer=None, noresult_offer=None)

    def closed(self) -> Match:
        """The game is over: nothing is pending any more."""
        return self.after_move()

    def offer(self, kind: Offer, color: Color) -> Match:
        """``color`` proposes the fill or no result; refused while their own proposal waits."""
        if getattr(self, kind.field) is color:
            raise WrongPhase(t(f"error.{kind}_pending"))
        if kind is Offer.FILL:
            return dataclasses.replace(self, fill_offer=color)
        return dataclasses.replace(self, noresult_offer=color)

    def agreed_by(self, kind: Offer, color: Color) -> bool:
        """``color`` answers the opponent's proposal of ``kind``: it is agreed."""
        return getattr(self, kind.field) is color.opponent

    def ask_undo(self, color: Color, move_number: int) -> Match:
        """``color`` asks to take back their move; refused while the same request waits."""
        if self.undo_offer is color and self.undo_move == move_number:
            raise WrongPhase(t("error.undo_pending"))
        return dataclasses.replace(self, undo_offer=color, undo_move=move_number)

    def answer_undo(self, color: Color, move_number: int) -> Match:
        """``color`` answers the opponent's request about ``move_number``: the request goes."""
        if self.undo_offer is not color.opponent or self.undo_move != move_number:
            raise WrongPhase(t("error.undo_no_request"))
        return dataclasses.replace(self, undo_offer=None, undo_move=0)

    # -- storage ----------------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The JSON form kept in ``GameRow.data`` (the keys older rows already use)."""
        return {
            "marking_version": self.version,
            "dead": [format_vertex(p) for p in sorted(self.dead)],
            "accepted": sorted(c.letter for c in self.accepted),
            "fill_offer": _letter(self.fill_offer),
            "noresult_offer": _letter(self.noresult_offer),
            "undo_offer": _letter(self.undo_offer),
            "undo_move": self.undo_move,
            # only when there is something: rows without it read back the same
            **(
                {"unsettled": [format_vertex(p) for p in sorted(self.unsettled)]}
                if self.unsettled
                else {}
            ),
            **(
                {"disputed": [[format_vertex(p) for p in sorted(g)] for g in self.disputed]}
                if self.disputed
                else {}
            ),
            **({"judging": True} if self.judging else {}),
            **({"changes": self.changes} if self.changes else {}),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any], size: int) -> Match:
        """Read what :meth:`to_data` wrote (missing keys take their defaults)."""
        return cls(
            version=int(data.get("marking_version", 0)),
            dead=frozenset(parse_vertex(v, size) for v in data.get("dead", ())),
            accepted=frozenset(Color.from_letter(c) for c in data.get("accepted", ())),
            fill_offer=_color(data.get("fill_offer")),
            noresult_offer=_color(data.get("noresult_offer")),
            undo_offer=_color(data.get("undo_offer")),
            undo_move=int(data.get("undo_move", 0)),
            unsettled=frozenset(parse_vertex(v, size) for v in data.get("unsettled", ())),
            disputed=tuple(
                frozenset(parse_vertex(v, size) for v in group)
                for group in data.get("disputed", ())
            ),
            judging=bool(data.get("judging", False)),
            changes=int(data.get("changes", 0)),
        )


def _letter(color: Color | None) -> str | None:
    return None if color is None else color.letter


def _color(letter: str | None) -> Color | None:
    return None if letter is None else Color.from_letter(letter)
