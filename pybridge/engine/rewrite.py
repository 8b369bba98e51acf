"""Rewrites of the parsed rule files for the question asked of them.

The rule files state each rule once. What differs between questions is how a comparison is
best grounded or solved, and that is decided here, not in the rules:

- :func:`select` keeps the program parts a question needs. A rule file may end with parts
  that only some questions ground (``#program values.``: what only questions over values
  that are numbers need, such as the amounts an explanation shows; ``#program one_state.``:
  shortcuts exact for one given state, such as redemption's key groups). Every other
  statement is in ``base``, for every question. The parts are selected before grounding and
  joined into ``base``. No part states a rule a second time: a search over open values
  grounds ``base`` alone, its sums made the theory solver's by pybridge/analysis/open_sums.py.
- :func:`split_complements` states a body ``#sum`` that leaves out the tuples a set ``L``
  names (an element ``W, X : ..., not out(L, X)``, with ``L`` a variable of the rule that no
  other part of the sum reads) as the whole sum compared with the bound plus what ``L``
  leaves out (``Σ over P and not N = Σ over P - Σ over P and N``): the whole sum no longer
  depends on ``L``, so :func:`factor_bounds` shares it among the sets, and each set sums only
  what it leaves out. For a given state (the rule path), where a set per defender would
  otherwise cost every defender every element. The analysis turns the same form into the
  theory solver's sums over open values (pybridge/analysis/open_sums.py).
- :func:`factor_bounds` shares the comparison of a body ``#sum`` (or ``#count``) with a bound
  among the rule's instances that compare the same elements against the same bound: gringo
  grounds a body aggregate once per instance of its rule, so a comparison that ``n``
  instances share costs ``n`` times its elements (measured: 4,000 instances of one sum over
  4,000 elements, 2.2 s of grounding against 0.02 s factored). For a given state, whose
  values are numbers, the rule path factors every such rule.
"""

from clingo import ast

# the parts of the rule files and the questions that ground them (every question: base)
PARTS = {
    "state": ("base", "values", "one_state"),     # `rulings rule`: one given state
    "chosen": ("base", "values"),                  # a search with values chosen as numbers
    "open": ("base",),                             # a search with open values (clingcon)
}
KNOWN = frozenset(part for parts in PARTS.values() for part in parts)


def select(statements, question):
    """The statements of the parts ``question`` grounds (PARTS), all in ``base`` (the
    ``#program`` directives left out). Each file starts in ``base``. A part no question
    grounds is an error: a misspelt part would otherwise silently drop its rules."""
    wanted, part, filename, kept = PARTS[question], "base", None, []
    for statement in statements:
        begin = statement.location.begin.filename
        if begin != filename:
            filename, part = begin, "base"
        if statement.ast_type == ast.ASTType.Program:
            part = statement.name
            if part not in KNOWN or statement.parameters:
                raise ValueError(f"{begin}:{statement.location.begin.line}: unknown program "
                                 f"part {part!r} (known: {', '.join(sorted(KNOWN))})")
            continue
        if part in wanted:
            kept.append(statement)
    return kept


class _Variables(ast.Transformer):
    def __init__(self):
        self.names = set()

    def visit_Variable(self, variable):
        if variable.name != "_":
            self.names.add(variable.name)
        return variable


def variables(*nodes):
    """The names of the variables in ``nodes`` (anonymous ones left out)."""
    found = _Variables()
    for node in nodes:
        if node is not None:
            found(node)
    return found.names


def _aggregate(literal):
    return literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign and \
        literal.atom.ast_type == ast.ASTType.BodyAggregate


def _binds(literal):
    """The variables a body literal binds: those of a positive atom's arguments."""
    if literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign and \
            literal.atom.ast_type == ast.ASTType.SymbolicAtom:
        return variables(literal.atom)
    return set()


def factor_bounds(statements):
    """Every rule with one body aggregate compared with a bound the rest of its body binds,
    and variables the aggregate does not read (so that instances share it), as three:

        _bound_n(G, B) :- rest.          the bounds each group of instances compares with
        _reaches_n(G, B) :- _bound_n(G, B), aggregate.     once per group
        head :- rest, _reaches_n(G, B).

    G are the aggregate's global variables and B the bound's. The three have the answer
    sets of the one (the new atoms are defined by these rules alone)."""
    result, number = [], 0
    for statement in statements:
        factored = _factored(statement, number) if statement.ast_type == ast.ASTType.Rule \
            else None
        if factored is None:
            result.append(statement)
        else:
            result.extend(factored)
            number += 1
    return result


def _factored(rule, number):
    body = list(rule.body)
    found = [i for i, literal in enumerate(body) if _aggregate(literal)]
    if len(found) != 1:
        return None
    literal = body[found[0]]
    aggregate = literal.atom
    rest = body[:found[0]] + body[found[0] + 1:]
    guards = [g for g in (aggregate.left_guard, aggregate.right_guard) if g is not None]
    bound = variables(*(g.term for g in guards))
    bound_by_rest = set().union(*(_binds(b) for b in rest))
    if not guards or not bound <= bound_by_rest:
        return None                        # an assignment (I = #sum ...): nothing to share
    outside = variables(rule.head, *rest)
    inside = variables(*aggregate.elements)
    shared = sorted((inside & outside) | bound)
    if not outside - set(shared):
        return None                        # every instance has an aggregate of its own
    location = rule.location

    def atom(name):
        arguments = [ast.Variable(location, v) for v in shared]
        return ast.Literal(location, ast.Sign.NoSign, ast.SymbolicAtom(
            ast.Function(location, f"_{name}_{number}", arguments, 0)))
    key, reached = atom("bound"), atom("reaches")
    return [ast.Rule(location, key, rest),
            ast.Rule(location, reached, [key, literal]),
            ast.Rule(location, rule.head, rest + [reached])]


# --- sums that leave out what a set names ------------------------------------------------------

_FLIPPED = {ast.ComparisonOperator.LessThan: ast.ComparisonOperator.GreaterThan,
            ast.ComparisonOperator.LessEqual: ast.ComparisonOperator.GreaterEqual,
            ast.ComparisonOperator.GreaterThan: ast.ComparisonOperator.LessThan,
            ast.ComparisonOperator.GreaterEqual: ast.ComparisonOperator.LessEqual,
            ast.ComparisonOperator.Equal: ast.ComparisonOperator.Equal,
            ast.ComparisonOperator.NotEqual: ast.ComparisonOperator.NotEqual}


def where(node):
    """``file:line`` of a parsed node, for an error naming it."""
    begin = node.location.begin
    return f"{begin.filename}:{begin.line}"


class Sum:
    """A rule's one body ``#sum`` (or ``#sum+``), as the rewrites see it.

    ``rest`` is the rest of the body; ``comparisons`` the sum's guards as ``(operator,
    term)`` with the sum on the left (``B <= #sum`` is ``(>=, B)``); ``assigned`` the
    variable an assignment (``V = #sum``) binds, else None. ``complement`` is the index of
    the element whose condition holds ``not out(..., L, ...)`` (at index ``negative``), where the
    variables ``sets`` (``L``) are the rule's and no other part of the sum reads them: the
    sum leaves out what the set names. Its tuples must be told apart from every other
    element's by a function symbol or a constant (``W, strength(X)`` against ``-T,
    toughness(Y)``), so that a tuple the set leaves out is not also given by another
    element."""

    def __init__(self, rule, index):
        self.rule, self.index = rule, index
        self.literal = rule.body[index]
        self.aggregate = self.literal.atom
        self.rest = list(rule.body[:index]) + list(rule.body[index + 1:])
        self.elements = list(self.aggregate.elements)
        self.globals = variables(rule.head, *self.rest)
        comparisons = []
        if self.aggregate.left_guard is not None:
            guard = self.aggregate.left_guard
            comparisons.append((_FLIPPED[guard.comparison], guard.term))
        if self.aggregate.right_guard is not None:
            guard = self.aggregate.right_guard
            comparisons.append((guard.comparison, guard.term))
        self.comparisons = comparisons
        self.assigned = None
        if len(comparisons) == 1 and comparisons[0][0] == ast.ComparisonOperator.Equal and \
                comparisons[0][1].ast_type == ast.ASTType.Variable and \
                comparisons[0][1].name not in set().union(*(_binds(b) for b in self.rest)):
            self.assigned = comparisons[0][1].name
        self.complement, self.negative, self.sets = self._complement()

    @classmethod
    def of(cls, rule):
        """The rule's one body #sum, or None (no aggregate, another function, several)."""
        if rule.ast_type != ast.ASTType.Rule:
            return None
        found = [i for i, literal in enumerate(rule.body) if _aggregate(literal)]
        if len(found) != 1 or rule.body[found[0]].atom.function not in (
                ast.AggregateFunction.Sum, ast.AggregateFunction.SumPlus):
            return None
        return cls(rule, found[0])

    def _complement(self):
        found = []
        for number, element in enumerate(self.elements):
            others = [e for i, e in enumerate(self.elements) if i != number]
            condition = list(element.condition)
            for position, literal in enumerate(condition):
                if literal.ast_type != ast.ASTType.Literal or \
                        literal.sign != ast.Sign.Negation or \
                        literal.atom.ast_type != ast.ASTType.SymbolicAtom:
                    continue
                own = condition[:position] + condition[position + 1:]
                elsewhere = variables(*others, *own, *element.terms,
                                      *(t for _, t in self.comparisons))
                sets = sorted((variables(literal) & self.globals) - elsewhere)
                if sets:
                    found.append((number, position, sets))
        if not found:
            return None, None, ()
        if len(found) > 1 or self.assigned is not None:
            raise ValueError(f"{where(self.rule)}: a sum may leave out what one set names, in "
                             "one element, compared with a bound")
        number, position, sets = found[0]
        element = self.elements[number]
        literal = element.condition[position]
        local = variables(literal) - self.globals
        if not local <= variables(*element.terms):
            raise ValueError(f"{where(literal)}: what the set leaves out must be a tuple of "
                             "the sum: the literal's variables are the tuple's or the rule's")
        for i, other in enumerate(self.elements):
            if i != number and not _apart(element.terms, other.terms):
                raise ValueError(f"{where(self.rule)}: the tuples of a sum that leaves out what a "
                                 "set names must be told apart from the other elements' by a "
                                 "function symbol or a constant")
        return number, position, sets

    def kept(self):
        """The elements with the complemented one's negative literal left out."""
        element = self.elements[self.complement]
        condition = [c for i, c in enumerate(element.condition) if i != self.negative]
        return [e if i != self.complement else element.update(condition=condition)
                for i, e in enumerate(self.elements)]

    def left_out(self):
        """The complemented element with its negative literal made positive: the tuples
        the set leaves out."""
        element = self.elements[self.complement]
        condition = [c if i != self.negative else c.update(sign=ast.Sign.NoSign)
                     for i, c in enumerate(element.condition)]
        return element.update(condition=condition)


def _apart(first, second):
    """Whether no tuple can match both term lists (told apart at some position by a
    function symbol or a constant)."""
    if len(first) != len(second):
        return True
    return any(_distinct(a, b) for a, b in zip(first, second))


def _distinct(a, b):
    kinds = (ast.ASTType.Function, ast.ASTType.SymbolicTerm)
    if a.ast_type not in kinds or b.ast_type not in kinds:
        return False
    if a.ast_type == ast.ASTType.SymbolicTerm and b.ast_type == ast.ASTType.SymbolicTerm:
        return a.symbol != b.symbol
    if a.ast_type == ast.ASTType.Function and b.ast_type == ast.ASTType.Function:
        if a.name != b.name or len(a.arguments) != len(b.arguments):
            return True
        return any(_distinct(x, y) for x, y in zip(a.arguments, b.arguments))
    return True     # a constant against a function term (a term with arguments, or a tuple)


def _fresh(name, taken):
    while name in taken:
        name += "_"
    return name


def split_complements(statements):
    """Every rule whose body ``#sum`` leaves out what a set names (:class:`Sum`), as two:

        _cut_n(G, Cut) :- rest, Cut = #sum { what the set leaves out }.
        head :- rest, _cut_n(G, Cut), #sum { the whole sum } op B + Cut.

    G are the variables the sum shares with the rest of the rule (the set's among them).
    The two have the answer sets of the one: a tuple the set leaves out is given by no other
    element, so the sum without it is the whole sum less what is left out."""
    result, number = [], 0
    for statement in statements:
        found = Sum.of(statement)
        if found is None or found.complement is None:
            result.append(statement)
            continue
        result.extend(_split(found, number))
        number += 1
    return result


def _split(found, number):
    rule, location = found.rule, found.rule.location
    cut = _fresh("Cut", found.globals | variables(*found.elements))
    shared = sorted(variables(*found.elements) & found.globals)
    arguments = [ast.Variable(location, v) for v in shared] + [ast.Variable(location, cut)]
    key = ast.Literal(location, ast.Sign.NoSign, ast.SymbolicAtom(
        ast.Function(location, f"_cut_{number}", arguments, 0)))
    total = ast.BodyAggregate(
        location, ast.Guard(ast.ComparisonOperator.Equal, ast.Variable(location, cut)),
        found.aggregate.function, [found.left_out()], None)
    defined = ast.Rule(location, key, found.rest + [
        ast.Literal(location, ast.Sign.NoSign, total)])

    def plus(guard):
        if guard is None:
            return None
        return guard.update(term=ast.BinaryOperation(
            location, ast.BinaryOperator.Plus, guard.term, ast.Variable(location, cut)))
    aggregate = found.aggregate.update(elements=found.kept(),
                                       left_guard=plus(found.aggregate.left_guard),
                                       right_guard=plus(found.aggregate.right_guard))
    body = list(rule.body)
    body[found.index] = found.literal.update(atom=aggregate)
    body.insert(found.index, key)
    return [defined, rule.update(body=body)]
