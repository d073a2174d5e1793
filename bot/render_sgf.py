"""``gobot render``'s work: an SGF position (or its count, or an animated replay) as an image.
Its command line is :mod:`bot.cli_render`."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from bot.cli_args import EXIT_OK, EXIT_UNREADABLE
from bot.cli_score import judge_game, score_game, warner
from bot.replay import (
    ReplayError,
    file_failure,
    print_warnings,
    reason,
    replay_record,
    replay_steps,
)
from bot.snapshots import snapshot
from engine.colors import Color
from engine.coords import InvalidVertex
from engine.game import Game
from records.sgf import GameRecord, SgfError, load_sgf
from renderer import Snapshot, render_animation, render_png
from service.views import board_view, tally

MIN_WIDTH, MAX_WIDTH = 200, 4000


def _names(record: GameRecord) -> dict[Color, str]:
    return {Color.BLACK: record.black_name or "Black", Color.WHITE: record.white_name or "White"}


def position_snapshot(game: Game, record: GameRecord, theme: str) -> Snapshot:
    """The picture of ``game`` as it stands, with the renderer's own footer."""
    snap = snapshot(board_view(game, _names(record), ""))
    return dataclasses.replace(snap, caption=None, theme=theme)  # type: ignore[arg-type]


def replay_snapshots(record: GameRecord, theme: str) -> list[Snapshot]:
    """One snapshot for the start, each move and each setup node of the main line, for the
    animated replay."""
    return [position_snapshot(game, record, theme) for game in replay_steps(record)]


def cmd_render(args: argparse.Namespace) -> int:
    if not args.output and not args.animate:
        print(
            "error: say where to write the image: -o OUT.png and/or --animate OUT.gif",
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    if not MIN_WIDTH <= args.size <= MAX_WIDTH:
        print(f"error: --size must be {MIN_WIDTH} to {MAX_WIDTH} pixels", file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        record = load_sgf(args.file)
        print_warnings(args.file, record)
        total = len(record.moves)
        if args.move is not None and not 0 <= args.move <= total:
            raise ValueError(f"--move must be 0 to {total} (the file has {total} moves)")
        game = replay_record(record, args.move)
        if args.output:
            if args.counting:
                judgement = (
                    judge_game(game, record, args, warner(args.file)) if args.estimate else None
                )
                counted = score_game(
                    game, args.dead, args.estimate, args.fill_dame, record.komi, judgement
                )
                unsettled = judgement.unsettled if judgement else ()
                view = board_view(game, _names(record), "", counted, unsettled=unsettled)
                if judgement and judgement.disputed:  # marked, and the tally depends on them
                    view = dataclasses.replace(
                        view,
                        disputed=frozenset((p.row, p.col) for p in judgement.disputed_stones),
                        tally=tally(counted, disputed=True),
                    )
                snap: Snapshot = snapshot(view)
                snap = dataclasses.replace(snap, caption=None, theme=args.theme)
            else:
                snap = position_snapshot(game, record, args.theme)
            Path(args.output).write_bytes(render_png(snap, args.size))
            print(f"wrote {args.output}")
        if args.animate:
            data = render_animation(replay_snapshots(record, args.theme))
            Path(args.animate).write_bytes(data)
            print(f"wrote {args.animate} ({len(data) // 1024} KiB)")
    except (SgfError, ReplayError) as exc:
        return file_failure(args.file, exc)
    except BrokenPipeError:  # the output's reader left (`| head`): main() ends quietly
        raise
    except (InvalidVertex, ValueError, OSError) as exc:
        print(f"error: {reason(exc)}", file=sys.stderr)
        return EXIT_UNREADABLE
    except Exception as exc:  # a bug of ours: one line, no traceback
        print(f"ERROR {args.file}: unexpected {type(exc).__name__}: {reason(exc)}", file=sys.stderr)
        return EXIT_UNREADABLE
    return EXIT_OK
