"""Text in SGF files: the charset a file's ``CA`` names (or the one to guess without it), and
values made safe to quote in a one-line message."""

from __future__ import annotations

import codecs
import functools
from collections.abc import Callable


def shown(text: str | bytes, limit: int = 40) -> str:
    """``text`` safe to print in one line of a message: control characters replaced, cut to
    ``limit`` characters.

    >>> shown(b"Bob\\x1b[2J"), shown("x" * 50, 10)
    ('Bob?[2J', 'xxxxxxxxx…')
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    clean = "".join(c if c.isprintable() else "?" for c in text[: limit + 1])
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


_PROBE = bytes(range(0x20, 0x7F)) + b"\t\r\n\\n\\u0041"
_UNUSABLE = frozenset({"idna", "punycode", "undefined", "utf-7", "unicode-escape"})


@functools.lru_cache(maxsize=64)
def text_codec(name: str) -> str | None:
    """The Python codec for an SGF ``CA`` value, or None when there is no text encoding of that
    name that keeps SGF's ASCII syntax (brackets, backslashes) as it is.

    >>> text_codec("Shift_JIS"), text_codec("utf8"), text_codec("rot13"), text_codec("UTF-16")
    ('shift_jis', 'utf-8', None, None)
    """
    try:
        info = codecs.lookup(name)
        if info.name in _UNUSABLE or "unicode" in info.name:
            return None
        # bytes.decode refuses a codec that is no text encoding (rot13, base64): LookupError
        if _PROBE.decode(info.name) != _PROBE.decode("ascii"):
            return None
        bytes(range(0x80, 0x100)).decode(info.name, "replace")
    except Exception:  # any codec's failure means the same: not usable here
        return None
    return info.name


def file_codec(data: bytes, ca: bytes | None, warn: Callable[[str], None]) -> tuple[str, str]:
    """The codec for the file's text values and how to name it in warnings."""
    if ca is None:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return "iso8859-1", "ISO-8859-1 (no CA)"
        return "utf-8", "UTF-8 (no CA)"
    name = ca.decode("ascii", "replace").strip()
    codec = text_codec(name) if 0 < len(name) <= 40 else None
    if codec is None:
        warn(f"CA[{shown(name)}] is not a text encoding this reader can use; read as UTF-8")
        return "utf-8", "UTF-8"
    return codec, f"CA[{shown(name)}]"
