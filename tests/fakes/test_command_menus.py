"""The fakes keep command menus as the platforms do, and refuse what the platforms refuse:
Discord's synced application commands (localizations included), Telegram's menus per scope and
language code."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest
from telegram import Bot, BotCommand, BotCommandScopeChat
from telegram.error import BadRequest

from tests.fakes import FakeDiscordServer, FakeTelegramServer


def slash(**extra: Any) -> dict[str, Any]:
    """A valid ``/go`` command with a subcommand and an option, plus ``extra`` fields."""
    option = {"type": 3, "name": "point", "description": "A point such as D4", "required": True}
    play = {"type": 1, "name": "play", "description": "Play a stone", "options": [option]}
    return {"type": 1, "name": "go", "description": "Play Go", "options": [play], **extra}


async def put_commands(dc: FakeDiscordServer, commands: list[dict[str, Any]]) -> Any:
    url = f"{dc.api_base}/applications/{dc.application_id}/commands"
    headers = {"Authorization": f"Bot {dc.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.put(url, json=commands, headers=headers) as response,
    ):
        return response.status, await response.json()


async def test_discord_keeps_the_localizations_as_sent(fake_discord: FakeDiscordServer) -> None:
    command = slash(
        description_localizations={"cs": "Hraj go", "hu": "Gó játék"}, name_localizations={}
    )
    command["options"][0]["description_localizations"] = {"cs": "Zahraj kámen"}
    choice = {"name": "black", "value": "black", "name_localizations": {"hu": "fekete"}}
    command["options"][0]["options"][0]["choices"] = [choice]
    status, body = await put_commands(fake_discord, [command])
    assert status == 200
    [stored] = fake_discord.global_commands
    assert stored["description_localizations"] == {"cs": "Hraj go", "hu": "Gó játék"}
    assert stored["options"][0]["description_localizations"] == {"cs": "Zahraj kámen"}
    assert stored["options"][0]["options"][0]["choices"] == [choice]
    assert body[0]["id"] == stored["id"]


def option(name: str, required: bool = False) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": "d", "required": required}


REFUSED: list[tuple[str, dict[str, Any], str]] = [
    # which item ("" the command, "0" its subcommand, "0.0" that one's option), what is set there,
    # and where in the item the error is
    ("", {"description_localizations": {"xx": "?"}}, "description_localizations.xx"),
    ("", {"description_localizations": {"cs": "x" * 101}}, "description_localizations.cs"),
    ("", {"description_localizations": {"hu": ""}}, "description_localizations.hu"),
    ("", {"name_localizations": {"cs": "Hrát Go"}}, "name_localizations.cs"),
    ("", {"description": "x" * 101}, "description"),
    ("", {"name": "Go"}, "name"),
    ("0", {"description": ""}, "description"),
    ("0", {"options": [option("later"), option("must", required=True)]}, "options.1"),
    ("0", {"options": [option(f"o{i}") for i in range(26)]}, "options"),
    ("0.0", {"description_localizations": {"cz": "Bod"}}, "description_localizations.cz"),
    (
        "0.0",
        {"choices": [{"name": "b", "value": "b", "name_localizations": {"cs": "č" * 101}}]},
        "choices.0.name_localizations.cs",
    ),
]


@pytest.mark.parametrize(("at", "fields", "where"), REFUSED)
async def test_discord_refuses_what_discord_refuses(
    fake_discord: FakeDiscordServer, at: str, fields: dict[str, Any], where: str
) -> None:
    command = slash()
    item, path = command, ["0"]
    for index in filter(None, at.split(".")):
        item = item["options"][int(index)]
        path += ["options", index]
    item.update(fields)
    status, body = await put_commands(fake_discord, [command])
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")
    node = body["errors"]
    for part in [*path, *where.split(".")]:
        node = node[part]
    assert node["_errors"][0]["code"]
    assert fake_discord.global_commands == []  # nothing changed


async def test_discord_refuses_too_large_or_too_many_commands(
    fake_discord: FakeDiscordServer,
) -> None:
    big = slash()
    big["options"] = [
        {
            "type": 1,
            "name": f"c{i}",
            "description": "d" * 100,
            "description_localizations": {"cs": "č" * 100},
            "options": [{"type": 3, "name": f"o{j}", "description": "d" * 100} for j in range(4)],
        }
        for i in range(20)
    ]
    status, body = await put_commands(fake_discord, [big])
    assert (
        status == 400
        and body["errors"]["0"]["_errors"][0]["code"] == "APPLICATION_COMMAND_TOO_LARGE"
    )
    many = [slash(name=f"go{i}") for i in range(101)]
    status, body = await put_commands(fake_discord, many)
    assert (status, body["code"]) == (400, 30032)


async def test_telegram_keeps_a_menu_per_language_and_scope(
    fake_telegram: FakeTelegramServer,
) -> None:
    async with Bot(fake_telegram.token, base_url=fake_telegram.base_url) as bot:
        await bot.set_my_commands([BotCommand("play", "Play a stone")])
        await bot.set_my_commands([BotCommand("play", "Zahraj kámen")], language_code="cs")
        group = BotCommandScopeChat(-100)
        await bot.set_my_commands([BotCommand("board", "The board")], scope=group)
        assert [c.description for c in await bot.get_my_commands()] == ["Play a stone"]
        assert [c.description for c in await bot.get_my_commands(language_code="cs")] == [
            "Zahraj kámen"
        ]
        assert await bot.get_my_commands(language_code="hu") == ()  # no fallback to the default
        assert [c.command for c in await bot.get_my_commands(scope=group)] == ["board"]
        assert fake_telegram.command_menu("cs")[0]["description"] == "Zahraj kámen"
        assert fake_telegram.command_menu(scope="chat:-100")[0]["command"] == "board"
        assert fake_telegram.commands == [{"command": "play", "description": "Play a stone"}]
        await bot.delete_my_commands(language_code="cs")
        assert await bot.get_my_commands(language_code="cs") == ()
        assert await bot.get_my_commands() != ()


@pytest.mark.parametrize(
    ("commands", "language", "error"),
    [
        ([BotCommand("Play", "Play a stone")], None, "bot_command_invalid"),
        ([BotCommand("/play", "Play a stone")], None, "bot_command_invalid"),
        ([BotCommand("hrát", "Play a stone")], None, "bot_command_invalid"),
        ([BotCommand("x" * 33, "Play a stone")], None, "bot_command_invalid"),
        ([BotCommand("play", "x" * 257)], None, "bot_command_description_invalid"),
        ([BotCommand("play", "")], None, "must be non-empty"),
        ([BotCommand(f"c{i}", "d") for i in range(101)], None, "bot_commands_too_much"),
        ([BotCommand("play", "Play a stone")], "cze", "invalid language code"),
    ],
)
async def test_telegram_refuses_what_telegram_refuses(
    fake_telegram: FakeTelegramServer, commands: list[BotCommand], language: str | None, error: str
) -> None:
    async with Bot(fake_telegram.token, base_url=fake_telegram.base_url) as bot:
        with pytest.raises(BadRequest) as refused:
            await bot.set_my_commands(commands, language_code=language)
        assert error in refused.value.message.lower()
    assert fake_telegram.command_menus == {}
    ok = [BotCommand("x" * 32, "x" * 256), *(BotCommand(f"c{i}", "d") for i in range(99))]
    async with Bot(fake_telegram.token, base_url=fake_telegram.base_url) as bot:
        assert await bot.set_my_commands(ok)  # the limits themselves are fine
    assert len(fake_telegram.commands) == 100
