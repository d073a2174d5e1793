"""The machinery every command shares: one unit of work per command with retries on conflicts,
processed update ids, loading a game by replay (with a small cache keyed by version), saving it,
finding the game a command is about, names, and the clock arithmetic on stored timestamps."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import random
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field

from engine.colors import Color
from engine.game import Game, Phase
from service.clock import DAY, Clocks, Interval, TimeControl, counted, when_counted
from service.errors import Busy, NoSuchGame, NotAPlayer
from service.i18n import language, t
from service.model import Actor, GameState, color_of, encode_event, player_of, rebuild
from service.ports import (
    ConcurrentUpdate,
    Database,
    EventRow,
    GameRow,
    GameStatus,
    PlayerRow,
    UnitOfWork,
)
from service.views import View, format_left

Clock = Callable[[], float]
REMINDER_SHARE = 0.25  # remind when this share of the move's time (at most a day) is left
ATTEMPTS = 8
CACHE_SIZE = 2000  # replayed games kept in memory, keyed by their stored version


@dataclass(slots=True)
class Tx:
    """One command's transaction: the unit of work, its moment, and games to cache on commit."""

    uow: UnitOfWork
    now: float
    saved: dict[int, tuple[int, Game]] = field(default_factory=dict)
    loaded: dict[int, tuple[int, Game]] = field(default_factory=dict)
    players: dict[str, PlayerRow | None] = field(default_factory=dict)


@dataclass(slots=True)
class Loaded:
    """A game being worked on: its row, the replayed engine game and the service state."""

    row: GameRow
    game: Game
    state: GameState
    stored_events: int

    @property
    def stopped(self) -> bool:
        """In the confirmation phase after two passes (Art. 9.2)."""
        return self.game.phase is Phase.STOPPED


class ServiceBase:
    """Shared state and helpers of :class:`service.GameService`."""

    def __init__(
        self,
        database: Database,
        *,
        organisers: Iterable[str] = (),
        clock: Clock = time.time,
        rng: random.Random | None = None,
        vacation_days: float = 30.0,
    ) -> None:
        self.database = database
        self.organisers = frozenset(organisers)
        self.clock = clock
        self.rng = rng or random.Random()
        self.vacation_allowance = vacation_days * DAY
        self._cache: dict[int, tuple[int, Game]] = {}
        self.deadline_listeners: list[Callable[[], None]] = []

    # -- transactions ---------------------------------------------------------------------

    async def transact(
        self,
        actor: Actor | None,
        update_id: str | None,
        work: Callable[[Tx], Awaitable[View]],
    ) -> View:
        """Run ``work`` in one unit of work, retrying on conflicts; a redelivered ``update_id``
        (already committed) is answered without doing anything again."""
        with language(actor.language if actor else None):
            for _ in range(ATTEMPTS):
                try:
                    async with self.database.unit_of_work() as uow:
                        tx = Tx(uow, self.clock())
                        if update_id is not None and not await uow.updates.claim(
                            update_id, None, tx.now
                        ):
                            return View((t("info.already_done"),))
                        view = await work(tx)
                        await uow.commit()
                except ConcurrentUpdate:
                    continue
                self._keep(tx)
                for listener in self.deadline_listeners:
                    listener()
                return view
            raise Busy()

    def _keep(self, tx: Tx) -> None:
        """After a commit: cache the games as saved, and the ones only read as they were."""
        for game_id, entry in tx.loaded.items():
            if game_id not in tx.saved:
                self._cache[game_id] = entry
        self._cache.update(tx.saved)
        while len(self._cache) > CACHE_SIZE:
            del self._cache[next(iter(self._cache))]

    # -- loading and saving ---------------------------------------------------------------

    async def load(self, tx: Tx, game_id: int) -> Loaded:
        """The game ``game_id``, replayed (or from the cache when its version is current)."""
        row = await tx.uow.games.get(game_id)
        if row is None:
            raise NoSuchGame(t("error.no_such_game", id=game_id))
        cached = self._cache.pop(game_id, None)
        if cached is not None and cached[0] == row.version:
            game = cached[1]
        elif row.status is GameStatus.CHALLENGE:
            game = Game(row.size, row.komi, row.handicap)
        else:
            game = rebuild(row, await tx.uow.games.events(game_id))
        tx.loaded[game_id] = (row.version, game)
        return Loaded(row, game, GameState.from_data(row.data), len(game.history))

    async def save(self, tx: Tx, loaded: Loaded, **changes: object) -> GameRow:
        """Store the new events (or drop undone ones) and the row; checks the row's version."""
        games = tx.uow.games
        history = loaded.game.history
        if len(history) < loaded.stored_events:
            await games.delete_events_from(loaded.row.id, len(history) + 1)
        for number in range(loaded.stored_events + 1, len(history) + 1):
            text = encode_event(history[number - 1])
            await games.append_event(loaded.row.id, EventRow(number, text, tx.now))
        row = dataclasses.replace(loaded.row, **changes)  # type: ignore[arg-type]
        to_move = None
        if row.status is GameStatus.ACTIVE and loaded.game.phase is Phase.PLAYING:
            to_move = player_of(row, loaded.game.to_move)
        elif row.status is GameStatus.CHALLENGE:
            to_move = row.challenged
        row = dataclasses.replace(row, to_move=to_move, last_event=len(history), updated_at=tx.now)
        deadline = await self.deadline(tx, row, loaded.game, loaded.state)
        row = dataclasses.replace(row, deadline=deadline, data=loaded.state.to_data())
        saved = await games.update(row)
        tx.saved[saved.id] = (saved.version, loaded.game)
        loaded.row = saved
        loaded.stored_events = len(history)
        return saved

    # -- finding games and people ---------------------------------------------------------

    async def find_game(
        self,
        tx: Tx,
        actor: Actor,
        game_id: int | None,
        channel: str | None,
        statuses: Sequence[GameStatus] = (GameStatus.ACTIVE,),
    ) -> Loaded:
        """The game a command is about: the one named, or the actor's only game (in this
        channel, when the channel has one)."""
        if game_id is not None:
            return await self.load(tx, game_id)
        rows = await tx.uow.games.for_player(actor.id, statuses)
        here = [r for r in rows if r.channel == channel]
        rows = here or rows
        if not rows:
            raise NoSuchGame(t("error.no_game"))
        if len(rows) > 1:
            numbers = ", ".join(f"#{r.id}" for r in rows[:10])
            raise NoSuchGame(t("error.which_game", games=numbers))
        return await self.load(tx, rows[0].id)

    @staticmethod
    def color_for(loaded: Loaded, actor: Actor) -> Color:
        """The actor's colour; raises :class:`NotAPlayer` for spectators."""
        color = color_of(loaded.row, actor.id)
        if color is None:
            raise NotAPlayer(t("error.not_a_player", id=loaded.row.id))
        return color

    async def remember(self, tx: Tx, actor: Actor) -> None:
        """Store the actor's display name (and language) when they are new or changed."""
        known = await self.player_row(tx, actor.id)
        if known is None:
            await self.save_player(tx, PlayerRow(actor.id, actor.name, actor.language))
        elif known.name != actor.name or (actor.language and known.language != actor.language):
            language_code = actor.language or known.language
            await self.save_player(
                tx, dataclasses.replace(known, name=actor.name, language=language_code)
            )

    async def player_row(self, tx: Tx, player: str) -> PlayerRow | None:
        """The stored player (read once per transaction)."""
        if player not in tx.players:
            tx.players[player] = await tx.uow.players.get(player)
        return tx.players[player]

    async def read_players(self, tx: Tx, players: Iterable[str | None]) -> None:
        """Read the players this transaction has not read yet, in one query."""
        missing = list(dict.fromkeys(p for p in players if p is not None and p not in tx.players))
        if len(missing) == 1:
            await self.player_row(tx, missing[0])
        elif missing:
            found = await tx.uow.players.get_many(missing)
            for player in missing:
                tx.players[player] = found.get(player)

    async def save_player(self, tx: Tx, row: PlayerRow) -> None:
        """Store ``row`` and keep this transaction's copy current."""
        await tx.uow.players.save(row)
        tx.players[row.id] = row

    async def name(self, tx: Tx, player: str | None) -> str:
        """``@alice`` for a player id."""
        if player is None:
            return t("name.anyone")
        known = await self.player_row(tx, player)
        return "@" + (known.name if known else player.partition(":")[2] or player)

    async def names(self, tx: Tx, row: GameRow) -> dict[Color, str]:
        """``@name`` of each colour's player."""
        await self.read_players(tx, (row.black, row.white))
        return {
            Color.BLACK: await self.name(tx, row.black),
            Color.WHITE: await self.name(tx, row.white),
        }

    # -- clocks ---------------------------------------------------------------------------

    async def vacation_pauses(self, tx: Tx, player: str) -> list[Interval]:
        """The player's current vacation as a pause interval (capped by the yearly allowance)."""
        known = await self.player_row(tx, player)
        if known is None or known.vacation_since is None:
            return []
        used = known.vacation_used if known.vacation_year == self.year(known.vacation_since) else 0
        left = max(0.0, self.vacation_allowance - used)
        return [(known.vacation_since, known.vacation_since + left)]

    @staticmethod
    def year(moment: float) -> int:
        """The UTC calendar year of ``moment`` (vacation allowances are yearly)."""
        return dt.datetime.fromtimestamp(moment, dt.UTC).year

    async def elapsed(self, tx: Tx, row: GameRow, game: Game, state: GameState) -> float:
        """Counted seconds the player to move has used on this move."""
        clocks = state.clocks
        if clocks is None or clocks.turn_started is None:
            return 0.0
        pauses = await self.vacation_pauses(tx, player_of(row, game.to_move))
        used = counted(clocks.turn_started, tx.now, state.weekend, pauses)
        return max(0.0, used - clocks.paused)

    async def time_left(self, tx: Tx, loaded: Loaded) -> float:
        """Seconds left for the player to move (infinite without a time control)."""
        control = TimeControl.parse(loaded.row.time_control)
        clocks = loaded.state.clocks
        if not control.timed or clocks is None or clocks.turn_started is None:
            return math.inf
        own = clocks.black if loaded.game.to_move is Color.BLACK else clocks.white
        return control.budget(own) - await self.elapsed(tx, loaded.row, loaded.game, loaded.state)

    async def left_text(self, tx: Tx, loaded: Loaded) -> str:
        """The caption's ``2d 4h`` for the player to move (empty without a clock)."""
        return format_left(await self.time_left(tx, loaded))

    async def timeout_at(
        self, tx: Tx, row: GameRow, game: Game, state: GameState, before: float = 0.0
    ) -> float | None:
        """When the player to move runs out of time (or ``before`` seconds earlier)."""
        control = TimeControl.parse(row.time_control)
        clocks = state.clocks
        if not control.timed or clocks is None or clocks.turn_started is None:
            return None
        own = clocks.black if game.to_move is Color.BLACK else clocks.white
        amount = control.budget(own) + clocks.paused - before
        pauses = await self.vacation_pauses(tx, player_of(row, game.to_move))
        return when_counted(clocks.turn_started, max(0.0, amount), state.weekend, pauses)

    def reminder_lead(self, row: GameRow, state: GameState, game: Game) -> float:
        """How long before the timeout the "little time left" reminder goes out."""
        control = TimeControl.parse(row.time_control)
        assert state.clocks is not None
        own = state.clocks.black if game.to_move is Color.BLACK else state.clocks.white
        return min(DAY, REMINDER_SHARE * control.budget(own))

    async def deadline(self, tx: Tx, row: GameRow, game: Game, state: GameState) -> float | None:
        """The next clock event of an active game being played: a reminder, or the timeout."""
        if row.status is not GameStatus.ACTIVE or game.phase is not Phase.PLAYING:
            return None
        timeout = await self.timeout_at(tx, row, game, state)
        if timeout is None or state.reminded:
            return timeout
        reminder = await self.timeout_at(tx, row, game, state, self.reminder_lead(row, state, game))
        return reminder

    def start_turn(self, state: GameState, now: float) -> GameState:
        """The clock of the player to move starts now (after a move, resume or undo)."""
        if state.clocks is None:
            return state
        clocks = dataclasses.replace(state.clocks, turn_started=now, paused=0.0)
        return dataclasses.replace(state, clocks=clocks, reminded=False)

    @staticmethod
    def stop_clocks(state: GameState) -> GameState:
        """No clock runs (stopped or finished game)."""
        if state.clocks is None:
            return state
        return dataclasses.replace(
            state, clocks=dataclasses.replace(state.clocks, turn_started=None)
        )

    @staticmethod
    def new_clocks(control: TimeControl, now: float) -> Clocks | None:
        """Both clocks at the start of a game; the first mover's turn starts ``now``."""
        if not control.timed:
            return None
        return Clocks(control.start(), control.start(), now)
