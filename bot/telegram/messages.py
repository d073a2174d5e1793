"""The Telegram adapter's own strings (keys ``telegram.*``), added to the English catalogue."""

from __future__ import annotations

from service.i18n import add_messages

ENGLISH = {
    "telegram.start": "Show the commands (same as /help).",
    "telegram.unknown_user": (
        "I don't know @{name} yet: Telegram lets a bot find a user only after they have written "
        "to it. Ask @{name} to send me /start (or any command in this group), or send "
        "/challenge without a name: an open challenge anyone may accept."
    ),
    "telegram.unreachable": (
        "I could not message {name} privately: they must open a chat with me and send /start."
    ),
    "telegram.player": "player",
    "telegram.board_link": "board",  # a games list line's link to the game's board message
}

add_messages(ENGLISH)
