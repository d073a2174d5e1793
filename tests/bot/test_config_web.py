"""``GOBOT_WEB_URL`` (issue 26): the public address of the web pages, for the links `league
publish` gives; checked at start like every setting. Unset, links point at this machine's
``gobot web`` (``GOBOT_WEB_PORT``, default 8080)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError, load_config


def test_the_public_address_is_kept_without_its_trailing_slash(tmp_path: Path) -> None:
    missing = tmp_path / "no.env"
    assert load_config({}, missing).web_url is None
    config = load_config({"GOBOT_WEB_URL": " https://go.example.org/club/ "}, missing)
    assert config.web_url == "https://go.example.org/club"
    assert load_config({"GOBOT_WEB_URL": "http://10.0.0.5:8080"}, missing).web_url == (
        "http://10.0.0.5:8080"
    )


@pytest.mark.parametrize(
    "value",
    [
        "go.example.org",  # no scheme
        "ftp://go.example.org",
        "https://",
        "https://user:pw@go.example.org",
        "https://go.example.org/?a=1",
        "https://go.example.org/#top",
        "https://go.example.org:port",
        "https://go example.org",
        "http://[::1",
    ],
)
def test_a_bad_address_is_refused_at_start(tmp_path: Path, value: str) -> None:
    with pytest.raises(ConfigError, match="GOBOT_WEB_URL"):
        load_config({"GOBOT_WEB_URL": value}, tmp_path / "no.env")


def test_unset_the_links_name_this_machines_web_port(tmp_path: Path) -> None:
    missing = tmp_path / "no.env"
    assert load_config({}, missing).web_local == "http://localhost:8080"
    assert load_config({"GOBOT_WEB_PORT": "8090"}, missing).web_local == "http://localhost:8090"
