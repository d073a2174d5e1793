"""The composition root and the configuration."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot import app
from bot.config import Config, ConfigError, load_config
from service import Notice, View
from tests.bot import fake_adapter


def test_config_from_the_environment_over_dotenv(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("DATABASE_URL=sqlite:///from-dotenv.db\nORGANISERS=discord:1\n")
    config = load_config({"ORGANISERS": "discord:1, telegram:2", "BOARDS_DIR": ""}, dotenv)
    assert config.database_url == "sqlite:///from-dotenv.db"
    assert config.organisers == frozenset({"discord:1", "telegram:2"})
    assert config.boards_dir is None and not config.chat_tokens
    assert load_config({}, tmp_path / "missing").boards_dir == Path("boards")
    assert load_config({"TELEGRAM_TOKEN": "t"}, dotenv).chat_tokens


@pytest.mark.parametrize("env", [{"ORGANISERS": "alice"}, {"VACATION_DAYS": "many"}])
def test_bad_settings_name_the_variable(tmp_path: Path, env: dict[str, str]) -> None:
    with pytest.raises(ConfigError, match=next(iter(env))):
        load_config(env, tmp_path / "missing")


async def test_the_console_runs_when_no_token_is_set(tmp_path: Path) -> None:
    config = Config(database_url=f"sqlite:///{tmp_path}/g.db", boards_dir=None)
    out = io.StringIO()
    code = await app.serve(config, io.StringIO("alice: games\n"), out)
    assert code == 0 and "[alice] You have no games." in out.getvalue()


async def test_chat_adapters_start_through_the_seam(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        app, "CHAT_ADAPTERS", (("DISCORD_TOKEN", "discord_token", "tests.bot.fake_adapter"),)
    )
    config = Config(database_url=f"sqlite:///{tmp_path}/g.db", discord_token="x")
    assert await app.serve(config, io.StringIO(), io.StringIO()) == 0
    assert fake_adapter.SERVED and fake_adapter.SERVED[-1][1] is config


async def test_a_token_without_its_adapter_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(app, "CHAT_ADAPTERS", (("DISCORD_TOKEN", "discord_token", "bot.nothing"),))
    config = Config(database_url=f"sqlite:///{tmp_path}/g.db", discord_token="x")
    assert await app.serve(config, io.StringIO(), io.StringIO()) == 2
    assert "DISCORD_TOKEN is set but this build has no Nothing adapter" in capsys.readouterr().err


async def test_deliveries_route_notices_by_platform() -> None:
    seen: list[str] = []

    async def console(view: View) -> None:
        seen.append("console")

    deliveries = app.Deliveries(console=console)
    await deliveries(View(("x",), notify=(Notice("console:bob", ("hi",)), Notice("zzz:1", ()))))
    assert seen == ["console"]
