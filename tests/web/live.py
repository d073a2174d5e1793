"""What the web tests, scripts/web_screenshot.py and bench/bench_web.py share (no pytest here):
headless Chromium through Debian's ChromeDriver (:func:`new_driver`, never a download), and a
season served live from its own thread (:class:`LiveSite`)."""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from service import GameService
from service.ports import Database
from tests.web.season import ORGANISER, Season, build_season, publish

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
PHONE = (390, 844)  # the phone the pages are laid out for (CSS pixels)
T = TypeVar("T")


def new_driver(width: int = PHONE[0], height: int = PHONE[1]) -> WebDriver:
    """Headless Chromium through /usr/bin/chromedriver with a ``width``×``height`` window;
    never any download."""
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager: use what is installed, or fail
    os.environ["SE_AVOID_STATS"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
        "--lang=en-GB",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    resize(driver, width, height)
    return driver


def resize(driver: WebDriver, width: int, height: int) -> None:
    """A viewport of exactly ``width``×``height`` CSS pixels at one device pixel each (the
    window alone may not go under 500 px wide; Chrome's device metrics do, as DevTools'
    device mode does: desktop layout, so a page wider than the screen still overflows)."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)  # type: ignore[attr-defined]


def fits_width(driver: WebDriver) -> bool:
    """The page needs no horizontal scrolling."""
    return bool(
        driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    )


class LiveSite:
    """A season served over HTTP on 127.0.0.1 from its own thread and event loop (Selenium's
    calls block: the server cannot share the test's loop). :meth:`call` runs a coroutine on the
    server's loop (a move through the same service) and returns its result."""

    def __init__(self, kind: str = "memory", **season: Any) -> None:
        self.kind = kind
        self.season_options = season
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.folder = tempfile.TemporaryDirectory(prefix="gobot-web-")
        self.base = ""
        self.token = ""
        self._cleanup: list[Callable[[], Awaitable[None]]] = []
        self.season: Season

    def call(self, work: Callable[[], Awaitable[T]], timeout: float = 120) -> T:
        """Run ``work()`` on the server's loop; its result."""

        async def run() -> T:
            return await work()

        future: Future[T] = asyncio.run_coroutine_threadsafe(run(), self.loop)
        return future.result(timeout)

    def start(self) -> LiveSite:
        self.thread.start()
        self.call(self._start)
        return self

    async def _start(self) -> None:
        from aiohttp import web

        from bot.web.app import build_app
        from storage import open_feed

        database = await open_database(self.kind, Path(self.folder.name))
        self._cleanup.append(database.close)
        service = GameService(database, organisers={ORGANISER.id}, rng=random.Random(5))
        self.season = await build_season(service, database, **self.season_options)
        self.token = await publish(self.season)
        runner = web.AppRunner(build_app(service, feed=open_feed(database)))
        await runner.setup()
        self._cleanup.insert(0, runner.cleanup)
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        self.base = f"http://127.0.0.1:{port}"

    def league_url(self) -> str:
        return f"{self.base}/l/{self.token}"

    def game_url(self, game_id: int, query: str = "") -> str:
        return f"{self.league_url()}/game/{game_id}{'?' + query if query else ''}"

    def stop(self) -> None:
        async def close() -> None:
            for step in self._cleanup:
                await step()

        if self.thread.is_alive():
            self.call(close)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
        self.loop.close()
        self.folder.cleanup()


async def open_database(kind: str, folder: Path) -> Database:
    """A fresh database: ``memory``, or ``sqlite`` (a file in ``folder``)."""
    if kind == "sqlite":
        from storage.sqlite import open_sqlite

        return await open_sqlite(folder / "games.db")
    from storage.memory import open_memory

    return await open_memory()
