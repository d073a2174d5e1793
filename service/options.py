"""Reading command values: challenge options (``size=9 komi=0.5 color=nigiri time=3d+1d``),
points (``D4``) and results for adjudication, each with a translated error that says what to do.
The options are declared once (:data:`CHALLENGE`, :class:`~service.registry.Option`): the
``challenge`` command's registration and Discord's slash options use the same declarations."""

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
from service.registry import Option, OptionKind, option_key, options_named

COLORS = ("black", "white", "nigiri")
SIZE = Option("size", OptionKind.INT, help="help.option.size")
HANDICAP = Option("handicap", OptionKind.INT, help="help.option.handicap")
KOMI = Option("komi", OptionKind.FLOAT, help="help.option.komi")
#: ``colour=`` as the British write it (the bot's own texts say "colour")
COLOR = Option(
    "color", choices=COLORS, names="color", aliases=("colour",), help="help.option.color"
)
TIME = Option("time", help="help.option.time")
RATED = Option("rated", OptionKind.YES_NO, ("yes", "no"), help="help.option.rated")
#: ``pause``: the clocks stop from Saturday 00:00 to Monday 00:00 UTC (service/clock.py)
WEEKEND = Option("weekend", OptionKind.YES_NO, ("pause", "play"), help="help.option.weekend")
#: ``capture``: Capture Go, the first capture wins (docs/capture-go.md)
MODE = Option("mode", choices=("go", "capture"), help="help.option.mode")
CAPTURE_SIZES = (7, 9)
"""The boards Capture Go is played on (7×7 when ``size`` is left out)."""
CHALLENGE = (SIZE, HANDICAP, KOMI, COLOR, TIME, RATED, WEEKEND, MODE)
"""The options of ``challenge``."""
CHALLENGE_OPTIONS = tuple(o.name for o in CHALLENGE)
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
    mode: str = "go"  # or "capture": Capture Go

    @property
    def capture(self) -> bool:
        """Capture Go: the first capture wins."""
        return self.mode == "capture"


def parse_options(options: Mapping[str, str]) -> GameOptions:
    """Validate challenge options; defaults: 19×19, even, komi 6.5 (0 with handicap), nigiri.
    Capture Go (``mode=capture``): 7×7 or 9×9 (7 by default), no handicap, no komi, unrated."""
    values = options_named(CHALLENGE, options)
    typed = {option_key(CHALLENGE, k) or k: v for k, v in options.items()}  # as written
    mode = MODE.choice(values.get("mode", "go"))
    if mode == "capture":
        return _capture_options(values)
    size = SIZE.integer(values["size"]) if "size" in values else 19
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BadArguments(t("error.size", size=size, low=MIN_SIZE, high=MAX_SIZE))
    handicap = HANDICAP.integer(values["handicap"]) if "handicap" in values else 0
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
            raise BadArguments(t("error.komi", value=typed["komi"]))
        komi = float(text)
    color = COLOR.choice(values.get("color", "nigiri"))
    try:
        control = TimeControl.parse(values.get("time", "none"))
    except BadTimeControl:
        raise BadArguments(t("error.time", value=typed["time"])) from None
    rated = RATED.yes(values["rated"]) if "rated" in values else False
    weekend = WEEKEND.yes(values["weekend"]) if "weekend" in values else False
    return GameOptions(size, handicap, komi, color, control, rated, weekend)


def _capture_options(values: Mapping[str, str]) -> GameOptions:
    """Capture Go's terms: a small board, even, no komi, never rated (docs/capture-go.md)."""
    size = SIZE.integer(values["size"]) if "size" in values else CAPTURE_SIZES[0]
    if size not in CAPTURE_SIZES:
        sizes = ", ".join(f"size={n}" for n in CAPTURE_SIZES)
        raise BadArguments(t("error.capture_size", size=size, sizes=sizes))
    if "handicap" in values or "komi" in values:
        raise BadArguments(t("error.capture_even"))
    if "rated" in values and RATED.yes(values["rated"]):
        raise BadArguments(t("error.capture_rated"))
    color = COLOR.choice(values.get("color", "nigiri"))
    try:
        control = TimeControl.parse(values.get("time", "none"))
    except BadTimeControl:
        raise BadArguments(t("error.time", value=values["time"])) from None
    weekend = WEEKEND.yes(values["weekend"]) if "weekend" in values else False
    return GameOptions(size, 0, 0.0, color, control, False, weekend, "capture")


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
    ``bothlose`` (Art. 10–14); ``B+3,5`` as Czech and Hungarian write the number.

    >>> parse_result("b+3,5") == parse_result("B+3.5")
    True
    """
    value = text.strip().lower().replace(",", ".")
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
