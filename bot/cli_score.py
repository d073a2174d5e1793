"""``gobot score``: count the end of an SGF record under the Japanese rules, with the dead stones
named, read from the record's territory marks, or proposed by the judges (``--estimate``); and the
counting helpers ``render --counting`` shares.

The output format of ``score`` (its text and ``--json``) is a stable interface (scripts parse it).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from bot.cli_args import EXIT_OK, EXIT_UNREADABLE
from bot.replay import ReplayError, file_failure, print_warnings, reason, replay_record
from engine.board import Board
from engine.colors import Color
from engine.coords import InvalidVertex, Point, format_vertex, parse_vertex
from engine.counting import Count, count, dead_chains
from engine.filling import plan_fill
from engine.game import Game
from records.sgf import GameRecord, SgfError, load_sgf, shown

if TYPE_CHECKING:  # the estimator and the engine are imported only when a command asks
    from engine.judging import Judgement
    from gtp.pool import Position

#: a region of empty points leans to a colour when that colour's stones bordering it are at
#: least this many times the other colour's (the cheap "looks dead" check of ``score``)
LEAN_RATIO = 2


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
    except (SgfError, ReplayError) as exc:
        return file_failure(args.file, exc)
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
