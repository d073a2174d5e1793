"""People in a unit of work: remembering who sent a command (their display name and their app's
language), the person behind each account (linked accounts share one), ``@names``, and each
reader's language, theme and pings in the order of :mod:`service.preferences`."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from engine.colors import Color
from service.commands import SYSTEM, Actor
from service.i18n import joined, t
from service.model import capture_mode
from service.players import engine_level, is_engine, local_part, platform_of
from service.ports import GameRow, PlayerRow
from service.preferences import Preferences, channel_owner, person_owner, resolve
from service.unit import Unit


async def remember(unit: Unit, actor: Actor) -> None:
    """Store the actor's display name (and language) when they are new or changed."""
    known = await unit.player(actor.id)
    if known is None:
        await unit.save_player(PlayerRow(actor.id, actor.name, actor.language))
    elif known.name != actor.name or (actor.language and known.language != actor.language):
        code = actor.language or known.language
        await unit.save_player(dataclasses.replace(known, name=actor.name, language=code))


def new_locale(unit: Unit) -> bool:
    """The actor's app states a language that is not the one stored for them (read by
    :func:`preferences`): worth remembering, so that what reaches them later (a challenge,
    a move) speaks it."""
    actor = unit.actor
    if actor is SYSTEM or is_engine(actor.id) or not actor.language:
        return False
    known = unit.players.get(actor.id)
    return known is None or known.language != actor.language


async def persons(unit: Unit, players: Iterable[str]) -> dict[str, str]:
    """The person of each account (linked accounts share one; others are their own)."""
    wanted = list(dict.fromkeys(players))
    await unit.read_players(wanted)
    return {p: (row.person_id if (row := unit.players[p]) else p) for p in wanted}


async def preferences(
    unit: Unit, players: Iterable[str] = (), *, channel: str | None = None
) -> dict[str, Preferences]:
    """The language, theme and pings of the actor and of each of ``players`` (the readers of
    the command's notices), in the order of :mod:`service.preferences`: a person's settings,
    the channel's (``channel``, else the request's: for readers on its platform), their
    platform's locale (the actor's as sent now, another's as last seen), the server's, the
    bot's defaults."""
    actor = unit.actor.id
    wanted = list(dict.fromkeys((actor, *players)))
    found = await persons(unit, wanted)
    channel = channel or unit.request.settings_channel
    await unit.read_settings([*(person_owner(p) for p in found.values()), channel_owner(channel)])
    here = platform_of(channel)
    found_prefs = {}
    for player in wanted:
        local = platform_of(player) == here and not is_engine(player)
        row = unit.players.get(player)
        platform = unit.actor.language if player == actor else (row.language if row else None)
        found_prefs[player] = resolve(
            unit.settings[person_owner(found[player])],
            unit.settings[channel_owner(channel)] if local else {},
            platform or (row.language if row else None),
            unit.request.locale if local else None,
            unit.context.defaults,
        )
    return found_prefs


async def channel_preferences(unit: Unit, channel: str) -> Preferences:
    """What a channel reads when the message is for nobody in particular (the clock's
    reminders posted where a game lives): the channel's settings, else the bot's."""
    owner = channel_owner(channel)
    await unit.read_settings([owner])
    return resolve({}, unit.settings[owner], None, None, unit.context.defaults)


#: the computer's name in Capture Go, where the bot's own policy plays (:mod:`service.capture`)
OWN_ENGINE = "Gobot"


async def name(unit: Unit, player: str | None, *, capture: bool = False) -> str:
    """``@alice`` for a player id; the computer by its engine's name, or the bot's own in a
    Capture Go game (``capture``)."""
    if player is None:
        return t("name.anyone")
    opponent = unit.context.opponent
    if is_engine(player) and (opponent is not None or capture):  # in each reader's language
        engine = OWN_ENGINE if capture or opponent is None else opponent.name
        level = engine_level(player)
        return joined("", ("@", t("computer.name", name=engine, level=level)))
    known = await unit.player(player)
    return "@" + (known.name if known else local_part(player) or player)


async def names(unit: Unit, row: GameRow) -> dict[Color, str]:
    """``@name`` of each colour's player."""
    await unit.read_players((row.black, row.white))
    capture = capture_mode(row.data)
    return {
        Color.BLACK: await name(unit, row.black, capture=capture),
        Color.WHITE: await name(unit, row.white, capture=capture),
    }
