"""Telegram users as the service's actors, and ``@username`` mentions resolved to users.

Telegram cannot look a user up by username, so the adapter remembers every user it sees (in
memory) and, for the players of each challenge, in the game's links (``telegram:known:<name>`` →
``yes`` to find the game, ``telegram:user:<name>`` → user id), so mentions work after a restart.

A username written without its ``@`` (``challenge bob``) means a user known in the chat it is
sent in (:meth:`People.named`): one who sent a command or pressed a button there since the bot
started, or whose latest game (the newest that keeps their username) was made there.
"""

from __future__ import annotations

from telegram import User

from bot.telegram.formatting import HOME
from service import Actor, GameService
from service.errors import BadArguments
from service.i18n import t
from service.players import number_on, player_id

PLATFORM = "telegram"
KNOWN = "yes"


def language_of(user: User | None) -> str | None:
    """The user's language as a catalogue code: ``pt-br`` → ``pt``."""
    code = user.language_code if user is not None else None
    return code.split("-")[0].lower() if code else None


def display_name(user: User) -> str:
    """The name the service shows (``@alice``): the username, else the full name."""
    return user.username or user.full_name


def user_id_of(player: str) -> int | None:
    """``telegram:1001`` → 1001; None for players of other platforms."""
    return number_on(player, PLATFORM)


class People:
    """The users seen so far: actors for commands, names for mentions, usernames for resolving."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._ids: dict[str, int] = {}  # lower-case username → user id
        self._names: dict[int, str] = {}  # user id → display name
        self._here: dict[int, set[int]] = {}  # chat id → the users seen sending there

    def actor(self, user: User, chat_id: int | None = None) -> Actor:
        """The actor for ``user`` (remembered for later mentions; by name in ``chat_id``, the
        chat they sent it in)."""
        name = display_name(user)
        self._names[user.id] = name
        if user.username:
            self._ids[user.username.lower()] = user.id
        if chat_id is not None:
            self._here.setdefault(chat_id, set()).add(user.id)
        return Actor(player_id(PLATFORM, user.id), name, language_of(user))

    def name(self, user_id: int) -> str:
        """The display name of a user seen before, else a neutral word."""
        return self._names.get(user_id) or t("telegram.player")

    async def resolve(self, username: str) -> Actor:
        """The actor for ``@username``; raises :class:`BadArguments` saying how to fix it."""
        key = username.lower()
        user_id = self._ids.get(key)
        if user_id is None:
            directory = self.service.directory
            game_id = await directory.game_at(f"telegram:known:{key}", KNOWN)
            if game_id is not None:
                stored = await directory.value(game_id, f"telegram:user:{key}")
                user_id = int(stored) if stored and stored.isdigit() else None
        if user_id is None:
            raise BadArguments(t("telegram.unknown_user", name=username))
        self._ids[key] = user_id
        name = self._names.setdefault(user_id, username)
        return Actor(player_id(PLATFORM, user_id), name)

    async def named(self, username: str, chat_id: int) -> list[Actor]:
        """The user called ``username`` (a username: Telegram's are unique) when known in the
        chat ``chat_id``: seen sending there, or their latest game (the newest that keeps their
        username in its links) was made there; else none."""
        key = username.lower()
        user_id = self._ids.get(key)
        if user_id is None or user_id not in self._here.get(chat_id, ()):
            directory = self.service.directory
            game_id = await directory.game_at(f"telegram:known:{key}", KNOWN)
            if game_id is None or await directory.value(game_id, HOME) != str(chat_id):
                return []
        return [await self.resolve(username)]

    def links(self, *actors: Actor | None) -> list[tuple[str, str]]:
        """The links that keep the usernames of ``actors`` with a game (mentions survive
        restarts); the adapter sends them with the command that makes or takes the game."""
        links: list[tuple[str, str]] = []
        for actor in actors:
            user_id = user_id_of(actor.id) if actor is not None else None
            if actor is None or user_id is None or self._ids.get(actor.name.lower()) != user_id:
                continue  # not a Telegram user with a username
            key = actor.name.lower()
            links += [(f"telegram:known:{key}", KNOWN), (f"telegram:user:{key}", str(user_id))]
        return links
