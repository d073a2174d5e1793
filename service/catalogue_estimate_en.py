"""The English texts of ``estimate`` (merged into :data:`service.catalogue_en.ENGLISH`)."""

from __future__ import annotations

ESTIMATE: dict[str, str | tuple[str, str]] = {
    "help.cmd.estimate": "Who leads and by how much, by the bot's estimate (rated: after the stop)",
    "help.more.estimate": (
        "Territory + prisoners + komi as if the game ended now, the dead stones as the bot "
        "sees them, and an image of who owns what. It is an estimate, not a count, and it "
        "changes nothing.\n"
        "Unrated games: anyone, at any time (spectators too, e.g. `estimate #12`).\n"
        "Rated and league games: their players only, after the stop (two passes); during play "
        "only where the chat's organisers allow it (`settings channel estimate=on`).\n"
        "One estimate a minute per game and person."
    ),
    "button.estimate": "Estimate",
    "button.board": "Board",
    "estimate.header": (
        "Estimate of game #{id} after move {n}: the bot's own reading, not a count "
        "(nothing changes)."
    ),
    "estimate.leads": "{color} ({name}) leads by {points}.",
    "estimate.even": "Even: jigo on this estimate.",
    "estimate.tally": "Estimate · {black} · {white} · {outcome}",
    "estimate.ahead": "{color} leads by {margin}",
    "estimate.even_short": "even",
    "estimate.dead": "Dead groups as the bot sees them: {points}.",
    "estimate.dead_none": "The bot sees no dead stones.",
    "estimate.unsettled": "Still open near {points}: counted for nobody here.",
    "caption.estimate": "Game #{id} · estimate after move {n}, not a count · {outcome}",
    "image.estimate": "estimate",
    "error.estimate_wait": (
        "One estimate a minute per game: your next one of game #{id} is possible in {seconds} s."
    ),
    "error.estimate_rated": (
        "Game #{id} is rated: `estimate` only after the stop (two passes), unless the chat's "
        "organisers allow it with `settings channel estimate=on`."
    ),
    "error.estimate_stranger": (
        "Game #{id} is rated: only its players may ask for an estimate. `board` shows it."
    ),
    "error.estimate_finished": (
        "Game #{id} is over ({result}): no estimate; `board #{id}` shows the final position "
        "and count."
    ),
    "error.estimate_challenge": "Game #{id} has not started: there is nothing to estimate yet.",
}
