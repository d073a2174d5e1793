"""Restart-proof buttons: a :class:`discord.ui.DynamicItem` whose ``custom_id`` is ``go:`` plus the
service's button token (``go:g42:done:v3``), so a press on any old message reaches the service.
Its style is the one the command's registration names (:class:`service.registry.Style`)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from service import Button
from service.registry import Style, of_token
from service.views import TOKEN_PATTERN, split_token

PREFIX = "go:"
TEMPLATE = f"{PREFIX}(?P<token>{TOKEN_PATTERN})"
STYLES = {
    Style.PRIMARY: discord.ButtonStyle.primary,
    Style.SECONDARY: discord.ButtonStyle.secondary,
    Style.SUCCESS: discord.ButtonStyle.success,
    Style.DANGER: discord.ButtonStyle.danger,
}

Press = Callable[[discord.Interaction[Any], str], Awaitable[None]]


class GoButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=TEMPLATE):
    """One button carrying a command token; the press goes to the client's ``press_button``."""

    def __init__(self, token: str, label: str | None = None) -> None:
        parts = split_token(token)
        command = parts[1] if parts else ""
        known = of_token(token)
        style = STYLES[known[0].style if known else Style.SECONDARY]
        super().__init__(
            discord.ui.Button(label=label or command, custom_id=PREFIX + token, style=style)
        )
        self.token = token

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GoButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(match["token"], label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        press: Press = interaction.client.press_button
        await press(interaction, self.token)


def button_view(buttons: Sequence[Button]) -> discord.ui.View | None:
    """A timeout-free view of the service's buttons (None when there are none)."""
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons[:25]:
        view.add_item(GoButton(button.token, button.label))
    return view
