"""The shape of the code: no import cycle inside any package of the project.

A cycle means two modules can be understood, tested and changed only together, and a split of
one module in two that still import each other is a split by line count, not by meaning. Imports
under ``if TYPE_CHECKING:`` and inside functions count too: they are the same dependency, only
hidden from the interpreter. (The contracts between packages are import-linter's, in
``pyproject.toml``.)
"""

from __future__ import annotations

import functools
import itertools

import grimp
import networkx as nx
import pytest

PACKAGES = ("club", "engine", "service", "storage", "renderer", "bot", "records", "gtp")

#: the cycles a failure lists per package (the shortest first)
SHOWN = 20

#: packages whose cycles are being removed by work in progress: their test must fail until
#: that work lands (a strict xfail, so the mark has to go when it does)
KNOWN: dict[str, str] = {}


@functools.cache
def _graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, exclude_type_checking_imports=False, cache_dir=None)


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def import_cycles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """The import cycles among the modules of ``package`` (each as the modules in import order,
    the first module repeated at the end), at most :data:`SHOWN`, shortest first."""
    imports = nx.DiGraph()
    for module in (m for m in graph.modules if _inside(m, package)):
        for imported in graph.find_modules_directly_imported_by(module):
            if _inside(imported, package) and imported != module:
                imports.add_edge(module, imported)
    found: list[list[str]] = []
    for component in nx.strongly_connected_components(imports):
        if len(component) > 1:
            cycles = nx.simple_cycles(imports.subgraph(component))
            found.extend(itertools.islice(cycles, SHOWN))
    found = sorted((_rotated(cycle) for cycle in found), key=lambda c: (len(c), c))[:SHOWN]
    return [[*cycle, cycle[0]] for cycle in found]


def _rotated(cycle: list[str]) -> list[str]:
    """``cycle`` started at its smallest module name (so a report is the same every run)."""
    start = cycle.index(min(cycle))
    return cycle[start:] + cycle[:start]


def _described(graph: grimp.ImportGraph, cycle: list[str]) -> str:
    """One cycle, each step with the line that imports."""
    steps = [cycle[0]]
    for importer, imported in itertools.pairwise(cycle):
        details = graph.get_import_details(importer=importer, imported=imported)
        where = "; ".join(f"line {d['line_number']}: {d['line_contents']}" for d in details)
        steps.append(f"  -> {imported}    ({importer} {where})")
    return "\n".join(steps)


@pytest.mark.parametrize(
    "package",
    [
        pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN[p])) if p in KNOWN else p
        for p in PACKAGES
    ],
)
def test_no_import_cycle_inside_the_package(package: str) -> None:
    graph = _graph()
    cycles = import_cycles(graph, package)
    assert not cycles, f"import cycles inside {package}:\n" + "\n\n".join(
        _described(graph, cycle) for cycle in cycles
    )


def test_the_cycle_finder_finds_and_shows_a_cycle() -> None:
    """The check itself, on a small graph: a cycle hidden among other imports is found and
    shown with its import lines; an import from outside the package is no cycle of it."""
    graph = grimp.ImportGraph()
    for importer, imported in [
        ("pkg.a", "pkg.b"),
        ("pkg.b", "pkg.c"),
        ("pkg.c", "pkg.a"),
        ("pkg.c", "pkg.d"),
        ("pkg.d", "other.x"),
        ("other.x", "pkg.d"),
    ]:
        graph.add_import(
            importer=importer,
            imported=imported,
            line_number=3,
            line_contents=f"import {imported}",
        )
    cycles = import_cycles(graph, "pkg")
    assert cycles == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]
    assert _described(graph, cycles[0]).splitlines() == [
        "pkg.a",
        "  -> pkg.b    (pkg.a line 3: import pkg.b)",
        "  -> pkg.c    (pkg.b line 3: import pkg.c)",
        "  -> pkg.a    (pkg.c line 3: import pkg.a)",
    ]
