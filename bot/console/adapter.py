"""The console adapter: a terminal chat over the same grammar and service as the chat platforms.

Interactively, commands run as the current player (``as bob`` switches; ``bob: pass`` runs one
command as bob). From a script (standard input not a terminal) every line is ``NAME: COMMAND``;
every reply is printed prefixed with whom it is for, and the run ends with the input.
"""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path
from typing import TextIO

from bot.console.ascii import ascii_board
from bot.grammar import Command, dispatch, parse, parse_token
from renderer.render import render_png
from renderer.snapshot import Snapshot
from service import Actor, GameService, View
from service.errors import UserError
from service.i18n import t

log = logging.getLogger(__name__)
PLATFORM = "console"
CHANNEL = "console"
_LINE = re.compile(r"^\s*(?:as\s+)?([A-Za-z0-9_.-]{1,32})\s*:\s*(.*)$")
_SWITCH = re.compile(r"^\s*as\s+([A-Za-z0-9_.-]{1,32})\s*$")
_TOKEN = re.compile(r"^g\d+:[a-z]+")


def console_actor(name: str) -> Actor:
    """``alice`` -> ``console:alice``."""
    return Actor(f"{PLATFORM}:{name.lower()}", name.lower())


class Console:
    """Reads commands, prints replies (and notices for the other player), writes board images."""

    def __init__(
        self,
        service: GameService,
        stdin: TextIO,
        stdout: TextIO,
        *,
        interactive: bool,
        boards_dir: Path | None = None,
        player: str = "alice",
    ) -> None:
        self.service = service
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = interactive
        self.boards_dir = boards_dir
        self.player = player

    def say(self, who: str, lines: list[str] | tuple[str, ...]) -> None:
        """Print ``lines`` for ``who`` (``[alice] …``)."""
        for line in lines:
            self.stdout.write(f"[{who}] {line}\n")
        self.stdout.flush()

    async def run(self) -> int:
        """Read until the end of input (or ``quit``); 0 when every line was read."""
        if self.interactive:
            self.say(PLATFORM, [t("console.welcome"), t("console.who", name=self.player)])
        while True:
            if self.interactive:
                self.stdout.write(f"{self.player}> ")
                self.stdout.flush()
            line = await asyncio.to_thread(self.stdin.readline)
            if not line:
                return 0
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            if self.interactive and text.lower() in ("quit", "exit"):
                return 0
            await self.handle_line(text)

    async def handle_line(self, text: str) -> None:
        """One input line: ``NAME: COMMAND``, ``as NAME``, or (interactively) a command."""
        switch = _SWITCH.match(text)
        if switch and self.interactive:
            self.player = switch.group(1).lower()
            self.say(PLATFORM, [t("console.who", name=self.player)])
            return
        match = _LINE.match(text)
        if match:
            name, command = match.group(1).lower(), match.group(2)
        elif self.interactive:
            name, command = self.player, text
        else:
            self.say(PLATFORM, [t("console.bad_line")])
            return
        if not self.interactive:
            self.stdout.write(f"> {name}: {command}\n")
        await self.run_command(name, command)

    async def run_command(self, name: str, text: str) -> None:
        """Parse and dispatch one command for ``name``; print the reply and the notices."""
        actor = console_actor(name)
        try:
            command: Command = (
                parse_token(text.strip())
                if _TOKEN.match(text.strip())
                else parse(text, plain_points=True)
            )
            view = await dispatch(
                self.service, actor, command, resolve=console_actor, channel=CHANNEL
            )
        except UserError as error:
            self.say(name, [error.message])
            return
        except Exception:
            log.exception("command %r by %s failed", text, actor.id)
            self.say(name, [t("error.internal")])
            return
        await self.show(name, view)
        await self.deliver(view, skip=actor.id)

    async def show(self, name: str, view: View) -> None:
        """The reply: its lines, the ASCII board, buttons, an attached file, the image path."""
        self.say(name, view.lines)
        if view.board is not None:
            self.say(name, ascii_board(view.board))
            path = await self.write_image(view.board, view.game_id)
            if path is not None:
                self.say(name, [t("console.image", path=path)])
        if view.buttons:
            shown = " · ".join(f"{b.label} [{b.token}]" for b in view.buttons)
            self.say(name, [t("console.buttons", buttons=shown)])
        if view.file is not None:
            filename, data = view.file
            self.say(name, [t("console.file", name=filename), *data.decode().splitlines()])

    async def deliver(self, view: View, skip: str | None = None) -> None:
        """Print the notices of ``view`` for console players (the scheduler calls this too)."""
        for notice in view.notify:
            platform, _, name = notice.player.partition(":")
            if platform != PLATFORM or notice.player == skip:
                continue
            self.say(name, notice.lines)
            if notice.buttons:
                shown = " · ".join(f"{b.label} [{b.token}]" for b in notice.buttons)
                self.say(name, [t("console.buttons", buttons=shown)])

    async def write_image(self, snap: Snapshot, game_id: int | None) -> Path | None:
        """Render the board to ``boards_dir`` (one file per move; counting views separately)."""
        if self.boards_dir is None or game_id is None:
            return None
        data = await asyncio.to_thread(render_png, snap)
        suffix = "-count" if snap.counting else ""
        path = self.boards_dir / f"game-{game_id}-move-{snap.move_number:03d}{suffix}.png"
        await asyncio.to_thread(self._write, path, data)
        return path

    @staticmethod
    def _write(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
