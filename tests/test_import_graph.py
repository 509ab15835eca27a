"""The import graph: apps depend in one direction, the engine stands alone, private modules stay home.

Every import in the source is read (lazy ones inside functions too), so a cycle cannot hide behind
an import placed in a function body.
"""

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The parts of the code: Django apps, the shared helpers and the engine. The project's own modules
# (tutor/settings.py, urls.py, wsgi.py) put the apps together and are no part of the graph.
PARTS = (
    "engine",
    "lessons",
    "tutor.lib",
    "tutor.accounts",
    "tutor.privacy",
    "tutor.core",
    "tutor.deck",
    "tutor.practice",
    "tutor.progress",
    "tutor.classroom",
    "tutor.hands",
    "tutor.play",
    "tutor.live",
    "tutor.paper",
    "tutor.tables",
)


def _part_of(module: str) -> str | None:
    for part in sorted(PARTS, key=len, reverse=True):
        if module == part or module.startswith(part + "."):
            return part
    return None


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[str, list[str], int]]:
    """(module imported, names taken from it, line) for every import statement in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = _module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, [], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.append((base, [alias.name for alias in node.names], node.lineno))
    return found


def _sources():
    for top in ("engine", "lessons", "tutor"):
        yield from sorted((ROOT / top).rglob("*.py"))


def _graph():
    edges: dict[str, set[str]] = defaultdict(set)
    where: dict[tuple[str, str], str] = {}
    for path in _sources():
        source = _part_of(_module_name(path))
        if source is None:
            continue
        for module, _names, line in _imports(path):
            target = _part_of(module)
            if target is not None and target != source:
                edges[source].add(target)
                where.setdefault((source, target), f"{path.relative_to(ROOT)}:{line}")
    return edges, where


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_two_apps_import_each_other_even_lazily():
    edges, where = _graph()
    cycle = _cycle(edges)
    assert cycle is None, (
        " → ".join(cycle) + ": " + ", ".join(where[(a, b)] for a, b in zip(cycle, cycle[1:], strict=False))
    )


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}}) is None


def test_practice_and_the_shared_helpers_reach_no_app_above_them():
    edges, where = _graph()
    above = {"lessons", "tutor.progress", "tutor.classroom", "tutor.core"}
    assert not edges["tutor.practice"] & above, [
        where[("tutor.practice", p)] for p in edges["tutor.practice"] & above
    ]
    assert edges["tutor.lib"] <= {"engine"}, [
        where[("tutor.lib", p)] for p in edges["tutor.lib"] - {"engine"}
    ]


def test_the_engine_imports_no_django_and_nothing_of_the_site():
    offending = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for module, _names, line in _imports(path):
            top = module.split(".")[0]
            if top in ("django", "tutor", "lessons") or top.startswith("django_"):
                offending.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert offending == []


def test_no_app_imports_another_apps_private_module_or_name():
    offending = []
    for path in _sources():
        source = _part_of(_module_name(path))
        for module, names, line in _imports(path):
            target = _part_of(module)
            if target is None or target == source:
                continue
            private = [p for p in module.split(".") if p.startswith("_") and p != "__init__"]
            private += [n for n in names if n.startswith("_")]
            if private:
                offending.append(f"{path.relative_to(ROOT)}:{line} takes {', '.join(private)} from {module}")
    assert offending == []
