"""Linking a console account with another platform's in two steps (issue 29), through the
console's script mode: ``link`` prints the code, the other account enters it (here through the
service, as the Telegram adapter would), and only the console account's ``link yes`` links them;
``link no`` leaves both as they were."""

from __future__ import annotations

import io
import random
import re

from bot.console.adapter import Console
from service import Actor, GameService
from service.club_commands import LinkAccount
from service.commands import Request
from service.i18n import t
from service.ports import Database
from storage.memory import open_memory

TELEGRAM_ALICE = Actor("telegram:501", "alice_tg")
CODE = re.compile(r"[A-Z0-9]{4}-[A-Z0-9]{4}")


async def script(service: GameService, *lines: str) -> list[str]:
    """What the console prints for ``lines``."""
    out = io.StringIO()
    stdin = io.StringIO("\n".join(lines) + "\n")
    assert await Console(service, stdin, out, interactive=False, boards_dir=None).run() == 0
    return out.getvalue().splitlines()


async def person_of(database: Database, account: str) -> str | None:
    async with database.unit_of_work() as uow:
        row = await uow.players.get(account)
    return None if row is None else row.person_id


async def console_code(service: GameService) -> str:
    printed = await script(service, "alice: link")
    found = [m[0] for line in printed if (m := CODE.search(line))]
    assert len(found) == 1, printed
    return found[0]


async def test_a_console_account_confirms_the_link_with_link_yes() -> None:
    database = await open_memory()
    try:
        service = GameService(database, rng=random.Random(1))
        code = await console_code(service)
        asked = await service.execute(LinkAccount(code), Request(TELEGRAM_ALICE, "telegram:501"))
        assert asked.keys == ("link.asked",)
        assert await person_of(database, TELEGRAM_ALICE.id) == TELEGRAM_ALICE.id
        printed = await script(service, "alice: link yes", "alice: link yes")
        done = t("link.done", name="@alice", account="@alice_tg")
        assert f"[alice] {done}" in printed
        assert await person_of(database, TELEGRAM_ALICE.id) == "console:alice"
        waiting = t("error.link_nothing_waiting").split("`")[0]
        assert any(line.startswith(f"[alice] {waiting}") for line in printed)  # answered once
    finally:
        await database.close()


async def test_a_console_account_refuses_with_link_no() -> None:
    database = await open_memory()
    try:
        service = GameService(database, rng=random.Random(1))
        code = await console_code(service)
        await service.execute(LinkAccount(code), Request(TELEGRAM_ALICE, "telegram:501"))
        printed = await script(service, "alice: link no")
        assert f"[alice] {t('link.refused', names='@alice_tg')}" in printed
        assert await person_of(database, TELEGRAM_ALICE.id) == TELEGRAM_ALICE.id
    finally:
        await database.close()
