"""``league publish`` and ``unpublish`` typed on the console (issue 26), on SQLite and PostgreSQL:
a member is refused, the organiser gets the link (in their language), ``league list`` says the
league is on the web without its address, and unpublishing makes the address find nothing."""

from __future__ import annotations

import re

from service.i18n import t, translate
from service.ports import Database
from tests.bot.test_console_league import after, play


async def published(database: Database, token: str) -> str | None:
    async with database.unit_of_work() as uow:
        row = await uow.leagues.published(token)
        return None if row is None else row.name


async def test_an_organiser_publishes_and_unpublishes_on_the_console(
    real_database: Database,
) -> None:
    database = real_database
    lines = await play(
        database,
        [
            "org: league create Spring",
            "alice: league publish spring",
            "org: league publish spring",
            "alice: league list",
        ],
    )
    assert after(lines, "alice: league publish spring") == [
        "[alice] " + t("error.league_organiser")
    ]
    answer = after(lines, "org: league publish spring")
    found = re.search(r"http://localhost:8080/l/([A-Za-z0-9_-]{22})\b", answer[0])
    assert found is not None, answer
    token = found.group(1)
    assert answer[0] == "[org] " + t(
        "league.published", name="Spring", link=f"http://localhost:8080/l/{token}"
    )
    assert answer[1:] == ["[org] " + t("league.web_local")]  # GOBOT_WEB_URL is not set
    assert await published(database, token) == "Spring"
    listed = after(lines, "alice: league list")
    assert listed[1].endswith(" · " + t("league.list_published")), listed
    assert token not in "\n".join(listed)

    lines = await play(
        database,
        [
            "org: settings language=cs",
            "org: league publish spring",
            "org: league unpublish spring",
            "org: league unpublish spring",
        ],
    )
    again = after(lines, "org: league publish spring")[0]
    link = f"http://localhost:8080/l/{token}"
    assert again == "[org] " + translate("cs", "league.published_already", name="Spring", link=link)
    assert "[org] " + translate("cs", "league.unpublished", name="Spring") in lines
    gone = after(lines, "org: league unpublish spring")  # the second time
    assert gone == ["[org] " + translate("cs", "error.league_not_published", name="Spring")]
    assert await published(database, token) is None
