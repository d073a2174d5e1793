"""Line editing and history for the console on a terminal, with the standard :mod:`readline`
module: the arrow keys move in the line and through earlier commands (also those of earlier
runs, kept in :func:`history_path`, at most :data:`HISTORY_LENGTH` lines).

Without :mod:`readline` (a Python built without it, Windows) the console reads plain lines, as
it does from a script. :class:`LineEditor` is the seam: the tests give it their own ``read``
function and history file, and no terminal is needed.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import platformdirs

log = logging.getLogger(__name__)
HISTORY_LENGTH = 1000
APP_NAME = "gobot"


def history_path() -> Path:
    """``console-history`` in the user's state directory: ``~/.local/state/gobot`` on Linux
    (``$XDG_STATE_HOME/gobot`` when that is set)."""
    return Path(platformdirs.user_state_dir(APP_NAME)) / "console-history"


def load_readline() -> ModuleType | None:
    """The :mod:`readline` module, or None where Python has none."""
    try:
        return importlib.import_module("readline")
    except ImportError:
        return None


class LineEditor:
    """Reads a line with ``prompt`` through :mod:`readline` (``input``), with a history file."""

    def __init__(
        self,
        readline: ModuleType,
        history: Path | None,
        read: Callable[[str], str] = input,
        length: int = HISTORY_LENGTH,
    ) -> None:
        self.readline = readline
        self.history = history
        self._read = read
        self.length = length

    def load(self) -> None:
        """Read the history of earlier runs (none yet, or unreadable: an empty history)."""
        self.readline.set_history_length(self.length)
        if self.history is None:
            return
        try:
            self.readline.read_history_file(str(self.history))
        except FileNotFoundError:
            pass
        except OSError as error:  # unreadable: this run starts with an empty history
            log.debug("console history %s not read: %s", self.history, error)

    def save(self) -> None:
        """Write the history (its last :attr:`length` lines); a folder that cannot be written
        loses only the history."""
        if self.history is None:
            return
        try:
            self.history.parent.mkdir(parents=True, exist_ok=True)
            self.readline.write_history_file(str(self.history))
            with contextlib.suppress(OSError):
                os.chmod(self.history, 0o600)  # what a person typed is theirs
        except OSError as error:
            log.debug("console history %s not written: %s", self.history, error)

    def read_line(self, prompt: str) -> str:
        """The next line with its newline, ``""`` at the end of input (Ctrl-D)."""
        try:
            return self._read(prompt) + "\n"
        except EOFError:
            return ""


def line_editor(history: Path | None = None) -> LineEditor | None:
    """A :class:`LineEditor` on the real :mod:`readline` and ``input``, its history in
    ``history`` (default :func:`history_path`), or None without :mod:`readline`."""
    readline = load_readline()
    if readline is None:
        return None
    return LineEditor(readline, history if history is not None else history_path())


@contextlib.contextmanager
def terminal_kept(stream: Any) -> Iterator[None]:
    """Put the terminal of ``stream`` back as it was when leaving (a stop while :mod:`readline`
    waits for a line would leave it without echo); nothing for a stream that is no terminal."""
    saved: Any = None
    termios: Any = None
    try:
        termios = importlib.import_module("termios")
        saved = termios.tcgetattr(stream.fileno())
    except (ImportError, OSError, ValueError, AttributeError):
        pass  # no terminal, or no termios (Windows)
    try:
        yield
    finally:
        if saved is not None:
            with contextlib.suppress(OSError, ValueError):
                termios.tcsetattr(stream.fileno(), termios.TCSADRAIN, saved)
