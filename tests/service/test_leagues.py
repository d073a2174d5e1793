"""Leagues (issue 9): create, join, start, pair, round, standings, list, end, through the
service; round-robin and Swiss seasons played to the end; every bad input refused with its reason,
changing nothing."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import pytest

from service import Actor, GameService
from service.club_commands import League, LeagueAction, LeagueInfo, LinkAccount, Unlink
from service.commands import Adjudicate, Request
from service.errors import UserError
from service.i18n import key_of
from service.ports import Database, GameRow
from tests.service.conftest import ALICE, BOB, CAROL, ORGANISER

DAVE = Actor("console:dave", "dave")
ERIN = Actor("console:erin", "erin")
FRANK = Actor("console:frank", "frank")
DISCORD_ANN = Actor("discord:21", "ann")
TELEGRAM_BEN = Actor("telegram:31", "ben")
A = LeagueAction


def league(
    action: LeagueAction, name: str | None = "autumn", extra: str | None = None, **options: str
) -> League:
    return League(action, name, extra, options)


async def league_games(database: Database) -> list[GameRow]:
    async with database.unit_of_work() as uow:
        found = await uow.leagues.find("console", "autumn")
        assert found is not None
        return await uow.games.in_league(found.id)


async def finish_round(service: GameService, database: Database, number: int) -> None:
    """The organiser adjudicates the round: Black wins every game."""
    for game in await league_games(database):
        if game.round == number and game.result is None:
            await service.execute(Adjudicate("B+R"), Request(ORGANISER, "console", game=game.id))


async def create(service: GameService, *members: Actor, **options: str) -> None:
    await service.execute(league(A.CREATE, **options), Request(ORGANISER, "console"))
    for member in members:
        view = await service.execute(league(A.JOIN), Request(member, "console"))
        assert view.keys == ("league.joined",)


async def test_a_round_robin_season(service: GameService, database: Database) -> None:
    await create(service, ALICE, BOB, CAROL, DAVE, size="9")
    view = await service.execute(league(A.START), Request(ORGANISER, "console"))
    assert view.keys[:2] == ("league.started", "league.round_header")
    assert len(view.notify) == 4  # every player of the two games hears of it
    for number in (1, 2, 3):
        if number > 1:
            refused = league(A.PAIR)
            await service.execute(refused, Request(ORGANISER, "console"))
        await finish_round(service, database, number)
    games = await league_games(database)
    pairs = [frozenset((g.black, g.white)) for g in games]
    everyone = [ALICE.id, BOB.id, CAROL.id, DAVE.id]
    assert sorted(map(sorted, pairs)) == sorted(
        map(sorted, map(frozenset, combinations(everyone, 2)))
    )
    for player in everyone:  # colours balanced: 3 games, one or two with Black
        blacks = sum(g.black == player for g in games)
        assert blacks in (1, 2)
    assert all(g.size == 9 and g.rated for g in games)
    with pytest.raises(UserError) as error:
        await service.execute(league(A.PAIR), Request(ORGANISER, "console"))
    assert error.value.key == "error.league_all_paired"
    table = await service.execute(league(A.STANDINGS), Request(ALICE, "console"))
    assert table.keys[0] == "league.standings_header"
    assert table.table is not None and len(table.table.rows) == 4
    wins = sorted(float(row[2]) for row in table.table.rows)
    assert sum(wins) == 6
    rounds = await service.execute(league(A.ROUND, extra="2"), Request(BOB, "console"))
    assert rounds.keys[0] == "league.round_header" and len([g for g in rounds.line_games if g]) == 2
    ended = await service.execute(league(A.END), Request(ORGANISER, "console"))
    assert ended.keys == ("league.ended",)
    listed = await service.execute(league(A.LIST, None), Request(BOB, "console"))
    assert listed.keys == ("league.list_header", "league.list_line")


async def test_a_swiss_season_with_a_bye_and_a_late_joiner(
    service: GameService, database: Database
) -> None:
    await create(service, ALICE, BOB, CAROL, DAVE, ERIN, system="swiss", rounds="3", bye="win")
    view = await service.execute(league(A.START), Request(ORGANISER, "console"))
    assert "league.bye" in view.keys
    late = await service.execute(league(A.JOIN), Request(FRANK, "console"))
    assert late.keys == ("league.joined_late",)
    for number in (1, 2, 3):
        await finish_round(service, database, number)
        if number < 3:
            paired = await service.execute(league(A.PAIR), Request(ORGANISER, "console"))
            assert paired.keys[0] == "league.round_header"
    games = await league_games(database)
    pairs = [frozenset((g.black, g.white)) for g in games]
    assert len(pairs) == len(set(pairs))  # no repeats: enough opponents for three rounds
    assert any(FRANK.id in p for p in pairs)
    table = await service.execute(league(A.STANDINGS), Request(ALICE, "console"))
    assert table.table is not None and len(table.table.rows) == 6


async def test_pair_waits_for_the_round_unless_forced(
    service: GameService, database: Database
) -> None:
    await create(service, ALICE, BOB, CAROL, DAVE, system="swiss", rounds="2")
    await service.execute(league(A.START), Request(ORGANISER, "console"))
    with pytest.raises(UserError) as error:
        await service.execute(league(A.PAIR), Request(ORGANISER, "console"))
    assert error.value.key == "error.league_round_open"
    table = await service.execute(league(A.STANDINGS), Request(ALICE, "console"))
    assert table.table is not None  # games still being played count in no column yet
    assert [row[5:] for row in table.table.rows] == [("0", "2")] * 4
    forced = await service.execute(league(A.PAIR, extra="force"), Request(ORGANISER, "console"))
    assert forced.keys[0] == "league.round_header"
    assert len(await league_games(database)) == 4


async def test_withdrawn_players_are_not_paired(service: GameService, database: Database) -> None:
    await create(service, ALICE, BOB, CAROL, DAVE, system="swiss", rounds="3")
    await service.execute(league(A.START), Request(ORGANISER, "console"))
    await finish_round(service, database, 1)
    left = await service.execute(league(A.LEAVE), Request(DAVE, "console"))
    assert left.keys == ("league.left",)
    await service.execute(league(A.PAIR), Request(ORGANISER, "console"))
    second = [g for g in await league_games(database) if g.round == 2]
    assert all(DAVE.id not in (g.black, g.white) for g in second)
    table = await service.execute(league(A.STANDINGS), Request(ALICE, "console"))
    assert table.table is not None and len(table.table.rows) == 4  # still listed


async def test_bad_input_is_refused_and_changes_nothing(
    service: GameService, database: Database
) -> None:
    cases = [
        (league(A.JOIN, "nowhere"), ALICE, "error.league_unknown"),
        (league(A.CREATE), ALICE, "error.league_organiser"),
        (league(A.CREATE, "bad name!"), ORGANISER, "error.league_name"),
        (league(A.CREATE, system="knockout"), ORGANISER, "error.option_choice"),
        (league(A.CREATE, rounds="3"), ORGANISER, "error.league_rounds_roundrobin"),
    ]
    for command, actor, key in cases:
        with pytest.raises(UserError) as error:
            await service.execute(command, Request(actor, "console"))
        assert error.value.key == key, command
    await create(service, ALICE)
    more = [
        (league(A.CREATE, "AUTUMN"), ORGANISER, "error.league_exists"),  # names ignore case
        (league(A.JOIN, "Autumn"), ALICE, "error.league_joined"),
        (league(A.START), ALICE, "error.league_organiser"),
        (league(A.START), ORGANISER, "error.league_too_few"),
        (league(A.PAIR), ORGANISER, "error.league_not_running"),
        (league(A.LEAVE), BOB, "error.league_not_member"),
    ]
    for command, actor, key in more:
        with pytest.raises(UserError) as error:
            await service.execute(command, Request(actor, "console"))
        assert error.value.key == key, command
    assert await league_games(database) == []


async def test_platform_organisers_and_communities(service: GameService) -> None:
    here = Request(BOB, "discord:55", community="discord:guild:9", organiser=True)
    view = await service.execute(league(A.CREATE, "winter"), here)
    assert view.keys == ("league.created",)
    elsewhere = await service.execute(league(A.LIST, None), Request(BOB, "console"))
    assert elsewhere.keys == ("league.none",)
    there = await service.execute(
        league(A.LIST, None), Request(ALICE, "discord:77", community="discord:guild:9")
    )
    assert there.keys == ("league.list_header", "league.list_line")


async def test_the_organiser_hears_when_a_round_is_over(
    service: GameService, database: Database
) -> None:
    await create(service, ALICE, BOB, CAROL, DAVE, system="swiss", rounds="2", time="3d")
    await service.execute(league(A.START), Request(ORGANISER, "console"))
    first, second = [g.id for g in await league_games(database)]
    view = await service.execute(Adjudicate("B+R"), Request(ORGANISER, "console", game=first))
    assert all(
        ORGANISER.id != n.player or n.lines[0].key != "league.round_done" for n in view.notify
    )
    shown = await service.execute(league(A.ROUND), Request(ALICE, "console"))
    assert "league.round_game_due" in shown.keys and "league.round_open" in shown.keys
    view = await service.execute(Adjudicate("W+R"), Request(ORGANISER, "console", game=second))
    done = [n for n in view.notify if n.player == ORGANISER.id]
    assert [key_of(n.lines[0]) for n in done] == ["league.round_done"]


async def test_a_league_mixes_platforms_by_its_number(service: GameService) -> None:
    """A Discord server's league, joined from a Telegram chat by its number: the game is played
    across the platforms, like any game between a Discord and a Telegram player."""
    server = Request(DISCORD_ANN, "discord:55", community="discord:guild:9", organiser=True)
    created = await service.execute(league(A.CREATE, "winter"), server)
    number = created.lines[0].split("number ")[1].split(")")[0]
    await service.execute(league(A.JOIN, "winter"), dataclasses.replace(server, organiser=False))
    from_telegram = Request(TELEGRAM_BEN, "telegram:-100")
    joined = await service.execute(league(A.JOIN, f"#{number}"), from_telegram)
    assert joined.keys == ("league.joined",)
    # a Telegram group's administrator does not run the Discord server's league
    with pytest.raises(UserError) as error:
        await service.execute(
            league(A.START, number), dataclasses.replace(from_telegram, organiser=True)
        )
    assert error.value.key == "error.league_organiser"
    started = await service.execute(league(A.START, "winter"), server)
    assert {n.player for n in started.notify} == {DISCORD_ANN.id, TELEGRAM_BEN.id}
    table = await service.execute(league(A.STANDINGS, number), from_telegram)
    assert table.table is not None and len(table.table.rows) == 2
    with pytest.raises(UserError) as error:
        await service.execute(league(A.JOIN, "12345"), from_telegram)
    assert error.value.key == "error.league_number_unknown"
    with pytest.raises(UserError) as error:
        await service.execute(league(A.CREATE, "2026"), server)
    assert error.value.key == "error.league_name"


async def test_a_league_is_read_by_number_only_where_it_belongs_or_by_its_people(
    service: GameService,
) -> None:
    """Any community may join a league by its number (how a club brings its members on the
    other platform in), but reads it (standings, rounds) only from its own community, or as
    one of its members (through any linked account) or organisers; a stranger elsewhere is
    refused without a word of its table."""
    server = Request(DISCORD_ANN, "discord:55", community="discord:guild:9", organiser=True)
    await service.execute(league(A.CREATE, "winter"), server)
    member = Request(DISCORD_ANN, "discord:55", community="discord:guild:9")
    await service.execute(league(A.JOIN, "winter"), member)
    stranger = Request(Actor("telegram:66", "eve"), "telegram:-200")
    for action, extra in ((A.STANDINGS, None), (A.ROUND, None), (A.ROUND, "1")):
        with pytest.raises(UserError) as error:
            await service.execute(league(action, "1", extra), stranger)
        assert error.value.key == "error.league_elsewhere" and error.value.params == {"id": 1}
    with pytest.raises(UserError) as error:  # nor as an organiser of another community
        await service.execute(
            league(A.STANDINGS, "#1"), dataclasses.replace(stranger, organiser=True)
        )
    assert error.value.key == "error.league_elsewhere"
    assert (await service.execute(league(A.LIST), stranger)).keys == ("league.none",)
    # its own community reads it by number too; its members and organisers from anywhere
    here = Request(Actor("discord:70", "kim"), "discord:56", community="discord:guild:9")
    ann_elsewhere = Request(DISCORD_ANN, "telegram:-200")  # ann, from another chat
    ben = Request(TELEGRAM_BEN, "telegram:-100")
    configured = Request(ORGANISER, "telegram:-300")  # ORGANISERS organise everywhere
    await service.execute(league(A.JOIN, "1"), ben)  # joined by number from Telegram
    for reader in (here, ann_elsewhere, ben, configured):
        table = await service.execute(league(A.STANDINGS, "1"), reader)
        assert table.table is not None and len(table.table.rows) == 2
    await service.execute(league(A.START, "winter"), server)
    assert (await service.execute(league(A.ROUND, "1"), ben)).keys[0] == "league.round_header"
    # a withdrawn member still reads the league the results of which count
    await service.execute(league(A.LEAVE, "1"), ben)
    assert (await service.execute(league(A.STANDINGS, "1"), ben)).table is not None


async def test_review_cases_are_refused_with_a_reason(
    service: GameService, database: Database
) -> None:
    """Odd numbers, words after `pair`, options where none belong: a clear refusal each."""
    await create(service, ALICE, BOB, CAROL, DAVE, system="swiss", rounds="2")
    await service.execute(league(A.START), Request(ORGANISER, "console"))
    cases = [
        (LeagueInfo(A.ROUND, "autumn", "²"), ALICE, "error.league_round_number"),
        (LeagueInfo(A.ROUND, "autumn", "9"), ALICE, "error.league_round_number"),
        (league(A.PAIR, extra="now"), ORGANISER, "error.league_force"),
        (league(A.JOIN, size="9"), FRANK, "error.league_options"),
        (league(A.JOIN, extra="x"), FRANK, "error.league_extra"),
    ]
    for command, actor, key in cases:
        with pytest.raises(UserError) as error:
            await service.execute(command, Request(actor, "console"))
        assert error.value.key == key, command
    assert len(await league_games(database)) == 2  # nothing paired


async def test_no_round_notice_after_the_league_ended(
    service: GameService, database: Database
) -> None:
    await create(service, ALICE, BOB, system="swiss", rounds="2")
    await service.execute(league(A.START), Request(ORGANISER, "console"))
    ended = await service.execute(league(A.END), Request(ORGANISER, "console"))
    assert ended.keys == ("league.ended", "league.ended_open")
    (game,) = await league_games(database)
    view = await service.execute(Adjudicate("B+R"), Request(ORGANISER, "console", game=game.id))
    assert all(key_of(n.lines[0]) != "league.round_done" for n in view.notify)


async def test_a_platform_organiser_adjudicates_only_their_own_communitys_games(
    service: GameService, database: Database
) -> None:
    server = Request(DISCORD_ANN, "discord:55", community="discord:guild:9", organiser=True)
    await service.execute(league(A.CREATE, "winter"), server)
    await service.execute(league(A.JOIN, "winter"), dataclasses.replace(server, organiser=False))
    ben = Request(TELEGRAM_BEN, "telegram:-100")
    await service.execute(league(A.JOIN, "1"), ben)
    await service.execute(league(A.START, "winter"), server)
    async with database.unit_of_work() as uow:
        (game,) = await uow.games.in_league(1)
    mallory = Request(Actor("telegram:999", "mallory"), "telegram:-777", organiser=True)
    with pytest.raises(UserError) as error:
        await service.execute(Adjudicate("W+R"), dataclasses.replace(mallory, game=game.id))
    assert error.value.key == "error.not_organiser_here"
    done = await service.execute(Adjudicate("W+R"), dataclasses.replace(server, game=game.id))
    assert "end.adjudicated" in done.keys or done.game_id == game.id


async def test_a_rejoin_from_a_linked_account_keeps_the_games(
    service: GameService, database: Database
) -> None:
    await create(service, ALICE, BOB, CAROL, DAVE, system="swiss", rounds="3")
    await service.execute(league(A.START), Request(ORGANISER, "console"))
    await finish_round(service, database, 1)
    before = await service.execute(league(A.STANDINGS), Request(BOB, "console"))
    await service.execute(league(A.LEAVE), Request(ALICE, "console"))
    alice_tg = Actor("telegram:77", "alice_tg")
    code = await service.execute(LinkAccount(), Request(ALICE))
    with pytest.raises(UserError) as error:  # the Telegram account may link: it holds no entry
        await service.execute(Unlink(), Request(ALICE, "console"))
    assert error.value.key == "error.unlink_none"
    await service.execute(LinkAccount(code.lines[0].split()[4].rstrip(".")), Request(alice_tg))
    await service.execute(LinkAccount("yes"), Request(ALICE))  # the code's owner agrees
    rejoined = await service.execute(league(A.JOIN), Request(alice_tg, "console"))
    assert rejoined.keys == ("league.joined_late",)
    after = await service.execute(league(A.STANDINGS), Request(BOB, "console"))
    assert before.table is not None and after.table is not None
    played = {row[1]: row[5] for row in before.table.rows}
    played["@alice_tg"] = played.pop("@alice")  # the entry plays from the new account now
    assert {row[1]: row[5] for row in after.table.rows} == played  # nobody lost a game
    # separating the accounts now would strand the entry
    with pytest.raises(UserError) as error:
        await service.execute(Unlink(), Request(alice_tg))
    assert error.value.key == "error.unlink_in_league"
