"""The organiser's command line for club play: ``gobot games``, ``ratings``, ``standings`` and
``export``, registered here with nothing heavier than ``argparse``; each one's help is its
handler's docstring. The work, and the output formats (a stable interface), are in
:mod:`bot.club_reports`, imported when a command runs.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable
from typing import Any

from bot.egd_codes import CLASSES, CLUB, COUNTRY, UNKNOWN_CLUB, UNKNOWN_COUNTRY


def _report(name: str, args: argparse.Namespace) -> int:
    from bot.club_reports import run_report

    return run_report(name, args)


def games(args: argparse.Namespace) -> int:
    """List every game that started.

    Every game that started, oldest first: players, terms, league and round, result, start and
    end (UTC)."""
    return _report("games", args)


def ratings(args: argparse.Namespace) -> int:
    """List every rated player.

    Every rated player, highest rating first: Glicko-2 rating, deviation, volatility, rank
    (? = provisional) and rated games."""
    return _report("ratings", args)


def standings(args: argparse.Namespace) -> int:
    """A league's table, as shown in chat.

    The standings of the league NAME, as `league standings NAME` shows them in chat."""
    return _report("standings", args)


def export(args: argparse.Namespace) -> int:
    """A league's games (SGF) and standings (CSV) in a zip, or its EGD results.

    Write a zip with game-<id>.sgf for every game of the league NAME that started (the bot's sgf
    records: EV league, RO round, DT days played, BR/WR ranks, RE result, and the agreed dead
    stones as the final count's TB/TW marks, so that `gobot score` reproduces RE) and
    standings.csv (the standings table, header row first). With --egd, write instead the season
    in the European Go Database's tournament results format (the .h file clubs submit for
    rating: header lines, then one line per player in standings order: number, display name,
    rank at the league's start, country, club, and each round's <opponent><+|-|=>/<b|w><handicap>,
    0+ a free win, 0- no game); -o - writes it to standard output."""
    return _report("export", args)


def country_code(text: str) -> str:
    """``--country``: two letters, written in capitals (else argparse says so, exit 2)."""
    if not COUNTRY.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a country: two letters, like CZ")
    return text.upper()


def club_code(text: str) -> str:
    """``--club``: the EGD club code, 1 to 4 characters without spaces or ``;``."""
    if not CLUB.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a club code: 1 to 4 characters, no spaces or ';' (like Brno)"
        )
    return text


def add_export_options(parser: argparse.ArgumentParser) -> None:
    """``export``'s options: the output, and what ``--egd`` writes."""
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE",
        help="the zip to write (SEASON.zip); with --egd the .h file, or - for standard output",
    )
    parser.add_argument(
        "--egd",
        action="store_true",
        help="write the season in the European Go Database's results format instead of the zip",
    )
    parser.add_argument(
        "--class",
        dest="egd_class",
        choices=CLASSES,
        default="C",
        help="with --egd: the EGF tournament class, CL (default C: a club tournament)",
    )
    parser.add_argument(
        "--country",
        type=country_code,
        default=UNKNOWN_COUNTRY,
        metavar="CC",
        help="with --egd: every player's country, and the event's (PC); default XX, unknown",
    )
    parser.add_argument(
        "--club",
        type=club_code,
        default=UNKNOWN_CLUB,
        metavar="CODE",
        help="with --egd: every player's EGD club code (1-4 characters); default xxxx, unknown",
    )


def add_club_commands(commands: Any) -> None:
    """Register ``games``, ``ratings``, ``standings`` and ``export`` on the ``gobot``
    sub-command parser (each one's help is its handler's docstring)."""
    handlers: dict[str, Callable[[argparse.Namespace], int]] = {
        "games": games,
        "ratings": ratings,
        "standings": standings,
        "export": export,
    }
    for name, handler in handlers.items():
        # inspect.getdoc's text, without importing inspect (a few milliseconds)
        first, _, rest = (handler.__doc__ or name).partition("\n")
        doc = f"{first.strip()}\n{textwrap.dedent(rest)}".strip()
        summary = doc[0].lower() + doc.partition("\n")[0][1:].rstrip(".")
        parser = commands.add_parser(
            name, help=f"{summary} (reads DATABASE_URL)", description=doc.partition("\n\n")[2]
        )
        if name in ("standings", "export"):
            parser.add_argument("name", metavar="NAME")
        if name == "games":
            parser.add_argument("--league", metavar="NAME", help="only this league's games")
        if name != "ratings":
            parser.add_argument(
                "--community", metavar="C", help="the league's community, when several have one"
            )
        if name == "export":
            add_export_options(parser)
        else:
            parser.add_argument("--json", action="store_true", help="print one JSON object")
        parser.set_defaults(handler=handler)
