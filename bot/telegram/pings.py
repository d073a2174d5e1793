"""Pings: the messages that tell a player something beside the board (README, "Live games and pings
(Telegram)"). In a group the board's caption already names who is to play, so the plain "your move"
ping (:attr:`service.Notice.turn`) waits while the player is following the game: it goes out when
they have not acted in it for :attr:`Pings.idle` seconds (at once when they were already away,
else once that time has passed without them acting), one ping per turn. Every other notice (a
challenge taken, a request to answer, the result) goes out at once.

A group's ping goes to the player's private chat when they have opened one with the bot (private
chats have their own budget, and it reaches the phone), else it is a short reply in the group
that mentions them. A private chat that refuses the bot is remembered and not tried again.
"""

from __future__ import annotations

import asyncio
import enum
import html
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from telegram import Bot
from telegram.constants import MessageLimit, ParseMode
from telegram.error import BadRequest, Forbidden

from bot.clock import MONOTONIC, Clock
from bot.telegram.formatting import as_html, keyboard, replying
from bot.telegram.listing import html_line
from bot.telegram.people import People, user_id_of
from service import Button, Notice

log = logging.getLogger(__name__)
IDLE = 300.0  # seconds without acting in a game after which a player is pinged for their move
REMEMBERED = 10_000  # (game, player) activities kept; older ones than IDLE are dropped beyond


class Notify(enum.StrEnum):
    """Which pings a player gets (their ``settings notify=…``, else ``GOBOT_NOTIFY``)."""

    ALL = "all"  # every notice at once, a "your move" message after every move
    TURN = "turn"  # "your move" only after being away from the game for a while (the default)
    NONE = "none"  # no "your move" messages at all; requests that need an answer still come


@dataclass(frozen=True, slots=True)
class Where:
    """The chat a ping is for, the message it replies to there, and the board's buttons (a
    ping repeats only other buttons)."""

    chat_id: int
    reply_to: int | None
    board_buttons: tuple[Button, ...] = ()
    board_url: str | None = None  # the board message's link (supergroups), for private pings


class Pings:
    """Sends the pings of each view by the rules above; remembers who acted when, by ``clock``
    (the views' stamps are read from it too)."""

    def __init__(
        self,
        bot: Bot,
        people: People,
        notify: Notify = Notify.TURN,
        idle: float = IDLE,
        clock: Clock = MONOTONIC,
    ) -> None:
        self.bot = bot
        self.clock = clock
        self.people = people
        self.notify = notify
        self.idle = idle
        self._acted: dict[tuple[int, str], float] = {}  # (game, player) → when they last acted
        self._later: dict[tuple[int, str], asyncio.Task[None]] = {}
        self._private: dict[int, bool] = {}  # user → their private chat takes messages

    def acted(self, game_id: int | None, player: str) -> None:
        """``player`` did something in the game: they are following it (no ping is due)."""
        if game_id is None:
            return
        key = (game_id, player)
        now = self.clock.now()
        self._acted.pop(key, None)
        self._acted[key] = now  # the dict stays ordered by time
        self._cancel(key)
        while len(self._acted) > REMEMBERED:
            oldest, when = next(iter(self._acted.items()))
            if now - when < self.idle:
                break  # all recent: a busy bot keeps them
            del self._acted[oldest]

    def opened(self, user_id: int) -> None:
        """The user wrote to the bot in a private chat: pings can go there (a user not seen yet
        is tried once; Telegram refuses a chat the user never opened)."""
        self._private[user_id] = True

    async def close(self) -> None:
        """Drop the pings still waiting (a restarted bot pings on the next move)."""
        for key in list(self._later):
            self._cancel(key)

    async def send(
        self, notices: Sequence[Notice], where: Where, game_id: int | None, stamp: float
    ) -> None:
        """The pings of ``notices`` for players of the game whose board ``where`` shows; the
        view was made at ``stamp`` (``self.clock.now()``): a player who has acted in the game
        since has answered already and gets no "your move" for it."""
        group = where.chat_id < 0
        now = self.clock.now()
        due: list[Notice] = []
        for notice in notices:
            acted = self._acted.get((game_id, notice.player)) if game_id is not None else None
            wants = Notify(notice.notify) if notice.notify else self.notify  # ``settings notify``
            if notice.turn and (wants is Notify.NONE or (acted or 0.0) > stamp):
                continue  # no turn pings at all, or an old view: the player moved meanwhile
            if game_id is not None:
                self._cancel((game_id, notice.player))  # a newer notice replaces a waiting ping
            if not (notice.turn and group) or wants is Notify.ALL:
                due.append(notice)
            elif game_id is not None:
                if acted is None or now - acted >= self.idle:
                    due.append(notice)
                else:
                    self._wait(game_id, notice, where, acted + self.idle - now)
        if due:
            await self._deliver(due, where)

    def _wait(self, game_id: int, notice: Notice, where: Where, delay: float) -> None:
        key = (game_id, notice.player)

        async def later() -> None:
            await self.clock.sleep(delay)
            self._later.pop(key, None)
            try:
                await self._deliver([notice], where)
            except Exception:
                log.exception("a waiting ping of game %s failed", game_id)

        self._later[key] = asyncio.create_task(later(), name=f"ping {game_id} {notice.player}")

    def _cancel(self, key: tuple[int, str]) -> None:
        task = self._later.pop(key, None)
        if task is not None:
            task.cancel()

    async def _deliver(self, notices: Sequence[Notice], where: Where) -> None:
        """Private messages where they can go, one reply in the chat for the others."""
        left: list[Notice] = []
        for notice in notices:
            if where.chat_id < 0 and await self._in_private(notice, where.board_url):
                continue
            left.append(notice)
        await self._reply(left, where)

    async def _in_private(self, notice: Notice, board_url: str | None) -> bool:
        """Send ``notice`` to its player's private chat (with a link to the group's board when
        there is one); False when that chat is closed."""
        user_id = user_id_of(notice.player)
        if user_id is None or not self._private.get(user_id, True):
            return False  # tried before: the user has not opened a private chat
        lines = [html_line(line) for line in notice.lines]
        if board_url is not None and lines:
            lines[-1] = html_line(notice.lines[-1], board_url)
        try:
            await self.bot.send_message(
                user_id,
                "\n".join(lines),
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard(notice.buttons),
            )
        except (Forbidden, BadRequest) as error:
            closed = isinstance(error, Forbidden) or "chat not found" in error.message.lower()
            log.info("private chat %s refused the ping (%s): pinging in the group", user_id, error)
            if closed:  # not tried again; another refusal (a bad message) is for this one only
                self._private[user_id] = False
            return False
        return True

    async def _reply(self, notices: Sequence[Notice], where: Where) -> None:
        """One message per distinct notice, mentioning everyone it is for (in groups)."""
        grouped: dict[tuple[tuple[str, ...], tuple[Button, ...]], list[int]] = {}
        for notice in notices:
            user_id = user_id_of(notice.player)
            assert user_id is not None
            grouped.setdefault((notice.lines, notice.buttons), []).append(user_id)
        for (lines, buttons), users in grouped.items():
            text = as_html(lines, MessageLimit.MAX_TEXT_LENGTH - 200)  # room for the mentions
            mentioned = [u for u in users if u != where.chat_id]  # a private chat: no mention
            if mentioned:
                names = ", ".join(
                    f'<a href="tg://user?id={u}">{html.escape(self.people.name(u))}</a>'
                    for u in mentioned
                )
                text = f"{names}: {text}"
            tokens = [b.token for b in where.board_buttons]  # the same buttons, in any language
            extra = () if [b.token for b in buttons] == tokens else buttons
            await self.bot.send_message(
                where.chat_id,
                text,
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard(extra),
                reply_parameters=replying(where.reply_to),
            )
