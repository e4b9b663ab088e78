"""The tree reads as the pipeline: each stage imports only itself and the stages before it, no
module imports itself back through others, and no module grows past MAX_LINES (beyond the
agreed exceptions below, each with its reason). Opening an index never builds one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

KB = Path(__file__).resolve().parent.parent / "kb"
MAX_LINES = 300
# Modules allowed past MAX_LINES, and why.
LONGER = {
    "kb.cli": "one click command per CLI command, each a few library calls; splitting them over modules "
    "would hide the shape of the CLI",
}
# The pipeline, first stage first: a module may import its own stage and earlier ones.
STAGES = [
    {"kb", "kb.errors", "kb.records", "kb.text"},
    {"kb.learn"},
    {"kb.checks"},
    {"kb.ingest"},
    {"kb.index"},
    {"kb.search"},
    {"kb.export"},
    {"kb.web", "kb.cli", "kb.__main__", "kb.entry"},
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(KB.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(KB.rglob("*.py"))}


def top_level_imports(path: Path) -> set[str]:
    """The kb modules a module imports when it is imported (imports inside functions are made
    later, on use, and cannot close a cycle at import time)."""
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from package import submodule`` depends on the submodule, not on the package's
            # __init__ (already being imported when a sibling does this)
            submodules = [f"{node.module}.{alias.name}" for alias in node.names]
            names = [m for m in submodules if m in MODULES] or [node.module]
        found.update(name for name in names if name in MODULES)
    return found


def all_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kb"):
            found.update(n for n in [node.module, *(f"{node.module}.{a.name}" for a in node.names)] if n in MODULES)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in MODULES)
    return found


def stage(module: str) -> int:
    for number, names in enumerate(STAGES):
        if any(module == name or module.startswith(name + ".") for name in names - {"kb"}):
            return number
    return 0


def test_no_relative_imports_hide_a_dependency():
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            assert not (isinstance(node, ast.ImportFrom) and node.level), f"{name}: relative import"


def test_no_import_cycles():
    graph = {name: top_level_imports(path) - {name} for name, path in MODULES.items()}
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                cycle = path[path.index(other):] + [other] if other in path else [name, other]
                pytest.fail("import cycle: " + " → ".join(cycle))
            if other not in state:
                visit(other, [*path, other])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_stage_imports_only_earlier_stages(name):
    mine = stage(name)
    later = sorted(m for m in all_imports(MODULES[name]) if stage(m) > mine)
    assert not later, f"{name} (stage {mine}) imports later stages: {later}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_modules_are_small(name):
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES or name in LONGER, f"{name}: {lines} lines (at most {MAX_LINES})"


def test_exceptions_are_still_needed():
    for name in LONGER:
        assert len(MODULES[name].read_text(encoding="utf-8").splitlines()) > MAX_LINES, f"{name} is short now"


def test_opening_an_index_never_builds_one():
    """The read path (store, reader, search, web) never imports the build."""
    for name in ("kb.index.store", "kb.index.reader", "kb.search.run", "kb.web.app", "kb.web.live"):
        assert "kb.index.build" not in all_imports(MODULES[name]), name


def test_only_the_cli_imports_click():
    for name, path in MODULES.items():
        if name != "kb.cli":
            assert "click" not in {a.split(".")[0] for a in _third_party(path)}, name


def _third_party(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found
