"""``try`` (Art. 7.2) on Telegram, end to end: the real python-telegram-bot client against the fake
Bot API server, a game in private chats; both players get the tried sequence as a photo of its own
(the game's board messages stay as they were) and the opponent is pinged; the Count button on it
brings the marking to the bottom; the game stays as it was."""

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

    boards = {chat: board_of(tg, chat) for chat in (A, B)}  # the game's (counting) boards
    shown = {chat: (m.message_id, m.caption, m.photo, m.edit_count) for chat, m in boards.items()}
    edits = {chat: len(answered(tg, "editMessageMedia", chat)) for chat in (A, B)}
    photos = {chat: len(answered(tg, "sendPhoto", chat)) for chat in (A, B)}
    pings = len(answered(tg, "sendMessage", A))
    asked = tg.inject_message(B, "/try E5 pass A9 F5", user=BOB)
    for chat in (A, B):  # each player gets the sequence as a new photo of its own
        await tg.wait_for_call("sendPhoto", chat_id=chat, count=photos[chat] + 1)
    await tg.wait_for_call("sendMessage", chat_id=A, count=pings + 1)  # and Alice is pinged

    ko_pass = t("try.ko_pass", point="F5")
    moves = " · ".join(
        t(f"sequence.{color}", n=n, move=move)
        for n, (color, move) in enumerate(
            (("white", "E5"), ("black", ko_pass), ("white", "A9"), ("black", "F5")), 1
        )
    )
    header = t("try.header", name="@bob", id=1, first="White", moves=moves)
    assert header in last_text(tg, A)
    captured = " · ".join(t("try.takes", color=c, n=1) for c in ("Black", "White"))
    tried = {chat: board_of(tg, chat) for chat in (A, B)}
    assert tried[A].caption == t("caption.try", id=1, captured=captured)
    assert header in (tried[B].caption or "")
    assert tried[B].reply_to is not None and tried[B].reply_to.message_id == asked.message_id
    assert tried[A].reply_to is not None  # beside the game's board in Alice's chat
    assert tried[A].reply_to.message_id == boards[A].message_id
    ping = [m for m in tg.bot_messages(A) if m.text is not None][-1]
    assert ping.reply_to is not None and ping.reply_to.message_id == tried[A].message_id
    for chat in (A, B):
        board = tried[chat]
        assert board.message_id != boards[chat].message_id
        assert board.callback_data == ["g1:board"]
        assert board.photo is not None and board.photo != counting
        assert image_size(board.photo)[0] == image_size(counting)[0]  # no tally: shorter
        # the game's board message is untouched: same picture, caption and buttons
        assert len(answered(tg, "editMessageMedia", chat)) == edits[chat]
        now = tg.message(chat, boards[chat].message_id)
        assert (now.message_id, now.caption, now.photo, now.edit_count) == shown[chat]
        assert now.callback_data[:2] == ["g1:done:v1", "g1:resume"]
    assert tried[A].photo == tried[B].photo

    await press(tg, A, "Count", ALICE)  # on the try's photo: the marking, unchanged, below it
    await tg.wait_for_call("sendPhoto", chat_id=A, count=photos[A] + 2)
    again = board_of(tg, A)
    assert again.message_id > tried[A].message_id
    assert "marking v1" in (again.caption or "")
    assert again.callback_data[:2] == ["g1:done:v1", "g1:resume"]
    assert again.photo == counting
    await tg.wait_for(lambda: not tg.message(A, boards[A].message_id).callback_data)  # one live
    assert tg.message(B, boards[B].message_id).callback_data[:2] == ["g1:done:v1", "g1:resume"]
