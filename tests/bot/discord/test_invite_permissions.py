"""The invite URL's permissions (``gobot invite``) cover every request the Discord adapter makes
in a whole game on the fake Discord: each REST route it calls is mapped to the permissions Discord
requires for it (answers to interactions need none), and an unknown route fails this test until
it is mapped here (and, if it needs a new permission, added to ``bot.invite.NEEDED``)."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.invite import PERMISSIONS_VALUE
from tests.bot.discord.conftest import answered, board_count, boards_in, running_bot, start_game
from tests.fakes import DISCORD_BOB, FakeDiscordServer
from tests.fakes._common import RecordedRequest

FREE = {
    # the bot's own identity, the gateway and its slash commands (the applications.commands scope)
    ("GET", "/users/@me"),
    ("GET", "/oauth2/applications/@me"),
    ("GET", "/gateway"),
    ("GET", "/gateway/bot"),
    ("GET", "/applications/{application_id}/commands"),
    ("PUT", "/applications/{application_id}/commands"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
    # direct messages and looking people up
    ("POST", "/users/@me/channels"),
    ("GET", "/users/{user_id}"),
}


def needed(call: RecordedRequest, threads: set[int]) -> set[str]:
    """The permissions Discord requires for ``call`` (by discord.py's names)."""
    if call.route.startswith(("/interactions/", "/webhooks/")):
        return set()  # an interaction's answer and its follow-ups (a webhook of the app's own)
    if (call.method, call.route) in FREE:
        return set()
    content = set()
    if call.fields.get("embeds"):
        content.add("embed_links")
    if call.files:
        content.add("attach_files")
    channel = int(call.path.partition("/channels/")[2].split("/")[0] or 0)
    match call.method, call.route:
        case "POST", "/channels/{channel_id}/threads":
            return {"view_channel", "create_public_threads"}
        case "POST", "/channels/{channel_id}/messages":
            sending = "send_messages_in_threads" if channel in threads else "send_messages"
            return {"view_channel", sending} | content
        case "PATCH", "/channels/{channel_id}/messages/{message_id}":
            return {"view_channel"} | content  # the bot's own message
    raise AssertionError(f"{call.method} {call.route}: map it to the permissions Discord requires")


async def test_the_invite_covers_every_request_of_a_whole_game(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, first = await start_game(fake)
        fake.post_user_message("d4", channel_id=thread_id)  # plain text in the thread
        await board_count(fake, thread_id, 2)
        move = fake.slash_command(
            "go play", {"point": "e5"}, channel_id=thread_id, user=DISCORD_BOB
        )
        await answered(fake, move)
        await board_count(fake, thread_id, 3)
        latest = boards_in(fake, thread_id)[-1]
        await answered(fake, fake.press_button(latest, "go:g1:pass:m2"))
        latest = await board_count(fake, thread_id, 4)
        await answered(fake, fake.press_button(latest, "go:g1:pass:m3", user=DISCORD_BOB))
        counting = await board_count(fake, thread_id, 5)
        await answered(fake, fake.press_button(counting, "go:g1:resign"))
        await answered(fake, fake.slash_command("go games"))
        assert first.components == []  # an older board lost its buttons: an edit was made

    threads = {int(t["id"]) for t in fake.threads()}
    used: set[str] = set()
    for call in fake.calls:
        used |= needed(call, threads)
    # the challenge's offer in the channel, the game's thread, its boards there (image and embed)
    assert {"send_messages", "create_public_threads", "send_messages_in_threads"} <= used
    assert {"embed_links", "attach_files"} <= used
    invited = discord.Permissions(PERMISSIONS_VALUE)
    missing = {name for name in used if not getattr(invited, name)}
    assert not missing, f"the invite lacks {missing}: add them to bot.invite.NEEDED"
    assert invited.value == discord.Permissions(**dict.fromkeys(used, True)).value  # no more
