"""Write docs/commands.md from the registry of commands (:mod:`service.registry`): every command
people send, its aliases, arguments and options, who may send it, whether it writes and its help
line, between the hand-written sections of :data:`TEMPLATE` (``make docs``; the tests check that
the committed file is current).

    python scripts/commands_doc.py          # rewrite docs/commands.md
    python scripts/commands_doc.py --check  # exit 1 when it is not current
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.grammar import COMMANDS, Spec
from service.i18n import has_message, t
from service.registry import OptionKind

DOC = Path(__file__).resolve().parent.parent / "docs" / "commands.md"
LANGUAGE_NAMES = {"cs": "Czech", "hu": "Hungarian"}
KINDS = {
    OptionKind.INT: "a whole number",
    OptionKind.FLOAT: "a number",
    OptionKind.STR: "a word",
    OptionKind.YES_NO: "yes or no",
}

TEMPLATE = """\
# Commands

Every command the bot understands, the same on every platform: typed (`play D4`, or just `D4`
where the platform delivers plain text), as Discord's `/go …` and `/club …` slash commands, from
Telegram's menu, or pressed as a button. A game is addressed by its context (its Discord thread,
the Telegram board message) or by its number (`#12`). The rules the games are played by are in
[docs/rules.md](rules.md); how to add a command is in
[docs/adding-a-command.md](adding-a-command.md).

**Across platforms.** One process can serve Discord and Telegram together, and a game between a
Discord user and a Telegram user is played like any other: an open challenge made on one
platform is taken on the other by its number (`accept #12`), and each player gets the board,
the buttons and the pings on their own platform. `link` joins one person's accounts on both.

**A user by name.** A command that takes a user (`challenge`, `rating`, `history`) reads `@bob`
as the platform's mention, and `bob` without the `@` as the one user called bob known where the
line is sent: on the console, a name that has sent a line there or that the bot has stored; on
Telegram, the user with that username who has sent a command or pressed a button in that chat,
or whose latest game was made there (kept with the game, so it survives a restart); on Discord
(typed in a game's thread), the server's member with that username, display name or nickname,
asked of Discord (an `@bob` typed without choosing bob from the list is read the same way).
When nobody by that name is known there, the answer says so and shows the line with the `@`
(and, for `challenge`, the open challenge); when several are, it asks for the mention. A number
or an option's key (`challenge size`) is never taken for a name. `colour=` is read as `color=`.

The part between the markers below is generated from each command's registration
(`service/registry.py`, next to its handler in `service/handlers/`) by
`scripts/commands_doc.py` (`make docs`); the rest of this file is that script's template.

<!-- generated: every command -->
{commands}
<!-- end of the generated part -->

## Correspondence

Games may be played at any pace: a move a minute or a move a week. A challenge's `time=` option
sets the clock: `time=3d+1d` (Fischer: three days, a day added per move, never more than the
start), `time=7d+3x1d` (byo-yomi: seven days, then three periods of a day), `time=2d/move`
(each move within two days), `time=14d` (absolute: the whole game in 14 days) or `time=none`
(no clock, the default). `weekend=pause` stops the clocks from Saturday 00:00 to Monday 00:00
(UTC): a turn that spans a weekend is charged only its weekdays, so no reminder and no loss on
time falls on a weekend, and the challenge's terms say "weekends paused"; `weekend=play`, the
default, lets them run every day (without a `time=` clock it changes nothing). The board's
caption shows the time left of the player to move, and `games` lists each game's.

- **Deadlines are stored.** Each running game keeps its next deadline (a reminder or the end of
  the player's time) with the game (`service/timing.py`); the clock scheduler
  (`service/scheduler.py`) sleeps until the earliest one, so a restart loses nothing.
- **Reminders.** When a quarter of the player's time on the move is left (at most a day before
  the end), and again when 5% is (at most two hours before), the player to move is reminded,
  once each. On Telegram the reminder goes to the player's private chat with the bot when they
  have opened one, else it is a reply in the group. A bot that was down past a threshold sends
  the reminder when it starts; a restart never sends one twice.
- **Losing on time.** When the player to move has no time left after the last reminder, they
  lose on time (`B+T` or `W+T`); both players are told, and a rated game is rated like any other.
- **Vacation.** `vacation on` stops your clocks in every game, within a yearly allowance
  (30 days by default: `VACATION_DAYS`, README "Configuration"); `vacation off` ends it (the
  time away is added back to the turn it paused) and `vacation` shows what is left. The
  allowance starts again each calendar year (UTC).
- **Limits.** The README's "Limits" says how many commands a person may send, how many moves a
  game takes and how many challenges may be open; on Telegram, "Live games and pings" says when
  a player to move is pinged in a live game.

## `computer` (games against the computer)

`computer [size=9] [level=1..10] [color=black|white|nigiri] [komi=6.5] [handicap=0]` starts a
game against a GTP engine (GNU Go), proposed and taken in one step: the defaults are a 9×9
board, level 5, and you take Black. The computer plays through the same commands, checks and
storage as a person (`service/computer.py`):

- after each of your commands about the game, when something waits for the computer it acts:
  its move, or its agreement to the marking you accepted, to filling the neutral points or to
  no result, which it always gives; its answer comes with the reply to your command;
- a new command that changes a game needs nothing more: the computer answers after every
  command that writes (a read such as `board` asks nobody to act);
- `undo` takes back its reply together with your move;
- when the engine is down, or the bot stopped before it answered, the scheduler asks it again a
  minute later (an hour in a process without an engine), in the background; an answer worked
  out for a position that has moved on meanwhile is dropped;
- games against the computer are never rated.
"""


def _code(text: str) -> str:
    return f"`{text}`"


def command_section(spec: Spec) -> list[str]:
    """One command's entry: its usage, help line and the facts of its registration."""
    lines = [f"### `{spec.name}`", "", spec.help, "", f"- usage: `{spec.usage()}`"]
    if spec.every_alias:
        words = [", ".join(map(_code, spec.aliases))] if spec.aliases else []
        words += [
            f"{LANGUAGE_NAMES.get(code, code)} {', '.join(map(_code, local))}"
            for code, local in spec.local.items()
        ]
        lines.append(f"- aliases: {'; '.join(words)}")
    if spec.mention is not None:
        lines.append(f"- {t('help.mention')}")
    for option in spec.options:
        kind = KINDS[option.kind]
        if option.aliases:
            kind += f"; also written {', '.join(_code(f'{a}=') for a in option.aliases)}"
        choices = f": {' | '.join(map(_code, option.choices))}" if option.choices else ""
        said = f" — {t(option.help)}" if option.help is not None else ""
        lines.append(f"- option `{option.name}=` ({kind}){choices}{said}")
    who = str(t(f"who.{spec.who}"))
    if spec.organiser is not None:
        who += " (some lines: organisers only)"
    lines.append(f"- who may send it: {who}")
    handler = spec.handler
    if handler is None:
        lines.append("- answered by the adapter itself (nothing changes)")
    else:
        writes = "yes" if handler.writes else "no: a read, nothing changes"
        lines.append(f"- changes the game or the club: {writes}")
    lines.append(f"- Discord: `/{spec.group} {spec.name}`")
    if has_message(more := f"help.more.{spec.name}"):
        lines.append("- in detail:")
        lines += [f"  - {line}" for line in t(more).split("\n")]
    return [*lines, ""]


def render() -> str:
    """docs/commands.md as the registry makes it (in English, the catalogue's source)."""
    table = ["| command | who | writes | what it does |", "| --- | --- | --- | --- |"]
    for spec in COMMANDS:
        writes = "—" if spec.handler is None else "yes" if spec.handler.writes else "no"
        said = spec.help.replace("|", "\\|")  # a table cell: `yes|no` stays one cell
        table.append(f"| `{spec.name}` | {t(f'who.{spec.who}')} | {writes} | {said} |")
    sections = [line for spec in COMMANDS for line in command_section(spec)]
    commands = "\n".join(["", *table, "", *sections])
    return TEMPLATE.format(commands=commands)


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        current = DOC.read_text(encoding="utf-8") == text
        if not current:
            print(f"{DOC} is not current: run `make docs`", file=sys.stderr)
        return 0 if current else 1
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
