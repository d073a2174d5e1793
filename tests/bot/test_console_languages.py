"""A Czech or a Hungarian player plays, counts, reads help and learns the rules without meeting a
sentence of another language (issue 10), through the console's script mode.

"Another language" is found from the catalogues, never from sentences written here
(:mod:`tests.bot.languages`, which the Discord and Telegram tests use too).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.console.adapter import Console
from bot.grammar import BY_NAME
from service import GameService
from service.i18n import in_language, number, translate
from service.rules_topics import TOPICS
from storage.memory import open_memory
from tests.bot.languages import assert_speaks, foreign, strays
from tests.bot.test_console import run_script


def test_the_check_knows_english_czech_and_hungarian() -> None:
    """The check itself: it sees an English, a Czech and a Hungarian sentence for what they are,
    and lets a command's syntax and a reader's own sentences through."""
    english = translate("en", "info.stopped")
    czech = translate("cs", "info.stopped")
    hungarian = translate("hu", "info.stopped")
    assert strays("cs", [english]) and strays("cs", [hungarian]) and not strays("cs", [czech])
    assert strays("hu", [english]) and strays("hu", [czech]) and not strays("hu", [hungarian])
    usage = translate("cs", "help.usage", usage="challenge [@user] [size=…] [komi=…]")
    assert not strays("cs", [usage, translate("cs", "help.header")])
    assert len(foreign("cs")) > 500 and len(foreign("hu")) > 500


# ----- the console ------------------------------------------------------------------------------

GAME = [
    "dvorak: challenge @kovacs size=9 color=black",
    "kovacs: accept",
    "dvorak: D4",
    "kovacs: play D4",  # occupied
    "kovacs: E5",
    "dvorak: play J10",  # off the board
    "dvorak: C3",
    "kovacs: F6",
    "dvorak: pass",
    "kovacs: pass",
    "dvorak: dead E5",
    "dvorak: done",
    "kovacs: done",
    *(
        f"{name}: {command}"
        for command in ("help", "help play", "rules", "rules counting", "sgf", "chalenge")
        for name in ("dvorak", "kovacs")
    ),
]
MIXED = ["dvorak: settings language=cs", "kovacs: settings language=hu", *GAME]


async def console_lines(script: list[str], boards: Path | None = None) -> list[str]:
    """What the console prints for ``script`` (in memory)."""
    database = await open_memory()
    try:
        out = io.StringIO()
        stdin = io.StringIO("\n".join(script) + "\n")
        console = Console(GameService(database), stdin, out, interactive=False, boards_dir=boards)
        assert await console.run() == 0
    finally:
        await database.close()
    return out.getvalue().splitlines()


def said_to(name: str, lines: list[str]) -> list[str]:
    """The lines printed for ``name``, without the prefix."""
    prefix = f"[{name}] "
    return [line.removeprefix(prefix) for line in lines if line.startswith(prefix)]


def assert_played_in(code: str, said: list[str], *, black: bool, images: bool = True) -> None:
    """The lines of a reader carry the sentences of their own catalogue for what happened (the
    player of ``black`` tried a point off the board, the other an occupied one)."""

    def has(line: str) -> bool:
        return line in said

    def starts(start: str) -> bool:
        return any(line.startswith(start) for line in said)

    def within(part: str) -> bool:
        return any(part in line for line in said)

    buttons = translate(code, "console.buttons", buttons="")
    pass_button = translate(code, "button.pass")
    assert starts(f"{buttons}{pass_button} [g1:pass:m")  # the buttons line, its labels
    assert within(f"{translate(code, 'button.resign')} [g1:resign]")
    assert starts(translate(code, "console.image", path="")) or not images
    assert starts(translate(code, "end.announce", id=1, words="W+6.5 — "))
    assert has(translate(code, "info.stopped"))
    assert has(translate(code, "end.agreed", v=2))
    assert has(translate(code, "help.header"))
    assert has(translate(code, "help.cmd.play"))
    # the placeholders are the reader's words too: play <bod> [#partie]
    usage = in_language(code, BY_NAME["play"].usage())
    assert has(translate(code, "help.usage", usage=usage))
    assert has(translate(code, "rules.counting.title"))
    assert starts(translate(code, "rules.header").split("`")[0])
    assert has(translate(code, "grammar.unknown_near", name="chalenge", near="challenge"))
    assert has(translate(code, "sgf.caption", id=1))
    assert has(translate(code, "console.file", name="game-1.sgf"))
    if black:
        assert has(translate(code, "error.point_off", point="J10", size=9, range="A1–J9"))
    else:
        assert has(translate(code, "error.illegal_occupied", point="D4"))
    assert within(translate(code, "console.captures", black=0, white=0))


async def test_a_czech_and_a_hungarian_player_each_read_only_their_language(
    tmp_path: Path,
) -> None:
    """A whole game between a Czech and a Hungarian player: every line each reads is theirs,
    the challenge's terms included (said again for the challenged player)."""
    boards = tmp_path / "boards"
    lines = await console_lines(MIXED, boards)
    czech, hungarian = said_to("dvorak", lines), said_to("kovacs", lines)
    assert_played_in("cs", czech, black=True)
    assert_played_in("hu", hungarian, black=False)
    assert czech[0] == translate("cs", "settings.changed")
    assert_speaks("cs", czech)
    assert_speaks("hu", hungarian)


async def test_a_mixed_pair_sees_replies_notices_and_boards_in_their_language(
    tmp_path: Path,
) -> None:
    """The same game, line by line: the reply and each notice in its reader's language; each
    reader's board image is drawn in theirs (``…-cs.png`` for the Czech reader of a Hungarian's
    move, ``…-hu.png``)."""
    boards = tmp_path / "boards"
    lines = await console_lines(MIXED, boards)
    czech, hungarian = said_to("dvorak", lines), said_to("kovacs", lines)
    terms = in_language("hu", number(6.5))  # the invitation's terms, said again in Hungarian
    received = translate("hu", "challenge.received", id=1, name="@dvorak", terms="\0")
    [invited] = [line for line in hungarian if line.startswith(received.partition("\0")[0])]
    assert translate("hu", "terms.komi", komi=terms) in invited
    assert_played_in("cs", czech, black=True)
    assert_played_in("hu", hungarian, black=False)
    assert_speaks("cs", czech)
    assert_speaks("hu", hungarian)
    assert not said_to("console", lines)

    images = {path.name for path in boards.iterdir()}
    assert {"game-1-move-001-hu.png", "game-1-move-002-cs.png"} <= images
    assert any(name.endswith("-count-cs.png") for name in images)
    assert any(name.endswith("-count-hu.png") for name in images)
    first, theirs = boards / "game-1-move-001.png", boards / "game-1-move-001-hu.png"
    assert first.read_bytes() != theirs.read_bytes()  # the caption is drawn in Hungarian
    for code, said in (("cs", czech), ("hu", hungarian)):
        named = translate(code, "console.image", path="")
        shown = [Path(line.removeprefix(named)) for line in said if line.startswith(named)]
        assert shown and all(path.exists() for path in shown)
        assert any(path.name.endswith(f"-{code}.png") for path in shown)


@pytest.mark.slow
def test_gobot_language_hu_makes_everyone_hungarian(tmp_path: Path) -> None:
    """No settings, ``GOBOT_LANGUAGE=hu``: the whole game, help and rules in Hungarian."""
    result = run_script(tmp_path, GAME, GOBOT_LANGUAGE="hu", BOARDS_DIR="")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert f"> {GAME[-1]}" in lines  # the whole script was read
    for name, black in (("dvorak", True), ("kovacs", False)):
        said = said_to(name, lines)
        assert_played_in("hu", said, black=black, images=False)
        assert_speaks("hu", said)


# ----- everything a club player meets, in each language (issue 25) ------------------------------

EVENING = [
    # a challenge with a time control, a game with an undo, a try, a stop, a fill and a count
    "dvorak: challenge @kovacs size=9 color=black time=7d+1d komi=6,5",
    "kovacs: accept",
    "dvorak: D4",
    "kovacs: E5",
    "dvorak: C3",
    "dvorak: undo",
    "kovacs: undo yes",
    "dvorak: C3",
    "kovacs: F5",
    "dvorak: estimate",
    "dvorak: pass",
    "kovacs: pass",
    "dvorak: try D5 E4 pass E6",
    "dvorak: try B D5 W E4",
    "dvorak: filldame",
    "kovacs: filldame",
    "dvorak: done",
    "kovacs: done",
    "dvorak: games",
    "dvorak: board #x",
    "dvorak: rating",
    "dvorak: rating @kovacs",
    "dvorak: history @kovacs",
    "dvorak: leaderboard",
    # a league
    "org: league create jaro time=2d/move",
    "dvorak: league join jaro",
    "kovacs: league join jaro",
    "org: league start jaro",
    "org: league round jaro",
    "org: adjudicate B+3.5 #2",
    "org: league standings jaro",
    "dvorak: league list",
    "dvorak: league",
    "dvorak: settings",
    # a second game resigned
    "kovacs: challenge @dvorak size=9",
    "dvorak: accept",
    "kovacs: resign #3",
    "kovacs: resign yes #3",
    "dvorak: history",
    "dvorak: vacation",
    "dvorak: link",
    # every help page and every rules topic
    *(f"dvorak: help {name}" for name in sorted({spec.name for spec in BY_NAME.values()})),
    *(f"dvorak: rules {topic}" for topic in TOPICS),
    "dvorak: rules kos",
]
"""What an evening at the club sends: both players and the organiser read one language."""

# What a reader must never meet in a translated line, beyond another language's phrases
# (tests.bot.languages): an English placeholder anywhere; outside `typed input`, a colour as a
# letter before a point, an English time control or unit, an echo in English quotation marks.
ENGLISH_PLACEHOLDERS = re.compile(r"<[a-z][a-z _-]*>|@user\b|@someone\b|\bNAME\b|\bCODE\b")
ENGLISH_OUTSIDE_INPUT = re.compile(
    r"(?<![\w=])[BW] (?:[A-HJ-T]\d{1,2}|pass)\b|\b\d+d\+\d+d\b|/move\b|\bd/|'[^' ]+'"
)
TYPED = re.compile(r"`[^`]*`")


def english_marks(line: str) -> bool:
    """Whether ``line`` shows a reader of another language something English (the input syntax
    a line quotes in backticks, ``time=7d+1d``, is what they type: it stays)."""
    return bool(
        ENGLISH_PLACEHOLDERS.search(line) or ENGLISH_OUTSIDE_INPUT.search(TYPED.sub("", line))
    )


@pytest.mark.parametrize(
    ("line", "english"),
    [
        ("1 B D5 · 2 W E4", True),  # colour letters
        ("čas 7d+1d", True),
        ("2d/move", True),
        ("'#x' není číslo partie", True),
        ("help <command>", True),
        ("bez @user tvoje", True),
        ("`league create NAME`", True),  # a placeholder even where it is typed
        ("1. černý D5 · 2. bílý E4", False),
        ("`league create ‹název› [time=7d+1d]`", False),  # the input syntax, typed as it is
        ("„#x“ není číslo partie", False),
        ("Partie #1 skončila: W+6.5", False),  # the record's result, adjudicate's syntax
    ],
)
def test_the_english_marks_check_itself(line: str, english: bool) -> None:
    assert english_marks(line) is english


@pytest.mark.parametrize("code", ["cs", "hu"])
async def test_a_club_evening_reads_as_written_in_the_readers_language(code: str) -> None:
    """A game with an undo, a try, an estimate, a fill and a count, ratings and histories of
    someone else, a league from creation to standings, every help page and every rules topic:
    nothing a Czech or Hungarian reader is shown is English (placeholders, colour letters, time
    controls, quotation marks included) or another language's."""
    out = io.StringIO()
    database = await open_memory()
    try:
        service = GameService(database, organisers={"console:org"})
        script = [f"{line.split(':')[0]}: settings language={code}" for line in EVENING[:1]]
        script += [f"{who}: settings language={code}" for who in ("kovacs", "org")]
        stdin = io.StringIO("\n".join(script + EVENING) + "\n")
        console = Console(service, stdin, out, interactive=False, boards_dir=None)
        assert await console.run() == 0
    finally:
        await database.close()
    lines = out.getvalue().splitlines()
    read = [line for name in ("dvorak", "kovacs", "org") for line in said_to(name, lines)]
    assert len(read) > 200
    assert_speaks(code, read)
    english = [line for line in read if english_marks(line)]
    assert not english, "\n".join(english)
