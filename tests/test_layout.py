"""The package's layers (issue 26, item 3): no import cycle anywhere in pybridge/, no rulebook
module imports the analysis, and ruling a document (alone or in a batch) loads none of it."""

import ast
import graphlib
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pybridge"


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph():
    """{module: the pybridge modules it imports}, lazy imports inside functions included.
    ``from . import x`` is an import of the submodule x (not of the package itself)."""
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[:len(package.split(".")) - node.level + 1] \
                    if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                submodules = [f"{module}.{a.name}" for a in node.names
                              if f"{module}.{a.name}" in modules]
                targets.update(submodules or [module])
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def cycles(graph):
    """The modules of an import cycle, if there is one (graphlib finds it), else nothing."""
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as error:
        return [sorted(set(error.args[1]))]
    return []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_pybridge():
    assert cycles(import_graph()) == []


def test_no_rulebook_module_imports_the_analysis():
    graph = import_graph()
    offenders = {name: sorted(t for t in targets if t.startswith("pybridge.analysis"))
                 for name, targets in graph.items() if name.startswith("pybridge.books")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_ruling_documents_loads_no_analysis_module():
    examples = sorted(str(p) for p in (ROOT / "examples" / "redemption").glob("*.yaml"))
    code = ("import sys, pybridge\n"
            f"pybridge.rule({examples[0]!r})\n"
            f"list(pybridge.api.rule_all({examples!r}))\n"
            "print(sorted(m for m in sys.modules if m.startswith('pybridge.analysis')))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
