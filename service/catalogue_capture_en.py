"""The English texts of Capture Go (docs/capture-go.md: the first capture wins), merged into
:data:`service.catalogue_en.ENGLISH`."""

from __future__ import annotations

CAPTURE: dict[str, str] = {
    "help.option.mode": (
        "`capture`: Capture Go, the first capture wins (7×7 or 9×9, unrated); "
        "`go`: a normal game (the default)"
    ),
    "terms.capture": "Capture Go: the first capture wins",
    "caption.capture": "Capture Go",
    "capture.start": (
        "Capture Go: the first capture wins. Black plays first; two passes in a row end the "
        "game as a draw."
    ),
    "end.capture": "{color} ({name}) captured at {point} and wins.",
    "end.capture_draw": "Both players passed without a capture: the game is a draw.",
    "result.capture": "{winner} wins by capture",
    "games.won_capture": "you won by capture ({sgf})",
    "games.lost_capture": "you lost by capture ({sgf})",
    "outcome.win_capture": "win by capture ({sgf})",
    "outcome.loss_capture": "loss by capture ({sgf})",
    "error.capture_size": (
        "Capture Go is played on 7×7 or 9×9, not {size}×{size}: use {sizes} "
        "(7×7 when size is left out)."
    ),
    "error.capture_even": (
        "Capture Go is played without handicap or komi: leave out handicap= and komi=."
    ),
    "error.capture_rated": (
        "Capture Go games are never rated: the first capture decides them, not the score of a "
        "whole game. Leave out rated=yes, or play mode=go for a rated game."
    ),
    "error.capture_counting": (
        "Game #{id} is Capture Go: nothing is counted, so there are no dead stones, no marking, "
        "no estimate and no try. The first capture wins; two passes in a row draw."
    ),
}
