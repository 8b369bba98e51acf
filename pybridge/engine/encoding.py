"""The ASP encoding of a rulebook: located, parsed once per process, and catalogued.

The rule catalogue (IDs, one-line summaries, source order) is read from the encoding's own
comments (``% [RED-BAT-1] paraphrase``): the ``.lp`` files are the single source of truth.
Right under an ID's first comment stand the source passage it encodes and an English gloss:

    % [RED-IMM-6] Default condition: a character cannot be immune to cards of its own ...
    % source: «- Characters cannot be immune to cards of the same alignment.»
    % gloss: Default condition: a character cannot be immune to cards of its own alignment.

A label's text may go on over comment lines indented by two spaces or more (``%   ...``).
The passage is quoted exactly from the source document, in its language, between « and »;
fragments of it are joined by " … ". ``% source: none (why)`` says there is none.
Editions are read from the rulebook's ``editions.lp``.
"""

import re
from functools import cached_property
from pathlib import Path

# clingo.ast (2 ms to import) is imported by the functions that use it: `rulings rule` reads
# its program as text (program_cache) and needs no syntax tree.
import clingo

from ..documents.fields import Fields
from . import program_cache
from .symbols import fact

CORE_FILES = ("in_force.lp", "rulings.lp", "explain.lp", "display.lp")
RULE_COMMENT = re.compile(r"^%\s*\[([A-Z][A-Za-z0-9.\-]*)\]\s*(.*)$")
ANNOTATION = re.compile(r"^%\s*(source|gloss):\s*(.*)$")
CONTINUED = re.compile(r"^%\s{2,}(\S.*)$")
ELLIPSIS = "…"


def asp_root():
    """The ``asp/`` folder: inside the installed package, or beside it in a source tree."""
    package = Path(__file__).resolve().parent.parent       # pybridge/, this is engine/
    for candidate in (package / "asp", package.parent / "asp"):
        if (candidate / "core").is_dir():
            return candidate
    raise FileNotFoundError("cannot find the asp/ folder of the rulings package")


class Rule(Fields):
    id: str
    summary: str
    source: str = None       # the passage it encodes, quoted exactly (fragments joined by " … ")
    gloss: str = None        # an English gloss of the passage
    no_source: str = None    # why there is no passage, when the comment says "none (why)"

    @property
    def fragments(self):
        """The exact pieces of the source the passage quotes (it cuts between them with …)."""
        if not self.source:
            return ()
        return tuple(f.strip() for f in self.source.split(ELLIPSIS) if f.strip())


def annotations(lines):
    """The ``% source:`` and ``% gloss:`` texts at the start of ``lines`` (the lines after an
    ID's comment), each with its continuation lines joined by single spaces."""
    found, label = {}, None
    for line in lines:
        line = line.strip()
        match = ANNOTATION.match(line)
        if match and match.group(1) not in found:
            label = match.group(1)
            found[label] = [match.group(2)]
            continue
        more = CONTINUED.match(line) if label else None
        if not more:
            break
        found[label].append(more.group(1))
    return {k: " ".join(" ".join(v).split()) for k, v in found.items()}


def annotated_rule(rule_id, summary, following):
    """A catalogue entry from its comment and the lines that follow it."""
    notes = annotations(following)
    source, no_source = notes.get("source"), None
    if source is not None:
        if source.startswith("«") and source.endswith("»"):
            source = source[1:-1].strip()
        else:
            source, no_source = None, source
    return Rule(rule_id, summary, source, notes.get("gloss"), no_source)


class Edition(Fields):
    name: str
    description: str
    rule_ids: tuple


def has_theory_atoms(statement):
    """Whether a statement holds a theory atom (``&sum { ... } >= 0``). Its text has no
    ``&`` without one: the tree is walked (slow, in Python) only when the text has."""
    if "&" not in str(statement):
        return False
    from clingo import ast
    found = []

    class TheoryAtoms(ast.Transformer):
        def visit_TheoryAtom(self, atom):
            found.append(atom)
            return atom

    TheoryAtoms()(statement)
    return bool(found)


def explains(statement):
    """Whether a statement is an explanation rule: its head a says atom (says, says_*: the
    names asp/core/explain.lp reserves)."""
    from clingo import ast
    return statement.ast_type == ast.ASTType.Rule and str(statement.head).startswith("says")


def _explaining(statement):
    from clingo import ast
    if statement.ast_type == ast.ASTType.Definition and statement.name == "explaining":
        return ast.Definition(statement.location, statement.name,
                              ast.SymbolicTerm(statement.location, clingo.Number(1)), False)
    return statement


def _external(statement):
    from clingo import ast
    return statement.ast_type == ast.ASTType.External


def _for_one_state(statements):
    """The statements a given state grounds: no theory atom and no free external, each
    comparison split and shared (rewrite.split_complements, rewrite.factor_bounds)."""
    from .rewrite import factor_bounds, split_complements
    return factor_bounds(split_complements(
        s for s in statements if not has_theory_atoms(s) and not _external(s)))


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
    def written(self):
        """Every statement of the rule files, parsed once (explanations written as
        statements included, those of the annotations not)."""
        from clingo import ast
        statements = []
        ast.parse_files([str(f) for f in self.files], statements.append, logger=silent)
        return tuple(s for s in statements if s.ast_type != ast.ASTType.Comment)

    @cached_property
    def with_explanations(self):
        """Every statement of the rule files, explanations included: those written as
        statements and those generated from the rules' annotations (pybridge/engine/annotations.py)."""
        return self.written + self.generated

    @cached_property
    def generated(self):
        """The explanation rules the rules' annotations give (pybridge/engine/annotations.py),
        made once."""
        from .annotations import generated
        return tuple(s for path in self.files
                     for s in generated(path, self.written, RULE_COMMENT))

    def _part(self, question):
        """The statements but the explanations, in the parts ``question`` grounds
        (rewrite.PARTS)."""
        from .rewrite import select
        return select((s for s in self.written if not explains(s)), question)

    @cached_property
    def parsed(self):
        """The program for a search over open values: every statement of the rule files but
        the explanations (asp/core/explain.lp), in the parts such a search grounds
        (rewrite.PARTS; its sums are made the theory solver's by the analysis). The
        explanations are left out, not only grounded away, so that every question but
        ``rule --explain`` grounds the program as it is without them (their dependencies
        would change the order the grounder takes the rules in)."""
        return tuple(self._part("open"))

    @cached_property
    def statements(self):
        """The program for a search with values chosen as numbers (AST statements): its
        parts (rewrite.PARTS), with no statement that only a theory solver can ground."""
        return tuple(s for s in self._part("chosen") if not has_theory_atoms(s))

    @cached_property
    def fixed_statements(self):
        """The program for one given state, its edition given as in_force/1 facts: the
        state's parts (rewrite.PARTS), without the free external, so the grounder evaluates
        what the state and the edition decide (a sum over them has one value) and drops
        the rules out of force; its comparisons shared (rewrite.split_complements,
        rewrite.factor_bounds)."""
        return tuple(_for_one_state(self._part("state")))

    @cached_property
    def explaining_statements(self):
        """The program for one edition (as ``fixed_statements``) with its explanations:
        the constant ``explaining`` set to 1 (asp/core/explain.lp), so that the rules'
        ``says`` atoms are grounded too."""
        from .rewrite import select
        kept = select(self.written, "state") + list(self.generated)
        return tuple(_explaining(s) for s in _for_one_state(kept))

    def _kept(self, name, paths, compute):
        """``compute()``, kept in the program cache by the content of ``paths``."""
        return program_cache.cached(f"{self.rulebook}-{name}", paths, compute)

    @cached_property
    def fixed_relevant(self):
        """``fixed_statements`` as text with what each rule needs to fire
        (pybridge/engine/relevance.py): a state's program is the rules it can fire. Kept in
        the program cache by the files' content, so `rulings rule` parses no rule file."""
        from .relevance import Relevant, parts
        return Relevant(self._kept("fixed-parts", self.files,
                                   lambda: parts(self.fixed_statements)))

    @cached_property
    def explaining_relevant(self):
        """``explaining_statements`` as ``fixed_relevant`` holds ``fixed_statements``."""
        from .relevance import Relevant, parts
        return Relevant(self._kept("explaining-parts", self.files,
                                   lambda: parts(self.explaining_statements)))

    @cached_property
    def rules(self):
        """The rule catalogue: each ID once, with its first paraphrase, its source passage and
        gloss, in source order; kept in the program cache by the files' content."""
        found = self._kept(
            "rules", self.files,
            lambda: [[r.id, r.summary, r.source, r.gloss, r.no_source] for r in self._rules()])
        return tuple(Rule(*fields) for fields in found)

    def _rules(self):
        seen = {}
        for path in self.files:
            lines = path.read_text(encoding="utf-8").splitlines()
            for number, line in enumerate(lines):
                match = RULE_COMMENT.match(line.strip())
                if match and match.group(1) not in seen:
                    seen[match.group(1)] = annotated_rule(match.group(1), match.group(2),
                                                          lines[number + 1:number + 80])
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
        ``in_edition(Name, ID)``, given the catalogue as ``rule_id/1``); kept in the program
        cache by the files' content."""
        found = self._kept(
            "editions", self.files + [self.editions_file],
            lambda: [[e.name, e.description, list(e.rule_ids)] for e in self._editions().values()])
        return {name: Edition(name, description, tuple(ids)) for name, description, ids in found}

    def _editions(self):
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
