"""A Czech beginner's first five lessons on the console (issue 27): the script of
``examples/console-learn-cs.txt`` with right and wrong answers, run through the console's script
mode as a user runs it; every line of the output is Czech, every verdict is the one the
exercise's answer gets, and the walk ends at lesson 6."""

from __future__ import annotations

from pathlib import Path

from service.i18n import translate
from service.lessons import LESSONS
from tests.bot.languages import assert_speaks
from tests.bot.test_console import ROOT, run_script

SCRIPT = ROOT / "examples" / "console-learn-cs.txt"


def czech(key: str, **params: object) -> str:
    return str(translate("cs", key, **params))


def test_a_czech_beginner_walks_the_first_five_lessons(tmp_path: Path) -> None:
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    result = run_script(tmp_path, lines, DATABASE_URL="memory:")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    said = [line for line in out.splitlines() if line.strip()]
    assert_speaks("cs", said)
    for number in range(1, 7):  # every lesson's header, the sixth's last
        title = czech(f"learn.{LESSONS[number - 1].key}.title")
        assert czech("learn.lesson_header", n=number, total=len(LESSONS), title=title) in out
    wrong = czech("learn.try_again")
    assert out.count(wrong) == 7  # C5; B5, E5; B1; E4, F3; E5: each refuted, then right
    assert out.count(czech("learn.right", answer="D5")) == 1
    assert czech("learn.right_more", answer="C2", color=czech("color.white"), point="B1") in out
    assert czech("learn.right", answer="C1") in out
    assert "Traceback" not in result.stderr
