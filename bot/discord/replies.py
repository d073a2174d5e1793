"""Views to Discord messages: the lines as text or as an embed around the board image
(``attachment://board.png``), the service's buttons, the players to ping, a game's thread (a
league round's games: :mod:`bot.discord.rounds`), and the notices that must reach players
elsewhere (their game's thread, a direct message, other apps)."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol

import aiohttp
import discord

from bot.deliveries import forward
from bot.discord.listing import listed
from bot.discord.offers import Offers
from bot.discord.outgoing import (
    PLATFORM,
    Outgoing,
    compose,
    user_id,
)
from bot.discord.pacing import Pacer
from bot.discord.rounds import (
    board_of,
    new_games,
    players_in,
    round_channel,
    thread_lines,
    told_in_thread,
    untold,
)
from bot.grammar import Spec
from bot.snapshots import render_board, table_attachment
from bot.words import said, said_in
from service import Actor, Button, Deliver, GameService, Notice, View
from service.errors import UserError
from service.i18n import translate
from service.players import number_on

log = logging.getLogger(__name__)
THREAD_KEY = "discord:thread"
ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: correspondence games are slow


def sort_notices(view: View, actor: str) -> tuple[list[str], list[Notice]]:
    """Discord players to ping on the reply itself (their notice says what the reply says), and
    the notices that need a message of their own."""
    pings: list[str] = []
    separate: list[Notice] = []
    for notice in view.notify:
        if user_id(notice.player) is None or notice.player == actor or not notice.wanted:
            continue
        said = notice.buttons == view.buttons or set(notice.lines) <= set(view.lines)
        same = said and notice.language == view.language  # else their own words, in theirs
        if same and notice.player not in pings:
            pings.append(notice.player)
        elif not same:
            separate.append(notice)
    return pings, separate


def grouped(notices: Iterable[Notice]) -> list[tuple[list[str], Notice]]:
    """Notices with the same lines and buttons merged, so one message pings both players."""
    groups: dict[tuple[tuple[str, ...], tuple[Button, ...]], tuple[list[str], Notice]] = {}
    for notice in notices:
        players, _ = groups.setdefault((notice.lines, notice.buttons), ([], notice))
        players.append(notice.player)
    return list(groups.values())


class Answer(Protocol):
    """Where a reply goes: an interaction's response, or the channel of a plain message."""

    channel_id: int

    @property
    def waiting(self) -> bool:
        """Discord's three seconds are running: nothing has answered the interaction yet."""
        ...

    @property
    def owes(self) -> bool:
        """A reply is still expected: nothing was sent yet, or only a deferral ("thinking…")."""
        ...

    async def hold(self, *, private: bool) -> None:
        """Answer an interaction now without content (a deferral the first reply fills in)."""
        ...

    async def discard(self) -> None:
        """Remove a deferral nothing filled in (its reply went to the channel instead)."""
        ...

    async def send(self, out: Outgoing, *, private: bool) -> int | None: ...


HOLD_AFTER = 0.25  # seconds an interaction waits for its game's board on its way, then defers


@dataclass(slots=True)
class Presenter:
    """Sends views: replies, a game's thread, board buttons of older messages, notices. Every
    interaction is answered (or deferred) before a request that could wait on a channel's rate
    limit; a game's boards are paced (:mod:`bot.discord.pacing`)."""

    bot: discord.Client
    service: GameService
    deliveries: Mapping[str, Deliver]
    #: game -> its live board: channel, message, and the ticket of the view it shows
    boards: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    pacer: Pacer = field(default_factory=Pacer)
    offers: Offers = field(init=False)

    def __post_init__(self) -> None:
        self.offers = Offers(self.bot, self.service, self.pacer)

    async def thread_of(self, game_id: int) -> int | None:
        """The game's thread (a link in the service's directory, so it survives restarts; a
        thread another process opened is found)."""
        value = await self.service.directory.value(game_id, THREAD_KEY)
        return int(value) if value is not None and value.isdigit() else None

    async def game_in(self, channel_id: int) -> int | None:
        """The game whose thread is ``channel_id``, if any."""
        return await self.service.directory.game_at(THREAD_KEY, str(channel_id))

    async def open_thread(self, channel: object, view: View) -> int | None:
        """A new public thread for a game that just began, under the channel it began in."""
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel) or view.game_id is None:
            return None
        board = view.board
        black = (board.black_name or "") if board else ""
        white = (board.white_name or "") if board else ""
        black, white = black.lstrip("@"), white.lstrip("@")
        name = translate(
            view.language, "discord.thread_name", id=view.game_id, black=black, white=white
        )
        thread = await channel.create_thread(
            name=name[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=ARCHIVE_MINUTES,
        )
        await self.service.directory.link(view.game_id, THREAD_KEY, str(thread.id))
        return thread.id

    async def reply(
        self,
        answer: Answer,
        command: Spec,
        view: View,
        png: bytes | None,
        actor: Actor,
        channel: object,
        ticket: int,
    ) -> None:
        """Answer a command: the view where it was asked, or in the game's thread (then a short
        pointer where it was asked, sent first); a league round's new games in threads of
        their own first (:meth:`open_round`), which the reply links; pings, separate notices,
        the challenge's offer once taken, other platforms. ``ticket`` orders the game's boards
        (:class:`Pacer`). Everything is said in its reader's language here."""
        view = said(view)
        pings, separate = sort_notices(view, actor.id)
        thread = await self.thread_of(view.game_id) if view.game_id is not None else None
        if new_games(view):  # a league round: its games' threads first, which the reply links
            await answer.hold(private=False)  # making threads may wait on a rate limit
            pings, separate = untold(view, await self.open_round(view), pings, separate)
        main = compose(
            await listed(view, self.thread_of),  # a games list links its games
            game_id=view.game_id,
            png=png,
            pings=pings,
            buttons=view.buttons,
            file=view.file or await table_attachment(view.table),
            live=not view.hypothetical,
        )
        opening = command.starts and view.board is not None and thread is None
        if opening:
            await answer.hold(private=False)  # making the thread may wait on a rate limit
            thread = await self._open_thread_or_none(channel, view)
        if thread is not None and thread != answer.channel_id and view.board is not None:
            thread = await self._in_thread(answer, thread, main, view, opening, ticket)
        else:
            public = view.board is not None or bool(view.notify) or command.home
            await self._here(answer, main, view, ticket, private=view.private or not public)
        where = thread if thread is not None else answer.channel_id
        for players, notice in grouped(separate):
            notice_out = compose(notice.lines, pings=players, buttons=notice.buttons)
            sent = await self.post(where, notice_out, None)
            await self.offers.remember(view.game_id, where, sent, notice.buttons)
        await self.offers.settle(view, f"@{actor.name}", thread)
        await forward(self.deliveries, view, besides=PLATFORM)

    async def _open_thread_or_none(self, channel: object, view: View) -> int | None:
        """The new game's thread; None (the board then goes where the game was accepted) when
        Discord refuses to make one."""
        try:
            return await self.open_thread(channel, view)
        except discord.HTTPException as error:
            log.warning("could not open a thread for game %s: %s", view.game_id, error)
            return None

    async def open_round(self, view: View) -> set[int]:
        """A thread in the league's channel for each game a league round started (the view's
        :func:`~bot.discord.rounds.new_games`), named and written in the view's language, and
        the game's first board in it: the round's heading and the game's pairing above the
        board, both players mentioned (which adds them to the thread). The games whose players
        were told so; when Discord refuses (a missing permission) one warning is logged and
        nothing more is tried: the games are played all the same, their players told as
        without threads."""
        channel_id = round_channel(view)
        told: set[int] = set()
        if channel_id is None:
            return told
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            for game in new_games(view):
                if await self.thread_of(game) is not None:
                    continue  # opened meanwhile (another process): never a second one
                board = said_in(await board_of(self.service, game, view.home), view.language)
                thread = await self.open_thread(channel, board)
                if thread is None:
                    break  # not a channel threads open under (a direct message, a forum)
                out = compose(
                    thread_lines(view, game, board),
                    game_id=game,
                    png=await render_board(board.board),
                    pings=players_in(view, game),
                    buttons=board.buttons,
                )
                await self.post(thread, out, game, self.pacer.ticket())
                told.add(game)
        except (discord.HTTPException, UserError) as error:
            log.warning("could not open threads for a league round in %s: %s", channel_id, error)
        return told

    async def _in_thread(
        self, answer: Answer, thread: int, out: Outgoing, view: View, opening: bool, ticket: int
    ) -> int | None:
        """The pointer to the thread answers first, then the board goes to the thread; the
        thread (None, forgotten, and the board shown here instead, when it was deleted)."""
        note = translate(
            view.language, "discord.see_thread", id=view.game_id, thread=f"<#{thread}>"
        )
        lines = (*view.lines[:1], note) if opening else (note,)
        await answer.send(compose(lines), private=not opening)
        try:
            await self.post(thread, out, view.game_id, ticket)
        except discord.NotFound:
            log.warning("the thread %s of game %s is gone", thread, view.game_id)
            self.service.directory.forget(view.game_id or 0, THREAD_KEY)
            await self._here(answer, out, view, self.pacer.ticket(), private=False)
            return None
        return thread

    async def _here(
        self, answer: Answer, out: Outgoing, view: View, ticket: int, *, private: bool
    ) -> None:
        """Answer where the command was asked. A live board goes through its game's pacing: an
        interaction answers with it at once when no board of the game is on its way (one that
        Discord has taken, whose request only waits for the bucket to refill, does not count);
        else the interaction is deferred (privately) and its board posted after that one."""
        game_id = view.game_id
        if game_id is None or not out.is_live_board:
            sent = await answer.send(out, private=private)
            await self.offers.remember(game_id, answer.channel_id, sent, out.buttons)
            return
        key = ("board", game_id)
        if answer.waiting and not await self.pacer.wait_ready(key, HOLD_AFTER):
            await answer.hold(private=True)
            await self.post(answer.channel_id, out, game_id, ticket)
            await answer.discard()
            return

        async def show() -> bool:
            sent = await answer.send(out, private=private)
            self._track(answer.channel_id, sent, out, game_id, ticket)
            return True

        # an interaction's own answer waits on no channel limit: it may go ahead of a request
        # Discord has taken already; a plain message's reply is a post like any other
        pace = self.pacer.now if answer.waiting else self.pacer.send
        if await pace(key, ticket, show) is None and answer.owes:
            # a newer board of the game was sent first: this one is only told to its sender
            await answer.send(compose(view.lines), private=True)

    async def post(
        self, channel_id: int, out: Outgoing, game_id: int | None, ticket: int | None = None
    ) -> int | None:
        """Send ``out`` to a channel or thread by id; the message id. A game's live board goes
        through the game's pacing (None when a newer board of the game went first)."""

        async def send() -> int:
            messageable = self.bot.get_partial_messageable(channel_id)
            message = await messageable.send(**out.send_kwargs())
            self._track(channel_id, message.id, out, game_id, number)
            return message.id

        number = self.pacer.ticket() if ticket is None else ticket
        if game_id is None or not out.is_live_board:
            return await send()
        return await self.pacer.send(("board", game_id), number, send)

    def _track(
        self,
        channel_id: int,
        message_id: int | None,
        out: Outgoing,
        game_id: int | None,
        ticket: int,
    ) -> None:
        """Keep one live board per game: the older of two boards loses its buttons (a paced
        edit, not waited for), so an old Pass cannot act on a newer position. A board that
        returns after a newer one went ahead of it (:meth:`Pacer.now`) is the older."""
        if message_id is None or game_id is None or not out.is_live_board:
            return
        old = (channel_id, message_id, ticket)
        previous = self.boards.get(game_id)
        if previous is None or previous[2] < ticket:
            self.boards[game_id] = old
            if previous is None:
                return
            old = previous
        message = self.bot.get_partial_messageable(old[0]).get_partial_message(old[1])

        async def clear() -> None:
            try:
                await message.edit(view=None)
            except (discord.HTTPException, aiohttp.ClientError) as error:
                log.warning("could not clear the buttons of message %s: %s", old[1], error)

        self.pacer.later(("message", old[1]), clear)

    async def deliver(self, view: View) -> None:
        """Scheduler notices (reminders, loss on time) and notices from other platforms for
        Discord players: in the game's thread (boards paced), else by direct message; the
        scheduler's post in a channel of ours (:meth:`post_view`)."""
        view = said(view)
        await self.post_view(view)
        threaded = await self.open_round(view)  # a league round paired from elsewhere
        mine = [
            n
            for n in view.notify
            if user_id(n.player) is not None and n.wanted and not told_in_thread(n, threaded)
        ]
        if not mine:
            return
        groups = grouped(mine)
        ticket = self.pacer.ticket(len(groups))  # the service answered before the render
        thread = await self.thread_of(view.game_id) if view.game_id is not None else None
        png = await render_board(view.board)
        for number, (players, notice) in enumerate(groups):
            out = compose(
                notice.lines, game_id=view.game_id, png=png, pings=players, buttons=notice.buttons
            )
            try:
                if thread is not None:
                    await self.post(thread, out, view.game_id, ticket + number)
                    continue
                for player in players:
                    user = await self.bot.fetch_user(user_id(player) or 0)
                    message = await user.send(**out.send_kwargs())
                    await self.offers.remember(
                        view.game_id, message.channel.id, message.id, notice.buttons
                    )
            except discord.HTTPException as error:
                log.warning("could not deliver a notice of game %s: %s", view.game_id, error)
        await self.offers.settle(view, thread=thread)

    async def post_view(self, view: View) -> None:
        """The whole view in the channel it is posted in (:attr:`View.post`, the problem of the
        day), when that is a Discord channel: its lines around the board image, sent as every
        message is (discord.py keeps the channel's limits). A channel that refuses the bot
        (removed, a missing permission) is logged, never raised."""
        channel_id = number_on(view.post, PLATFORM)
        if channel_id is None or not (view.lines or view.board):
            return
        try:
            out = compose(view.lines, png=await render_board(view.board), live=False)
            await self.post(channel_id, out, None)
        except (discord.HTTPException, aiohttp.ClientError) as error:
            log.warning("could not post in channel %s: %s", channel_id, error)
        except Exception:
            log.exception("posting in channel %s failed", channel_id)
