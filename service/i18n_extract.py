"""Babel's extractor for the catalogue modules (``babel.cfg`` names them).

A catalogue module holds dictionaries from message ids to English texts (or to ``(singular,
plural)`` for a count). Each entry becomes a gettext message whose context (``msgctxt``) is the id
and whose ``msgid`` is the English text, so ``pybabel extract -F babel.cfg`` writes a template that
translators read in English. The placeholders of the text are noted for the translator.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

KEY = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$")
PLACEHOLDER = re.compile(r"{(\w+)[^{}]*}")

Extracted = tuple[int, str, str | tuple[str, ...], list[str]]


def _text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def entries(source: str) -> Iterator[tuple[int, str, str | tuple[str, str]]]:
    """``(line, key, text)`` for each catalogue entry in a module's source, in order."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Dict):
            continue
        for key_node, value in zip(node.keys, node.values, strict=True):
            key = _text(key_node) if key_node is not None else None
            if key is None or not KEY.match(key):
                continue
            if (text := _text(value)) is not None:
                yield value.lineno, key, text
            elif isinstance(value, ast.Tuple) and len(value.elts) == 2:
                one, many = (_text(e) for e in value.elts)
                if one is not None and many is not None:
                    yield value.lineno, key, (one, many)


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """Babel's extraction method: ``pgettext``/``npgettext`` messages keyed by their id."""
    del keywords, comment_tags  # the entries say everything
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    found = sorted(entries(source))
    for line, key, text in found:
        names = sorted(set(PLACEHOLDER.findall(text if isinstance(text, str) else text[1])))
        comments = [f"placeholders: {', '.join('{' + n + '}' for n in names)}"] if names else []
        if isinstance(text, tuple):
            yield line, "npgettext", (key, text[0], text[1]), comments
        else:
            yield line, "pgettext", (key, text), comments
