"""The published season's pages in a real browser at a phone's width (390×844): nothing wider
than the screen (in every language, with the longest and most hostile name), the standings in
the service's order, a game reached from its league, its moves stepped through with plain
links, and a move played meanwhile arriving on an open game's page by itself."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlparse

import pytest

from tests.web.live import PHONE, LiveSite, fits_width
from tests.web.season import HOSTILE_NAME

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

pytestmark = pytest.mark.browser

LIVE_SECONDS = 2  # issue 26: an open game's page shows a move within 2 s
LANGUAGES = ("en", "cs", "hu")


def by_css(driver: WebDriver, selector: str) -> list[str]:
    """The visible texts of the elements ``selector`` finds, whitespace collapsed."""
    from selenium.webdriver.common.by import By

    return [" ".join(e.text.split()) for e in driver.find_elements(By.CSS_SELECTOR, selector)]


def attribute(driver: WebDriver, selector: str, name: str) -> str:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector).get_attribute(name) or ""


def shown_move(driver: WebDriver) -> int | None:
    """The move number the board image shows (its ``?move=``; None: the latest)."""
    query = parse_qs(urlparse(attribute(driver, "img#board", "src")).query)
    return int(query["move"][0]) if "move" in query else None


def width_of(driver: WebDriver, selector: str) -> float:
    """How wide the element ``selector`` is drawn (CSS pixels), scrolled parts included."""
    script = "var e = document.querySelector(arguments[0]); return e.scrollWidth;"
    return float(driver.execute_script(script, selector))


def shown(driver: WebDriver) -> list[object]:
    """The board's address and the number of moves listed, read at once (the live script
    replaces them: elements found one by one may go stale in between)."""
    script = (
        "var board = document.querySelector('img#board');"
        "return [board && board.src, document.querySelectorAll('ol#moves li').length];"
    )
    return list(driver.execute_script(script))


def follow(driver: WebDriver, selector: str) -> None:
    """Click the link ``selector`` and wait for the next page."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.wait import WebDriverWait

    link = driver.find_element(By.CSS_SELECTOR, selector)
    link.click()
    WebDriverWait(driver, 10).until(expected_conditions.staleness_of(link))


def no_alert(driver: WebDriver) -> bool:
    from selenium.common.exceptions import NoAlertPresentException

    try:
        driver.switch_to.alert  # noqa: B018 (asking is the check)
    except NoAlertPresentException:
        return True
    return False


def test_the_league_page_on_a_phone(
    phone: WebDriver, live_site: LiveSite, screenshots: Path
) -> None:
    season = live_site.season
    phone.get(live_site.league_url())
    phone.save_screenshot(str(screenshots / "league.png"))
    assert fits_width(phone)
    assert no_alert(phone)
    headers = by_css(phone, "table#standings thead th[scope=col]")
    assert len(headers) >= 3
    names = [n.removeprefix("@") for n in by_css(phone, "table#standings tbody tr td.name")]
    assert names == live_site.call(season.standings)
    assert width_of(phone, "table#standings") <= PHONE[0]  # the table itself: no sideways box
    assert HOSTILE_NAME[:20] in phone.find_element("css selector", "table#standings").text
    assert by_css(phone, "table#crosstable tr")
    links = by_css(phone, "section#rounds a.game")
    assert len(links) == len(season.games)
    assert "console:" not in phone.page_source  # display names only, never platform ids


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_fit_a_phone_in_every_language(
    phone: WebDriver, live_site: LiveSite, screenshots: Path, language: str
) -> None:
    season = live_site.season
    hostile = season.players[3].id
    rows = [live_site.call(lambda g=g: season.game(g)) for g in season.games]
    game = next(r.id for r in rows if hostile in (r.black, r.white))
    for name, url in (
        ("league", f"{live_site.league_url()}?lang={language}"),
        ("game", live_site.game_url(game, f"lang={language}")),
        ("dark", live_site.game_url(game, f"lang={language}&theme=dark")),
    ):
        phone.get(url)
        phone.save_screenshot(str(screenshots / f"{name}-{language}.png"))
        assert fits_width(phone), url
        assert no_alert(phone), url
        assert "<script>alert(1)</script>" in phone.find_element("tag name", "body").text, url
    assert "theme=dark" in attribute(phone, "img#board", "src")


def test_a_game_from_its_league_stepped_through(
    phone: WebDriver, live_site: LiveSite, screenshots: Path
) -> None:
    season = live_site.season
    game = season.counted[0]
    phone.get(live_site.league_url())
    follow(phone, f"section#rounds a.game[href$='/game/{game}']")
    assert urlparse(phone.current_url).path.endswith(f"/game/{game}")
    assert attribute(phone, "img#board", "alt")
    assert len(by_css(phone, "ol#moves li")) > 10
    assert fits_width(phone)
    phone.save_screenshot(str(screenshots / "game.png"))
    start = shown_move(phone)
    follow(phone, "a[rel=prev]")
    back = shown_move(phone)
    assert back is not None and (start is None or back == start - 1)
    follow(phone, "a[rel=prev]")
    assert shown_move(phone) == back - 1
    follow(phone, "a[rel=next]")
    assert shown_move(phone) == back
    assert attribute(phone, "a[rel=next]", "href")  # a plain link: no script needed
    sgf = attribute(phone, f"a[href$='/game/{game}.sgf']", "href")
    assert sgf.startswith(live_site.base)


def test_a_move_arrives_on_an_open_game_page(
    phone: WebDriver, live_site: LiveSite, screenshots: Path
) -> None:
    from selenium.webdriver.support.wait import WebDriverWait

    season = live_site.season
    game = season.open[0]
    phone.get(live_site.game_url(game))
    assert attribute(phone, "section#live", "data-events")
    WebDriverWait(phone, 10).until(
        lambda d: d.execute_script("return document.readyState") == "complete"
    )
    before = shown(phone)
    live_site.call(lambda: season.play_one(game))

    def changed(driver: WebDriver) -> bool:  # the board or the move list shows the move
        return shown(driver) != before

    WebDriverWait(phone, LIVE_SECONDS, poll_frequency=0.05).until(changed)
    phone.save_screenshot(str(screenshots / "live.png"))
    assert fits_width(phone)
