"""The encoding's conventions (docs/architecture.md): guards, citations, layout, test coverage."""

import ast
import re
from pathlib import Path

import clingo
import pytest

import pybridge
from pybridge.books import RULEBOOKS, get
from pybridge.engine.encoding import asp_root
from pybridge.engine.solving import ground

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

# The digest's IDs, in the order of the source (../shared/rules/redemption.md), then the
# rules that only alternative editions put in force.
DIGEST = {
    "redemption": ["RED-IMM-1", "RED-IMM-2", "RED-IMM-3", "RED-IMM-4", "RED-IMM-5", "RED-IMM-6",
                   "RED-BAT-0", "RED-BAT-1", "RED-BAT-2", "RED-INT-1", "RED-INT-2", "RED-INT-3"],
}
DIGEST["hkk"] = ["HKK-132.0", "HKK-132.1", "HKK-132.2", "HKK-132.2-K", "HKK-132.3", "HKK-132.4",
                 "HKK-132.5", "HKK-132.5.1", "HKK-132.5.1-K", "HKK-132.6", "HKK-132.7",
                 "HKK-132.8", "HKK-132.9", "HKK-132.10", "HKK-132.11", "HKK-132.12",
                 "HKK-132.13", "HKK-132.14", "HKK-132.14-K1", "HKK-132.14-K2", "HKK-132.16"]
DIGEST["b5"] = ["B.5.1", "B.5.2.1", "B.5.2.2", "B.5.2.3", "B.5.2.4", "B.5.2.5", "B.5.2.6",
                "B.5.2.7", "B.5.2.8", "T4-1", "T4-2", "T4-3", "T4-4", "T4-5", "T4-6", "T4-7",
                "T4-8", "T4-9", "T4-10", "T4-11", "B5-INT-1", "B5-INT-2", "B5-INT-3",
                "B5-INT-4"]
DIGEST["chronopia"] = [
    "C36-RATE", "C36-ARC", "C36-LOS-HIDDEN", "C36-LOS-MODELS", "C36-LOS-WALL", "C36-LOS-WOOD", "C36-DEAD",
    "C36-PRI-A", "C36-PRI-B", "C36-PRI-C", "C36-PRI-D", "C36-PRI-E", "C36-PRI-F", "C36-MOUNT",
    "C36-FLY", "C36-HIT", "C36-RANGE", "C36-COVER", "C36-CRIT", "C36-FUMBLE", "C36-MELEE",
    "C36-CORRIDOR", "C36-SAVE", "C37-TARGET", "C37-CAST", "C37-RESIST", "C37-PRE",
    "C37-SUMMON", "C37-CONTROL", "C37-RAMPAGE", "C38-TEST", "C38-PANIC", "C38-FEAR", "C38-TERROR",
    "C38-HORROR", "C38-HORROR-TABLE", "C38-IMM-FEAR", "C38-IMM-TERROR", "C38-IMM-HORROR",
    "C-INT-1", "C-INT-2", "C-INT-3"]
ALTERNATIVE = {"redemption": ["RED-BAT-1-NEG"], "hkk": ["HKK-132.6-I", "HKK-132.8-I"],
               "b5": ["T4-7-ORIG"], "chronopia": ["C36-CRIT-EXACT"]}
# An alternative rule the source itself states sits beside the rule it replaces (T.4's line
# "We sind immun gegen (kd) [alt: (bt)]"); the others follow the digest.
AFTER = {"T4-7-ORIG": "T4-7"}


def catalogue_order(name):
    order = list(DIGEST[name])
    for rule_id in ALTERNATIVE[name]:
        if rule_id in AFTER:
            order.insert(order.index(AFTER[rule_id]) + 1, rule_id)
        else:
            order.append(rule_id)
    return order

GUARD = re.compile(r'in_force\("([^"]+)"\)')
COMMENT = re.compile(r"^%\s*\[([A-Z][A-Za-z0-9.\-]*)\]\s*(.*)$")


def rule_files(name):
    return [f for f in get(name).encoding.files if f.parent.name == name]


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_catalogue_is_the_digest_in_source_order(name):
    encoding = get(name).encoding
    assert list(encoding.rule_ids) == catalogue_order(name)
    default = encoding.editions[get(name).default_edition]
    assert list(default.rule_ids) == DIGEST[name]


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_every_guard_names_a_catalogued_rule_and_every_rule_is_guarded(name):
    encoding = get(name).encoding
    text = "\n".join(p.read_text(encoding="utf-8") for p in rule_files(name))
    guards = set(GUARD.findall(text))
    assert guards <= set(encoding.rule_ids)
    not_formalised = {r.id for r in encoding.rules if r.summary.startswith("not formalised")}
    assert set(encoding.rule_ids) - not_formalised <= guards


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_each_rule_comment_is_followed_by_a_rule_guarded_by_its_id(name):
    for path in rule_files(name):
        blocks, current = [], None
        for line in path.read_text(encoding="utf-8").splitlines():
            match = COMMENT.match(line.strip())
            if match:
                current = [match.group(1), match.group(2), []]
                blocks.append(current)
            elif current is not None:
                current[2].append(line)
        for rule_id, summary, body in blocks:
            if summary.startswith("not formalised"):
                continue
            assert f'in_force("{rule_id}")' in "\n".join(body), (path.name, rule_id)


def test_rule_files_hold_no_show_and_core_has_one_display_file():
    for book in RULEBOOKS.values():
        for path in book.encoding.files:
            if path.name != "display.lp":
                assert "#show" not in path.read_text(encoding="utf-8"), path
    assert [p.name for p in (asp_root() / "core").glob("display*.lp")] == ["display.lp"]


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_no_predicate_name_at_two_arities(name):
    # Ground every example together and look at every signature the grounder saw.
    book = get(name)
    facts = []
    for path in sorted((EXAMPLES / name).glob("*.yaml")):
        facts.extend(book.facts(book.validate(pybridge.load(path))))
    control = ground(book.encoding, facts)
    arities = {}
    for name, arity, _ in control.symbolic_atoms.signatures:
        arities.setdefault(name, set()).add(arity)
    assert {n: a for n, a in arities.items() if len(a) > 1} == {}


def test_input_predicates_are_never_derived():
    # state_* atoms are input: no rule of the encoding has one in its head.
    for book in RULEBOOKS.values():
        for path in book.encoding.files:
            for line in path.read_text(encoding="utf-8").splitlines():
                assert not re.match(r"^\s*state_\w+\(.*:-", line), (path, line)


def fast_test_names():
    """The names of the tests the fast loop (pytest -m "not slow") runs: every test function
    of tests/ whose module and function carry no slow mark."""
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(s, ast.Assign) and "pytest.mark.slow" in ast.unparse(s.value)
               and any(getattr(t, "id", "") == "pytestmark" for t in s.targets) for s in tree.body):
            continue
        names.update(s.name for s in tree.body
                     if isinstance(s, ast.FunctionDef) and s.name.startswith("test_")
                     and not any(ast.unparse(d) == "pytest.mark.slow" for d in s.decorator_list))
    return names


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_every_rule_id_has_a_fast_test_named_after_it(name):
    # The fast loop alone still tests every rule: a rule whose only tests are slow is missing.
    names = fast_test_names()
    missing = []
    for rule_id in get(name).encoding.rule_ids:
        token = re.sub(r"[^A-Za-z0-9]", "_", rule_id)
        if not any(re.search(rf"(^|_){token}(_|$)", n) for n in names):
            missing.append(rule_id)
    assert missing == []


def test_parsing_happens_once_per_process():
    encoding = get("redemption").encoding
    first = encoding.statements
    pybridge.rule(EXAMPLES / "redemption" / "three_character_battle.yaml")
    pybridge.rule(EXAMPLES / "redemption" / "targeting.yaml")
    assert encoding.statements is first


def test_free_externals_make_one_grounding_serve_every_edition():
    book = get("redemption")
    control = ground(book.encoding, [])
    for rule_id in book.encoding.rule_ids:
        atom = control.symbolic_atoms[clingo.Function("in_force", [clingo.String(rule_id)])]
        assert atom is not None and atom.is_external


SECTION = re.compile(r"^% (Generate|Define|Test|Display|Optimize)$")


def test_every_statement_of_every_file_sits_under_a_section():
    # the Potassco guide's Generate / Define / Test / Display (and Optimize): a file says
    # which its statements are before its first one (its constants, #const, may come first)
    from clingo import ast

    from pybridge.engine.encoding import asp_root
    for path in sorted(asp_root().rglob("*.lp")):
        lines = path.read_text(encoding="utf-8").splitlines()
        statements = []
        ast.parse_string("\n".join(lines), statements.append)
        first = min((s.location.begin.line for s in statements
                     if s.ast_type not in (ast.ASTType.Comment, ast.ASTType.Program,
                                           ast.ASTType.Definition)
                     and s.location.begin.line > 0), default=None)
        if first is None:
            continue
        assert any(SECTION.match(line) for line in lines[:first - 1]), \
            f"{path}: no '% Generate|Define|Test|Display|Optimize' line above line {first}"
