"""``try`` (Art. 7.2) on the console, end to end: a script through the real grammar, service and
renderer; the sender gets the board and its image, the opponent the notice naming that image;
each try's image has a file of its own; the game stays as it was."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import Console
from service import GameService
from service.commands import Request, ShowBoard
from service.i18n import t
from storage.memory import open_memory
from tests.service.conftest import ALICE

# Black takes the ko at F5 (capturing E5), then both pass: the game stops with the ko open.
KO = ["D5", "E5", "E6", "F6", "E4", "F4", "B2", "G5", "F5"]


def stopped_ko_script() -> list[str]:
    lines = ["alice: challenge @bob size=9 color=black", "bob: accept", "alice: try D4"]
    for index, move in enumerate(KO):
        lines.append(f"{'alice' if index % 2 == 0 else 'bob'}: play {move}")
    return [*lines, "bob: pass", "alice: pass"]


async def run_console(script: list[str], boards: Path) -> tuple[list[str], GameService]:
    database = await open_memory()
    service = GameService(database)
    out = io.StringIO()
    stdin = io.StringIO("\n".join(script) + "\n")
    console = Console(service, stdin, out, interactive=False, boards_dir=boards)
    assert await console.run() == 0
    return out.getvalue().splitlines(), service


async def test_both_players_see_a_tried_sequence_and_the_game_stays(tmp_path: Path) -> None:
    script = [
        *stopped_ko_script(),  # with a try before the stop
        "bob: try E5 F5",  # Black retakes without passing for the ko: refused (Art. 7.2)
        "bob: try E5 pass A9 F5",
        "alice: try B E5",  # a second try: an image of its own too
        "alice: help try",
    ]
    out, service = await run_console(script, tmp_path / "boards")
    try:
        assert f"[alice] {t('error.try_not_stopped', id=1)}" in out
        why = t("try.why_ko", color="Black")
        refused = t("error.try_illegal", n=2, color="Black", point="F5", why=why)
        assert f"[bob] {refused}" in out

        ko_pass = t("try.ko_pass", point="F5")
        moves = " · ".join(
            t(f"sequence.{color}", n=n, move=move)
            for n, (color, move) in enumerate(
                (("white", "E5"), ("black", ko_pass), ("white", "A9"), ("black", "F5")), 1
            )
        )
        header = t("try.header", name="@bob", id=1, first="White", moves=moves)
        unchanged = t("try.unchanged", id=1, v=1)
        for who in ("bob", "alice"):  # the sender's reply and the opponent's notice
            assert f"[{who}] {header}" in out and f"[{who}] {unchanged}" in out
        at = out.index(f"[bob] {header}")
        shown = out[at : at + 20]
        assert "[bob]   5 . . . X . X O . ." in shown  # Black's F5 retook: E5 empty again
        assert "[bob]   9 O . . . . . . . ." in shown  # White's A9 of the sequence
        # the try's image has a name of its own: never the game's board of that move
        boards = tmp_path / "boards"
        image = boards / "game-1-move-011-try-1.png"
        said = t("console.image", path=image)
        assert f"[bob] {said}" in shown
        assert image.read_bytes().startswith(b"\x89PNG")
        notice = out.index(f"[alice] {header}")  # Alice's notice names the image too
        assert f"[alice] {said}" in out[notice : notice + 10]
        second = t("console.image", path=boards / "game-1-move-011-try-2.png")
        assert f"[alice] {second}" in out and f"[bob] {second}" in out
        count = boards / "game-1-move-011-count.png"
        assert count.exists() and count.read_bytes() != image.read_bytes()
        assert sorted(p.name for p in boards.iterdir() if "move-011" in p.name) == [
            "game-1-move-011-count.png",
            "game-1-move-011-try-1.png",
            "game-1-move-011-try-2.png",
        ]
        assert "[alice] Usage: try <moves> … [#game]" in out

        view = await service.execute(ShowBoard(), Request(ALICE, game=1))
        assert view.board is not None and view.board.version == 1
        assert (4, 5) in view.board.black and (8, 0) not in view.board.white
    finally:
        await service.context.database.close()
