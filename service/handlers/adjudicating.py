"""``adjudicate``: an organiser decides a game's result (Art. 10–14), in the community they
organise; the game ends with it (:mod:`service.ending`). Nobody adjudicates a game they play in
(through any of their linked accounts), not even one of the bot's ``ORGANISERS``: another
organiser must. Who adjudicated is kept with the game (``GameState.adjudicator``), so that
``history`` and the SGF record say so."""

from __future__ import annotations

import dataclasses

from service import people
from service.authorization import organiser, organises
from service.commands import Adjudicate
from service.ending import finish
from service.errors import BadArguments, NotOrganiser
from service.finding import require_active
from service.i18n import t
from service.options import parse_result
from service.registry import Arg, ArgKind, Group, Who, command
from service.unit import Unit
from service.views import View


@command(
    Adjudicate,
    "adjudicate",
    build=lambda w, _: Adjudicate(w.args[0]),
    who=Who.ORGANISER,
    args=(Arg("result", ArgKind.RESULT),),
    group=Group.CLUB,  # an organiser's, as club play's; and /go is full (Discord's 8000 chars)
)
async def adjudicate(unit: Unit, command: Adjudicate) -> View:
    """An organiser's decision (Art. 10–14): ``B+3.5``, ``W+R``, ``B+F``, ``jigo``, ..."""
    if not organiser(unit):
        raise NotOrganiser(t("error.not_organiser"))
    if unit.request.game is None:
        raise BadArguments(t("error.adjudicate_needs_game"))
    decided = parse_result(command.result)
    loaded = await unit.load(unit.request.game)
    if not organises(unit, loaded.row.community):  # another server's or group's game
        raise NotOrganiser(t("error.not_organiser_here", id=loaded.row.id))
    require_active(loaded)
    row = loaded.row
    playing = [p for p in (row.black, row.white) if p is not None]
    found = await people.persons(unit, [unit.actor.id, *playing])
    if found[unit.actor.id] in {found[p] for p in playing}:  # their own game, any account
        raise NotOrganiser(t("error.adjudicate_own", id=row.id))
    await people.remember(unit, unit.actor)  # named in history and the SGF
    loaded.state = dataclasses.replace(loaded.state, adjudicator=unit.actor.id)
    reason = t("end.adjudicated", name=f"@{unit.actor.name}")
    return await finish(unit, loaded, decided, reason)
