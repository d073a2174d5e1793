"""The project's own documents: the repository stands alone, and every citation of
docs/rules.md or docs/commands.md in the code and the tests points at something that is there.

Citations have these forms: ``docs/rules.md "Territory"`` or ``docs/rules.md, "Handicap and
komi"`` name a heading (of any level; the trailing part in brackets of a heading such as
"Territory (Art. 8)" may be left out), and ``docs/rules.md "Territory", "The agreed filling"``
names several; ``docs/rules.md step 4``, ``steps 3 and 5``, ``steps 1-6``
(also after a heading: ``docs/rules.md "Territory" step 4``) name steps of the territory
definition, the numbered list of the section "Territory (Art. 8)".
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import engine.counting
from engine.coords import COLUMNS
from tests.engine.diagrams import board_from

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
COMMANDS = ROOT / "docs" / "commands.md"

#: names of files outside the repository that nothing inside may cite (spelled in pieces, so
#: that this file does not mention them itself)
FOREIGN = tuple(
    name.encode()
    for name in ("RULES" + ".md", "PRODUCT" + ".md", "STYLE" + ".md", ".." + "/shared")
)
#: directories that are not the project's own files when git cannot list them
UNTRACKED_DIRS = frozenset({".git", ".venv", "node_modules", "__pycache__", "build", "dist"})

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_BRACKETS = re.compile(r"\s*\([^()]*\)$")
_CITED_HEADING = re.compile(
    r'docs/(rules|commands)\.md,?\s+\(?("[^"]+"(?:(?:,\s*|\s+and\s+)"[^"]+")*)'
)
_CITED_STEPS = re.compile(
    r'docs/rules\.md(?:,?\s+\(?"[^"]+"\)?)?,?\s+steps?\s+(\d+)(?:\s*(-|–|and)\s*(\d+))?'
)
_LIST_ITEM = re.compile(r"^(\d+)\.\s", re.MULTILINE)


def _tracked() -> list[Path]:
    """The repository's files: what git tracks, or (without git) every file outside the tool
    directories."""
    if shutil.which("git") and (ROOT / ".git").exists():
        listing = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout.decode()
        files = [ROOT / name for name in listing.split("\0") if name]
    else:
        files = [
            path
            for path in ROOT.rglob("*")
            if not UNTRACKED_DIRS & set(path.relative_to(ROOT).parts[:-1])
        ]
    return sorted(path for path in files if path.is_file())


def _sources() -> list[Path]:
    """The code, the tests and the documents that may cite docs/rules.md."""
    return [path for path in _tracked() if path.suffix in (".py", ".md")]


def _flat(text: str) -> str:
    """Text with line breaks, comment markers of wrapped comments and indentation folded into
    single spaces, so that a citation wrapped over two lines reads as one."""
    return " ".join(re.sub(r"\n\s*#", "\n", text).split())


def _sections(text: str) -> list[tuple[int, str, int]]:
    """Each heading of a Markdown text outside fenced blocks: (level, text, line index)."""
    out = []
    fenced = False
    for index, line in enumerate(text.splitlines()):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        match = None if fenced else _HEADING.match(line)
        if match:
            out.append((len(match.group(1)), match.group(2), index))
    return out


def _names(path: Path) -> set[str]:
    """What a citation may call each heading of ``path``: the heading as written, without its
    trailing part in brackets, and either of those without backticks."""
    names = set()
    for _, heading, _ in _sections(path.read_text(encoding="utf-8")):
        for name in (heading, _BRACKETS.sub("", heading)):
            names |= {name, name.replace("`", "")}
    return names


def _territory_steps() -> list[int]:
    """The numbers of the steps of the territory definition: the numbered list items in the
    section "Territory (Art. 8)" of docs/rules.md, down to the next heading of its level."""
    text = RULES.read_text(encoding="utf-8")
    lines = text.splitlines()
    sections = _sections(text)
    for at, (level, heading, start) in enumerate(sections):
        if _BRACKETS.sub("", heading) == "Territory":
            end = next((i for lv, _, i in sections[at + 1 :] if lv <= level), len(lines))
            return [int(n) for n in _LIST_ITEM.findall("\n".join(lines[start:end]))]
    raise AssertionError('docs/rules.md has no section "Territory"')


def _citations(pattern: re.Pattern[str]) -> list[tuple[str, re.Match[str]]]:
    """Every match of ``pattern`` in the code, the tests and the documents, with where it is."""
    out = []
    for path in _sources():
        text = _flat(path.read_text(encoding="utf-8", errors="replace"))
        out += [(str(path.relative_to(ROOT)), m) for m in pattern.finditer(text)]
    return out


def test_no_file_cites_documents_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {name.decode()}"
        for path in _tracked()
        for name in FOREIGN
        if name in path.read_bytes()
    ]
    assert found == []


def test_the_territory_steps_are_numbered_as_the_count_numbers_them() -> None:
    """docs/rules.md numbers the steps 1, 2, ... in order, and engine/counting.py (which says it
    follows them exactly) lists the same numbers."""
    steps = _territory_steps()
    assert steps == list(range(1, len(steps) + 1)) and len(steps) >= 5
    assert engine.counting.__doc__ is not None
    assert [int(n) for n in _LIST_ITEM.findall(engine.counting.__doc__)] == steps


def _cited_headings(document: str) -> list[tuple[str, str]]:
    """Every heading cited of ``document`` ("rules" or "commands"), with where it is cited."""
    return [
        (where, heading)
        for where, match in _citations(_CITED_HEADING)
        if match.group(1) == document
        for heading in re.findall(r'"([^"]+)"', match.group(2))
    ]


def test_every_cited_heading_of_the_rules_exists() -> None:
    names = _names(RULES)
    cited = _cited_headings("rules")
    assert len(cited) >= 10  # the pattern does find the citations
    assert [(where, heading) for where, heading in cited if heading not in names] == []


def test_every_cited_step_of_the_territory_definition_exists() -> None:
    steps = set(_territory_steps())
    cited = _citations(_CITED_STEPS)
    assert len(cited) >= 5
    wrong = []
    for where, m in cited:
        first = int(m.group(1))
        last = int(m.group(3)) if m.group(3) else first
        named = range(first, last + 1) if m.group(2) in ("-", "–") else {first, last}
        if first > last or not set(named) <= steps:
            wrong.append((where, m.group(0)))
    assert wrong == []


@pytest.mark.skipif(not COMMANDS.exists(), reason="docs/commands.md is not written yet")
def test_every_cited_heading_of_the_commands_exists() -> None:
    names = _names(COMMANDS)
    cited = _cited_headings("commands")
    assert [(where, heading) for where, heading in cited if heading not in names] == []


def _diagrams() -> list[str]:
    """The board diagrams of docs/rules.md: fenced text blocks whose last line is the column
    letters."""
    blocks = re.findall(r"```text\n(.*?)```", RULES.read_text(encoding="utf-8"), re.DOTALL)
    return [b for b in blocks if b.strip().splitlines()[-1].split()[:2] == ["A", "B"]]


@pytest.mark.parametrize("diagram", _diagrams())
def test_every_diagram_of_the_rules_is_a_legal_labelled_position(diagram: str) -> None:
    """Each diagram numbers its rows from the size down to 1, letters its columns as GTP does
    (no I), and is a legal position (every chain has a liberty)."""
    *rows, letters = diagram.strip().splitlines()
    size = len(rows)
    assert [int(row.split()[0]) for row in rows] == list(range(size, 0, -1))
    assert letters.split() == list(COLUMNS[:size])
    assert all(len(row.split()) == size + 1 for row in rows)
    assert board_from(diagram).size == size
