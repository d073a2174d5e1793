"""Regenerate the README's pictures of the web pages: docs/web-league.png (a league's page) and
docs/web-game.png (a finished game with its count) at a phone's width (390 CSS pixels), from an
eight-player season built through the service and served by ``bot.web`` on 127.0.0.1, taken by
Debian's headless Chromium (``apt install chromium chromium-driver``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.live import PHONE, LiveSite, fits_width, new_driver  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder for the PNGs")
    parser.add_argument("--lang", default="en", help="the pages' language (en, cs, hu)")
    args = parser.parse_args()
    site = LiveSite("memory", players=8, rounds=3, size=9, hostile=False, seed=4).start()
    driver = new_driver(*PHONE)
    try:
        season = site.season
        shots = {
            "web-league.png": f"{site.league_url()}?lang={args.lang}",
            "web-game.png": site.game_url(season.counted[-1], f"lang={args.lang}"),
        }
        for name, url in shots.items():
            driver.get(url)
            if not fits_width(driver):
                print(f"warning: {url} is wider than {PHONE[0]} px", file=sys.stderr)
            driver.save_screenshot(str(args.out / name))
            print(f"wrote {args.out / name}")
    finally:
        driver.quit()
        site.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
