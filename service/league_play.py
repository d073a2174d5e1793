"""A league's rounds as games: pairing the next round (:mod:`club.pairing`) and starting its
games, reading back what was played, the standings (:mod:`club.standings`), and the word to the
organiser when a round's last game finished. Members are persons; each plays from the account
they joined with."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from club.league_types import Entrant, Pairing, Played
from club.pairing import mcmahon_round, round_robin, swiss_round
from club.ranks import rank_of
from club.standings import Row, standings
from engine.colors import Color
from engine.handicap import max_handicap
from engine.result import GameResult, ResultKind
from service.clock import TimeControl
from service.club_ports import LeagueRow, LeagueStatus, RatingRow
from service.events import GameFinished, RoundComplete
from service.i18n import t
from service.league_settings import LeagueData
from service.model import GameState, Loaded
from service.ports import GameRow, GameStatus
from service.timing import new_clocks
from service.unit import Unit
from service.views import Notice

HANDICAP_KOMI = 0.5


def league_data(row: LeagueRow) -> LeagueData:
    """The league's settings, members and byes."""
    return LeagueData.from_data(row.data)


def persons_of(data: LeagueData) -> dict[str, str]:
    """Each member's account → the member (a person)."""
    return {account: person for person, m in data.members.items() for account in m.accounts}


def _winner(row: GameRow, persons: dict[str, str]) -> str | None:
    """The person who won a finished league game (None: unfinished, jigo, void, both lose)."""
    if row.status is not GameStatus.FINISHED or row.result is None:
        return None
    try:
        result = GameResult.from_sgf(row.result)
    except ValueError:
        return None
    if result.winner is None:
        return None
    account = row.black if result.winner is Color.BLACK else row.white
    return persons.get(account or "")


def _jigo(row: GameRow) -> bool:
    if row.status is not GameStatus.FINISHED or row.result is None:
        return False
    try:
        return GameResult.from_sgf(row.result).kind is ResultKind.JIGO
    except ValueError:
        return False


def played(
    data: LeagueData, games: Sequence[GameRow], *, finished_only: bool = False
) -> list[Played]:
    """Every league game and bye so far, as the pairing reads them (a game still being played
    is a pairing spent), or (``finished_only``) as the standings do (only results count)."""
    persons = persons_of(data)
    out = []
    for row in games:
        if row.round is None or row.black is None or row.white is None:
            continue
        if finished_only and row.status is not GameStatus.FINISHED:
            continue
        black, white = persons.get(row.black), persons.get(row.white)
        if black is None or white is None:
            continue
        out.append(
            Played(
                row.round,
                black,
                white,
                _winner(row, persons),
                row.handicap,
                jigo=_jigo(row),
            )
        )
    for round_no, persons_with_bye in sorted(data.byes.items()):
        out.extend(Played(round_no, p, None, p) for p in persons_with_bye)
    return out


async def rank_now(unit: Unit, person: str) -> int:
    """The person's whole rank number from their rating (0 = 30k, 30 = 1d)."""
    rating = (await unit.uow.ratings.get_many([person])).get(person, RatingRow(person))
    return max(0, math.floor(rank_of(rating.rating)))


def entrants(data: LeagueData) -> list[Entrant]:
    """The active members with the rank they entered with, which is also their McMahon start
    score (MMS = rank number + wins)."""
    return [Entrant(p, data.members[p].rank, float(data.members[p].rank)) for p in data.active()]


async def next_pairings(
    unit: Unit, league: LeagueRow, data: LeagueData, games: Sequence[GameRow]
) -> list[Pairing]:
    """The pairings of round ``league.round + 1``."""
    settings = data.settings
    number = league.round + 1
    if settings.system == "roundrobin":
        schedule = round_robin(list(data.order))
        active = set(data.active())
        return [
            p
            for p in schedule[number - 1]
            if p.black in active and (p.white is None or p.white in active)
        ]
    people = entrants(data)
    history = played(data, games)
    pair = swiss_round if settings.system == "swiss" else mcmahon_round
    return pair(people, history, number, settings.handicap_auto, settings.bye_wins)


def rounds_of(league: LeagueRow, data: LeagueData) -> int:
    """How many rounds the league has."""
    if data.settings.rounds is not None:
        return data.settings.rounds
    count = len(data.order) or len(data.active())
    return count if count % 2 else max(0, count - 1)


async def start_game(
    unit: Unit, league: LeagueRow, data: LeagueData, round_no: int, pairing: Pairing
) -> Loaded:
    """Store and start one pairing's game (the clocks run from now)."""
    settings = data.settings
    assert pairing.white is not None
    black = data.members[pairing.black].account
    white = data.members[pairing.white].account
    stones = min(pairing.handicap, max_handicap(settings.size))
    stones = stones if stones >= 2 else 0
    komi = pairing.komi if pairing.komi is not None else settings.komi
    if pairing.handicap and pairing.komi is None:
        komi = HANDICAP_KOMI
    row = await unit.uow.games.add(
        GameRow(
            id=0,
            version=0,
            status=GameStatus.ACTIVE,
            challenger=black,
            challenged=white,
            black=black,
            white=white,
            size=settings.size,
            komi=komi,
            handicap=stones,
            color="black",
            time_control=settings.time,
            rated=settings.rated,
            channel=league.channel,
            community=league.community,
            created_at=unit.now,
            updated_at=unit.now,
            league_id=league.id,
            round=round_no,
            data=GameState().to_data(),
        )
    )
    loaded = await unit.load(row.id)
    clocks = new_clocks(TimeControl.parse(settings.time), unit.now)
    loaded.state = dataclasses.replace(loaded.state, clocks=clocks)
    await unit.save(loaded)
    return loaded


def table(league: LeagueRow, data: LeagueData, games: Sequence[GameRow]) -> list[Row]:
    """The standings: wins (MMS first for McMahon), SOS, SODOS; ties share a place. ``left``
    counts each member's games still to play: their unfinished games and the rounds not yet
    paired (a round-robin: their games left in its schedule with members still in it)."""
    people = [Entrant(p, m.rank, float(m.rank)) for p, m in data.members.items()]
    rows = standings(
        people,
        played(data, games, finished_only=True),
        "round_robin" if data.settings.system == "roundrobin" else data.settings.system,
        data.settings.bye_wins,
        rounds_of(league, data) if league.round or data.order else data.settings.rounds,
        active=set(data.active()),
    )
    left = games_left(league, data, games)
    return [dataclasses.replace(row, left=left.get(row.id, 0)) for row in rows]


def games_left(league: LeagueRow, data: LeagueData, games: Sequence[GameRow]) -> dict[str, int]:
    """Each member's games still to play (withdrawn members and ended leagues: none)."""
    if league.status is LeagueStatus.ENDED:
        return {}
    persons = persons_of(data)
    active = set(data.active())
    left = dict.fromkeys(active, 0)
    for row in games:
        if row.status is GameStatus.FINISHED:
            continue
        for account in (row.black, row.white):
            person = persons.get(account or "")
            if person in left:
                left[person] += 1
    if data.settings.system == "roundrobin":
        order = list(data.order) or list(data.members)
        for number, pairings in enumerate(round_robin(order), 1):
            if number <= league.round:
                continue
            for pairing in pairings:
                if pairing.white is not None and {pairing.black, pairing.white} <= active:
                    left[pairing.black] += 1
                    left[pairing.white] += 1
        return left
    unpaired = max(0, rounds_of(league, data) - league.round)
    return {person: count + unpaired for person, count in left.items()}


async def round_check(unit: Unit, event: GameFinished) -> tuple[Notice, ...]:
    """A league game finished: when it was the last open game of its league's running round,
    record :class:`~service.events.RoundComplete` (the next round can be paired)."""
    row = event.row
    if row.league_id is None or row.round is None:
        return ()
    league = await unit.uow.leagues.get(row.league_id)
    if league is None or league.status is not LeagueStatus.RUNNING or league.round != row.round:
        return ()  # an older round's game (paired past with `force`): nothing to announce
    games = await unit.uow.games.in_league(row.league_id)
    open_games = [
        g
        for g in games
        if g.round == row.round and g.id != row.id and g.status is not GameStatus.FINISHED
    ]
    if not open_games:
        unit.record(RoundComplete(league.id, league.name, row.round, league.organiser))
    return ()


async def tell_organiser(unit: Unit, event: RoundComplete) -> tuple[Notice, ...]:
    """A word to the league's organiser that the next round can be paired."""
    line = t("league.round_done", name=event.name, round=event.round)
    return (Notice(event.organiser, (line,)),)
