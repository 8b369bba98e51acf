"""What the explanation tests of every rulebook share: the JSON Schema of a ``why`` tree,
the checks every explained example must pass, and the checks that explanations stay out of
the analysis (asp/core/explain.lp: every explanation rule is guarded by ``explaining = 1``)."""

import copy
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
from pybridge.engine.solving import _grounded, ground
from pybridge.engine.symbols import fact, in_world

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# A fact's value: a number (a length in inches may have decimals), a name or identifier,
# or a list of them or of addends (an addend may say what it is: its note).
_SCALAR = {"type": ["number", "string", "boolean"]}
_VALUE = {"oneOf": [
    _SCALAR,
    {"type": "array", "items": _SCALAR},
    {"type": "array", "items": {"type": "object", "additionalProperties": False,
                                "required": ["name", "value"],
                                "properties": {"name": _SCALAR, "value": _SCALAR,
                                               "note": {"type": "string", "minLength": 1}}}},
]}
# A why list holds nodes and references {"ref": "N"} to the result's shared nodes (stated
# once: pybridge/engine/explain.py).
_DEFS = {
    "node": {
        "type": "object", "additionalProperties": False,
        "required": ["rule", "says", "facts", "why"],
        "properties": {
            "rule": {"type": "string", "minLength": 1},
            "says": {"type": "string", "minLength": 1, "not": {"pattern": "\\{[A-Za-z_]+\\}"}},
            "facts": {"type": "object", "additionalProperties": _VALUE},
            "why": {"type": "array", "items": {"$ref": "#/$defs/entry"}},
        }},
    "ref": {"type": "object", "additionalProperties": False, "required": ["ref"],
            "properties": {"ref": {"type": "string", "pattern": "^[1-9][0-9]*$"}}},
    "entry": {"oneOf": [{"$ref": "#/$defs/node"}, {"$ref": "#/$defs/ref"}]},
}
NODE = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$defs": _DEFS,
    "type": "array", "minItems": 1, "items": {"$ref": "#/$defs/entry"},
}
SHARED = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$defs": _DEFS,
    "type": "object", "minProperties": 1,
    "propertyNames": {"pattern": "^[1-9][0-9]*$"},
    "additionalProperties": {"$ref": "#/$defs/node"},
}


def _validator(schema):
    """A validator of the schema, the schema checked once here (``jsonschema.validate``
    checks it again on every call: most of an explanation test's time)."""
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


TREE = _validator(NODE)                 # a why tree
SHARED_NODES = _validator(SHARED)       # a result's shared nodes


def examples(rulebook):
    return sorted((EXAMPLES / rulebook).glob("*.yaml"))


def explained(state, edition=None):
    """The explained result of a state (a path, or a document: not changed), each why tree
    expanded (inlined)."""
    return inlined(pybridge.rule(copy.deepcopy(state), edition=edition, explain=True))


def references(why):
    """The numbers a tree refers to, in the order met (not into the shared nodes)."""
    for entry in why:
        if "ref" in entry:
            yield entry["ref"]
        else:
            yield from references(entry["why"])


def check_shared(result, schema=True):
    """The result's shared nodes: valid nodes (``schema``), numbered 1..n in the order a
    reader meets their first reference (depth first, rulings then alternatives, a shared
    node's reasons right after its first reference), each referred to, none missing."""
    shared = result.get("shared", {})
    if shared and schema:
        SHARED_NODES.validate(shared)
    met = []

    def walk(why):
        for entry in why:
            if "ref" in entry:
                assert entry["ref"] in shared, (entry, sorted(shared))
                if entry["ref"] not in met:
                    met.append(entry["ref"])
                    walk(shared[entry["ref"]]["why"])
            else:
                walk(entry["why"])
    for item in all_rulings(result):
        walk(item["why"])
    assert met == [str(i) for i in range(1, len(shared) + 1)], (met, sorted(shared))


def inlined(result):
    """The result with each ruling's why expanded (each reference replaced by the shared
    node it names: pybridge.engine.explain.expanded); its shared nodes checked first."""
    from pybridge.engine.explain import expanded
    check_shared(result, schema=False)
    shared = result.get("shared", {})
    def each(rulings):
        return [{**r, "why": expanded(r["why"], shared)} for r in rulings]
    out = {**result, "rulings": each(result["rulings"])}
    if "alternatives" in result:
        out["alternatives"] = [each(alt) for alt in result["alternatives"]]
    return out


def all_rulings(result):
    """The rulings of a result, those of each alternative reading included."""
    return list(result["rulings"]) + [r for alt in result.get("alternatives", ()) for r in alt]


def addends(facts, key):
    """A sum's (or a list's) addends in a node's facts, as (name, value) pairs."""
    return [(p["name"], p["value"]) for p in facts[key]]


def nodes(why):
    """Every node of a tree, depth first (an expanded tree: a reference is an error)."""
    for node in why:
        assert "ref" not in node, ("a reference: expand the tree first (inlined)", node)
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
    raw = pybridge.rule(path, explain=True)
    for item in all_rulings(raw):
        TREE.validate(item["why"])
    check_shared(raw)
    result = inlined(raw)
    book = get(result["rulebook"])
    in_force = set(book.encoding.editions[result["edition"]].rule_ids)
    for item in all_rulings(result):
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
    """A JSON result line with every ``why`` key (and the shared steps) taken out."""
    result = json.loads(line)
    for item in all_rulings(result):
        del item["why"]
    result.pop("shared", None)
    return json.dumps(result, ensure_ascii=False)


def says_statements(statements):
    """The statements whose head is an explanation atom (says, says_*)."""
    return [s for s in statements
            if s.ast_type == ast.ASTType.Rule and str(s.head).startswith("says")]


def says_lines(book):
    """How many rules of the rule files (asp/core included) start with a says atom, written
    as a statement or as an annotation (``%! says...``, pybridge/engine/annotations.py)."""
    return sum(1 for path in book.encoding.files
               for line in path.read_text(encoding="utf-8").splitlines()
               if re.match(r"(%!\s*)?says\w*\(", line))


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


# --- Sentences true of their state (issue 24 item 7): pieces any rulebook's check can use ---

def rendered(value):
    """How the bridge writes a value in a sentence (pybridge.engine.explain._text): a number in
    digits, a name as given."""
    return str(value)


def written_addend(part):
    """How the bridge writes an addend: "Brigand 3", or with what it is "Axe 5 (enhancement
    played on Brigand)" (its note)."""
    note = f" ({part['note']})" if "note" in part else ""
    return f"{rendered(part['name'])} {rendered(part['value'])}{note}"


def stated_sums(node):
    """Every sum a node's sentence states with its addends, as (total, [(name, value)]):
    a facts list of numeric addends written "T (a 1 + b 2)" in the sentence, T the number
    just before the parenthesis."""
    found = []
    for key, value in node["facts"].items():
        if not (isinstance(value, list) and value and isinstance(value[0], dict)):
            continue
        if not all(isinstance(p["value"], (int, float)) and not isinstance(p["value"], bool)
                   for p in value):
            continue
        written = " + ".join(written_addend(p) for p in value)
        marker = f" ({written})"
        at = node["says"].find(marker)
        if at < 0:
            continue
        before = node["says"][:at].rsplit(" ", 1)[-1]
        found.append((key, before, [(p["name"], p["value"]) for p in value]))
    return found


def check_sums(node):
    """Each stated sum equals the sum of its addends."""
    for key, total, parts in stated_sums(node):
        assert total.lstrip("-").isdigit(), (key, total, node["says"])
        assert int(total) == sum(v for _, v in parts), (key, total, parts, node["says"])


def fact_names(node, key):
    """The names a fact gives: a name, a list of names, or the names of a list of addends."""
    value = node["facts"].get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        return [value]
    return [v["name"] if isinstance(v, dict) else v for v in value]


def fact_parts(node, key):
    """A facts list of addends as a {name: value} dict (names are unique in a sum)."""
    parts = addends(node["facts"], key)
    assert len({n for n, _ in parts}) == len(parts), (key, parts)
    return dict(parts)


def check_roles(node, roles):
    """Every name a fact of the node gives has the role the fact's key says: ``roles`` maps
    a fact key to the set of names that may fill it (keys not in ``roles`` are not checked)."""
    for key, allowed in roles.items():
        for name in fact_names(node, key):
            assert name in allowed, (key, name, sorted(allowed, key=str), node["says"])


def check_lists_written(node, keys):
    """Each list of names among ``keys`` (the lists the node's sentences always write) is
    written in the sentence as the facts give it, ", "-joined, or "none" when empty; a sum's
    addends likewise. (The sentence and its facts agree.)"""
    for key in keys:
        value = node["facts"].get(key)
        if not isinstance(value, list):
            continue
        if value and isinstance(value[0], dict):
            joiner = " + " if all(isinstance(p["value"], (int, float)) for p in value) else ", "
            written = joiner.join(written_addend(p) for p in value)
        else:
            written = ", ".join(rendered(v) for v in value)
        assert (written or "none") in node["says"], (key, written, node["says"])
