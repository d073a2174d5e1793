"""A structural pre-check of SGF text that names the line of the first problem.

sgfmill parses well-formed files well but reports broken ones without a position; players and
organisers need to know where to look.
"""

from __future__ import annotations


class SgfSyntaxError(ValueError):
    """Broken SGF structure at a known line."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}")


def check_structure(data: bytes) -> None:
    """Raise :class:`SgfSyntaxError` for unbalanced parentheses or brackets, text outside
    properties, or a file with no game tree."""
    line = 1
    depth = 0
    in_value = False
    escaped = False
    value_line = 0
    open_lines: list[int] = []
    seen_tree = False
    i = 0
    n = len(data)
    while i < n:
        ch = data[i]
        if ch == 0x0A:
            line += 1
        if in_value:
            if escaped:
                escaped = False
            elif ch == 0x5C:  # backslash
                escaped = True
            elif ch == 0x5D:  # ]
                in_value = False
            i += 1
            continue
        if ch == 0x28:  # (
            depth += 1
            seen_tree = True
            open_lines.append(line)
        elif ch == 0x29:  # )
            if depth == 0:
                raise SgfSyntaxError(line, "')' without a matching '('")
            depth -= 1
            open_lines.pop()
        elif ch == 0x5B:  # [
            if depth == 0:
                raise SgfSyntaxError(line, "a property value outside the game tree")
            in_value = True
            value_line = line
        elif ch == 0x5D:
            raise SgfSyntaxError(line, "']' without a matching '['")
        elif depth > 0 and not (chr(ch).isalpha() or chr(ch).isspace() or ch == 0x3B):
            raise SgfSyntaxError(line, f"unexpected character {chr(ch)!r} in the game tree")
        i += 1
    if in_value:
        raise SgfSyntaxError(value_line, "a property value '[' is never closed")
    if depth:
        raise SgfSyntaxError(open_lines[-1], "a '(' is never closed")
    if not seen_tree:
        raise SgfSyntaxError(1, "no SGF game tree found (a file starts with '(;')")
