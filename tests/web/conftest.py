"""The web pages' test kit: Debian's Chromium driven by Selenium (one browser for the whole
session: it is slow to start), and a live server (:class:`tests.web.live.LiveSite`) that builds
a season through the service and serves it with :func:`bot.web.app.build_app` on 127.0.0.1.

Browser tests carry the ``browser`` mark (``pytest -m browser`` runs only them). Without
``/usr/bin/chromium`` and ``/usr/bin/chromedriver`` (or Selenium) they skip with the reason,
unless ``GOBOT_REQUIRE_BROWSER=1`` (set by ``.ci/run``), when they fail instead, as the
PostgreSQL tests do (tests/postgres_support.py). Selenium Manager is never asked to download
anything: the driver's path is given and Selenium is told it is offline.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.web.live import CHROMEDRIVER, CHROMIUM, PHONE, LiveSite, new_driver, resize

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives Chromium through Selenium (tests/web)")


def _missing_browser() -> str | None:
    """Why the browser cannot run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is missing (apt install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    return None


def _skip_or_fail(problem: str) -> None:
    if os.environ.get("GOBOT_REQUIRE_BROWSER") == "1":
        pytest.fail(f"the browser is required here: {problem}")
    pytest.skip(problem)


@pytest.fixture(scope="session")
def browser() -> Iterator[WebDriver]:
    """One headless Chromium for the session (a phone's window: 390×844)."""
    problem = _missing_browser()
    if problem is not None:
        _skip_or_fail(problem)
    try:
        driver = new_driver()
    except Exception as error:  # a browser that does not start is a reason to skip
        _skip_or_fail(f"Chromium did not start ({type(error).__name__}: {error})")
        raise
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def phone(browser: WebDriver) -> WebDriver:
    """The session's browser, back at phone size (390×844 CSS pixels)."""
    resize(browser, *PHONE)
    return browser


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where a test saves its screenshots (look at them after a failure)."""
    folder = tmp_path / "screenshots"
    folder.mkdir()
    return folder


@pytest.fixture
def live_site() -> Iterator[LiveSite]:
    """An eight-player season (three Swiss rounds, two games left open) served live."""
    site = LiveSite()
    try:
        yield site.start()
    finally:
        site.stop()
