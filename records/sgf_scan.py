"""The main line of an SGF file in one pass: the fast way to what :func:`check_structure` and
sgfmill's parser give together, for the files they read without a complaint.

One regular expression cuts the whole file into tokens in C (sgfmill's own tokens: values,
identifiers with their lower-case letters dropped, ``;``, ``(`` and ``)``; anything else is one
"other" character), and one loop reads them. The main line is every node before the first ``)``:
a tree's nodes come before its variations, so until a variation closes, each ``(`` opens the
first child of the tree being read, which is the main line's next part. The loop builds property
maps for those nodes only, and checks the rest of the first game tree with sgfmill's grammar
and the rest of the file as :func:`records.sgf_check.check_structure` does.

Whenever the answer might differ from the slow path's, the scan gives up (``None``) and the
caller takes the slow path, which finds and words the error: an "other" character inside a tree,
a value outside one, unbalanced parentheses, a tree that does not start ``(;``, a grammar error,
a file over the node limits. So both paths read every file alike; ``tests/records`` compares
them on arbitrary and mutated bytes.
"""

from __future__ import annotations

import itertools
import re
import string

#: sgfmill's token expression, with one more alternative: any other single character
_TOKENS = re.compile(
    rb"""\s*(?:
        ;\s*([BW])\s*\[([a-z]{2})\]             # a node that starts with a move (3 tokens)
        | (\[ [^\\\]]* (?:\\.[^\\\]]*)* \])   # a value, with its brackets
        | ([A-Za-z]{1,64})                  # an identifier (lower case allowed, then dropped)
        | ([;()])                           # a delimiter
        | (.)                               # anything else
    )""",
    re.VERBOSE | re.DOTALL,
)
_LOWER = string.ascii_lowercase.encode()
#: property names as written (``b"AddBlack"``) and as sgfmill keys them (``"AB"``)
_KEYS: dict[bytes, str] = {b"B": "B", b"W": "W"}

PropertyMap = dict[str, list[bytes]]
#: a node with one move and no other property, as its colour and point are written
#: (``(b"B", b"pd")``), or any node as its property map
Node = tuple[bytes, bytes] | PropertyMap


def property_map(node: Node) -> PropertyMap:
    """The node's property map (a move-only node's made for it)."""
    if isinstance(node, tuple):
        return {node[0].decode("ascii"): [node[1]]}
    return node


def main_line(data: bytes, max_nodes: int, max_main: int) -> list[Node] | None:
    """The nodes of the first game tree's main line, or None when the slow path must
    decide (see the module docstring): also when the tree has more than ``max_nodes`` nodes or
    the main line more than ``max_main``."""
    # Tokens are read one at a time and the scan stops at the first it cannot be sure of: a
    # value that never closes is then looked for once (it runs to the end of the file), not
    # again from every '[' after it, so hostile input costs time in proportion to its length.
    tokens = map(re.Match.groups, _TOKENS.finditer(data))
    # Before the first tree: anything but a value or a stray bracket or ')'.
    for color, _, value, _, delim, other in tokens:
        if delim == b"(":
            break
        if color or value or delim == b")" or other in (b"[", b"]"):
            return None
    else:
        return None  # no game tree
    token = next(tokens, None)
    if token is None or not (token[0] or token[4] == b";"):
        return None  # sgfmill would start at a later "(;"
    main: list[Node] = []
    nodes = 0
    depth = 1
    in_main = True
    node: PropertyMap | None = None  # the node whose properties come next
    started = True  # a sequence is open (sgfmill's ``sequence is not None``)
    length = 0  # nodes in the open sequence
    while token is not None:
        color, point, value, ident, delim, other = token
        token = next(tokens, None)
        if color or delim == b";":
            if not started:
                return None  # a node outside a sequence
            nodes += 1
            length += 1
            if in_main:
                if len(main) >= max_main:
                    return None
                if color and (token is None or token[0] or token[4]):
                    main.append((color, point))  # a node with a move and nothing else
                    continue
                node = {}
                main.append(node)
            else:
                node = _ELSEWHERE
            if not color:
                continue
            ident, values = color, [point]  # the move, then any further values of it
        elif ident:
            if node is None:
                return None  # a property outside a node
            values = []
        elif delim:
            if started and not length:
                return None  # an empty sequence
            node = None
            if delim == b"(":
                depth += 1
                started, length = True, 0
                continue
            depth -= 1
            in_main = started = False
            if depth:
                continue
            break
        else:
            return None  # a value without a property, or a character sgfmill stops at
        while token is not None and token[2]:
            values.append(token[2][1:-1])
            token = next(tokens, None)
        if not values:
            return None  # a property with no value
        if in_main:
            assert node is not None
            key = _KEYS.get(ident)
            if key is None:
                key = ident.translate(None, _LOWER).decode("ascii")
                if len(_KEYS) < 1000:
                    _KEYS[ident] = key
            if key in node:
                node[key] += values
            else:
                node[key] = values
    else:
        return None  # the tree never closes
    if nodes > max_nodes:
        return None
    # After the first tree: what check_structure refuses anywhere in the file.
    depth = 0
    for color, _, value, _, delim, other in itertools.chain((token,) if token else (), tokens):
        if delim == b"(":
            depth += 1
        elif delim == b")":
            if not depth:
                return None
            depth -= 1
        elif ((color or value) and not depth) or (other and (depth or other in (b"[", b"]"))):
            return None
    return main if not depth else None


#: the node that properties outside the main line go to (they are checked, never kept)
_ELSEWHERE: PropertyMap = {}
