"""Challenge messages: the message that offers a challenge (its Accept / Decline buttons) is
remembered through the service (a link, so it survives restarts); once the challenge is taken —
accepted, declined or withdrawn, here or on another platform — the message loses its buttons and
its text says who took it."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

import aiohttp
import discord

from bot.discord.pacing import Pacer
from bot.grammar import BY_NAME
from service import Button, GameService, View
from service.i18n import key_of, translate
from service.views import split_token

log = logging.getLogger(__name__)
OFFER_KEY = "discord:offer"
ACCEPTED = "challenge.accepted"
#: the service's lines that say a challenge was taken (each names who took it, or both players)
TAKEN = (ACCEPTED, "challenge.declined", "challenge.withdrawn")
NO_PINGS = discord.AllowedMentions.none()


def offers_game(buttons: Iterable[Button]) -> bool:
    """Whether ``buttons`` offer a game: one of them starts it (a challenge's Accept)."""
    for button in buttons:
        parts = split_token(button.token)
        spec = BY_NAME.get(parts[1]) if parts is not None else None
        if spec is not None and spec.starts:
            return True
    return False


def taken_line(view: View) -> str | None:
    """The line of ``view`` that says its challenge was taken, if any."""
    return next((line for line in view.lines if key_of(line) in TAKEN), None)


@dataclass(slots=True)
class Offers:
    """Where each open challenge's message is: a link of its game in the service's directory
    (``discord:offer`` → ``<channel id>/<message id>``)."""

    bot: discord.Client
    service: GameService
    pacer: Pacer

    async def remember(
        self,
        game_id: int | None,
        channel_id: int,
        message_id: int | None,
        buttons: Iterable[Button],
    ) -> None:
        """Remember a message just sent if its buttons offer game ``game_id``."""
        if game_id is None or message_id is None or not offers_game(buttons):
            return
        await self.service.directory.link(game_id, OFFER_KEY, f"{channel_id}/{message_id}")

    async def settle(self, view: View, taker: str | None = None, thread: int | None = None) -> None:
        """When ``view`` says its challenge was taken, its offer loses the buttons and says who
        took it (``taker``, ``@name``, when known here; else the service's own line); the edit
        is paced like any other and never waited for."""
        line = taken_line(view)
        if line is None or view.game_id is None:
            return
        where = await self._where(view.game_id)
        if where is None:
            return
        text, code = line, view.language  # the offer is edited in the taker's words
        if key_of(line) == ACCEPTED and taker is not None:
            text = translate(code, "discord.offer_accepted", id=view.game_id, name=taker)
            if thread is not None:
                text = translate(
                    code,
                    "discord.offer_accepted_in",
                    id=view.game_id,
                    name=taker,
                    thread=f"<#{thread}>",
                )
        channel_id, message_id = where
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)

        async def edit() -> None:
            try:
                await message.edit(content=text, view=None, allowed_mentions=NO_PINGS)
            except (discord.HTTPException, aiohttp.ClientError) as error:
                log.warning(
                    "could not close the offer %s of game %s: %s", message_id, view.game_id, error
                )

        self.pacer.later(("message", message_id), edit)

    async def _where(self, game_id: int) -> tuple[int, int] | None:
        """The offer's message, from the game's links (kept by the directory)."""
        value = await self.service.directory.value(game_id, OFFER_KEY)
        if value is None:
            return None
        channel, _, message = value.partition("/")
        return int(channel), int(message)
