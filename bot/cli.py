"""The organiser's command line, ``gobot``: replay, score and render SGF files; run the bot.

Building the parser loads only ``argparse``-level modules (each command's registration); a
command's work is imported when it runs (:mod:`bot.replay`, :mod:`bot.cli_score`,
:mod:`bot.render_sgf`, :mod:`bot.club_reports`, :mod:`bot.app`, …), so that ``gobot --version``
and ``gobot health`` start in a blink. ``tests/bot/test_cli_imports.py`` keeps it so.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from bot.cli_args import EXIT_OK, add_dead_stone_options, komi_value
from bot.cli_club import add_club_commands
from bot.cli_ops import add_ops_commands
from bot.cli_render import add_render_command
from bot.health import add_health_command
from bot.invite import add_invite_command


def _replay(args: argparse.Namespace) -> int:
    """``gobot replay``: :func:`bot.replay.cmd_replay`."""
    from bot.replay import cmd_replay

    return cmd_replay(args)


def _score(args: argparse.Namespace) -> int:
    """``gobot score``: :func:`bot.cli_score.cmd_score`."""
    from bot.cli_score import cmd_score

    return cmd_score(args)


def cmd_run(args: argparse.Namespace) -> int:
    from bot.app import run

    code: int = run()
    return code


def cmd_web(args: argparse.Namespace) -> int:
    from bot.app import run  # the web's modules load only when asked for

    return run(web_address=(args.host, args.port))


def port_value(text: str) -> int:
    """A TCP port for ``--port``."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1-65535)")
    return int(text)


class VersionAction(argparse._VersionAction):
    """``--version``, with the installed version read only when it is asked for."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        self.version = f"gobot {package_version()}"
        super().__call__(parser, namespace, values, option_string)


def package_version() -> str:
    """The installed version of the ``gobot`` package: :func:`importlib.metadata.version`'s
    answer, read without importing that module (it takes longer than the rest of ``gobot
    --version``) when the metadata is plainly where it looks first (:func:`plain_metadata`)."""
    found = plain_metadata()
    if found is not None:
        return found
    import importlib.metadata

    try:
        return importlib.metadata.version("gobot")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree, not installed
        return "unknown (not installed)"


def plain_metadata(name: str = "gobot") -> str | None:
    """The ``Version`` of the package ``name`` from the first folder on :data:`sys.path` that
    holds its metadata (``name-*.dist-info`` or ``name*.egg-info``), as
    :mod:`importlib.metadata` finds it; None when that is not plain (no such folder, several in
    one place, a zip or an egg on the path, no one-line ``Version``): then ask that module."""
    for entry in sys.path:
        folder = entry or "."
        if folder.lower().endswith(".egg") or not os.path.isdir(folder):
            if os.path.exists(folder):
                return None  # an egg or a zip file: importlib.metadata reads those
            continue
        try:
            children = os.listdir(folder)
        except OSError:
            continue
        found = [
            child
            for child in children
            if child.lower().endswith((".dist-info", ".egg-info"))
            and child.lower().rpartition(".")[0].partition("-")[0] == name
        ]
        if len(found) != 1:
            if found:
                return None
            continue
        for file in ("METADATA", "PKG-INFO"):
            try:
                with open(os.path.join(folder, found[0], file), encoding="utf-8") as text:
                    head = text.read().partition("\n\n")[0].splitlines()
            except OSError:
                continue
            return _version_header(head)
        return None
    return None


def _version_header(lines: list[str]) -> str | None:
    """The value of the first ``Version:`` header among ``lines``; None when there is none or
    it is folded onto more lines."""
    for number, line in enumerate(lines):
        key, colon, value = line.partition(":")
        if colon and key == "Version":
            after = lines[number + 1] if number + 1 < len(lines) else ""
            return None if after[:1].isspace() or not value.strip() else value.strip()
    return None


def build_parser() -> argparse.ArgumentParser:
    """The ``gobot`` parser; ``--help`` texts are generated from it."""
    parser = argparse.ArgumentParser(
        prog="gobot",
        description="A Go bot for Discord, Telegram and the console (Japanese Rules of Go, 1989), "
        "and tools for organisers.",
    )
    parser.add_argument("--version", action=VersionAction)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = commands.add_parser("run", help="run the bot (the console game when no token is set)")
    run.set_defaults(handler=cmd_run)

    web = commands.add_parser(
        "web",
        help="serve the published leagues' pages (reads DATABASE_URL)",
        description="Serve the pages of the leagues an organiser published (`league publish "
        "NAME`): standings, games, players, live games. Read only; the bot itself runs with "
        "`gobot run` (which serves them too when GOBOT_WEB_PORT is set).",
    )
    web.add_argument(
        "--host", metavar="ADDRESS", help="the address to listen on (GOBOT_WEB_HOST, 127.0.0.1)"
    )
    web.add_argument(
        "--port", type=port_value, metavar="PORT", help="the port (GOBOT_WEB_PORT, else 8080)"
    )
    web.set_defaults(handler=cmd_web)

    replay = commands.add_parser(
        "replay",
        help="replay SGF files and report the first illegal move",
        description="Replay the main line of each file. Exit 0 when every file is legal, 1 when "
        "any move is illegal, 2 when any file is unreadable.",
    )
    replay.add_argument("files", nargs="+", metavar="FILE.sgf")
    replay.set_defaults(handler=_replay)

    score = commands.add_parser(
        "score",
        help="count the final position of an SGF file under the Japanese rules",
        description="Count the end position of FILE.sgf under Art. 8 and 10 of the Japanese rules. "
        "A record whose last node has territory marks (TB/TW, as the bot's own records of a "
        "counted game) is counted with the stones on the other colour's marks dead, unless "
        "--dead or --estimate is given.",
    )
    score.add_argument("file", metavar="FILE.sgf")
    add_dead_stone_options(score)
    score.add_argument("--komi", type=komi_value, help="override the file's komi (KM)")
    score.add_argument("--json", action="store_true", help="print one JSON object")
    score.set_defaults(handler=_score)

    add_render_command(commands)
    add_club_commands(commands)
    add_health_command(commands)
    add_invite_command(commands)
    add_ops_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``gobot`` console script. Every command ends quietly when its output
    is closed early (``gobot games | head -1``): no error line, no traceback, the status a shell
    gives a program that wrote into a closed pipe (141, :func:`bot.startup.output_closed`)."""
    try:
        code = _main(argv)
        if sys.stdout is not None:  # None when started with no standard output at all
            sys.stdout.flush()  # a closed pipe is found here, not by the interpreter at exit
    except BrokenPipeError:
        from bot.startup import output_closed

        return output_closed()
    return code


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return EXIT_OK
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
