"""Club play's answers on Telegram: a league table as a photo with its lines as the caption, and
answers for the sender's eyes only (a link code), which never go to a group: they go to the
sender's private chat, or the group is told to open one."""

from __future__ import annotations

from telegram import InputFile
from telegram.constants import MessageLimit, ParseMode
from telegram.error import BadRequest, Forbidden
from telegram.ext import ExtBot

from bot.snapshots import render_table
from bot.telegram.formatting import as_html, replying
from bot.telegram.people import user_id_of
from service import Actor, View
from service.i18n import translate


async def send_table(bot: ExtBot[None], chat_id: int, view: View, reply_to: int | None) -> None:
    """The table's image, captioned with the view's lines (cut to Telegram's caption limit;
    the image holds the whole table)."""
    png = await render_table(view.table)
    assert png is not None
    await bot.send_photo(
        chat_id,
        InputFile(png, filename="standings.png"),
        caption=as_html(view.lines, MessageLimit.CAPTION_LENGTH),
        parse_mode=ParseMode.HTML,
        reply_parameters=replying(reply_to),
    )


async def send_private(
    bot: ExtBot[None], chat_id: int, view: View, actor: Actor, reply_to: int | None
) -> None:
    """A private answer asked in a group: sent to the sender's private chat, and the group is
    told so (or, when the sender never opened a private chat, told how to)."""
    user = user_id_of(actor.id)
    said = f"{view.private_family}.private_needed"
    if user is not None:
        try:
            await bot.send_message(user, as_html(view.lines), parse_mode=ParseMode.HTML)
            said = f"{view.private_family}.private"
        except (Forbidden, BadRequest):
            pass
    await bot.send_message(
        chat_id,
        as_html([translate(view.language, said)]),
        parse_mode=ParseMode.HTML,
        reply_parameters=replying(reply_to),
    )
