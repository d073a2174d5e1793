"""The console game end to end: ``python -m bot`` reading a script on standard input."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import shlex
import signal
import subprocess
import sys
import termios
import threading
from pathlib import Path

import pytest

from bot.console import Console
from bot.console.editing import LineEditor, history_path, line_editor
from service import GameService
from service.i18n import t
from storage.memory import open_memory
from storage.sqlite import open_sqlite
from tests.bot.test_app import wait_until

ROOT = Path(__file__).resolve().parents[2]


def run_script(tmp_path: Path, lines: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    environment = {
        **{k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")},
        "DATABASE_URL": f"sqlite:///{tmp_path}/games.db",
        "BOARDS_DIR": str(tmp_path / "boards"),
        "PYTHONPATH": str(ROOT),
        **env,
    }
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=environment,
        timeout=120,
    )


def full_game() -> list[str]:
    lines = ["# a whole game, replayed from a file", "alice: challenge @bob size=9 color=black"]
    lines.append("bob: accept")
    for row in range(1, 10):
        lines += [f"alice: play D{row}", f"bob: E{row}"]
    return [*lines, "alice: pass", "bob: pass", "alice: done v1", "bob: g1:done:v1", "bob: sgf"]


@pytest.mark.slow
def test_a_whole_game_from_a_script(tmp_path: Path) -> None:
    result = run_script(tmp_path, full_game())
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    terms = "9×9 · komi 6.5 · @alice takes Black · no time limit · unrated"
    assert f"[alice] Challenge #1 sent to @bob: {terms}." in out
    assert "[bob] Game #1 begins: @alice plays Black, @bob plays White." in out
    assert "[alice] Your move in game #1: Game #1 · Black (@alice) to play" in out
    assert "[bob] Move 2 · White E1 · Black (@alice) to play" in out
    assert any(line.startswith("[bob]   1 . . . X(O)") for line in out)
    assert "[bob] Both players passed: the game is stopped (Art. 9). Confirm life and death." in out
    end = "Game #1 is over: W+15.5 — White wins by 15.5 points"
    assert f"[alice] {end}" in out and f"[bob] {end}" in out
    tally = (
        "Black: territory 27 + prisoners 0 = 27 · "
        "White: territory 36 + prisoners 0 + komi 6.5 = 42.5"
    )
    assert f"[bob] {tally} · White wins by 15.5" in out
    assert any(line.startswith("[bob] (;FF[4]") for line in out)
    images = sorted(p.name for p in (tmp_path / "boards").iterdir())
    assert "game-1-move-018.png" in images and any(n.endswith("-count.png") for n in images)


@pytest.mark.slow
def test_bad_lines_get_answers_and_change_nothing(tmp_path: Path) -> None:
    result = run_script(
        tmp_path,
        [
            "this is not a command line",
            "alice: challenge @bob size=99",
            "alice: fly",
            "bob: accept",
            "alice: help play",
        ],
        BOARDS_DIR="",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert "[console] Write `NAME: COMMAND`, e.g. `alice: play D4`." in out
    assert "[alice] Board size 99 is not supported: use size=5 to size=25" in out
    assert "[alice] Unknown command “fly”: `help` lists the commands." in out
    assert "[bob] There is no challenge for you to answer." in out
    assert "[alice] Usage: play <point> [#game]" in out
    assert not (tmp_path / "boards").exists()


async def test_interactive_console_switches_players() -> None:
    database = await open_sqlite(":memory:")
    try:
        out = io.StringIO()
        lines = "challenge @bob size=9 color=black\nas bob\naccept\nalice: e5\n"
        lines += "as alice\nquit\nbob: pass\n"
        console = Console(GameService(database), io.StringIO(lines), out, interactive=True)
        assert await console.run() == 0
        text = out.getvalue()
        assert "alice> " in text and "bob> " in text and "Playing as bob." in text
        assert "[bob] Game #1 begins" in text and "[alice] Move 1 · " in text
        assert "[bob] It is" not in text  # input after quit is not read
    finally:
        await database.close()


async def script_lines(script: list[str]) -> list[str]:
    """What the console prints for a script of ``NAME: COMMAND`` lines (in memory)."""
    database = await open_memory()
    try:
        out = io.StringIO()
        stdin = io.StringIO("\n".join(script) + "\n")
        console = Console(GameService(database), stdin, out, interactive=False)
        assert await console.run() == 0
    finally:
        await database.close()
    return out.getvalue().splitlines()


async def test_a_bare_point_names_its_game_by_number(tmp_path: Path) -> None:
    """With two games, ``D4 #2`` (and ``#1 C3``) play in the game named; without a number the
    answer asks which."""
    lines = await script_lines(
        [
            "alice: challenge @bob size=9 color=black",
            "bob: accept",
            "alice: challenge @bob size=9 color=black",
            "bob: accept #2",
            "alice: D4 #2",
            "alice: #1 C3",
            "bob: E5",
            "bob: #2 pass",
        ]
    )
    assert "[alice] Move 1 · Black D4 · White (@bob) to play" in lines  # in game 2
    assert "[bob] Your move in game #2: Move 1 · Black D4 · White (@bob) to play" in lines
    assert "[bob] Your move in game #1: Move 1 · Black C3 · White (@bob) to play" in lines
    assert f"[bob] {t('error.which_game', games='#2, #1')}" in lines
    assert "[alice] Your move in game #2: Move 2 · White passes · Black (@alice) to play" in lines


async def test_games_lists_a_finished_game_with_its_result() -> None:
    lines = await script_lines(
        [
            "alice: challenge @bob size=9 color=black",
            "bob: accept",
            "bob: resign yes",
            "alice: games",
            "bob: games",
        ]
    )
    assert "[alice] #1 Black vs @bob (9×9) · you won by resignation (B+R) · just now" in lines
    assert "[bob] #1 White vs @alice (9×9) · you resigned (B+R) · just now" in lines


async def test_unwritable_boards_dir_is_said_once_and_the_game_goes_on(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file where the folder should be")
    boards = tmp_path / "taken" / "boards"
    database = await open_memory()
    try:
        out = io.StringIO()
        script = "alice: challenge @bob size=9 color=black\nbob: accept\nalice: E5\nbob: D4\n"
        console = Console(
            GameService(database), io.StringIO(script), out, interactive=False, boards_dir=boards
        )
        assert await console.run() == 0
    finally:
        await database.close()
    said = t("console.boards_unwritable", path=boards, reason="not a directory")
    lines = out.getvalue().splitlines()
    assert lines.count(f"[console] {said}") == 1
    assert "[bob] Move 2 · White D4 · Black (@alice) to play" in lines  # played on
    assert not any("Board image:" in line for line in lines)


def _take_the_terminal() -> None:
    """In the child: make its standard input, a pseudo-terminal, the controlling terminal, so
    that Ctrl-C typed on it sends SIGINT."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


@pytest.mark.parametrize("stop", ["SIGTERM", "SIGINT", "Ctrl-C"])
def test_the_interactive_console_stops_at_once(tmp_path: Path, stop: str) -> None:
    """``gobot run`` on a terminal waits for a line; SIGTERM, SIGINT and Ctrl-C typed on the
    terminal end it at once (no Enter needed), with status 0 and no traceback."""
    main, terminal = pty.openpty()
    errors = tmp_path / "stderr.txt"
    environment = {
        **{k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")},
        "DATABASE_URL": "memory:",
        "BOARDS_DIR": "",
        "PYTHONPATH": str(ROOT),
    }
    with errors.open("w") as stderr:
        child = subprocess.Popen(
            [sys.executable, "-m", "bot"],
            stdin=terminal,
            stdout=terminal,
            stderr=stderr,
            cwd=tmp_path,
            env=environment,
            start_new_session=True,
            preexec_fn=_take_the_terminal if stop == "Ctrl-C" else None,
        )
    os.close(terminal)
    screen: list[bytes] = []

    def read_screen() -> None:
        while True:
            try:
                data = os.read(main, 4096)
            except OSError:  # the child closed the terminal
                return
            if not data:
                return
            screen.append(data)

    def shown() -> str:
        return b"".join(screen).decode(errors="replace")

    reader = threading.Thread(target=read_screen, daemon=True)
    reader.start()
    try:
        wait_until(lambda: "alice> " in shown(), "the prompt")
        os.write(main, b"games\n")
        wait_until(lambda: "[alice] You have no games." in shown(), "the reply")
        assert child.poll() is None  # waiting for the next line
        if stop == "Ctrl-C":
            os.write(main, b"\x03")
        else:
            child.send_signal(getattr(signal, stop))
        assert child.wait(timeout=10) == 0, errors.read_text()  # it ends, without hanging
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(main)
        reader.join(timeout=5)
    log = errors.read_text()
    assert "Traceback" not in log, log
    name = "SIGTERM" if stop == "SIGTERM" else "SIGINT"
    assert f"{name}: shutting down" in log, log


@pytest.mark.parametrize("quit_line", ["quit", "exit", "alice: quit", "bob: EXIT"])
async def test_quit_ends_a_script_too(quit_line: str) -> None:
    """As on a terminal, ``quit`` (or ``exit``) ends the run: the lines after it are not read,
    and it is no "unknown command"."""
    out = await script_lines(["alice: games", quit_line, "alice: challenge @bob"])
    assert out == ["> alice: games", f"[alice] {t('games.none')}"]


class FakeReadline:
    """The part of :mod:`readline` the editor uses, in memory."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.length = -1

    def set_history_length(self, length: int) -> None:
        self.length = length

    def read_history_file(self, path: str) -> None:
        self.lines = Path(path).read_text().splitlines()

    def write_history_file(self, path: str) -> None:
        Path(path).write_text("".join(f"{line}\n" for line in self.lines[-self.length :]))


def test_the_history_is_read_and_written_through_the_real_readline(tmp_path: Path) -> None:
    readline = pytest.importorskip("readline")
    history = tmp_path / "state" / "gobot" / "console-history"
    readline.clear_history()
    editor = LineEditor(readline, history, length=3)
    editor.load()  # none yet: an empty history
    for line in ["challenge @bob", "as bob", "accept", "e5"]:
        readline.add_history(line)
    editor.save()
    assert history.read_text().splitlines() == ["as bob", "accept", "e5"]  # the last 3
    readline.clear_history()
    editor.load()
    kept = [
        readline.get_history_item(i) for i in range(1, readline.get_current_history_length() + 1)
    ]
    assert kept == ["as bob", "accept", "e5"]
    readline.clear_history()


def test_an_unwritable_history_loses_only_the_history(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file, not a folder")
    editor = LineEditor(FakeReadline(), tmp_path / "taken" / "console-history")  # type: ignore[arg-type]
    editor.load()
    editor.save()  # no error
    assert (tmp_path / "taken").read_text() == "a file, not a folder"


def test_without_readline_the_console_reads_plain_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "readline", None)  # `import readline` fails
    assert line_editor() is None
    assert history_path().name == "console-history"


async def test_an_editor_shows_the_prompt_and_keeps_the_history(tmp_path: Path) -> None:
    readline = FakeReadline()
    typed = iter(["games", "as bob", "games"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        line = next(typed, None)
        if line is None:
            raise EOFError  # Ctrl-D
        readline.lines.append(line)
        return line

    history = tmp_path / "console-history"
    editor = LineEditor(readline, history, read=read)  # type: ignore[arg-type]
    database = await open_memory()
    try:
        out = io.StringIO()
        console = Console(
            GameService(database), io.StringIO(), out, interactive=True, editor=editor
        )
        assert await console.run() == 0
    finally:
        await database.close()
    assert prompts == ["alice> ", "alice> ", "bob> ", "bob> "]
    assert "alice> " not in out.getvalue()  # the editor shows it, on the line it edits
    assert f"[bob] {t('games.none')}" in out.getvalue()
    assert history.read_text().splitlines() == ["games", "as bob", "games"]


def test_on_a_terminal_lines_are_edited_and_kept(tmp_path: Path) -> None:
    """Through a pseudo-terminal: the up arrow brings back the last command, the history is
    kept in the state directory, and Ctrl-C while a line is being edited leaves the terminal
    as it was (echo on)."""
    pytest.importorskip("readline")
    main, terminal = pty.openpty()
    errors = tmp_path / "stderr.txt"
    environment = {
        **{k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")},
        "DATABASE_URL": "memory:",
        "BOARDS_DIR": "",
        "PYTHONPATH": str(ROOT),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "TERM": "xterm",
    }
    with errors.open("w") as stderr:
        child = subprocess.Popen(
            [sys.executable, "-m", "bot"],
            stdin=terminal,
            stdout=terminal,
            stderr=stderr,
            cwd=tmp_path,
            env=environment,
            start_new_session=True,
            preexec_fn=_take_the_terminal,
        )
    screen: list[bytes] = []

    def read_screen() -> None:
        while True:
            try:
                data = os.read(main, 4096)
            except OSError:
                return
            if not data:
                return
            screen.append(data)

    def shown() -> str:
        return b"".join(screen).decode(errors="replace")

    reader = threading.Thread(target=read_screen, daemon=True)
    reader.start()
    none = f"[alice] {t('games.none')}"
    try:
        wait_until(lambda: "alice> " in shown(), "the prompt")
        os.write(main, b"games\r")
        wait_until(lambda: shown().count(none) == 1, "the reply")
        os.write(main, b"\x1b[A\r")  # the up arrow: `games` again
        wait_until(lambda: shown().count(none) == 2, "the reply to the line recalled")
        wait_until(lambda: shown().rstrip().endswith("alice>"), "the next prompt")
        os.write(main, b"\x03")
        assert child.wait(timeout=10) == 0, errors.read_text()
        assert termios.tcgetattr(terminal)[3] & termios.ECHO  # the terminal as it was
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(terminal)
        os.close(main)
        reader.join(timeout=5)
    assert "Traceback" not in errors.read_text()
    history = tmp_path / "state" / "gobot" / "console-history"
    assert history.read_text().splitlines() == ["games"]  # a repeated line is kept once


@pytest.mark.slow
def test_the_readme_command_plays_the_same_on_every_run(tmp_path: Path) -> None:
    """The example's own command (its header, copied in the README) runs on a database of its
    own: run twice with one user data directory, it plays the same game to the same end (not
    "You have several games" the second time)."""
    example = ROOT / "examples" / "console-game.txt"
    [command] = [
        line.removeprefix("#").strip()
        for line in example.read_text().splitlines()
        if "python -m bot <" in line
    ]
    assert command.startswith("DATABASE_URL=memory: ")
    environment = {
        **{k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")},
        "PYTHONPATH": str(ROOT),
        "XDG_DATA_HOME": str(tmp_path / "data"),  # the default database, if it were used
        "BOARDS_DIR": "",
    }
    environment.pop("DATABASE_URL", None)
    shell = command.replace("python ", f"{shlex.quote(sys.executable)} ", 1)
    runs = [
        subprocess.run(
            ["sh", "-c", shell],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=environment,
            timeout=120,
            check=False,
        )
        for _ in range(2)
    ]
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert "Game #1 is over: B+3.5" in run.stdout
    first, second = ([x for x in r.stdout.splitlines() if "DT[" not in x] for r in runs)
    assert first == second
    assert not (tmp_path / "data").exists()  # nothing was kept
