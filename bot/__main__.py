"""``python -m bot`` runs the bot (the console when no chat token is configured)."""

from __future__ import annotations

import sys

from bot.app import run

if __name__ == "__main__":
    code = run()
    try:
        if sys.stdout is not None:  # None when started with no standard output at all
            sys.stdout.flush()  # a closed pipe is found here, not by the interpreter at exit
    except BrokenPipeError:
        from bot.startup import output_closed

        code = output_closed()
    sys.exit(code)
