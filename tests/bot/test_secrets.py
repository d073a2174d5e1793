"""Secrets are masked wherever a message could carry them: known tokens, URL passwords, logs."""

from __future__ import annotations

import logging

import pytest

from bot.config import Config
from bot.secrets import MASK, hide_in_logs, mask, mask_url, url_password


@pytest.mark.parametrize(
    ("url", "password"),
    [
        ("postgresql://gobot:hunter2@db:5432/games", "hunter2"),
        ("postgresql://gobot:p@ss/w0rd@db/games", "p@ss/w0rd"),  # not percent-encoded
        ("postgresql://gobot:p%40ss@db/games", "p%40ss"),
        ("postgresql://gobot@db/games?sslmode=require&password=hunter2", "hunter2"),
        ("postgresql://gobot@db/games", None),
        ("postgresql://db:5432/games", None),
        ("sqlite:////data/games.db", None),
        ("memory:", None),
        (None, None),
    ],
)
def test_the_password_of_a_url(url: str | None, password: str | None) -> None:
    assert url_password(url) == password
    if url is not None:
        shown = mask_url(url)
        assert password is None or password not in shown
        assert shown == url if password is None else MASK in shown


def test_mask_hides_known_secrets_and_their_decoded_form() -> None:
    text = "token 123:ABC, password p@ss, and again 123:ABC"
    assert mask(text, ["123:ABC", "p%40ss", None, ""]) == (
        f"token {MASK}, password {MASK}, and again {MASK}"
    )


def test_mask_hides_url_passwords_it_was_not_told_about() -> None:
    text = "could not connect to postgresql://go:hunter2@db/games?password=other"
    shown = mask(text)
    assert "hunter2" not in shown and "other" not in shown
    assert shown.startswith("could not connect to postgresql://go:<secret>@db/games")


def test_the_configuration_lists_its_secrets() -> None:
    config = Config(
        database_url="postgresql://go:hunter2@db/games",
        discord_token="discord-token",
        telegram_token="1:telegram",
        environ={"TELEGRAM_WEBHOOK_SECRET": "hook-secret"},
    )
    assert set(config.secrets) == {"hunter2", "discord-token", "1:telegram", "hook-secret"}
    assert Config().secrets == ()


def test_logs_never_show_a_secret(caplog: pytest.LogCaptureFixture) -> None:
    hide_in_logs("very-secret-token")
    logger = logging.getLogger("tests.secrets")
    with caplog.at_level(logging.INFO):
        logger.info("calling %s/getMe", "https://api/botvery-secret-token")
        logger.info("connecting to postgresql://go:hunter2@db/games")
        try:
            raise RuntimeError("rejected: very-secret-token")
        except RuntimeError:
            logger.exception("failed")
    assert "very-secret-token" not in caplog.text and "hunter2" not in caplog.text
    assert f"https://api/bot{MASK}/getMe" in caplog.text
    assert all("very-secret-token" not in r.getMessage() for r in caplog.records)
