"""The ASP encoding of a rulebook: located, parsed once per process, and catalogued.

The rule catalogue (IDs, one-line summaries, source order) is read from the encoding's own
comments (``% [RED-BAT-1] paraphrase``): the ``.lp`` files are the single source of truth.
Editions are read from the rulebook's ``editions.lp``.
"""

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import clingo
from clingo import ast

from .symbols import fact

CORE_FILES = ("in_force.lp", "rulings.lp", "display.lp")
RULE_COMMENT = re.compile(r"^%\s*\[([A-Z][A-Za-z0-9.\-]*)\]\s*(.*)$")


def asp_root():
    """The ``asp/`` folder: inside the installed package, or beside it in a source tree."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "asp", here.parent / "asp"):
        if (candidate / "core").is_dir():
            return candidate
    raise FileNotFoundError("cannot find the asp/ folder of the rulings package")


@dataclass(frozen=True)
class Rule:
    id: str
    summary: str


@dataclass(frozen=True)
class Edition:
    name: str
    description: str
    rule_ids: tuple


class _TheoryAtoms(ast.Transformer):
    def __init__(self):
        self.found = False

    def visit_TheoryAtom(self, atom):
        self.found = True
        return atom


def has_theory_atoms(statement):
    """Whether a statement holds a theory atom (``&sum { ... } >= 0``). Its text has no
    ``&`` without one: the tree is walked (slow, in Python) only when the text has."""
    if "&" not in str(statement):
        return False
    finder = _TheoryAtoms()
    finder(statement)
    return finder.found


def silent(_code, _message):
    """clingo logger: the encoding's informational messages are not the user's business."""


class Encoding:
    """One rulebook's program: core files plus the rulebook's rule files, in source order."""

    def __init__(self, rulebook, rule_files, core_files=()):
        root = asp_root()
        self.rulebook = rulebook
        self.files = [root / "core" / name for name in CORE_FILES + tuple(core_files)] + [
            root / rulebook / name for name in rule_files
        ]
        self.editions_file = root / rulebook / "editions.lp"

    @cached_property
    def parsed(self):
        """Every statement of the rule files, parsed once, those with theory atoms included
        (the forms of a comparison for a search over open values: asp/redemption/battle.lp)."""
        statements = []
        ast.parse_files([str(f) for f in self.files], statements.append, logger=silent)
        return tuple(s for s in statements if s.ast_type != ast.ASTType.Comment)

    @cached_property
    def statements(self):
        """The program for states (AST statements), reused for every state: without the
        statements that only a theory solver can ground."""
        return tuple(s for s in self.parsed if not has_theory_atoms(s))

    @cached_property
    def fixed_statements(self):
        """The program for one edition given as in_force/1 facts: without the free external,
        so the grounder evaluates what the state and the edition decide (a sum over them has
        one value) and drops the rules out of force."""
        return tuple(s for s in self.statements if s.ast_type != ast.ASTType.External)

    @cached_property
    def rules(self):
        """The rule catalogue: each ID once, with its first paraphrase, in source order."""
        seen = {}
        for path in self.files:
            for line in path.read_text(encoding="utf-8").splitlines():
                match = RULE_COMMENT.match(line.strip())
                if match and match.group(1) not in seen:
                    seen[match.group(1)] = Rule(match.group(1), match.group(2))
        return tuple(seen.values())

    @cached_property
    def rule_ids(self):
        return tuple(rule.id for rule in self.rules)

    @cached_property
    def rule_order(self):
        return {rule_id: index for index, rule_id in enumerate(self.rule_ids)}

    @cached_property
    def editions(self):
        """Editions by name, from ``editions.lp`` (``edition(Name, Description)`` and
        ``in_edition(Name, ID)``, given the catalogue as ``rule_id/1``)."""
        control = clingo.Control(logger=silent)
        control.load(str(self.editions_file))
        with control.backend() as backend:
            for rule_id in self.rule_ids:
                backend.add_rule([backend.add_atom(fact("rule_id", rule_id))])
        control.ground([("base", [])])
        described, members = {}, {}
        for atom in control.symbolic_atoms:
            symbol = atom.symbol
            if symbol.name == "edition" and len(symbol.arguments) == 2:
                described[symbol.arguments[0].name] = symbol.arguments[1].string
            elif symbol.name == "in_edition" and len(symbol.arguments) == 2:
                members.setdefault(symbol.arguments[0].name, set()).add(
                    symbol.arguments[1].string
                )
        return {
            name: Edition(
                name,
                description,
                tuple(i for i in self.rule_ids if i in members.get(name, ())),
            )
            for name, description in described.items()
        }
