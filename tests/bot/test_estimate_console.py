"""``estimate`` on the console, end to end: a script through the real grammar, service and
renderer; the asker gets the estimate and its image (a file of its own, never over the game's
images), a spectator may ask in an unrated game, and bad input gets its answer."""

from __future__ import annotations

from pathlib import Path

from service.i18n import plural, t
from tests.bot.test_try_console import run_console

# 5×5: Black's wall on C, White's on D, White's B3 dead inside Black's area (the README's game).
WALLS = ["C3", "D3", "C2", "D2", "C4", "D4", "C1", "D1", "C5", "D5", "pass", "B3"]


async def test_estimates_on_the_console(tmp_path: Path) -> None:
    script = ["alice: challenge @bob size=5 komi=2.5 color=black", "bob: accept"]
    for index, move in enumerate(WALLS):
        script.append(f"{'alice' if index % 2 == 0 else 'bob'}: {move}")
    script += [
        "carol: estimate",  # no game of hers
        "carol: estimate #1",  # a spectator of an unrated game
        "alice: estimate",
        "alice: estimate",  # within the minute
        "bob: resign yes",
        "bob: estimate #1",  # over
        "alice: help estimate",
    ]
    out, service = await run_console(script, tmp_path / "boards")
    try:
        assert f"[carol] {t('error.no_game')}" in out
        header = t("estimate.header", id=1, n=12)
        points = plural(3.5, "result.points")
        leads = t("estimate.leads", color=t("color.black"), name="@alice", points=points)
        for who in ("carol", "alice"):
            at = out.index(f"[{who}] {header}")
            assert out[at + 1] == f"[{who}] {leads}"
            assert out[at + 3] == f"[{who}] {t('estimate.dead', points='B3')}"
        boards = tmp_path / "boards"
        estimates = sorted(p.name for p in boards.iterdir() if "estimate" in p.name)
        assert estimates == ["game-1-move-012-estimate-1.png", "game-1-move-012-estimate-2.png"]
        said = t("console.image", path=boards / "game-1-move-012-estimate-2.png")
        assert f"[alice] {said}" in out
        assert (boards / "game-1-move-012.png").exists()  # the game's own image stays
        wait = [line for line in out if line.startswith("[alice] ") and "#1" in line]
        assert any(
            line == f"[alice] {t('error.estimate_wait', id=1, seconds=s)}"
            for line in wait
            for s in range(50, 61)
        )
        assert f"[bob] {t('error.estimate_finished', id=1, result='B+R')}" in out
        assert "[alice] Usage: estimate [#game]" in out
        buttons = [line for line in out if line.startswith("[alice] ") and "[g1:pass:" in line]
        assert buttons and all(f"{t('button.estimate')} [g1:estimate]" in b for b in buttons)
    finally:
        await service.context.database.close()
