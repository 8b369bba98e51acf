"""Rewrites of the parsed rule files for the question asked of them.

The rule files state each rule once. What differs between questions is how a comparison is
best grounded or solved, and that is decided here, not in the rules:

- :func:`select` keeps the program parts a question needs. A rule file may end with parts
  that hold the forms of a computation for one kind of question only (``#program
  open_values.``: the theory solver's linear constraints over open values; ``#program
  values.``: the same computed from values that are numbers; ``#program one_state.``:
  shortcuts exact for one given state, such as redemption's key groups). Every other
  statement is in ``base``, for every question. The parts are selected before grounding and
  joined into ``base``.
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
    "open": ("base", "open_values"),               # a search with open values (clingcon)
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
