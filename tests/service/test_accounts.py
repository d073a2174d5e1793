"""Linked accounts (issue 9): ``link`` gives a one-time code, ``link CODE`` on another platform
asks the code's owner, whose ``link yes`` joins the accounts into one person (one rating, one
history), ``unlink`` separates them; every bad code is refused with its reason and changes nothing
but the count of wrong codes, which locks ``link CODE`` out for the hour (issue 29). A code
somebody else read gives them no power over its owner."""

from __future__ import annotations

import random
import re

import pytest

from service import Actor, GameService, View
from service.club_commands import (
    History,
    League,
    LeagueAction,
    LinkAccount,
    ShowRating,
    Unlink,
    WhoAmI,
)
from service.commands import Configure, Request, Resign
from service.errors import UserError
from service.i18n import key_of
from service.ports import Database
from service.preferences import person_owner
from tests.service.conftest import ALICE, BOB, ORGANISER, FakeClock, start_game

ALICE_TG = Actor("telegram:501", "alice_tg")
ALICE_DC = Actor("discord:601", "alice_dc")


async def code_for(service: GameService, actor: Actor) -> str:
    view = await service.execute(LinkAccount(), Request(actor))
    assert view.keys == ("link.code",) and view.private
    found = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", view.lines[0])
    assert found is not None
    return found.group(0)


async def linked(service: GameService, owner: Actor, joining: Actor) -> View:
    """The two steps: ``joining`` enters ``owner``'s code, ``owner`` answers ``link yes``."""
    code = await code_for(service, owner)
    asked = await service.execute(LinkAccount(code), Request(joining))
    assert asked.keys == ("link.asked",)
    return await service.execute(LinkAccount("yes"), Request(owner))


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
    asked = await service.execute(LinkAccount(code.lower()), Request(ALICE_TG))
    assert asked.keys == ("link.asked",)
    [ask] = asked.notify  # the code's owner is asked, with the account's platform and name
    assert ask.player == ALICE.id and [key_of(x) for x in ask.lines] == ["link.confirm"]
    assert ask.lines[0].params["account"] == f"@alice_tg (`{ALICE_TG.id}`)"  # name and id
    assert key_of(ask.lines[0].params["platform"]) == "link.platform_telegram"
    assert await person_of(database, ALICE_TG.id) == ALICE_TG.id  # nothing yet
    view = await service.execute(LinkAccount("YES"), Request(ALICE))
    assert view.keys == ("link.done",)
    assert [(n.player, key_of(n.lines[0])) for n in view.notify] == [(ALICE_TG.id, "link.done")]
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
    await linked(service, ALICE, ALICE_TG)
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
    await linked(service, ALICE, mallory)  # alice herself said yes
    async with database.unit_of_work() as uow:
        after = await uow.ratings.get_many([ALICE.id, mallory.id])
    assert after[ALICE.id].rating == before.rating and mallory.id not in after


async def test_two_entries_of_one_league_cannot_be_linked(service: GameService) -> None:
    organiser = Request(Actor("discord:1", "org"), "console")
    await service.execute(League(LeagueAction.CREATE, "autumn"), organiser)
    await service.execute(League(LeagueAction.JOIN, "autumn"), Request(ALICE, "console"))
    await service.execute(League(LeagueAction.JOIN, "1"), Request(ALICE_TG, "telegram:-5"))
    code = await code_for(service, ALICE)
    with pytest.raises(UserError) as error:
        await service.execute(LinkAccount(code), Request(ALICE_TG))
    assert error.value.key == "error.link_both_in_league"


async def test_a_stranger_with_the_code_gets_no_power_over_its_owner(
    service: GameService, database: Database
) -> None:
    """Mallory read Alice's code: entering it only asks Alice. Until she answers, and after
    she refuses, Mallory's settings, games, league commands and rating are Mallory's own."""
    organiser = Request(Actor("discord:1", "org"), "console")
    await service.execute(League(LeagueAction.CREATE, "autumn"), organiser)
    await service.execute(League(LeagueAction.JOIN, "autumn"), Request(ALICE, "console"))
    await service.execute(Configure({"language": "cs"}), Request(ALICE))
    gid = await start_game(service, "size=9", "rated=yes")
    await service.execute(Resign(confirm=True), Request(BOB, game=gid))
    async with database.unit_of_work() as uow:
        rating = (await uow.ratings.get_many([ALICE.id]))[ALICE.id]
    mallory = Actor("telegram:666", "mallory")
    code = await code_for(service, ALICE)
    await service.execute(LinkAccount(code), Request(mallory))

    async def powerless() -> None:
        assert await person_of(database, mallory.id) == mallory.id
        await service.execute(Configure({"language": "hu"}), Request(mallory))
        async with database.unit_of_work() as uow:
            chosen = await uow.settings.get_many([person_owner(ALICE.id)])
        assert chosen[person_owner(ALICE.id)] == {"language": "cs"}
        with pytest.raises(UserError) as left:  # alice's entry is not mallory's to withdraw
            await service.execute(League(LeagueAction.LEAVE, "1"), Request(mallory, "x"))
        assert left.value.key == "error.league_not_member"
        own = await service.execute(History(), Request(mallory))
        assert gid not in own.line_games
        theirs = await service.execute(ShowRating(), Request(mallory))
        assert gid not in theirs.line_games  # alice's rated game is not in mallory's rating
        lost = await start_game(service, "size=9", "rated=yes", black=mallory, white=BOB)
        await service.execute(Resign(confirm=True), Request(mallory, game=lost))
        async with database.unit_of_work() as uow:
            assert (await uow.ratings.get_many([ALICE.id]))[ALICE.id] == rating
        with pytest.raises(UserError) as answer:  # only the code's owner answers
            await service.execute(LinkAccount("yes"), Request(mallory))
        assert answer.value.key == "error.link_nothing_waiting"

    await powerless()  # while Alice has not answered
    refused = await service.execute(LinkAccount("no"), Request(ALICE))
    assert refused.keys == ("link.refused",)
    assert [(n.player, key_of(n.lines[0])) for n in refused.notify] == [
        (mallory.id, "link.refused_notice")
    ]
    await powerless()  # and after she refused
    with pytest.raises(UserError) as again:  # the refused code is spent
        await service.execute(LinkAccount(code), Request(mallory))
    assert again.value.key == "error.link_code_invalid"


async def test_the_owner_answers_within_the_codes_time(
    service: GameService, database: Database, clock: FakeClock
) -> None:
    code = await code_for(service, ALICE)
    await service.execute(LinkAccount(code), Request(ALICE_TG))
    with pytest.raises(UserError) as taken:  # one account waits on a code: no second one
        await service.execute(LinkAccount(code), Request(ALICE_DC))
    assert taken.value.key == "error.link_code_claimed"  # said so, and not a wrong code:
    async with database.unit_of_work() as uow:
        assert await uow.codes.failures(ALICE_DC.id, 0.0) == []
    clock.advance(601)
    with pytest.raises(UserError) as late:
        await service.execute(LinkAccount("yes"), Request(ALICE))
    assert late.value.key == "error.link_nothing_waiting"
    assert await person_of(database, ALICE_TG.id) == ALICE_TG.id


async def test_two_waiting_accounts_are_refused_together(
    service: GameService, database: Database
) -> None:
    """Two accounts entered two of Alice's codes: `link yes` does not guess which is hers."""
    await service.execute(LinkAccount(await code_for(service, ALICE)), Request(ALICE_TG))
    await service.execute(LinkAccount(await code_for(service, ALICE)), Request(ALICE_DC))
    with pytest.raises(UserError) as which:
        await service.execute(LinkAccount("yes"), Request(ALICE))
    assert which.value.key == "error.link_several_waiting"
    refused = await service.execute(LinkAccount("no"), Request(ALICE))
    assert {n.player for n in refused.notify} == {ALICE_TG.id, ALICE_DC.id}
    for account in (ALICE_TG, ALICE_DC):
        assert await person_of(database, account.id) == account.id
    view = await linked(service, ALICE, ALICE_DC)  # a fresh code, entered on her own account
    assert view.keys == ("link.done",)


async def test_wrong_codes_lock_link_out_for_the_hour(
    real_database: Database, clock: FakeClock
) -> None:
    """Five wrong codes in an hour: every code is refused until the hour is over, even a good
    one, in every process (the count is stored, though each wrong code is refused)."""
    first, second = (
        GameService(real_database, clock=clock, rng=random.Random(n)) for n in range(2)
    )
    mallory = Actor("telegram:666", "mallory")
    for n in range(5):
        with pytest.raises(UserError) as wrong:
            await first.execute(LinkAccount(f"ABCD-EFG{n + 2}"), Request(mallory))
        assert wrong.value.key == "error.link_code_invalid"
        clock.advance(60)
    code = await code_for(first, ALICE)
    for service in (first, second):
        with pytest.raises(UserError) as locked:
            await service.execute(LinkAccount(code), Request(mallory))
        assert locked.value.key == "error.link_locked"
        assert locked.value.params == {"n": 5, "minutes": 55}  # the first wrong one + 1 hour
    clock.advance(55 * 60)  # the hour of the first wrong code is over: four are left in it
    asked = await second.execute(LinkAccount(await code_for(second, ALICE)), Request(mallory))
    assert asked.keys == ("link.asked",)


async def test_whoami_gives_the_id_and_the_organisers_entry(service: GameService) -> None:
    view = await service.execute(WhoAmI(), Request(ALICE_TG, channel="telegram:-100"))
    assert view.keys == (
        "whoami.id.telegram",
        "whoami.entry",
        "whoami.not_linked",
        "whoami.not_organiser",
    )
    assert "501" in view.lines[0] and f"`{ALICE_TG.id}`" in view.lines[1]
    console = await service.execute(WhoAmI(), Request(ALICE))
    assert console.keys[0] == "whoami.id.console" and f"`{ALICE.id}`" in console.lines[1]
    discord = await service.execute(WhoAmI(), Request(ALICE_DC))
    assert discord.keys[0] == "whoami.id.discord" and "`discord:601`" in discord.lines[1]


async def test_whoami_lists_the_linked_accounts(service: GameService) -> None:
    await linked(service, ALICE, ALICE_TG)
    for actor, other in ((ALICE_TG, ALICE), (ALICE, ALICE_TG)):
        view = await service.execute(WhoAmI(), Request(actor))
        assert view.keys[2] == "whoami.linked"
        assert f"`{other.id}`" in view.lines[2] and f"`{actor.id}`" not in view.lines[2]


async def test_whoami_says_whether_the_sender_organises_here(service: GameService) -> None:
    everywhere = await service.execute(WhoAmI(), Request(ORGANISER))
    assert everywhere.keys[-1] == "whoami.organiser_everywhere"
    here = Request(ALICE_DC, channel="discord:7", community="discord:guild:1", organiser=True)
    assert (await service.execute(WhoAmI(), here)).keys[-1] == "whoami.organiser_here"
    elsewhere = Request(ALICE_DC, channel="discord:7", community="discord:guild:1")
    assert (await service.execute(WhoAmI(), elsewhere)).keys[-1] == "whoami.not_organiser"
