"""The work of the organiser's command line for club play: ``gobot games``, ``ratings``,
``standings`` and ``export`` (registered by :mod:`bot.cli_club`). Each reads the bot's database
(``DATABASE_URL``, as the bot reads it: the environment over ``.env``; unset: the SQLite file in
the user's data directory). A SQLite file that does not exist is an error, never created.
Errors (an unknown league, a database that cannot be read) are one line on standard error and
exit status 2; success is 0.

Text output is a plain table: a header row, then one row per item, columns separated by at least
two spaces (numbers right-aligned), ``-`` for an empty cell. ``--json`` prints one JSON object,
a stable interface; times are UTC ISO-8601 (``2023-11-14T22:13:20Z``):

``games``: ``{"games": [GAME, …]}``, every game that started, oldest first; a GAME is
``{"id": int, "black": {"id": str, "name": str}, "white": {"id": str, "name": str},
"size": int, "komi": float, "handicap": int, "rated": bool, "status": "active"|"finished",
"community": str, "league": str|null, "league_id": int|null, "round": int|null,
"result": str|null (SGF RE: "B+R", "W+3.5", "0", "Void"), "started": str, "ended": str|null}``.

``ratings``: ``{"ratings": [{"person": str, "name": str, "rating": float, "deviation": float,
"volatility": float, "rank": str, "games": int}, …]}``, highest rating first; rating and
deviation rounded to 2 decimals, volatility to 6; rank as ``club.ranks.rank_label`` (``"6k?"``).

``standings``: ``{"league": str, "league_id": int, "community": str,
"status": "entry"|"running"|"ended", "system": "roundrobin"|"swiss"|"mcmahon", "round": int
(the latest paired), "rounds": int, "standings": [ROW, …]}``, best first; a ROW is
``{"place": int, "shared": bool (another row has the same place), "person": str (the id
``ratings`` calls ``person``), "name": str (the display name), "rank": str (the rank the league
paired with, ``"5k"``), "wins": float (a jigo is half; a bye a win when the league's byes win),
"mms": float|null (the McMahon score; null in other systems), "sos": float, "sodos": float,
"played": int, "left": int, "withdrawn": bool}`` (:class:`service.standings.Standing`). The text
output is the table ``league standings`` shows in chat.

``export``: a zip of ``game-<id>.sgf`` for every game of the league that started (the bot's own
``sgf`` records, :mod:`service.game_record`: ``EV`` the league, ``RO`` the round, ``DT`` the
first and last day played, ``BR``/``WR`` the ranks when the game started, ``RE``, and for a
result of the agreed count its ``TB``/``TW`` marks, from which ``gobot score`` reproduces ``RE``)
and ``standings.csv`` (the standings table, header row first). ``export --egd``: the season in
the European Go Database's tournament results format (:mod:`bot.egd`: header comment lines, then
one line per player in standings order: number, name, rank, country, club, each round's
``<opponent><+|-|=>/<b|w><handicap>``, ``0+``/``0-``/``0=`` without a game), UTF-8, to the file
``-o`` names or to standard output (``-o -``).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import datetime as dt
import io
import json
import re
import sys
import zipfile
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from pathlib import Path
from typing import Any

from bot import egd
from bot.cli_args import EXIT_OK, EXIT_UNREADABLE
from bot.replay import reason
from club.ranks import rank_label
from service import GameService
from service.club_commands import League, LeagueAction
from service.club_ports import LeagueRow
from service.commands import SYSTEM, Request, Sgf
from service.errors import UserError
from service.players import local_part
from service.ports import Database, GameRow, GameStatus, PlayerRow, UnitOfWork
from service.standings import Standings
from service.views import TableView

RANKED_LIMIT = 1_000_000  # every rated person
EMPTY = "-"
NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")  # right-aligned in the text tables


class ClubCliError(Exception):
    """What to print on standard error (one line) before exiting with status 2."""


async def open_club_database() -> Database:
    """The database ``DATABASE_URL`` names, opened as the bot opens it (raises
    :class:`ClubCliError` with the reason, secrets masked)."""
    from bot.app import open_storage
    from bot.config import ConfigError, load_config
    from bot.secrets import mask
    from bot.startup import StartupFailure
    from storage import BadDatabaseUrl, parse_database_url

    try:
        config = load_config()
        parsed = parse_database_url(config.database_url)
    except (ConfigError, BadDatabaseUrl) as exc:
        raise ClubCliError(reason(exc)) from None
    if parsed.path is not None and not parsed.path.is_file():
        raise ClubCliError(
            f"no database at {parsed.path}: set DATABASE_URL to the bot's database "
            "(sqlite:///games.db, postgresql://user@host/db)"
        )
    try:
        return await open_storage(config)
    except StartupFailure as exc:
        raise ClubCliError(mask(exc.message, config.secrets)) from None
    except BadDatabaseUrl as exc:
        raise ClubCliError(reason(exc)) from None


Work = Callable[[Database, argparse.Namespace], Awaitable[None]]


def club_command(work: Work) -> Callable[[argparse.Namespace], int]:
    """A ``gobot`` handler: open the database, run ``work`` on it, close it; exit status 0, or
    2 after one line on standard error."""

    async def main(args: argparse.Namespace) -> None:
        database = await open_club_database()
        try:
            await work(database, args)
        finally:
            await database.close()

    return lambda args: run_club(main(args))


def run_club(work: Coroutine[Any, Any, None]) -> int:
    """Run ``work``; every error is one line on standard error and exit status 2."""
    try:
        asyncio.run(work)
        return EXIT_OK
    except (ClubCliError, UserError) as exc:
        print(f"error: {reason(exc)}", file=sys.stderr)
    except BrokenPipeError:  # the output's reader left (`| head`): bot.cli.main ends quietly
        raise
    except OSError as exc:
        print(f"error: {exc.strerror or reason(exc)}: {exc.filename or ''}", file=sys.stderr)
    except Exception as exc:  # a bug of ours or a broken database: one line, no traceback
        print(f"error: unexpected {type(exc).__name__}: {reason(exc)}", file=sys.stderr)
    return EXIT_UNREADABLE


async def find_league(uow: UnitOfWork, name: str, community: str | None) -> LeagueRow:
    """The league called ``name`` (in ``community``, when given); raises :class:`ClubCliError`
    when there is none, or several and no ``community`` to choose."""
    rows = await uow.leagues.named(name)
    communities = ", ".join(repr(row.community) for row in rows)
    if community is not None:
        chosen = [row for row in rows if row.community == community]
        if not chosen:
            where = f"; leagues of that name are in {communities}" if rows else ""
            raise ClubCliError(f"no league {name!r} in the community {community!r}{where}")
        return chosen[0]
    if not rows:
        raise ClubCliError(f"no league {name!r} (names are compared in any letter case)")
    if len(rows) > 1:
        raise ClubCliError(
            f"{len(rows)} communities have a league {name!r}: {communities}; "
            "choose one with --community"
        )
    return rows[0]


def display_name(players: Mapping[str, PlayerRow], account: str) -> str:
    """The account's stored display name (else its id on the platform: ``alice``)."""
    known = players.get(account)
    return known.name if known is not None else local_part(account) or account


def iso(seconds: float | None) -> str | None:
    """UTC ISO-8601 of a timestamp, to the second.

    >>> iso(1_700_000_000.0), iso(None)
    ('2023-11-14T22:13:20Z', None)
    """
    if seconds is None:
        return None
    return dt.datetime.fromtimestamp(seconds, dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def aligned(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """The table as plain lines: columns two spaces apart, a column of numbers (and ``-``)
    right-aligned, everything else left-aligned; no trailing spaces.

    >>> aligned(("name", "n"), [("ann", "10"), ("bo", "9")])
    ['name   n', 'ann   10', 'bo     9']
    """
    cells = [[cell or EMPTY for cell in row] for row in rows]
    widths = [max(len(str(r[i])) for r in (headers, *cells)) for i in range(len(headers))]
    right = [
        any(NUMBER.fullmatch(r[i]) for r in cells)
        and all(NUMBER.fullmatch(r[i]) or r[i] == EMPTY for r in cells)
        for i in range(len(headers))
    ]
    shapes = list(zip(widths, right, strict=True))
    return [
        "  ".join(
            c.rjust(w) if r else c.ljust(w) for c, (w, r) in zip(row, shapes, strict=True)
        ).rstrip()
        for row in (headers, *cells)
    ]


def emit(args: argparse.Namespace, document: dict[str, Any], table: list[str]) -> None:
    """Print the JSON document (``--json``) or the text table."""
    if args.json:
        print(json.dumps(document, ensure_ascii=False, indent=2))
    else:
        print("\n".join(table))


GAME_KEYS = "id black white size komi handicap rated league round result started ended"
GAME_COLUMNS = tuple(GAME_KEYS.split())  # the text's columns: the JSON's keys
SHOWN: dict[str, Callable[[Any], str]] = {
    "black": lambda player: str(player["name"]),
    "white": lambda player: str(player["name"]),
    "komi": lambda komi: f"{komi:g}",
    "rated": lambda rated: "yes" if rated else "no",
}


async def games_document(uow: UnitOfWork, league: LeagueRow | None) -> dict[str, Any]:
    """``games``'s JSON document (see the module docstring)."""
    rows: list[GameRow] = await uow.games.listed(None if league is None else league.id)
    ids = {p for row in rows for p in (row.black, row.white) if p is not None}
    players = await uow.players.get_many(sorted(ids))
    leagues: dict[int, LeagueRow | None] = {}
    for row in rows:
        if row.league_id is not None and row.league_id not in leagues:
            leagues[row.league_id] = await uow.leagues.get(row.league_id)

    def player(account: str | None) -> dict[str, str]:
        return {"id": account or "", "name": display_name(players, account or "")}

    games = [
        {
            "id": row.id,
            "black": player(row.black),
            "white": player(row.white),
            "size": row.size,
            "komi": row.komi,
            "handicap": row.handicap,
            "rated": row.rated,
            "status": row.status.value,
            "community": row.community,
            "league": getattr(leagues.get(row.league_id or 0), "name", None),
            "league_id": row.league_id,
            "round": row.round,
            "result": row.result if row.status is GameStatus.FINISHED else None,
            "started": iso(row.created_at),
            "ended": iso(row.finished_at if row.status is GameStatus.FINISHED else None),
        }
        for row in rows
    ]
    return {"games": games}


def games_table(document: dict[str, Any]) -> list[str]:
    """``games``'s text: one row per game, the JSON's values (players by name)."""
    rows = [
        [EMPTY if g[key] is None else SHOWN.get(key, str)(g[key]) for key in GAME_COLUMNS]
        for g in document["games"]
    ]
    return aligned(["#", *GAME_COLUMNS[1:]], rows)


async def _games(database: Database, args: argparse.Namespace) -> None:
    """``gobot games``: every game that started, oldest first."""
    async with database.unit_of_work() as uow:
        league = None
        if args.league is not None:
            league = await find_league(uow, args.league, args.community)
        document = await games_document(uow, league)
    emit(args, document, games_table(document))


RATING_KEYS = ("name", "rating", "deviation", "volatility", "rank", "games")
RATING_FORMATS = ("", ".0f", ".0f", ".4f", "", "")  # the text shows them as the chat's ``rating``


async def ratings_document(uow: UnitOfWork) -> dict[str, Any]:
    """``ratings``'s JSON document (see the module docstring)."""
    rows = await uow.ratings.ranked(None, limit=RANKED_LIMIT)
    players = await uow.players.get_many([row.person for row in rows])
    ratings = [
        {
            "person": row.person,
            "name": display_name(players, row.person),
            "rating": round(row.rating, 2),
            "deviation": round(row.deviation, 2),
            "volatility": round(row.volatility, 6),
            "rank": rank_label(row.rating, row.deviation),
            "games": row.games,
        }
        for row in rows
    ]
    return {"ratings": ratings}


def ratings_table(document: dict[str, Any]) -> list[str]:
    """``ratings``'s text: one row per person (:data:`RATING_KEYS`, :data:`RATING_FORMATS`)."""
    pairs = list(zip(RATING_KEYS, RATING_FORMATS, strict=True))
    rows = [[format(r[key], spec) for key, spec in pairs] for r in document["ratings"]]
    return aligned(["player", *RATING_KEYS[1:]], rows)


async def _ratings(database: Database, args: argparse.Namespace) -> None:
    """``gobot ratings``: every rated player, highest rating first."""
    async with database.unit_of_work() as uow:
        document = await ratings_document(uow)
    emit(args, document, ratings_table(document))


async def league_and_table(
    database: Database, args: argparse.Namespace
) -> tuple[LeagueRow, TableView, Standings]:
    """The league named on the command line and its standings as the service shows them: the
    table in chat, and the data it is drawn from."""
    async with database.unit_of_work() as uow:
        league = await find_league(uow, args.name, args.community)
    service = GameService(database)
    command = League(LeagueAction.STANDINGS, league.name)
    view = await service.execute(command, Request(SYSTEM, community=league.community))
    if view.table is None or view.standings is None:
        raise ClubCliError(f"the league {league.name!r} has no standings table")
    return league, view.table, view.standings


def standings_document(standings: Standings) -> dict[str, Any]:
    """``standings``'s JSON document (see the module docstring)."""
    return {
        "league": standings.name,
        "league_id": standings.league,
        "community": standings.community,
        "status": standings.status,
        "system": standings.system,
        "round": standings.round,
        "rounds": standings.rounds,
        "standings": [
            {
                "place": row.place,
                "shared": row.shared,
                "person": row.person,
                "name": row.name,
                "rank": row.rank,
                "wins": row.wins,
                "mms": row.mms,
                "sos": row.sos,
                "sodos": row.sodos,
                "played": row.played,
                "left": row.left,
                "withdrawn": row.withdrawn,
            }
            for row in standings.rows
        ],
    }


async def _standings(database: Database, args: argparse.Namespace) -> None:
    """``gobot standings``: a league's table, as shown in chat."""
    _, table, standings = await league_and_table(database, args)
    emit(args, standings_document(standings), aligned(table.headers, table.rows))


def standings_csv(table: TableView) -> bytes:
    """The standings as CSV (UTF-8, header row first, CRLF line ends as RFC 4180 has them)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(table.headers)
    writer.writerows(table.rows)
    return out.getvalue().encode("utf-8")


def _member(archive: zipfile.ZipFile, name: str, data: bytes, seconds: float) -> None:
    when = dt.datetime.fromtimestamp(max(seconds, 315_532_800.0), dt.UTC)  # zip: 1980 or later
    stamp = (when.year, when.month, when.day, when.hour, when.minute, when.second)
    info = zipfile.ZipInfo(name, date_time=stamp)
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


async def _export(database: Database, args: argparse.Namespace) -> None:
    """``gobot export``: a league's games (SGF) and standings (CSV) in a zip, or its EGD
    results (:func:`_export_egd`)."""
    if args.egd:
        await _export_egd(database, args)
        return
    if args.output == "-":
        raise ClubCliError("a zip is not written to standard output: name a file (-o SEASON.zip)")
    league, table, _ = await league_and_table(database, args)
    async with database.unit_of_work() as uow:
        games = await uow.games.listed(league.id)
    service = GameService(database)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for game in games:
            view = await service.execute(Sgf(), Request(SYSTEM, game=game.id))
            if view.file is None:
                raise ClubCliError(f"game {game.id} has no record")
            filename, data = view.file
            _member(archive, filename, data, game.finished_at or game.updated_at)
        _member(archive, "standings.csv", standings_csv(table), league.updated_at)
    Path(args.output).write_bytes(buffer.getvalue())
    print(f"wrote {args.output}: {len(games)} games of {league.name}, standings.csv")


async def _export_egd(database: Database, args: argparse.Namespace) -> None:
    """``export --egd``: the season's ``.h`` file (:mod:`bot.egd`), to ``-o`` or stdout."""
    options = egd.Options(args.egd_class, args.country, args.club)
    league, _, standings = await league_and_table(database, args)
    async with database.unit_of_work() as uow:
        season = await egd.egd_season(uow, league, standings, options)
    if args.output == "-":
        sys.stdout.write(season.text)
    else:
        Path(args.output).write_text(season.text, encoding="utf-8")
        print(
            f"wrote {args.output}: {season.players} players, {season.rounds} rounds of "
            f"{league.name} (EGD results)"
        )
    if season.unfinished:
        games = "1 game is" if season.unfinished == 1 else f"{season.unfinished} games are"
        print(
            f"note: {games} not finished yet in {league.name}: written as no game (0-)",
            file=sys.stderr,
        )


WORKS: dict[str, Work] = {
    "games": _games,
    "ratings": _ratings,
    "standings": _standings,
    "export": _export,
}


def run_report(name: str, args: argparse.Namespace) -> int:
    """Run the command ``name`` (a key of :data:`WORKS`) on the database: exit status 0, or 2
    after one line on standard error."""
    return club_command(WORKS[name])(args)
