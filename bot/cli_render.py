"""``gobot render``: an SGF position (or its count, or an animated replay) as an image. The
registration only; the work, with the renderer, is :mod:`bot.render_sgf`."""

from __future__ import annotations

import argparse
from typing import Any

from bot.cli_args import add_dead_stone_options

DEFAULT_WIDTH = 720
"""The default image width in pixels: :data:`renderer.DEFAULT_WIDTH`, written out here so that
the parser is built without the renderer (``tests/bot/test_cli_imports.py`` checks it is the
same)."""


def _render(args: argparse.Namespace) -> int:
    """``gobot render``: :func:`bot.render_sgf.cmd_render`."""
    from bot.render_sgf import cmd_render

    return cmd_render(args)


def add_render_command(commands: Any) -> None:
    """Register ``render`` on the ``gobot`` sub-command parser."""
    render = commands.add_parser(
        "render",
        help="draw an SGF position, its count or an animated replay",
        description="Render the position after move N (default: the end) of FILE.sgf as a PNG, "
        "or the counting image of the end position, or an animated replay of the game.",
    )
    render.add_argument("file", metavar="FILE.sgf")
    render.add_argument("-o", "--output", metavar="OUT.png", help="write the PNG here")
    render.add_argument("--move", type=int, metavar="N", help="the position after move N")
    render.add_argument(
        "--counting",
        action="store_true",
        help="draw the count: territory, dead stones, dame, seki, the tally",
    )
    add_dead_stone_options(render, when="with --counting: ")
    render.add_argument("--theme", choices=("light", "dark"), default="light")
    render.add_argument(
        "--size",
        type=int,
        default=DEFAULT_WIDTH,
        metavar="PX",
        help=f"image width in pixels (default {DEFAULT_WIDTH})",
    )
    render.add_argument("--animate", metavar="OUT.gif", help="write an animated replay here")
    render.set_defaults(handler=_render)
