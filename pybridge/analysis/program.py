"""The analysis program of a rulebook: its encoding indexed by worlds, its state space, the
shared scaffolding of asp/core/, and one question (an invariant, a diff, an enumeration).

Everything is parsed once per process and grounded per question.
"""

import itertools
import re
from functools import cached_property

import clingo
from clingo import ast

from ..engine.drafts import CONFLICT, SHOWN
from ..engine.encoding import RULE_COMMENT, asp_root, has_theory_atoms, silent
from ..engine.properties import Properties
from ..engine.properties import read_all as read_properties
from ..engine.symbols import fact
from ..engine.worlds import add_worlds, signatures
from . import open_sums
from .generate import program as generated_space
from .theory import magnitude, open_positions

TOP = 3     # the priority of the witness cost that counts the objects of a state
FULL_GROUP_UP_TO = 4     # interchangeable objects per class: all permutations up to this many
_PART = re.compile(r"^#program\s+([a-z_][A-Za-z0-9_]*)\s*\.")


def _parse(path):
    statements = []
    ast.parse_files([str(path)], statements.append, logger=silent)
    return statements


def _parse_text(text):
    statements = []
    ast.parse_string(text, statements.append, logger=silent)
    return statements


def _location():
    position = ast.Position("<analysis>", 1, 1)
    return ast.Location(position, position)


def permutations(size):
    """(id, i, j) for every permutation of 1..size (id 0 is the identity)."""
    for number, perm in enumerate(itertools.permutations(range(1, size + 1))):
        for i, j in zip(range(1, size + 1), perm):
            yield number, i, j


def exact_symmetry(book, bounds):
    """Whether the lex-leader symmetry breaking is affordable (exact counts), or only sorting."""
    return book.max_class_size(bounds) <= FULL_GROUP_UP_TO


class Invariant:
    def __init__(self, rule_id, description, part):
        self.id, self.description, self.part = rule_id, description, part


class Analysis:
    """Parsed analysis statements of one rulebook."""

    def __init__(self, book):
        self.book = book
        self.root = asp_root()

    @cached_property
    def encoding(self):
        """The rule files (and core conventions) with every atom indexed by a world."""
        return add_worlds(self.book.encoding.statements)

    @cached_property
    def open_written(self):
        """The rule files of a search over open values (rewrite.PARTS), indexed by worlds."""
        return add_worlds(self.book.encoding.parsed)

    @cached_property
    def open_program(self):
        """The same with its sums over open values as the theory solver's linear sums, in
        two grounding steps (open_sums.OpenProgram)."""
        return open_sums.rewrite(self.open_written, open_positions(self.book.vocabulary))

    @property
    def open_encoding(self):
        """Every statement of the search over open values, both steps'."""
        return self.open_program.first + self.open_program.second

    @cached_property
    def space(self):
        """The state space for a theory solver (its open integers are variables): generated
        from the rulebook's input vocabulary (with its bounds, space.lp, the constraints of a
        valid document, valid.lp, and the derived input facts, derived.lp), or space.lp
        alone."""
        return self._space(open_values=True)

    @cached_property
    def plain_space(self):
        """The state space for plain clingo: every value chosen."""
        return [s for s in self._space(open_values=False) if not has_theory_atoms(s)]

    def _space(self, open_values):
        statements = _parse(self.root / self.book.name / "space.lp")
        if self.book.vocabulary is not None:
            ast.parse_string(generated_space(self.book.vocabulary, open_values),
                             statements.append, logger=silent)
            statements += _parse(self.root / self.book.name / "valid.lp")
            if self.book.vocabulary.derived:
                statements += _parse(self.root / self.book.name / "derived.lp")
        return statements + _parse(self.root / "core" / "symmetry.lp")

    @cached_property
    def display(self):
        """#show for the rulings and for every input predicate, so models become documents."""
        location = _location()
        shows = _parse(self.root / "core" / "analysis.lp")
        for name, arity in sorted(signatures(self.book.encoding.statements)):
            if name.startswith("state_"):
                shows.append(ast.ShowSignature(location, name, arity + 1, True))
        for name, arity in self.book.witness_inputs:
            shows.append(ast.ShowSignature(location, name, arity + 1, True))
        return shows

    @cached_property
    def shown_inputs(self):
        """(name, arity) of the input predicates as a model shows them: with the world."""
        return frozenset((name, arity + 1) for name, arity in
                         signatures(self.book.encoding.statements) if name.startswith("state_"))

    @cached_property
    def minimize(self):
        return _parse(self.root / "core" / "minimize.lp")

    @cached_property
    def violation_required(self):
        return _parse_text(":- not violation.")

    @cached_property
    def premise_required(self):
        """A state where an invariant's premise is met (``premise``: its conclusion is
        tested there), instead of one violating it."""
        return _parse_text(":- not premise.")

    @staticmethod
    def at_most_objects(count):
        """No state with more than ``count`` objects (the witness cost at priority TOP): a
        cube's search for a witness smaller than one already found."""
        return _parse_text(f":- #sum {{ W, T : witness_cost({TOP}, W, T) }} > {int(count)}.")

    @cached_property
    def diff(self):
        return _parse(self.root / "core" / "diff.lp")

    @cached_property
    def invariant_statements(self):
        """The rulebook's invariants.lp, and the parts of a committee's properties."""
        return _parse(self.root / self.book.name / "invariants.lp") + \
            list(self.properties.statements)

    @cached_property
    def invariants(self):
        """The invariants in file order (ID, description, program part), then a committee's
        properties (engine/properties.py)."""
        return self._parts("invariants.lp") + \
            [Invariant(p.id, p.description, p.part) for p in self.properties.parts]

    @cached_property
    def properties(self):
        """The properties of the rulebook's property files (``check --property FILE``),
        read against its IDs and its program (engine/properties.py; RulesFileError)."""
        if not self.book.property_files:
            return Properties((), ())
        taken = set(self.book.encoding.rule_ids) | {i.id for i in self.errata} | \
            {i.id for i in self._parts("invariants.lp")}
        return read_properties(self.book.property_files, taken, self.program_signatures,
                               self.shown_inputs)

    @cached_property
    def program_signatures(self):
        """(name, arity) of every predicate of the program a question grounds (the rule
        files indexed by worlds, the space, the display, the witness order): what a
        property may not derive."""
        return frozenset(signatures(itertools.chain(self.encoding, self.plain_space,
                                                    self.display, self.minimize)))

    @cached_property
    def coverage(self):
        """One program part per rule ID (``rulings coverage``): a state of world 1 where a
        ruling cites the rule (``violation``, so that the check's searches find the
        smallest)."""
        return [Invariant(rule_id, f"a ruling cites {rule_id}", f"cover_{number}")
                for number, rule_id in enumerate(self.book.encoding.rule_ids)]

    @cached_property
    def coverage_absent(self):
        """The same, for a rule no ruling cites (one that keeps a ruling from being given):
        a state whose rulings change when the rule is taken out of force (world 2)."""
        return [Invariant(rule_id, f"taking {rule_id} out changes a ruling", f"absent_{number}")
                for number, rule_id in enumerate(self.book.encoding.rule_ids)]

    def coverage_absent_of(self, parts):
        """The counterfactual part of each of the coverage ``parts``."""
        by_id = {part.id: part for part in self.coverage_absent}
        return [by_id[part.id] for part in parts]

    @cached_property
    def coverage_statements(self):
        text = "".join(f"#program cover_{number}.\nworld(1).\n"
                       f"violation :- because(1, _, {clingo.String(rule_id)}).\n"
                       f"#program absent_{number}.\nworld(1).\nworld(2).\n"
                       f"dropping(2, {clingo.String(rule_id)}).\n"
                       "violation :- ruling(1, R), not ruling(2, R).\n"
                       "violation :- ruling(2, R), not ruling(1, R).\n"
                       for number, rule_id in enumerate(self.book.encoding.rule_ids))
        return _parse_text(text)

    @cached_property
    def errata_statements(self):
        path = self.root / self.book.name / "errata.lp"
        return (_parse(path) if path.exists() else []) + self._draft_conflict_statements

    @cached_property
    def errata(self):
        """The possible contradictions the rulebook lists (errata.lp), like invariants, and
        one per draft rule with a constraint: a state where it leaves the edition no answer."""
        listed = self._parts("errata.lp") if (self.root / self.book.name / "errata.lp").exists() else []
        return listed + [Invariant(rule_id, f"{rule_id} leaves the edition no answer: {summary}",
                                   f"draft_conflict_{number}")
                         for number, (rule_id, summary) in enumerate(self._draft_conflicts)]

    @property
    def _draft_conflicts(self):
        return getattr(self.book.encoding, "conflicts", ())

    @cached_property
    def _draft_conflict_statements(self):
        """A part per draft constraint (engine/drafts.py, CONFLICT): its states are shown
        (conflicts_shown) and one where its body holds is a violation."""
        text = "".join(f"#program draft_conflict_{number}.\nworld(1).\n{SHOWN}(1).\n"
                       f"violation :- {CONFLICT}(1, {clingo.String(rule_id)}).\n"
                       for number, (rule_id, _) in enumerate(self._draft_conflicts))
        return _parse_text(text) if text else []

    def _parts(self, filename):
        found, pending = [], None
        text = (self.root / self.book.name / filename).read_text(encoding="utf-8")
        for line in text.splitlines():
            comment, part = RULE_COMMENT.match(line.strip()), _PART.match(line.strip())
            if comment:
                pending = comment.groups()
            elif part and pending:
                found.append(Invariant(pending[0], pending[1], part.group(1)))
                pending = None
        return found

    def control(self, bounds, statements=(), parts=(), worlds=(), extra_args=(), theory=None,
                listing=True):
        """A grounded control: encoding + space + display + ``statements``, with the program
        parts ``parts`` (invariants) and ``world/1`` facts for ``worlds``. With a ``theory``
        (theory.Theory: the rulebook's values are open) its theory atoms are kept. A search
        for one smallest state (``listing`` false) of a generated space breaks symmetry by
        sorting only: exact lex-leader constraints cost it more than they prune (measured:
        b5's largest cube 7.3 s with them, 0.2 s without); listings need them for their
        counts."""
        exact = exact_symmetry(self.book, bounds) and theory is None and \
            (listing or self.book.vocabulary is None)
        # with a theory (open values: theory.py) the encoding's parts for open values are
        # grounded (rewrite.PARTS), and symmetry is broken by sorting on the variables (the
        # space's theory constraints), not by lex-leader constraints
        arguments = list(bounds.constants()) + ["-c", f"lex_leader={int(exact)}"]
        control = clingo.Control(arguments + list(extra_args), logger=silent)
        if theory is not None:
            theory.register(control)
        if theory is None:      # plain clingo: values chosen, theory atoms left out (the
            # encoding's and the space's once, in their cached forms; the question's here)
            program = itertools.chain(self.encoding, self.plain_space, self.display,
                                      (s for s in statements if not has_theory_atoms(s)))
        else:       # the second step's statements last: they start a part of their own
            program = itertools.chain(self.open_program.first, self.space, self.display,
                                      statements, self.open_program.second)
        with ast.ProgramBuilder(control) as builder:
            for statement in program:
                if theory is not None:
                    theory.add(builder, statement)
                else:
                    builder.add(statement)
        with control.backend() as backend:
            def add(symbol):
                backend.add_rule([backend.add_atom(symbol)])
            for rule_id in self.book.encoding.rule_ids:
                add(fact("rule_id", rule_id))
            for world in worlds:
                add(fact("world", world))
            for symbol in self.book.space_facts(bounds):
                add(symbol)
            for size in range(1, self.book.max_class_size(bounds) + 1 if exact else 1):
                for number, i, j in permutations(size):
                    add(fact("space_perm", size, number, i, j))
        control.ground([("base", [])] + [(part, []) for part in parts])
        if theory is not None:
            sums = self.open_program.sums
            if sums:    # the sums' second step, over the tuples the first could give
                found = open_sums.domain(control, sums)
                with control.backend() as backend:
                    for symbol in found.facts:
                        backend.add_rule([backend.add_atom(symbol)])
                control.ground([(open_sums.PART, [])])
                largest = magnitude(self.book.vocabulary, bounds)
                if largest is not None:
                    theory.limit(found.largest(largest))
            theory.prepare(control)
        return control

    def assumptions(self, editions_by_world):
        """in_force(W, ID) for every world and rule ID: true when in that world's edition."""
        result = []
        for world, in_force in editions_by_world.items():
            for rule_id in self.book.encoding.rule_ids:
                result.append((fact("in_force", world, rule_id), rule_id in in_force))
        return result


_ANALYSES = {}


def analysis(book):
    if book not in _ANALYSES:       # by the book itself: a book with drafts is another
        _ANALYSES[book] = Analysis(book)
    return _ANALYSES[book]
