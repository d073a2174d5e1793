"""The web's reads of a published league (issue 26): its page, its games, its players and the
games' records, each read through the league's token. A player is addressed by their number in
the league (by the round they joined before, then by person), never by a platform id. Anything
else (an unknown or withdrawn token, a game of another league or not started, a player number
out of range, a move the game has not reached) is one refusal, :class:`PageNotFound`, the same
for every case: the web says 404 and never whether a league exists."""

from __future__ import annotations

import dataclasses
import hashlib

from club.ranks import rank_label
from engine.colors import Color
from engine.coords import format_vertex
from engine.counting import Count
from engine.game import Game, Move
from engine.result import GameResult, ResultKind
from service.club_commands import (
    GameStamp,
    LeagueStamp,
    ShowGamePage,
    ShowGameRecord,
    ShowLeaguePage,
    ShowPlayerPage,
    WatchGame,
)
from service.club_ports import LeagueRow
from service.errors import NoSuchGame
from service.game_record import final_count, game_sgf
from service.i18n import t
from service.league_play import league_data, persons_of, rounds_of
from service.league_settings import LeagueData
from service.model import Loaded, decode_event
from service.pages import (
    Cell,
    GameLine,
    GamePage,
    GameRecord,
    GameWatch,
    LeagueHead,
    LeaguePage,
    MoveLine,
    Outcome,
    PlayerPage,
    Progress,
    RatingPoint,
    RoundLines,
    StandingRow,
)
from service.players import engine_level, is_engine
from service.ports import GameRow, GameStatus
from service.registry import command
from service.showing import counted
from service.standings import standings_of
from service.timing import left_text
from service.unit import Unit
from service.views import board_view, caption, result_words, tally

HISTORY = 30  # rating changes a player's page lists
HISTORY_SCANNED = 2000  # the player's latest changes looked through for this league's games


class PageNotFound(NoSuchGame):
    """Nothing is published at this address (whatever the reason)."""


def _not_found() -> PageNotFound:
    return PageNotFound(t("error.web_not_found"))


@dataclasses.dataclass(slots=True)
class _League:
    """A published league as its pages read it: members numbered in joining order."""

    row: LeagueRow
    data: LeagueData
    head: LeagueHead
    order: list[str]  # the members (persons) by number
    numbers: dict[str, int]  # person -> number
    persons: dict[str, str]  # account -> person
    names: dict[str, str]  # account -> display name


async def display_name(unit: Unit, account: str | None) -> str:
    """The name people see for ``account``: its display name, never its platform id."""
    if account is None:
        return "?"
    opponent = unit.context.opponent
    if is_engine(account) and opponent is not None:
        return t("computer.name", name=opponent.name, level=engine_level(account))
    known = await unit.player(account)
    return known.name if known is not None and known.name else "?"


async def _published(unit: Unit, token: str) -> _League:
    row = await unit.uow.leagues.published(token)
    if row is None:
        raise _not_found()
    data = league_data(row)
    accounts = [a for m in data.members.values() for a in m.accounts]
    await unit.read_players(accounts)
    names = {a: await display_name(unit, a) for a in accounts}
    head = LeagueHead(
        token=token,
        name=row.name,
        status=row.status.value,
        status_text=t(f"league.status_{row.status.value}"),
        system=data.settings.system,
        system_text=t(f"league.system_{data.settings.system}"),
        round=row.round,
        rounds=rounds_of(row, data),
    )
    # numbered by the round they joined before, then by person: the same on every backend
    # (a JSON object's keys keep no order in PostgreSQL), and stable once the league started
    order = sorted(data.members, key=lambda person: (data.members[person].joined, person))
    numbers = {person: n for n, person in enumerate(order, start=1)}
    return _League(row, data, head, order, numbers, persons_of(data), names)


def _result(row: GameRow) -> GameResult | None:
    if row.status is not GameStatus.FINISHED or row.result is None:
        return None
    try:
        return GameResult.from_sgf(row.result)
    except ValueError:
        return None


def _outcome(row: GameRow, color: Color) -> Outcome:
    result = _result(row)
    if result is None:
        return Outcome.VOID if row.status is GameStatus.FINISHED else Outcome.PLAYING
    if result.kind is ResultKind.JIGO:
        return Outcome.JIGO
    if result.winner is None:
        return Outcome.VOID
    return Outcome.WIN if result.winner is color else Outcome.LOSS


async def _line(unit: Unit, league: _League, row: GameRow) -> GameLine:
    black, white = row.black or "", row.white or ""
    names = league.names
    result = _result(row)
    state = Progress.FINISHED if row.status is GameStatus.FINISHED else Progress.PLAYING
    if state is Progress.PLAYING and row.to_move is None:  # stopped (Unit.save)
        state = Progress.COUNTING
    return GameLine(
        id=row.id,
        round=row.round or 0,
        black=names.get(black) or await display_name(unit, black),
        white=names.get(white) or await display_name(unit, white),
        black_number=league.numbers.get(league.persons.get(black, "")),
        white_number=league.numbers.get(league.persons.get(white, "")),
        state=state,
        result=row.result if row.status is GameStatus.FINISHED else None,
        result_text=result_words(result) if result is not None else None,
    )


def _started(games: list[GameRow]) -> list[GameRow]:
    kept = (GameStatus.ACTIVE, GameStatus.FINISHED)
    return [g for g in games if g.status in kept and g.black and g.white]


async def _standings(unit: Unit, league: _League) -> tuple[StandingRow, ...]:
    """The standings (:func:`service.standings.standings_of`), each player by number."""
    found = await standings_of(unit, league.row)
    return tuple(
        StandingRow(
            place=r.place,
            shared=r.shared,
            number=league.numbers[r.person],
            name=league.names[r.account],
            wins=r.wins,
            mms=r.mms,
            sos=r.sos,
            sodos=r.sodos,
            played=r.played,
            left=r.left,
            withdrawn=r.withdrawn,
        )
        for r in found.rows
    )


@command(LeagueStamp, writes=False, limited=False)
async def league_stamp(unit: Unit, command: LeagueStamp) -> str:
    """The league page's stamp (:class:`~service.club_commands.LeagueStamp`): one read of the
    league and one of its games' rows, far cheaper than the page."""
    row = await unit.uow.leagues.published(command.token)
    if row is None:
        raise _not_found()
    games = await unit.uow.games.in_league(row.id)
    states = [(g.id, g.status.value, g.result, g.round, g.to_move is None) for g in games]
    digest = hashlib.blake2b(repr((row.id, row.version, states)).encode(), digest_size=12)
    return digest.hexdigest()


@command(GameStamp, writes=False, limited=False)
async def game_stamp(unit: Unit, command: GameStamp) -> str:
    """A game page's stamp (:class:`~service.club_commands.GameStamp`): one read of the league,
    one of the game's row and one of its players' names, refused as the page would be."""
    league = await unit.uow.leagues.published(command.token)
    if league is None:
        raise _not_found()
    row = await unit.uow.games.get(command.game)
    started = (GameStatus.ACTIVE, GameStatus.FINISHED)
    if row is None or row.league_id != league.id or row.status not in started:
        raise _not_found()
    await unit.read_players((row.black, row.white))
    names = [await display_name(unit, account) for account in (row.black, row.white)]
    drawn = hashlib.blake2b(repr(names).encode(), digest_size=6).hexdigest()  # a rename
    over = ":finished" if row.status is GameStatus.FINISHED else ""
    return f"{league.id}.{league.version}:{row.id}.{row.version}:{drawn}{over}"


@command(ShowLeaguePage, writes=False, limited=False)
async def league_page(unit: Unit, command: ShowLeaguePage) -> LeaguePage:
    """Standings, crosstable and rounds of a published league."""
    league = await _published(unit, command.token)
    games = _started(await unit.uow.games.in_league(league.row.id))
    standings = await _standings(unit, league)
    order = {s.number: i for i, s in enumerate(standings)}
    size = len(standings)
    cells: list[list[list[tuple[int, Outcome]]]] = [[[] for _ in range(size)] for _ in range(size)]
    for game in games:
        black = league.numbers.get(league.persons.get(game.black or "", ""))
        white = league.numbers.get(league.persons.get(game.white or "", ""))
        if black is None or white is None or black not in order or white not in order:
            continue
        b, w = order[black], order[white]
        cells[b][w].append((game.id, _outcome(game, Color.BLACK)))
        cells[w][b].append((game.id, _outcome(game, Color.WHITE)))
    crosstable = tuple(tuple(Cell(tuple(c)) for c in row) for row in cells)
    rounds = []
    for number in range(1, league.row.round + 1):
        lines = [await _line(unit, league, g) for g in games if g.round == number]
        byes = tuple(
            league.names[league.data.members[p].account]
            for p in league.data.byes.get(number, ())
            if p in league.data.members
        )
        rounds.append(RoundLines(number, tuple(lines), byes))
    return LeaguePage(league.head, standings, crosstable, tuple(rounds))


@command(ShowPlayerPage, writes=False, limited=False)
async def player_page(unit: Unit, command: ShowPlayerPage) -> PlayerPage:
    """A member's line of the standings, rating history and league games."""
    league = await _published(unit, command.token)
    if not 1 <= command.number <= len(league.order):
        raise _not_found()
    person = league.order[command.number - 1]
    member = league.data.members[person]
    games = _started(await unit.uow.games.in_league(league.row.id))
    standing = next((s for s in await _standings(unit, league) if s.number == command.number), None)
    rating = (await unit.uow.ratings.get_many([person])).get(person)
    # only the changes of this league's games: the player's other games (another community's,
    # an unpublished league's) are not this page's to show, not even that they were played
    ours = {g.id for g in games}
    changes = await unit.uow.ratings.changes(list(member.accounts), limit=HISTORY_SCANNED)
    history = tuple(
        RatingPoint(c.game_id, c.at, c.before, c.after, rank_label(c.after, c.deviation))
        for c in changes
        if c.game_id in ours
    )[:HISTORY]
    played = []
    for game in games:
        if league.persons.get(game.black or "") == person:
            color = Color.BLACK
        elif league.persons.get(game.white or "") == person:
            color = Color.WHITE
        else:
            continue
        played.append((await _line(unit, league, game), _outcome(game, color), color))
    rated = rating is not None and rating.games > 0
    return PlayerPage(
        league=league.head,
        number=command.number,
        name=league.names[member.account],
        standing=standing,
        rank=rank_label(rating.rating, rating.deviation) if rating is not None and rated else None,
        rating=rating.rating if rating is not None and rated else None,
        history=history,
        games=tuple(played),
    )


async def _game(unit: Unit, league: _League, game_id: int) -> Loaded:
    row = await unit.uow.games.get(game_id)
    started = (GameStatus.ACTIVE, GameStatus.FINISHED)
    if row is None or row.league_id != league.row.id or row.status not in started:
        raise _not_found()
    return await unit.load(game_id)


def _stamp(loaded: Loaded) -> str:
    return f"{loaded.row.id}.{loaded.row.version}"


async def _position(unit: Unit, loaded: Loaded, move: int) -> Game:
    """The game as it stood after move ``move`` (the events up to it, replayed)."""
    row = loaded.row
    game = Game(row.size, row.komi, row.handicap)
    for event in await unit.uow.games.events(row.id):
        if game.move_number >= move:
            break
        game.apply(decode_event(event.text, row.size))
    return game


def _count(loaded: Loaded) -> Count | None:
    """The count the latest position shows: the marking while the players agree on it, the
    accepted one at the end of a counted game."""
    match = loaded.state.match
    if loaded.stopped and not match.judging:
        return counted(loaded)
    if loaded.finished and match.version:  # the agreed count, when the result is that count's
        return final_count(loaded)
    return None


@command(ShowGamePage, writes=False, limited=False)
async def game_page(unit: Unit, command: ShowGamePage) -> GamePage:
    """A league game at one of its moves, with the count at its end."""
    league = await _published(unit, command.token)
    loaded = await _game(unit, league, command.game)
    line = await _line(unit, league, loaded.row)
    last = loaded.game.move_number
    move = last if command.move is None else command.move
    if not 0 <= move <= last:
        raise _not_found()
    names = {Color.BLACK: line.black, Color.WHITE: line.white}
    moves = tuple(
        MoveLine(n, m.color, format_vertex(m.point) if m.point is not None else None)
        for n, m in enumerate(loaded.game.moves, start=1)
    )
    finished = loaded.row.status is GameStatus.FINISHED
    score: Count | None = None
    if move == last:
        game = loaded.game
        score = _count(loaded)
        left = "" if finished or loaded.stopped else await left_text(unit, loaded)
        text = caption(game, loaded.row.id, names, left, stopped=finished or loaded.stopped)
    else:
        game = await _position(unit, loaded, move)
        text = caption(game, loaded.row.id, names, "")
    board = board_view(game, names, text, score)
    if score is not None:
        match = loaded.state.match
        board = dataclasses.replace(board, version=match.version or None, final=finished)
    played = game.last_move
    ended = move == last and (finished or loaded.stopped)  # nobody is to move at the end
    to_move = None if ended else board.to_move
    return GamePage(
        league=league.head,
        game=line,
        size=loaded.row.size,
        komi=loaded.row.komi,
        handicap=loaded.row.handicap,
        move=move,
        last=last,
        board=board,
        played=moves[move - 1] if isinstance(played, Move) and move > 0 else None,
        to_move=to_move,
        moves=moves,
        tally=tally(score) if score is not None else None,
        result_text=line.result_text,
        stamp=_stamp(loaded),
        live=not finished and move == last,
        finished=finished,
    )


@command(ShowGameRecord, writes=False, limited=False)
async def game_record(unit: Unit, command: ShowGameRecord) -> GameRecord:
    """The game's SGF record, as the chat's ``sgf`` gives it (display names only)."""
    league = await _published(unit, command.token)
    loaded = await _game(unit, league, command.game)
    row = loaded.row
    # the chat's ``sgf`` (league, ranks, the count), with the names the pages show: never a
    # platform id, even for a player or an organiser the bot has no display name of
    data = await game_sgf(unit, loaded, name=lambda account: display_name(unit, account))
    finished = row.status is GameStatus.FINISHED
    return GameRecord(f"game-{row.id}.sgf", data, finished, _stamp(loaded))


@command(WatchGame, writes=False, limited=False)
async def watch_game(unit: Unit, command: WatchGame) -> GameWatch:
    """Whether a game can still change, and its stamp (the live updates)."""
    league = await _published(unit, command.token)
    loaded = await _game(unit, league, command.game)
    live = loaded.row.status is not GameStatus.FINISHED
    return GameWatch(loaded.row.id, live, _stamp(loaded))
