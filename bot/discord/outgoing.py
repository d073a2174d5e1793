"""One Discord message to send (:class:`Outgoing`) and how a view's lines become one
(:func:`compose`): plain text, an embed around the board image (``attachment://board.png``), or an
embed of its own for a text longer than a message (the whole help)."""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.buttons import button_view
from bot.fitting import LISTED, fit_lines
from service import Button
from service.i18n import DEFAULT_LANGUAGE, key_of, language_of, translate
from service.players import number_on

PLATFORM = "discord"
BOARD_FILE = "board.png"
PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
TEXT_LIMIT = 2000  # characters of a message's content
EMBED_LIMIT = 4096  # characters of an embed's description


def user_id(player: str) -> int | None:
    """The Discord user id of a player id like ``discord:123``, or None for other platforms."""
    return number_on(player, PLATFORM)


def mention(player: str) -> str:
    return f"<@{user_id(player)}>"


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One message to send: text, the board as an embed image, attached files and buttons."""

    content: str = ""
    embed: discord.Embed | None = None
    files: tuple[tuple[str, bytes], ...] = ()
    buttons: tuple[Button, ...] = ()
    #: False for a board that is not the game's position (a ``try``, Art. 7.2): never tracked
    live: bool = True

    def send_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``send`` / ``send_message`` (fresh file objects each time)."""
        kwargs: dict[str, Any] = {"allowed_mentions": PINGS}
        if self.content:
            kwargs["content"] = self.content[:TEXT_LIMIT]  # compose fits whole lines first
        if self.embed is not None:
            kwargs["embed"] = self.embed
        if self.files:
            kwargs["files"] = [discord.File(io.BytesIO(data), name) for name, data in self.files]
        view = button_view(self.buttons)
        if view is not None:
            kwargs["view"] = view
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``edit_original_response`` (files become attachments)."""
        kwargs = self.send_kwargs()
        kwargs["attachments"] = kwargs.pop("files", [])
        return kwargs

    @property
    def is_live_board(self) -> bool:
        """A board image with buttons: the game's current board (a tried sequence is not)."""
        return self.live and self.embed is not None and bool(self.buttons)


def compose(
    lines: Iterable[str],
    *,
    game_id: int | None = None,
    png: bytes | None = None,
    pings: Iterable[str] = (),
    buttons: tuple[Button, ...] = (),
    file: tuple[str, bytes] | None = None,
    live: bool = True,
) -> Outgoing:
    """A message for ``lines``: an embed with the board when there is one, else plain text.
    ``live`` False: the board is not the game's position (:attr:`View.hypothetical`). A games list
    too long for Discord loses whole lines and says so (:func:`fit_lines`)."""
    heads = " ".join(mention(p) for p in pings)
    files = ((file,) if file else ()) + (((BOARD_FILE, png),) if png else ())
    if png is None:
        room = TEXT_LIMIT - (len(heads) + 1 if heads else 0)
        lines = tuple(lines)
        whole = "\n".join(lines)
        listed = any((key_of(line) or "").startswith(LISTED) for line in lines)
        if room < len(whole) <= EMBED_LIMIT and not listed:
            # longer than a message (the whole help): an embed holds 4,096 characters
            return Outgoing(heads, discord.Embed(description=whole), files, buttons, live)
        text = "\n".join(fit_lines(tuple(lines), room))
        return Outgoing("\n".join(s for s in (heads, text) if s), None, files, buttons, live)
    text = "\n".join(fit_lines(tuple(lines), EMBED_LIMIT))
    code = language_of(lines) or DEFAULT_LANGUAGE  # the title in the language of the lines
    title = translate(code, "discord.title", id=game_id) if game_id is not None else None
    embed = discord.Embed(title=title, description=text[:EMBED_LIMIT])
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    return Outgoing(heads, embed, files, buttons, live)
