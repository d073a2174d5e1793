"""``/whoami`` on Telegram, which shows its users no ids: the user's id and the exact
``ORGANISERS`` entry for them, and whether the group counts them among its organisers (its
administrators)."""

from __future__ import annotations

from service.i18n import t
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, say
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB

GROUP = -1001234567890


async def test_whoami_gives_the_organisers_entry(tg: RedeliveringTelegram, bot: BotProcess) -> None:
    tg.set_admins(GROUP, [BOB])
    reply = await say(tg, GROUP, "/whoami", ALICE)
    text = reply.fields["text"]
    assert str(ALICE.id) in text and f"<code>telegram:{ALICE.id}</code>" in text
    assert text.endswith(t("whoami.not_organiser"))
    admin = await say(tg, GROUP, "/whoami", BOB)
    assert f"<code>telegram:{BOB.id}</code>" in admin.fields["text"]
    assert admin.fields["text"].endswith(t("whoami.organiser_here"))  # the group's administrator
