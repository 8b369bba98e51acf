"""Open values in a search: the state's integer fields as clingcon integer variables.

A rulebook whose space declares its integer fields open (``Rulebook.open_values``) is
searched with Potassco's clingcon theory registered on the control: the space names each
value by the state (``str(hero(1))``), every world shares it, and the rules' comparisons over
such values are linear constraints (``&sum { ... } >= 0``) that the theory propagates.
clingcon is imported here only, when a search asks for it.

A model's input atoms then name variables; ``values`` reads their assignment and
``substitute`` puts the numbers in, so a witness is the same integer document as ever.
"""

from clingo import Function, Number, SymbolType


class Theory:
    """One clingcon theory for one control: register before adding statements, prepare after
    grounding, read a model's values."""

    def __init__(self):
        from clingcon import ClingconTheory
        self.theory = ClingconTheory()

    def register(self, control):
        self.theory.register(control)

    def add(self, builder, statement):
        self.theory.rewrite_ast(statement, builder.add)

    def prepare(self, control):
        self.theory.prepare(control)

    def values(self, model):
        """The integer variables' values in ``model`` (call once per model, first)."""
        self.theory.on_model(model)
        return dict(self.theory.assignment(model.thread_id))


def substitute(symbol, values):
    """``symbol`` with every subterm that names a variable replaced by its value."""
    if symbol in values:
        return Number(values[symbol])
    if symbol.type != SymbolType.Function or not symbol.arguments:
        return symbol
    arguments = [substitute(a, values) for a in symbol.arguments]
    return Function(symbol.name, arguments, symbol.positive)
