"""The console prints a view the bot posts by itself in its channel (the problem of the day,
``View.post``) as it prints a reply: the lines in the channel's language, the board, the image
file; the view's notices as before."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console.adapter import Console
from service import GameService, Notice, View
from service.i18n import in_language, t, translate
from service.rules_topics import board_of
from storage.memory import open_memory
from tests.bot.telegram.harness import PNG_SIGNATURE

LINES = (t("rules.capture.title"), t("rules.capture.cite"))


def post(**fields: object) -> View:
    """A post like the scheduler's: lines and a diagram of no game, in Czech."""
    return View(LINES, board=board_of("capture"), language="cs", post="console", **fields)  # type: ignore[arg-type]


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[Console]:
    database = await open_memory()
    try:
        out = io.StringIO()
        yield Console(
            GameService(database), io.StringIO(), out, interactive=False, boards_dir=tmp_path
        )
    finally:
        await database.close()


def printed(console: Console, who: str) -> list[str]:
    assert isinstance(console.stdout, io.StringIO)
    prefix = f"[{who}] "
    lines = console.stdout.getvalue().splitlines()
    return [line.removeprefix(prefix) for line in lines if line.startswith(prefix)]


async def test_a_post_is_printed_in_the_channels_language_with_its_image(
    console: Console, tmp_path: Path
) -> None:
    await console.deliver(post())
    shown = printed(console, "console")
    assert shown[:2] == [in_language("cs", line) for line in LINES]
    image = tmp_path / "post-1.png"
    assert shown[-1] == translate("cs", "console.image", path=image)
    assert image.read_bytes().startswith(PNG_SIGNATURE)
    assert len(shown) > 2 + 9  # the ASCII board between the lines and the image


async def test_a_post_and_its_notices_are_both_delivered(console: Console) -> None:
    line = t("info.stopped")
    notice = Notice("console:bob", (line,), language="hu")
    await console.deliver(post(notify=(notice,)))
    assert printed(console, "console")[0] == in_language("cs", LINES[0])
    assert printed(console, "bob") == [translate("hu", "info.stopped")]


async def test_a_post_elsewhere_is_not_printed(console: Console) -> None:
    await console.deliver(View(LINES, board=board_of("capture"), post="telegram:-100123"))
    assert printed(console, "console") == []
