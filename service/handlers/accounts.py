"""Linked accounts: ``link`` gives a one-time code (valid for ten minutes, at most five an hour);
``link CODE`` on another platform joins that account into the person who asked for the code, so
both share one rating, one history and one league entry; ``unlink`` separates them again (every
game stays where it was played, and each separated account keeps a copy of the rating)."""

from __future__ import annotations

import dataclasses
import re
import secrets

from service import people
from service.club_commands import LinkAccount, Unlink
from service.club_ports import LeagueRow, LinkCodeRow, RatingRow
from service.errors import BadArguments, WrongPhase
from service.events import SettingsChanged
from service.i18n import t
from service.league_play import league_data
from service.players import platform_of
from service.ports import PlayerRow
from service.registry import Arg, ArgKind, Group, command
from service.unit import Unit
from service.views import View

CODE_SECONDS = 600.0
CODES_PER_HOUR = 5
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or retyped safely
_CODE = re.compile(r"[A-Z0-9]{4}-?[A-Z0-9]{4}")


def new_code() -> str:
    """``K7QF-M2XD``: 8 random characters (40 bits), grouped for reading."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(8))
    return f"{chars[:4]}-{chars[4:]}"


@command(
    LinkAccount,
    "link",
    build=lambda w, _: LinkAccount(w.args[0] if w.args else None),
    args=(Arg("code", ArgKind.WORD, required=False),),
    game=False,
    group=Group.CLUB,
)
async def link(unit: Unit, command: LinkAccount) -> View:
    """Give a code, or use one."""
    await people.remember(unit, unit.actor)
    if command.code is None:
        return await _give_code(unit)
    return await _use_code(unit, command.code)


async def _give_code(unit: Unit) -> View:
    made = await unit.uow.codes.made_since(unit.actor.id, unit.now - 3600.0)
    if made >= CODES_PER_HOUR:
        raise WrongPhase(t("error.link_too_many", n=CODES_PER_HOUR))
    code = new_code()
    await unit.uow.codes.add(LinkCodeRow(code, unit.actor.id, unit.now, unit.now + CODE_SECONDS))
    minutes = int(CODE_SECONDS // 60)
    return View((t("link.code", code=code, minutes=minutes),), private=True)


async def _use_code(unit: Unit, text: str) -> View:
    code = text.strip().upper()
    if not _CODE.fullmatch(code):
        raise BadArguments(t("error.link_code_form", text=text.strip()))
    code = f"{code.replace('-', '')[:4]}-{code.replace('-', '')[4:]}"
    row = await unit.uow.codes.get(code)
    if row is None or row.used_at is not None or row.expires_at <= unit.now:
        raise BadArguments(t("error.link_code_invalid", code=code))
    me = unit.actor.id
    if row.player == me:
        raise BadArguments(t("error.link_own_code"))
    if platform_of(row.player) == platform_of(me):
        raise BadArguments(t("error.link_same_platform"))
    persons = await people.persons(unit, (row.player, me))
    target = persons[row.player]
    if persons[me] == target:
        raise WrongPhase(t("error.link_already", name=await people.name(unit, target)))
    if persons[me] != me or len(await unit.uow.players.accounts(me)) > 1:
        raise WrongPhase(t("error.link_unlink_first"))
    together = {target, *await unit.uow.players.accounts(target)}
    for league in await _entries(unit, {me}):
        if await _entries(unit, together, [league]):  # both in it: one person, one entry
            raise WrongPhase(t("error.link_both_in_league", name=league.name))
    await unit.uow.codes.use(code, unit.now)
    await _merge_ratings(unit, target, me)
    account = await unit.player(me)
    assert account is not None  # remembered above
    await unit.save_player(dataclasses.replace(account, person=target))
    name = await people.name(unit, target)
    unit.record(SettingsChanged())  # the person's settings are now this account's too
    return View((t("link.done", name=name, account=f"@{unit.actor.name}"),))


async def _entries(
    unit: Unit, accounts: set[str], leagues: list[LeagueRow] | None = None
) -> list[LeagueRow]:
    """The leagues (not ended) where one of ``accounts`` holds an entry."""
    found = []
    for league in leagues if leagues is not None else await unit.uow.leagues.unfinished():
        members = league_data(league).members
        if any(key in accounts or accounts & set(m.accounts) for key, m in members.items()):
            found.append(league)
    return found


async def _merge_ratings(unit: Unit, person: str, joining: str) -> None:
    """One person, one rating: the rating of the account that asked for the code, if it has
    rated games; else the joining account's (so a code read by somebody else never replaces
    its owner's rating)."""
    found = await unit.uow.ratings.get_many([person, joining])
    theirs, mine = found.get(person), found.get(joining)
    if mine is None:
        return
    if theirs is None or theirs.games == 0:
        kept = RatingRow(
            person,
            mine.rating,
            mine.deviation,
            mine.volatility,
            mine.games,
            version=theirs.version if theirs else 0,
            updated_at=unit.now,
        )
        await unit.uow.ratings.save(kept)
    await unit.uow.ratings.delete(joining)


@command(Unlink, "unlink", game=False, group=Group.CLUB)
async def unlink(unit: Unit, command: Unlink) -> View:
    """Separate this account (or, from the person's own account, every account linked into it);
    each separated account keeps a copy of the person's rating."""
    me = unit.actor.id
    person = (await people.persons(unit, [me]))[me]
    accounts = await unit.uow.players.accounts(person)
    leaving = [a for a in accounts if a != person] if person == me else [me]
    if not leaving:
        raise WrongPhase(t("error.unlink_none"))
    held = await _entries(unit, set(leaving))
    if held:
        raise WrongPhase(t("error.unlink_in_league", name=held[0].name))
    rating = (await unit.uow.ratings.get_many([person])).get(person)
    await unit.read_players(leaving)
    for account in leaving:
        row = unit.players[account]
        assert isinstance(row, PlayerRow)
        await unit.save_player(dataclasses.replace(row, person=None))
        if rating is not None:
            copy = dataclasses.replace(rating, person=account, version=0, updated_at=unit.now)
            await unit.uow.ratings.save(copy)
    names = ", ".join([await people.name(unit, a) for a in leaving])
    unit.record(SettingsChanged())  # each separated account has its own settings again
    return View((t("link.separated", names=names),))
