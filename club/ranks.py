"""Kyu and dan ranks from Glicko-2 ratings, by the formula OGS publishes.

A rating maps to a *rank number* by ``rank = ln(rating / 525) * 23.15`` and back by
``rating = 525 * exp(rank / 23.15)``. Rank number 0 is 30 kyu, 29 is 1 kyu, 30 is 1 dan, 38 is
9 dan; a player's rank is the floor of their rank number, so the rank ``5k`` covers the rank
numbers [25, 26) and its middle is 25.5. One rank is a constant *ratio* of ratings (about 4.4 %),
so it is about 45 points at 1000 and about 88 points at 2000.

======  ===========  =====
rating  rank number  label
======  ===========  =====
   300       -12.96  30k (clamped: below rank number 0)
   525         0.00  30k
  1000        14.92  16k
  1500        24.30  6k
  1800        28.52  2k
  2000        30.96  1d
  2200        33.17  4d
  2500        36.13  7d
  2800        38.75  9d
  3000        40.35  9d (clamped: above 9d)
======  ===========  =====

>>> rank_label(1500.0)
'6k'
>>> rank_label(1500.0, deviation=350.0)
'6k?'
>>> parse_rank("5 Kyu")
25.5
>>> rank_label(rating_of(parse_rank("3d")))
'3d'
"""

from __future__ import annotations

import math
import re

__all__ = [
    "BOTTOM_RANK",
    "PROVISIONAL",
    "TOP_RANK",
    "parse_rank",
    "rank_difference",
    "rank_label",
    "rank_of",
    "rating_of",
]

_BASE = 525.0
_SCALE = 23.15

PROVISIONAL = 160.0
"""A rating whose deviation is at least this is provisional: its label gets a ``?``."""

BOTTOM_RANK = 0
"""The rank number of 30 kyu, the lowest label."""

TOP_RANK = 38
"""The rank number of 9 dan, the highest label."""

_FIRST_DAN = 30  # rank number of 1 dan; 1 kyu is _FIRST_DAN - 1
_MAX_KYU = _FIRST_DAN - BOTTOM_RANK  # 30 kyu
_MAX_DAN = TOP_RANK - _FIRST_DAN + 1  # 9 dan

# Rank numbers computed from ratings carry float error (rating_of(30.0) maps back to
# 29.999999999999996); a whole rank number within this much below an integer counts as that
# integer, so that a rating exactly at a rank's lower edge gets that rank.
_EDGE = 1e-9

_RANK_TEXT = re.compile(r"\s*(\d+)\s*(k|kyu|d|dan)\s*", re.IGNORECASE)


def rank_of(rating: float) -> float:
    """The rank number of a rating: ``ln(rating / 525) * 23.15`` (0 = 30k, 29 = 1k, 30 = 1d).

    Not clamped: ratings below 525 give negative rank numbers. Raises ValueError unless the
    rating is a positive finite number.

    >>> rank_of(525.0)
    0.0
    >>> round(rank_of(1500.0), 2)
    24.3
    """
    if not (0.0 < rating < math.inf):
        raise ValueError(f"a rank needs a positive finite rating, not {rating!r}")
    return math.log(rating / _BASE) * _SCALE


def rating_of(rank: float) -> float:
    """The rating of a rank number, the inverse of :func:`rank_of`: ``525 * exp(rank / 23.15)``.

    >>> round(rating_of(30.0), 1)
    1918.5
    """
    return _BASE * math.exp(rank / _SCALE)


def _whole_rank(rating: float) -> int:
    """The floor of the rank number of a rating (see ``_EDGE``)."""
    return math.floor(rank_of(rating) + _EDGE)


def rank_label(rating: float, deviation: float | None = None) -> str:
    """The kyu/dan label of a rating: ``"5k"``, ``"1k"``, ``"1d"``, ``"3d"``.

    The rank number is floored; labels are clamped to 30k at the bottom (any rating below 525,
    zero and negative ones included) and 9d at the top. With a ``deviation`` of at least
    :data:`PROVISIONAL` the label ends in ``?``.

    >>> rank_label(1800.0), rank_label(2000.0), rank_label(100.0), rank_label(9000.0)
    ('2k', '1d', '30k', '9d')
    >>> rank_label(2000.0, deviation=159.9), rank_label(2000.0, deviation=160.0)
    ('1d', '1d?')
    """
    if math.isnan(rating):
        raise ValueError("a rank label needs a rating, not NaN")
    if rating <= 0.0:
        number = BOTTOM_RANK
    elif rating == math.inf:
        number = TOP_RANK
    else:
        number = min(max(_whole_rank(rating), BOTTOM_RANK), TOP_RANK)
    label = f"{number - _FIRST_DAN + 1}d" if number >= _FIRST_DAN else f"{_FIRST_DAN - number}k"
    if deviation is not None and deviation >= PROVISIONAL:
        label += "?"
    return label


def parse_rank(text: str) -> float:
    """The rank number of the middle of a written rank, for 30 kyu to 9 dan.

    Accepts ``5k``, ``5 kyu``, ``3d``, ``3 dan`` in any case, with spaces around. Raises
    ValueError, saying what is accepted, on anything else (professional ranks, ``0k``, ``31k``,
    ``10d``, fractions, other words).

    >>> parse_rank("5k"), parse_rank("1K"), parse_rank("1d"), parse_rank("3 DAN")
    (25.5, 29.5, 30.5, 32.5)
    >>> parse_rank("1p")
    Traceback (most recent call last):
    ...
    ValueError: not a rank: '1p' (a kyu rank 1k..30k or a dan rank 1d..9d: 5k, 5 kyu, 3d, 3 dan)
    """
    match = _RANK_TEXT.fullmatch(text)
    hint = f"a kyu rank 1k..{_MAX_KYU}k or a dan rank 1d..{_MAX_DAN}d: 5k, 5 kyu, 3d, 3 dan"
    if match is None:
        raise ValueError(f"not a rank: {text!r} ({hint})")
    count = int(match.group(1))
    if match.group(2).lower().startswith("k"):
        if not 1 <= count <= _MAX_KYU:
            raise ValueError(f"no such kyu rank: {text!r} ({hint})")
        number = _FIRST_DAN - count
    else:
        if not 1 <= count <= _MAX_DAN:
            raise ValueError(f"no such dan rank: {text!r} ({hint})")
        number = _FIRST_DAN - 1 + count
    return number + 0.5


def rank_difference(a: float, b: float) -> int:
    """Whole ranks between two ratings: the absolute difference of their floored rank numbers.

    Not clamped to 30k..9d (two ratings both labelled 30k may still be ranks apart). Raises
    ValueError unless both ratings are positive and finite.

    >>> rank_difference(1500.0, 2000.0), rank_difference(2000.0, 1500.0)
    (6, 6)
    >>> rank_difference(1500.0, 1510.0)
    0
    """
    return abs(_whole_rank(a) - _whole_rank(b))
