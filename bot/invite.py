"""``gobot invite``: the URL that adds the bot to a Discord server, with exactly the permissions
the Discord adapter uses (docs/deploy.md walks through it).

The client id is the bot's user id, which is the first part of a bot token, base64-encoded
(``MTIz….G1a2b3.…``); an application made before 2016 may have an application id of its own:
pass that with ``--client-id``. The token is only decoded, never sent anywhere nor printed.

>>> client_id_from_token("MTAxMjM0NTY3ODkwMTIzNDU2.GaBcDe.not-a-real-secret")
101234567890123456
>>> client_id_from_token("abc") is None
True
"""

from __future__ import annotations

import argparse
import base64
import binascii
import os
import sys
from pathlib import Path

EXIT_OK, EXIT_USAGE = 0, 2
SCOPES = ("bot", "applications.commands")
"""``bot`` adds the bot user; ``applications.commands`` lets the server show ``/go`` and
``/club``."""

NEEDED: dict[str, str] = {
    "view_channel": "see the channels where people challenge, and the games' threads",
    "send_messages": "answer in a channel: challenges, lists, the pointer to a game's thread",
    "create_public_threads": "open one public thread per game, under the channel it began in",
    "send_messages_in_threads": "post the boards and the notices in a game's thread",
    "embed_links": "show the board as an embed around its image, and the long help",
    "attach_files": "attach the board's PNG and the SGF records",
}
"""The permissions the adapter uses (by their discord.py names), and what for. Buttons, slash
commands, ephemeral answers and direct messages need none; the bot reads no message history and
manages nothing. ``tests/bot/test_invite.py`` checks these against a whole game on the fake
Discord."""

FLAGS = {
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "create_public_threads": 1 << 35,
    "send_messages_in_threads": 1 << 38,
}
"""The bit of each of :data:`NEEDED` in Discord's permission integer (``discord.Permissions``'
flags, written out so that ``gobot``'s parser is built without discord.py;
``tests/bot/test_invite.py`` checks them against it)."""

PERMISSIONS_VALUE = sum(FLAGS[name] for name in NEEDED)
"""The permission integer of the invite URL: exactly :data:`NEEDED`."""


def client_id_from_token(token: str) -> int | None:
    """The bot's user id encoded in the first part of ``token``, or None when it is not one."""
    head = token.strip().partition(".")[0]
    try:
        text = base64.b64decode(head + "=" * (-len(head) % 4), validate=False).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return int(text) if text.isdigit() and 15 <= len(text) <= 21 else None


def invite_url(client_id: int) -> str:
    """The OAuth2 URL that adds the bot with :data:`SCOPES` and :data:`NEEDED`."""
    import discord

    permissions = discord.Permissions(PERMISSIONS_VALUE)
    return discord.utils.oauth_url(client_id, permissions=permissions, scopes=SCOPES)


def discord_token(dotenv: Path = Path(".env")) -> str | None:
    """``DISCORD_TOKEN`` as the bot reads it: the environment over the ``.env`` file."""
    from dotenv import dotenv_values

    value = os.environ.get("DISCORD_TOKEN")
    if value is None and dotenv.is_file():
        value = dotenv_values(dotenv).get("DISCORD_TOKEN")
    return value.strip() if value and value.strip() else None


def cmd_invite(args: argparse.Namespace) -> int:
    client_id: int | None = args.client_id
    if client_id is None:
        token = discord_token()
        if token is None:
            print(
                "gobot invite: no DISCORD_TOKEN is set: set it (the Developer Portal's Bot page) "
                "or pass --client-id (the Application ID on its General Information page)",
                file=sys.stderr,
            )
            return EXIT_USAGE
        client_id = client_id_from_token(token)
        if client_id is None:
            print(
                "gobot invite: DISCORD_TOKEN does not look like a bot token (its first part "
                "should encode the bot's id): copy it again from the Developer Portal's Bot "
                "page, or pass --client-id",
                file=sys.stderr,
            )
            return EXIT_USAGE
    print(invite_url(client_id))
    return EXIT_OK


def snowflake(text: str) -> int:
    """An argparse type: a Discord id (digits only)."""
    if not text.isdigit() or not 15 <= len(text) <= 21:
        raise argparse.ArgumentTypeError(f"{text!r} is not a Discord id (15 to 21 digits)")
    return int(text)


def add_invite_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``invite`` sub-command of ``gobot``."""
    names = ", ".join(NEEDED)
    invite = commands.add_parser(
        "invite",
        help="print the URL that adds the bot to a Discord server, with the permissions it needs",
        description="Print the OAuth2 URL (scopes: bot applications.commands; permissions: "
        f"{names}; integer {PERMISSIONS_VALUE}) for the bot of DISCORD_TOKEN (the environment "
        "or .env; the token is only decoded, never sent) or of --client-id.",
    )
    invite.add_argument(
        "--client-id",
        type=snowflake,
        metavar="ID",
        help="the Application ID (Developer Portal, General Information) instead of the token's",
    )
    invite.set_defaults(handler=cmd_invite)
