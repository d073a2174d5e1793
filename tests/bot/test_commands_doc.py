"""docs/commands.md is generated from the registry of commands (scripts/commands_doc.py, run by
``make docs``): the committed file is current, and it keeps the hand-written sections the code
and the tests cite."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from bot.grammar import COMMANDS

ROOT = Path(__file__).resolve().parents[2]


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("commands_doc", ROOT / "scripts/commands_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("commands_doc", module)
    spec.loader.exec_module(module)
    return module


def test_the_committed_commands_doc_is_current() -> None:
    rendered: str = _generator().render()
    committed = (ROOT / "docs/commands.md").read_text(encoding="utf-8")
    assert committed == rendered, "docs/commands.md is not current: run `make docs`"


def test_it_lists_every_command_and_the_cited_sections() -> None:
    text = (ROOT / "docs/commands.md").read_text(encoding="utf-8")
    for spec in COMMANDS:
        assert f"### `{spec.name}`" in text, spec.name
    assert "\n## Correspondence\n" in text
    assert "\n## `computer` (games against the computer)\n" in text
