"""Views to Telegram messages: one board photo per game per chat (sent once, then edited in place
with editMessageMedia), short replies that mention the players a notice is for, and documents.
A ``try``'s board (a sequence on a copy of the game, Art. 7.2) is never the game's board: it is
a photo of its own, a reply, and the game's board message stays as it was."""

from __future__ import annotations

import asyncio
import html
import logging
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    InputMediaPhoto,
    ReplyParameters,
)
from telegram.constants import MessageLimit, ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError

from bot.deliveries import forward
from bot.fitting import fit_lines
from bot.snapshots import render_board
from bot.telegram.people import PLATFORM, People, user_id_of
from service import Actor, Button, Deliver, GameService, Notice, Request, View
from service.commands import SYSTEM, Link, Links
from service.i18n import t

log = logging.getLogger(__name__)
HOME = "telegram:home"  # link: the chat where the game was proposed
BUTTONS_PER_ROW = 3
_CODE = re.compile(r"`([^`\n]+)`")


def board_link(chat_id: int) -> str:
    """The link key of a game's board message in one chat."""
    return f"telegram:board:{chat_id}"


def as_html(lines: Sequence[str], limit: int = MessageLimit.MAX_TEXT_LENGTH) -> str:
    """The lines as escaped HTML within Telegram's ``limit`` of characters (a games list loses
    whole lines and says so: :func:`fit_lines`); spans in backticks (`` `done v2` ``) become
    tap-to-copy code."""
    text = fit("\n".join(fit_lines(lines, limit)), limit)
    return _CODE.sub(r"<code>\1</code>", html.escape(text, quote=False))


def fit(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters (Telegram rejects longer captions and messages)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def keyboard(buttons: Sequence[Button]) -> InlineKeyboardMarkup | None:
    """An inline keyboard whose callback data are the buttons' tokens."""
    if not buttons:
        return None
    keys = [InlineKeyboardButton(b.label, callback_data=b.token) for b in buttons]
    return InlineKeyboardMarkup(
        [keys[i : i + BUTTONS_PER_ROW] for i in range(0, len(keys), BUTTONS_PER_ROW)]
    )


def replying(message_id: int | None) -> ReplyParameters | None:
    return (
        None
        if message_id is None
        else ReplyParameters(message_id, allow_sending_without_reply=True)
    )


class GameLinks:
    """The service's links of each game, cached in this process: a game's home chat never
    changes and its board messages change only when the adapter sends a new one (through
    :meth:`put`), so a move costs no extra database work."""

    def __init__(self, service: GameService, size: int = 10_000) -> None:
        self.service = service
        self.size = size
        self._games: dict[int, dict[str, str]] = {}

    async def of(self, game_id: int | None) -> dict[str, str]:
        """The links of the game (none for a view about no game)."""
        if game_id is None:
            return {}
        links = self._games.get(game_id)
        if links is None:
            found = await self.service.execute(Links(), Request(SYSTEM, game=game_id))
            links = self._games[game_id] = found
            while len(self._games) > self.size:
                del self._games[next(iter(self._games))]
        return links

    async def put(self, game_id: int, key: str, value: str) -> None:
        """Link the game (in storage, then here)."""
        await self.service.execute(Link(key, value), Request(SYSTEM, game=game_id))
        (await self.of(game_id))[key] = value


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a command came from: the chat, who sent it, the message it came in (or the pressed
    message), and whether it was a button press (the board is already in view)."""

    chat_id: int
    actor: Actor
    message_id: int | None
    pressed: bool = False


class Presenter:
    """Shows views in chats; boards are linked through the service so they survive restarts."""

    def __init__(
        self,
        bot: Bot,
        service: GameService,
        people: People,
        deliveries: Mapping[str, Deliver] | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        self.people = people
        self.deliveries = deliveries if deliveries is not None else {}
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}
        self._stamps: dict[tuple[int, int], float] = {}  # when the shown board's view was made
        self.links = GameLinks(service)

    async def present(
        self, view: View, origin: Origin, *, stamp: float, fresh: bool = False
    ) -> None:
        """The reply to a command in its chat and the notices in the other players' chats, each
        chat in order, the chats side by side."""
        links = await self.links.of(view.game_id)
        targets = self._targets(view, links, origin)
        here = targets.pop(origin.chat_id, [])
        photo = await render_board(view.board) or b""
        await asyncio.gather(
            self._reply(view, photo, links, here, origin, stamp, fresh),
            self._notify(view, photo, links, targets, stamp, origin),
            forward(self.deliveries, view, besides=PLATFORM),
        )

    async def _reply(
        self,
        view: View,
        photo: bytes,
        links: dict[str, str],
        here: list[Notice],
        origin: Origin,
        stamp: float,
        fresh: bool,
    ) -> None:
        """In the command's chat: the board (pinging whom a notice here is for) or the text."""
        chat = origin.chat_id
        if view.board is not None and view.game_id is not None:
            board_id: int | None
            edited = False
            if view.hypothetical:  # a photo of its own: the game's board stays as it was
                board_id = await self._send_tried(view, chat, photo, origin.message_id)
            else:
                board_id, edited = await self.show_board(
                    view.game_id, chat, photo, links, view.text, view.buttons, stamp, fresh=fresh
                )
            if here:
                await self._ping(chat, here, board_id, view.buttons)
            elif edited and not origin.pressed:
                await self._send(chat, view.lines, (), board_id)
        else:
            if view.file is None and view.lines:
                await self._send(chat, view.lines, view.buttons, origin.message_id)
            if here:
                await self._ping(chat, here, self._board_id(links, chat), ())
        if view.file is not None:
            await self._send_file(chat, view, origin.message_id)

    async def deliver(self, view: View) -> None:
        """The scheduler's notices (reminders, losses on time); never raises."""
        try:
            links = await self.links.of(view.game_id)
            photo = await render_board(view.board) or b""
            targets = self._targets(view, links, None)
            await self._notify(view, photo, links, targets, time.monotonic(), None)
        except Exception:
            log.exception("delivering a notice of game %s failed", view.game_id)

    async def show_board(
        self,
        game_id: int,
        chat_id: int,
        photo: bytes,
        links: dict[str, str],
        caption: str,
        buttons: Sequence[Button],
        stamp: float,
        *,
        fresh: bool = False,
    ) -> tuple[int | None, bool]:
        """Edit the game's board message in the chat (or send one, or a ``fresh`` one at the
        bottom) to show ``photo``; the message id and whether it was edited. Views older than the
        one shown are skipped (None). ``links`` are the game's (cached) links."""
        key = (game_id, chat_id)
        async with self._locks.setdefault(key, asyncio.Lock()):
            if stamp < self._stamps.get(key, 0.0):
                return None, False
            self._stamps[key] = stamp
            link = board_link(chat_id)
            current = links.get(link)
            text = as_html([caption], MessageLimit.CAPTION_LENGTH)
            markup = keyboard(buttons)
            if current and not fresh:
                media = InputMediaPhoto(photo, caption=text, parse_mode=ParseMode.HTML)
                try:
                    await self.bot.edit_message_media(
                        media, chat_id=chat_id, message_id=int(current), reply_markup=markup
                    )
                    return int(current), True
                except BadRequest as error:
                    if "not modified" in error.message.lower():
                        return int(current), True
                    log.info("board %s in chat %s not editable (%s)", current, chat_id, error)
            message = await self.bot.send_photo(
                chat_id, photo, caption=text, parse_mode=ParseMode.HTML, reply_markup=markup
            )
            await self.links.put(game_id, link, str(message.message_id))
            if current and fresh:
                await self.strip_buttons(chat_id, int(current))
            return message.message_id, False

    async def _send_tried(
        self, view: View, chat_id: int, photo: bytes, reply_to: int | None, caption: str = ""
    ) -> int:
        """A ``try``'s board as a new photo replying to ``reply_to``, never linked as the game's
        board; its caption is ``caption`` or the view's lines (then, when they are too long for
        a caption, the board's caption with the lines in a reply to the photo)."""
        assert view.board is not None
        text = caption or view.text
        long = not caption and len(text) > MessageLimit.CAPTION_LENGTH
        message = await self.bot.send_photo(
            chat_id,
            photo,
            caption=as_html([view.board.caption if long else text], MessageLimit.CAPTION_LENGTH),
            parse_mode=ParseMode.HTML,
            reply_markup=keyboard(view.buttons),
            reply_parameters=replying(reply_to),
        )
        if long:
            await self._send(chat_id, view.lines, (), message.message_id)
        return message.message_id

    async def is_board_message(self, game_id: int | None, chat_id: int, message_id: int) -> bool:
        """Whether ``message_id`` is the game's board message in the chat."""
        links = await self.links.of(game_id)
        return self._board_id(links, chat_id) == message_id

    async def strip_buttons(self, chat_id: int, message_id: int) -> None:
        """Remove a message's inline keyboard (best effort: it may be gone or unchanged)."""
        try:
            await self.bot.edit_message_reply_markup(chat_id, message_id, reply_markup=None)
        except TelegramError as error:
            log.debug("buttons of %s in chat %s stay: %s", message_id, chat_id, error)

    def _targets(
        self, view: View, links: dict[str, str], origin: Origin | None
    ) -> dict[int, list[Notice]]:
        """The chat of each notice for a Telegram player: the game's group when it was proposed
        in one, else the player's private chat; the sender's own notice in this chat is dropped."""
        home = links.get(HOME, "")
        group = int(home) if home.startswith("-") and home[1:].isdigit() else None
        targets: dict[int, list[Notice]] = {}
        for notice in view.notify:
            user_id = user_id_of(notice.player)
            if user_id is None:
                continue
            chat = group if group is not None else user_id
            if origin is not None and chat == origin.chat_id and notice.player == origin.actor.id:
                continue
            targets.setdefault(chat, []).append(notice)
        return targets

    async def _notify(
        self,
        view: View,
        photo: bytes,
        links: dict[str, str],
        targets: dict[int, list[Notice]],
        stamp: float,
        origin: Origin | None,
    ) -> None:
        """Each chat of ``targets`` gets the board (when the view has one) and a ping."""
        await asyncio.gather(
            *(
                self._notify_chat(view, photo, links, chat, notices, stamp, origin)
                for chat, notices in targets.items()
            )
        )

    async def _notify_chat(
        self,
        view: View,
        photo: bytes,
        links: dict[str, str],
        chat: int,
        notices: list[Notice],
        stamp: float,
        origin: Origin | None,
    ) -> None:
        try:
            if view.board is not None and view.game_id is not None:
                caption = view.board.caption or view.text
                board_id: int | None
                if view.hypothetical:  # beside the game's board, which stays as it was
                    reply_to = self._board_id(links, chat)
                    board_id = await self._send_tried(view, chat, photo, reply_to, caption)
                else:
                    board_id, _ = await self.show_board(
                        view.game_id, chat, photo, links, caption, view.buttons, stamp
                    )
                await self._ping(chat, notices, board_id, view.buttons)
            else:
                await self._ping(chat, notices, self._board_id(links, chat), ())
        except (Forbidden, BadRequest) as error:
            closed = isinstance(error, Forbidden) or "chat not found" in error.message.lower()
            if chat < 0 or not closed:
                raise
            log.info("chat %s does not accept messages from the bot: %s", chat, error)
            if origin is not None:
                line = t("telegram.unreachable", name=f"@{self.people.name(chat)}")
                await self._send(origin.chat_id, (line,), (), origin.message_id)

    async def _ping(
        self,
        chat_id: int,
        notices: Sequence[Notice],
        reply_to: int | None,
        board_buttons: Sequence[Button],
    ) -> None:
        """One message per distinct notice, mentioning everyone it is for (in groups)."""
        grouped: dict[tuple[tuple[str, ...], tuple[Button, ...]], list[int]] = {}
        for notice in notices:
            user_id = user_id_of(notice.player)
            assert user_id is not None
            grouped.setdefault((notice.lines, notice.buttons), []).append(user_id)
        for (lines, buttons), users in grouped.items():
            text = as_html(lines, MessageLimit.MAX_TEXT_LENGTH - 200)  # room for the mentions
            mentioned = [u for u in users if u != chat_id]  # a private chat needs no mention
            if mentioned:
                names = ", ".join(
                    f'<a href="tg://user?id={u}">{html.escape(self.people.name(u))}</a>'
                    for u in mentioned
                )
                text = f"{names}: {text}"
            extra = () if tuple(buttons) == tuple(board_buttons) else buttons
            await self.bot.send_message(
                chat_id,
                text,
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard(extra),
                reply_parameters=replying(reply_to),
            )

    async def _send(
        self,
        chat_id: int,
        lines: Sequence[str],
        buttons: Sequence[Button],
        reply_to: int | None,
    ) -> None:
        await self.bot.send_message(
            chat_id,
            as_html(lines),
            parse_mode=ParseMode.HTML,
            reply_markup=keyboard(buttons),
            reply_parameters=replying(reply_to),
        )

    async def _send_file(self, chat_id: int, view: View, reply_to: int | None) -> None:
        assert view.file is not None
        name, data = view.file
        await self.bot.send_document(
            chat_id,
            InputFile(data, filename=name),
            caption=as_html(view.lines, MessageLimit.CAPTION_LENGTH),
            parse_mode=ParseMode.HTML,
            reply_parameters=replying(reply_to),
        )

    @staticmethod
    def _board_id(links: dict[str, str], chat_id: int) -> int | None:
        """The game's board message in the chat, if it has one there."""
        value = links.get(board_link(chat_id), "")
        return int(value) if value.isdigit() else None
