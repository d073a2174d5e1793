"""Which notices ride on the reply as a ping and which need a message of their own: a notice in
another language than the reply is always its own message (its reader reads it in theirs)."""

from __future__ import annotations

from bot.discord.replies import sort_notices
from service import Notice, View
from service.i18n import translate


def test_a_notice_saying_what_the_reply_says_is_a_ping_on_it() -> None:
    line = translate("cs", "challenge.withdrawn", id=1, name="@ann")
    view = View((line,), language="cs")
    notice = Notice("discord:12", (line,), language="cs")
    assert sort_notices(View((line,), language="cs", notify=(notice,)), "discord:11") == (
        ["discord:12"],
        [],
    )
    assert view.lines == notice.lines


def test_a_notice_in_another_language_is_a_message_of_its_own() -> None:
    mine = translate("cs", "challenge.withdrawn", id=1, name="@ann")
    theirs = translate("hu", "challenge.withdrawn", id=1, name="@ann")
    notice = Notice("discord:12", (theirs,), language="hu")
    view = View((mine,), language="cs", notify=(notice,))
    assert sort_notices(view, "discord:11") == ([], [notice])


def test_a_your_move_for_a_reader_who_wants_none_is_left_out() -> None:
    quiet = Notice("discord:12", ("…",), turn=True, notify="none", language="en")
    assert sort_notices(View(("x",), notify=(quiet,)), "discord:11") == ([], [])
