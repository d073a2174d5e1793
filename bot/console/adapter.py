"""The console adapter: a terminal chat over the same grammar and service as the chat platforms.

Interactively, commands run as the current player (``as bob`` switches; ``bob: pass`` runs one
command as bob). From a script (standard input not a terminal) every line is ``NAME: COMMAND``;
every reply is printed prefixed with whom it is for, and the run ends with the input.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import re
import threading
from functools import partial
from pathlib import Path
from typing import TextIO

from bot.console.ascii import ascii_board
from bot.console.editing import LineEditor, terminal_kept
from bot.errors import answer
from bot.grammar import Words, mentioned, parse, parse_token, run
from bot.snapshots import render_board, render_table, snapshot
from bot.words import for_notice, notice_said, said
from service import Actor, GameService, Request, View
from service.i18n import DEFAULT_LANGUAGE, add_messages, supported, translate
from service.players import local_part, platform_of, player_id
from service.views import is_token

log = logging.getLogger(__name__)
PLATFORM = "console"
CHANNEL = "console"
_LINE = re.compile(r"^\s*(?:as\s+)?([A-Za-z0-9_.-]{1,32})\s*:\s*(.*)$")
QUIT = ("quit", "exit")
_SWITCH = re.compile(r"^\s*as\s+([A-Za-z0-9_.-]{1,32})\s*$")
add_messages(
    {
        "console.boards_unwritable": (
            "Board images cannot be written to {path} ({reason}): the game goes on without "
            "them. Set BOARDS_DIR to a folder you can write to, or to nothing."
        )
    },
)


def _settle(future: asyncio.Future[str], line: str) -> None:
    if not future.done():  # cancelled by a shutdown meanwhile
        future.set_result(line)


def is_quit(text: str) -> bool:
    """``quit`` or ``exit``, alone or as a player's line (``alice: quit``): the console ends.

    >>> is_quit("quit"), is_quit(" Exit "), is_quit("alice: quit"), is_quit("alice: pass")
    (True, True, True, False)
    """
    match = _LINE.match(text)
    command = match.group(2) if match else text
    return command.strip().lower() in QUIT


def console_actor(name: str) -> Actor:
    """``alice`` -> ``console:alice``."""
    return Actor(player_id(PLATFORM, name.lower()), name.lower())


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
        language: str | None = None,
        editor: LineEditor | None = None,
    ) -> None:
        self.service = service
        #: what the console says to nobody in particular (its welcome, a line it cannot read)
        self.language = supported(language) or DEFAULT_LANGUAGE
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = interactive
        self.boards_dir = boards_dir
        self.player = player
        #: line editing and history on a terminal (None: plain lines, as from a script)
        self.editor = editor if interactive else None
        self.seen: set[str] = set()  # who has sent a line here: known by name (``rating bob``)

    def say(self, who: str, lines: list[str] | tuple[str, ...]) -> None:
        """Print ``lines`` for ``who`` (``[alice] …``), already in their language."""
        for line in lines:
            self.stdout.write(f"[{who}] {line}\n")
        self.stdout.flush()

    def announce(self, key: str, /, **params: object) -> None:
        """Say the console's own message ``key`` to nobody in particular."""
        self.say(PLATFORM, [translate(self.language, key, **params)])

    async def run(self) -> int:
        """Read until the end of input or ``quit`` (``exit``; in a script ``NAME: quit`` too);
        0 when every line was read. With an :attr:`editor`, the history of earlier runs is
        loaded first and saved at the end, and the terminal is left as it was found."""
        if self.editor is None:
            return await self._run()
        self.editor.load()
        with terminal_kept(self.stdin):
            try:
                return await self._run()
            finally:
                self.editor.save()

    async def _run(self) -> int:
        if self.interactive:
            self.announce("console.welcome")
            self.announce("console.who", name=self.player)
        while True:
            prompt = f"{self.player}> " if self.interactive else ""
            if prompt and self.editor is None:
                self.stdout.write(prompt)
                self.stdout.flush()
            line = await self._readline(prompt)
            if not line:
                return 0
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            if is_quit(text):
                return 0
            await self.handle_line(text)

    async def _readline(self, prompt: str = "") -> str:
        """The next input line ("" at the end), read in a daemon thread: a SIGTERM while the
        terminal stays open must not wait for a line that never comes (asyncio's own worker
        threads are joined at shutdown). The :attr:`editor` shows ``prompt`` itself."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[str] = loop.create_future()
        editor = self.editor

        def read() -> None:
            try:
                line = self.stdin.readline() if editor is None else editor.read_line(prompt)
            except (OSError, ValueError):  # a closed input is its end
                line = ""
            loop.call_soon_threadsafe(_settle, future, line)

        threading.Thread(target=read, name="console-input", daemon=True).start()
        return await future

    async def handle_line(self, text: str) -> None:
        """One input line: ``NAME: COMMAND``, ``as NAME``, or (interactively) a command."""
        switch = _SWITCH.match(text)
        if switch and self.interactive:
            self.player = switch.group(1).lower()
            self.announce("console.who", name=self.player)
            return
        match = _LINE.match(text)
        if match:
            name, command = match.group(1).lower(), match.group(2)
        elif self.interactive:
            name, command = self.player, text
        else:
            self.announce("console.bad_line")
            return
        if not self.interactive:
            self.stdout.write(f"> {name}: {command}\n")
        await self.run_command(name, command)

    async def run_command(self, name: str, text: str) -> None:
        """Parse and dispatch one command for ``name``; print the reply and the notices (what
        the console says by itself, such as help, in ``name``'s language)."""
        actor = console_actor(name)
        self.seen.add(actor.id)
        try:
            line = text.strip()
            words: Words = parse_token(line) if is_token(line) else parse(text, plain_points=True)
            opponent = await mentioned(words, self._mention, self._named)
            view = await run(self.service, words, Request(actor, CHANNEL), opponent)
        except Exception as error:  # the one error policy (bot.errors)
            chosen = partial(self.service.language_for, actor, CHANNEL)
            told = await answer(error, chosen, "command %r by %s", text, actor.id, logger=log)
            self.say(name, [told.text])
            return
        image = await self.show(name, view)
        await self.deliver(view, skip=actor.id, image=image)

    async def _mention(self, name: str) -> Actor:
        """``@bob``: any name is a console user."""
        return console_actor(name)

    async def _named(self, name: str) -> list[Actor]:
        """``bob`` without the ``@``: a user who has sent a line here or whom the bot has met."""
        actor = console_actor(name)
        known = actor.id in self.seen or await self.service.known(actor.id)
        return [actor] if known else []

    async def show(self, name: str, view: View) -> Path | None:
        """The reply: its lines, the ASCII board, buttons, an attached file, the image path
        (returned, so that the notices can name it too), all in the reader's language."""
        view = said(view)
        code = view.language
        self.say(name, view.lines)
        path = None
        if view.board is not None:
            self.say(name, ascii_board(snapshot(view.board), code))
            path = await self.write_image(view)
            if path is not None:
                self.say(name, [translate(code, "console.image", path=path)])
        if view.table is not None and self.boards_dir is not None:
            table_path = await self.write_table(view)
            if table_path is not None:
                self.say(name, [translate(code, "console.table_image", path=table_path)])
        if view.buttons:
            shown = " · ".join(f"{b.label} [{b.token}]" for b in view.buttons)
            self.say(name, [translate(code, "console.buttons", buttons=shown)])
        if view.file is not None:
            filename, data = view.file
            head = translate(code, "console.file", name=filename)
            self.say(name, [head, *data.decode().splitlines()])
        return path

    async def deliver(self, view: View, skip: str | None = None, image: Path | None = None) -> None:
        """Print the notices of ``view`` for console players (the scheduler calls this too),
        each naming the board's ``image`` when the reply wrote one (drawn again in the notice's
        language when it is not the reply's); the scheduler's post in the console's channel
        (:meth:`post`)."""
        await self.post(view)
        for notice in view.notify:
            if platform_of(notice.player) != PLATFORM or notice.player == skip:
                continue
            if not notice.wanted:  # `settings notify=none`: no "your move"
                continue
            name, code = local_part(notice.player), notice.language
            notice = notice_said(notice)
            self.say(name, notice.lines)
            shown_image = image
            own = for_notice(view, notice) if image is not None else view
            if own is not view:  # their board in their language and theme
                shown_image = await self.write_image(own, suffix=f"-{notice.language}")
            if shown_image is not None:
                self.say(name, [translate(code, "console.image", path=shown_image)])
            if notice.buttons:
                shown = " · ".join(f"{b.label} [{b.token}]" for b in notice.buttons)
                self.say(name, [translate(code, "console.buttons", buttons=shown)])

    async def post(self, view: View) -> None:
        """The whole view posted in the console's channel (:attr:`View.post`, the problem of the
        day), printed for the channel as a reply is (lines, board, image file); never raises."""
        if not view.post or platform_of(view.post) != PLATFORM:
            return
        try:
            await self.show(local_part(view.post) or CHANNEL, view)
        except Exception:  # a post must not stop the notices nor the scheduler
            log.exception("posting in %s failed", view.post)

    async def write_image(self, view: View, suffix: str = "") -> Path | None:
        """Render the board to ``boards_dir`` (one file per move; counting views separately;
        each ``try`` in a file of its own, ``…-try-K``, and each ``estimate``, ``…-estimate-K``,
        never over the game's images; a reader in another language gets ``…-cs``)."""
        board = view.board
        if self.boards_dir is None or board is None:
            return None
        data = await render_board(board)
        assert data is not None
        stem = f"game-{view.game_id}-move-{board.move_number:03d}"
        if view.game_id is None:  # no game's: ``rules-K.png`` (`rules ko`), ``post-K.png``
            stem = "post" if view.post else "rules"
        elif board.hypothetical:
            stem += "-estimate" if board.estimate else "-try"
        try:
            if board.hypothetical or view.game_id is None:
                path = await asyncio.to_thread(self._write_new, self.boards_dir, stem, data)
            else:
                kind = "-count" if board.counting else ""
                path = self.boards_dir / f"{stem}{kind}{suffix}.png"
                await asyncio.to_thread(self._write, path, data)
        except OSError as error:  # said once; no more images from now on
            reason = (error.strerror or type(error).__name__).lower()
            self.announce("console.boards_unwritable", path=self.boards_dir, reason=reason)
            self.boards_dir = None
            return None
        return path

    @staticmethod
    def _write(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    async def write_table(self, view: View) -> Path | None:
        """Render a league table to ``boards_dir/standings.png`` (replaced each time)."""
        data = await render_table(view.table)
        if self.boards_dir is None or data is None:
            return None
        path = self.boards_dir / "standings.png"
        try:
            await asyncio.to_thread(self._write, path, data)
        except OSError:
            return None  # the board images say it once
        return path

    @staticmethod
    def _write_new(folder: Path, stem: str, data: bytes) -> Path:
        """Write ``data`` to ``{stem}-K.png`` with the first K whose file does not exist
        (earlier tries and diagrams, also of earlier runs, stay); the path written."""
        folder.mkdir(parents=True, exist_ok=True)
        for number in itertools.count(1):
            path = folder / f"{stem}-{number}.png"
            try:
                with path.open("xb") as file:
                    file.write(data)
            except FileExistsError:
                continue
            return path
        raise AssertionError("unreachable")
