"""The browser kit itself (no pages needed): headless Chromium starts offline through
/usr/bin/chromedriver at phone width, and the overflow check tells a page that fits from one
that does not."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.web.live import PHONE, fits_width

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

pytestmark = pytest.mark.browser

FITS = "<!doctype html><meta name=viewport content='width=device-width'><p>Dvořák, Kovács Ernő"
WIDE = "<!doctype html><meta name=viewport content='width=device-width'><div style='width:900px'>x"


def test_the_browser_opens_a_page_at_phone_width(phone: WebDriver) -> None:
    phone.get("data:text/html;charset=utf-8," + FITS)
    assert phone.execute_script("return [window.innerWidth, window.innerHeight]") == list(PHONE)
    assert "Dvořák" in phone.page_source
    assert fits_width(phone)


def test_the_overflow_check_sees_a_page_wider_than_the_phone(phone: WebDriver) -> None:
    phone.get("data:text/html;charset=utf-8," + WIDE)
    assert not fits_width(phone)
