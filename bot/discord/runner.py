"""Interactions and thread messages to commands: who acts (``discord:<user id>``), which game
(the thread's), the grammar, :func:`bot.grammar.run` with the interaction id as update id, the
3-second rule, and the one error hook (user errors ephemeral, anything else logged)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot import errors
from bot.discord.outgoing import PLATFORM, Outgoing, compose
from bot.discord.replies import Presenter
from bot.grammar import BY_NAME, Who, Words, mentioned, parse, parse_token, read_charged, run
from bot.snapshots import render_board
from service import Actor, GameService, Request, View
from service.commands import LegalPoints
from service.errors import BadArguments
from service.i18n import t, translate
from service.players import player_id

log = logging.getLogger(__name__)
DEFER_AFTER = 2.0  # seconds: answer directly when faster, else defer (Discord allows 3)
LANGUAGE_WAIT = 0.5  # seconds for the reader's language before the command (2.5 < 3 in all)
GONE = (10062, 40060)  # unknown interaction (expired), interaction already acknowledged
_MENTION = re.compile(r"<@!?(\d+)>")
MEMBERS_ASKED = 100  # members whose name starts with the one asked (Discord searches by prefix)
T = TypeVar("T")


def community_of(
    user: discord.abc.User, guild_id: int | None, role: str | None = None
) -> tuple[str, bool]:
    """The community of a command (its server: ``discord:guild:<id>``; "" in a direct message,
    whose channel is its own community) and whether the user organises it there: the Manage
    Server permission, or the configured organiser role (by name or id)."""
    if guild_id is None:
        return "", False
    organiser = False
    if isinstance(user, discord.Member):
        roles = {r.name for r in user.roles} | {str(r.id) for r in user.roles}
        organiser = user.guild_permissions.manage_guild or (role is not None and role in roles)
    return player_id(PLATFORM, f"guild:{guild_id}"), organiser


def room_of(channel: object) -> str:
    """A thread's parent channel, whose ``settings channel`` apply in it ("" for others)."""
    if isinstance(channel, discord.Thread) and channel.parent_id:
        return player_id(PLATFORM, channel.parent_id)
    return ""


async def members_named(guild: discord.Guild | None, name: str) -> list[Actor]:
    """The members of ``guild`` called ``name`` (their username, display name or nickname in
    this server, in any letter case), asked of Discord: the bot keeps no member list (it has no
    members intent), and a search by name needs none. None in a direct message, or when
    Discord does not answer (the reply then says how to mention them)."""
    if guild is None:
        return []
    try:
        found = await guild.query_members(query=name, limit=MEMBERS_ASKED, cache=False)
    except (TimeoutError, discord.DiscordException) as error:
        log.warning("members called %r not found in %s: %r", name, guild.id, error)
        return []
    wanted = name.casefold()
    return [
        actor_of(member)
        for member in found
        if wanted in {n.casefold() for n in (member.name, member.global_name, member.nick) if n}
    ]


def locale_code(locale: discord.Locale | None) -> str | None:
    """``cs`` of Discord's ``cs``, ``en`` of ``en-US``; None for none."""
    return str(locale.value).partition("-")[0] if locale is not None else None


def actor_of(user: discord.abc.User, locale: discord.Locale | None = None) -> Actor:
    """The service's actor for a Discord user, in the language of their client."""
    return Actor(player_id(PLATFORM, user.id), user.name, locale_code(locale))


class InteractionAnswer:
    """Replies through an interaction: the response (or a deferral, "thinking…", that the first
    reply fills in), then follow-ups."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self.channel_id = interaction.channel_id or 0
        self.replied = False
        self.held_private = False  # the deferral is ephemeral

    @property
    def waiting(self) -> bool:
        return not self.interaction.response.is_done()

    @property
    def owes(self) -> bool:
        return not self.replied

    async def hold(self, *, private: bool) -> None:
        if self.waiting:
            await self.interaction.response.defer(thinking=True, ephemeral=private)
            self.held_private = private

    async def discard(self) -> None:
        if not self.waiting and not self.replied:
            self.replied = True
            await self.interaction.delete_original_response()

    async def send(self, out: Outgoing, *, private: bool) -> int | None:
        interaction = self.interaction
        if self.waiting:
            sent = await interaction.response.send_message(**out.send_kwargs(), ephemeral=private)
            self.replied = True
            return sent.message_id
        if self.replied:
            message = await interaction.followup.send(
                **out.send_kwargs(), ephemeral=private, wait=True
            )
            return message.id
        self.replied = True
        if private == self.held_private:
            return (await interaction.edit_original_response(**out.edit_kwargs())).id
        # a public "thinking" message cannot turn ephemeral, nor a private one public: replace it
        await interaction.delete_original_response()
        message = await interaction.followup.send(**out.send_kwargs(), ephemeral=private, wait=True)
        return None if private else message.id


class MessageAnswer:
    """Replies to a plain message in a game's thread (visible to all: no ephemeral here)."""

    waiting = False  # no deadline: nothing to defer
    owes = False

    def __init__(self, message: discord.Message) -> None:
        self.message = message
        self.channel_id = message.channel.id

    async def hold(self, *, private: bool) -> None:
        pass

    async def discard(self) -> None:
        pass

    async def send(self, out: Outgoing, *, private: bool) -> int | None:
        return (await self.message.channel.send(**out.send_kwargs())).id


@dataclass(slots=True)
class Runner:
    """Runs one command per interaction or message through the service and the presenter."""

    service: GameService
    presenter: Presenter
    defer_after: float = DEFER_AFTER
    organiser_role: str | None = None

    async def run_slash(
        self, interaction: discord.Interaction[Any], text: str, users: Sequence[discord.abc.User]
    ) -> None:
        """A ``/go`` subcommand, already in the grammar's text form."""
        await self._run(interaction, lambda: parse(text), users)

    async def press_button(self, interaction: discord.Interaction[Any], token: str) -> None:
        """A button press: the token it carries is the command."""
        await self._run(interaction, lambda: parse_token(token), ())

    async def _run(
        self,
        interaction: discord.Interaction[Any],
        read: Callable[[], Words],
        users: Sequence[discord.abc.User],
    ) -> None:
        actor = actor_of(interaction.user, interaction.locale)
        answer = InteractionAnswer(interaction)
        server = locale_code(interaction.guild_locale) if interaction.guild_id else None
        channel = player_id(PLATFORM, interaction.channel_id)
        room = room_of(interaction.channel)
        try:
            words = read_charged(self.service, actor, read)
            update = player_id(PLATFORM, interaction.id)
            where = community_of(interaction.user, interaction.guild_id, self.organiser_role)
            work = self._execute(
                actor,
                words,
                interaction.channel_id,
                update,
                users,
                where,
                (server, room),
                interaction.guild,
            )
            view, png, ticket = await self._in_time(answer, work)
            await self.presenter.reply(
                answer, BY_NAME[words.name], view, png, actor, interaction.channel, ticket
            )
        except Exception as error:  # the language asked only when the answer needs it
            chosen = partial(self._language, actor, room or channel, server)
            await self.report_error(interaction, error, answer, chosen)

    async def run_message(self, message: discord.Message) -> None:
        """A plain message in a game's thread: a point (``d4``) or a command; other talk is
        left alone."""
        if message.author.bot or not isinstance(message.channel, discord.Thread):
            return
        if await self.presenter.game_in(message.channel.id) is None:
            return
        text = _MENTION.sub(lambda m: "@" + m[1], message.content).strip()
        head = text.split()[0].lower().lstrip("/") if text else ""
        actor = actor_of(message.author)
        guild = message.guild
        server = locale_code(guild.preferred_locale) if guild is not None else None
        room = room_of(message.channel)
        try:
            try:
                words = parse(text, plain_points=True)
            except BadArguments:
                if head not in BY_NAME:
                    return  # conversation, not a command
                self.service.charge(actor)  # a malformed command is answered: it counts
                raise
            update = player_id(PLATFORM, message.id)
            users = message.mentions
            guild_id = guild.id if guild is not None else None
            where = community_of(message.author, guild_id, self.organiser_role)
            view, png, ticket = await self._execute(
                actor, words, message.channel.id, update, users, where, (server, room), guild
            )
            if view.private:  # a plain message has no private answer: never a code here
                only = f"{view.private_family}.slash_only"
                await message.channel.send(translate(view.language, only))
                return
            answer = MessageAnswer(message)
            await self.presenter.reply(
                answer, BY_NAME[words.name], view, png, actor, message.channel, ticket
            )
        except Exception as error:  # the language asked only when the answer needs it
            said = await self.error_text(error, partial(self._language, actor, room, server))
            if said is not None:
                await message.channel.send(said[:2000])

    async def _language(self, actor: Actor, channel: str, server: str | None) -> str | None:
        """The reader's language (their settings first), for what the adapter says by itself:
        waited for at most ``LANGUAGE_WAIT`` seconds, else (or when the storage fails) their
        client's, so that Discord's 3-second deadline is always kept."""
        try:
            wait = self.service.language_for(actor, channel, server)
            return await asyncio.wait_for(wait, LANGUAGE_WAIT)
        except Exception as error:  # the command itself will say what is wrong, if anything
            log.warning("the language of %s is not known in time: %r", actor.id, error)
            return actor.language or server

    async def _thread_game(self, words: Words, channel_id: int | None) -> int | None:
        """In a game's thread a command about a game needs no number: it is the thread's."""
        spec = BY_NAME[words.name]
        if channel_id is None or words.game is not None:
            return None  # no thread, or the game is named
        if not spec.game or spec.who is Who.CHALLENGED:
            return None
        return await self.presenter.game_in(channel_id)

    async def _execute(
        self,
        actor: Actor,
        words: Words,
        channel_id: int | None,
        update_id: str,
        users: Sequence[discord.abc.User],
        where: tuple[str, bool] = ("", False),
        place: tuple[str | None, str] = (None, ""),
        guild: discord.Guild | None = None,
    ) -> tuple[View, bytes | None, int]:
        """The service's view of the command, its board rendered (off the event loop), and the
        ticket that orders the game's boards, taken when the service answered (renders of
        several commands finish in any order). ``place``: the server's locale and, in a
        thread, its parent channel (whose settings apply). A user written by name (``bob``,
        or an ``@bob`` typed without choosing them) is a member of ``guild`` by that name."""
        find = partial(members_named, guild)
        mentions = {str(u.id): u for u in users}

        async def resolve(name: str) -> Actor:
            user = mentions.get(name)
            if user is not None:
                return actor_of(user)
            if name.isdigit():
                raise BadArguments(t("grammar.mention", text=f"@{name}"))
            named = await mentioned(dataclasses.replace(words, named=True), resolve, find)
            assert named is not None  # a name was given
            return named

        opponent = await mentioned(words, resolve, find)
        game = await self._thread_game(words, channel_id)
        community, organiser = where
        request = Request(
            actor,
            player_id(PLATFORM, channel_id),
            game,
            update_id,
            community=community,
            organiser=organiser,
            locale=place[0],
            room=place[1],
        )
        view = await run(self.service, words, request, opponent)
        ticket = self.presenter.pacer.ticket()
        return view, await render_board(view.board), ticket

    async def _in_time(self, answer: InteractionAnswer, work: Awaitable[T]) -> T:
        """Await ``work``; if it takes longer than ``defer_after``, defer the interaction first
        so that Discord's 3-second deadline is kept."""
        task = asyncio.ensure_future(work)
        try:
            done, _ = await asyncio.wait({task}, timeout=self.defer_after)
        except asyncio.CancelledError:
            task.cancel()
            raise
        if not done:
            try:
                await answer.hold(private=False)
            except discord.HTTPException as error:
                log.warning("could not defer interaction %s: %s", answer.interaction.id, error)
        return await task

    async def legal_points(self, interaction: discord.Interaction[Any], typed: str) -> list[str]:
        """The user's legal points (the service's rules query) starting with what was typed."""
        actor = actor_of(interaction.user, interaction.locale)
        game = getattr(interaction.namespace, "game", None)
        if game is None and interaction.channel_id is not None:
            game = await self.presenter.game_in(interaction.channel_id)
        request = Request(actor, player_id(PLATFORM, interaction.channel_id), game)
        points = await self.service.execute(LegalPoints(), request)
        prefix = "".join(typed.split()).upper()
        return [name for name in points if name.startswith(prefix)]

    async def error_text(
        self, error: BaseException, language: errors.Language = None
    ) -> str | None:
        """What to say about a failed command, by the adapters' one error policy
        (:mod:`bot.errors`): a user error's own sentence in its reader's language, else an
        apology in ``language`` (the error logged with its traceback); None when the interaction
        is gone."""
        if isinstance(error, app_commands.CommandInvokeError):
            error = error.original
        elif isinstance(error, app_commands.TransformerError) and error.__cause__ is not None:
            error = error.__cause__
        if isinstance(error, discord.HTTPException) and error.code in GONE:
            log.warning("interaction answered already or expired: %s", error)
            return None
        return (await errors.answer(error, language, "a Discord command", logger=log)).text

    async def report_error(
        self,
        interaction: discord.Interaction[Any],
        error: BaseException,
        answer: InteractionAnswer | None = None,
        language: errors.Language = None,
    ) -> None:
        """Answer an interaction's error with one ephemeral sentence (a follow-up when the
        command was answered already), in the language ``language`` (None: the user's
        client's)."""
        if language is None:
            language = actor_of(interaction.user, interaction.locale).language
        text = await self.error_text(error, language)
        if text is None:
            return
        try:
            await (answer or InteractionAnswer(interaction)).send(compose((text,)), private=True)
        except discord.HTTPException as failure:
            log.warning("could not report an error to interaction %s: %s", interaction.id, failure)
