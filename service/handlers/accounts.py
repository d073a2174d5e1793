"""Linked accounts: ``link`` gives a one-time code (valid for ten minutes, at most five an hour);
``link CODE`` on another platform asks the code's owner, who answers ``link yes`` (or ``link no``)
from the account that asked for the code, within the code's ten minutes: only then is the other
account joined into the owner's person, so both share one rating, one history and one league
entry. A code somebody else read gives them nothing without the owner's answer. ``unlink``
separates them again (every game stays where it was played, and each separated account keeps a
copy of the rating). Wrong codes are counted per person: after
:attr:`~service.limits.Limits.link_failures` in an hour, ``link CODE`` waits until the hour is
over (stored, so it holds across processes and restarts).
``whoami`` tells the sender who the bot takes them for: their id, the ``ORGANISERS`` entry that
makes them an organiser everywhere, their linked accounts, and whether they organise here."""

from __future__ import annotations

import dataclasses
import math
import re
import secrets

from service import people
from service.authorization import organises
from service.club_commands import LinkAccount, Unlink, WhoAmI
from service.club_ports import LeagueRow, LinkCodeRow, RatingRow
from service.errors import BadArguments, WrongPhase
from service.events import SettingsChanged
from service.i18n import t
from service.league_play import league_data
from service.learning import copy_progress, merge_progress
from service.players import local_part, platform_of
from service.ports import PlayerRow, UnitOfWork
from service.registry import Arg, ArgKind, Group, command
from service.unit import Unit
from service.views import Notice, View

CODE_SECONDS = 600.0
CODES_PER_HOUR = 5
FAILURE_SECONDS = 3600.0  # wrong codes are counted over an hour
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or retyped safely
_CODE = re.compile(r"[A-Z0-9]{4}-?[A-Z0-9]{4}")
YES, NO = "yes", "no"  # the owner's answers, the same words in every language


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
    """Give a code, ask its owner with one, or (the owner) answer ``yes`` or ``no``."""
    await people.remember(unit, unit.actor)
    if command.code is None:
        return await _give_code(unit)
    answer = command.code.strip().lower()
    if answer in (YES, NO):
        return await _answer(unit, yes=answer == YES)
    return await _use_code(unit, command.code)


async def _give_code(unit: Unit) -> View:
    made = await unit.uow.codes.made_since(unit.actor.id, unit.now - 3600.0)
    if made >= CODES_PER_HOUR:
        raise WrongPhase(t("error.link_too_many", n=CODES_PER_HOUR))
    code = new_code()
    await unit.uow.codes.add(LinkCodeRow(code, unit.actor.id, unit.now, unit.now + CODE_SECONDS))
    minutes = int(CODE_SECONDS // 60)
    return View((t("link.code", code=code, minutes=minutes),), private=True)


async def _not_locked_out(unit: Unit, person: str) -> None:
    """Refuse every code while ``person`` entered too many wrong ones in the last hour (no
    code is even looked at then), saying when they may try again."""
    allowed = unit.context.limits.link_failures
    since = unit.now - FAILURE_SECONDS
    failed = [at for at in await unit.uow.codes.failures(person, since) if at > since]
    if len(failed) >= allowed:
        until = failed[len(failed) - allowed] + FAILURE_SECONDS
        minutes = max(1, math.ceil((until - unit.now) / 60.0))
        raise WrongPhase(t("error.link_locked", n=allowed, minutes=minutes))


async def _use_code(unit: Unit, text: str) -> View:
    """``link CODE``: ask the code's owner to link this account with theirs."""
    me = unit.actor.id
    mine = (await people.persons(unit, [me]))[me]
    await _not_locked_out(unit, mine)
    code = text.strip().upper()
    if not _CODE.fullmatch(code):
        raise BadArguments(t("error.link_code_form", text=text.strip()))
    code = f"{code.replace('-', '')[:4]}-{code.replace('-', '')[4:]}"
    row = await unit.uow.codes.get(code)
    if row is None or row.used_at is not None or row.expires_at <= unit.now:
        raise _wrong(code, mine, unit.now)
    if row.claimed_by is not None:  # a real code (no guess): said so, and not counted
        raise WrongPhase(t("error.link_code_claimed", code=code))
    if row.player == me:
        raise BadArguments(t("error.link_own_code"))
    if platform_of(row.player) == platform_of(me):
        raise BadArguments(t("error.link_same_platform"))
    await _joinable(unit, row.player, me)
    await unit.uow.codes.claim(code, me)
    owner = await people.name(unit, row.player)
    minutes = max(1, math.ceil((row.expires_at - unit.now) / 60.0))
    ask = t(
        "link.confirm",
        account=f"@{unit.actor.name} (`{me}`)",  # a name anyone may take; the id is theirs
        platform=t(f"link.platform_{platform_of(me)}"),
        minutes=minutes,
    )
    return View(
        (t("link.asked", name=owner, minutes=minutes),), notify=(Notice(row.player, (ask,)),)
    )


def _wrong(code: str, person: str, at: float) -> BadArguments:
    """The refusal of a code that is unknown, used, claimed or expired, which still counts it
    against ``person`` (:attr:`~service.errors.UserError.keep`)."""

    async def count(uow: UnitOfWork) -> None:
        await uow.codes.fail(person, at, at - FAILURE_SECONDS)

    refusal = BadArguments(t("error.link_code_invalid", code=code))
    refusal.keep = count
    return refusal


async def _joinable(unit: Unit, owner: str, joining: str) -> str:
    """The person ``joining`` would join (the person of ``owner``, the code's owner), or the
    refusal: already one person, ``joining`` linked with others, or both in one league."""
    persons = await people.persons(unit, (owner, joining))
    target = persons[owner]
    if persons[joining] == target:
        raise WrongPhase(t("error.link_already", name=await people.name(unit, target)))
    if persons[joining] != joining or len(await unit.uow.players.accounts(joining)) > 1:
        raise WrongPhase(t("error.link_unlink_first"))
    together = {target, *await unit.uow.players.accounts(target)}
    for league in await _entries(unit, {joining}):
        if await _entries(unit, together, [league]):  # both in it: one person, one entry
            raise WrongPhase(t("error.link_both_in_league", name=league.name))
    return target


async def _answer(unit: Unit, *, yes: bool) -> View:
    """The code's owner answers the account that entered it: ``link yes`` joins that account
    into the owner's person, ``link no`` refuses (every waiting request)."""
    me = unit.actor.id
    waiting = await unit.uow.codes.claims(me, unit.now)
    if not waiting:
        raise WrongPhase(t("error.link_nothing_waiting"))
    asking = [row.claimed_by for row in waiting if row.claimed_by is not None]
    await unit.read_players(asking)
    names = [await people.name(unit, account) for account in asking]
    if not yes:
        for row in waiting:
            await unit.uow.codes.use(row.code, unit.now)
        owner = await people.name(unit, me)
        told = tuple(Notice(a, (t("link.refused_notice", name=owner),)) for a in asking)
        return View((t("link.refused", names=", ".join(names)),), notify=told)
    if len(waiting) > 1:
        raise WrongPhase(t("error.link_several_waiting", names=", ".join(names)))
    row, joining = waiting[0], asking[0]
    target = await _joinable(unit, me, joining)
    await unit.uow.codes.use(row.code, unit.now)
    await _merge_ratings(unit, target, joining)
    await merge_progress(unit, target, joining)
    account = await unit.player(joining)
    assert account is not None  # remembered when it entered the code
    await unit.save_player(dataclasses.replace(account, person=target))
    done = t("link.done", name=await people.name(unit, target), account=names[0])
    unit.record(SettingsChanged())  # the person's settings are now this account's too
    return View((done,), notify=(Notice(joining, (done,)),))


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
    each separated account keeps a copy of the person's rating and of their lessons and problems."""
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
    await copy_progress(unit, person, leaving)
    names = ", ".join([await people.name(unit, a) for a in leaving])
    unit.record(SettingsChanged())  # each separated account has its own settings again
    return View((t("link.separated", names=names),))


PLATFORMS = ("discord", "telegram", "console")
"""The platforms whose ids ``whoami`` names in its own words (others: ``whoami.id.other``)."""


@command(
    WhoAmI,
    "whoami",
    writes=False,  # reads the sender's accounts only
    local={"cs": ("kdojsem",), "hu": ("kivagyok",)},
    game=False,
    group=Group.CLUB,
    asks_organiser=True,  # it says whether the sender organises here
)
async def whoami(unit: Unit, command: WhoAmI) -> View:
    """Who the bot takes the sender for, and what a bot's administrator needs to know: the
    exact ``ORGANISERS`` entry (``telegram:123``, ``discord:456``, ``console:alice``), since
    Telegram shows its users no ids at all."""
    me = unit.actor.id
    platform = platform_of(me)
    key = f"whoami.id.{platform}" if platform in PLATFORMS else "whoami.id.other"
    lines = [t(key, id=local_part(me)), t("whoami.entry", entry=me)]
    person = (await people.persons(unit, [me]))[me]
    others = [a for a in await unit.uow.players.accounts(person) if a != me]
    if others:
        names = [f"{await people.name(unit, a)} (`{a}`)" for a in others]
        lines.append(t("whoami.linked", accounts=", ".join(names)))
    else:
        lines.append(t("whoami.not_linked"))
    if me in unit.context.organisers:
        lines.append(t("whoami.organiser_everywhere"))
    elif organises(unit, unit.community):
        lines.append(t("whoami.organiser_here"))
    else:
        lines.append(t("whoami.not_organiser"))
    # for the sender only: their linked accounts tell which Telegram user is which Discord user
    return View(tuple(lines), private=True, private_family="whoami")
