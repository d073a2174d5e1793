"""Telegram updates to the grammar's commands: ``/play d4`` and every other command, plain text in
private chats and in replies to the bot in groups, and button presses (callback data = token).
A command about a known game costs one call of the service: the game of a reply to its board
comes from the directory's cache (:mod:`service.directory`), and the view says its reader's
language. One error handler answers by the adapters' error policy (:mod:`bot.errors`)."""

from __future__ import annotations

import logging
from functools import partial

from telegram import Message, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

from bot import errors
from bot.grammar import (
    BY_NAME,
    Words,
    mentioned,
    needs_organiser,
    parse,
    parse_token,
    read_charged,
    run,
)
from bot.telegram.admins import Admins
from bot.telegram.formatting import HOME, as_html, fit, replying
from bot.telegram.people import PLATFORM, People, language_of, user_id_of
from bot.telegram.present import Origin, Presenter
from service import Actor, GameService, Request, View
from service.errors import BadArguments
from service.i18n import t
from service.players import player_id
from service.views import TOKEN_PATTERN

log = logging.getLogger(__name__)
Context = ContextTypes.DEFAULT_TYPE
ALERT_LIMIT = 200  # characters of a callback query answer
TOKEN_FILTER = f"^{TOKEN_PATTERN}$"  # callback data routed to :meth:`Handlers.on_button`


class Handlers:
    """The handlers of the application, each ``async (update, context) -> None``."""

    def __init__(self, service: GameService, people: People, presenter: Presenter) -> None:
        self.service = service
        self.people = people
        self.presenter = presenter
        self.admins = Admins(presenter.bot)

    async def on_command(self, update: Update, context: Context) -> None:
        """``/name args`` (also ``/name@bot``); ``/start`` is help. Unknown commands in groups
        are answered only when addressed to this bot."""
        message = update.effective_message
        assert message is not None and message.text is not None
        head, _, rest = message.text.partition(" ")
        name, _, addressee = head[1:].partition("@")
        if addressee and addressee.lower() != (context.bot.username or "").lower():
            return  # for another bot in this group
        known = name.lower() in BY_NAME or name.lower() == "start"
        if not known and not addressee and message.chat.type != ChatType.PRIVATE:
            return  # an unknown bare command in a group may be another bot's
        text = "help" if name.lower() == "start" else f"{name} {rest}"  # ignore deep-link data
        await self._run(update, text, plain_points=False)

    async def on_text(self, update: Update, context: Context) -> None:
        """Plain text: any line in a private chat; in a group, only replies to the bot."""
        message = update.effective_message
        assert message is not None and message.text is not None
        if message.chat.type != ChatType.PRIVATE:
            replied = message.reply_to_message
            if (
                replied is None
                or replied.from_user is None
                or replied.from_user.id != context.bot.id
            ):
                return
        await self._run(update, message.text, plain_points=True)

    async def on_button(self, update: Update, context: Context) -> None:
        """A button press: the callback data is a command token such as ``g42:done:v3``."""
        query = update.callback_query
        assert query is not None and query.data is not None
        message = query.message
        chat_id = message.chat.id if message is not None else query.from_user.id
        actor = self.people.actor(query.from_user, chat_id)
        data = query.data
        words = read_charged(self.service, actor, lambda: parse_token(data))
        view = await self._execute(update, actor, words, chat_id, None)
        stamp = self.presenter.pings.clock.now()
        await query.answer()
        pressed = message.message_id if message is not None else None
        question = isinstance(message, Message) and not message.photo  # asked once
        origin = Origin(chat_id, actor, pressed, pressed=True)
        fresh = await self._beside_the_board(message, view, chat_id)
        strip = pressed if question else None
        self.presenter.show(view, origin, stamp=stamp, fresh=fresh, strip=strip)

    async def _beside_the_board(self, message: object, view: View, chat_id: int) -> bool:
        """A game's board asked from a photo that is not its board message (the Count button of
        a ``try``'s image): the board is sent again at the bottom, as ``/board`` does, so the
        press shows it; the game's board message is only edited in place otherwise."""
        if not isinstance(message, Message) or not message.photo or view.game_id is None:
            return False
        if view.board is None or view.hypothetical:
            return False
        boards = self.presenter.boards
        return not await boards.is_board_message(view.game_id, chat_id, message.message_id)

    async def on_stale_button(self, update: Update, context: Context) -> None:
        """Callback data that is not a command token (another bot version's buttons)."""
        raise BadArguments(t("grammar.token"))

    async def _language(self, update: Update) -> str | None:
        """The language of the update's sender (their settings first), for what the adapter
        says by itself; their app's when the storage cannot tell."""
        user, chat = update.effective_user, update.effective_chat
        if user is None:
            return None
        try:
            where = player_id(PLATFORM, chat.id if chat is not None else user.id)
            return await self.service.language_for(self.people.actor(user), where)
        except Exception:  # an error about the storage itself: answered all the same
            return language_of(user)

    async def on_error(self, update: object, context: Context) -> None:
        """The one error handler, by the adapters' error policy (:mod:`bot.errors`): user errors
        in their reader's words, anything else logged with its traceback and answered with an
        apology; never a traceback in a chat."""
        error = context.error
        if not isinstance(update, Update) or error is None:
            log.error("Telegram error outside an update", exc_info=error)
            return
        if errors.quiet(error) and update.callback_query is None:
            return  # a flood's later messages: replies would spend the chat's budget
        chosen = partial(self._language, update)  # asked only when the answer needs it
        said = await errors.answer(error, chosen, "update %s", update.update_id, logger=log)
        try:
            await self._tell(update, said.text)
        except TelegramError as failure:
            log.warning("could not answer update %s: %s", update.update_id, failure)

    async def _tell(self, update: Update, text: str) -> None:
        """An alert for a button press (a message once the press was answered), else a reply."""
        query = update.callback_query
        if query is not None:
            try:
                await query.answer(fit(text, ALERT_LIMIT), show_alert=True)
                return
            except BadRequest:
                if query.message is None:
                    raise  # an inline message: no chat to write to
        message = update.effective_message
        if message is not None:
            await self.presenter.bot.send_message(
                message.chat_id,
                as_html([text]),
                parse_mode=ParseMode.HTML,
                reply_parameters=replying(message.message_id),
            )

    async def _run(self, update: Update, text: str, *, plain_points: bool) -> None:
        """Parse ``text`` from a message, run it and present the view."""
        message = update.effective_message
        user = update.effective_user
        assert message is not None and user is not None
        actor = self.people.actor(user, message.chat_id)
        if message.chat.type == ChatType.PRIVATE:
            self.presenter.pings.opened(user.id)
        words = read_charged(self.service, actor, lambda: parse(text, plain_points=plain_points))
        game = await self._replied_game(message)
        view = await self._execute(update, actor, words, message.chat_id, game)
        stamp = self.presenter.pings.clock.now()
        origin = Origin(message.chat_id, actor, message.message_id)
        fresh = BY_NAME[words.name].fresh
        self.presenter.show(view, origin, stamp=stamp, fresh=fresh)

    async def _replied_game(self, message: Message) -> int | None:
        """The game whose board message this message replies to, if any (the directory's cache
        answers it)."""
        replied = message.reply_to_message
        if replied is None or not replied.photo:
            return None
        return await self.presenter.boards.game_of(message.chat_id, replied.message_id)

    async def _execute(
        self, update: Update, actor: Actor, words: Words, chat_id: int, game: int | None
    ) -> View:
        """Run the parsed line (about ``game`` when it names none). A challenge keeps, in its
        own unit of work, the chat it was made in and the usernames of its players (so notices
        and mentions work after a restart); an accept keeps the taker's."""
        opponent = await mentioned(
            words, self.people.resolve, partial(self.people.named, chat_id=chat_id)
        )
        spec = BY_NAME[words.name]
        links: list[tuple[str, str]] = []
        if spec.home:
            links = [(HOME, str(chat_id)), *self.people.links(actor, opponent)]
        elif spec.starts:
            links = self.people.links(actor)
        user = user_id_of(actor.id)
        organiser = (
            (needs_organiser(words) or spec.asks_organiser)
            and user is not None
            and await self.admins.organises(chat_id, user)
        )
        request = Request(
            actor,
            player_id(PLATFORM, chat_id),
            game if spec.game else None,
            player_id(PLATFORM, update.update_id),
            tuple(links),
            organiser=organiser,
        )
        view = await run(self.service, words, request, opponent)
        self.presenter.pings.acted(view.game_id, actor.id)
        return view
