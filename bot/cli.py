"""The organiser's command line, ``gobot``: replay, score and render SGF files; run the bot.

The output formats of ``replay`` and ``score`` are stable interfaces (scripts parse them).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import math
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from engine.board import Board
from engine.colors import Color
from engine.coords import InvalidVertex, Point, format_vertex, parse_vertex
from engine.counting import Count, count, dead_chains
from engine.errors import EngineError, IllegalMove
from engine.filling import plan_fill
from engine.game import Game, Phase
from records.sgf import MAX_KOMI, GameRecord, SetupNode, SgfError, load_sgf, shown

if TYPE_CHECKING:  # the estimator and the engine are imported only when a command asks
    from engine.judging import Judgement
    from gtp.pool import Position

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2
#: a region of empty points leans to a colour when that colour's stones bordering it are at
#: least this many times the other colour's (the cheap "looks dead" check of ``score``)
LEAN_RATIO = 2


class ReplayError(Exception):
    """An illegal move in a record: ``number`` counts moves from 1. For setup stones in the
    middle of the record, ``number`` is the move they follow and ``text`` is ``"setup"``."""

    def __init__(self, number: int, text: str, reason: str) -> None:
        self.number, self.text, self.reason = number, text, reason
        if text == "setup":
            where = f"after move {number}" if number else "at the start"
            super().__init__(f"setup stones {where}: {reason}")
        else:
            super().__init__(f"move {number} ({text}): {reason}")


def _set_up(game: Game, node: SetupNode) -> None:
    """Apply setup stones from the middle of a record. After the stop, stones added on empty
    points are the agreed fill of neutral points (the bot writes its ``filldame`` so): they replay
    as the engine's fill; any other setup changes the board without being a move."""
    stones = node.stones
    if game.phase is Phase.STOPPED and all(
        color is not None and game.board.get(point) is None for color, point in stones
    ):
        try:
            game.fill(tuple((color, point) for color, point in stones if color is not None))
            return
        except EngineError:
            pass  # not a fill after all (it would capture): set_up says why
    game.set_up(stones)


def replay_steps(record: GameRecord, upto: int | None = None) -> Iterator[Game]:
    """Replay the record's main line (the first ``upto`` moves, with the setup that follows the
    last of them), yielding the game after the start, each move and each setup node; raise
    :class:`ReplayError` only.

    A move after two passes resumes the game (Art. 9.3: the mover's opponent asked, so the mover
    moves first), as game servers record resumed games."""
    try:
        game = record.new_game()
    except EngineError as exc:
        raise ReplayError(0, "setup", str(exc) or type(exc).__name__) from None
    yield game
    moves = record.moves if upto is None else record.moves[: max(upto, 0)]
    setups = iter(record.setup_nodes)
    node = next(setups, None)
    for number in range(len(moves) + 1):
        while node is not None and node.after == number:
            try:
                _set_up(game, node)
            except EngineError as exc:
                raise ReplayError(number, "setup", str(exc) or type(exc).__name__) from None
            yield game
            node = next(setups, None)
        if number == len(moves):
            break
        move = moves[number]
        try:
            if game.phase is Phase.STOPPED:
                game.resume(move.color.opponent)
            game.play(move.color, move.point)
        except IllegalMove as exc:
            raise ReplayError(number + 1, move.text(), exc.reason.value) from None
        except EngineError as exc:
            raise ReplayError(number + 1, move.text(), str(exc) or type(exc).__name__) from None
        yield game


def replay_record(record: GameRecord, upto: int | None = None) -> Game:
    """Replay the record's main line (the first ``upto`` moves and the setup right after them);
    raise :class:`ReplayError` only. See :func:`replay_steps`."""
    steps = replay_steps(record, upto)
    game = next(steps)
    for _ in steps:  # the same game, one step further each time
        pass
    return game


def reason(exc: BaseException) -> str:
    """What went wrong, never empty, on one line."""
    text = shown(str(exc), 200)
    return text if text.strip() else type(exc).__name__


def print_warnings(path: str, record: GameRecord) -> None:
    """``WARNING FILE: text`` on standard error for what reading the file dropped or guessed."""
    for text in record.warnings:
        print(f"WARNING {path}: {text}", file=sys.stderr)


def cmd_replay(args: argparse.Namespace) -> int:
    legal = illegal = unreadable = 0
    for path in args.files:
        try:
            record = load_sgf(path)
            print_warnings(path, record)
            replay_record(record)
        except SgfError as exc:
            print(f"ERROR {path}: {reason(exc)}")
            unreadable += 1
            continue
        except ReplayError as exc:
            print(f"ILLEGAL {path}: {reason(exc)}")
            illegal += 1
            continue
        except Exception as exc:  # a bug of ours: still one line, and the batch goes on
            print(f"ERROR {path}: unexpected {type(exc).__name__}: {reason(exc)}")
            unreadable += 1
            continue
        print(f"OK {path} ({len(record.moves)} moves)")
        legal += 1
    print(f"{len(args.files)} files: {legal} legal, {illegal} illegal, {unreadable} unreadable")
    if unreadable:
        return EXIT_UNREADABLE
    return EXIT_ILLEGAL if illegal else EXIT_OK


def parse_points(text: str, size: int) -> list[Point]:
    """Parse ``D4,Q16`` (commas or spaces) into points; raises :class:`InvalidVertex`."""
    return [parse_vertex(part, size) for part in text.replace(",", " ").split()]


def _natural(points: Sequence[Point]) -> list[str]:
    return [format_vertex(p) for p in sorted(points, key=lambda p: (p.col, p.row))]


def score_game(
    game: Game,
    dead_text: str | None,
    estimate: bool,
    fill: bool,
    komi: float,
    judgement: Judgement | None = None,
    marked: frozenset[Point] = frozenset(),
) -> Count:
    """Count the final position of ``game`` as ``gobot score`` does; raises ``ValueError``.
    With ``estimate``, the stones ``judgement`` proposes dead are marked (by default the bot's own
    judgement alone, :func:`engine.judging.judge`), and ``dead_text`` adds to them; ``marked``
    are dead stones read from the record (:func:`marked_dead`)."""
    board = game.board
    dead: set[Point] = set(marked)
    if estimate:
        if judgement is None:
            from engine.judging import judge

            judgement = judge(board)
        dead |= judgement.dead
    if dead_text:
        dead |= named_dead(board, dead_text)
    if fill:
        board = board.copy()
        for color, point in plan_fill(board, dead).stones:
            board.play(color, point)
    return count(board, dead, komi=komi)


def marked_dead(board: Board, record: GameRecord) -> frozenset[Point]:
    """The dead stones the record's territory marks name: the stones standing on the other
    colour's ``TB``/``TW`` points of the last node, with their whole chains (SGF's convention for
    a counted game; the bot writes its final count so)."""
    stones = dict(board.stones())
    named = [
        point
        for color, points in record.territory.items()
        for point in points
        if stones.get(point) is color.opponent
    ]
    return frozenset(dead_chains(board.size, stones, named))


def named_dead(board: Board, dead_text: str) -> frozenset[Point]:
    """The whole chains ``--dead`` names; raises ``ValueError`` (or :class:`InvalidVertex`)."""
    named = parse_points(dead_text, board.size)
    empty = [format_vertex(p) for p in named if board.get(p) is None]
    if empty:
        raise ValueError(f"--dead names stones, but {', '.join(empty)} is empty")
    return frozenset(dead_chains(board.size, dict(board.stones()), named))


def judge_game(
    game: Game, record: GameRecord, args: argparse.Namespace, warn: Callable[[str], None]
) -> Judgement:
    """The dead stones proposed for the end of ``game`` by both judges: the bot's estimator and
    the GTP engine's ``final_status_list dead`` (``args.engine``, by default ``GOBOT_ENGINE`` or
    GNU Go; none with ``args.no_engine``), asked within ``args.engine_seconds`` (by default
    :func:`engine.judging.engine_budget`). An engine that fails or does not answer in time is
    said in one line through ``warn``, and the estimator judges alone."""
    from engine.judging import engine_budget, judge

    board = game.board
    if args.no_engine:
        return judge(board)
    from gtp.client import GtpError, default_command
    from gtp.judge import EngineTimeout, ask_dead_stones

    seconds = engine_budget(board.size) if args.engine_seconds is None else args.engine_seconds
    alone = "the bot's own judgement alone"
    try:
        command = args.engine or default_command()
        opinion = ask_dead_stones(command, engine_position(game, record), seconds)
    except EngineTimeout as exc:
        warn(f"the engine did not answer in {exc.seconds:g} s: {alone}")
        return judge(board)
    except GtpError as exc:
        warn(f"the engine failed ({reason(exc)}): {alone}")
        return judge(board)
    return judge(board, opinion.dead, engine=shown(opinion.name, 40))


def engine_position(game: Game, record: GameRecord) -> Position:
    """What the engine is told: the game's setup and moves (:meth:`gtp.pool.Position.of`), or
    the final stones alone when the record changes the board in the middle (setup stones that
    are no moves)."""
    from gtp.pool import Position

    if not record.setup_nodes:
        return Position.of(game)
    stones = tuple((color, point) for point, color in game.board.stones())
    return Position(game.size, game.komi, stones, ())


def looks_dead(board: Board) -> frozenset[Point]:
    """Stones standing in the opponent's territory-like regions, a cheap check (no reading,
    about a millisecond on 19x19): chains whose every liberty lies in a region of empty points
    that leans to the opponent (its bordering stones are at least :data:`LEAN_RATIO` times
    the chain's colour's). A hint for the "looks unfinished" warning, not a proposal: the
    estimator (``--estimate``) is the judge."""
    stones = dict(board.stones())
    region_of: dict[Point, int] = {}
    lean: list[Color | None] = []
    for start in (Point(r, c) for r in range(board.size) for c in range(board.size)):
        if start in stones or start in region_of:
            continue
        number = len(lean)
        border: dict[Color, set[Point]] = {Color.BLACK: set(), Color.WHITE: set()}
        region_of[start] = number
        todo = [start]
        while todo:
            for q in board.neighbours(todo.pop()):
                color = stones.get(q)
                if color is not None:
                    border[color].add(q)
                elif q not in region_of:
                    region_of[q] = number
                    todo.append(q)
        black, white = len(border[Color.BLACK]), len(border[Color.WHITE])
        if black and black >= LEAN_RATIO * white:
            lean.append(Color.BLACK)
        elif white and white >= LEAN_RATIO * black:
            lean.append(Color.WHITE)
        else:
            lean.append(None)
    out: set[Point] = set()
    for color, chain, liberties in board.chains():
        if liberties and all(lean[region_of[p]] is color.opponent for p in liberties):
            out |= chain
    return frozenset(out)


def unfinished_warning(game: Game) -> str | None:
    """Why the final position of ``game`` looks unfinished when counted with no dead stones:
    stones standing in the opponent's territory-like regions (:func:`looks_dead`), real moves
    the fill leaves once those are off. Cheap checks only (no estimator, no reading). None when
    it looks finished."""
    board = game.board
    dead = looks_dead(board)
    open_points = plan_fill(board, dead).unsettled
    parts = []
    if dead:
        parts.append(f"{len(dead)} stones look dead (--estimate marks them, --dead names)")
    if open_points:
        shown = " ".join(_natural(open_points)[:8]) + (" …" if len(open_points) > 8 else "")
        parts.append(f"play is still open near {shown}")
    if not parts:
        return None
    return "the position looks unfinished: " + "; ".join(parts)


def judgement_lines(judgement: Judgement) -> list[str]:
    """What ``score --estimate`` adds below the tally: who judged, the groups the judges
    disagree on, and where play is still open."""
    lines = [f"Judges: {', '.join(judgement.judges)}"]
    if judgement.disputed:
        groups = sorted(
            (_natural(group), "dead" if group[0] in judgement.dead else "alive")
            for group in judgement.disputed
        )
        named = "; ".join(f"{' '.join(names)} (counted {status})" for names, status in groups)
        lines.append(
            f"Disputed (the judges disagree): {named} — the result depends on them: check them, "
            "and name the dead stones with --dead instead of --estimate"
        )
    if judgement.unsettled:
        lines.append(
            f"Play is still open near {' '.join(_natural(judgement.unsettled))} — the count is "
            "not final: resume and play there, or name the dead stones with --dead"
        )
    return lines


def _tally_lines(result: Count) -> list[str]:
    b, w = result.black, result.white
    outcome = result.result
    if outcome.winner is None:
        words = "jigo (a draw)"
    else:
        words = f"{outcome.winner.name.title()} wins by {outcome.margin:g} points"
    lines = [
        f"Black: {b.territory} territory + {b.prisoners} prisoners = {b.score:g}",
        f"White: {w.territory} territory + {w.prisoners} prisoners + {w.komi:g} komi = {w.score:g}",
        f"Result: {outcome.sgf} — {words}",
    ]
    if result.dead:
        lines.append(f"Dead stones: {' '.join(_natural(result.dead))}")
    if result.seki:
        lines.append(f"Stones in seki: {' '.join(_natural(result.seki))}")
    if result.dame:
        lines.append(f"Dame (neutral points): {' '.join(_natural(result.dame))}")
    if result.voiding_dame:
        lines.append(
            "Open dame that void territory (Art. 8): "
            f"{' '.join(_natural(result.voiding_dame))} — resume and fill them, or use --fill-dame"
        )
    if result.connections:
        lines.append(
            "Chains in atari (Art. 8): connect at "
            f"{' '.join(_natural([p for p, _ in result.connections]))} — their groups' eye points "
            "count once the stone is added (--fill-dame adds it)"
        )
    return lines


def score_json(result: Count, judgement: Judgement | None = None) -> dict[str, Any]:
    """The ``--json`` object (a stable interface). ``unsettled``, ``disputed`` and ``judges``
    come from ``judgement`` (``--estimate``); without one they are empty lists."""

    def names(points: Sequence[Point]) -> list[str]:
        return sorted(format_vertex(p) for p in points)

    return {
        "result": result.result.sgf,
        "black": {
            "territory": result.black.territory,
            "prisoners": result.black.prisoners,
            "score": result.black.score,
        },
        "white": {
            "territory": result.white.territory,
            "prisoners": result.white.prisoners,
            "komi": result.white.komi,
            "score": result.white.score,
        },
        "dead": names(result.dead),
        "dame": names(result.dame),
        "seki": names(result.seki),
        "voiding_dame": names(result.voiding_dame),
        "connect": names([p for p, _ in result.connections]),
        "unsettled": names(judgement.unsettled) if judgement else [],
        "disputed": sorted(names(group) for group in judgement.disputed) if judgement else [],
        "judges": list(judgement.judges) if judgement else [],
    }


def cmd_score(args: argparse.Namespace) -> int:
    try:
        return _score(args)
    except SgfError as exc:
        print(f"ERROR {args.file}: {reason(exc)}", file=sys.stderr)
        return EXIT_UNREADABLE
    except ReplayError as exc:
        print(f"ILLEGAL {args.file}: {reason(exc)}", file=sys.stderr)
        return EXIT_ILLEGAL
    except BrokenPipeError:  # the output's reader left (`| head`): main() ends quietly
        raise
    except (InvalidVertex, ValueError) as exc:
        print(f"error: {reason(exc)}", file=sys.stderr)
        return EXIT_UNREADABLE
    except Exception as exc:  # a bug of ours: one line, no traceback
        print(f"ERROR {args.file}: unexpected {type(exc).__name__}: {reason(exc)}", file=sys.stderr)
        return EXIT_UNREADABLE


def _score(args: argparse.Namespace) -> int:
    """``score``'s work, all of it inside :func:`cmd_score`'s one-line error handling."""
    record = load_sgf(args.file)
    print_warnings(args.file, record)
    game = replay_record(record)
    komi = record.komi if args.komi is None else args.komi
    if args.dead:
        named_dead(game.board, args.dead)  # a mistake is said before the judges are asked
    judgement = judge_game(game, record, args, warner(args.file)) if args.estimate else None
    from_marks = bool(record.territory) and not (args.dead or args.estimate)
    marked = marked_dead(game.board, record) if from_marks else frozenset()
    result = score_game(game, args.dead, args.estimate, args.fill_dame, komi, judgement, marked)
    warning = None if args.dead or args.estimate or from_marks else unfinished_warning(game)
    if warning:
        print(f"WARNING {args.file}: {warning}", file=sys.stderr)
    if args.json:
        extra = {"dead_from": "marks"} if from_marks else {}
        print(json.dumps({**score_json(result, judgement), "recorded": record.result, **extra}))
    else:
        lines = _tally_lines(result)
        if record.result:
            same = "the same" if record.result == result.result.sgf else "not the same"
            recorded = shown(record.result, 200)  # the file's text: no terminal escapes
            lines.insert(3, f"Recorded result (RE): {recorded} — {same} as this count")
        if from_marks:
            lines.append(MARKS_LINE if marked else NO_MARKED_DEAD_LINE)
        if judgement:
            lines += judgement_lines(judgement)
        print("\n".join(lines))
    return EXIT_OK


MARKS_LINE = (
    "Dead stones from the record's territory marks (TB/TW): the stones on the other colour's "
    "marks — --dead or --estimate to judge them yourself"
)
NO_MARKED_DEAD_LINE = (
    "No dead stones in the record's territory marks (TB/TW) — --dead or --estimate to judge "
    "them yourself"
)


def warner(path: str) -> Callable[[str], None]:
    """Say ``WARNING path: text`` on standard error."""

    def warn(text: str) -> None:
        print(f"WARNING {path}: {text}", file=sys.stderr)

    return warn


def engine_command(text: str) -> list[str]:
    """``--engine``: a shell-style command line (else argparse says so in one line, exit 2)."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{shown(text)}: {exc}") from None
    if not words:
        raise argparse.ArgumentTypeError("an empty command")
    return words


def seconds_value(text: str) -> float:
    """``--engine-seconds``: a positive number of seconds, at most an hour."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a time: use 0.1 to 3600 seconds")
    return value


def komi_value(text: str) -> float:
    """``--komi``: a finite number of points within ±:data:`MAX_KOMI` (else argparse says so in
    one line and exits 2)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or abs(value) > MAX_KOMI:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is not a komi: use a number from -{MAX_KOMI} to {MAX_KOMI}"
        )
    return value


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


def add_dead_stone_options(parser: argparse.ArgumentParser, when: str = "") -> None:
    """``--dead``, ``--estimate`` (with ``--engine``, ``--no-engine``, ``--engine-seconds``)
    and ``--fill-dame``, as ``score`` and ``render`` take them."""
    parser.add_argument(
        "--dead", metavar="D4,Q16,…", help=f"{when}stones whose whole chains are dead"
    )
    parser.add_argument(
        "--estimate",
        action="store_true",
        help=f"{when}mark the dead stones that two judges propose, the bot's estimator and a "
        "GTP engine (added to --dead)",
    )
    parser.add_argument(
        "--fill-dame",
        action="store_true",
        help=f"{when}fill neutral points by agreement first (commentary 9.2)",
    )
    also = f"{when[:-2]} --estimate: " if when.endswith(": ") else "with --estimate: "
    engine = parser.add_mutually_exclusive_group()
    engine.add_argument(
        "--engine",
        type=engine_command,
        metavar="CMD",
        help=f"{also}the GTP engine asked for its dead stones too, a "
        "shell-style command line (default: GOBOT_ENGINE, else GNU Go)",
    )
    engine.add_argument(
        "--no-engine",
        action="store_true",
        help=f"{also}the bot's own judgement alone, no engine",
    )
    parser.add_argument(
        "--engine-seconds",
        type=seconds_value,
        metavar="S",
        help=f"{also}the engine's time budget in seconds (default 5 on 19x19, "
        "less on smaller boards); past it the bot judges alone",
    )


def package_version() -> str:
    """The installed version of the ``gobot`` package."""
    try:
        return importlib.metadata.version("gobot")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree, not installed
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    """The ``gobot`` parser; ``--help`` texts are generated from it."""
    parser = argparse.ArgumentParser(
        prog="gobot",
        description="A Go bot for Discord, Telegram and the console (Japanese Rules of Go, 1989), "
        "and tools for organisers.",
    )
    parser.add_argument("--version", action="version", version=f"gobot {package_version()}")
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
    replay.set_defaults(handler=cmd_replay)

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
    score.set_defaults(handler=cmd_score)

    from bot.cli_render import add_render_command

    add_render_command(commands)

    from bot.cli_club import add_club_commands

    add_club_commands(commands)

    from bot.health import add_health_command

    add_health_command(commands)

    from bot.invite import add_invite_command

    add_invite_command(commands)

    from bot.cli_ops import add_ops_commands

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
