"""Player ids: ``<platform>:<id on it>`` (``discord:123``, ``telegram:456``, ``console:alice``,
``engine:5`` for the computer at level 5). Every place that reads one uses these functions.

>>> platform_of("telegram:456"), number_on("telegram:-100", "telegram"), is_engine("engine:5")
('telegram', -100, True)
>>> player_id("discord", 123)
'discord:123'
"""

from __future__ import annotations

ENGINE = "engine"


def player_id(platform: str, local: object) -> str:
    """The id of ``local`` (a user, chat, channel or update id) on ``platform``:
    ``player_id("telegram", 456)`` is ``telegram:456``."""
    return f"{platform}:{local}"


def platform_of(player: str) -> str:
    """The platform part of a player id (``discord`` of ``discord:123``)."""
    return player.partition(":")[0]


def local_part(player: str) -> str:
    """The id on the platform (``alice`` of ``console:alice``)."""
    return player.partition(":")[2]


def number_on(player: str, platform: str) -> int | None:
    """The numeric id of a player of ``platform`` (a Discord or Telegram user), else None."""
    head, _, rest = player.partition(":")
    if head != platform or not rest.lstrip("-").isdigit():
        return None
    return int(rest)


def is_engine(player: str | None) -> bool:
    """True for the computer's player id (``engine:<level>``)."""
    return player is not None and platform_of(player) == ENGINE


def engine_player(level: int) -> str:
    """The computer's player id at ``level``."""
    return player_id(ENGINE, level)


def engine_level(player: str) -> int:
    """The level of the computer's player id."""
    return int(local_part(player))
