"""A league round paired for a league of a Discord channel: each new game gets a thread there, as
a challenge accepted in a channel does. The service's pairing view names the new games
(:attr:`~service.views.View.line_games`) and where they live (:attr:`~service.views.View.home`,
the league's channel); each player's notice names its game (:attr:`~service.views.Notice.game_id`).
The thread's first message is the game's board with the round's heading and the game's pairing
line, mentioning both players (which adds them to the thread); their notices are then said there
and not again. Leagues of Telegram or the console open nothing here."""

from __future__ import annotations

from bot.discord.outgoing import PLATFORM, user_id
from service import GameService, Notice, Request, View
from service.commands import SYSTEM, ShowBoard
from service.i18n import Text, key_of, language_of
from service.players import number_on


def round_channel(view: View) -> int | None:
    """The Discord channel whose league the view paired a round of (None: none, or elsewhere)."""
    if not view.home or not any(g is not None for g in view.line_games):
        return None
    return number_on(view.home, PLATFORM)


def new_games(view: View) -> tuple[int, ...]:
    """The games the view's round started, in the order of its lines.

    >>> lines = ("autumn, round 1 of 3:", "#4 …", "#5 …")
    >>> new_games(View(lines, line_games=(None, 4, 5), home="discord:77"))
    (4, 5)
    """
    if round_channel(view) is None:
        return ()
    return tuple(dict.fromkeys(g for g in view.line_games if g is not None))


def players_in(view: View, game: int) -> list[str]:
    """The Discord players told of ``game`` (its two players, when they play from Discord)."""
    found = (n.player for n in view.notify if n.game_id == game and user_id(n.player) is not None)
    return list(dict.fromkeys(found))


def told_in_thread(notice: Notice, threaded: set[int]) -> bool:
    """The notice is said by its game's thread (the thread's first message mentions them)."""
    return notice.game_id in threaded and user_id(notice.player) is not None


def untold(
    view: View, threaded: set[int], pings: list[str], separate: list[Notice]
) -> tuple[list[str], list[Notice]]:
    """The reply's pings and separate notices without the players whose new game has a thread:
    its first message mentions them, so each is told once, there."""
    told = {n.player for n in view.notify if told_in_thread(n, threaded)}
    return [p for p in pings if p not in told], [n for n in separate if n.player not in told]


def thread_lines(view: View, game: int, board: View) -> tuple[str, ...]:
    """The first message of ``game``'s thread: the round's heading (the line before the first
    pairing), the game's pairing line, then the board's own lines.

    >>> view = View(("League autumn started.", "autumn, round 1 of 3:", "  #4 a – b"),
    ...             line_games=(None, None, 4))
    >>> thread_lines(view, 4, View(("Black to play",)))
    ('autumn, round 1 of 3:', '#4 a – b', 'Black to play')
    """
    pairs = view.lines_with_games()
    games = [g for _, g in pairs]
    first = next(i for i, g in enumerate(games) if g is not None)
    heading = (pairs[first - 1][0],) if first > 0 else ()
    pairing = tuple(_stripped(line) for line, g in pairs if g == game)
    return (*heading, *pairing, *board.lines)


def _stripped(line: str) -> str:
    """The line without its indent (a pairing is indented under its heading), keeping its key."""
    key = key_of(line)
    text = line.strip()
    return text if key is None else Text(text, key, language_of((line,)))


async def board_of(service: GameService, game: int, home: str) -> View:
    """The game's board as the bot shows it where the game lives (a read charged to nobody)."""
    return await service.execute(ShowBoard(), Request(SYSTEM, home, game))
