"""Open values in a search: the state's integer fields as clingcon integer variables.

A rulebook whose space declares its integer fields open (``Rulebook.open_values``) is
searched with Potassco's clingcon theory registered on the control: the space names each
value by the state (``str(hero(1))``), every world shares it, and the rules' comparisons over
such values are linear constraints (``&sum { ... } >= 0``) that the theory propagates.
clingcon is imported here only, when a search asks for it.

A comparison a rule makes of such a value (``S < 0``, with ``S`` an open argument of an input
atom of its body) is stated once, as for numbers; here it becomes the theory's linear
constraint (``&sum { S } < 0``): :func:`open_comparisons`.

A model's input atoms then name variables; ``values`` reads their assignment and
``substitute`` puts the numbers in, so a witness is the same integer document as ever.
"""

from clingo import Function, Number, SymbolType, ast


class Theory:
    """One clingcon theory for one control: register before adding statements, prepare after
    grounding, read a model's values."""

    def __init__(self, positions=None):
        from clingcon import ClingconTheory
        self.theory = ClingconTheory()
        self.positions = positions or {}

    @classmethod
    def of(cls, vocabulary):
        """The theory for a space generated from ``vocabulary``."""
        return cls(open_positions(vocabulary))

    def register(self, control):
        self.theory.register(control)

    def add(self, builder, statement):
        self.theory.rewrite_ast(open_comparisons(statement, self.positions), builder.add)

    def limit(self, magnitude):
        """No integer variable beyond ±``magnitude`` (all are sums of the space's values)."""
        self.theory.configure("min-int", str(-magnitude))
        self.theory.configure("max-int", str(magnitude))

    def prepare(self, control):
        self.theory.prepare(control)

    def values(self, model):
        """The integer variables' values in ``model`` (call once per model, first)."""
        self.theory.on_model(model)
        return dict(self.theory.assignment(model.thread_id))


def open_positions(vocabulary):
    """The open integer arguments of a space generated from ``vocabulary``, by input, as the
    worlds index them (world first): ``{(name, arity): {index, ...}}``."""
    positions = {}
    for declared in vocabulary.inputs if vocabulary is not None else ():
        for index, domain in enumerate(declared.args):
            if getattr(domain, "open", False):
                positions.setdefault((declared.name, declared.arity + 1), set()).add(index + 1)
    return positions


def magnitude(vocabulary, bounds):
    """The largest magnitude of an open value of a space generated from ``vocabulary``
    within ``bounds`` (the numbers of the constants its domains name), or None when a
    domain's constant is not a bound's."""
    numbers = bounds.numbers()
    found = [0]
    for declared in vocabulary.inputs if vocabulary is not None else ():
        for domain in declared.args:
            if getattr(domain, "open", False):
                if domain.lo not in numbers or domain.hi not in numbers:
                    return None
                found += [abs(numbers[domain.lo]), abs(numbers[domain.hi])]
    return max(found)


OPERATORS = {ast.ComparisonOperator.LessThan: "<", ast.ComparisonOperator.LessEqual: "<=",
              ast.ComparisonOperator.GreaterThan: ">", ast.ComparisonOperator.GreaterEqual: ">=",
              ast.ComparisonOperator.Equal: "=", ast.ComparisonOperator.NotEqual: "!="}


def open_comparisons(statement, positions):
    """``statement`` with each body comparison of an open value (a variable at one of
    ``positions``, ``{(name, arity): {index, ...}}``, of a positive input atom of the body) as
    a linear constraint: ``L op R`` as ``&sum { L; -R } op 0``."""
    if statement.ast_type != ast.ASTType.Rule or not positions:
        return statement
    opened = set()
    for literal in statement.body:
        if literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign and \
                literal.atom.ast_type == ast.ASTType.SymbolicAtom and \
                literal.atom.symbol.ast_type == ast.ASTType.Function:
            function = literal.atom.symbol
            for index in positions.get((function.name, len(function.arguments)), ()):
                argument = function.arguments[index]
                if argument.ast_type == ast.ASTType.Variable:
                    opened.add(argument.name)
    if not opened:
        return statement
    body = [_linear(literal, opened) for literal in statement.body]
    return statement.update(body=body)


def _linear(literal, opened):
    if literal.ast_type != ast.ASTType.Literal or literal.sign != ast.Sign.NoSign or \
            literal.atom.ast_type != ast.ASTType.Comparison or len(literal.atom.guards) != 1:
        return literal
    comparison = literal.atom
    left, guard = comparison.term, comparison.guards[0]
    from ..engine.rewrite import variables
    if not variables(left, guard.term) & opened:
        return literal
    right = guard.term
    text = f"&sum {{ {left} }} {OPERATORS[guard.comparison]} {right}" \
        if not variables(right) & opened else \
        f"&sum {{ {left}; -({right}) }} {OPERATORS[guard.comparison]} 0"
    parsed = []
    ast.parse_string(f":- {text}.", parsed.append)
    return parsed[-1].body[0].update(location=literal.location)


def substitute(symbol, values):
    """``symbol`` with every subterm that names a variable replaced by its value."""
    if symbol in values:
        return Number(values[symbol])
    if symbol.type != SymbolType.Function or not symbol.arguments:
        return symbol
    arguments = [substitute(a, values) for a in symbol.arguments]
    return Function(symbol.name, arguments, symbol.positive)
