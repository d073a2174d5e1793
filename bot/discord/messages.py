"""The Discord adapter's own strings (keys prefixed ``discord.``), added to the catalogue once."""

from __future__ import annotations

from service.i18n import add_messages

ENGLISH = {
    "discord.group": "Play Go (Japanese rules)",
    "discord.club_group": "Club play: ratings, leaderboard, history, leagues, linked accounts",
    "discord.title": "Game #{id}",
    "discord.thread_name": "Game #{id} · {black} vs {white}",
    "discord.see_thread": "Game #{id} is played in {thread}.",
    "discord.offer_accepted": "Challenge #{id} was accepted by {name}.",
    "discord.offer_accepted_in": (
        "Challenge #{id} was accepted by {name}: the game is played in {thread}."
    ),
    "discord.option.user": "The player to challenge; leave it empty for an open challenge",
    "discord.option.point": "A point such as D4",
    "discord.option.points": "Stones of the groups to toggle, e.g. D4 Q16",
    "discord.option.moves": "Moves to try, e.g. E5 pass F6 (B or W first: who starts)",
    "discord.option.game": "The game number, when you have several games",
    "discord.option.size": "Board size, e.g. 9, 13 or 19",
    "discord.option.handicap": "Handicap stones for Black (2 to 9)",
    "discord.option.komi": "Komi for White, e.g. 6.5",
    "discord.option.color": "Your colour",
    "discord.option.time": "Time control: 3d+1d, 7d+3x1d, 2d/move, 14d or none",
    "discord.option.rated": "Whether the game counts for ratings",
    "discord.option.weekend": "pause: clocks stop at weekends",
    "discord.option.yes": "yes: resign now, without asking again",
    "discord.option.answer": "Answer your opponent's undo request",
    "discord.option.version": "The marking version you accept, e.g. v3",
    "discord.option.result": "The decided result: B+3.5, W+R, B+T, W+F, jigo, void, bothlose",
    "discord.option.switch": "on or off",
    "discord.option.command": "The command to explain",
    "discord.option.topic": (
        "A topic: board, capture, suicide, ko, life, seki, end, counting, handicap"
    ),
    "discord.option.channel": "channel: the chat's settings (organisers), not yours",
    "discord.option.estimate": "With channel: on lets rated games here use estimate during play",
    "discord.option.other": "The {name} of the command",
}

add_messages(ENGLISH)
