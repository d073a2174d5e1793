"""The images speak their reader's language (issue 10): a board's header, caption, counting tally
and legend, and the standings table, in Czech and Hungarian, with every letter drawn (ř, ů, ő, ű:
the font has each glyph, nothing is dropped). ``GOBOT_TEST_IMAGES=DIR`` keeps the PNGs to look
at."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from bot.snapshots import render_board, render_table, snapshot
from bot.words import board_in
from engine.coords import parse_vertex
from engine.counting import count
from engine.game import Game
from renderer.theme import font, has_glyph
from service import Actor, GameService
from service.commands import Configure, Dead, Pass, Play, Request
from service.i18n import translate
from service.views import BoardView, TableView, board_view, caption
from storage.memory import open_memory
from tests.service.conftest import start_game

CZECH = Actor("console:dvorak", "Dvořák_ůř")
HUNGARIAN = Actor("console:kovacs", "Kőműves_űő")


def keep(name: str, png: bytes) -> None:
    folder = os.environ.get("GOBOT_TEST_IMAGES")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / name).write_bytes(png)


def drawn(text: str) -> None:
    """Every character of ``text`` has a glyph in the images' fonts (no tofu, nothing left out)."""
    for bold in (True, False):
        missing = {ch for ch in text if not has_glyph(font(20, bold=bold), ch)}
        assert not missing, f"no glyph for {sorted(missing)} in {text!r}"


def count_board(language: str) -> BoardView:
    game = Game(9)
    for row in range(1, 10):  # two walls: Black's territory on the left, White's on the right
        for column in "DE":
            game.play(game.to_move, parse_vertex(f"{column}{row}", 9))
    names = {game.to_move: "@Dvořák_ůř", game.to_move.opponent: "@Kőműves_űő"}
    board = board_view(game, names, caption(game, 1, names, ""), count(game.board, komi=6.5))
    return board_in(board, language)


@pytest.mark.parametrize("language", ["cs", "hu"])
def test_a_counted_board_in_czech_and_hungarian(language: str) -> None:
    board = count_board(language)
    snap = snapshot(board)
    mover = translate(language, "color.white")
    assert snap.caption.startswith(
        translate(language, "caption.move", n=18, color=mover, point="E9")
    )
    assert board.tally is not None
    words = [text for _, text in snap.words] + [text for _, text in snap.legend]
    for text in (snap.caption, board.tally, snap.black_name, snap.white_name, *words):
        drawn(text)
    assert translate(language, "legend.black_territory") in words
    png = asyncio.run(render_board(board))
    assert png is not None and png.startswith(b"\x89PNG")
    keep(f"count-{language}.png", png)


@pytest.mark.parametrize("language", ["cs", "hu"])
def test_the_standings_table_in_czech_and_hungarian(language: str) -> None:
    headers = tuple(
        translate(language, key) for key in ("table.place", "table.player", "table.wins")
    )
    rows = (("1", "Dvořák Jiří ůř", "3"), ("2", "Kőműves Ődön űő", "2"))
    title = translate(language, "league.standings_header", name="Podzim ř", round=3, of=5)
    table = TableView(title, headers, rows, language=language)
    for text in (title, *headers, *(cell for row in rows for cell in row)):
        drawn(text)
    png = asyncio.run(render_table(table))
    assert png is not None and png.startswith(b"\x89PNG")
    keep(f"standings-{language}.png", png)


async def test_a_mixed_pair_each_gets_a_board_in_their_language() -> None:
    """A Czech and a Hungarian player: the reply's board speaks the mover's language, the
    opponent's copy (the console draws it for their notice) speaks theirs."""
    service = GameService(await open_memory())
    await service.execute(Configure({"language": "cs"}), Request(CZECH))
    await service.execute(Configure({"language": "hu", "theme": "dark"}), Request(HUNGARIAN))
    gid = await start_game(service, "size=9", black=CZECH, white=HUNGARIAN)
    for actor, point in ((CZECH, "D4"), (HUNGARIAN, "E5"), (CZECH, "pass")):
        command = Pass() if point == "pass" else Play(point)
        await service.execute(command, Request(actor, game=gid))
    view = await service.execute(Pass(), Request(HUNGARIAN, game=gid))
    view = await service.execute(Dead(("E5",)), Request(CZECH, game=gid))
    assert view.board is not None and view.board.language == "cs"
    by_reader = {n.player: n.language for n in view.notify}  # a marking goes to both
    assert by_reader == {CZECH.id: "cs", HUNGARIAN.id: "hu"}
    (notice,) = [n for n in view.notify if n.player == HUNGARIAN.id]
    theirs = board_in(view.board, notice.language, notice.theme)
    assert theirs.theme == "dark" and view.board.theme == "light"
    assert theirs.caption != view.board.caption and theirs.tally != view.board.tally
    for board, name in ((view.board, "mixed-cs.png"), (theirs, "mixed-hu.png")):
        png = await render_board(board)
        assert png is not None
        keep(name, png)
