"""Glicko-2 ratings, step by step as in Mark Glickman's "Example of the Glicko-2 system".

A player is a :class:`Rating` (rating, deviation, volatility on the Glicko scale; a new player
is 1500 / 350 / 0.06). :func:`rate` runs one rating period for one player against a sequence of
results; :func:`rate_game` rates one game of Go, handicap stones included, as one rating period
for both players. The step numbers in the comments are the paper's.

The paper's worked example (a 1500 / 200 / 0.06 player beats a 1400 / 30, loses to a 1550 / 100
and to a 1700 / 300):

>>> after = rate(
...     Rating(1500.0, 200.0, 0.06),
...     [(Rating(1400.0, 30.0), 1.0), (Rating(1550.0, 100.0), 0.0), (Rating(1700.0, 300.0), 0.0)],
... )
>>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)

(The paper prints 1464.06 and 0.05999, from intermediate values it rounds to four places: its
v = 1.7785 and Δ = −0.4834 are 1.7790 and −0.4839 at full precision, as computed here.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from club.ranks import rank_of, rating_of

__all__ = ["EPSILON", "MAX_DEVIATION", "SCALE", "TAU", "Rating", "rate", "rate_game"]

SCALE = 173.7178
"""Glicko-2 scale factor between the Glicko scale (1500-centred) and the internal μ/φ scale."""

TAU = 0.5
"""The system constant τ: how fast volatility may change (the paper suggests 0.3 to 1.2)."""

EPSILON = 1e-6
"""Convergence tolerance of the volatility iteration (paper step 5)."""

MAX_DEVIATION = 350.0
"""A deviation never grows past this, the deviation of a new player."""

_CENTRE = 1500.0
_THREE_OVER_PI_SQUARED = 3.0 / math.pi**2


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating on the Glicko scale: ``rating`` ± ``deviation``, and ``volatility``.

    The defaults are a new player's. Raises ValueError unless the rating is finite and the
    deviation and volatility are positive and finite.

    >>> Rating()
    Rating(rating=1500.0, deviation=350.0, volatility=0.06)
    """

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def __post_init__(self) -> None:
        if not (
            math.isfinite(self.rating)
            and 0.0 < self.deviation < math.inf
            and 0.0 < self.volatility < math.inf
        ):
            raise ValueError(
                "a rating needs a finite rating and a positive finite deviation and volatility, "
                f"not {self.rating!r} / {self.deviation!r} / {self.volatility!r}"
            )


def _check_score(score: float) -> None:
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a score is 1 (win), 0.5 (draw) or 0 (loss), between 0 and 1: {score!r}")


def _idle(player: Rating) -> Rating:
    """Step 6 alone: a rating period without games; only the deviation grows."""
    phi = player.deviation / SCALE
    phi_star = math.sqrt(phi * phi + player.volatility * player.volatility)
    return Rating(player.rating, min(phi_star * SCALE, MAX_DEVIATION), player.volatility)


def _new_volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: σ′ by the Illinois algorithm on f(x) = 0."""
    # 5.1
    a = math.log(sigma * sigma)
    delta2 = delta * delta
    phi2_v = phi * phi + v
    tau2 = tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        denominator = phi2_v + ex
        return ex * (delta2 - phi2_v - ex) / (2.0 * denominator * denominator) - (x - a) / tau2

    # 5.2
    big_a = a
    if delta2 > phi2_v:
        big_b = math.log(delta2 - phi2_v)
    else:
        k = 1
        while f(a - k * tau) < 0.0:
            k += 1
        big_b = a - k * tau
    # 5.3
    f_a, f_b = f(big_a), f(big_b)
    # 5.4
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0.0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    # 5.5
    return math.exp(big_a / 2.0)


def rate(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period with these results.

    Each result is an opponent's rating before the period and the player's score against them:
    1 for a win, 0.5 for a draw (jigo), 0 for a loss. With no results only the deviation grows
    (step 6). The deviation is capped at :data:`MAX_DEVIATION`. Raises ValueError on a score
    outside [0, 1] or a τ that is not positive.

    Only when the opponents are so far away (some 60,000 points and more) that the estimated
    variance or improvement overflows a float does the period count as one without games.

    >>> rate(Rating(1500.0, 50.0, 0.06), []).deviation > 50.0
    True
    """
    if not tau > 0.0:
        raise ValueError(f"tau must be positive, not {tau!r}")
    if not results:
        return _idle(player)
    # Step 2: onto the Glicko-2 scale.
    mu = (player.rating - _CENTRE) / SCALE
    phi = player.deviation / SCALE
    # Steps 3 and 4: the estimated variance v (through its inverse) and the sum Σ g (s − E).
    inverse_v = 0.0
    improvement = 0.0
    for opponent, score in results:
        _check_score(score)
        phi_j = opponent.deviation / SCALE
        g = 1.0 / math.sqrt(1.0 + _THREE_OVER_PI_SQUARED * phi_j * phi_j)
        x = g * (mu - (opponent.rating - _CENTRE) / SCALE)
        # E = 1 / (1 + exp(−x)) and 1 − E, written so that exp never overflows and the smaller
        # of the two keeps its precision (E · (1 − E) does not round to 0 for either player)
        t = math.exp(-abs(x))
        favourite, underdog = 1.0 / (1.0 + t), t / (1.0 + t)
        expected = favourite if x >= 0.0 else underdog
        inverse_v += g * g * favourite * underdog
        improvement += g * (score - expected)
    if inverse_v == 0.0:
        return _idle(player)
    v = 1.0 / inverse_v
    delta = v * improvement
    if not math.isfinite(delta * delta + v):
        return _idle(player)
    # Step 5: the new volatility.
    sigma = _new_volatility(delta, phi, v, player.volatility, tau)
    # Step 6: the pre-period deviation grows by the new volatility.
    phi_star_2 = phi * phi + sigma * sigma
    # Step 7: the new deviation and rating.
    new_phi = 1.0 / math.sqrt(1.0 / phi_star_2 + inverse_v)
    new_mu = mu + new_phi * new_phi * improvement
    # Step 8: back onto the Glicko scale.
    return Rating(_CENTRE + SCALE * new_mu, min(SCALE * new_phi, MAX_DEVIATION), sigma)


def rate_game(
    black: Rating, white: Rating, black_score: float, handicap: int = 0
) -> tuple[Rating, Rating]:
    """Black's and White's ratings after one game, rated as one rating period for each.

    ``black_score`` is 1 if Black won, 0.5 for jigo, 0 if White won. Each of the ``handicap``
    stones counts as one rank (see :mod:`club.ranks`): White's update sees Black as ``handicap``
    ranks stronger than Black's rating, and Black's update sees White as ``handicap`` ranks
    weaker. Only the expectation changes: each player's new rating is computed from their own
    real rating, and the opponent's deviation is unchanged. Raises ValueError on a negative
    handicap or a score outside [0, 1], and, with a handicap, on a rating that is not positive
    (ranks need one).

    A 5 kyu who takes 3 stones from a 2 kyu is an even match, so a win moves both players as
    little as a win between equals:

    >>> from club.ranks import parse_rank
    >>> two_kyu = Rating(rating_of(parse_rank("2k")), 80.0)
    >>> five_kyu = Rating(rating_of(parse_rank("5k")), 80.0)
    >>> black, white = rate_game(five_kyu, two_kyu, 1.0, handicap=3)
    >>> round(black.rating - five_kyu.rating, 1), round(white.rating - two_kyu.rating, 1)
    (17.3, -17.3)
    >>> black, white = rate_game(five_kyu, two_kyu, 1.0)
    >>> round(black.rating - five_kyu.rating, 1), round(white.rating - two_kyu.rating, 1)
    (27.1, -27.1)
    """
    _check_score(black_score)
    if handicap < 0:
        raise ValueError(f"a handicap is a number of stones, not {handicap!r}")
    if handicap:
        black_seen = Rating(
            rating_of(rank_of(black.rating) + handicap), black.deviation, black.volatility
        )
        white_seen = Rating(
            rating_of(rank_of(white.rating) - handicap), white.deviation, white.volatility
        )
    else:
        black_seen, white_seen = black, white
    new_black = rate(black, ((white_seen, black_score),))
    new_white = rate(white, ((black_seen, 1.0 - black_score),))
    return new_black, new_white
