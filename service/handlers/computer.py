"""``computer``: a game against the computer, proposed and taken in one unit of work."""

from __future__ import annotations

import re

from service.capture import CAPTURE_ONLY
from service.commands import Accept, Computer, Request
from service.computer import (
    COMPUTER,
    DEFAULT_LEVEL,
    MAX_LEVEL,
    MIN_LEVEL,
    engine_actor,
    people_only,
)
from service.errors import BadArguments, WrongPhase
from service.handlers.challenges import accept, propose
from service.i18n import t
from service.options import MODE, parse_options
from service.registry import command, option_key, options_named
from service.unit import Unit
from service.views import View


@command(
    Computer,
    "computer",
    build=lambda w, _: Computer(dict(w.options)),
    options=COMPUTER,
    game=False,
)
async def computer(unit: Unit, command: Computer) -> View:
    """Start a game against the computer: ``size=9 level=5 color=black komi=6.5``; with
    ``mode=capture`` a game of Capture Go (7×7 unless ``size=9``), which the bot's own policy
    plays (:mod:`service.capture`), even without a GTP engine."""
    options_named(COMPUTER, command.options)  # refuses an unknown key, or one given twice
    options = {option_key(COMPUTER, k) or k: v for k, v in command.options.items()}  # colour=
    capture = MODE.choice(options.get("mode", "go")) == "capture"
    opponent = CAPTURE_ONLY if capture else unit.context.opponent  # Capture Go: the bot's own
    if opponent is None:
        raise WrongPhase(t("error.computer_unavailable"))
    level_text = options.get("level", str(DEFAULT_LEVEL)).strip()
    if not re.fullmatch(r"\d{1,2}", level_text) or not MIN_LEVEL <= int(level_text) <= MAX_LEVEL:
        raise BadArguments(t("error.level", value=level_text, low=MIN_LEVEL, high=MAX_LEVEL))
    defaults = {"color": "black"} if capture else {"size": "9", "color": "black"}
    terms = defaults | {k: v for k, v in options.items() if k != "level"}
    engine = engine_actor(opponent, int(level_text))
    proposed = await propose(unit, unit.actor, engine, parse_options(terms))
    assert proposed.game_id is not None
    as_engine = unit.acting_as(Request(engine, unit.request.channel, proposed.game_id))
    started = await accept(as_engine, Accept())  # its events are this unit's
    return people_only(started)
