"""No import cycle among the service's modules (issue 24), TYPE_CHECKING imports included: each
module can be read, and changed, knowing only what it imports. The unit of work imports what it
needs to save a game (the deadline's arithmetic), never what follows a saved game; ratings and the
clock arithmetic take what they need as arguments or a small Protocol."""

from __future__ import annotations

import grimp


def cycles(package: str) -> list[tuple[str, ...]]:
    """One import cycle through each module import that closes one, as the module chain."""
    graph = grimp.build_graph(package)
    found = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                found.append((importer, *back))
    return found


def test_the_service_has_no_import_cycle() -> None:
    assert cycles("service") == []
