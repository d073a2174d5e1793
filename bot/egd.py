"""A league's season in the European Go Database's tournament results format (the ``.h`` file
clubs submit for rating; ``gobot export NAME --egd``).

The file is UTF-8 text. Header comment lines name the class, event, place, dates and rules::

    ; CL[C]                    the EGF class (--class; C: a club tournament)
    ; EV[autumn]               the league's name
    ; PC[CZ,Internet]          the country (--country) and the place: played online
    ; DT[2026-09-01,2026-11-30]  the first game's start and the last result's day (UTC)
    ; HA[h0]                   handicap=auto: rank difference, reduced by 0; HA[0]: no handicap
    ; KM[6.5]                  the league's komi
    ; TM[10080]                the main time in minutes (0: no clock)
    ; CM[Fischer 7d+1d]        the time system and the league's time control

then one line per player, in the order of the league's standings::

       1 alice               5k CZ Brno     2+/w0     3=/b0      0+

number (each player's own, 1 up, in standings order: a shared place is written in the table's
order, as opponents are named by these numbers), name, rank, country, club, then one entry per
round paired: ``<opponent's number><+|-|=>/<b|w><handicap>``:

- ``+`` a win, ``-`` a loss, ``=`` a jigo;
- the colour the player had and the handicap stones (``1``: no komi, as a handicap pairing of
  players one rank apart gives komi 0.5; ``0``: an even game);
- a result not played out (the organiser's adjudication, a forfeit) is no game to rate: ``0+``
  for its winner (a free win), ``0-`` for its loser, ``0=`` for both of an adjudicated jigo
  (half a point), ``0-`` for both when both lose (Art. 13);
- ``0+`` also for a bye when byes win; ``0-`` (no game) for a bye when they do not, a void game
  (no result), a game not finished yet, a round the player was not in (joined later, withdrew).

Names are the players' display names as the bot knows them (the format wants "Surname
Firstname": fix them by hand where they differ), with ``;`` (a comment in this format) written
as ``,``. The rank is the one the player entered the league with (it paired them and set
handicaps). Members with no game and no free win are left out.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.egd_codes import UNKNOWN_CLUB, UNKNOWN_COUNTRY
from engine.colors import Color
from engine.result import GameResult, ResultKind
from service import league_play
from service.clock import TimeControl, TimeKind
from service.club_ports import LeagueRow
from service.league_settings import LeagueData, Settings
from service.model import adjudicator
from service.ports import GameRow, GameStatus, UnitOfWork
from service.standings import Standings

PLACE = "Internet"  # league games are played online, through the bot
NOT_PLAYED = (ResultKind.FORFEIT,)
TIME_SYSTEMS = {
    TimeKind.NONE: "none",
    TimeKind.ABSOLUTE: "Sudden death",
    TimeKind.FISCHER: "Fischer",
    TimeKind.BYOYOMI: "Standard byo-yomi",
    TimeKind.SIMPLE: "Simple",
}


@dataclass(frozen=True, slots=True)
class Options:
    """What the organiser adds on the command line."""

    tournament_class: str = "C"
    country: str = UNKNOWN_COUNTRY
    club: str = UNKNOWN_CLUB


@dataclass(frozen=True, slots=True)
class Entry:
    """One round of one player: a game (``opponent`` a person) or a free round (None)."""

    sign: str  # "+", "-" or "="
    opponent: str | None = None
    color: Color | None = None
    handicap: int = 0


NO_GAME = Entry("-")
FREE_WIN = Entry("+")
FREE_DRAW = Entry("=")


@dataclass(frozen=True, slots=True)
class Season:
    """The ``.h`` file's text and what the organiser should know about it."""

    text: str
    players: int
    rounds: int
    unfinished: int  # games not finished yet, written as no game (``0-``)


def handicap_of(row: GameRow, settings: Settings) -> int:
    """The game's handicap in the format's terms: its stones, or 1 for a game without komi
    (komi 0.5 where the league has another: a handicap pairing one rank apart)."""
    if row.handicap >= 2:
        return row.handicap
    return 1 if row.komi == league_play.HANDICAP_KOMI != settings.komi else 0


def game_entries(row: GameRow, settings: Settings) -> dict[Color, Entry]:
    """What a league game was for each colour (see the module docstring)."""
    if row.status is not GameStatus.FINISHED or row.result is None:
        return {Color.BLACK: NO_GAME, Color.WHITE: NO_GAME}
    try:
        result = GameResult.from_sgf(row.result)
    except ValueError:
        return {Color.BLACK: NO_GAME, Color.WHITE: NO_GAME}
    if result.kind is ResultKind.VOID:
        return {Color.BLACK: NO_GAME, Color.WHITE: NO_GAME}
    if result.kind in NOT_PLAYED or adjudicator(row.data) is not None:  # not played out
        if result.winner is not None:
            return {result.winner: FREE_WIN, result.winner.opponent: NO_GAME}
        free = FREE_DRAW if result.kind is ResultKind.JIGO else NO_GAME
        return {Color.BLACK: free, Color.WHITE: free}
    handicap = handicap_of(row, settings)
    entries = {}
    for color in (Color.BLACK, Color.WHITE):
        won = "+" if result.winner is color else "-"  # both lose: no winner
        sign = "=" if result.kind is ResultKind.JIGO else won
        opponent = row.white if color is Color.BLACK else row.black
        entries[color] = Entry(sign, opponent, color, handicap)
    return entries


def season_entries(
    data: LeagueData, games: Sequence[GameRow], rounds: int
) -> dict[str, dict[int, Entry]]:
    """Each member's entry of each round (persons as opponents)."""
    persons = league_play.persons_of(data)
    found: dict[str, dict[int, Entry]] = {person: {} for person in data.members}
    for row in games:
        if row.round is None or not 1 <= row.round <= rounds:
            continue
        for color, entry in game_entries(row, data.settings).items():
            person = persons.get((row.black if color is Color.BLACK else row.white) or "")
            if person is None:
                continue
            if entry.opponent is not None:
                opponent = persons.get(entry.opponent)
                entry = dataclasses.replace(entry, opponent=opponent) if opponent else NO_GAME
            found.setdefault(person, {})[row.round] = entry
    for number, persons_with_bye in data.byes.items():
        for person in persons_with_bye:
            if number <= rounds:
                found.setdefault(person, {})[number] = (
                    FREE_WIN if data.settings.bye_wins else NO_GAME
                )
    return found


def entry_text(entry: Entry, numbers: Mapping[str, int]) -> str:
    """``3+/w0``, ``0+``, ``0-``."""
    if entry.opponent is None or entry.color is None:
        return f"0{entry.sign}"
    return f"{numbers[entry.opponent]}{entry.sign}/{entry.color.letter.lower()}{entry.handicap}"


def clean_name(text: str) -> str:
    """A display name as one field of the line: spaces collapsed, ``;`` written as ``,``."""
    return " ".join(text.replace(";", ",").split())


def header_lines(
    league: LeagueRow, settings: Settings, games: Sequence[GameRow], options: Options
) -> list[str]:
    """The header comments (see the module docstring)."""
    started = [row.created_at for row in games] or [league.created_at]
    ended = [row.finished_at for row in games if row.finished_at is not None] or started
    first, last = (_day(min(started)), _day(max(ended)))
    time = TimeControl.parse(settings.time)
    system = TIME_SYSTEMS[time.kind]
    country = options.country if options.country != UNKNOWN_COUNTRY else ""
    return [
        f"; CL[{options.tournament_class}]",
        f"; EV[{clean_name(league.name)}]",
        f"; PC[{country},{PLACE}]",
        f"; DT[{first},{max(first, last)}]",
        f"; HA[{'h0' if settings.handicap_auto else '0'}]",
        f"; KM[{settings.komi:g}]",
        f"; TM[{round(time.main / 60)}]",
        f"; CM[{system if not time.timed else f'{system} {time.text()}'}]",
    ]


def _day(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.UTC).date().isoformat()


async def egd_season(
    uow: UnitOfWork, league: LeagueRow, standings: Standings, options: Options
) -> Season:
    """The league's season as an EGD results file (see the module docstring), its players in
    the order of ``standings`` (:func:`service.standings.standings_of`)."""
    data = league_play.league_data(league)
    games = await uow.games.in_league(league.id)
    rounds = max([league.round, *(row.round or 0 for row in games)])
    entries = season_entries(data, games, rounds)
    rows = [
        r for r in standings.rows if any(e != NO_GAME for e in entries.get(r.person, {}).values())
    ]
    numbers = {row.person: number for number, row in enumerate(rows, 1)}
    names = {row.person: clean_name(row.name) or "?" for row in rows}  # never a platform id
    width = max([20, *(len(name) for name in names.values())])
    lines = header_lines(league, data.settings, games, options)
    lines += [";", f"; {'Pl':>2} {'Name':<{width}} {'Rk':>3} Co Club"]
    for row in rows:
        mine = entries.get(row.person, {})
        results = [entry_text(mine.get(r, NO_GAME), numbers) for r in range(1, rounds + 1)]
        cells = [f"{numbers[row.person]:>4} {names[row.person]:<{width}} {row.rank:>3}"]
        cells += [options.country, f"{options.club:>4}", *(f"{text:>8}" for text in results)]
        lines.append(" ".join(cells).rstrip())
    unfinished = sum(1 for row in games if row.status is not GameStatus.FINISHED)
    return Season("\n".join(lines) + "\n", len(rows), rounds, unfinished)
