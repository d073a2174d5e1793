"""``try`` (Art. 7.2) on Telegram, end to end: the real python-telegram-bot client against the fake
Bot API server, a game in private chats; both players' board messages show the tried sequence and
the opponent is pinged; the Count button brings the marking back; the game stays as it was."""

from __future__ import annotations

from service.i18n import t
from tests.bot.telegram.harness import (
    BotProcess,
    RedeliveringTelegram,
    answered,
    board_of,
    image_size,
    last_text,
    say,
)
from tests.bot.telegram.test_game import move, press, start_private_game
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB

A, B = ALICE.id, BOB.id  # their private chats with the bot
# Black takes the ko at F5 (capturing E5), then both pass: the game stops with the ko open.
KO = ["D5", "E5", "E6", "F6", "E4", "F4", "B2", "G5", "F5"]


async def test_both_players_see_a_tried_sequence(tg: RedeliveringTelegram, bot: BotProcess) -> None:
    await start_private_game(tg)
    early = await say(tg, A, "/try D4", ALICE)
    assert "game #1 is being played" in early.fields["text"]
    for index, point in enumerate(KO):
        if index % 2 == 0:
            await move(tg, A, point, ALICE, other=B)
        else:
            await move(tg, B, point, BOB, other=A)
    await move(tg, B, "/pass", BOB, other=A)
    await move(tg, A, "/pass", ALICE, other=B)
    assert board_of(tg, A).callback_data[:2] == ["g1:done:v1", "g1:resume"]
    counting = board_of(tg, A).photo  # the message is edited in place: keep its picture now
    assert counting is not None

    edits = {chat: len(answered(tg, "editMessageMedia", chat)) for chat in (A, B)}
    pings = len(answered(tg, "sendMessage", A))
    tg.inject_message(B, "/try E5 pass A9 F5", user=BOB)
    for chat in (A, B):  # each player's board message shows the sequence
        await tg.wait_for_call("editMessageMedia", chat_id=chat, count=edits[chat] + 1)
    await tg.wait_for_call("sendMessage", chat_id=A, count=pings + 1)  # and Alice is pinged

    ko_pass = t("try.ko_pass", point="F5")
    moves = f"1 W E5 · 2 B {ko_pass} · 3 W A9 · 4 B F5"
    header = t("try.header", name="@bob", id=1, first="White", moves=moves)
    assert header in last_text(tg, A)
    captured = " · ".join(t("try.takes", color=c, n=1) for c in ("Black", "White"))
    assert board_of(tg, A).caption == t("caption.try", id=1, captured=captured)
    assert header in (board_of(tg, B).caption or "")
    for chat in (A, B):
        board = board_of(tg, chat)
        assert board.callback_data == ["g1:board"]
        assert board.photo is not None and board.photo != counting
        assert image_size(board.photo)[0] == image_size(counting)[0]  # no tally: shorter
    assert board_of(tg, A).photo == board_of(tg, B).photo

    await press(tg, A, "Count", ALICE)  # the marking, unchanged
    await tg.wait_for(lambda: "marking v1" in (board_of(tg, A).caption or ""))
    assert board_of(tg, A).callback_data[:2] == ["g1:done:v1", "g1:resume"]
    assert board_of(tg, A).photo == counting
