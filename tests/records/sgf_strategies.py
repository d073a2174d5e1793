"""Hypothesis strategies for SGF files: well-formed game trees of plausible and implausible
properties, then a few bytes mutated."""

from __future__ import annotations

from hypothesis import strategies as st

CHARSETS = ["UTF-8", "latin-1", "Shift_JIS", "rot13", "base64", "hex", "punycode", "idna"]
CHARSETS += ["UTF-16", "unicode_escape", "utf-7", "undefined", "zlib", "nonsense", ""]
POINTS = st.sampled_from(
    ["aa", "bb", "cc", "ee", "ab", "ba", "ii", "ss", "tt", "zz", "", "a", "aa:cc"]
)
VALUES = {
    "SZ": st.sampled_from(["1", "2", "3", "4", "5", "9", "19", "25", "26", "x", "9:9", "9:5", ""]),
    "KM": st.sampled_from(["6.5", "0", "-3", "6,5", "nan", "inf", "1e400", "x", ""]),
    "HA": st.sampled_from(["0", "1", "2", "9", "-1", "x", "99999999999999999999", ""]),
    "PL": st.sampled_from(["B", "W", "b", "white", "1", "", "X"]),
    "CA": st.sampled_from(CHARSETS),
    "PB": st.text(max_size=8).map(lambda t: t.replace("]", "").replace("\\", "")),
    "C": st.text(max_size=8).map(lambda t: t.replace("]", "").replace("\\", "")),
    "B": POINTS,
    "W": POINTS,
    "AB": POINTS,
    "AW": POINTS,
    "AE": POINTS,
}
PROPERTY = st.sampled_from(sorted(VALUES)).flatmap(
    lambda key: st.tuples(st.just(key), st.lists(VALUES[key], min_size=1, max_size=3))
)
NODE = st.lists(PROPERTY, max_size=4).map(
    lambda props: ";" + "".join(key + "".join(f"[{v}]" for v in values) for key, values in props)
)


@st.composite
def sgf_files(draw: st.DrawFn) -> bytes:
    """A well-formed game tree of plausible and implausible properties, then mutated bytes."""
    main = draw(st.lists(NODE, min_size=1, max_size=12))
    variation = draw(st.lists(NODE, max_size=3))
    text = "(" + "".join(main) + ("(" + "".join(variation) + ")" if variation else "") + ")"
    data = bytearray(text.encode(draw(st.sampled_from(["utf-8", "latin-1"])), "replace"))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        byte = draw(st.sampled_from(b"()[];\\:AWBE\xff\n "))
        if kind == "insert":
            data.insert(at, byte)
        elif at < len(data):
            if kind == "delete":
                del data[at]
            else:
                data[at] = byte
    return bytes(data)
