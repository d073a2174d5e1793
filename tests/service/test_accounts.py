"""Linked accounts (issue 9): ``link`` gives a one-time code, ``link CODE`` on another platform
joins the accounts into one person (one rating, one history), ``unlink`` separates them; every
bad code is refused with its reason and changes nothing."""

from __future__ import annotations

import re

import pytest

from service import Actor, GameService
from service.club_commands import History, LinkAccount, ShowRating, Unlink
from service.commands import Request, Resign
from service.errors import UserError
from service.ports import Database
from tests.service.conftest import ALICE, BOB, FakeClock, start_game

ALICE_TG = Actor("telegram:501", "alice_tg")
ALICE_DC = Actor("discord:601", "alice_dc")


async def code_for(service: GameService, actor: Actor) -> str:
    view = await service.execute(LinkAccount(), Request(actor))
    assert view.keys == ("link.code",) and view.private
    found = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", view.lines[0])
    assert found is not None
    return found.group(0)


async def person_of(database: Database, account: str) -> str | None:
    async with database.unit_of_work() as uow:
        row = await uow.players.get(account)
    return None if row is None else row.person_id


async def test_link_joins_accounts_into_one_person(
    service: GameService, database: Database
) -> None:
    gid = await start_game(service, "size=9", "rated=yes")  # alice on the console
    await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    code = await code_for(service, ALICE)
    view = await service.execute(LinkAccount(code.lower()), Request(ALICE_TG))
    assert view.keys == ("link.done",)
    assert await person_of(database, ALICE_TG.id) == ALICE.id
    # one rating and one history, whichever account asks
    mine = await service.execute(ShowRating(), Request(ALICE_TG))
    assert mine.keys[0] == "rating.summary" and mine.line_games[2] == gid
    history = await service.execute(History(), Request(ALICE_TG))
    assert gid in history.line_games
    # the code was used once
    with pytest.raises(UserError) as error:
        await service.execute(LinkAccount(code), Request(ALICE_DC))
    assert error.value.key == "error.link_code_invalid"


async def test_bad_codes_are_refused_and_change_nothing(
    service: GameService, database: Database, clock: FakeClock
) -> None:
    code = await code_for(service, ALICE)
    cases = [
        (LinkAccount("K7QF"), ALICE_TG, "error.link_code_form"),
        (LinkAccount("ABCD-EFGH"), ALICE_TG, "error.link_code_invalid"),
        (LinkAccount(code), ALICE, "error.link_own_code"),
        (LinkAccount(code), BOB, "error.link_same_platform"),
    ]
    for command, actor, key in cases:
        with pytest.raises(UserError) as error:
            await service.execute(command, Request(actor))
        assert error.value.key == key
    clock.advance(601)  # codes last ten minutes
    with pytest.raises(UserError) as error:
        await service.execute(LinkAccount(code), Request(ALICE_TG))
    assert error.value.key == "error.link_code_invalid"
    assert await person_of(database, ALICE_TG.id) in (None, ALICE_TG.id)


async def test_codes_are_rate_limited(service: GameService) -> None:
    for _ in range(5):
        await code_for(service, ALICE)
    with pytest.raises(UserError) as error:
        await service.execute(LinkAccount(), Request(ALICE))
    assert error.value.key == "error.link_too_many"


async def test_unlink_separates_and_keeps_games(service: GameService, database: Database) -> None:
    gid = await start_game(service, "size=9", "rated=yes")
    await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    code = await code_for(service, ALICE)
    await service.execute(LinkAccount(code), Request(ALICE_TG))
    with pytest.raises(UserError) as error:
        await service.execute(LinkAccount(await code_for(service, ALICE)), Request(ALICE_TG))
    assert error.value.key == "error.link_already"
    view = await service.execute(Unlink(), Request(ALICE_TG))
    assert view.keys == ("link.separated",)
    assert await person_of(database, ALICE_TG.id) == ALICE.id.replace(ALICE.id, ALICE_TG.id)
    # the console account keeps its game; the separated one keeps a copy of the rating
    assert gid in (await service.execute(History(), Request(ALICE))).line_games
    copy = await service.execute(ShowRating(), Request(ALICE_TG))
    assert copy.keys[0] == "rating.summary"
    with pytest.raises(UserError) as error:
        await service.execute(Unlink(), Request(ALICE_TG))
    assert error.value.key == "error.unlink_none"


async def test_a_code_read_by_somebody_else_never_replaces_its_owners_rating(
    service: GameService, database: Database
) -> None:
    """The rating of the account that asked for the code is kept when it has rated games."""
    gid = await start_game(service, "size=9", "rated=yes")
    await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    mallory = Actor("telegram:666", "mallory")
    for _ in range(2):  # mallory has more rated games than alice
        other = await start_game(service, "size=9", "rated=yes", black=mallory, white=BOB)
        await service.execute(Resign(confirm=True), Request(mallory, game=other))
    async with database.unit_of_work() as uow:
        before = (await uow.ratings.get_many([ALICE.id]))[ALICE.id]
    code = await code_for(service, ALICE)
    await service.execute(LinkAccount(code), Request(mallory))
    async with database.unit_of_work() as uow:
        after = await uow.ratings.get_many([ALICE.id, mallory.id])
    assert after[ALICE.id].rating == before.rating and mallory.id not in after


async def test_two_entries_of_one_league_cannot_be_linked(service: GameService) -> None:
    from service.club_commands import League, LeagueAction

    organiser = Request(Actor("discord:1", "org"), "console")
    await service.execute(League(LeagueAction.CREATE, "autumn"), organiser)
    await service.execute(League(LeagueAction.JOIN, "autumn"), Request(ALICE, "console"))
    await service.execute(League(LeagueAction.JOIN, "1"), Request(ALICE_TG, "telegram:-5"))
    code = await code_for(service, ALICE)
    with pytest.raises(UserError) as error:
        await service.execute(LinkAccount(code), Request(ALICE_TG))
    assert error.value.key == "error.link_both_in_league"
