"""The club-play port (service.club_ports), checked on every backend via the ``repository``
fixture: ratings and their changes (ranked per community through persons, i.e. linked accounts),
leagues, link codes, and every conflict that must raise ConcurrentUpdate. The games' and players'
club columns: test_club_games."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable

import pytest

from service.club_ports import LeagueRow, LeagueStatus, LinkCodeRow, RatingChange, RatingRow
from service.ports import ConcurrentUpdate, Contended, Database, GameRow, PlayerRow, UnitOfWork
from storage.memory import open_memory
from tests.storage.test_repository import new_game


def league(name: str, community: str = "discord:guild:1", **changes: object) -> LeagueRow:
    base = LeagueRow(
        id=0,
        community=community,
        name=name,
        status=LeagueStatus.ENTRY,
        organiser="discord:1",
        channel="discord:channel:5",
        created_at=10.0,
        updated_at=10.0,
        data={"members": ["discord:1"], "settings": {"size": 19}},
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def change(game_id: int, player: str, at: float, after: float = 1510.0) -> RatingChange:
    return RatingChange(game_id, player, 1500.0, after, 300.0, at)


async def games(repository: Database, *rows: GameRow) -> list[GameRow]:
    """``rows`` stored (and committed), with their ids."""
    async with repository.unit_of_work() as uow:
        added = [await uow.games.add(row) for row in rows]
        await uow.commit()
    return added


# -- ratings ------------------------------------------------------------------------------------


async def test_ratings_are_inserted_then_updated_by_version(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        assert await uow.ratings.get_many(["discord:1"]) == {}
        first = await uow.ratings.save(RatingRow("discord:1", updated_at=5.0))
        assert first == RatingRow("discord:1", version=1, updated_at=5.0)
        await uow.ratings.save(RatingRow("discord:2", 1600.0, 80.0, 0.059, 3))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        with pytest.raises(ConcurrentUpdate):  # a second insert of one person
            await uow.ratings.save(RatingRow("discord:1"))
        with pytest.raises(ConcurrentUpdate):  # no such rating to update
            await uow.ratings.save(RatingRow("discord:3", version=1))
        moved = dataclasses.replace(first, rating=1540.5, deviation=290.0, games=1, updated_at=6.0)
        second = await uow.ratings.save(moved)
        assert second == dataclasses.replace(moved, version=2)
        with pytest.raises(ConcurrentUpdate):  # the version moved on
            await uow.ratings.save(dataclasses.replace(first, rating=1400.0))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        found = await uow.ratings.get_many(["discord:1", "discord:2", "discord:3"])
        assert found == {
            "discord:1": second,
            "discord:2": RatingRow("discord:2", 1600.0, 80.0, 0.059, 3, version=1),
        }
        assert await uow.ratings.get_many([]) == {}


async def test_a_deleted_rating_is_gone_and_can_start_again(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        await uow.ratings.save(RatingRow("telegram:5", 1700.0))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        await uow.ratings.delete("telegram:5")
        await uow.ratings.delete("telegram:404")  # nothing to forget: no error
        assert await uow.ratings.get_many(["telegram:5"]) == {}
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.ratings.get_many(["telegram:5"]) == {}
        assert await uow.ratings.ranked() == []
        again = await uow.ratings.save(RatingRow("telegram:5"))
        assert again.version == 1 and again.rating == 1500.0


async def test_a_game_changes_each_rating_once_and_changes_are_newest_first(
    repository: Database,
) -> None:
    one, two, three = await games(repository, new_game(), new_game(), new_game())
    async with repository.unit_of_work() as uow:
        await uow.ratings.record(change(one.id, "discord:1", 10.0, after=1520.0))
        await uow.ratings.record(change(one.id, "discord:2", 10.0, after=1480.0))
        await uow.ratings.record(change(three.id, "telegram:5", 20.0))
        await uow.ratings.record(change(two.id, "discord:1", 20.0))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        with pytest.raises(ConcurrentUpdate):  # a result is rated once
            await uow.ratings.record(change(one.id, "discord:1", 30.0))
    async with repository.unit_of_work() as uow:
        alice = await uow.ratings.changes(["discord:1", "telegram:5"])
        assert [(c.game_id, c.player) for c in alice] == [
            (three.id, "telegram:5"),
            (two.id, "discord:1"),
            (one.id, "discord:1"),
        ]
        assert alice[-1] == RatingChange(one.id, "discord:1", 1500.0, 1520.0, 300.0, 10.0)
        latest = await uow.ratings.changes(["discord:1", "telegram:5"], limit=1)
        assert [c.game_id for c in latest] == [three.id]
        assert [c.after for c in await uow.ratings.changes(["discord:2"])] == [1480.0]
        assert await uow.ratings.changes([]) == []
        assert await uow.ratings.changes(["discord:9"]) == []


async def test_ranked_everyone_or_the_persons_who_played_in_a_community(
    repository: Database,
) -> None:
    a, b = await games(repository, new_game(community="guild:A"), new_game(community="guild:B"))
    async with repository.unit_of_work() as uow:
        await uow.players.save(PlayerRow("discord:1", "alice"))
        await uow.players.save(PlayerRow("telegram:5", "alice", person="discord:1"))
        await uow.players.save(PlayerRow("discord:2", "bob"))
        for game, player in ((a, "telegram:5"), (a, "discord:2"), (b, "console:Zed")):
            await uow.ratings.record(change(game.id, player, 1.0))
        await uow.ratings.record(change(b.id, "console:amy", 1.0))  # no players row
        for person, rating in (
            ("discord:1", 1600.0),
            ("discord:2", 1550.0),
            ("console:Zed", 1700.0),
            ("console:amy", 1700.0),
            ("telegram:5", 1800.0),  # a stale rating of the linked account: not the person's
            ("discord:9", 2000.0),  # rated, but never played in these communities
        ):
            await uow.ratings.save(RatingRow(person, rating))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        everyone = [r.person for r in await uow.ratings.ranked()]
        assert everyone == [
            "discord:9",
            "telegram:5",
            "console:Zed",  # a tie: by person ("Z" before "a", as Python orders text)
            "console:amy",
            "discord:1",
            "discord:2",
        ]
        assert [r.person for r in await uow.ratings.ranked(limit=2)] == everyone[:2]
        in_a = await uow.ratings.ranked("guild:A")
        assert [(r.person, r.rating) for r in in_a] == [
            ("discord:1", 1600.0),
            ("discord:2", 1550.0),
        ]
        assert [r.person for r in await uow.ratings.ranked("guild:B")] == [
            "console:Zed",
            "console:amy",
        ]
        assert [r.person for r in await uow.ratings.ranked("guild:B", limit=1)] == ["console:Zed"]
        assert await uow.ratings.ranked("guild:C") == []


# -- leagues ------------------------------------------------------------------------------------


async def test_leagues_are_added_found_by_name_in_any_case_and_listed(
    repository: Database,
) -> None:
    async with repository.unit_of_work() as uow:
        spring = await uow.leagues.add(league("Spring Cup"))
        street = await uow.leagues.add(league("Straße"))
        other = await uow.leagues.add(league("SPRING cup", community="telegram:-100"))
        await uow.commit()
    assert spring.version == 1 and len({spring.id, street.id, other.id}) == 3
    assert spring == dataclasses.replace(league("Spring Cup"), id=spring.id, version=1)
    async with repository.unit_of_work() as uow:
        assert await uow.leagues.get(spring.id) == spring
        assert await uow.leagues.get(spring.id + 1000) is None
        assert await uow.leagues.find("discord:guild:1", "spring cup") == spring
        assert await uow.leagues.find("discord:guild:1", "STRASSE") == street  # case-folded
        assert await uow.leagues.find("telegram:-100", "Spring Cup") == other
        assert await uow.leagues.find("telegram:-100", "Straße") is None
        assert await uow.leagues.find("discord:guild:2", "Spring Cup") is None
        named = await uow.leagues.named("SPRING CUP")
        assert [row.id for row in named] == [spring.id, other.id]  # oldest first
        assert await uow.leagues.named("Autumn") == []
        newest_first = await uow.leagues.for_community("discord:guild:1")
        assert [row.id for row in newest_first] == [street.id, spring.id]
        assert await uow.leagues.for_community("discord:guild:2") == []


async def test_a_name_is_taken_once_per_community(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        await uow.leagues.add(league("Spring Cup"))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        with pytest.raises(ConcurrentUpdate):
            await uow.leagues.add(league("spring CUP", organiser="discord:2"))
    async with repository.unit_of_work() as uow:
        assert len(await uow.leagues.named("Spring Cup")) == 1


async def test_leagues_are_updated_by_version(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        spring = await uow.leagues.add(league("Spring"))
        autumn = await uow.leagues.add(league("Autumn"))
        await uow.commit()
    running = dataclasses.replace(
        spring,
        status=LeagueStatus.RUNNING,
        round=1,
        updated_at=20.0,
        data={"members": ["discord:1", "discord:2"], "byes": {"1": "discord:3"}},
    )
    async with repository.unit_of_work() as uow:
        saved = await uow.leagues.update(running)
        assert saved == dataclasses.replace(running, version=2)
        with pytest.raises(ConcurrentUpdate):  # the version moved on
            await uow.leagues.update(dataclasses.replace(spring, status=LeagueStatus.ENDED))
        with pytest.raises(ConcurrentUpdate):  # renamed to a name its community has
            await uow.leagues.update(dataclasses.replace(autumn, name="SPRING"))
        with pytest.raises(ConcurrentUpdate):  # no such league
            await uow.leagues.update(dataclasses.replace(spring, id=spring.id + 1000))
        renamed = await uow.leagues.update(dataclasses.replace(autumn, name="Fall"))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.leagues.get(spring.id) == saved
        assert await uow.leagues.get(spring.id, lock=True) == saved  # the same row, held
        assert await uow.leagues.get(spring.id + 1000, lock=True) is None
        assert await uow.leagues.find("discord:guild:1", "fall") == renamed
        assert await uow.leagues.find("discord:guild:1", "Autumn") is None


async def test_a_published_league_is_found_by_its_token_only(repository: Database) -> None:
    """``published`` finds the league whose token it is, from any community; an unpublished
    league has none (its old token finds nothing), and no text makes it raise."""
    async with repository.unit_of_work() as uow:
        spring = await uow.leagues.add(league("Spring"))
        autumn = await uow.leagues.add(league("Autumn", community="telegram:-100", token="aB3_-x"))
        await uow.commit()
    assert spring.token is None and autumn.token == "aB3_-x"
    async with repository.unit_of_work() as uow:
        assert await uow.leagues.get(autumn.id) == autumn
        shown = await uow.leagues.update(dataclasses.replace(spring, token="Tok_en-1"))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.leagues.published("Tok_en-1") == shown
        assert await uow.leagues.published("aB3_-x") == autumn
        assert await uow.leagues.find("discord:guild:1", "spring") == shown
        assert [row.token for row in await uow.leagues.for_community("discord:guild:1")] == [
            "Tok_en-1"
        ]
        assert [row.token for row in await uow.leagues.named("autumn")] == ["aB3_-x"]
        assert [row.token for row in await uow.leagues.unfinished()] == ["Tok_en-1", "aB3_-x"]
        for text in ("tok_en-1", "Tok_en-", "", " ", "x\x00", "\ud800", "é", "a" * 10_000, "%"):
            assert await uow.leagues.published(text) is None, text
        hidden = await uow.leagues.update(dataclasses.replace(shown, token=None))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.leagues.published("Tok_en-1") is None
        assert await uow.leagues.get(spring.id) == hidden


async def test_a_token_belongs_to_one_league(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        spring = await uow.leagues.add(league("Spring", token="same"))
        autumn = await uow.leagues.add(league("Autumn"))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        with pytest.raises(ConcurrentUpdate) as taken:
            await uow.leagues.update(dataclasses.replace(autumn, token="same"))
    assert taken.value.what is Contended.LEAGUE
    async with repository.unit_of_work() as uow:
        with pytest.raises(ConcurrentUpdate):
            await uow.leagues.add(league("Winter", token="same"))
    async with repository.unit_of_work() as uow:
        assert await uow.leagues.published("same") == spring
        assert await uow.leagues.get(autumn.id) == autumn
        assert await uow.leagues.find("discord:guild:1", "winter") is None


async def test_conflicts_say_what_changed_first(repository: Database) -> None:
    """Each conflict names what another unit changed first: the refusal after the retries
    (``Busy``) says so in its words."""
    async with repository.unit_of_work() as uow:
        spring = await uow.leagues.add(league("Spring"))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        await uow.leagues.update(spring)
        with pytest.raises(ConcurrentUpdate) as moved:
            await uow.leagues.update(spring)
        with pytest.raises(ConcurrentUpdate) as taken:
            await uow.leagues.add(league("SPRING"))
    assert moved.value.what is taken.value.what is Contended.LEAGUE


# -- link codes ---------------------------------------------------------------------------------


async def test_link_codes_are_added_once_and_used_once(repository: Database) -> None:
    code = LinkCodeRow("K7P2QX", "discord:1", created_at=100.0, expires_at=700.0)
    async with repository.unit_of_work() as uow:
        await uow.codes.add(code)
        await uow.codes.add(LinkCodeRow("AAAAAA", "discord:1", 50.0, 650.0))
        await uow.codes.add(LinkCodeRow("BBBBBB", "telegram:5", 120.0, 720.0))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        with pytest.raises(ConcurrentUpdate):
            await uow.codes.add(LinkCodeRow("K7P2QX", "telegram:5", 200.0, 800.0))
    async with repository.unit_of_work() as uow:
        assert await uow.codes.get("K7P2QX") == code
        assert await uow.codes.get("ZZZZZZ") is None
        assert await uow.codes.made_since("discord:1", 50.0) == 2
        assert await uow.codes.made_since("discord:1", 100.0) == 1
        assert await uow.codes.made_since("discord:1", 100.5) == 0
        assert await uow.codes.made_since("console:zed", 0.0) == 0
        await uow.codes.use("K7P2QX", 300.0)
        with pytest.raises(ConcurrentUpdate):  # used already (in this unit of work)
            await uow.codes.use("K7P2QX", 301.0)
        with pytest.raises(ConcurrentUpdate):  # no such code
            await uow.codes.use("ZZZZZZ", 301.0)
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.codes.get("K7P2QX") == dataclasses.replace(code, used_at=300.0)
        with pytest.raises(ConcurrentUpdate):
            await uow.codes.use("K7P2QX", 400.0)


# -- units of work ------------------------------------------------------------------------------


async def test_a_code_is_claimed_once_and_waits_for_its_owner(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        await uow.codes.add(LinkCodeRow("K7P2QX", "discord:1", 100.0, 700.0))
        await uow.codes.add(LinkCodeRow("AAAAAA", "discord:1", 50.0, 650.0))
        await uow.codes.add(LinkCodeRow("BBBBBB", "discord:1", 60.0, 660.0))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.codes.claims("discord:1", 200.0) == []  # nobody entered one yet
        await uow.codes.claim("K7P2QX", "telegram:5")
        await uow.codes.claim("AAAAAA", "telegram:6")
        await uow.codes.claim("BBBBBB", "telegram:7")
        with pytest.raises(ConcurrentUpdate):  # one account waits on a code
            await uow.codes.claim("K7P2QX", "telegram:8")
        with pytest.raises(ConcurrentUpdate):
            await uow.codes.claim("ZZZZZZ", "telegram:8")
        await uow.codes.use("BBBBBB", 210.0)  # answered: no longer waiting
        await uow.commit()
    async with repository.unit_of_work() as uow:
        waiting = await uow.codes.claims("discord:1", 200.0)
        assert [(c.code, c.claimed_by) for c in waiting] == [
            ("AAAAAA", "telegram:6"),  # the oldest first
            ("K7P2QX", "telegram:5"),
        ]
        assert [c.code for c in await uow.codes.claims("discord:1", 650.0)] == ["K7P2QX"]
        assert await uow.codes.claims("telegram:5", 200.0) == []
        assert (await uow.codes.get("K7P2QX")) == LinkCodeRow(
            "K7P2QX", "discord:1", 100.0, 700.0, None, "telegram:5"
        )
        await uow.codes.use("AAAAAA", 300.0)
        with pytest.raises(ConcurrentUpdate):  # a used code is not claimed again
            await uow.codes.claim("AAAAAA", "telegram:9")


async def test_wrong_codes_are_counted_per_player_and_forgotten_later(
    repository: Database,
) -> None:
    async with repository.unit_of_work() as uow:
        for at in (10.0, 20.0, 30.0):
            await uow.codes.fail("telegram:5", at, at - 3600.0)
        await uow.codes.fail("telegram:6", 25.0, 0.0)
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.codes.failures("telegram:5", 0.0) == [10.0, 20.0, 30.0]
        assert await uow.codes.failures("telegram:5", 20.0) == [20.0, 30.0]
        assert await uow.codes.failures("telegram:7", 0.0) == []
        await uow.codes.fail("telegram:5", 4000.0, 15.0)  # those before 15 are forgotten
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.codes.failures("telegram:5", 0.0) == [20.0, 30.0, 4000.0]
        assert await uow.codes.failures("telegram:6", 0.0) == [25.0]


async def test_club_writes_roll_back_with_their_unit(repository: Database) -> None:
    (game,) = await games(repository, new_game())
    async with repository.unit_of_work() as uow:
        await uow.ratings.save(RatingRow("discord:1"))
        await uow.ratings.record(change(game.id, "discord:1", 1.0))
        added = await uow.leagues.add(league("Spring"))
        await uow.codes.add(LinkCodeRow("K7P2QX", "discord:1", 1.0, 2.0))
    async with repository.unit_of_work() as uow:
        assert await uow.ratings.get_many(["discord:1"]) == {}
        assert await uow.ratings.changes(["discord:1"]) == []
        assert await uow.leagues.get(added.id) is None
        assert await uow.leagues.find("discord:guild:1", "Spring") is None
        assert await uow.codes.get("K7P2QX") is None


async def test_a_unit_goes_on_after_a_club_conflict(repository: Database) -> None:
    """A conflict fails its own statement only (PostgreSQL would abort the whole transaction on
    a failed statement): the unit of work reads, writes and commits after it."""
    (game,) = await games(repository, new_game())
    async with repository.unit_of_work() as uow:
        spring = await uow.leagues.add(league("Spring"))
        autumn = await uow.leagues.add(league("Autumn"))
        await uow.ratings.record(change(game.id, "discord:1", 1.0))
        await uow.codes.add(LinkCodeRow("K7P2QX", "discord:1", 1.0, 2.0))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        conflicts: list[Awaitable[object]] = [
            uow.leagues.add(league("SPRING")),
            uow.leagues.update(dataclasses.replace(autumn, name="spring")),
            uow.ratings.record(change(game.id, "discord:1", 2.0)),
            uow.codes.add(LinkCodeRow("K7P2QX", "discord:2", 1.0, 2.0)),
        ]
        for conflict in conflicts:
            with pytest.raises(ConcurrentUpdate):
                await conflict
        await uow.leagues.update(dataclasses.replace(spring, round=1))
        await uow.commit()
    async with repository.unit_of_work() as uow:
        stored = await uow.leagues.get(spring.id)
        assert stored is not None and stored.round == 1 and stored.version == 2


Race = Callable[[UnitOfWork, int], Awaitable[object]]
RACES: dict[str, Race] = {
    "the same code": lambda uow, _: uow.codes.use("K7P2QX", 5.0),
    "a new rating": lambda uow, _: uow.ratings.save(RatingRow("discord:7")),
    "a rating's version": lambda uow, _: uow.ratings.save(RatingRow("discord:1", version=1)),
    "a league's name": lambda uow, n: uow.leagues.add(league("Winter" if n else "WINTER")),
    "a game's change": lambda uow, game_id: uow.ratings.record(change(game_id, "discord:1", 1.0)),
}


@pytest.mark.parametrize("race", RACES)
async def test_of_two_units_racing_for_one_key_one_wins(repository: Database, race: str) -> None:
    """Two accounts entering one code, two results rating one game, two organisers naming two
    leagues alike: whatever the backend's way (a lock, a row lock, the first committer), one
    commits and the other gets ConcurrentUpdate."""
    (game,) = await games(repository, new_game())
    async with repository.unit_of_work() as uow:
        await uow.codes.add(LinkCodeRow("K7P2QX", "discord:1", 1.0, 2.0))
        await uow.ratings.save(RatingRow("discord:1"))
        await uow.commit()

    async def attempt(number: int) -> bool:
        try:
            async with repository.unit_of_work() as uow:
                await RACES[race](uow, game.id if race == "a game's change" else number)
                await asyncio.sleep(0.05)  # the other unit runs into this one's change
                await uow.commit()
        except ConcurrentUpdate:
            return False
        return True

    assert sorted(await asyncio.gather(attempt(0), attempt(1))) == [False, True]


async def test_memory_a_deleted_rating_stays_until_its_unit_commits() -> None:
    """The in-memory backend keeps a deletion as a write like any other: others read the rating
    until the deleting unit commits."""
    database = await open_memory()
    async with database.unit_of_work() as uow:
        await uow.ratings.save(RatingRow("discord:1"))
        await uow.commit()
    async with database.unit_of_work() as first, database.unit_of_work() as second:
        await first.ratings.delete("discord:1")
        assert await first.ratings.get_many(["discord:1"]) == {}
        assert list(await second.ratings.get_many(["discord:1"])) == ["discord:1"]
        await first.commit()
        assert await second.ratings.get_many(["discord:1"]) == {}
        assert await second.ratings.ranked() == []
