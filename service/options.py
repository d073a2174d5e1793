"""Reading command values: challenge options (``size=9 komi=0.5 color=nigiri time=3d+1d``),
points (``D4``) and results for adjudication, each with a translated error that says what to do."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.coords import (
    MAX_SIZE,
    MIN_SIZE,
    InvalidVertex,
    Point,
    VertexProblem,
    board_range,
    parse_vertex,
)
from engine.game import DEFAULT_KOMI
from engine.handicap import max_handicap
from engine.result import GameResult, ResultKind
from service.clock import BadTimeControl, TimeControl, TimeKind
from service.errors import BadArguments, InvalidPoint
from service.i18n import t

CHALLENGE_OPTIONS = ("size", "handicap", "komi", "color", "time", "rated", "weekend")
COLORS = ("black", "white", "nigiri")
NO_TIME = TimeControl(TimeKind.NONE)


@dataclass(frozen=True, slots=True)
class GameOptions:
    """The terms of a challenge."""

    size: int = 19
    handicap: int = 0
    komi: float = DEFAULT_KOMI
    color: str = "nigiri"
    time: TimeControl = NO_TIME
    rated: bool = False
    weekend: bool = False  # clocks pause at weekends


def _yes_no(key: str, value: str, yes: str = "yes", no: str = "no") -> bool:
    if value in (yes, "on", "true"):
        return True
    if value in (no, "off", "false"):
        return False
    raise BadArguments(t("error.option_choice", key=key, value=value, choices=f"{yes}|{no}"))


def _integer(key: str, value: str) -> int:
    if not re.fullmatch(r"\d{1,3}", value):
        raise BadArguments(t("error.option_number", key=key, value=value))
    return int(value)


def parse_options(options: Mapping[str, str]) -> GameOptions:
    """Validate challenge options; defaults: 19×19, even, komi 6.5 (0 with handicap), nigiri."""
    unknown = sorted(set(options) - set(CHALLENGE_OPTIONS))
    if unknown:
        raise BadArguments(
            t("error.option_unknown", key=unknown[0], known=", ".join(CHALLENGE_OPTIONS))
        )
    values = {k: v.strip().lower() for k, v in options.items()}
    size = _integer("size", values["size"]) if "size" in values else 19
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BadArguments(t("error.size", size=size, low=MIN_SIZE, high=MAX_SIZE))
    handicap = _integer("handicap", values["handicap"]) if "handicap" in values else 0
    if handicap:
        limit = max_handicap(size)
        if limit == 0:
            raise BadArguments(t("error.handicap_size", size=size))
        if not 2 <= handicap <= limit:
            raise BadArguments(t("error.handicap_range", size=size, limit=limit))
    komi = 0.0 if handicap else DEFAULT_KOMI
    if "komi" in values:
        text = values["komi"].replace(",", ".")  # 6,5 as Czech and Hungarian write it
        if not re.fullmatch(r"-?\d{1,3}(\.5|\.0)?", text) or abs(float(text)) > 150:
            raise BadArguments(t("error.komi", value=options["komi"]))
        komi = float(text)
    color = values.get("color", "nigiri")
    if color not in COLORS:
        raise BadArguments(
            t("error.option_choice", key="color", value=color, choices="|".join(COLORS))
        )
    try:
        control = TimeControl.parse(values.get("time", "none"))
    except BadTimeControl:
        raise BadArguments(t("error.time", value=options["time"])) from None
    rated = _yes_no("rated", values["rated"]) if "rated" in values else False
    weekend = (
        _yes_no("weekend", values["weekend"], "pause", "play") if "weekend" in values else False
    )
    return GameOptions(size, handicap, komi, color, control, rated, weekend)


def parse_point(text: str, size: int) -> Point:
    """A point on a ``size`` board, or :class:`InvalidPoint` naming the accepted form and range."""
    try:
        return parse_vertex(text, size)
    except InvalidVertex as error:
        corners = board_range(size)
        if error.problem is VertexProblem.NO_I:
            raise InvalidPoint(t("error.point_no_i", range=corners)) from None
        if error.problem is VertexProblem.OFF:
            point = error.vertex
            raise InvalidPoint(
                t("error.point_off", point=point, size=size, range=corners)
            ) from None
        raise InvalidPoint(
            t("error.point_form", text=text.strip(), size=size, range=corners)
        ) from None


def parse_result(text: str) -> GameResult:
    """An adjudicated result: ``B+3.5``, ``W+R``, ``B+T``, ``W+F``, ``jigo``, ``void``,
    ``bothlose`` (Art. 10–14)."""
    value = text.strip().lower()
    words = {
        "jigo": GameResult(ResultKind.JIGO),
        "0": GameResult(ResultKind.JIGO),
        "void": GameResult(ResultKind.VOID),
        "bothlose": GameResult(ResultKind.BOTH_LOSE),
    }
    if value in words:
        return words[value]
    if re.fullmatch(r"[bw]\+(r|t|f|\d{1,3}(\.5)?)", value):
        return GameResult.from_sgf(value.upper())
    raise BadArguments(t("error.result", value=text.strip()))
