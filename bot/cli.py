"""The organiser's command line, ``gobot``: replay, score and render SGF files; run the bot.

The output formats of ``replay`` and ``score`` are stable interfaces (scripts parse them).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import math
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from engine.coords import InvalidVertex, Point, format_vertex, parse_vertex
from engine.counting import Count, count, dead_chains
from engine.errors import EngineError, IllegalMove
from engine.filling import plan_fill
from engine.game import Game, Phase
from records.sgf import MAX_KOMI, GameRecord, SetupNode, SgfError, load_sgf, shown

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


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


def score_game(game: Game, dead_text: str | None, estimate: bool, fill: bool, komi: float) -> Count:
    """Count the final position of ``game`` as ``gobot score`` does; raises ``ValueError``."""
    board = game.board
    dead: set[Point] = set()
    if estimate:
        from engine.estimate import estimate_dead

        dead |= estimate_dead(board)
    if dead_text:
        named = parse_points(dead_text, board.size)
        empty = [format_vertex(p) for p in named if board.get(p) is None]
        if empty:
            raise ValueError(f"--dead names stones, but {', '.join(empty)} is empty")
        dead |= dead_chains(board.size, dict(board.stones()), named)
    if fill:
        board = board.copy()
        for color, point in plan_fill(board, dead).stones:
            board.play(color, point)
    return count(board, dead, komi=komi)


def unfinished_warning(game: Game) -> str | None:
    """Why the final position of ``game`` looks unfinished when counted with no dead stones:
    stones the estimator would mark dead, fights it leaves open, real moves the fill leaves.
    None when it looks finished."""
    from engine.estimate import estimate

    board = game.board
    proposal = estimate(board)
    open_points = sorted(set(proposal.unsettled) | set(plan_fill(board).unsettled))
    parts = []
    if proposal.dead:
        parts.append(f"{len(proposal.dead)} stones look dead (--estimate marks them, --dead names)")
    if open_points:
        shown = " ".join(_natural(open_points)[:8]) + (" …" if len(open_points) > 8 else "")
        parts.append(f"play is still open near {shown}")
    if not parts:
        return None
    return "the position looks unfinished: " + "; ".join(parts)


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


def score_json(result: Count) -> dict[str, Any]:
    """The ``--json`` object (a stable interface)."""

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
    result = score_game(game, args.dead, args.estimate, args.fill_dame, komi)
    warning = None if args.dead or args.estimate else unfinished_warning(game)
    if warning:
        print(f"WARNING {args.file}: {warning}", file=sys.stderr)
    if args.json:
        print(json.dumps({**score_json(result), "recorded": record.result}))
    else:
        lines = _tally_lines(result)
        if record.result:
            same = "the same" if record.result == result.result.sgf else "not the same"
            recorded = shown(record.result, 200)  # the file's text: no terminal escapes
            lines.insert(3, f"Recorded result (RE): {recorded} — {same} as this count")
        print("\n".join(lines))
    return EXIT_OK


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


def add_dead_stone_options(parser: argparse.ArgumentParser, when: str = "") -> None:
    """``--dead``, ``--estimate`` and ``--fill-dame``, as ``score`` and ``render`` take them."""
    parser.add_argument(
        "--dead", metavar="D4,Q16,…", help=f"{when}stones whose whole chains are dead"
    )
    parser.add_argument(
        "--estimate",
        action="store_true",
        help=f"{when}mark dead stones with the bot's estimate (added to --dead)",
    )
    parser.add_argument(
        "--fill-dame",
        action="store_true",
        help=f"{when}fill neutral points by agreement first (commentary 9.2)",
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
        description="Count the end position of FILE.sgf under Art. 8 and 10 of the Japanese rules.",
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``gobot`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return EXIT_OK
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
