"""Languages in the fake Discord guild: each user's client locale and the guild's preferred one.

Discord sends, with every interaction, the ``locale`` of the user's client and the guild's
``guild_locale`` (also as ``guild.locale``); ``GUILD_CREATE`` carries the guild's
``preferred_locale``. Both are ``en-US`` unless a test says otherwise:

    dc = FakeDiscordServer(guild_locale="hu")  # or start_fake_discord(guild_locale="hu")
    dc.set_guild_locale("hu")  # the same, later (connected: GUILD_UPDATE)
    dc.set_locale(DISCORD_BOB, "cs")  # Bob's Discord app is in Czech

Locales must be among Discord's (``cs``, ``hu``, ``en-US``, ``ja``, ...), as only those are sent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.fakes.discord_commands import LOCALES
from tests.fakes.discord_payloads import DEFAULT_LOCALE, DiscordUser

# What GUILD_CREATE adds to the guild object; GUILD_UPDATE carries the rest.
_GUILD_CREATE_ONLY = frozenset(
    (
        "channels",
        "threads",
        "members",
        "member_count",
        "presences",
        "voice_states",
        "stage_instances",
        "guild_scheduled_events",
        "soundboard_sounds",
        "large",
        "unavailable",
        "joined_at",
    )
)


def checked_locale(locale: str) -> str:
    """``locale`` if it is one of Discord's locales, else a ``ValueError``."""
    if locale not in LOCALES:
        raise ValueError(f"{locale!r} is not a Discord locale; one of {sorted(LOCALES)}")
    return locale


class Locales:
    """Mixin of :class:`FakeDiscordServer`: the users' client locales and the guild's."""

    if TYPE_CHECKING:

        @property
        def connected(self) -> bool: ...

        def dispatch(self, event: str, data: dict[str, Any]) -> None: ...
        def _guild_payload(self) -> dict[str, Any]: ...

    guild_locale: str = DEFAULT_LOCALE

    def _init_locales(self, guild_locale: str) -> None:
        self.guild_locale = checked_locale(guild_locale)
        self.user_locales: dict[int, str] = {}  # user id: client locale (else en-US)

    def set_locale(self, user: DiscordUser, locale: str) -> None:
        """``user``'s Discord client is in ``locale``: every interaction of theirs from now on
        (slash commands, buttons, selects, modals, autocomplete) carries it."""
        self.user_locales[user.id] = checked_locale(locale)

    def locale_of(self, user: DiscordUser) -> str:
        """The locale of ``user``'s client (``en-US`` unless set)."""
        return self.user_locales.get(user.id, DEFAULT_LOCALE)

    def set_guild_locale(self, locale: str) -> None:
        """The guild's preferred locale is ``locale``: in ``GUILD_CREATE``'s
        ``preferred_locale`` and every interaction's ``guild_locale``. A connected client is
        told by ``GUILD_UPDATE``, as Discord does when the server's settings change."""
        self.guild_locale = checked_locale(locale)
        if self.connected:
            guild = self._guild_payload()
            self.dispatch(
                "GUILD_UPDATE", {k: v for k, v in guild.items() if k not in _GUILD_CREATE_ONLY}
            )
