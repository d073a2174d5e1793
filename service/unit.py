"""One command's unit of work: the transaction, its moment and its request; the identity map of
what it reads (games replayed through a cache keyed by the stored version, players, settings);
saving a game; and the domain events it recorded (:mod:`service.events`), which the game service
dispatches (:mod:`service.dispatch`). Handlers receive a :class:`Unit`; finding the game a command
is about (:mod:`service.finding`), who may act (:mod:`service.authorization`) and people's names
and languages (:mod:`service.people`) are worked out from it elsewhere."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.game import Game, Phase
from service.commands import Actor, Request
from service.context import Context
from service.errors import NoSuchGame
from service.events import DeadlineChanged, Event, GameFinished, ProposalWanted
from service.i18n import t
from service.model import GameState, Loaded, capture_mode, encode_event, player_of, rebuild
from service.ports import EventRow, GameRow, GameStatus, PlayerRow, UnitOfWork
from service.preferences import Preferences
from service.timing import deadline


@dataclass(slots=True)
class Unit:
    """The unit of work of one command (or one read)."""

    context: Context
    request: Request
    uow: UnitOfWork
    now: float
    saved: dict[int, tuple[int, Game]] = field(default_factory=dict)
    loaded: dict[int, tuple[int, Game]] = field(default_factory=dict)
    players: dict[str, PlayerRow | None] = field(default_factory=dict)
    games: dict[int, Loaded] = field(default_factory=dict)  # every game loaded, as it is now
    revisions: dict[int, int] = field(default_factory=dict)  # each game's revision when loaded
    settings: dict[str, dict[str, str]] = field(default_factory=dict)  # read once per unit
    reader: Preferences | None = None  # the actor's language, theme and pings (execute sets it)
    #: what happened, in order (:meth:`record`); the game service dispatches each once
    events: list[Event] = field(default_factory=list)
    #: how many of :attr:`events` were dispatched in the transaction already
    handled: int = 0

    def record(self, event: Event) -> None:
        """Say that ``event`` happened (the game service dispatches it: :mod:`service.dispatch`)."""
        self.events.append(event)

    def new_events(self) -> list[Event]:
        """The events recorded since the last call, now counted as dispatched in the
        transaction (handlers of these may record more)."""
        fresh = self.events[self.handled :]
        self.handled = len(self.events)
        return fresh

    def judge_after(self, loaded: Loaded) -> None:
        """Work out the bot's proposal for ``loaded`` (stopped, judging) after the commit."""
        match = loaded.state.match
        game = loaded.game
        self.record(ProposalWanted(loaded.row.id, match.version, game.move_number, game.copy()))

    @property
    def actor(self) -> Actor:
        """Who sends the command."""
        return self.request.actor

    @property
    def community(self) -> str:
        """Where the command's leaderboard and leagues belong (the channel, unless the adapter
        names a larger community such as a Discord server)."""
        return self.request.community or self.request.channel

    def acting_as(self, request: Request) -> Unit:
        """The same unit of work for another request (the computer taking its own challenge):
        one identity map, one list of events."""
        return Unit(
            self.context,
            request,
            self.uow,
            self.now,
            self.saved,
            self.loaded,
            self.players,
            self.games,
            revisions=self.revisions,
            settings=self.settings,
            events=self.events,
        )

    def kept(self) -> list[tuple[int, tuple[int, Game]]]:
        """The games to cache once the unit ended well: as saved, or as read."""
        read = [(gid, entry) for gid, entry in self.loaded.items() if gid not in self.saved]
        return read + list(self.saved.items())

    def untouched(self) -> list[tuple[int, tuple[int, Game]]]:
        """The games to cache when the unit failed (a refused command, a conflict): those it
        loaded and left exactly as they were, still the replay of their stored version."""
        return [
            (gid, entry)
            for gid, entry in self.loaded.items()
            if gid not in self.saved and entry[1].revision == self.revisions[gid]
        ]

    # -- loading and saving -------------------------------------------------------------------

    async def load(self, game_id: int) -> Loaded:
        """The game ``game_id``, replayed (or from the cache when its version is current)."""
        row = await self.uow.games.get(game_id)
        if row is None:
            raise NoSuchGame(t("error.no_such_game", id=game_id))
        game = self.context.cache.take(game_id, row.version)
        if game is None:
            if row.status is GameStatus.CHALLENGE or row.status is GameStatus.DECLINED:
                game = Game(row.size, row.komi, row.handicap, capture=capture_mode(row.data))
            else:
                game = rebuild(row, await self.uow.games.events(game_id))
        self.loaded[game_id] = (row.version, game)
        self.revisions[game_id] = game.revision
        state = GameState.from_data(row.data, row.size)
        loaded = self.games[game_id] = Loaded(row, game, state, len(game.history))
        return loaded

    async def save(self, loaded: Loaded, **changes: object) -> GameRow:
        """Store the new events (or drop undone ones) and the row; checks the row's version. The
        status of a started game follows the engine's phase (finished or not). Records what
        follows: :class:`GameFinished` when the result just became final, and
        :class:`DeadlineChanged` when the stored deadline moved."""
        games = self.uow.games
        history = loaded.game.history
        if len(history) < loaded.stored_events:
            await games.delete_events_from(loaded.row.id, len(history) + 1)
        for number in range(loaded.stored_events + 1, len(history) + 1):
            text = encode_event(history[number - 1])
            await games.append_event(loaded.row.id, EventRow(number, text, self.now))
        row = dataclasses.replace(loaded.row, **changes)  # type: ignore[arg-type]
        if loaded.finished:
            assert loaded.game.result is not None
            just_finished = row.status is not GameStatus.FINISHED
            row = dataclasses.replace(
                row,
                status=GameStatus.FINISHED,
                result=loaded.game.result.sgf,
                finished_at=self.now if row.finished_at is None else row.finished_at,
            )
            if just_finished:  # ratings and league rounds follow (:mod:`service.dispatch`)
                self.record(GameFinished(row, loaded.game.result))
        to_move = None
        if row.status is GameStatus.ACTIVE and loaded.game.phase is Phase.PLAYING:
            to_move = player_of(row, loaded.game.to_move)
        elif row.status is GameStatus.CHALLENGE:
            to_move = row.challenged
        row = dataclasses.replace(
            row, to_move=to_move, last_event=len(history), updated_at=self.now
        )
        due = await deadline(self, row, loaded.game, loaded.state)
        if due != loaded.row.deadline:
            self.record(DeadlineChanged(row.id, due))
        row = dataclasses.replace(row, deadline=due, data=loaded.state.to_data())
        saved = await games.update(row)
        self.saved[saved.id] = (saved.version, loaded.game)
        loaded.row = saved
        loaded.stored_events = len(history)
        return saved

    async def write_links(self, game_id: int) -> None:
        """The links the adapter sent with the request, kept with the command's game."""
        for key, value in self.request.links:
            await self.uow.links.put(game_id, key, value)

    # -- players and settings, read once ------------------------------------------------------

    async def player(self, player: str) -> PlayerRow | None:
        """The stored player (read once per unit of work)."""
        if player not in self.players:
            self.players[player] = await self.uow.players.get(player)
        return self.players[player]

    async def read_players(self, players: Iterable[str | None]) -> None:
        """Read the players this unit has not read yet, in one query."""
        missing = list(dict.fromkeys(p for p in players if p is not None and p not in self.players))
        if len(missing) == 1:
            await self.player(missing[0])
        elif missing:
            found = await self.uow.players.get_many(missing)
            for player in missing:
                self.players[player] = found.get(player)

    async def save_player(self, row: PlayerRow) -> None:
        """Store ``row`` and keep this unit's copy current."""
        await self.uow.players.save(row)
        self.players[row.id] = row

    async def read_settings(self, owners: Iterable[str]) -> None:
        """Read the settings rows this unit has not read yet, in one query (none: ``{}``)."""
        missing = [o for o in dict.fromkeys(owners) if o not in self.settings]
        if missing:
            found = await self.uow.settings.get_many(missing)
            self.settings.update({o: found.get(o, {}) for o in missing})
