"""A list longer than a Telegram message (4,096 characters) arrives cut by whole lines, and its
last line says that more exist."""

from __future__ import annotations

import html
import re
from pathlib import Path

from telegram.constants import MessageLimit

from service import Actor
from tests.bot.crowd import check_fitted, crowd
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, say
from tests.fakes import TELEGRAM_ALICE as ALICE


async def test_a_long_games_list_fits_and_says_more_exist(
    tg: RedeliveringTelegram, db_path: Path
) -> None:
    view = await crowd(db_path, Actor(f"telegram:{ALICE.id}", f"@{ALICE.username}"))
    bot = await BotProcess(tg, db_path).start()
    try:
        reply = await say(tg, ALICE.id, "/games", ALICE)
    finally:
        await bot.stop()
    shown = html.unescape(re.sub(r"</?code>", "`", reply.fields["text"]))  # as written
    check_fitted(shown, view, MessageLimit.MAX_TEXT_LENGTH)
