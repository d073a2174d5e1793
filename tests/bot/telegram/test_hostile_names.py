"""Telegram users whose names are hostile text, against the bot on PostgreSQL (issue 29's
audit: a NUL in a display name made ``league join``, ``challenge``, ``accept`` and ``link``
answer "something went wrong", as PostgreSQL refuses NUL in text). Every command gets its
ordinary answer, nothing is logged as the bot's fault, and the names shown are cleaned."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from service.i18n import LANGUAGES, translate
from service.ports import Database
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, say
from tests.fakes import TelegramUser
from tests.postgres_support import drop_schema, new_schema, require_postgres

GROUP = -100300
ADMIN = TelegramUser(2000, "Ann", "ann")
HOSTILE = (
    TelegramUser(2001, "al\x00ice\u202e <b>x</b> *y*"),
    TelegramUser(2002, "\x00\x00"),
    TelegramUser(2003, "\ud800 `z` " + "x" * 300),
    TelegramUser(2004, "\u202e\u2066" * 20 + "\x1b[2J\nbob"),
)


async def test_hostile_names_join_challenge_accept_and_link_on_postgresql(
    tg: RedeliveringTelegram, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from storage.postgres import open_postgres

    url = await require_postgres()
    schema = new_schema()

    async def postgres() -> Database:
        return await open_postgres(url, schema=schema)

    bot = await BotProcess(tg, tmp_path / "unused.db", open_database=postgres).start()
    caplog.set_level(logging.ERROR)
    try:
        tg.set_chat(GROUP, "group")
        tg.set_admins(GROUP, [ADMIN])
        tg.open_private_chat(*(user.id for user in HOSTILE))
        await say(tg, GROUP, "/league create autumn", ADMIN)
        replies = [await say(tg, GROUP, "/league join autumn", user) for user in HOSTILE]
        replies.append(await say(tg, GROUP, "/challenge size=9 color=black", HOSTILE[0]))
        accepted = await say(tg, GROUP, "/accept", HOSTILE[1], method="sendPhoto")
        replies.append(await say(tg, HOSTILE[2].id, "/link", HOSTILE[2]))
        sorry = {translate(code, "error.internal") for code in LANGUAGES}
        said = [r.fields.get("text", "") for r in replies] + [accepted.fields.get("caption", "")]
        assert not sorry & set(said), said
        assert all("\x00" not in text and "\u202e" not in text for text in said)
        assert "#1" in said[len(HOSTILE)]  # the challenge was made
        assert [record for record in caplog.records if record.levelno >= logging.ERROR] == []
    finally:
        await bot.stop()
        await drop_schema(url, schema)
