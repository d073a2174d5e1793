"""The published league's pages through the service, on every backend: every page in three
languages, the same plain 404 for whatever is not published (without saying whether a league
exists), display names only (never a platform id), hostile names escaped, the moves stepped
through with plain links, the count's legend at the end, and the board image's caching."""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.web.routes import READER, STAMP_SECONDS
from service.club_commands import League, LeagueAction, ShowGamePage, ShowLeaguePage
from service.commands import Actor, Request, Resign
from service.i18n import in_language, translate
from tests.web.kit import (
    HOSTILE,
    OTHER_TOKEN,
    PLAYERS,
    TOKEN,
    Built,
    build_league,
    new_service,
    open_backend,
    org,
    play,
    publish,
    request,
    serve,
    unlimited,
)

LANGUAGES = ("en", "cs", "hu")


class Clock:
    """The web app's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


PLATFORM_IDS = ("discord:", "telegram:", "console:")
NAME_CELL = re.compile(r'<td class="name"><a href="[^"]+">([^<]*)</a>')


def words(code: str, key: str, **params: object) -> str:
    """The catalogue's ``key`` in ``code`` as the page writes it (escaped)."""
    return html.escape(translate(code, key, **params), quote=False)


def assert_private(body: str) -> None:
    for prefix in PLATFORM_IDS:
        assert prefix not in body
    assert HOSTILE not in body  # a name is text, never markup


def paths(built: Built) -> list[str]:
    base = f"/l/{TOKEN}"
    return [
        base,
        f"{base}/game/{built.counted}",
        f"{base}/game/{built.counted}?move=3",
        f"{base}/game/{built.open}",
        f"{base}/game/{built.open}?move=0",
        *(f"{base}/player/{n}" for n in range(1, len(PLAYERS) + 1)),
    ]


def not_found(built: Built) -> list[str]:
    base = f"/l/{TOKEN}"
    return [
        "/",
        "/l/",
        "/l/unknown-token-000000000000",
        "/l/" + "x" * 300,
        "/l/bad%20token",
        f"/l/{OTHER_TOKEN}/game/{built.counted}",  # a stranger's token, our game
        f"{base}/game/{built.other_game}",  # another league's game
        f"{base}/game/abc",
        f"{base}/game/-1",
        f"{base}/game/99999",
        f"{base}/game/{built.counted}?move=999",
        f"{base}/game/{built.counted}?move=-1",
        f"{base}/game/{built.counted}?move=x",
        f"{base}/game/{built.other_game}.sgf",
        f"{base}/game/{built.other_game}/board.png",
        f"{base}/player/0",
        f"{base}/player/{len(PLAYERS) + 1}",
        f"{base}/player/discord:1001",
        f"{base}/player/1.5",
        "/static/../bot/web/app.py",
        "/static/nothing.css",
    ]


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgresql"])
async def test_every_page_in_three_languages_and_404_for_the_rest(
    kind: str, tmp_path: Path
) -> None:
    async with open_backend(kind, tmp_path) as database:
        service = new_service(database)
        built = await build_league(service, database)
        async with serve(unlimited(service)) as client:
            for code in LANGUAGES:
                for path in paths(built):
                    joiner = "&" if "?" in path else "?"
                    response = await client.get(f"{path}{joiner}lang={code}")
                    body = await response.text()
                    assert response.status == 200, path
                    assert response.headers["Content-Type"] == "text/html; charset=utf-8"
                    assert f'<html lang="{code}"' in body
                    assert words(code, "web.footer") in body
                    assert_private(body)
                league = await (await client.get(f"/l/{TOKEN}?lang={code}")).text()
                for key in ("web.standings", "web.crosstable", "web.rounds"):
                    assert words(code, key) in league
            wrong = await client.get(f"/l/{OTHER_TOKEN}")
            assert wrong.status == 200  # the other league is published under its own token
            expected = await (await client.get("/l/unknown-token-000000000000")).text()
            for path in not_found(built):
                response = await client.get(path)
                assert response.status == 404, path
                assert await response.text() == expected.replace(
                    "/l/unknown-token-000000000000", response.url.path
                ), path
            await publish(database, built.league_id, None)  # unpublished after publishing
            for path in paths(built):
                assert (await client.get(path)).status == 404, path


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Built]:
    async with open_backend("memory", tmp_path) as database:
        service = new_service(database)
        yield await build_league(service, database)


async def test_the_league_page_has_real_tables_in_the_services_order(site: Built) -> None:
    async with serve(unlimited(site.service)) as client:
        body = await (await client.get(f"/l/{TOKEN}")).text()
    page = await site.service.execute(ShowLeaguePage(TOKEN), Request(Actor("web:t", "t")))
    standings = body[body.index('<table id="standings">') : body.index("</table>")]
    assert "<caption>" in standings
    assert standings.count('<th scope="col"') == 7  # the short titles carry the whole word
    names = [html.unescape(n) for n in NAME_CELL.findall(standings)]
    assert names == [row.name for row in page.standings]
    assert sorted(names) == sorted(a.name for a in PLAYERS)
    assert '<table id="crosstable">' in body
    rounds = body[body.index('<section id="rounds"') :]
    links = re.findall(r'<a class="game" href="([^"]+)"', rounds)
    assert links == [f"/l/{TOKEN}/game/{g}" for g in (site.counted, site.open)]
    assert "&lt;script&gt;alert(" in body and "<script>alert" not in body  # escaped: text


async def test_a_game_is_stepped_through_with_plain_links(site: Built) -> None:
    game = f"/l/{TOKEN}/game/{site.counted}"
    async with serve(unlimited(site.service)) as client:
        middle = await (await client.get(f"{game}?move=5&lang=cs")).text()
        first = await (await client.get(f"{game}?move=0")).text()
        last = await (await client.get(game)).text()
    assert f'<a rel="prev" href="{game}?lang=cs&amp;move=4">' in middle
    assert f'<a rel="next" href="{game}?lang=cs&amp;move=6">' in middle
    assert f'<a rel="first" href="{game}?lang=cs&amp;move=0">' in middle
    assert f'<a rel="last" href="{game}?lang=cs">' in middle
    assert 'rel="prev"' not in first and 'rel="next"' in first
    assert 'rel="next"' not in last and 'rel="prev"' in last
    assert middle.count("<li") >= 20  # the move list: every move a link
    assert 'id="moves"' in middle
    alt = re.search(r'<img id="board" src="([^"]+)" alt="([^"]+)"', middle)
    assert alt is not None
    assert "move=5" in alt[1] and "lang=cs" in alt[1]
    move = translate("cs", "web.alt_move", n=5, color=translate("cs", "color.black"), point="E3")
    assert html.escape(move) in alt[2]
    assert f'href="{game}.sgf"' in middle
    assert 'id="live"' not in last  # finished: nothing to follow
    assert f'<a href="{game}?lang=hu&amp;move=5" hreflang="hu"' in middle  # the same position


async def test_the_count_at_the_end_has_the_chats_legend(site: Built) -> None:
    reader = Request(Actor("web:t", "t"))
    page = await site.service.execute(ShowGamePage(TOKEN, site.counted), reader)
    assert page.tally is not None and in_language("cs", page.tally) != page.tally  # data
    async with serve(unlimited(site.service)) as client:
        for code in LANGUAGES:
            body = await (await client.get(f"/l/{TOKEN}/game/{site.counted}?lang={code}")).text()
            assert 'id="count"' in body
            assert html.escape(in_language(code, page.tally), quote=False) in body
            for key in ("legend.black_territory", "legend.white_territory"):
                assert words(code, key) in body


async def test_an_open_games_latest_position_is_live(site: Built) -> None:
    game = f"/l/{TOKEN}/game/{site.open}"
    async with serve(unlimited(site.service)) as client:
        latest = await client.get(game)
        body = await latest.text()
        earlier = await (await client.get(f"{game}?move=1")).text()
    assert latest.headers["Cache-Control"] == "no-store"
    assert f'<section id="live" data-events="{game}/events?since=' in body
    assert '<script src="/static/live.js" defer></script>' in body
    assert 'id="live"' not in earlier and "live.js" not in earlier


def board_address(body: str) -> str:
    """The address of the board image a game page shows."""
    found = re.search(r'<img id="board" src="([^"]+)"', body)
    assert found is not None
    return html.unescape(found[1])


async def test_the_board_image_is_cached_only_when_it_cannot_change(site: Built) -> None:
    game = f"/l/{TOKEN}/game/{site.counted}"
    async with serve(unlimited(site.service)) as client:
        dark = board_address(await (await client.get(f"{game}?move=4&theme=dark")).text())
        assert "v=" in dark  # the version of what it draws
        done = await client.get(dark)
        png = await done.read()
        assert png.startswith(b"\x89PNG") and done.content_type == "image/png"
        assert "immutable" in done.headers["Cache-Control"]
        tag = done.headers["ETag"]
        again = await client.get(dark, headers={"If-None-Match": tag})
        assert again.status == 304
        light = await client.get(dark.replace("theme=dark", "theme=light"))
        assert light.headers["ETag"] != tag and (await light.read()) != png
        unversioned = await client.get(f"{game}/board.png?move=4&theme=dark")
        assert unversioned.headers["Cache-Control"] == "no-cache"  # not for good: no version
        live = await client.get(f"/l/{TOKEN}/game/{site.open}/board.png")
        assert live.headers["Cache-Control"] == "no-cache"
        assert (await live.read()).startswith(b"\x89PNG")


async def test_a_new_display_name_gives_the_board_image_a_new_address(site: Built) -> None:
    """A finished game's board image is kept for good at its address; what it draws can still
    change (a player's new name): then the page shows it at another address, and the old
    address is no longer kept (nor its ETag matched)."""
    game = f"/l/{TOKEN}/game/{site.counted}"
    async with serve(unlimited(site.service)) as client:
        before = board_address(await (await client.get(game)).text())
        first = await client.get(before)
        tag = first.headers["ETag"]
        page = await site.service.execute(ShowGamePage(TOKEN, site.counted), Request(READER))
        black = next(a for a in PLAYERS if a.name == page.game.black)
        async with site.database.unit_of_work() as uow:  # as their next command would
            row = await uow.players.get(black.id)
            assert row is not None
            await uow.players.save(dataclasses.replace(row, name="Renamed Player"))
            await uow.commit()
        after = board_address(await (await client.get(game)).text())
        assert after != before
        old = await client.get(before, headers={"If-None-Match": tag})
        assert old.status == 200 and old.headers["Cache-Control"] == "no-cache"
        assert "immutable" in (await client.get(after)).headers["Cache-Control"]


async def test_the_record_names_people_by_their_display_names(site: Built) -> None:
    async with serve(unlimited(site.service)) as client:
        response = await client.get(f"/l/{TOKEN}/game/{site.counted}.sgf")
        record = (await response.read()).decode()
    assert response.headers["Content-Type"] == "application/x-go-sgf; charset=utf-8"
    assert f'filename="game-{site.counted}.sgf"' in response.headers["Content-Disposition"]
    assert "PB[" in record and "RE[B+2.5]" in record
    for prefix in PLATFORM_IDS:
        assert prefix not in record


async def test_the_reader_chooses_the_language(site: Built) -> None:
    async with serve(unlimited(site.service, language="hu")) as client:
        asked = await (
            await client.get(f"/l/{TOKEN}", headers={"Accept-Language": "de, cs;q=0.8"})
        ).text()
        fallback = await (await client.get(f"/l/{TOKEN}", headers={"Accept-Language": "fr"})).text()
        chosen = await (
            await client.get(f"/l/{TOKEN}?lang=en", headers={"Accept-Language": "cs"})
        ).text()
    assert '<html lang="cs"' in asked
    assert '<html lang="hu"' in fallback
    assert '<html lang="en"' in chosen
    assert f'href="/l/{TOKEN}/player/1?lang=en"' in chosen  # the choice is kept on every link
    assert f'<a href="/l/{TOKEN}?lang=cs" hreflang="cs"' in chosen  # the switcher


async def test_league_publish_and_unpublish_open_and_close_the_pages(site: Built) -> None:
    async def token_now() -> str | None:
        async with site.database.unit_of_work() as uow:
            row = await uow.leagues.get(site.league_id)
        assert row is not None
        return row.token

    clock = Clock()
    async with serve(unlimited(site.service, clock=clock)) as client:
        await site.service.execute(League(LeagueAction.UNPUBLISH, "Podzim"), org())
        assert await token_now() is None
        assert (await client.get(f"/l/{TOKEN}")).status == 404
        await site.service.execute(League(LeagueAction.PUBLISH, "Podzim"), org())
        token = await token_now()
        assert token is not None and token != TOKEN
        for path in (f"/l/{token}", f"/l/{token}/game/{site.counted}", f"/l/{token}/player/1"):
            assert (await client.get(path)).status == 200, path
        await site.service.execute(League(LeagueAction.UNPUBLISH, "Podzim"), org())
        clock.now += STAMP_SECONDS  # a kept league page is served a second at most
        for path in (f"/l/{token}", f"/l/{token}/game/{site.counted}.sgf"):
            assert (await client.get(path)).status == 404, path


async def test_the_league_page_is_rendered_again_only_when_it_would_change(
    site: Built, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moves of a game being played leave the league page as it was (it is kept, not read and
    rendered again); a result shows once the kept page's second is over, in each reader's
    language."""
    reads: list[object] = []
    execute = site.service.execute

    async def counting(command, request):  # type: ignore[no-untyped-def]
        if isinstance(command, ShowLeaguePage):
            reads.append(command)
        return await execute(command, request)

    monkeypatch.setattr(site.service, "execute", counting)
    league = f"/l/{TOKEN}"
    clock = Clock()
    async with serve(unlimited(site.service, clock=clock)) as client:
        first = await (await client.get(league)).text()
        await play(site.service, site.database, site.open, "G3", "C5")
        clock.now += STAMP_SECONDS  # the stamp is read again: the same
        again = await (await client.get(league)).text()
        assert again == first and len(reads) == 1
        czech = await (await client.get(f"{league}?lang=cs")).text()
        assert czech != first and len(reads) == 2  # each reader's page is kept apart
        async with site.database.unit_of_work() as uow:
            row = await uow.games.get(site.open)
        assert row is not None and row.to_move is not None
        loser = next(a for a in PLAYERS if a.id == row.to_move)
        await site.service.execute(Resign(confirm=True), request(loser, site.open))
        assert await (await client.get(league)).text() == first  # within the second
        clock.now += STAMP_SECONDS
        after = await (await client.get(league)).text()
        assert len(reads) == 3 and after != first
        assert "+R" in after


async def test_the_address_never_changes_a_kept_page(site: Built) -> None:
    """Only a game page's own, checked move is kept on its language links: a ``move`` in any
    other page's address is not copied into it, nor into the league page kept for others."""
    league = f"/l/{TOKEN}"
    async with serve(unlimited(site.service)) as client:
        planted = await (await client.get(f"{league}?move=EVIL")).text()
        plain = await (await client.get(league)).text()
        player = await (await client.get(f"{league}/player/1?move=EVIL")).text()
    for body in (planted, plain, player):
        assert "EVIL" not in body and "move=" not in body
    assert f'<a href="{league}?lang=cs" hreflang="cs"' in plain


async def test_behind_a_proxy_every_link_starts_with_its_path(site: Built) -> None:
    """A proxy serves the site at ``/go/`` and strips ``/go`` from each request: the app's
    routes stay at ``/``, and every link in a page (styles, script, board images, the live
    stream, games, players, the languages, the record) starts with ``/go/``."""
    base = f"/l/{TOKEN}"
    pages = (
        base,
        f"{base}/game/{site.open}",
        f"{base}/game/{site.counted}?move=3",
        f"{base}/player/1",
        "/l/nothing-here",  # the 404 page too
    )
    async with serve(unlimited(site.service, root="/go/")) as client:
        for path in pages:
            body = await (await client.get(path)).text()
            links = re.findall(r'(?:href|src|srcset|data-events|data-page)="([^"#]+)"', body)
            assert links, path
            for link in links:
                assert link.startswith("/go/"), (path, link)
            assert '<link rel="stylesheet" href="/go/static/site.css">' in body
        game = await (await client.get(f"{base}/game/{site.open}")).text()
        assert '<script src="/go/static/live.js" defer></script>' in game
        assert f'data-events="/go{base}/game/{site.open}/events?since=' in game
        board = board_address(game)
        assert board.startswith(f"/go{base}/game/{site.open}/board.png?")
        assert (await client.get(board.removeprefix("/go"))).status == 200  # as the proxy asks


async def test_a_finished_games_page_is_kept_and_an_open_games_is_not(
    site: Built, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished game's page is read and rendered once per position and reader, then kept while
    its stamp holds; an open game's latest page is rendered for every request (its clock's words
    change without a move)."""
    reads: list[ShowGamePage] = []
    execute = site.service.execute

    async def counting(command, request):  # type: ignore[no-untyped-def]
        if isinstance(command, ShowGamePage):
            reads.append(command)
        return await execute(command, request)

    monkeypatch.setattr(site.service, "execute", counting)
    finished, live = f"/l/{TOKEN}/game/{site.counted}", f"/l/{TOKEN}/game/{site.open}"
    async with serve(unlimited(site.service)) as client:
        first = await (await client.get(finished)).text()
        assert await (await client.get(finished)).text() == first
        assert len(reads) == 1
        await client.get(f"{finished}?move=1")
        await client.get(f"{finished}?move=1")
        await client.get(f"{finished}?lang=hu")
        assert len(reads) == 3  # each position and each reader once
        await client.get(live)
        await client.get(live)
        assert len(reads) == 5
        await site.service.execute(League(LeagueAction.UNPUBLISH, "Podzim"), org())
        assert (await client.get(finished)).status == 404  # kept, but not for a stranger
