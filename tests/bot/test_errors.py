"""The adapters' one error policy (:mod:`bot.errors`): a user error in the reader's own words, a
quiet one left quiet, anything else logged with its traceback and answered with an apology, on
each platform (Telegram's and Discord's: their ``test_errors``)."""

from __future__ import annotations

import io
import logging
from typing import Any

import pytest

from bot.console.adapter import Console
from bot.errors import answer, quiet
from service import GameService
from service.commands import Command, Games, Request
from service.errors import NotYourTurn, TooFast
from service.i18n import t, translate
from storage.memory import open_memory

APOLOGY = "Sorry, something went wrong on our side. Please try again later."


@pytest.mark.parametrize("code", ["en", "cs", "hu"])
async def test_a_user_error_is_answered_in_the_readers_words(
    code: str, caplog: pytest.LogCaptureFixture
) -> None:
    """In the language the service chose for the sender (their settings), whatever the adapter
    would have chosen; without one, in the adapter's choice, asked only then."""
    asked: list[str] = []

    async def chosen() -> str:
        asked.append(code)
        return code

    expected = translate(code, "error.not_your_turn", color=translate(code, "color.white"))
    error = NotYourTurn(t("error.not_your_turn", color=t("color.white")))
    error.language = code
    said = await answer(error, "en")
    assert said.text == expected and not said.quiet and not said.internal
    error.language = None
    assert (await answer(error, chosen)).text == expected and asked == [code]
    assert caplog.records == []  # the user's mistake, not the bot's: nothing logged


def test_a_quiet_error_may_stay_unanswered() -> None:
    assert quiet(TooFast(3.0, quiet=True))
    assert not quiet(TooFast(3.0, quiet=False)) and not quiet(RuntimeError("no"))


@pytest.mark.parametrize("code", ["en", "cs", "hu"])
async def test_anything_else_is_logged_and_answered_with_an_apology(
    code: str, caplog: pytest.LogCaptureFixture
) -> None:
    try:
        raise RuntimeError("the database caught fire")
    except RuntimeError as error:
        with caplog.at_level(logging.ERROR):
            said = await answer(error, code, "update %s", 7)
    assert said.internal and said.text == translate(code, "error.internal")
    assert "fire" not in said.text
    [record] = caplog.records
    assert record.getMessage() == "update 7 failed" and record.exc_info is not None
    assert "Traceback" in caplog.text and "the database caught fire" in caplog.text


def broken(service: GameService) -> None:
    """``service`` fails on ``games`` as if its storage broke."""
    execute = service.execute

    async def failing(command: Command[Any], request: Request) -> Any:
        if isinstance(command, Games):
            raise RuntimeError("the database caught fire")
        return await execute(command, request)

    service.execute = failing  # type: ignore[method-assign]


async def test_the_console_apologises_for_an_internal_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    database = await open_memory()
    try:
        service = GameService(database)
        broken(service)
        out = io.StringIO()
        console = Console(service, io.StringIO(), out, interactive=False)
        with caplog.at_level(logging.ERROR):
            await console.handle_line("alice: games")
            await console.handle_line("alice: play")  # a user error: said as it is
    finally:
        await database.close()
    lines = out.getvalue().splitlines()
    assert lines[1] == f"[alice] {APOLOGY}"
    assert lines[3].startswith("[alice] ") and APOLOGY not in lines[3]
    assert "the database caught fire" in caplog.text and "Traceback" in caplog.text
    assert "fire" not in out.getvalue()
