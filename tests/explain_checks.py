"""What the explanation tests of every rulebook share: the JSON Schema of a ``why`` tree,
the checks every explained example must pass, and the checks that explanations stay out of
the analysis (asp/core/explain.lp: every explanation rule is guarded by ``explaining = 1``)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
from click.testing import CliRunner
from clingo import ast

import pybridge
from pybridge.analysis.program import Analysis
from pybridge.books import get
from pybridge.cli.main import cli
from pybridge.solving import _grounded, ground
from pybridge.symbols import fact, in_world

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# A fact's value: a number, a name or identifier, or a list of them or of addends.
_SCALAR = {"type": ["integer", "string", "boolean"]}
_VALUE = {"oneOf": [
    _SCALAR,
    {"type": "array", "items": _SCALAR},
    {"type": "array", "items": {"type": "object", "additionalProperties": False,
                                "required": ["name", "value"],
                                "properties": {"name": _SCALAR, "value": _SCALAR}}},
]}
NODE = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$defs": {"node": {
        "type": "object", "additionalProperties": False,
        "required": ["rule", "says", "facts", "why"],
        "properties": {
            "rule": {"type": "string", "minLength": 1},
            "says": {"type": "string", "minLength": 1, "not": {"pattern": "\\{[A-Za-z_]+\\}"}},
            "facts": {"type": "object", "additionalProperties": _VALUE},
            "why": {"type": "array", "items": {"$ref": "#/$defs/node"}},
        }}},
    "type": "array", "minItems": 1, "items": {"$ref": "#/$defs/node"},
}


def examples(rulebook):
    return sorted((EXAMPLES / rulebook).glob("*.yaml"))


def explained(path):
    return pybridge.rule(path, explain=True)


def all_rulings(result):
    """The rulings of a result, those of each alternative reading included."""
    return list(result["rulings"]) + [r for alt in result.get("alternatives", ()) for r in alt]


def nodes(why):
    """Every node of a tree, depth first."""
    for node in why:
        yield node
        yield from nodes(node["why"])


def sentences(why):
    return [node["says"] for node in nodes(why)]


def ruling(result, kind, **fields):
    found = [r for r in all_rulings(result)
             if r["kind"] == kind and all(r[k] == v for k, v in fields.items())]
    assert len(found) == 1, (kind, fields, all_rulings(result))
    return found[0]


def node(why, rule, *fragments):
    """The one node of rule ``rule`` whose sentence holds every fragment."""
    found = [n for n in nodes(why) if n["rule"] == rule and all(f in n["says"] for f in fragments)]
    assert found, (rule, fragments, sentences(why))
    return found[0]


def check_example(path):
    """Every ruling has a why tree that validates, cites each of its rule IDs somewhere in
    it, and names only rules in force in the state's edition."""
    result = explained(path)
    book = get(result["rulebook"])
    in_force = set(book.encoding.editions[result["edition"]].rule_ids)
    for item in all_rulings(result):
        jsonschema.validate(item["why"], NODE)
        rules = {n["rule"] for n in nodes(item["why"])}
        assert set(item["because"]) <= rules, (item, rules)
        assert rules <= in_force, (item, rules - in_force)


def cli_output(*args):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def process_output(*args, seed):
    """The CLI run in a fresh process with its own hash seed (nothing may depend on it)."""
    root = EXAMPLES.parent
    env = {**os.environ, "PYTHONHASHSEED": str(seed),
           "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "pybridge", *args], cwd=root, env=env,
                          capture_output=True, check=True)
    return done.stdout


def check_deterministic(rulebook):
    """--explain gives byte-identical output in two processes (different hash seeds)."""
    paths = [str(p) for p in examples(rulebook)]
    for fmt in ("json", "text"):
        args = ("rule", "--explain", "--format", fmt, *paths)
        assert process_output(*args, seed=1) == process_output(*args, seed=2)


def without_why(line):
    """A JSON result line with every ``why`` key taken out."""
    result = json.loads(line)
    for item in all_rulings(result):
        del item["why"]
    return json.dumps(result, ensure_ascii=False)


def says_statements(statements):
    """The statements whose head is an explanation atom (says, says_*)."""
    return [s for s in statements
            if s.ast_type == ast.ASTType.Rule and str(s.head).startswith("says")]


def says_lines(book):
    """How many rules of the rule files (asp/core included) start with a says atom."""
    return sum(1 for path in book.encoding.files
               for line in path.read_text(encoding="utf-8").splitlines()
               if re.match(r"says\w*\(", line))


def guarded(statement):
    """Whether a rule's body holds the comparison ``explaining = 1``."""
    for literal in statement.body:
        atom = getattr(literal, "atom", None)
        if atom is not None and atom.ast_type == ast.ASTType.Comparison \
                and str(atom).replace(" ", "") == "explaining=1":
            return True
    return False


def example_facts(book):
    facts = []
    for path in examples(book.name):
        facts.extend(book.facts(book.validate(pybridge.load(path))))
    return facts


def says_atoms(control):
    return [a.symbol for a in control.symbolic_atoms if a.symbol.name.startswith("says")]


def check_analysis_unchanged(rulebook):
    """Every explanation rule of the rule files is guarded by ``explaining = 1``; the
    programs of every other question hold none of them (rule mode, check, enumerate, diff:
    the world-indexed encoding, with and without theory atoms), and grounding them gives no
    says atom, while the explaining program does."""
    book = get(rulebook)
    encoding = book.encoding
    explaining = says_statements(encoding.with_explanations)
    assert explaining, "the rulebook has no explanation rules"
    assert len(explaining) == says_lines(book)
    assert all(guarded(s) for s in explaining), [str(s) for s in explaining if not guarded(s)]
    analysis = Analysis(book)
    for statements in (encoding.parsed, encoding.statements, encoding.fixed_statements,
                       analysis.encoding, analysis.open_encoding):
        assert says_statements(statements) == []
    facts = example_facts(book)
    assert says_atoms(ground(encoding, facts)) == []
    edition = set(encoding.editions[book.default_edition].rule_ids)
    assert says_atoms(ground(encoding, facts, edition)) == []
    assert says_atoms(ground(encoding, facts, edition, explaining=True))
    with in_world(1):
        world_facts = example_facts(book)
    control = _grounded(analysis.encoding, [fact("world", 1), *world_facts], encoding.rule_ids,
                        None)
    assert says_atoms(control) == []


def check_readme_shows(example):
    """The README's ``$ rulings rule --explain EXAMPLE`` block is what the command prints."""
    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    command = f"$ rulings rule --explain {example}\n"
    assert command in readme, command
    block = readme.split(command, 1)[1].split("```", 1)[0]
    assert cli_output("rule", "--explain", "--format", "text",
                      str(EXAMPLES.parent / example)) == block
