"""Views to Telegram messages: which chats a view goes to (the command's, the players' private
chats or the game's group), and in each the game's board message (:mod:`bot.telegram.boards`
keeps them), pings (:mod:`bot.telegram.pings`), text, lists and documents. A ``try``'s board (a
sequence on a copy of the game, Art. 7.2) is never the game's board: it is a photo of its own, a
reply, and the game's board message stays as it was."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from telegram import InputFile
from telegram.constants import MessageLimit, ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import ExtBot

from bot import errors
from bot.deliveries import forward
from bot.snapshots import render_board
from bot.telegram.boards import Boards, board_message
from bot.telegram.club import send_private, send_table
from bot.telegram.formatting import HOME, as_html, keyboard, replying
from bot.telegram.listing import linked_lines, message_url
from bot.telegram.people import PLATFORM, People, user_id_of
from bot.telegram.pings import Pings, Where
from bot.words import for_notice, said
from service import Actor, Button, Deliver, GameService, Notice, View
from service.i18n import joined, translate
from service.players import number_on

log = logging.getLogger(__name__)
CLOSING = 10.0  # seconds a stopping bot waits for the answers still waiting for their chats


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a command came from: the chat, who sent it, the message it came in (or the pressed
    message), and whether it was a button press (the board is already in view)."""

    chat_id: int
    actor: Actor
    message_id: int | None
    pressed: bool = False


class Presenter:
    """Shows views in chats; the games' board messages are kept by :attr:`boards`."""

    def __init__(
        self,
        bot: ExtBot[Any],
        service: GameService,
        people: People,
        deliveries: Mapping[str, Deliver] | None = None,
        pings: Pings | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        self.people = people
        self.deliveries = deliveries if deliveries is not None else {}
        self.pings = pings or Pings(bot, people)
        self.directory = service.directory
        self.boards = Boards(bot, service.directory)
        self._showing: set[asyncio.Task[None]] = set()

    def show(
        self,
        view: View,
        origin: Origin,
        *,
        stamp: float,
        fresh: bool = False,
        strip: int | None = None,
    ) -> None:
        """:meth:`present` in the background: the chat's next update is handled while this
        one's messages wait for the chat's budget (the pacer merges a board's waiting edits, and
        an older view never replaces a newer one); ``strip``: a pressed one-time question whose
        buttons go. A failure is logged and told in the chat."""
        task = asyncio.create_task(self._present_or_apologise(view, origin, stamp, fresh, strip))
        self._showing.add(task)
        task.add_done_callback(self._showing.discard)

    async def _present_or_apologise(
        self, view: View, origin: Origin, stamp: float, fresh: bool, strip: int | None
    ) -> None:
        try:
            await asyncio.gather(
                self.present(view, origin, stamp=stamp, fresh=fresh),
                self.boards.strip_buttons(origin.chat_id, strip)
                if strip is not None
                else asyncio.sleep(0),
            )
        except Exception as error:  # the one error policy (bot.errors)
            doing, chat = "presenting the answer in chat %s", origin.chat_id
            sorry = await errors.answer(error, view.language, doing, chat, logger=log)
            with contextlib.suppress(TelegramError):
                await self._send(origin.chat_id, (sorry.text,), (), origin.message_id)

    async def close(self) -> None:
        """Wait for the answers being presented (at shutdown), then stop the waiting pings."""
        if self._showing:
            _, late = await asyncio.wait(set(self._showing), timeout=CLOSING)
            for task in late:
                log.warning("an answer was still waiting for its chat at shutdown")
                task.cancel()
        await self.pings.close()

    async def present(
        self, view: View, origin: Origin, *, stamp: float, fresh: bool = False
    ) -> None:
        """The reply to a command in its chat and the notices in the other players' chats, each
        chat in order, the chats side by side; each in its reader's language."""
        view = said(view)
        links = await self.directory.links(view.game_id)
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
        links: Mapping[str, str],
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
                board_id, edited = await self.boards.show(
                    view.game_id, chat, photo, view.text, view.buttons, stamp, fresh=fresh
                )
            if here:
                where = Where(chat, board_id, view.buttons, self._url(chat, board_id))
                await self.pings.send(here, where, view.game_id, stamp)
            elif edited and not origin.pressed and chat > 0:  # in a group the caption says it
                await self._send(chat, view.lines, (), board_id)
        elif view.board is not None:  # a board of no game (a `rules` diagram): a photo of its own
            await self._send_tried(view, chat, photo, origin.message_id)
        elif view.private and chat < 0:  # a link code: never in a group
            await send_private(self.bot, chat, view, origin.actor, origin.message_id)
        elif view.table is not None:
            await send_table(self.bot, chat, view, origin.message_id)
        else:
            if view.file is None and view.lines and any(g is not None for g in view.line_games):
                await self._send_list(chat, view, origin.message_id)
            elif view.file is None and view.lines:
                await self._send(chat, view.lines, view.buttons, origin.message_id)
            if here:
                where = Where(chat, board_message(links, chat))
                await self.pings.send(here, where, view.game_id, stamp)
        if view.file is not None:
            await self._send_file(chat, view, origin.message_id)

    async def deliver(self, view: View) -> None:
        """The scheduler's notices (reminders, losses on time) and its post in a chat of ours
        (the problem of the day, :attr:`View.post`); never raises."""
        try:
            view = said(view)
            links = await self.directory.links(view.game_id)
            photo = await render_board(view.board) or b""
            targets = self._targets(view, links, None)
            await asyncio.gather(
                self._notify(view, photo, links, targets, self.pings.clock.now(), None),
                self._post(view, photo),
            )
        except Exception:
            log.exception("delivering a notice of game %s failed", view.game_id)

    async def _post(self, view: View, photo: bytes) -> None:
        """The whole view in the chat it is posted in, when that is a Telegram chat: the board
        as a photo of its own (its lines in the caption, or in a reply when too long), else the
        text; paced as every call. A chat that refuses the bot is logged, never raised."""
        chat = number_on(view.post, PLATFORM)
        if chat is None:
            return
        try:
            if view.board is not None:
                await self._send_tried(view, chat, photo, None)
            elif view.lines:
                await self._send(chat, view.lines, (), None)
        except TelegramError as error:  # removed from the group, a 403, a 400: the others go on
            log.warning("could not post in chat %s: %s", chat, error)
        except Exception:
            log.exception("posting in chat %s failed", chat)

    async def _send_tried(
        self, view: View, chat_id: int, photo: bytes, reply_to: int | None, caption: str = ""
    ) -> int:
        """A ``try``'s board (or a ``rules`` diagram) as a new photo replying to ``reply_to``,
        never linked as a game's board; its caption is ``caption`` or the view's lines (then,
        when they are too long for a caption, the board's caption with the lines in a reply to
        the photo)."""
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

    def _targets(
        self, view: View, links: Mapping[str, str], origin: Origin | None
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
        links: Mapping[str, str],
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
        links: Mapping[str, str],
        chat: int,
        notices: list[Notice],
        stamp: float,
        origin: Origin | None,
    ) -> None:
        told = view.language  # the sender's, for a word to them
        try:
            if chat > 0 and len(notices) == 1 and view.board is not None:
                own = for_notice(view, notices[0])  # a private chat: the reader's own board
                if own is not view:
                    view, photo = own, await render_board(own.board) or b""
            if view.board is not None and view.game_id is not None:
                caption = view.board.caption or view.text
                board_id: int | None
                if view.hypothetical:  # beside the game's board, which stays as it was
                    reply_to = board_message(links, chat)
                    board_id = await self._send_tried(view, chat, photo, reply_to, caption)
                else:
                    board_id, _ = await self.boards.show(
                        view.game_id, chat, photo, caption, view.buttons, stamp
                    )
                where = Where(chat, board_id, view.buttons, self._url(chat, board_id))
            else:
                where = Where(chat, board_message(links, chat))
            await self.pings.send(notices, where, view.game_id, stamp)
        except (Forbidden, BadRequest) as error:
            closed = isinstance(error, Forbidden) or "chat not found" in error.message.lower()
            if chat < 0 or not closed:
                raise
            log.info("chat %s does not accept messages from the bot: %s", chat, error)
            if origin is not None:
                name = joined("", ("@", self.people.name(chat)))
                line = translate(told, "telegram.unreachable", name=name)
                await self._send(origin.chat_id, (line,), (), origin.message_id)

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

    async def _send_list(self, chat_id: int, view: View, reply_to: int | None) -> None:
        """A games list whose lines link to the games' board messages (in supergroups)."""
        games = {g for g in view.line_games if g is not None}
        links_of = {game: await self.directory.links(game) for game in sorted(games)}
        await self.bot.send_message(
            chat_id,
            "\n".join(linked_lines(view, links_of, chat_id)),
            parse_mode=ParseMode.HTML,
            reply_markup=keyboard(view.buttons),
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
    def _url(chat_id: int, board_id: int | None) -> str | None:
        """The link of the board message (supergroups only), for pings elsewhere."""
        return None if board_id is None else message_url(chat_id, board_id)
