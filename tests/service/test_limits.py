"""The documented limits (service/limits.py, README "Limits"): a person's command budget, moves
per game, open challenges per person, per community and in all, marking versions per stop, and
a `games` list that says when it is cut."""

from __future__ import annotations

import random

import pytest

from service import Actor, GameService
from service.commands import (
    Accept,
    Challenge,
    Dead,
    Decline,
    Done,
    Games,
    LegalPoints,
    Pass,
    Play,
    Request,
    Resume,
    ShowBoard,
)
from service.errors import NotAPlayer, TooFast, WrongPhase
from service.limits import CommandBudget, Limits
from service.ports import Database, GameStatus
from tests.service.conftest import (
    ALICE,
    BOB,
    CAROL,
    FakeClock,
    play_moves,
    says,
    start_game,
    version_of,
)


def limited(database: Database, clock: FakeClock, **limits: int) -> GameService:
    """A service with the given limits and a command budget, as the bot runs."""
    chosen = Limits(**limits)
    return GameService(
        database, clock=clock, rng=random.Random(1), limits=chosen, budget=CommandBudget(chosen)
    )


async def test_a_flood_is_refused_once_aloud_then_quietly(
    database: Database, clock: FakeClock
) -> None:
    service = limited(database, clock, burst=5, per_minute=30)
    gid = await start_game(service)  # two commands: alice's challenge, bob's accept
    for _ in range(4):
        await service.execute(ShowBoard(), Request(ALICE, game=gid))
    with pytest.raises(TooFast) as first:
        await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert says(first.value, "error.too_fast", seconds=2) and not first.value.quiet
    with pytest.raises(TooFast) as second:
        await service.execute(Play("D4"), Request(ALICE, game=gid))
    assert second.value.quiet  # the rest of the flood gets no reply where replies cost
    await service.execute(ShowBoard(), Request(BOB, game=gid))  # one person's flood is theirs alone
    clock.advance(2)
    await service.execute(Play("D4"), Request(ALICE, game=gid))  # the budget refills
    with pytest.raises(TooFast) as again:
        await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert not again.value.quiet  # a new flood is told again


async def test_what_platforms_and_the_scheduler_ask_is_not_counted(
    database: Database, clock: FakeClock
) -> None:
    service = limited(database, clock, burst=3, per_minute=1)
    gid = await start_game(service)
    for _ in range(50):  # Discord's autocomplete asks on every keystroke
        await service.execute(LegalPoints(), Request(ALICE, game=gid))
        await service.directory.due(clock())
        await service.settle(gid)
    await service.execute(Play("D4"), Request(ALICE, game=gid))


async def test_a_refused_command_changes_nothing(database: Database, clock: FakeClock) -> None:
    service = limited(database, clock, burst=2, per_minute=1)
    gid = await start_game(service)  # alice's first command
    await play_moves(service, gid, "D4", "Q16")  # her second
    before = await version_of(database, gid)
    with pytest.raises(TooFast):
        await service.execute(Play("E5"), Request(ALICE, game=gid))  # a legal move, too soon
    assert await version_of(database, gid) == before


async def test_a_game_takes_no_stones_after_the_move_limit(
    database: Database, clock: FakeClock
) -> None:
    service = limited(database, clock, moves_per_game=4)
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3", "G7", "pass")
    before = await version_of(database, gid)
    with pytest.raises(WrongPhase) as excinfo:
        await service.execute(Play("D4"), Request(ALICE, game=gid))
    assert says(excinfo.value, "error.move_limit", id=gid, limit=4)
    assert await version_of(database, gid) == before
    await service.execute(Pass(), Request(ALICE, game=gid))  # two passes: the game stops
    with pytest.raises(WrongPhase) as resumed:
        await service.execute(Resume(), Request(BOB, game=gid))
    assert says(resumed.value, "error.move_limit", id=gid, limit=4)


async def test_open_challenges_per_person(database: Database, clock: FakeClock) -> None:
    service = limited(database, clock, open_challenges=3)
    made = []
    for _ in range(3):
        view = await service.execute(Challenge(BOB, {}), Request(ALICE))
        made.append(view.game_id)
    before = await service.execute(Games(), Request(BOB))
    with pytest.raises(WrongPhase) as excinfo:
        await service.execute(Challenge(CAROL, {}), Request(ALICE))
    games = ", ".join(f"#{g}" for g in sorted(made, reverse=True))
    assert says(excinfo.value, "error.open_challenges", limit=3, games=games)
    assert (await service.execute(Games(), Request(BOB))).lines == before.lines
    await service.execute(Decline(), Request(ALICE, game=made[0]))  # withdrawn: room for one
    await service.execute(Challenge(CAROL, {}), Request(ALICE))
    await service.execute(Challenge(ALICE, {}), Request(BOB))  # others have their own count


async def test_the_games_list_says_when_it_is_cut(database: Database, clock: FakeClock) -> None:
    service = limited(database, clock, listed_games=2)
    for challenger in (BOB, CAROL, BOB):
        await service.execute(Challenge(ALICE, {}), Request(challenger))
    view = await service.execute(Games(), Request(ALICE))
    assert view.keys.count("games.challenge_in") == 2
    assert view.keys[-1] == "games.more"

    dave = Actor("console:dave", "dave")
    await service.execute(Challenge(None, {}), Request(dave))  # an open challenge of her own
    for challenger in (BOB, CAROL):  # two of others': all listed
        await service.execute(Challenge(None, {}), Request(challenger))
    opened = await service.execute(Games(), Request(dave))
    assert opened.keys == ("games.challenge_out", "games.challenge_open", "games.challenge_open")
    await service.execute(Challenge(None, {}), Request(BOB))  # a third: one too many to list
    cut = await service.execute(Games(), Request(dave))
    assert cut.keys.count("games.challenge_open") == 2
    assert cut.keys[-1] == "games.more"


async def test_open_challenges_per_community_and_in_all(
    database: Database, clock: FakeClock
) -> None:
    """Many accounts cannot fill a chat, or the bot, with challenges nobody takes: the caps
    are counted in the database, so a second process refuses too."""
    service = limited(database, clock, community_challenges=2, bot_challenges=3)
    other_process = limited(database, clock, community_challenges=2, bot_challenges=3)
    here, there = "discord:guild:1", "telegram:-5"
    made = []
    for number in range(2):
        actor = Actor(f"discord:{number}", f"user{number}")
        view = await service.execute(Challenge(None, {}), Request(actor, "c", community=here))
        made.append(view.game_id)
    crowd = Actor("discord:9", "crowd")
    for process in (service, other_process):
        with pytest.raises(WrongPhase) as full:
            await process.execute(Challenge(None, {}), Request(crowd, "c", community=here))
        assert says(full.value, "error.community_challenges", limit=2)
    await service.execute(Challenge(BOB, {}), Request(crowd, there))  # another chat has room
    for process, where in ((service, there), (other_process, "console")):
        with pytest.raises(WrongPhase) as everywhere:
            await process.execute(Challenge(None, {}), Request(ALICE, where))
        assert says(everywhere.value, "error.bot_challenges", limit=3)
    # a challenge taken or withdrawn makes room
    await service.execute(Accept(), Request(CAROL, "c", game=made[0], community=here))
    await service.execute(Challenge(None, {}), Request(crowd, "c", community=here))
    await service.execute(Decline(), Request(Actor("discord:1", "user1"), game=made[1]))
    await other_process.execute(Challenge(None, {}), Request(ALICE, "console"))


async def test_an_organiser_clears_a_communitys_challenges(
    database: Database, clock: FakeClock
) -> None:
    """A full community is not stuck with challenges nobody takes: its organisers remove any of
    them (`decline #N`), and both players are told who did; an organiser of another community,
    or a member who is neither player, may not."""
    service = limited(database, clock, community_challenges=2)
    here = "telegram:-5"
    made = []
    for number in range(2):
        actor = Actor(f"telegram:{number}", f"user{number}")
        target = BOB if number else None
        view = await service.execute(Challenge(target, {}), Request(actor, "c", community=here))
        made.append(view.game_id)
    member = Request(Actor("telegram:8", "member"), "c", game=made[0], community=here)
    elsewhere = Request(Actor("telegram:7", "admin"), "d", made[0], community="x", organiser=True)
    for request in (member, elsewhere):
        with pytest.raises(NotAPlayer) as refused:
            await service.execute(Decline(), request)
        assert refused.value.key == "error.decline_other"
    for gid in made:
        admin = Request(Actor("telegram:7", "admin"), "c", game=gid, community=here, organiser=True)
        view = await service.execute(Decline(), admin)
        assert view.keys == ("challenge.removed",)
        told = {n.player for n in view.notify}
        assert told == ({"telegram:0"} if gid == made[0] else {"telegram:1", BOB.id})
    await service.execute(Challenge(None, {}), Request(CAROL, "c", community=here))  # room again


async def test_marking_versions_per_game(database: Database, clock: FakeClock) -> None:
    """Resuming and passing twice starts a stop's count afresh, but not the game's: past
    ``markings_per_game`` versions, `dead` is refused for good; `done` still ends it."""
    service = limited(database, clock, markings_per_stop=3, markings_per_game=7)
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3", "pass", "pass")  # the stop: v1
    for _ in range(3):
        await service.execute(Dead(("C3",)), Request(ALICE, game=gid))  # v2 | v4 | v6
        await service.execute(Resume(), Request(BOB, game=gid))  # the version stays
        await play_moves(service, gid, "pass", "pass")  # a new stop: v3 | v5 | v7
    before = await version_of(database, gid)
    with pytest.raises(WrongPhase) as excinfo:  # the stop's own count is 1 of 3: the game's
        await service.execute(Dead(("C3",)), Request(ALICE, game=gid))
    assert says(excinfo.value, "error.marking_limit_game", id=gid, limit=7)
    assert await version_of(database, gid) == before
    await service.execute(Done(7), Request(ALICE, game=gid))
    await service.execute(Done(7), Request(BOB, game=gid))
    async with database.unit_of_work() as uow:
        row = await uow.games.get(gid)
    assert row is not None and row.status is GameStatus.FINISHED


async def test_marking_versions_per_stop(database: Database, clock: FakeClock) -> None:
    """`dead` makes a new version each time, up to the cap in one stop; then the players
    accept one, or resume (the next stop counts afresh)."""
    service = limited(database, clock, markings_per_stop=3)
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3", "pass", "pass")  # the stop: v1
    await service.execute(Dead(("C3",)), Request(ALICE, game=gid))  # v2
    await service.execute(Dead(("C3",)), Request(BOB, game=gid))  # v3
    before = await version_of(database, gid)
    with pytest.raises(WrongPhase) as excinfo:
        await service.execute(Dead(("C3",)), Request(ALICE, game=gid))
    assert says(excinfo.value, "error.marking_limit", id=gid, limit=3)
    assert await version_of(database, gid) == before
    await service.execute(Done(3), Request(ALICE, game=gid))  # accepting still works
    await service.execute(Resume(), Request(BOB, game=gid))
    await play_moves(service, gid, "pass", "pass")  # a new stop: v4
    await service.execute(Dead(("C3",)), Request(ALICE, game=gid))  # v5
    await service.execute(Dead(("C3",)), Request(BOB, game=gid))  # v6
    with pytest.raises(WrongPhase) as again:
        await service.execute(Dead(("C3",)), Request(ALICE, game=gid))
    assert says(again.value, "error.marking_limit", id=gid, limit=3)
