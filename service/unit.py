"""One command's unit of work: the transaction, its moment and its request; loading a game by
replay (through a cache keyed by the stored version), saving it, finding the game a command is
about, and the players' names. Handlers receive a :class:`Unit` and nothing else."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.colors import Color
from engine.game import Game, Phase
from service.commands import SYSTEM, Actor, Request
from service.context import Context
from service.errors import NoSuchGame, NotAPlayer, WrongPhase
from service.finishing import finished
from service.i18n import joined, t
from service.model import GameState, color_of, encode_event, player_of, rebuild
from service.players import engine_level, is_engine, local_part, platform_of
from service.ports import EventRow, GameRow, GameStatus, PlayerRow, UnitOfWork
from service.preferences import Preferences, channel_owner, person_owner, resolve
from service.timing import deadline
from service.views import Notice


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

    @property
    def finished(self) -> bool:
        """The result is final (Art. 10.4): the engine's own finished state."""
        return self.game.phase is Phase.FINISHED


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
    deadline_changed: bool = False  # a stored deadline changed: the scheduler must look again
    #: notices of what the command caused beyond its own game (a league round completed)
    notices: list[Notice] = field(default_factory=list)
    settings: dict[str, dict[str, str]] = field(default_factory=dict)  # read once per unit
    reader: Preferences | None = None  # the actor's language, theme and pings (execute sets it)
    settings_changed: bool = False  # ``settings`` changed someone's: adapters choose afresh
    #: games stopped (or found still waiting) whose proposal the service works out after the
    #: commit, outside the transaction: game id -> (marking version, move number, the position)
    to_judge: dict[int, tuple[int, int, Game]] = field(default_factory=dict)

    def judge_after(self, loaded: Loaded) -> None:
        """Work out the bot's proposal for ``loaded`` (stopped, judging) after the commit."""
        match = loaded.state.match
        self.to_judge[loaded.row.id] = (match.version, loaded.game.move_number, loaded.game.copy())

    @property
    def actor(self) -> Actor:
        """Who sends the command."""
        return self.request.actor

    @property
    def community(self) -> str:
        """Where the command's leaderboard and leagues belong (the channel, unless the adapter
        names a larger community such as a Discord server)."""
        return self.request.community or self.request.channel

    @property
    def organiser(self) -> bool:
        """The actor organises somewhere: configured (``ORGANISERS``) or said so by the platform
        for the community the command came from (:meth:`organises` says where)."""
        return self.request.organiser or self.actor.id in self.context.organisers

    def organises(self, community: str) -> bool:
        """The actor organises ``community``: configured organisers organise everywhere; the
        platform's organisers (a server's managers, a group's administrators) only the
        community the command came from."""
        if self.actor.id in self.context.organisers:
            return True
        return self.request.organiser and community == self.community

    def acting_as(self, request: Request) -> Unit:
        """The same unit of work for another request (the computer taking its own challenge)."""
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
            notices=self.notices,
            settings=self.settings,
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
                game = Game(row.size, row.komi, row.handicap)
            else:
                game = rebuild(row, await self.uow.games.events(game_id))
        self.loaded[game_id] = (row.version, game)
        self.revisions[game_id] = game.revision
        state = GameState.from_data(row.data, row.size)
        loaded = self.games[game_id] = Loaded(row, game, state, len(game.history))
        return loaded

    async def save(self, loaded: Loaded, **changes: object) -> GameRow:
        """Store the new events (or drop undone ones) and the row; checks the row's version. The
        status of a started game follows the engine's phase (finished or not)."""
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
            if row.status is not GameStatus.FINISHED:
                await finished(self, row, loaded.game.result)
            row = dataclasses.replace(
                row,
                status=GameStatus.FINISHED,
                result=loaded.game.result.sgf,
                finished_at=self.now if row.finished_at is None else row.finished_at,
            )
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
            self.deadline_changed = True
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

    # -- finding the game ---------------------------------------------------------------------

    async def find_game(self, statuses: Sequence[GameStatus] = (GameStatus.ACTIVE,)) -> Loaded:
        """The game a command is about: the one named, or the actor's only game (in this
        channel, when the channel has one)."""
        if self.request.game is not None:
            return await self.load(self.request.game)
        rows = await self.uow.games.for_player(self.actor.id, statuses)
        here = [r for r in rows if r.channel == self.request.channel]
        rows = here or rows
        if not rows:
            raise NoSuchGame(t("error.no_game"))
        if len(rows) > 1:
            raise NoSuchGame(t("error.which_game", games=numbers(rows)))
        return await self.load(rows[0].id)

    async def running_game(self) -> tuple[Loaded, Color]:
        """The actor's game, which must be running (not finished, not a challenge), and the
        actor's colour in it."""
        loaded = await self.find_game()
        require_active(loaded)
        return loaded, self.color_in(loaded)

    def color_in(self, loaded: Loaded) -> Color:
        """The actor's colour; raises :class:`NotAPlayer` for spectators."""
        color = color_of(loaded.row, self.actor.id)
        if color is None:
            raise NotAPlayer(t("error.not_a_player", id=loaded.row.id))
        return color

    # -- people -----------------------------------------------------------------------------------

    async def remember(self, actor: Actor) -> None:
        """Store the actor's display name (and language) when they are new or changed."""
        known = await self.player(actor.id)
        if known is None:
            await self.save_player(PlayerRow(actor.id, actor.name, actor.language))
        elif known.name != actor.name or (actor.language and known.language != actor.language):
            code = actor.language or known.language
            await self.save_player(dataclasses.replace(known, name=actor.name, language=code))

    def new_locale(self) -> bool:
        """The actor's app states a language that is not the one stored for them (read by
        :meth:`preferences`): worth remembering, so that what reaches them later (a challenge,
        a move) speaks it."""
        actor = self.actor
        if actor is SYSTEM or is_engine(actor.id) or not actor.language:
            return False
        known = self.players.get(actor.id)
        return known is None or known.language != actor.language

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

    async def persons(self, players: Iterable[str]) -> dict[str, str]:
        """The person of each account (linked accounts share one; others are their own)."""
        wanted = list(dict.fromkeys(players))
        await self.read_players(wanted)
        return {p: (row.person_id if (row := self.players[p]) else p) for p in wanted}

    async def preferences(
        self, players: Iterable[str] = (), *, channel: str | None = None
    ) -> dict[str, Preferences]:
        """The language, theme and pings of the actor and of each of ``players`` (the readers of
        the command's notices), in the order of :mod:`service.preferences`: a person's settings,
        the channel's (``channel``, else the request's: for readers on its platform), their
        platform's locale (the actor's as sent now, another's as last seen), the server's, the
        bot's defaults."""
        actor = self.actor.id
        wanted = list(dict.fromkeys((actor, *players)))
        persons = await self.persons(wanted)
        channel = channel or self.request.settings_channel
        await self.read_settings(
            [*(person_owner(p) for p in persons.values()), channel_owner(channel)]
        )
        here = platform_of(channel)
        found_prefs = {}
        for player in wanted:
            local = platform_of(player) == here and not is_engine(player)
            row = self.players.get(player)
            platform = self.actor.language if player == actor else (row.language if row else None)
            found_prefs[player] = resolve(
                self.settings[person_owner(persons[player])],
                self.settings[channel_owner(channel)] if local else {},
                platform or (row.language if row else None),
                self.request.locale if local else None,
                self.context.defaults,
            )
        return found_prefs

    async def channel_preferences(self, channel: str) -> Preferences:
        """What a channel reads when the message is for nobody in particular (the clock's
        reminders posted where a game lives): the channel's settings, else the bot's."""
        owner = channel_owner(channel)
        await self.read_settings([owner])
        return resolve({}, self.settings[owner], None, None, self.context.defaults)

    async def read_settings(self, owners: Iterable[str]) -> None:
        """Read the settings rows this unit has not read yet, in one query (none: ``{}``)."""
        missing = [o for o in dict.fromkeys(owners) if o not in self.settings]
        if missing:
            found = await self.uow.settings.get_many(missing)
            self.settings.update({o: found.get(o, {}) for o in missing})

    async def name(self, player: str | None) -> str:
        """``@alice`` for a player id."""
        if player is None:
            return t("name.anyone")
        opponent = self.context.opponent
        if is_engine(player) and opponent is not None:  # named in each reader's language
            engine, level = opponent.name, engine_level(player)
            return joined("", ("@", t("computer.name", name=engine, level=level)))
        known = await self.player(player)
        return "@" + (known.name if known else local_part(player) or player)

    async def names(self, row: GameRow) -> dict[Color, str]:
        """``@name`` of each colour's player."""
        await self.read_players((row.black, row.white))
        return {Color.BLACK: await self.name(row.black), Color.WHITE: await self.name(row.white)}


def require_active(loaded: Loaded) -> None:
    """Finished games reject every change (Art. 10.4); challenges are not games yet."""
    if loaded.finished or loaded.row.status is GameStatus.FINISHED:
        raise WrongPhase(t("error.finished", id=loaded.row.id, result=loaded.row.result))
    if loaded.row.status is not GameStatus.ACTIVE:
        raise WrongPhase(t("error.not_started", id=loaded.row.id))


def numbers(rows: Sequence[GameRow]) -> str:
    """``#3, #7`` for the first ten games of a list (which game did you mean?)."""
    return ", ".join(f"#{r.id}" for r in rows[:10])
