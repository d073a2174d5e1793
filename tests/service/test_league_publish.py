"""``league publish`` and ``league unpublish`` (issue 26): only the league's organisers put it on
the web, at ``<web address>/l/<token>`` with an unguessable token; publishing twice gives the same
address, unpublishing forgets the token (the old address finds nothing) and publishing again
makes a new one; ``league list`` says which leagues are published, never their address."""

from __future__ import annotations

import random

import pytest

from service import GameService
from service.club_commands import League, LeagueAction
from service.commands import Request
from service.errors import UserError
from service.i18n import Joined, key_of
from service.ports import Database
from tests.service.conftest import ALICE, BOB, ORGANISER, FakeClock

A = LeagueAction
WEB = "https://go.example.org/club"


def league(action: LeagueAction, name: str | None = "autumn", extra: str | None = None) -> League:
    return League(action, name, extra)


async def token_of(database: Database, name: str = "autumn") -> str | None:
    async with database.unit_of_work() as uow:
        row = await uow.leagues.find("console", name)
        assert row is not None
        return row.token


async def published(database: Database, token: str) -> str | None:
    """The name of the league published under ``token`` (None: none)."""
    async with database.unit_of_work() as uow:
        row = await uow.leagues.published(token)
        return None if row is None else row.name


@pytest.fixture
def web_service(database: Database, clock: FakeClock) -> GameService:
    return GameService(
        database, organisers={ORGANISER.id}, clock=clock, rng=random.Random(1), web_url=WEB
    )


async def test_publish_gives_the_link_and_unpublish_takes_it_away(
    web_service: GameService, database: Database
) -> None:
    service = web_service
    await service.execute(league(A.CREATE), Request(ORGANISER, "console"))
    assert await token_of(database) is None  # nothing is public by default
    view = await service.execute(league(A.PUBLISH), Request(ORGANISER, "console"))
    assert view.keys == ("league.published",)
    token = await token_of(database)
    assert token is not None and len(token) >= 22  # 128 random bits
    assert view.lines[0].params["link"] == f"{WEB}/l/{token}"  # type: ignore[attr-defined]
    assert await published(database, token) == "autumn"

    again = await service.execute(league(A.PUBLISH, "AUTUMN"), Request(ORGANISER, "console"))
    assert again.keys == ("league.published_already",)
    assert again.lines[0].params["link"] == f"{WEB}/l/{token}"  # type: ignore[attr-defined]
    assert await token_of(database) == token

    gone = await service.execute(league(A.UNPUBLISH), Request(ORGANISER, "console"))
    assert gone.keys == ("league.unpublished",)
    assert await token_of(database) is None
    assert await published(database, token) is None  # the old address finds nothing
    with pytest.raises(UserError) as error:
        await service.execute(league(A.UNPUBLISH), Request(ORGANISER, "console"))
    assert error.value.key == "error.league_not_published"

    await service.execute(league(A.PUBLISH), Request(ORGANISER, "console"))
    fresh = await token_of(database)
    assert fresh is not None and fresh != token  # a new address
    assert await published(database, token) is None
    assert await published(database, fresh) == "autumn"


async def test_only_the_leagues_organisers_publish(
    web_service: GameService, database: Database
) -> None:
    service = web_service
    await service.execute(league(A.CREATE), Request(ORGANISER, "console"))
    for action in (A.PUBLISH, A.UNPUBLISH):
        with pytest.raises(UserError) as error:
            await service.execute(league(action), Request(ALICE, "console"))
        assert error.value.key == "error.league_organiser"
    assert await token_of(database) is None
    # the league's creator organises it (a platform's organiser of its community)
    here = Request(BOB, "discord:55", community="discord:guild:9", organiser=True)
    await service.execute(league(A.CREATE, "winter"), here)
    view = await service.execute(
        league(A.PUBLISH, "winter"), Request(BOB, "discord:56", community="discord:guild:9")
    )
    assert view.keys == ("league.published",)
    with pytest.raises(UserError) as error:  # a member of that community who does not organise
        await service.execute(
            league(A.UNPUBLISH, "winter"),
            Request(ALICE, "discord:77", community="discord:guild:9"),
        )
    assert error.value.key == "error.league_organiser"


async def test_bad_publish_lines_are_refused_and_change_nothing(
    web_service: GameService, database: Database
) -> None:
    service = web_service
    with pytest.raises(UserError) as error:
        await service.execute(league(A.PUBLISH, "nowhere"), Request(ORGANISER, "console"))
    assert error.value.key == "error.league_unknown"
    with pytest.raises(UserError) as error:
        await service.execute(league(A.PUBLISH, None), Request(ORGANISER, "console"))
    assert error.value.key == "error.league_name_missing"
    await service.execute(league(A.CREATE), Request(ORGANISER, "console"))
    with pytest.raises(UserError) as error:
        await service.execute(league(A.PUBLISH, extra="now"), Request(ORGANISER, "console"))
    assert error.value.key == "error.league_extra"
    with pytest.raises(UserError) as error:
        await service.execute(
            League(A.PUBLISH, "autumn", None, {"size": "9"}), Request(ORGANISER, "console")
        )
    assert error.value.key == "error.league_options"
    assert await token_of(database) is None


async def test_without_a_public_address_the_link_is_local_and_says_so(
    service: GameService, database: Database
) -> None:
    await service.execute(league(A.CREATE), Request(ORGANISER, "console"))
    view = await service.execute(league(A.PUBLISH), Request(ORGANISER, "console"))
    assert view.keys == ("league.published", "league.web_local")
    token = await token_of(database)
    link = view.lines[0].params["link"]  # type: ignore[attr-defined]
    assert link == f"http://localhost:8080/l/{token}"


async def test_the_list_says_which_leagues_are_published_never_where(
    web_service: GameService, database: Database
) -> None:
    service = web_service
    await service.execute(league(A.CREATE), Request(ORGANISER, "console"))
    await service.execute(league(A.CREATE, "winter"), Request(ORGANISER, "console"))
    await service.execute(league(A.PUBLISH, "winter"), Request(ORGANISER, "console"))
    token = await token_of(database, "winter")
    assert token is not None
    view = await service.execute(league(A.LIST, None), Request(ALICE, "console"))
    assert view.keys == ("league.list_header", "league.list_line", "league.list_line")
    winter, autumn = view.lines[1:]  # newest first
    assert isinstance(winter, Joined)
    assert [key_of(part) for part in winter.parts] == ["league.list_line", "league.list_published"]
    assert not isinstance(autumn, Joined)
    assert all(token not in line for line in view.lines)
