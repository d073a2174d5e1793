"""Live games at a chat's pace (issue 11), end to end with the real discord.py against the fake:
every interaction is answered before anything that may wait on a rate limit, a game's boards are
merged while its channel is limited (never an older position after a newer one), and a taken
challenge loses its buttons."""

from __future__ import annotations

import asyncio
from pathlib import Path

from service import Notice, View
from service.commands import SYSTEM, Request, ShowBoard
from service.i18n import t
from tests.bot.discord.conftest import (
    answered,
    board_count,
    boards_in,
    message_with_button,
    opening_of,
    running_bot,
    start_game,
)
from tests.fakes import (
    DISCORD_ALICE,
    DISCORD_BOB,
    DiscordLimits,
    FakeDiscordServer,
    StoredDiscordMessage,
    start_fake_discord,
)
from tests.fakes.limits import SlidingWindow

THREADS = "/channels/{channel_id}/threads"
MESSAGES = "/channels/{channel_id}/messages"
EDITS = "/channels/{channel_id}/messages/{message_id}"
DEADLINE = 3.0  # seconds Discord waits for an interaction's first answer (then 10062)
# Black's and White's stones on separate rows: every move legal, nothing captured.
MOVES = ["C3", "C7", "D3", "D7", "E3", "E7", "F3", "F7", "G3", "G7"]


async def moves_played(bot: object, count: int) -> None:
    """Wait until the service has played ``count`` moves of game 1."""
    service = bot.service  # type: ignore[attr-defined]
    for _ in range(500):
        view = await service.execute(ShowBoard(), Request(SYSTEM, game=1))
        if view.board is not None and view.board.move_number >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"move {count} was not played")


def caption(n: int) -> str:
    """The caption of move ``n`` of MOVES (Black plays the odd moves)."""
    color = t("color.black") if n % 2 else t("color.white")
    return t("caption.move", n=n, color=color, point=MOVES[n - 1])


def move_of(board: StoredDiscordMessage) -> int:
    """The move number a board of MOVES shows (0: the empty board)."""
    text = board.embeds[0]["description"]
    return next((n for n in range(len(MOVES), 0, -1) if text.startswith(caption(n))), 0)


async def test_an_accept_is_answered_before_its_thread_waits_on_a_rate_limit(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        challenge = fake.slash_command(
            "go challenge", {"user": DISCORD_BOB, "size": 9, "color": "black"}
        )
        await answered(fake, challenge)
        invite = await message_with_button(fake, "go:g1:accept")
        fake.rate_limit_next("POST", THREADS, count=1, retry_after=DEADLINE + 0.5)
        accept = fake.press_button(invite, "go:g1:accept", user=DISCORD_BOB)
        await answered(fake, accept)
        assert accept.response_type == 5  # deferred: the thread comes after the answer
        made = await fake.wait_for(lambda: fake.threads(), timeout=DEADLINE + 5)
        thread_id = int(made[0]["id"])
        tries = fake.calls_for("POST", THREADS)
        assert [c.status for c in tries] == [429, 201]
        assert accept.callbacks[0].received_at < tries[0].received_at
        opening = await fake.wait_for(lambda: opening_of(fake, accept), timeout=5)
        assert opening is not None and not opening.ephemeral
        assert f"<#{thread_id}>" in opening.content
        board = await board_count(fake, thread_id, 1)
        assert board.custom_ids == [
            "go:g1:pass:m0",
            "go:g1:undo",
            "go:g1:resign",
            "go:g1:estimate",
        ]


async def test_a_move_asked_elsewhere_is_answered_before_its_board_waits(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        thread_id, _ = await start_game(fake)
        fake.rate_limit_next("POST", MESSAGES, count=1, retry_after=DEADLINE + 0.5)
        move = fake.slash_command("go play", {"point": "g7", "game": 1})
        await answered(fake, move)
        assert move.ephemeral
        assert move.response_data["content"] == t(
            "discord.see_thread", id=1, thread=f"<#{thread_id}>"
        )
        await fake.wait_for(lambda: len(boards_in(fake, thread_id)) == 2, timeout=DEADLINE + 5)
        refused, posted = fake.calls_for("POST", MESSAGES)[-2:]
        assert [refused.status, posted.status] == [429, 200]
        # answered at once: before the board's post, not after its rate limit was waited out
        assert move.callbacks[0].received_at < refused.received_at


async def test_quick_moves_merge_their_boards_while_the_thread_is_limited(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        thread_id, first = await start_game(fake)
        posts, edits = len(fake.calls_for("POST", MESSAGES)), len(fake.calls_for("PATCH", EDITS))
        fake.rate_limit_next("POST", MESSAGES, count=1, retry_after=1.5)
        for number, point in enumerate(MOVES, start=1):
            user = DISCORD_ALICE if number % 2 else DISCORD_BOB
            fake.post_user_message(point.lower(), channel_id=thread_id, user=user)
            await moves_played(bot, number)
        last = len(MOVES)
        await fake.wait_for(lambda: move_of(boards_in(fake, thread_id)[-1]) == last, timeout=8)
        boards = boards_in(fake, thread_id)
        shown = [move_of(b) for b in boards]
        assert shown == sorted(set(shown))  # never an older position after a newer one
        assert 1 < len(boards) - 1 < len(MOVES)  # the first board in flight, then the newest
        assert len(fake.calls_for("POST", MESSAGES)) - posts < len(MOVES)
        # every board but the newest loses its buttons, one edit each
        await fake.wait_for(lambda: all(not b.components for b in boards[:-1]))
        assert boards[-1].custom_ids[0] == f"go:g1:pass:m{last}"
        assert len(fake.calls_for("PATCH", EDITS)) - edits < len(MOVES)
        assert first.components == []


async def test_quick_moves_keep_within_the_threads_limits(tmp_path: Path) -> None:
    """Discord's own buckets (scaled: five messages and five edits per 2.5 s in a thread): the
    bot waits on them, never provoking a 429, and merges the boards meanwhile."""
    limits = DiscordLimits().scaled(0.5)
    async with (
        start_fake_discord(limits=limits) as fake,
        running_bot(fake, tmp_path / "games.db") as bot,
    ):
        thread_id, _ = await start_game(fake)
        posts, edits = len(fake.calls_for("POST", MESSAGES)), len(fake.calls_for("PATCH", EDITS))
        for number, point in enumerate(MOVES, start=1):
            user = DISCORD_ALICE if number % 2 else DISCORD_BOB
            fake.post_user_message(point, channel_id=thread_id, user=user)
            await moves_played(bot, number)
        last = len(MOVES)
        await fake.wait_for(lambda: move_of(boards_in(fake, thread_id)[-1]) == last, timeout=8)
        boards = boards_in(fake, thread_id)
        shown = [move_of(b) for b in boards]
        assert shown == sorted(set(shown))
        await fake.wait_for(lambda: all(not b.components for b in boards[:-1]), timeout=8)
        assert len(fake.calls_for("POST", MESSAGES)) - posts < len(MOVES)
        assert len(fake.calls_for("PATCH", EDITS)) - edits < len(MOVES)
        assert fake.too_many_requests == []


async def test_an_answer_goes_ahead_of_a_board_waiting_for_its_bucket(tmp_path: Path) -> None:
    """A board Discord has taken, whose request only waits for the thread's bucket to refill,
    holds no interaction back: an interaction's answer is no channel message."""
    limits = DiscordLimits().scaled(0.5)  # 5 posts per 2.5 s
    async with (
        start_fake_discord(limits=limits) as fake,
        running_bot(fake, tmp_path / "games.db"),
    ):
        thread_id, _ = await start_game(fake)
        for number, point in enumerate(MOVES[:4], start=1):
            user = DISCORD_ALICE if number % 2 else DISCORD_BOB
            fake.post_user_message(point, channel_id=thread_id, user=user)
            await board_count(fake, thread_id, number + 1)
        # the thread's fifth post took its bucket's last call: discord.py waits for the refill
        move = fake.slash_command("go play", {"point": MOVES[4]}, channel_id=thread_id)
        await answered(fake, move)
        assert move.response_type == 4 and not move.ephemeral
        # answered while the thread's bucket was still empty (discord.py still waiting for it
        # to refill after the fifth post), by the fake's own count of the bucket
        bucket = SlidingWindow(*limits.channel_create)
        for post in fake.calls_for("POST", MESSAGES):
            if post.status == 200 and post.path.endswith(f"/{thread_id}/messages"):
                bucket.record(post.received_at)
        assert bucket.remaining(move.callbacks[0].received_at) == 0
        boards = boards_in(fake, thread_id)
        assert [move_of(b) for b in boards] == [0, 1, 2, 3, 4, 5]
        assert boards[-1].id == move.original_message_id
        await fake.wait_for(lambda: all(not b.components for b in boards[:-1]), timeout=8)
        assert boards[-1].custom_ids[0] == "go:g1:pass:m5"
        assert fake.too_many_requests == []


async def test_a_move_while_the_games_board_waits_goes_after_it(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        thread_id, _ = await start_game(fake)
        fake.post_user_message(MOVES[0], channel_id=thread_id, user=DISCORD_ALICE)
        await board_count(fake, thread_id, 2)
        fake.rate_limit_next("POST", MESSAGES, count=1, retry_after=1.5)
        fake.post_user_message(MOVES[1], channel_id=thread_id, user=DISCORD_BOB)
        await moves_played(bot, 2)
        move = fake.slash_command("go play", {"point": MOVES[2]}, channel_id=thread_id)
        await answered(fake, move)
        assert move.response_type == 5 and move.ephemeral  # deferred while White's board waits
        boards = await fake.wait_for(lambda: boards_in(fake, thread_id)[3:], timeout=5)
        posts = fake.calls_for("POST", MESSAGES)
        refused = max(i for i, c in enumerate(posts) if c.status == 429)
        whites = posts[refused + 1]  # White's board, once its rate limit was waited out
        # answered (deferred) while White's board waited, not after it
        assert move.callbacks[0].received_at < whites.received_at
        assert [move_of(b) for b in boards_in(fake, thread_id)] == [0, 1, 2, 3]
        assert boards[0].custom_ids[0] == "go:g1:pass:m3"
        deferral = fake.original_message(move)
        assert deferral is not None
        await fake.wait_for(lambda: deferral.deleted)  # the "thinking" message goes


async def test_a_taken_challenge_loses_its_buttons(fake: FakeDiscordServer, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path / "games.db"):
        # accepted: the invitation says by whom, and where the game is played
        await answered(fake, fake.slash_command("go challenge", {"user": DISCORD_BOB, "size": 9}))
        invite = await message_with_button(fake, "go:g1:accept")
        await answered(fake, fake.press_button(invite, "go:g1:accept", user=DISCORD_BOB))
        [thread] = await fake.wait_for(lambda: fake.threads())
        accepted = t("discord.offer_accepted_in", id=1, name="@bob", thread=f"<#{thread['id']}>")
        await fake.wait_for(lambda: invite.content == accepted)
        assert invite.components == []

        # declined by the challenged player
        challenge = fake.slash_command("go challenge", {"user": DISCORD_BOB, "size": 9})
        await answered(fake, challenge)
        invite = await message_with_button(fake, "go:g2:decline")
        await answered(fake, fake.press_button(invite, "go:g2:decline", user=DISCORD_BOB))
        await fake.wait_for(lambda: invite.content == t("challenge.declined", id=2, name="@bob"))
        assert invite.components == []

        # an open challenge withdrawn by its author
        offer = fake.original_message(await answered(fake, fake.slash_command("go challenge")))
        assert offer is not None and offer.custom_ids == ["go:g3:accept", "go:g3:decline"]
        await answered(fake, fake.slash_command("go decline", {"game": 3}))
        withdrawn = t("challenge.withdrawn", id=3, name="@alice")
        await fake.wait_for(lambda: offer.content == withdrawn)
        assert offer.components == []


async def test_a_challenge_taken_after_a_restart_loses_its_buttons(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    database = tmp_path / "games.db"
    async with running_bot(fake, database):
        offer = fake.original_message(
            await answered(fake, fake.slash_command("go challenge", {"size": 9}))
        )
        assert offer is not None and offer.custom_ids == ["go:g1:accept", "go:g1:decline"]
    async with running_bot(fake, database):
        await answered(fake, fake.press_button(offer, "go:g1:accept", user=DISCORD_BOB))
        [thread] = await fake.wait_for(lambda: fake.threads())
        accepted = t("discord.offer_accepted_in", id=1, name="@bob", thread=f"<#{thread['id']}>")
        await fake.wait_for(lambda: offer.content == accepted)
        assert offer.components == []


async def test_a_challenge_taken_on_another_platform_loses_its_buttons(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    """A Telegram player takes Alice's open challenge: the view reaches Discord as a delivery,
    and the offer shows the service's own line (the taker is not a Discord user)."""
    async with running_bot(fake, tmp_path / "games.db") as bot:
        offer = fake.original_message(await answered(fake, fake.slash_command("go challenge")))
        assert offer is not None and offer.custom_ids == ["go:g1:accept", "go:g1:decline"]
        line = t("challenge.accepted", id=1, black="@alice", white="@tom")
        alice = f"discord:{DISCORD_ALICE.id}"
        await bot.presenter.deliver(View((line,), notify=(Notice(alice, (line,)),), game_id=1))
        await fake.wait_for(lambda: offer.content == line)
        assert offer.components == []
