"""A stateful test of the service: random sequences of every command, sent by both players, a
stranger and an organiser (and the computer, a random fake engine), with and without a game
number, sometimes redelivered under the same platform update id, while a fake clock moves and the
scheduler settles deadlines. Games are mostly 5×5, so they get to the stop, the confirmation phase
and a result; two scripted 5×5 games reach what random play seldom does (a repeated position for
``noresult``, dame for ``filldame``).

After every command, and as invariants after every step, the whole store (games with their events
and links, players, read through the repositories of a unit of work; the update log, which the
port cannot read, from the memory backend's tables) must satisfy:

1. a rejected command (a :class:`~service.errors.UserError`) changes nothing, nor does a read
   (except that a read about a game against the computer may let the computer make the move it
   owes, by design); a person's command changes only games they take part in;
2. each started game's stored events replay (``service.model.rebuild``) to the position that
   ``ShowBoard()`` reports: stones, prisoners, move number, last move, ko, phase (and the row's
   ``to_move`` and deadline agree with it);
3. a finished game never changes again: its row and its events stay as they were;
4. a game has a result exactly when it is finished, and that result never changes;
5. a redelivered update id is answered ``info.already_done`` and changes nothing.

Commands the machine knows must work (a legal point offered by ``LegalPoints``, taking a challenge
one may take, accepting the current marking, settling a due game ...) are asserted to. No exception
other than a ``UserError`` may escape a command (anything else is a bug). The machine drives the
async service from one event loop of its own (``run_until_complete``), so it runs as a plain
synchronous test under pytest-asyncio's auto mode. ``pytest --hypothesis-show-statistics`` shows
how often each command went through or was refused, and how far the games got.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from collections.abc import Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from engine.colors import Color
from engine.coords import parse_vertex
from engine.game import Game, Phase
from engine.marking import contradictions
from service import Actor, GameService
from service.club_commands import (
    ORGANISER_ACTIONS,
    READ_ACTIONS,
    GameStamp,
    History,
    Leaderboard,
    League,
    LeagueAction,
    LeagueInfo,
    LeagueStamp,
    LinkAccount,
    ShowGamePage,
    ShowGameRecord,
    ShowLeaguePage,
    ShowPlayerPage,
    ShowRating,
    Unlink,
    WatchGame,
    WhoAmI,
)
from service.commands import (
    SYSTEM,
    Accept,
    Adjudicate,
    AnyCommand,
    Challenge,
    Command,
    Computer,
    Configure,
    Dead,
    Decline,
    Done,
    EstimateScore,
    FillDame,
    Games,
    LegalPoints,
    NoResult,
    Pass,
    Play,
    Propose,
    Request,
    Resign,
    Resume,
    Rules,
    Sgf,
    ShowBoard,
    Try,
    Undo,
    Vacation,
)
from service.computer import engine_actor
from service.errors import UserError
from service.handlers import HANDLERS, handler_of
from service.handlers.learning import Learn
from service.handlers.problems import AskProblem
from service.match import Match
from service.model import player_of, rebuild
from service.players import is_engine
from service.ports import (
    RESIGN,
    EngineMove,
    EventRow,
    GameRow,
    GameStatus,
    OpponentUnavailable,
    PlayerRow,
)
from service.views import View
from storage.memory import MemoryDatabase
from tests.service.conftest import ALICE, BOB, CAROL, ORGANISER, FakeClock

T = TypeVar("T")

HOUR = 3600.0
DAY = 24 * HOUR
PEOPLE = (ALICE, BOB, CAROL, ORGANISER)
NO_SUCH_GAME = 9_999

# -- strategies -----------------------------------------------------------------------------------

OPTION_SETS: tuple[dict[str, str], ...] = (
    {"size": "5", "color": "black"},
    {"size": "5", "color": "white", "komi": "0.5"},
    {"size": "5", "color": "nigiri", "time": "1d+1h"},  # Fischer
    {"size": "5", "color": "black", "time": "3d"},  # absolute
    {"size": "5", "color": "black", "time": "1d+2x1h", "weekend": "pause"},  # byo-yomi
    {"size": "7", "time": "2d/move", "rated": "yes"},  # simple per move
    {"size": "9", "handicap": "2", "color": "white"},  # White moves first
    {"size": "19"},
    # rejected ones
    {"size": "5", "handicap": "2"},  # no fixed handicap points on 5×5
    {"size": "30"},
    {"size": "5", "time": "soon"},
    {"colour": "black"},
)
COLUMNS = "ABCDEFGHJKLMNOPQRST"
POINTS = st.one_of(
    st.builds("{}{}".format, st.sampled_from(COLUMNS[:6]), st.integers(1, 6)),  # 5×5 and a bit
    st.builds("{}{}".format, st.sampled_from(COLUMNS), st.integers(1, 19)),
    st.sampled_from(["I3", "Z9", "", "pass", "c3", " b2 ", "T25", "A0"]),
)
TRY_MOVES = st.one_of(POINTS, st.sampled_from(["pass", "B", "W", "#1"]))
VALID_OPTIONS = OPTION_SETS[:8]
COMPUTER_OPTION_SETS: tuple[dict[str, str], ...] = (
    {"size": "5"},
    {"size": "5", "level": "3", "color": "white"},
    {"size": "5", "color": "nigiri", "komi": "0.5"},
    # rejected ones
    {"size": "5", "level": "11"},
    {"size": "5", "time": "1d"},  # no clocks against the computer
)
LEVELS = (3, 5)  # the levels those option sets use (5: the default)


def alternate(*moves: str) -> tuple[tuple[Actor, AnyCommand], ...]:
    """Moves (``pass`` too) by Alice and Bob in turn, Alice first."""
    players = itertools.cycle((ALICE, BOB))
    return tuple((next(players), Pass() if m == "pass" else Play(m)) for m in moves)


SCRIPTS: dict[str, tuple[tuple[Actor, AnyCommand], ...]] = {
    # a ko taken, both pass, Alice resumes (Bob moves first, Art. 9.3), Bob retakes: repetition
    "ko": (
        *alternate("C4", "D4", "B3", "E3", "C2", "D2", "A5", "C3", "D3", "pass", "pass"),
        (ALICE, Resume()),
        (BOB, Play("C3")),
    ),
    # two walls with the C file empty between them: dame to fill after the stop
    "walls": alternate("B2", "D2", "B3", "D3", "B4", "D4", "B1", "D1", "B5", "D5", "pass", "pass"),
}
ADJUDICATIONS = ("B+3.5", "W+R", "B+T", "W+F", "jigo", "0", "void", "bothlose", "B+", "draw")
CHANNELS = ("", "room")
LINK_KEYS = st.sampled_from(("telegram:board:-100", "discord:thread"))
LINK_VALUES = st.sampled_from(("41", "42"))
REQUEST_LINKS = st.one_of(st.just(()), st.tuples(st.tuples(LINK_KEYS, LINK_VALUES)))
ACTORS = st.sampled_from((ALICE, BOB, ALICE, BOB, CAROL, ORGANISER))
PLAYERS = st.sampled_from((ALICE, BOB))
ADVANCES = st.sampled_from((1.0, 60.0, HOUR, 6 * HOUR, DAY, 2 * DAY, 7 * DAY))


class RandomOpponent:
    """A computer opponent that plays a random legal point, passes, resigns or is down (its
    choices follow its seed, so an example replays the same)."""

    name = "Random"

    def __init__(self) -> None:
        self.rng = random.Random(0)

    async def genmove(self, game: Game, color: Color, level: int) -> EngineMove:
        roll = self.rng.random()
        if roll < 0.03:
            return RESIGN
        if roll < 0.08:
            raise OpponentUnavailable("the engine is down")  # the scheduler asks again
        points = sorted(game.board.legal_points(color))
        if roll < 0.25 or not points:
            return None
        return self.rng.choice(points)


# -- the store as the repositories show it --------------------------------------------------------


@dataclass(frozen=True)
class SettleGame(Command["View | None"]):
    """Stands for the scheduler's :meth:`GameService.settle` of the request's game among the
    commands the machine sends (it is no command: nobody types it)."""


@dataclass(frozen=True)
class StoredGame:
    """One game's row, events and links."""

    row: GameRow
    events: tuple[EventRow, ...]
    links: Mapping[str, str]


@dataclass(frozen=True)
class Store:
    """Everything the service keeps: games, players, and (from the memory backend's tables, as
    the port has no read for it) the update log."""

    games: Mapping[int, StoredGame]
    players: Mapping[str, PlayerRow | None]
    updates: Mapping[str, tuple[int | None, float]]
    #: each person's lessons and problems (``learn``, ``problem``), from the memory tables too
    learners: Mapping[str, object] = field(default_factory=dict)


def differences(before: Store, after: Store) -> list[str]:
    """What changed between two stores (for assertion messages)."""
    found = []
    for gid in sorted(set(before.games) | set(after.games)):
        if before.games.get(gid) != after.games.get(gid):
            found.append(f"game {gid}: {before.games.get(gid)} -> {after.games.get(gid)}")
    for pid in sorted(set(before.players) | set(after.players)):
        if before.players.get(pid) != after.players.get(pid):
            found.append(f"player {pid}: {before.players.get(pid)} -> {after.players.get(pid)}")
    if before.updates != after.updates:
        found.append(f"updates: {sorted(set(after.updates) ^ set(before.updates))}")
    if before.learners != after.learners:
        found.append(f"learners: {before.learners} -> {after.learners}")
    return found


def spots(game: Game, color: Color) -> frozenset[tuple[int, int]]:
    """The ``(row, col)`` of every stone of ``color``."""
    return frozenset((p.row, p.col) for p, c in game.board.stones() if c is color)


@settings(
    max_examples=40,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
class ServiceMachine(RuleBasedStateMachine):
    """The service on the in-memory backend with a clock the machine moves."""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.clock = FakeClock()
        self.database = MemoryDatabase()
        self.opponent = RandomOpponent()
        self.service = GameService(
            self.database,
            organisers={ORGANISER.id},
            clock=self.clock,
            rng=random.Random(1),
            opponent=self.opponent,
        )
        engines = [engine_actor(self.opponent, level) for level in LEVELS]
        self.actors = {actor.id: actor for actor in (*PEOPLE, SYSTEM, *engines)}
        self.game_ids: list[int] = []  # every challenge made, oldest first
        self.update_ids = itertools.count(1)
        self.sent: list[tuple[AnyCommand, Request]] = []  # every command sent with an update id
        self.claimed: set[str] = set()  # update ids of writes that went through
        self.finished: dict[int, tuple[GameRow, tuple[EventRow, ...]]] = {}
        self.results: dict[int, str] = {}
        self.scripted: list[int] = []  # the games scripted_game made
        # games commands named since the last check, who sent commands without a number, and
        # each game as last checked against Board()
        self.touched: set[int] = set()
        self.touched_by: set[str] = set()
        self.checked: dict[int, StoredGame] = {}
        self.replays: dict[int, tuple[StoredGame, Game]] = {}
        self.snapshot = self.store()  # the store after the latest command (kept by execute)

    def teardown(self) -> None:
        self.loop.run_until_complete(self.database.close())
        self.loop.close()

    # -- helpers ---------------------------------------------------------------------------------

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(work)

    def store(self) -> Store:
        return self.run(self._read_store())

    async def _read_store(self) -> Store:
        async with self.database.unit_of_work() as uow:
            games = {}
            for gid in self.game_ids:
                row = await uow.games.get(gid)
                assert row is not None, f"game {gid} was made but is not stored"
                events = tuple(await uow.games.events(gid))
                games[gid] = StoredGame(row, events, await uow.links.for_game(gid))
            found = await uow.players.get_many(list(self.actors))
        # games come only from challenges, which the machine tracks: no game it does not know of
        assert len(self.database.tables.games) == len(games), "a game the machine did not make"
        players = {pid: found.get(pid) for pid in self.actors}
        learners = dict(self.database.tables.learners)
        return Store(games, players, dict(self.database.tables.updates), learners)

    def execute(self, command: AnyCommand, request: Request) -> Any:
        """Run ``command``; then ``self.snapshot`` is the store as it is now. Notes the games it
        may have loaded: the one named, or without a number the sender's own (the only ones a
        command finds by itself)."""
        try:
            if isinstance(command, SettleGame):  # the scheduler's, off the command bus
                assert request.game is not None
                result = self.run(self.service.settle(request.game))
            else:
                result = self.run(self.service.execute(command, request))
            self.run(self.service.idle())  # the computer's answer to the scheduler, if any
            if isinstance(command, League):  # a league's start and pairings make games
                made = sorted(set(self.database.tables.games) - set(self.game_ids))
                self.game_ids.extend(made)
                self.touched.update(made)
            if isinstance(result, View) and result.game_id is not None:
                self.touched.add(result.game_id)
                new_game = isinstance(command, Challenge | Computer)
                if new_game and result.game_id not in self.game_ids:
                    self.game_ids.append(result.game_id)
            return result
        finally:
            if request.game is None:
                self.touched_by.add(request.actor.id)
            else:
                self.touched.add(request.game)
            self.snapshot = self.store()

    def send(self, command: AnyCommand, request: Request) -> tuple[bool, Any]:
        """Execute ``command``: (True, its result), or (False, None) when it was rejected. A
        rejection and a read must leave the store exactly as it was; a person's command may
        change only their own games."""
        before = self.snapshot
        if request.update_id is not None:
            self.sent.append((command, request))
        try:
            result = self.execute(command, request)
        except UserError as error:
            event(f"{type(command).__name__}: {type(error).__name__}")
            after = self.snapshot
            assert after == before, f"rejected {command} changed {differences(before, after)}"
            return False, None
        event(f"{type(command).__name__}: ok")
        after = self.snapshot
        if isinstance(command, Challenge | Computer):
            assert isinstance(result, View) and result.game_id in after.games
        writes = isinstance(command, SettleGame) or handler_of(command).writes
        if not writes:  # a read changes nothing, and asks nobody to act
            assert after == before, f"the read {command} changed {differences(before, after)}"
            return True, result
        if request.update_id is not None:
            self.claimed.add(request.update_id)
        # an organiser adjudicates, runs leagues and removes anyone's challenge (``decline``)
        organising = isinstance(command, Adjudicate | League) or (
            isinstance(command, Decline) and request.actor == ORGANISER
        )
        if request.actor in PEOPLE and not organising:
            for gid, stored in after.games.items():  # a person changes only their own games
                row = stored.row
                if before.games.get(gid) != stored:
                    taking_part = (row.challenger, row.challenged, row.black, row.white)
                    assert request.actor.id in taking_part, f"{request.actor} changed {row}"
        return True, result

    def request(self, data: st.DataObject, actor: Actor, game: int | None) -> Request:
        channel = data.draw(st.sampled_from(CHANNELS), label="channel")
        update = None
        if data.draw(st.booleans(), label="with update id"):
            update = f"u{next(self.update_ids)}"
        links = data.draw(REQUEST_LINKS, label="links")  # kept by challenge and accept
        return Request(actor, channel=channel, game=game, update_id=update, links=links)

    def target(self, data: st.DataObject, *, none: bool = True) -> int | None:
        """A game number: a recent game, any game, none (the context decides), or a bogus one."""
        options: list[st.SearchStrategy[int | None]] = [st.just(NO_SUCH_GAME)]
        if none:
            options.append(st.none())
        if self.game_ids:
            options.append(st.sampled_from(self.game_ids[-2:]))
            options.append(st.sampled_from(self.game_ids[-2:]))
            options.append(st.sampled_from(self.game_ids))
        return data.draw(st.one_of(options), label="game")

    def at_game(self, data: st.DataObject, actor: Actor, command: AnyCommand) -> None:
        """Send ``command`` as ``actor`` about a drawn game."""
        self.send(command, self.request(data, actor, self.target(data)))

    def row(self, gid: int) -> GameRow:
        """The stored row of a game the machine made (as the latest snapshot has it)."""
        return self.snapshot.games[gid].row

    def current(self, gid: int | None) -> tuple[GameRow, Game] | None:
        """The stored row of a started game and its replay, if ``gid`` names one."""
        stored = self.snapshot.games.get(gid) if gid is not None else None
        if stored is None or stored.row.status not in (GameStatus.ACTIVE, GameStatus.FINISHED):
            return None
        return stored.row, self.replay(stored)

    def replay(self, stored: StoredGame) -> Game:
        """``rebuild`` of a stored game (kept while the game stays as it is: not to change)."""
        kept = self.replays.get(stored.row.id)
        if kept is None or kept[0] != stored:
            kept = self.replays[stored.row.id] = (stored, rebuild(stored.row, stored.events))
        return kept[1]

    def rows(self, status: GameStatus) -> list[GameRow]:
        """The stored games of ``status``."""
        return [g.row for g in self.snapshot.games.values() if g.row.status is status]

    def playing(self) -> list[GameRow]:
        """Started games being played (someone is to move)."""
        return [r for r in self.rows(GameStatus.ACTIVE) if r.to_move in self.actors]

    def stopped(self) -> list[GameRow]:
        """Started games in the confirmation phase (nobody is to move)."""
        return [r for r in self.rows(GameStatus.ACTIVE) if r.to_move is None]

    def finished_now(self, gid: int) -> bool:
        return self.row(gid).status is GameStatus.FINISHED

    def answered(self, gid: int, offer: str) -> bool:
        """The last command answered the opponent's offer (nothing is pending any more)."""
        return self.row(gid).data.get(offer) is None

    def players_of(self, row: GameRow) -> tuple[Actor, Actor]:
        return self.actors[row.black or ""], self.actors[row.white or ""]

    def against_computer(self, gid: int) -> bool:
        row = self.row(gid)
        return is_engine(row.black) or is_engine(row.white)

    # -- a game to start with ---------------------------------------------------------------------

    @initialize(
        data=st.data(),
        options=st.sampled_from(VALID_OPTIONS),
        opponent=st.booleans(),
        seed=st.integers(0, 2**16),
    )
    def start_game(
        self, data: st.DataObject, options: dict[str, str], opponent: bool, seed: int
    ) -> None:
        """Alice challenges Bob (or anyone) and Bob takes it: a game under way from the start.
        (And the computer's choices get their seed.)"""
        self.opponent.rng.seed(seed)
        ok, view = self.send(Challenge(BOB if opponent else None, options), Request(ALICE))
        assert ok and isinstance(view, View)
        ok, _ = self.send(Accept(), self.request(data, BOB, view.game_id))
        assert ok

    # -- challenges ------------------------------------------------------------------------------

    @rule(data=st.data())
    def challenge(self, data: st.DataObject) -> None:
        challenger = data.draw(st.sampled_from((ALICE, BOB, CAROL)), label="challenger")
        opponent = data.draw(st.sampled_from((ALICE, BOB, CAROL, None)), label="opponent")
        options = data.draw(st.sampled_from(OPTION_SETS), label="options")
        self.send(Challenge(opponent, options), self.request(data, challenger, None))

    @rule(data=st.data(), actor=ACTORS, options=st.sampled_from(COMPUTER_OPTION_SETS))
    def computer(self, data: st.DataObject, actor: Actor, options: dict[str, str]) -> None:
        """A game against the computer (it answers every move, agrees to what it is offered)."""
        self.send(Computer(options), self.request(data, actor, None))

    @rule(data=st.data(), actor=ACTORS)
    def accept(self, data: st.DataObject, actor: Actor) -> None:
        self.at_game(data, actor, Accept())

    @rule(data=st.data())
    def accept_pending(self, data: st.DataObject) -> None:
        """Somebody allowed to take a waiting challenge takes it: never refused."""
        rows = self.rows(GameStatus.CHALLENGE)
        if not rows:
            return
        row = data.draw(st.sampled_from(rows), label="challenge")
        takers = [a for a in PEOPLE if a.id in (row.challenged or a.id) and a.id != row.challenger]
        actor = data.draw(st.sampled_from(takers), label="taker")
        ok, _ = self.send(Accept(), self.request(data, actor, row.id))
        assert ok, f"{actor.name} could not take challenge {row.id}"

    @rule(data=st.data(), actor=ACTORS)
    def decline(self, data: st.DataObject, actor: Actor) -> None:
        self.at_game(data, actor, Decline())

    # -- playing ---------------------------------------------------------------------------------

    @rule(data=st.data(), actor=ACTORS, point=POINTS)
    def play(self, data: st.DataObject, actor: Actor, point: str) -> None:
        self.at_game(data, actor, Play(point))

    @rule(data=st.data(), count=st.integers(1, 20))
    def play_legal_as_mover(self, data: st.DataObject, count: int) -> None:
        """A few moves in one game, each by the player to move on a point LegalPoints offers
        (the opponent is offered none): never refused."""
        rows = self.playing()
        if not rows:
            return
        gid = data.draw(st.sampled_from(rows), label="game").id
        for _ in range(count):
            row = self.row(gid)
            if row.status is not GameStatus.ACTIVE or row.to_move is None:
                return  # lost on time, or stopped
            mover = self.actors[row.to_move]
            other = self.actors[(row.white if row.to_move == row.black else row.black) or ""]
            assert self.send(LegalPoints(), Request(other, game=gid)) == (True, [])
            ok, legal = self.send(LegalPoints(), Request(mover, game=gid))
            assert ok
            if not legal:  # possible on a small board: only a pass is left
                return
            point = data.draw(st.sampled_from(legal), label="point")
            ok, _ = self.send(Play(point), self.request(data, mover, gid))
            assert ok, f"{point} was offered as legal in game {gid} but refused"

    @rule(data=st.data(), actor=ACTORS, offset=st.sampled_from((None, 0, -1, 1)))
    def pass_(self, data: st.DataObject, actor: Actor, offset: int | None) -> None:
        """A pass, typed (no ``at_move``) or from a button on the current board (``offset`` 0)
        or on an older or newer one (stale)."""
        gid = self.target(data)
        at_move = None
        known = self.current(gid)
        if offset is not None:
            at_move = max(0, (known[1].move_number if known else 0) + offset)
        self.send(Pass(at_move), self.request(data, actor, gid))

    @rule(data=st.data(), both=st.booleans())
    def pass_as_mover(self, data: st.DataObject, both: bool) -> None:
        """The player to move passes, perhaps the other too (the stop, Art. 9.1)."""
        rows = self.playing()
        if not rows:
            return
        gid = data.draw(st.sampled_from(rows), label="game").id
        for _ in range(1 + both):
            row = self.row(gid)
            if row.to_move is None:  # stopped (or finished on time)
                return
            ok, _ = self.send(Pass(), self.request(data, self.actors[row.to_move], gid))
            assert ok, f"the player to move could not pass in game {gid}"

    @rule(data=st.data(), actor=ACTORS, confirm=st.booleans())
    def resign(self, data: st.DataObject, actor: Actor, confirm: bool) -> None:
        self.at_game(data, actor, Resign(confirm))

    @rule(data=st.data(), actor=ACTORS, answer=st.sampled_from((None, True, False)))
    def undo(self, data: st.DataObject, actor: Actor, answer: bool | None) -> None:
        self.at_game(data, actor, Undo(answer))

    @rule(data=st.data(), answer=st.sampled_from((None, True, False)))
    def undo_asked_by_last_mover(self, data: st.DataObject, answer: bool | None) -> None:
        """The player who just moved asks to take it back; the opponent may answer at once
        (never refused then)."""
        rows = self.playing()
        if not rows:
            return
        row = data.draw(st.sampled_from(rows), label="game")
        black, white = self.players_of(row)
        asker, answerer = (white, black) if row.to_move == black.id else (black, white)
        ok, _ = self.send(Undo(), self.request(data, asker, row.id))
        # against the computer nothing waits: it took its reply back with the move at once
        waiting = ok and bool(self.row(row.id).data.get("undo_offer"))
        if waiting and answer is not None:
            ok, _ = self.send(Undo(answer), self.request(data, answerer, row.id))
            assert ok, f"{answerer.name} could not answer the undo request in game {row.id}"

    @rule(data=st.data(), answer=st.booleans())
    def undo_answered(self, data: st.DataObject, answer: bool) -> None:
        """The opponent answers a waiting undo request: never refused."""
        rows = [r for r in self.playing() if r.data.get("undo_offer")]
        if not rows:
            return
        row = data.draw(st.sampled_from(rows), label="game")
        known = self.current(row.id)
        assert known is not None
        black, white = self.players_of(row)
        answerer = white if row.data["undo_offer"] == "B" else black
        ok, _ = self.send(Undo(answer), self.request(data, answerer, row.id))
        if row.data.get("undo_move") == known[1].move_number:
            assert ok, f"{answerer.name} could not answer the undo request in game {row.id}"

    # -- the confirmation phase ------------------------------------------------------------------

    @rule(data=st.data(), actor=ACTORS, points=st.lists(POINTS, max_size=3))
    def dead(self, data: st.DataObject, actor: Actor, points: list[str]) -> None:
        self.at_game(data, actor, Dead(tuple(points)))

    @rule(data=st.data(), actor=PLAYERS, which=st.sampled_from(("current", "stale", "next", None)))
    def done(self, data: st.DataObject, actor: Actor, which: str | None) -> None:
        gid = self.target(data)
        version = None
        known = self.current(gid)
        if which is not None:
            current = int(known[0].data.get("marking_version", 0)) if known else 0
            version = current + {"current": 0, "stale": -1, "next": 1}[which]
        self.send(Done(version), self.request(data, actor, gid))

    @rule(data=st.data(), which=st.sampled_from(("current", None)), both=st.booleans())
    def done_as_player(self, data: st.DataObject, which: str | None, both: bool) -> None:
        """A player of a stopped game accepts its current marking, perhaps the other too (the
        game ends): never refused."""
        rows = self.stopped()
        if not rows:
            return
        row = data.draw(st.sampled_from(rows), label="game")
        players = self.players_of(row)
        first = data.draw(st.sampled_from(players), label="player")
        version = int(row.data["marking_version"]) if which else None
        for actor in (first, *(p for p in players if both and p != first)):
            if self.finished_now(row.id):  # the first one's acceptance was the second
                break
            ok, _ = self.send(Done(version), self.request(data, actor, row.id))
            assert ok, f"{actor.name} could not accept version {version} of game {row.id}"
        if both:
            assert self.finished_now(row.id)

    @rule(data=st.data())
    def dead_as_player(self, data: st.DataObject) -> None:
        """A player of a stopped game toggles a stone that is on the board: refused only when
        the new marking would mark dead a chain whose every opposing neighbour is dead
        (Art. 7.1; the README's "Counting")."""
        rows = self.stopped()
        if not rows:
            return
        row = data.draw(st.sampled_from(rows), label="game")
        known = self.current(row.id)
        assert known is not None
        stones = sorted(p.gtp() for p, _ in known[1].board.stones())
        if not stones:
            return
        actor = data.draw(st.sampled_from(self.players_of(row)), label="player")
        point = data.draw(st.sampled_from(stones), label="point")
        board = known[1].board
        chain = board.chain(parse_vertex(point, board.size))
        marked = Match.from_data(row.data, row.size).toggled([chain]).dead
        expect_refusal = any(set(c) & marked for c in contradictions(board, marked))
        ok, _ = self.send(Dead((point,)), self.request(data, actor, row.id))
        assert ok != expect_refusal, f"{actor.name} toggling {point} in game {row.id}: {ok}"

    @rule(data=st.data(), actor=ACTORS)
    def resume(self, data: st.DataObject, actor: Actor) -> None:
        self.at_game(data, actor, Resume())

    @rule(data=st.data(), both=st.booleans())
    def filldame_as_player(self, data: st.DataObject, both: bool) -> None:
        """A player of a stopped game proposes the fill; the other may agree (never refused)."""
        rows = self.stopped()
        if not rows:
            return
        row = data.draw(st.sampled_from(rows), label="game")
        first, second = data.draw(st.permutations(self.players_of(row)), label="players")
        ok, _ = self.send(FillDame(), self.request(data, first, row.id))
        if ok and both and not self.answered(row.id, "fill_offer"):
            ok, _ = self.send(FillDame(), self.request(data, second, row.id))
            assert ok, f"{second.name} could not agree to the fill in game {row.id}"

    @rule(data=st.data(), both=st.booleans())
    def noresult_as_player(self, data: st.DataObject, both: bool) -> None:
        """After a repetition a player proposes no result; the other may agree (never refused:
        the game is void)."""
        rows = []
        for row in self.rows(GameStatus.ACTIVE):
            known = self.current(row.id)
            if known is not None and known[1].repetitions:
                rows.append(row)
        if not rows:
            return
        row = data.draw(st.sampled_from(rows), label="game")
        first, second = data.draw(st.permutations(self.players_of(row)), label="players")
        ok, _ = self.send(NoResult(), self.request(data, first, row.id))
        if ok and both and not self.finished_now(row.id):  # (not when it answered an offer)
            ok, _ = self.send(NoResult(), self.request(data, second, row.id))
            assert ok, f"{second.name} could not agree to no result in game {row.id}"
            assert self.row(row.id).result == "Void"

    @precondition(lambda self: len(self.scripted) < 2)
    @rule(data=st.data(), name=st.sampled_from(sorted(SCRIPTS)))
    def scripted_game(self, data: st.DataObject, name: str) -> None:
        """A new 5×5 game between Alice (Black) and Bob played to a position the random rules
        reach seldom: a repeated position (Art. 12) or a stop with dame to fill."""
        ok, view = self.send(Challenge(BOB, {"size": "5", "color": "black"}), Request(ALICE))
        assert ok and isinstance(view, View) and view.game_id is not None
        gid = view.game_id
        self.scripted.append(gid)
        assert self.send(Accept(), Request(BOB, game=gid))[0]
        for actor, command in SCRIPTS[name]:
            ok, _ = self.send(command, self.request(data, actor, gid))
            assert ok, f"{name}: {actor.name} {command} refused in game {gid}"
        known = self.current(gid)
        assert known is not None
        if name == "ko":
            assert known[1].repetitions, "the ko did not repeat the position"
        else:
            assert known[1].phase is Phase.STOPPED

    @rule(data=st.data(), actor=ACTORS)
    def filldame(self, data: st.DataObject, actor: Actor) -> None:
        self.at_game(data, actor, FillDame())

    @rule(data=st.data(), actor=ACTORS)
    def noresult(self, data: st.DataObject, actor: Actor) -> None:
        self.at_game(data, actor, NoResult())

    # -- organisers and clocks -------------------------------------------------------------------

    @rule(
        data=st.data(),
        actor=st.sampled_from((ORGANISER, ORGANISER, ALICE, CAROL)),
        result=st.sampled_from(ADJUDICATIONS),
    )
    def adjudicate(self, data: st.DataObject, actor: Actor, result: str) -> None:
        """Organisers only: anybody else is refused."""
        ok, _ = self.send(Adjudicate(result), self.request(data, actor, self.target(data)))
        assert actor == ORGANISER or not ok, f"{actor.name} adjudicated"

    # -- club play ---------------------------------------------------------------------------------

    @rule(
        data=st.data(),
        actor=ACTORS,
        whom=st.sampled_from((None, *PEOPLE)),
        size=st.sampled_from((None, 0, 3, 51)),
    )
    def club_reads(
        self, data: st.DataObject, actor: Actor, whom: Actor | None, size: int | None
    ) -> None:
        """Ratings, the leaderboard, history and whoami: reads (refused only for a bad size)."""
        assert self.send(ShowRating(whom), self.request(data, actor, None))[0]
        assert self.send(WhoAmI(), self.request(data, actor, None))[0]
        assert self.send(History(whom), self.request(data, actor, None))[0]
        ok, _ = self.send(Leaderboard(size), self.request(data, actor, None))
        assert ok == (size is None or 1 <= size <= 50)

    @rule(
        data=st.data(),
        actor=st.sampled_from((ORGANISER, ORGANISER, ALICE, BOB, CAROL)),
        action=st.sampled_from(list(LeagueAction)),
        name=st.sampled_from(("club", "Club", "bad name", None)),
        extra=st.sampled_from((None, "force", "1", "x")),
        system=st.sampled_from(("roundrobin", "swiss", "mcmahon", "knockout")),
    )
    def league(
        self,
        data: st.DataObject,
        actor: Actor,
        action: LeagueAction,
        name: str | None,
        extra: str | None,
        system: str,
    ) -> None:
        """Any league action by anyone; only organisers create, start, pair, end, publish and
        unpublish."""
        options = {"size": "5", "system": system} if action is LeagueAction.CREATE else {}
        command = League(action, name, extra, options)
        ok, _ = self.send(command, self.request(data, actor, None))
        organising = action in ORGANISER_ACTIONS
        assert not (ok and organising and actor != ORGANISER), f"{actor.name} did {action}"

    @rule(
        data=st.data(),
        actor=ACTORS,
        action=st.sampled_from(sorted(READ_ACTIONS)),
        name=st.sampled_from(("club", "CLUB", "nowhere", None)),
        extra=st.sampled_from((None, "1", "2", "x")),
    )
    def league_info(
        self,
        data: st.DataObject,
        actor: Actor,
        action: LeagueAction,
        name: str | None,
        extra: str | None,
    ) -> None:
        """The league reads: anyone, changing nothing."""
        self.send(LeagueInfo(action, name, extra), self.request(data, actor, None))

    @rule(
        data=st.data(),
        asker=ACTORS,
        taker=ACTORS,
        mangle=st.booleans(),
        answer=st.sampled_from(("yes", "no", None)),
    )
    def link_accounts(
        self, data: st.DataObject, asker: Actor, taker: Actor, mangle: bool, answer: str | None
    ) -> None:
        """A link code asked for on one account and entered on another (or mangled), then
        answered by the account that asked for it (or not)."""
        ok, view = self.send(LinkAccount(), self.request(data, asker, None))
        if not ok:
            return
        assert isinstance(view, View) and view.private
        code = view.lines[0].split()[4].rstrip(".")
        self.send(LinkAccount("ZZZZ-ZZZZ" if mangle else code), self.request(data, taker, None))
        if answer is not None:
            self.send(LinkAccount(answer), self.request(data, asker, None))

    @rule(data=st.data(), actor=ACTORS)
    def unlink(self, data: st.DataObject, actor: Actor) -> None:
        self.send(Unlink(), self.request(data, actor, None))

    @rule(
        data=st.data(),
        actor=ACTORS,
        channel=st.booleans(),
        values=st.dictionaries(
            st.sampled_from(("language", "theme", "notify", "colour")),
            st.sampled_from(("cs", "hu", "en", "dark", "light", "all", "turn", "none", "auto")),
            max_size=3,
        ),
    )
    def settings(
        self, data: st.DataObject, actor: Actor, channel: bool, values: dict[str, str]
    ) -> None:
        """``settings``: a person's choices (a channel's for its organisers); any other name or
        value is refused and changes nothing; the answer is in the language it leaves."""
        ok, view = self.send(Configure(values, channel=channel), self.request(data, actor, None))
        if ok:
            assert isinstance(view, View) and view.language in ("en", "cs", "hu")

    @rule(data=st.data(), actor=ACTORS, on=st.sampled_from((None, True, False)))
    def vacation(self, data: st.DataObject, actor: Actor, on: bool | None) -> None:
        self.send(Vacation(on), self.request(data, actor, None))

    @rule(
        data=st.data(),
        actor=st.sampled_from((SYSTEM, ALICE, BOB)),
        late=st.sampled_from((0, 1, -1)),
        dead=st.lists(POINTS, max_size=3),
    )
    def propose(self, data: st.DataObject, actor: Actor, late: int, dead: list[str]) -> None:
        """A proposal arriving out of turn (Art. 9.2): for the stop still waiting for it, a
        stale version or one ahead, named points empty or off the board, or sent by a person.
        Only the bot's proposal for the stop that waits is written; anything else changes
        nothing."""
        gid = self.target(data, none=False)
        assert gid is not None
        current = self.current(gid)
        version = at_move = 0
        size = 19
        if current is not None:
            row, game = current
            version = Match.from_data(row.data, row.size).version - late
            at_move, size = game.move_number, game.size
        points = []
        for text in dead:
            with contextlib.suppress(ValueError):
                points.append(parse_vertex(text, size))
        self.send(Propose(gid, version, at_move, tuple(points)), self.request(data, actor, gid))

    @rule(seconds=ADVANCES)
    def advance_clock(self, seconds: float) -> None:
        self.clock.advance(seconds)

    @rule(data=st.data())
    def settle(self, data: st.DataObject) -> None:
        """The scheduler's work on one game, due or not (or on a game that does not exist)."""
        self.send(SettleGame(), Request(SYSTEM, game=self.target(data, none=False)))

    @rule(wake=st.booleans())
    def settle_due(self, wake: bool) -> None:
        """What the scheduler does when it wakes (``wake``: it slept until the next stored
        deadline, a reminder or a loss on time): settle every due game."""
        if wake:
            earliest = self.run(self.service.directory.next_deadline())
            if earliest is not None:
                self.clock.now = max(self.clock.now, earliest)
        due = self.run(self.service.directory.due(self.clock()))
        for gid in due:
            ok, _ = self.send(SettleGame(), Request(SYSTEM, game=gid))
            assert ok, f"settling due game {gid} was refused"
        still = self.run(self.service.directory.due(self.clock()))
        assert still == [], f"games still due after settling: {still}"

    @rule(data=st.data(), key=LINK_KEYS, value=LINK_VALUES)
    def adapter_links(self, data: st.DataObject, key: str, value: str) -> None:
        """An adapter remembers where a game lives, and finds it there again."""
        if not self.game_ids:
            return
        gid = data.draw(st.sampled_from(self.game_ids), label="game")
        directory = self.service.directory
        self.run(directory.link(gid, key, value))
        self.snapshot = self.store()
        assert self.run(directory.links(gid)).get(key) == value
        games = self.snapshot.games
        newest = max(g for g, stored in games.items() if stored.links.get(key) == value)
        assert self.run(directory.game_at(key, value)) == newest

    # -- reads -----------------------------------------------------------------------------------

    @rule(data=st.data(), actor=ACTORS)
    def board(self, data: st.DataObject, actor: Actor) -> None:
        self.at_game(data, actor, ShowBoard())

    @rule(data=st.data(), actor=ACTORS)
    def games(self, data: st.DataObject, actor: Actor) -> None:
        self.at_game(data, actor, Games())

    @rule(data=st.data(), actor=ACTORS)
    def sgf(self, data: st.DataObject, actor: Actor) -> None:
        self.at_game(data, actor, Sgf())

    @rule(data=st.data(), actor=ACTORS)
    def legal_points(self, data: st.DataObject, actor: Actor) -> None:
        self.at_game(data, actor, LegalPoints())

    @rule(data=st.data(), token=st.sampled_from(("", "x", "unpublished-token-0000000000")))
    def web_reads(self, data: st.DataObject, token: str) -> None:
        """The web's reads (issue 26): no league of the machine is published, so every one is
        refused, whoever asks about whichever game, and changes nothing."""
        gid = self.target(data) or 1
        reader = Request(Actor("web:reader", "reader"), "web")
        for command in (
            ShowLeaguePage(token),
            LeagueStamp(token),
            GameStamp(token, gid),
            ShowGamePage(token, gid),
            ShowGamePage(token, gid, 0),
            ShowGameRecord(token, gid),
            ShowPlayerPage(token, 1),
            WatchGame(token, gid),
        ):
            ok, _ = self.send(command, reader)
            assert not ok

    @rule(data=st.data(), actor=ACTORS, topic=st.sampled_from((None, "ko", "Counting", "x")))
    def rules(self, data: st.DataObject, actor: Actor, topic: str | None) -> None:
        """``rules``: about no game, for anyone; only an unknown topic is refused."""
        ok, _ = self.send(Rules(topic), self.request(data, actor, None))
        assert ok == (topic != "x")

    @rule(
        data=st.data(),
        actor=ACTORS,
        word=st.sampled_from(
            (None, "1", "12", "99", "next", "reset", "C3", "a1", "Z9", "B+3", "0", "xx", "B2")
        ),
    )
    def learning(self, data: st.DataObject, actor: Actor, word: str | None) -> None:
        """``learn`` and ``problem``: about no game; a refused word changes nothing, and no
        game changes either way."""
        self.send(Learn(word), self.request(data, actor, None))
        self.send(AskProblem(word), self.request(data, actor, None))

    @rule(data=st.data(), actor=ACTORS, moves=st.lists(TRY_MOVES, max_size=4))
    def try_(self, data: st.DataObject, actor: Actor, moves: list[str]) -> None:
        """Art. 7.2: a hypothetical sequence on a stopped game is shown, never written."""
        self.at_game(data, actor, Try(tuple(moves)))

    @rule(data=st.data(), actor=ACTORS)
    def estimate(self, data: st.DataObject, actor: Actor) -> None:
        """``estimate``: the estimator's reading of a game, shown, never written."""
        self.at_game(data, actor, EstimateScore())

    # -- redelivery ------------------------------------------------------------------------------

    @precondition(lambda self: bool(self.sent))
    @rule(data=st.data())
    def redeliver(self, data: st.DataObject) -> None:
        """The platform sends an update again: applied once, answered ``info.already_done``."""
        command, request = data.draw(st.sampled_from(self.sent), label="redelivered")
        assert request.update_id is not None
        if request.update_id not in self.claimed:  # refused (or a read) before: runs again
            self.send(command, request)
            return
        before = self.snapshot
        result = self.execute(command, request)
        after = self.snapshot
        assert after == before, f"redelivered {command} changed {differences(before, after)}"
        assert isinstance(result, View) and result.keys == ("info.already_done",), result

    # -- invariants ------------------------------------------------------------------------------

    @invariant()
    def stored_games_hold_together(self) -> None:
        store = self.snapshot
        asked = False
        for gid, stored in store.games.items():
            row, events = stored.row, stored.events
            # 4: a result exactly when finished, and it never changes
            if row.status is GameStatus.FINISHED:
                assert row.result is not None, f"game {gid} finished without a result"
            else:
                assert row.result is None, f"game {gid} is {row.status} with {row.result}"
            if row.result is not None:
                assert self.results.setdefault(gid, row.result) == row.result
            assert gid not in self.results or row.result is not None, f"game {gid} lost its result"
            # 3: a finished game never changes
            if gid in self.finished:
                assert (row, events) == self.finished[gid], f"finished game {gid} changed"
            elif row.status is GameStatus.FINISHED:
                self.finished[gid] = (row, events)
            # the event list is numbered 1..n and the row knows n
            assert [e.number for e in events] == list(range(1, len(events) + 1))
            assert row.last_event == len(events)
            if row.status in (GameStatus.CHALLENGE, GameStatus.DECLINED):
                assert not events and row.black is None and row.white is None
                assert row.deadline is None
                continue
            players = {row.challenger, row.challenged, row.black, row.white}
            touched = gid in self.touched or not self.touched_by.isdisjoint(players)
            if touched or self.checked.get(gid) != stored:
                self.check_replay(stored)  # (else: as checked, and left alone)
                self.checked[gid] = stored
                asked = True
        if asked:
            self.snapshot = self.store()
            assert self.snapshot == store, f"Board() changed {differences(store, self.snapshot)}"
        self.touched, self.touched_by = set(), set()

    def check_replay(self, stored: StoredGame) -> None:
        """2: the stored events replay to the board the service reports."""
        gid, row = stored.row.id, stored.row
        game = self.replay(stored)
        # how far the games get (pytest --hypothesis-show-statistics)
        event(f"a game reached {game.phase.name}")
        event(f"a game reached move {min(game.move_number // 5 * 5, 20)}+")
        if sum(game.board.prisoners.values()):
            event("a game had captures")
        view = self.run(self.service.execute(ShowBoard(), Request(CAROL, game=gid)))
        assert view.board is not None
        board = view.board
        assert board.size == row.size == game.size
        assert board.black == spots(game, Color.BLACK), f"game {gid}: black stones differ"
        assert board.white == spots(game, Color.WHITE), f"game {gid}: white stones differ"
        if not board.counting:  # a count shows its prisoners: captured + dead stones removed
            assert board.captures_black == game.board.prisoners[Color.BLACK]
            assert board.captures_white == game.board.prisoners[Color.WHITE]
        else:
            assert board.captures_black >= game.board.prisoners[Color.BLACK]
            assert board.captures_white >= game.board.prisoners[Color.WHITE]
        assert board.move_number == game.move_number
        assert board.ko_point == game.board.ko_point
        last = game.last_move
        assert board.last_move == (last.point if last is not None else None)
        if game.phase is Phase.PLAYING:
            assert row.status is GameStatus.ACTIVE
            assert not board.counting and board.to_move is game.to_move
            assert row.to_move == player_of(row, game.to_move)
            # a clock runs, or the computer is to move (the scheduler asks it again if silent)
            due = row.time_control != "none" or is_engine(row.to_move)
            assert (row.deadline is not None) == due, f"game {gid}: deadline {row.deadline}"
        elif game.phase is Phase.STOPPED:
            assert row.status is GameStatus.ACTIVE
            assert board.counting and board.to_move is None
            assert row.to_move is None and row.deadline is None
        else:
            assert row.status is GameStatus.FINISHED
            assert game.result is not None and game.result.sgf == row.result
            assert "end.result" in view.keys and not view.buttons
            assert row.to_move is None and row.deadline is None


TestCase = ServiceMachine.TestCase


def test_the_machine_sends_every_command() -> None:
    """Every command type of the registry is sent by some rule of the machine (a new command
    needs a rule, or this fails)."""
    import ast
    import inspect

    source = ast.parse(inspect.getsource(ServiceMachine))
    called = {
        node.func.id
        for node in ast.walk(source)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert {kind.__name__ for kind in HANDLERS} <= called
