"""``gobot invite``: the URL that adds the bot to a Discord server, for the bot of DISCORD_TOKEN
(whose first part is the bot's id in base64) or of ``--client-id``; the token is never printed.
``tests/bot/discord/test_invite_permissions.py`` checks that the permissions cover the adapter."""

from __future__ import annotations

import base64
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

from bot.cli import main
from bot.invite import FLAGS, NEEDED, PERMISSIONS_VALUE, client_id_from_token

BOT_ID = 1_234_567_890_123_456_789
TOKEN = base64.b64encode(str(BOT_ID).encode()).decode().rstrip("=") + ".GhIjKl.secret-part"


def query(url: str) -> dict[str, list[str]]:
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "discord.com", "/oauth2/authorize")
    return parse_qs(parts.query)


def test_the_url_adds_the_bot_with_its_commands_and_permissions(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    assert main(["invite"]) == 0
    out, err = capsys.readouterr()
    fields = query(out.strip())
    assert fields["client_id"] == [str(BOT_ID)]
    assert fields["scope"] == ["bot applications.commands"]
    expected = discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        create_public_threads=True,
        embed_links=True,
        attach_files=True,
    )
    assert fields["permissions"] == [str(expected.value)] == [str(PERMISSIONS_VALUE)]
    assert "secret-part" not in out + err


def test_the_flags_written_out_are_discords() -> None:
    """``bot.invite`` spells the permission bits out (its parser is built without discord.py):
    each is discord.py's flag of that name, and together they are exactly the needed ones."""
    assert set(FLAGS) == set(NEEDED)
    for name, bit in FLAGS.items():
        assert discord.Permissions(**{name: True}).value == bit, name
    assert discord.Permissions(**dict.fromkeys(NEEDED, True)).value == PERMISSIONS_VALUE


def test_the_token_is_read_from_the_env_file_too(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\n", encoding="utf-8")
    assert main(["invite"]) == 0
    assert query(capsys.readouterr().out.strip())["client_id"] == [str(BOT_ID)]


def test_a_client_id_needs_no_token(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    assert main(["invite", "--client-id", "987654321098765432"]) == 0
    assert query(capsys.readouterr().out.strip())["client_id"] == ["987654321098765432"]


@pytest.mark.parametrize("token", [None, "abc", "bm90LWFuLWlk.x.y"])
def test_no_usable_token_says_what_to_do(
    token: str | None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    if token is None:
        monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    else:
        monkeypatch.setenv("DISCORD_TOKEN", token)
    assert main(["invite"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "--client-id" in err and (token is None or token not in err)


def test_a_client_id_must_be_a_discord_id(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["invite", "--client-id", "my-bot"])
    assert exit_.value.code == 2
    assert "'my-bot' is not a Discord id" in capsys.readouterr().err


def test_the_id_is_the_first_part_of_the_token() -> None:
    assert client_id_from_token(TOKEN) == BOT_ID
    assert client_id_from_token(f"  {TOKEN}\n") == BOT_ID
    assert client_id_from_token("") is None
    assert client_id_from_token("!!!.x.y") is None


def test_the_guide_shows_the_permissions_of_the_url() -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "deploy.md").read_text("utf-8")
    assert f"scope=bot+applications.commands&permissions={PERMISSIONS_VALUE}" in guide
