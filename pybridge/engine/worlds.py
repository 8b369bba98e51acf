"""Index every atom of the encoding by a world: ``p(X)`` becomes ``p(W, X)``.

Each rule gets the body literal ``world(W)``, so the same rules hold in every world the
analysis program declares with ``world/1``. Only ``rule_id/1`` (the catalogue) is shared.
The result is the encoding itself, transformed on the parsed statements: there is no second
copy of any rule.
"""

from clingo import ast
from clingo.ast import ASTType

WORLD = "World"
SHARED = {"rule_id", "world"}


def _location():
    position = ast.Position("<worlds>", 1, 1)
    return ast.Location(position, position)


def _world_literal():
    location = _location()
    term = ast.Function(location, "world", [ast.Variable(location, WORLD)], False)
    return ast.Literal(location, ast.Sign.NoSign, ast.SymbolicAtom(term))


class _AddWorld(ast.Transformer):
    def __init__(self, shared=SHARED):
        self.shared = shared

    def visit_SymbolicAtom(self, atom):
        return atom.update(symbol=self._indexed(atom.symbol))

    def _indexed(self, term):
        if term.ast_type == ASTType.Function and term.name not in self.shared:
            variable = ast.Variable(term.location, WORLD)
            return term.update(arguments=[variable, *term.arguments])
        if term.ast_type == ASTType.Pool:    # p(1; 2) parses as the pool p(1); p(2)
            return term.update(arguments=[self._indexed(a) for a in term.arguments])
        return term

    def visit_Rule(self, rule):
        bound = any(self._binds_world(literal) for literal in rule.body)
        rule = rule.update(**self.visit_children(rule))
        # world(W) is only needed where no positive body atom of a world binds W already
        return rule if bound else rule.update(body=[*rule.body, _world_literal()])

    def _binds_world(self, literal):
        if literal.ast_type != ASTType.Literal or literal.sign != ast.Sign.NoSign:
            return False
        atom = literal.atom
        return atom.ast_type == ASTType.SymbolicAtom and \
            atom.symbol.ast_type == ASTType.Function and atom.symbol.name not in self.shared

    def visit_Defined(self, defined):
        """``#defined p/N.`` declares the indexed p/N+1 (asp/core/rulings.lp's why_not/2)."""
        if defined.name in self.shared:
            return defined
        return defined.update(arity=defined.arity + 1)

    def visit_External(self, external):
        external = external.update(**self.visit_children(external))
        return external.update(body=[*external.body, _world_literal()])


def add_worlds(statements, shared=SHARED):
    """The statements with every atom indexed by a world, but those of ``shared``
    predicates (the catalogue; a batch of states under one edition also shares in_force)."""
    transformer = _AddWorld(frozenset(shared))
    return [transformer(statement) for statement in statements]


class _Signatures(ast.Transformer):
    def __init__(self):
        self.found = set()

    def visit_SymbolicAtom(self, atom):
        term = atom.symbol
        if term.ast_type == ASTType.Function:
            self.found.add((term.name, len(term.arguments)))
        return atom


def signatures(statements):
    """Every predicate signature the statements mention (before the world is added)."""
    collector = _Signatures()
    for statement in statements:
        collector(statement)
    return collector.found


def static_predicates(statements):
    """Predicates given only by facts in the program itself (``opposed(good, evil).``):
    the same in every world, so a batch of states may share them."""
    facts, derived = set(), set()
    for statement in statements:
        if statement.ast_type != ASTType.Rule:
            continue
        head = statement.head
        atom = getattr(head, "atom", None)
        if atom is None or atom.ast_type != ASTType.SymbolicAtom:
            if head.ast_type != ASTType.Literal:
                derived.update(_names(head))
            continue
        names = _names(atom.symbol)
        (facts if not statement.body else derived).update(names)
    return facts - derived


def _names(term):
    found = set()

    class Collect(ast.Transformer):
        def visit_SymbolicAtom(self, atom):
            symbol = atom.symbol
            if symbol.ast_type == ASTType.Function:
                found.add(symbol.name)
            elif symbol.ast_type == ASTType.Pool:
                found.update(a.name for a in symbol.arguments if a.ast_type == ASTType.Function)
            return atom

    if term.ast_type == ASTType.Function:
        found.add(term.name)
    elif term.ast_type == ASTType.Pool:
        found.update(a.name for a in term.arguments if a.ast_type == ASTType.Function)
    else:
        Collect()(term)
    return found
