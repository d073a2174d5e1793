"""The game a command is about: the one the request names, or the actor's only game (in this
channel, when the channel has one); whether it is running; the actor's colour in it."""

from __future__ import annotations

from collections.abc import Sequence

from engine.colors import Color
from service.errors import NoSuchGame, NotAPlayer, WrongPhase
from service.i18n import t
from service.model import Loaded, color_of
from service.ports import GameRow, GameStatus
from service.unit import Unit


async def find_game(unit: Unit, statuses: Sequence[GameStatus] = (GameStatus.ACTIVE,)) -> Loaded:
    """The game a command is about: the one named, or the actor's only game (in this
    channel, when the channel has one)."""
    if unit.request.game is not None:
        return await unit.load(unit.request.game)
    rows = await unit.uow.games.for_player(unit.actor.id, statuses)
    here = [r for r in rows if r.channel == unit.request.channel]
    rows = here or rows
    if not rows:
        raise NoSuchGame(t("error.no_game"))
    if len(rows) > 1:
        raise NoSuchGame(t("error.which_game", games=numbers(rows)))
    return await unit.load(rows[0].id)


async def running_game(unit: Unit) -> tuple[Loaded, Color]:
    """The actor's game, which must be running (not finished, not a challenge), and the
    actor's colour in it."""
    loaded = await find_game(unit)
    require_active(loaded)
    return loaded, color_in(unit, loaded)


def color_in(unit: Unit, loaded: Loaded) -> Color:
    """The actor's colour; raises :class:`NotAPlayer` for spectators."""
    color = color_of(loaded.row, unit.actor.id)
    if color is None:
        raise NotAPlayer(t("error.not_a_player", id=loaded.row.id))
    return color


def require_active(loaded: Loaded) -> None:
    """Finished games reject every change (Art. 10.4); challenges are not games yet."""
    if loaded.finished or loaded.row.status is GameStatus.FINISHED:
        raise WrongPhase(t("error.finished", id=loaded.row.id, result=loaded.row.result))
    if loaded.row.status is not GameStatus.ACTIVE:
        raise WrongPhase(t("error.not_started", id=loaded.row.id))


def numbers(rows: Sequence[GameRow]) -> str:
    """``#3, #7`` for the first ten games of a list (which game did you mean?)."""
    return ", ".join(f"#{r.id}" for r in rows[:10])
