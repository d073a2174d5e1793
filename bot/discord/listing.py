"""The games list on Discord: a line about a game (:attr:`service.views.View.line_games`) that has
a Discord thread ends with a link to it, ``<#thread>``, which Discord shows as the thread's name
and opens at its latest message: the game's current board (every board of a game is posted in its
thread). The thread is the place a game keeps on Discord (its ``discord:thread`` link, which
survives restarts); the board messages themselves are only known to the process that sent them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from service import View
from service.i18n import Text, key_of, language_of


def linked_lines(view: View, threads: Mapping[int, int]) -> list[str]:
    """The view's lines, each line about a game with a thread in ``threads`` (game id → thread
    id) ending with `` · <#thread>``; the lines keep their catalogue keys (so
    :func:`bot.fitting.fit_lines` still cuts a long list by whole lines).

    >>> view = View(("#3 Black vs @bob", "… and more"), line_games=(3, None))
    >>> linked_lines(view, {3: 1234})
    ['#3 Black vs @bob · <#1234>', '… and more']
    """
    lines: list[str] = []
    for line, game in view.lines_with_games():
        thread = None if game is None else threads.get(game)
        if thread is None:
            lines.append(line)
            continue
        text = f"{line} · <#{thread}>"
        key = key_of(line)
        lines.append(text if key is None else Text(text, key, language_of((line,))))
    return lines


async def listed(view: View, thread_of: Callable[[int], Awaitable[int | None]]) -> tuple[str, ...]:
    """The lines to show for ``view``: linked to the games' threads (``thread_of``: a game's
    thread, or None) when its lines name games, else as they are."""
    if not view.line_games:
        return view.lines
    threads: dict[int, int] = {}
    for game in dict.fromkeys(g for g in view.line_games if g is not None):
        thread = await thread_of(game)
        if thread is not None:
            threads[game] = thread
    return tuple(linked_lines(view, threads))
