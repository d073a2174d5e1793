"""What ``gobot``'s SGF commands share on the command line: their exit statuses, the argument
types of ``score`` and ``render``, and their dead-stone options.

Only ``argparse`` is imported here, so that registering the commands (``gobot --help``,
``gobot --version``) loads none of their work; the records package is imported when an option
that needs it is parsed.
"""

from __future__ import annotations

import argparse
import math
import shlex

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


def engine_command(text: str) -> list[str]:
    """``--engine``: a shell-style command line (else argparse says so in one line, exit 2)."""
    from records.sgf import shown

    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{shown(text)}: {exc}") from None
    if not words:
        raise argparse.ArgumentTypeError("an empty command")
    return words


def seconds_value(text: str) -> float:
    """``--engine-seconds``: a positive number of seconds, at most an hour."""
    from records.sgf import shown

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a time: use 0.1 to 3600 seconds")
    return value


def komi_value(text: str) -> float:
    """``--komi``: a finite number of points within ±:data:`records.sgf.MAX_KOMI` (else argparse
    says so in one line and exits 2)."""
    from records.sgf import MAX_KOMI, shown

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or abs(value) > MAX_KOMI:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is not a komi: use a number from -{MAX_KOMI} to {MAX_KOMI}"
        )
    return value


def add_dead_stone_options(parser: argparse.ArgumentParser, when: str = "") -> None:
    """``--dead``, ``--estimate`` (with ``--engine``, ``--no-engine``, ``--engine-seconds``)
    and ``--fill-dame``, as ``score`` and ``render`` take them."""
    parser.add_argument(
        "--dead", metavar="D4,Q16,…", help=f"{when}stones whose whole chains are dead"
    )
    parser.add_argument(
        "--estimate",
        action="store_true",
        help=f"{when}mark the dead stones that two judges propose, the bot's estimator and a "
        "GTP engine (added to --dead)",
    )
    parser.add_argument(
        "--fill-dame",
        action="store_true",
        help=f"{when}fill neutral points by agreement first (commentary 9.2)",
    )
    also = f"{when[:-2]} --estimate: " if when.endswith(": ") else "with --estimate: "
    engine = parser.add_mutually_exclusive_group()
    engine.add_argument(
        "--engine",
        type=engine_command,
        metavar="CMD",
        help=f"{also}the GTP engine asked for its dead stones too, a "
        "shell-style command line (default: GOBOT_ENGINE, else GNU Go)",
    )
    engine.add_argument(
        "--no-engine",
        action="store_true",
        help=f"{also}the bot's own judgement alone, no engine",
    )
    parser.add_argument(
        "--engine-seconds",
        type=seconds_value,
        metavar="S",
        help=f"{also}the engine's time budget in seconds (default 5 on 19x19, "
        "less on smaller boards); past it the bot judges alone",
    )
