"""Telegram speaks each player's language (issue 10): a Hungarian (``language_code`` ``hu``) and a
Czech (``cs``) player each read their replies and their private pings in their own language, and
``/settings language=en`` turns the Hungarian's bot English. Their ``TelegramUser``'s
``language_code`` is in the ``User`` object of every update from them, as Telegram sends it."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from service.i18n import translate
from tests.bot.languages import assert_speaks, said, terms
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, answered, say
from tests.bot.telegram.test_game import move
from tests.fakes import TelegramCall, TelegramUser

KOVACS = TelegramUser(2001, "Kovács", "kovacs", language_code="hu")
DVORAK = TelegramUser(2002, "Dvořák", "dvorak", language_code="cs")
K, D = KOVACS.id, DVORAK.id  # their private chats with the bot
SHOWN = ("sendMessage", "sendPhoto", "editMessageMedia")


def plain(text: str) -> str:
    """Telegram's HTML as the catalogue writes it: `code`, no tags, no entities."""
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"</?code>", "`", text)))


def caption_of(call: TelegramCall) -> str:
    fields = call.fields
    media = fields.get("media")
    said = fields.get("text") or fields.get("caption")
    if said is None and isinstance(media, dict):
        said = media.get("caption")
    return plain(str(said or ""))


def labels(call: TelegramCall) -> list[str]:
    rows = (call.fields.get("reply_markup") or {}).get("inline_keyboard", [])
    return [str(button["text"]) for row in rows for button in row]


def lines_of(calls: Iterable[TelegramCall]) -> list[str]:
    """Every line and button label of ``calls``."""
    return [line for c in calls for line in (*caption_of(c).splitlines(), *labels(c)) if line]


def shown(tg: RedeliveringTelegram, chat: int, method: str | None = None) -> list[TelegramCall]:
    """What the bot showed in ``chat`` (texts, photos, board edits), in order."""
    methods = (method,) if method else SHOWN
    return [c for m in methods for c in answered(tg, m, chat)]


async def challenge_and_accept(tg: RedeliveringTelegram) -> None:
    """Dvořák has written to the bot; Kovács challenges him; he accepts with ``/accept``."""
    await say(tg, D, "/start", DVORAK)
    await say(tg, K, "/challenge @dvorak size=9 color=black", KOVACS)
    await tg.wait_for(lambda: [m for m in tg.bot_messages(D) if m.callback_data])
    pings = len(answered(tg, "sendMessage", K))
    photos = len(answered(tg, "sendPhoto", K))
    tg.inject_message(D, "/accept", user=DVORAK)
    await tg.wait_for_call("sendPhoto", chat_id=D)  # the board in each chat
    await tg.wait_for_call("sendPhoto", chat_id=K, count=photos + 1)
    await tg.wait_for_call("sendMessage", chat_id=K, count=pings + 1)  # Kovács moves first


async def test_each_player_reads_replies_and_pings_in_their_own_language(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    """Help, the rules of seki, the challenge, the start of the game and two moves: every text
    Kovács gets is Hungarian, every text Dvořák gets Czech, and so are the boards each sees
    after a command of their own (their captions and buttons). Then Kovács chooses English."""
    await say(tg, K, "/help", KOVACS)
    await say(tg, K, "/rules seki", KOVACS, method="sendPhoto")  # the diagram, captioned
    await challenge_and_accept(tg)
    invitation = answered(tg, "sendMessage", D)[1]  # its own test below
    await move(tg, K, "d4", KOVACS, other=D)
    await move(tg, D, "/play e5", DVORAK, other=K)

    hungarian = shown(tg, K)
    czech = [c for c in shown(tg, D) if c is not invitation]  # texts, boards and their buttons
    hu, cs = lines_of(hungarian), lines_of(czech)
    said("hu", "help.header", hu)
    said("hu", "help.cmd.play", hu)
    said("hu", "rules.seki.title", hu)
    said("hu", "rules.seki.cite", hu)
    said("hu", "challenge.sent", hu, id=1, name="@dvorak", terms=terms("hu", "@kovacs"))
    said("hu", "challenge.accepted", hu, id=1, black="@kovacs", white="@dvorak")
    said("hu", "notice.your_move", hu, id=1, caption="")
    said("cs", "help.header", cs)  # /start
    said("cs", "notice.your_move", cs, id=1, caption="")
    for code, seen in (("hu", hu), ("cs", cs)):
        for key in ("button.pass", "button.undo", "button.resign"):
            said(code, key, seen)
        said(code, "caption.move", seen, n=1, color=translate(code, "color.black"), point="D4")
        said(code, "caption.move", seen, n=2, color=translate(code, "color.white"), point="E5")

    # Dvořák's board after his /accept, Kovács's after his d4 (the first edit in his chat)
    own_boards = [shown(tg, D, "sendPhoto")[0], shown(tg, K, "editMessageMedia")[0]]
    said(
        "cs", "challenge.accepted", lines_of(own_boards[:1]), id=1, black="@kovacs", white="@dvorak"
    )
    fekete = translate("hu", "color.black")
    said("hu", "caption.move", lines_of(own_boards[1:]), n=1, color=fekete, point="D4")
    assert_speaks("hu", hu + lines_of(own_boards[1:]))
    assert_speaks("cs", cs + lines_of(own_boards[:1]))

    # Kovács's app stays Hungarian; his own choice comes first
    before = len(answered(tg, "sendMessage", K))
    saved = await say(tg, K, "/settings language=en", KOVACS)
    await say(tg, K, "/help play", KOVACS)
    ko = await say(tg, K, "/rules ko", KOVACS, method="sendPhoto")
    await move(tg, K, "c3", KOVACS, other=D)  # his reply in English, Dvořák's ping in Czech
    await move(tg, D, "/play f6", DVORAK, other=K)  # Kovács's ping in English
    english = lines_of([*answered(tg, "sendMessage", K)[before:], ko])
    assert caption_of(saved).splitlines()[0] == translate("en", "settings.changed")
    said("en", "help.cmd.play", english)
    said("en", "rules.ko.title", english)
    said("en", "notice.your_move", english, id=1, caption="")
    black, white = translate("en", "color.black"), translate("en", "color.white")
    said("en", "caption.move", english, n=3, color=black, point="C3")
    said("en", "caption.move", english, n=4, color=white, point="F6")
    assert_speaks("en", english)
    czech_after = lines_of(answered(tg, "sendMessage", D)[-2:])
    said("cs", "caption.move", czech_after, n=3, color=translate("cs", "color.black"), point="C3")
    assert_speaks("cs", czech_after)


async def test_the_invitation_reaches_the_challenged_in_his_language(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    await say(tg, D, "/start", DVORAK)
    await say(tg, K, "/challenge @dvorak size=9 color=black", KOVACS)
    [invitation] = await tg.wait_for(lambda: [m for m in tg.bot_messages(D) if m.callback_data])
    received = translate(
        "cs", "challenge.received", id=1, name="@kovacs", terms=terms("cs", "@kovacs")
    )
    assert plain(invitation.text or "") == received
    assert [b["text"] for b in invitation.buttons] == [
        translate("cs", "button.accept"),
        translate("cs", "button.decline"),
    ]


async def test_each_player_s_board_speaks_their_language(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    await challenge_and_accept(tg)
    await move(tg, K, "d4", KOVACS, other=D)
    fekete = translate("hu", "color.black")
    to_play = translate("hu", "caption.to_play", color=fekete, name="@kovacs")
    first = " · ".join((translate("hu", "caption.game", id=1), to_play))
    assert caption_of(shown(tg, K, "sendPhoto")[0]) == first  # Dvořák accepted: Kovács's board
    black = translate("cs", "color.black")
    moved = translate("cs", "caption.move", n=1, color=black, point="D4")
    assert caption_of(shown(tg, D, "editMessageMedia")[-1]).startswith(moved)
    for code, chat in (("hu", K), ("cs", D)):
        boards = shown(tg, chat, "sendPhoto") + shown(tg, chat, "editMessageMedia")
        assert len(boards) >= 2
        assert_speaks(code, lines_of(boards))
        for board in boards:
            assert labels(board)[0] == translate(code, "button.pass")
