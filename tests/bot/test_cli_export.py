"""``gobot export``: every exported game of a realistic season (:mod:`tests.bot.league_season`)
is valid SGF with its league, round, days and ranks, and ``gobot score`` on it reproduces its
``RE`` from the territory marks; ``--egd`` writes the season's EGD results file (golden lines);
bad input is one line and exit 2."""

from __future__ import annotations

import asyncio
import json
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sgfmill import sgf as sgfmill_sgf

import storage
from bot.cli import main
from bot.cli_score import MARKS_LINE
from engine.result import GameResult, ResultKind
from records.sgf import read_sgf
from tests.bot.league_season import Season, build_autumn, build_winter


async def build(url: str) -> None:
    database = await storage.open_database(url)
    try:
        season = Season(database)
        await build_winter(season)
        await build_autumn(season)
    finally:
        await database.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The two seasons in one SQLite database; its ``DATABASE_URL``."""
    url = f"sqlite:///{tmp_path_factory.mktemp('season') / 'games.db'}"
    asyncio.run(build(url))
    yield url


@pytest.fixture
def database(built: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", built)
    return built


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def exported(capsys: pytest.CaptureFixture[str], tmp_path: Path, league: str) -> list[Path]:
    """The league's SGF files, exported and unpacked."""
    archive = tmp_path / f"{league}.zip"
    code, _, err = run_cli(capsys, "export", league, "-o", str(archive))
    assert (code, err) == (0, "")
    folder = tmp_path / league
    with zipfile.ZipFile(archive) as opened:
        opened.extractall(folder)
    return sorted(folder.glob("game-*.sgf"), key=lambda p: int(p.stem.partition("-")[2]))


COUNTED = (ResultKind.SCORE, ResultKind.JIGO)


@pytest.mark.usefixtures("database")
def test_score_on_every_exported_game_reproduces_its_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seen: set[str] = set()
    for league in ("autumn", "winter"):
        for path in exported(capsys, tmp_path, league):
            data = path.read_bytes()
            sgfmill_sgf.Sgf_game.from_bytes(data)  # valid SGF for another reader too
            record = read_sgf(data)
            assert record.warnings == [] and record.event == league and record.round
            assert record.date and re.fullmatch(r"\d{4}-\d\d-\d\d(,\d\d)?", record.date)
            if record.result is None:  # the game still being played
                assert not record.territory
                seen.add("unfinished")
                continue
            result = GameResult.from_sgf(record.result)
            if result.kind not in COUNTED or b"adjudicated" in data:
                assert not record.territory, path.name  # resigned, adjudicated, void
                seen.add(result.kind.value)
                continue
            code, out, err = run_cli(capsys, "score", str(path), "--json")
            assert (code, err) == (0, ""), path.name
            scored = json.loads(out)
            assert scored["result"] == record.result == scored["recorded"], path.name
            assert scored["dead_from"] == "marks"
            seen |= {"dead"} if scored["dead"] else set()
            seen |= {"seki"} if scored["seki"] else set()
            seen |= {"handicap"} if record.handicap >= 2 else set()
            seen |= {"fill"} if record.setup_nodes else set()
            seen.add(result.kind.value)
    assert seen >= {"dead", "seki", "handicap", "fill", "jigo", "score", "resignation", "void"}
    assert "unfinished" in seen


@pytest.mark.usefixtures("database")
def test_score_says_the_dead_stones_came_from_the_marks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = exported(capsys, tmp_path, "autumn")[0]  # the jigo: three dead black stones
    code, out, _ = run_cli(capsys, "score", str(path))
    assert code == 0
    assert "Result: 0 — jigo (a draw)" in out and "Dead stones: H2 H5 H8" in out
    assert out.rstrip("\n").endswith(MARKS_LINE)
    code, out, _ = run_cli(capsys, "score", str(path), "--dead", "H2")  # the marks give way
    assert code == 0 and MARKS_LINE not in out and "Dead stones: H2\n" in out
    unmarked = tmp_path / "unmarked.sgf"
    unmarked.write_bytes(re.sub(rb"T[BW](\[[a-s]{2}\])+", b"", path.read_bytes()))
    code, out, _ = run_cli(capsys, "score", str(unmarked), "--json")
    assert "dead_from" not in json.loads(out)


@pytest.mark.usefixtures("database")
def test_records_carry_the_ranks_the_players_had_when_the_game_started(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    winter = [read_sgf(p.read_bytes()) for p in exported(capsys, tmp_path, "winter")]
    first = winter[0]  # the ratings were set by hand: no rated game before it
    assert (first.black_rank, first.white_rank) == (None, None)
    autumn = [read_sgf(p.read_bytes()) for p in exported(capsys, tmp_path, "autumn")]
    ranks = {r.black_rank for r in autumn} | {r.white_rank for r in autumn}
    assert None not in ranks and all(re.fullmatch(r"\d{1,2}[kd]\??", r or "") for r in ranks)


WINTER = """\
; CL[C]
; EV[winter]
; PC[CZ,Internet]
; DT[2026-11-01,2026-11-04]
; HA[h0]
; KM[6]
; TM[0]
; CM[none]
;
; Pl Name                  Rk Co Club
   1 dave                  4k CZ Brno       0+    4+/b3    2+/b3
   2 bob                   1k CZ Brno    4=/w0       0+    1-/w3
   3 carol                 2k CZ Brno    5+/b1       0-       0-
   4 alice                 1k CZ Brno    2=/b0    1-/w3       0-
   5 erin                  1k CZ Brno    3-/w1       0-       0-
"""

AUTUMN_HEADER = """\
; CL[C]
; EV[autumn]
; PC[,Internet]
; DT[2026-11-04,2026-11-11]
; HA[0]
; KM[6]
; TM[0]
; CM[none]
;
; Pl Name                  Rk Co Club
"""

AUTUMN_PLAYERS = """\
   1 bob                   1k XX xxxx    5=/b0    2-/w0       0+    3+/b0    4+/w0
   2 alice                 1k XX xxxx       0+    1+/b0    3-/w0       0-    5+/w0
   3 carol                 2k XX xxxx    4-/b0    5+/w0    2+/b0    1-/w0       0+
   4 dave                  4k XX xxxx    3+/w0       0+       0+       0-    1-/b0
   5 erin                  1k XX xxxx    1=/w0    3-/b0       0-       0+    2-/b0
"""


@pytest.mark.usefixtures("database")
def test_egd_of_a_swiss_league_with_a_bye_a_jigo_handicaps_and_a_withdrawal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Round 1: dave's bye (a free win), alice–bob a jigo, carol a rank above erin (no komi:
    handicap 1); erin withdraws (no game after); round 2 carol–bob adjudicated (bob's free win,
    carol's no game), dave takes three stones; round 3 carol–alice still being played."""
    code, out, err = run_cli(
        capsys, "export", "winter", "--egd", "-o", "-", "--country", "cz", "--club", "Brno"
    )
    assert code == 0 and out == WINTER
    assert err == "note: 1 game is not finished yet in winter: written as no game (0-)\n"


@pytest.mark.usefixtures("database")
def test_egd_of_a_round_robin_written_to_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Byes win (0+), the adjudicated game (dave–erin, round 3) and the void one (alice–dave,
    round 4) are no games; carol and dave share the third place and are written 3 and 4."""
    target = tmp_path / "autumn.h"
    code, out, err = run_cli(capsys, "export", "autumn", "--egd", "-o", str(target))
    assert (code, err) == (0, "")
    assert out == f"wrote {target}: 5 players, 5 rounds of autumn (EGD results)\n"
    text = target.read_text(encoding="utf-8")
    assert text == AUTUMN_HEADER + AUTUMN_PLAYERS
    code, out, _ = run_cli(capsys, "export", "autumn", "--egd", "-o", "-", "--class", "B")
    assert code == 0 and out == AUTUMN_HEADER.replace("CL[C]", "CL[B]") + AUTUMN_PLAYERS


@pytest.mark.usefixtures("database")
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("export", "spring", "--egd", "-o", "-"), "error: no league 'spring'"),
        (("export", "autumn", "--egd", "-o", "/nonexistent/dir/a.h"), "error: No such file"),
        (("export", "autumn", "-o", "-"), "error: a zip is not written to standard output"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert (code, out) == (2, "") and err.startswith(message) and err.count("\n") == 1


@pytest.mark.parametrize("option", [("--country", "CZE"), ("--club", "Brno1"), ("--club", "a;b")])
def test_bad_country_or_club_is_refused_by_the_parser(
    capsys: pytest.CaptureFixture[str], option: tuple[str, str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["export", "autumn", "--egd", "-o", "-", *option])
    assert exited.value.code == 2
    assert option[0] in capsys.readouterr().err
