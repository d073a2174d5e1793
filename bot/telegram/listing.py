"""The games list as Telegram HTML whose lines link to the games' boards: a line about a game
(:attr:`service.views.View.line_games`) whose board message is in a supergroup ends with a link
to that message (``https://t.me/c/<chat id without -100>/<message id>``), so a player goes from
the list to the board with one tap. Private chats and basic groups have no message links: a game
whose only boards are there keeps its line as it is.

Pure functions: the presenter looks the games' links up (``telegram:board:<chat id>`` → message
id, the keys :func:`bot.telegram.present.board_link` names) and sends what :func:`linked_lines`
returns, joined by newlines, with ``parse_mode=HTML``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

from telegram.constants import MessageLimit

from bot.fitting import fit_lines
from service import View
from service.i18n import DEFAULT_LANGUAGE, Text, key_of, language_of, translate

BOARD_KEY = "telegram:board:"  # + chat id: the game's board message in that chat
SUPERGROUP = "-100"  # the prefix of a supergroup's (and a channel's) chat id in the Bot API
SMALLEST_SUPERGROUP = -1_000_000_000_000  # -100 and ten digits or more: basic groups are shorter
_CODE = re.compile(r"`([^`\n]+)`")
_CHAT = re.compile(r"-?\d{1,20}")


def message_url(chat_id: int, message_id: int | str) -> str | None:
    """The link of a message in a supergroup; None for other chats (no message links there).

    >>> message_url(-1001234567890, 42), message_url(-4567, 42), message_url(-100456, 42)
    ('https://t.me/c/1234567890/42', None, None)
    """
    chat = str(chat_id)
    if not chat.startswith(SUPERGROUP) or chat_id > SMALLEST_SUPERGROUP:
        return None  # a basic group's id may start with -100 too, but is shorter
    return f"https://t.me/c/{chat.removeprefix(SUPERGROUP)}/{message_id}"


def board_url(links: Mapping[str, str], chat_id: int) -> str | None:
    """The link of a game's board message (``links``: the game's links): the board in
    ``chat_id`` when that chat is a supergroup, else one in another supergroup (the smallest chat
    id, so the choice is stable); None when the game has no board in any supergroup.

    >>> a, b = -1000000000002, -1000000000001
    >>> links = {f"telegram:board:{a}": "7", f"telegram:board:{b}": "9", "telegram:home": "5"}
    >>> board_url(links, a), board_url(links, 555), board_url({"telegram:board:5": "3"}, 5)
    ('https://t.me/c/0000000002/7', 'https://t.me/c/0000000002/7', None)
    """
    boards: dict[int, str] = {}
    for key, value in links.items():
        chat = key.removeprefix(BOARD_KEY)
        if key.startswith(BOARD_KEY) and _CHAT.fullmatch(chat) and value.isdigit():
            boards[int(chat)] = value
    for board_chat in sorted(boards, key=lambda c: (c != chat_id, c)):
        url = message_url(board_chat, boards[board_chat])
        if url is not None:
            return url
    return None


def html_line(line: str, url: str | None = None) -> str:
    """One line as Telegram HTML: escaped, spans in backticks tap-to-copy code (as the
    presenter's ``as_html``), then `` · board`` linking to ``url`` when there is one. The line
    keeps its catalogue key."""
    text = _CODE.sub(r"<code>\1</code>", html.escape(line, quote=False))
    if url is not None:
        code = language_of((line,)) or DEFAULT_LANGUAGE  # said in the line's language
        word = html.escape(translate(code, "telegram.board_link"), quote=False)
        text += f' · <a href="{html.escape(url)}">{word}</a>'
    key = key_of(line)
    return text if key is None else Text(text, key, language_of((line,)))


def linked_lines(
    view: View,
    links_of: Mapping[int, Mapping[str, str]],
    chat_id: int,
    limit: int = MessageLimit.MAX_TEXT_LENGTH,
) -> list[str]:
    """The view's lines as Telegram HTML for the chat ``chat_id``, each line about a game with a
    board message in a supergroup ending with a link to it (:func:`board_url`). ``links_of``
    gives the links of the games named by ``view.line_games`` (a game left out is not linked).
    The lines fit in ``limit`` characters as :func:`bot.fitting.fit_lines` fits a games list (whole
    lines, the last saying how many more there are); join them with newlines and send them as
    they are (they are escaped already)."""
    made = [
        html_line(line, None if game is None else board_url(links_of.get(game, {}), chat_id))
        for line, game in view.lines_with_games()
    ]
    ours = {id(line) for line in made}
    return [line if id(line) in ours else html_line(line) for line in fit_lines(made, limit)]
