"""The package's layers (issue 26, item 3): no import cycle anywhere in pybridge/; the layers
in order, each importing only those below it (documents, engine, books, catalogue; the
analysis and the command line on top, the analysis never importing the command line); no
rulebook module imports the analysis, and ruling a document (alone or in a batch) loads none
of it."""

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


# The modules left at the top of pybridge/: the package, its API, `python -m pybridge`, and
# three that every layer may import (they import no pybridge module): the error types, the
# memory cap (the rule command and the analysis children take it) and the stopping signals
# (the command line and the analysis's cluster).
TOP = {"pybridge", "pybridge.__main__", "pybridge.api"}
SHARED = {"pybridge.errors", "pybridge.limits", "pybridge.signals"}
# each layer: the layers (besides itself and SHARED) it may import
LAYERS = {
    "pybridge.documents": set(),
    "pybridge.engine": {"pybridge.documents"},
    "pybridge.books": {"pybridge.documents", "pybridge.engine"},
    "pybridge.catalogue": {"pybridge.documents", "pybridge.engine", "pybridge.books"},
}


# on top, beside the analysis and the command line: the output layer's pictures, reports and
# explorer (imported only by the commands that use them, and by api.draw when called)
ON_TOP = ("pybridge.analysis", "pybridge.cli", "pybridge.draw", "pybridge.report",
          "pybridge.serve")


def layer_of(module):
    return next((layer for layer in (*LAYERS, *ON_TOP)
                 if module == layer or module.startswith(layer + ".")), module)


def test_every_module_is_in_a_layer_or_one_of_the_few_at_the_top():
    graph = import_graph()
    outside = {m for m in graph if layer_of(m) == m}
    assert outside - {*LAYERS, *ON_TOP} == TOP | SHARED


def test_the_drawing_code_imports_no_analysis_and_no_command_line():
    graph = import_graph()
    offenders = {name: sorted(t for t in targets
                              if t.startswith(("pybridge.analysis", "pybridge.cli")))
                 for name, targets in graph.items() if name.startswith("pybridge.draw")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_shared_modules_import_no_pybridge_module():
    graph = import_graph()
    assert {m: sorted(graph[m]) for m in SHARED if graph[m]} == {}


def layer_offenders(graph):
    """{module: the modules it imports that its layer may not}."""
    offenders = {}
    for name, targets in graph.items():
        layer = layer_of(name)
        if layer not in LAYERS:
            continue
        allowed = {layer, *LAYERS[layer]}
        wrong = sorted(t for t in targets if t not in SHARED and layer_of(t) not in allowed)
        if wrong:
            offenders[name] = wrong
    return offenders


def test_each_layer_imports_only_the_layers_below_it():
    assert layer_offenders(import_graph()) == {}


def test_the_analysis_does_not_import_the_command_line():
    graph = import_graph()
    offenders = {name: sorted(t for t in targets if layer_of(t) == "pybridge.cli")
                 for name, targets in graph.items() if layer_of(name) == "pybridge.analysis"}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_layer_check_sees_a_wrong_import():
    assert layer_of("pybridge.books.chronopia.geometry") == "pybridge.books"
    graph = {"pybridge.documents.schema": {"pybridge.errors", "pybridge.engine.symbols"},
             "pybridge.engine.solving": {"pybridge.documents.fields", "pybridge.books"},
             "pybridge.books.hkk": {"pybridge.engine.symbols", "pybridge.books.base"},
             "pybridge.catalogue.lookup": {"pybridge.books", "pybridge.cli.render"}}
    assert layer_offenders(graph) == {"pybridge.documents.schema": ["pybridge.engine.symbols"],
                                      "pybridge.engine.solving": ["pybridge.books"],
                                      "pybridge.catalogue.lookup": ["pybridge.cli.render"]}


def test_the_program_cache_signs_the_code_files_that_are_there():
    """CODE names files beside program_cache.py: a move that left one behind would sign a
    file that is gone (or another of the same name)."""
    from pybridge.engine import encoding, program_cache, rewrite

    engine = PACKAGE / "engine"
    assert all(path.is_file() and path.parent == engine for path in program_cache.CODE)
    assert {Path(encoding.__file__), Path(rewrite.__file__)} <= set(program_cache.CODE)
