"""The result of a game (Art. 10–14) and its SGF ``RE`` notation."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.colors import Color


class ResultKind(enum.Enum):
    """How a game ended."""

    SCORE = "score"  # Art. 10
    JIGO = "jigo"  # Art. 10.2: equal scores
    RESIGNATION = "resignation"  # Art. 11
    TIME = "time"  # Art. 14 as used for correspondence: loss on time
    FORFEIT = "forfeit"  # Art. 14, by adjudication
    VOID = "void"  # Art. 12: no result
    BOTH_LOSE = "both lose"  # Art. 13, by adjudication
    CAPTURE = "capture"  # Capture Go: the first capture wins (docs/capture-go.md)


_SUFFIX = {
    ResultKind.RESIGNATION: "R",
    ResultKind.TIME: "T",
    ResultKind.FORFEIT: "F",
    ResultKind.CAPTURE: "C",
}


def _format_margin(margin: float) -> str:
    return f"{margin:g}" if margin != int(margin) else str(int(margin))


@dataclass(frozen=True, slots=True)
class GameResult:
    """A final result. ``winner`` is None for jigo, void and both-lose.

    >>> GameResult.by_score(3.5).sgf
    'B+3.5'
    >>> GameResult(ResultKind.RESIGNATION, Color.WHITE).sgf
    'W+R'
    """

    kind: ResultKind
    winner: Color | None = None
    margin: float | None = None

    @classmethod
    def by_score(cls, black_minus_white: float) -> GameResult:
        """The result of a count: positive favours Black, zero is jigo."""
        if black_minus_white == 0:
            return cls(ResultKind.JIGO)
        winner = Color.BLACK if black_minus_white > 0 else Color.WHITE
        return cls(ResultKind.SCORE, winner, abs(black_minus_white))

    @property
    def sgf(self) -> str:
        """The SGF ``RE`` value: ``B+3.5``, ``W+R``, ``B+T``, ``W+F``, ``B+C`` (a capture in
        Capture Go), ``0``, ``Void``, ``?``."""
        if self.kind is ResultKind.JIGO:
            return "0"
        if self.kind is ResultKind.VOID:
            return "Void"
        if self.kind is ResultKind.BOTH_LOSE:
            return "?"  # SGF has no notation for Art. 13; the game comment says "both lose"
        assert self.winner is not None
        if self.kind is ResultKind.SCORE:
            assert self.margin is not None
            return f"{self.winner.letter}+{_format_margin(self.margin)}"
        return f"{self.winner.letter}+{_SUFFIX[self.kind]}"

    @classmethod
    def from_sgf(cls, text: str) -> GameResult:
        """Parse an ``RE`` value written by :attr:`sgf` (and the common ``Draw``/``Jigo``)."""
        value = text.strip()
        lowered = value.lower()
        if lowered in ("0", "draw", "jigo"):
            return cls(ResultKind.JIGO)
        if lowered == "void":
            return cls(ResultKind.VOID)
        if lowered == "?":
            return cls(ResultKind.BOTH_LOSE)
        if len(value) >= 3 and value[1] == "+" and value[0].upper() in "BW":
            winner = Color.from_letter(value[0])
            rest = value[2:].upper()
            kinds = {
                "R": ResultKind.RESIGNATION,
                "RESIGN": ResultKind.RESIGNATION,
                "T": ResultKind.TIME,
                "TIME": ResultKind.TIME,
                "F": ResultKind.FORFEIT,
                "FORFEIT": ResultKind.FORFEIT,
                "C": ResultKind.CAPTURE,
                "CAPTURE": ResultKind.CAPTURE,
            }
            if rest in kinds:
                return cls(kinds[rest], winner)
            try:
                return cls(ResultKind.SCORE, winner, float(rest))
            except ValueError:
                pass
        raise ValueError(f"not a result: {text!r} (expected e.g. B+3.5, W+R, 0, Void)")
