"""One move costs one call of the service: the game of a reply comes from the directory's cache, the
board's links too, and the reader's language from the service's view; nothing else is asked of
the service or the storage (issue 24, "Plumbing rides the command bus")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from service import GameService
from service.ports import UnitOfWork
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, board_of, say
from tests.bot.telegram.test_game import GROUP
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB


def counting(service: GameService) -> Counter[str]:
    """Count the service's calls (``execute``, ``language_for``, ``settle``) and the storage
    round trips of its directory (``directory``) from now on."""
    calls: Counter[str] = Counter()

    def counted(name: str, call: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return await call(*args, **kwargs)

        return wrapper

    for name in ("execute", "language_for", "settle"):
        setattr(service, name, counted(name, getattr(service, name)))
    database = service.directory.database

    class Database:
        def unit_of_work(self) -> UnitOfWork:
            calls["directory"] += 1
            return database.unit_of_work()

        async def close(self) -> None:
            await database.close()

    service.directory.database = Database()
    return calls


async def test_a_move_costs_one_service_call(tg: RedeliveringTelegram, bot: BotProcess) -> None:
    tg.set_chat(GROUP, "group")
    await say(tg, GROUP, "/challenge@gobot_test_bot size=9 color=black", ALICE)
    [challenge] = tg.bot_messages(GROUP)
    tg.inject_callback_query(challenge, "g1:accept", user=BOB)
    await tg.wait_for_call("sendPhoto", chat_id=GROUP)
    await tg.wait_for_call("sendMessage", chat_id=GROUP, count=2)
    board = board_of(tg, GROUP)
    await say(tg, GROUP, "d4", ALICE, reply_to=board, method="editMessageMedia")
    calls = counting(bot.service)

    # a reply to the board: its game, the board message, the language, all known already
    await say(tg, GROUP, "e5", BOB, reply_to=board, method="editMessageMedia")
    assert calls == {"execute": 1}
    # a button on the board
    calls.clear()
    before = len(tg.calls_for("answerCallbackQuery"))
    [pass_] = [b["callback_data"] for b in board_of(tg, GROUP).buttons if b["text"] == "Pass"]
    tg.inject_callback_query(board_of(tg, GROUP), pass_, user=ALICE)
    await tg.wait_for_call("answerCallbackQuery", count=before + 1)
    await tg.wait_for_call("editMessageMedia", chat_id=GROUP, count=3)
    assert calls == {"execute": 1}
    assert board_of(tg, GROUP).caption == "Move 3 · Black passes · White (@bob) to play"

    # what the adapter says by itself asks for the reader's language: a line that does not parse
    calls.clear()
    reply = await say(tg, GROUP, "dd4", BOB, reply_to=board)
    assert "dd4" in reply.fields["text"].lower()
    assert "execute" not in calls and calls["language_for"] > 0
