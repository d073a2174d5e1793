"""``python -m bot`` runs the bot (the console when no chat token is configured)."""

from __future__ import annotations

import sys

from bot.app import run

if __name__ == "__main__":
    sys.exit(run())
