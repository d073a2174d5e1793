"""A username without its ``@`` on Telegram (``/challenge bob``): the user of that username
known in the chat it is sent in (they sent a command there, or played a game made there, kept
across restarts), else a refusal that shows how to write it; ``colour=`` is ``color=``."""

from __future__ import annotations

from pathlib import Path

from bot.telegram.formatting import as_html
from service.i18n import t
from service.ports import Database, GameStatus
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, say
from tests.bot.telegram.test_game import GROUP
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB

OTHER = -200  # another group, where bob never wrote
A, B = ALICE.id, BOB.id


async def challenges(database: Database) -> list[tuple[str | None, str]]:
    """Who alice's challenges are to, and her colour."""
    async with database.unit_of_work() as uow:
        rows = await uow.games.for_player(f"telegram:{A}", (GameStatus.CHALLENGE,))
    return [(row.challenged, row.color) for row in rows]


def unknown(name: str, written: str, *, challenge: bool = False) -> str:
    lines = [t("grammar.name_unknown", name=name, written=written)]
    return as_html([*lines, t("grammar.name_unknown.challenge")] if challenge else lines)


def sent(number: int) -> str:
    """The start of the reply to a challenge sent to bob."""
    return t("challenge.sent", id=number, name="@bob", terms="…").partition("…")[0]


async def test_a_username_seen_in_the_group_is_that_user(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    tg.set_chat(GROUP, "group")
    await say(tg, GROUP, "/games", BOB)
    reply = await say(tg, GROUP, "/challenge bob size=9 colour=white", ALICE)
    assert reply.fields["text"].startswith(sent(1))
    assert await challenges(bot.database) == [(f"telegram:{B}", "white")]
    await bot.shown()  # the invitation that pings bob
    reply = await say(tg, GROUP, "/history Bob", ALICE)
    assert reply.fields["text"] == as_html([t("history.none", name="@bob")])


async def test_a_username_seen_elsewhere_only_is_refused_here(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    """Bob wrote to the bot in private: ``@bob`` reaches him from the group, ``bob`` does not
    (nobody of that name is known in the group), and the refusal says how to write it."""
    tg.set_chat(GROUP, "group")
    await say(tg, B, "/start", BOB)
    reply = await say(tg, GROUP, "/challenge bob size=9", ALICE)
    assert reply.fields["text"] == unknown("bob", "challenge @bob size=9", challenge=True)
    reply = await say(tg, GROUP, "/rating carol", ALICE)
    assert reply.fields["text"] == unknown("carol", "rating @carol")
    assert await challenges(bot.database) == []  # nothing changed
    reply = await say(tg, GROUP, "/challenge @bob size=9", ALICE)
    assert reply.fields["text"].startswith(sent(1))


async def test_the_players_of_a_game_made_here_are_known_after_a_restart(
    tg: RedeliveringTelegram, db_path: Path
) -> None:
    tg.set_chat(GROUP, "group")
    tg.set_chat(OTHER, "group")
    bot = await BotProcess(tg, db_path).start()
    try:
        await say(tg, B, "/start", BOB)
        await say(tg, GROUP, "/challenge @bob size=9", ALICE)
    finally:
        await bot.stop()
    bot = await BotProcess(tg, db_path).start()
    try:
        reply = await say(tg, GROUP, "/challenge bob size=13", ALICE)  # bob has not written since
        assert reply.fields["text"].startswith(sent(2))
        reply = await say(tg, OTHER, "/challenge bob size=13", ALICE)  # no game of his there
        assert reply.fields["text"] == unknown("bob", "challenge @bob size=13", challenge=True)
        assert [c for c, _ in await challenges(bot.database)] == [f"telegram:{B}"] * 2
    finally:
        await bot.stop()
