"""The games list cut to a platform's limit of characters (Discord 2,000, Telegram 4,096) by whole
lines, never silently: the last line says that more were left out.

>>> from service.i18n import t
>>> lines = [t("games.challenge_open", id=n, name="bob", terms="9×9") for n in range(6)]
>>> fitted = fit_lines(lines, 150)
>>> [line.key for line in fitted]
['games.challenge_open', 'games.challenge_open', 'games.more_count']
>>> fitted[-1]
'… and 4 more not shown here: name a game by its number (`board #` and the number).'
>>> [line.key for line in fit_lines([*lines, t("games.more", id=5)], 150)][-1]
'games.more'
>>> fit_lines(["x" * 20, "y" * 20], 30) == ("x" * 20, "y" * 20)  # not a list: the caller cuts
True
"""

from __future__ import annotations

from collections.abc import Sequence

from service.i18n import DEFAULT_LANGUAGE, key_of, language_of, translate

LISTED = "games."  # the keys of the lines of the games list
SAID_MORE = "games.more"
"""The line of a list the service already cut (it stays last, and says that more exist)."""


def fit_lines(lines: Sequence[str], limit: int) -> tuple[str, ...]:
    """``lines`` whose text (joined by newlines) fits in ``limit`` characters. A list of games
    that does not fit loses whole lines from its end, and its last line says so: the service's own
    line when it had cut the list already (``games.more``), else one with the count of games left
    out (``games.more_count``). Other text is left to the caller's cut of characters (its last
    line may be the one that matters)."""
    if sum(map(len, lines)) + len(lines) - 1 <= limit:
        return tuple(lines)
    body = list(lines)
    said = body.pop() if body and key_of(body[-1]) == SAID_MORE else None
    ends = [0]  # ends[k]: the length of the first k lines of body, with their newlines
    for line in body:
        ends.append(ends[-1] + len(line) + 1)
    for kept in range(len(body) - (said is None), -1, -1):
        if kept < len(body) and not (key_of(body[kept]) or "").startswith(LISTED):
            break  # not a list of games
        # said in the language of the list it ends
        tail = said or translate(
            language_of(body) or DEFAULT_LANGUAGE, "games.more_count", n=len(body) - kept
        )
        if ends[kept] + len(tail) <= limit:
            return (*body[:kept], tail)
    return tuple(lines)
