"""``/whoami`` on Telegram, which shows its users no ids: the user's id and the exact
``ORGANISERS`` entry for them, and whether the group counts them among its organisers (its
administrators)."""

from __future__ import annotations

import re

from bot.telegram.formatting import as_html
from service.i18n import t
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, last_text, say
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB

GROUP = -1001234567890


async def test_whoami_gives_the_organisers_entry(tg: RedeliveringTelegram, bot: BotProcess) -> None:
    """Asked in the group, the answer goes to the sender's private chat (it lists their linked
    accounts: which Telegram user is which Discord user is nobody else's business); the group
    is told where it went."""
    tg.set_admins(GROUP, [BOB])
    tg.open_private_chat(ALICE.id, BOB.id)
    reply = await say(tg, GROUP, "/whoami", ALICE)
    assert reply.fields["text"] == t("whoami.private")
    text = last_text(tg, ALICE.id)
    assert str(ALICE.id) in text and f"<code>telegram:{ALICE.id}</code>" in text
    assert text.endswith(t("whoami.not_organiser"))
    assert not [m for m in tg.bot_messages(GROUP) if m.text and f"telegram:{ALICE.id}" in m.text]
    admin = await say(tg, GROUP, "/whoami", BOB)
    assert admin.fields["text"] == t("whoami.private")
    text = last_text(tg, BOB.id)
    assert f"<code>telegram:{BOB.id}</code>" in text
    assert text.endswith(t("whoami.organiser_here"))  # the group's administrator


async def test_whoami_in_a_group_without_a_private_chat_says_how_to_open_one(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    reply = await say(tg, GROUP, "/whoami", ALICE)
    assert reply.fields["text"] == as_html([t("whoami.private_needed")])
    assert not [m for m in tg.bot_messages(GROUP) if m.text and f"telegram:{ALICE.id}" in m.text]


async def test_whoami_in_the_private_chat_answers_there(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    tg.open_private_chat(ALICE.id)
    reply = await say(tg, ALICE.id, "/whoami", ALICE)
    assert f"<code>telegram:{ALICE.id}</code>" in reply.fields["text"]


async def test_a_groups_administrator_removes_anyones_challenge(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    """``decline`` asks Telegram for the group's administrators too (its registration says
    what it does depends on it): Bob, an administrator, removes Alice's open challenge."""
    tg.set_admins(GROUP, [BOB])
    made = await say(tg, GROUP, "/challenge size=9", ALICE)
    number = re.search(r"#(\d+)", made.fields.get("text") or made.fields.get("caption", ""))
    assert number is not None
    removed = await say(tg, GROUP, f"/decline #{number[1]}", BOB)
    assert removed.fields["text"].startswith(
        t("challenge.removed", id=number[1], name="@bob").split("@")[0]
    )
