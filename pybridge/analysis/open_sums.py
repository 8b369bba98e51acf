"""Sums over open values: the rules' ``#sum`` aggregates as the theory solver's linear sums.

A search over open values (:mod:`.theory`) names each integer of the state by a clingcon
variable. A rule's ``#sum`` whose weights are such values (read at an open position of an
input, or of an atom a rule gives one: found to a fixpoint) cannot be grounded as numbers;
here it becomes linear constraints, made from the rule as written, so that no rule file
states a comparison twice. clingcon takes the conditions of a sum's elements only as facts,
so a sum is made in two grounding steps:

1. with the rule files (``base``): each element's tuples as atoms ``_open_term_n(World,
   Group, Kind, Tuple, Sign, Weight)`` (the tuple, the weight's sign and its value or
   variable), each instance of the rule as ``_open_at_n(World, Group, Set, Bound)``. The
   rule compares the sum's variable with its bound in its body (``&sum {
   _open_sig_n(World, Group, 0); -(B) } >= 0``), or puts the variable in the place of an
   assignment's (``V = #sum``), or derives its head from ``_open_holds_n``, an external the
   second step defines.
2. after :func:`domain` has made facts of the tuples the first step could give
   (``#program open_sums``): each tuple's part ``_open_part_n(World, Group, Tuple)``, its
   weight when its element holds in that world, else 0, and the sum of the parts.

``Group`` are the variables the sum shares with the rest of its rule (the world apart): one
sum for all the instances that share them. A sum that leaves out what a set names
(rewrite.Sum: ``W, X : ..., not out(L, X)``) is kept once per subset M of the tuples a set
may leave out (bit masks over their numbers), ``_open_sig_n(World, Group, M)``, each one
tuple from the next (every such step is stated, so that sums one tuple apart are one bound
apart), and each instance compares the sum of the subset its set leaves out in its world
(``_open_is_n``): one comparison per subset, not one sum per instance. A world whose
elements hold the same tuples as the first world's (an invariant's second world most often
differs from the first in a fact the sum does not read) shares the first world's sums
(``_open_shares_n``: equal, and compared through the first world's); one whose tuples
differ (``_open_differs_n``) has sums of its own. Measured on redemption's checks at the
defaults and at six characters, and its errata: where the worlds had sums of their own, tied
tuple by tuple, RED-INV-5 at two characters took 3 s of search against 0.4 s; where a
comparison was made over the variable of a world that shares (left unconstrained), the
errata's two-character cube did not prove its witness the smallest in 60 s against 0.8 s.
"""

from clingo import Function, Number, SymbolType, ast

from ..engine.encoding import silent
from ..engine.rewrite import Sum, variables, where
from ..engine.worlds import WORLD
from ..errors import InputError
from .theory import OPERATORS, open_comparisons

PART = "open_sums"
MOST_LEFT_OUT = 16        # tuples a set may leave out of one sum: 2 ** 16 subsets at most


class TooWide(InputError):
    """A sum with more tuples a set may leave out than MOST_LEFT_OUT: the bounds are too
    wide for a search over open values."""

    def __init__(self, count):
        self.count = count
        super().__init__(f"a sum over open values with {count} tuples a set may leave out "
                         f"(at most {MOST_LEFT_OUT}: 2 ** {MOST_LEFT_OUT} subsets): narrow "
                         "the bounds", "bounds")

    def __reduce__(self):
        return (TooWide, (self.count,))


class OpenSum:
    """One rewritten sum: its number, and whether a set leaves out part of it."""

    def __init__(self, number, complement):
        self.number, self.complement = number, complement

    def name(self, what):
        return f"_open_{what}_{self.number}"


class OpenProgram:
    """The rule files for a search over open values: the statements of the first grounding
    step, those of the second (``#program open_sums``), and the sums rewritten."""

    def __init__(self, first, second, sums):
        self.first, self.second, self.sums = first, second, sums


def _tuple(names):
    names = list(names)
    return "()" if not names else f"({names[0]},)" if len(names) == 1 else \
        f"({', '.join(names)})"


def _open_variables(literals, positions):
    """The variables at an open position of a positive atom among ``literals``."""
    found = set()
    for literal in literals:
        if literal.ast_type != ast.ASTType.Literal or literal.sign != ast.Sign.NoSign or \
                literal.atom.ast_type != ast.ASTType.SymbolicAtom:
            continue
        function = literal.atom.symbol
        if function.ast_type != ast.ASTType.Function:
            continue
        for index in positions.get((function.name, len(function.arguments)), ()):
            argument = function.arguments[index]
            if argument.ast_type == ast.ASTType.Variable:
                found.add(argument.name)
    return found


def _weight(term, at):
    """(sign, term) of an element's weight: a variable or a number, negated or not."""
    if term.ast_type == ast.ASTType.UnaryOperation and \
            term.operator_type == ast.UnaryOperator.Minus:
        sign, term = -1, term.argument
    else:
        sign = 1
    if term.ast_type not in (ast.ASTType.Variable, ast.ASTType.SymbolicTerm):
        raise ValueError(f"{at}: the weight of a sum over open values must be a value "
                         f"or its negation, not {term}")
    return sign, term


def _is_open(found, positions):
    rest_open = _open_variables(found.rest, positions)
    for element in found.elements:
        weight = element.terms[0] if element.terms else None
        if weight is None:
            continue
        names = variables(weight)
        if names & (rest_open | _open_variables(element.condition, positions)):
            return True
    return False


def _head_positions(rule, names):
    """(name, arity, index) of the head's arguments that are one of ``names``."""
    head = rule.head
    atom = getattr(head, "atom", None)
    if atom is None or atom.ast_type != ast.ASTType.SymbolicAtom or \
            atom.symbol.ast_type != ast.ASTType.Function:
        return []
    function = atom.symbol
    return [(function.name, len(function.arguments), i)
            for i, argument in enumerate(function.arguments)
            if argument.ast_type == ast.ASTType.Variable and argument.name in names]


def open_positions(statements, positions):
    """The open positions of the inputs (``{(name, arity): {index}}``) and of every atom a
    rule gives an open value, to a fixpoint: a head argument that is a variable read at an
    open position, or assigned a sum over open values."""
    found = {key: set(value) for key, value in positions.items()}
    changed = True
    while changed:
        changed = False
        for statement in statements:
            if statement.ast_type != ast.ASTType.Rule:
                continue
            names = _open_variables(statement.body, found)
            summed = Sum.of(statement)
            if summed is not None and summed.assigned and _is_open(summed, found):
                names.add(summed.assigned)
            for name, arity, index in _head_positions(statement, names):
                if index not in found.setdefault((name, arity), set()):
                    found[(name, arity)].add(index)
                    changed = True
    return found


def rewrite(statements, positions):
    """The world-indexed rule files (``statements``) for a search over open values: an
    OpenProgram. ``positions``: the inputs' open positions, world-indexed."""
    positions = open_positions(statements, positions)
    first, second, sums = [], [], []
    for statement in statements:
        summed = Sum.of(statement)
        if summed is None or not _is_open(summed, positions):
            first.append(open_comparisons(statement, positions))
            continue
        one = OpenSum(len(sums), summed.complement is not None)
        sums.append(one)
        made_first, made_second = _rewritten(summed, one)
        first += [open_comparisons(s, positions) for s in made_first]
        second += made_second
    if second:
        second = _parsed(f"#program {PART}.") + second
    return OpenProgram(first, second, sums)


def _parsed(text):
    """The statements of ``text`` (the ``#program base.`` the parser puts first left out)."""
    statements = []
    ast.parse_string(text, statements.append, logger=silent)
    return statements[1:]


class _Replace(ast.Transformer):
    def __init__(self, name, term):
        self.name, self.term = name, term

    def visit_Variable(self, variable):
        return self.term if variable.name == self.name else variable


def _rewritten(found, one):
    """The statements of both steps for one sum."""
    rule = found.rule
    at = where(rule)
    if WORLD not in found.globals:
        raise ValueError(f"{at}: a sum over open values outside a world")
    shared = variables(*found.elements) & found.globals
    group = _tuple(sorted(shared - {WORLD} - set(found.sets)))
    sets = _tuple(found.sets)
    rest = ", ".join(str(literal) for literal in found.rest)
    body = f" :- {rest}" if rest else ""
    name = one.name
    text = []
    elements = found.kept() if one.complement else found.elements
    for number, element in enumerate(elements):
        sign, weight = _weight(element.terms[0], at)
        kind = "c" if number == found.complement else "o"
        condition = ", ".join(str(c) for c in element.condition)
        joined = ", ".join(p for p in (rest, condition) if p)
        text.append(f"{name('term')}({WORLD}, {group}, {kind}, {_tuple(str(t) for t in element.terms)}, "
                    f"{sign}, {weight}) :- {joined}.")
    sig = f"{name('sig')}({WORLD}, {group}, 0)"
    if found.assigned or not one.complement:     # the whole sum, no set
        text.append(f"{name('at')}({WORLD}, {group}, (), none){body}.")
    if found.assigned:
        head = _Replace(found.assigned, _term(sig))(rule.head)
        first = _parsed("\n".join(text)) + [rule.update(head=head, body=found.rest)]
        return first, _parsed(_second(one))
    bounds = [(operator, str(term)) for operator, term in found.comparisons]
    if not one.complement:
        atoms = [f"&sum {{ {sig}; -({term}) }} {OPERATORS[operator]} 0"
                 for operator, term in bounds]
        first = _parsed("\n".join(text)) + _parsed(
            f"{rule.head} :- {', '.join(p for p in [rest] + atoms if p)}.")
        return first, _parsed(_second(one))
    if len(bounds) != 1:
        raise ValueError(f"{at}: a sum that leaves out what a set names has one bound")
    (operator, bound), = bounds
    left_out = ", ".join(str(c) for c in found.left_out().condition)
    text.append(f"{name('out')}({WORLD}, {group}, {sets}, {_tuple(str(t) for t in found.elements[found.complement].terms)}) "
                f":- {', '.join(p for p in (rest, left_out) if p)}.")
    text.append(f"{name('at')}({WORLD}, {group}, {sets}, {bound}){body}.")
    text.append(f"#external {name('holds')}({WORLD}, {group}, {sets}, {bound}) : "
                f"{name('at')}({WORLD}, {group}, {sets}, {bound}).")
    holds = f"{name('holds')}({WORLD}, {group}, {sets}, {bound})"
    text.append(f"{rule.head} :- {', '.join(p for p in (rest, holds) if p)}.")
    return _parsed("\n".join(text)), _parsed(_second(one, OPERATORS[operator]))


def _term(text):
    statements = []
    ast.parse_string(f"p({text}).", statements.append, logger=silent)
    return statements[1].head.atom.symbol.arguments[0]


def _second(one, operator=None):
    """The second step's program of one sum. Its parts and subset sums are those of the
    first world (F), shared by every world W whose elements hold the same tuples as F's (an
    invariant's second world most often differs from the first in a fact the sum does not
    read): the solver then reasons on one sum, not on one per world. A world whose tuples
    differ (``differs``) has parts and subset sums of its own."""
    n = one.name
    term = n("term")
    lines = [
        f"{n('first')}(F) :- world(F), #false : world(V), V < F.",
        f"{n('other')}(F, W) :- {n('first')}(F), world(W), W != F.",
        f"{n('differs')}(F, W, G) :- {n('other')}(F, W), {n('dom')}(G, T), "
        f"{term}(F, G, _, T, _, _), not {term}(W, G, _, T, _, _).",
        f"{n('differs')}(F, W, G) :- {n('other')}(F, W), {n('dom')}(G, T), "
        f"not {term}(F, G, _, T, _, _), {term}(W, G, _, T, _, _).",
        f"{n('own')}(F, G) :- {n('first')}(F), {n('group')}(G).",
        f"{n('own')}(W, G) :- {n('differs')}(F, W, G).",
        # each tuple's part in a world with sums of its own: its weight when its element
        # holds there, else 0
        f"&sum {{ {n('part')}(W, G, T); -V }} = 0 :- {n('own')}(W, G), {term}(W, G, _, T, 1, V).",
        f"&sum {{ {n('part')}(W, G, T); V }} = 0 :- {n('own')}(W, G), {term}(W, G, _, T, -1, V).",
        f"&sum {{ {n('part')}(W, G, T) }} = 0 :- {n('own')}(W, G), {n('dom')}(G, T), "
        f"not {term}(W, G, _, T, _, _).",
        # the subsets a set may leave out, and the sum of the parts without each
        f"{n('mask')}(G, 0..2 ** K - 1) :- {n('count')}(G, K).",
        f"{n('member')}(G, M, T) :- {n('mask')}(G, M), {n('num')}(G, T, I), (M / 2 ** I) \\ 2 = 1.",
        f"&sum {{ {n('sig')}(W, G, 0); -{n('part')}(W, G, T) : {n('dom')}(G, T) }} = 0 :- "
        f"{n('own')}(W, G).",
        f"&sum {{ {n('sig')}(W, G, M); -{n('sig')}(W, G, P); {n('part')}(W, G, T) }} = 0 :- "
        f"{n('own')}(W, G), {n('member')}(G, M, T), {n('num')}(G, T, I), P = M - 2 ** I.",
        # the sum in a world that shares F's (where the rule names it: an assignment)
        f"{n('shares')}(W, F, G) :- {n('other')}(F, W), {n('group')}(G), "
        f"not {n('differs')}(F, W, G).",
        f"&sum {{ {n('sig')}(W, G, M); -{n('sig')}(F, G, M) }} = 0 :- {n('shares')}(W, F, G), "
        f"{n('mask')}(G, M).",
        # (and its parts 0: no variable is left free, to be enumerated or decided)
        f"&sum {{ {n('part')}(W, G, T) }} = 0 :- {n('shares')}(W, F, G), {n('dom')}(G, T).",
    ]
    if one.complement:
        lines += [
            # the subset each instance's set leaves out in its world, and its comparison,
            # over the sums of that world or those it shares
            f"{n('is')}(W, G, S, M) :- {n('at')}(W, G, S, _), {n('mask')}(G, M), "
            f"{n('out')}(W, G, S, T) : {n('member')}(G, M, T); "
            f"not {n('out')}(W, G, S, T) : {n('num')}(G, T, _), not {n('member')}(G, M, T).",
            f"{n('holds')}(W, G, S, B) :- {n('is')}(W, G, S, M), {n('at')}(W, G, S, B), "
            f"{n('own')}(W, G), &sum {{ {n('sig')}(W, G, M); -B }} {operator} 0.",
            f"{n('holds')}(W, G, S, B) :- {n('is')}(W, G, S, M), {n('at')}(W, G, S, B), "
            f"{n('shares')}(W, F, G), &sum {{ {n('sig')}(F, G, M); -B }} {operator} 0.",
        ]
    return "\n".join(lines)


class Domain:
    """What the first step could give of the sums: the second step's facts (per sum and
    group, the group, its tuples, the numbers of those a set may leave out and their count),
    and each group's weights (a value's variable or a number, per tuple)."""

    def __init__(self, facts, weights):
        self.facts, self.weights = facts, weights

    def largest(self, magnitude):
        """The largest magnitude a sum or part can reach when no open value exceeds
        ``magnitude``: every variable the second step makes lies within it, so that the
        theory solver need not consider any value beyond (its default range is about ±2**30,
        and a part not yet decided would range over all of it)."""
        return max([magnitude] + [sum(abs(w.number) if w.type == SymbolType.Number else
                                      magnitude for w in weights)
                                  for weights in self.weights])


def domain(control, sums):
    """The Domain of the sums in the first step's grounding (``control``)."""
    facts, weights = [], []
    for one in sums:
        groups, tuples = set(), {}
        for atom in control.symbolic_atoms.by_signature(one.name("at"), 4):
            groups.add(atom.symbol.arguments[1])
        for atom in control.symbolic_atoms.by_signature(one.name("term"), 6):
            _, group, kind, tuple_, _, weight = atom.symbol.arguments
            groups.add(group)
            tuples.setdefault(group, {})[tuple_] = (kind.name, weight)
        for group in sorted(groups):
            facts.append(Function(one.name("group"), [group]))
            found = tuples.get(group, {})
            left_out = sorted(t for t, (kind, _) in found.items() if kind == "c")
            if len(left_out) > MOST_LEFT_OUT:
                raise TooWide(len(left_out))
            for tuple_ in sorted(found):
                facts.append(Function(one.name("dom"), [group, tuple_]))
            for index, tuple_ in enumerate(left_out):
                facts.append(Function(one.name("num"), [group, tuple_, Number(index)]))
            facts.append(Function(one.name("count"), [group, Number(len(left_out))]))
            weights.append([weight for _, weight in found.values()])
    return Domain(facts, weights)
