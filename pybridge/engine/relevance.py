"""The rules one given state can fire: a rule whose body needs an atom nothing can derive for
that state is left out of its program before grounding.

gringo's time for a small state goes to the rules, not to the atoms: chronopia's program of
some 500 rules grounds a state of two models in about 60 ms though it derives a few dozen
atoms. Most rules cannot fire for a given state: their body names an input predicate the
document has no fact of (no query of that kind, no terrain), or a rule ID the edition does
not hold (``in_force("C36-CRIT-EXACT")``), or a predicate only such rules derive.

The program kept is exact: a predicate is *possible* when the state gives a fact of it or
some kept rule has it in its head (a condition's atoms counted as the head's, an
over-approximation), and a rule is kept when every atom of its positive body (plain
literals, outside aggregates and conditions) is of a possible predicate and every rule ID it
guards on with ``in_force`` is in force. A rule left out could never fire: an atom of a
predicate that is not possible is false in every answer set, so are ``in_force`` atoms of IDs
not in force (only the edition gives in_force/1, as facts; no rule derives it). Leaving out
rules that never fire changes no answer set. Everything that is not a rule (``#const``,
``#minimize``, ``#show``) is always kept.

Each statement is kept as text with its head predicates, its positive body predicates and
the IDs it guards on (:func:`parts`), so that the program cache stores what a state's
program is made from and ``rulings rule`` needs no syntax tree (pybridge/engine/program_cache.py).
"""

IN_FORCE = ("in_force", 1)


def signature(atom):
    """``(name, arity)`` of a symbolic atom of the AST, or None (a term that is no function)."""
    from clingo import SymbolType, ast
    term = atom.symbol
    if term.ast_type == ast.ASTType.Pool:       # p(a;b): a pool of functions of one name
        term = term.arguments[0]
    if term.ast_type == ast.ASTType.Function:
        return term.name, len(term.arguments)
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == SymbolType.Function:
        return term.symbol.name, len(term.symbol.arguments)
    return None


def signatures(node):
    """The ``(name, arity)`` of every symbolic atom under ``node`` (a head, a body literal:
    its conditions too), in order."""
    from clingo import ast
    found = []

    class Atoms(ast.Transformer):
        def visit_SymbolicAtom(self, atom):
            if signature(atom):
                found.append(signature(atom))
            return atom

    Atoms()(node)
    return found


def positive_body(rule):
    """``(signature, literal, guarded ID or None)`` of each positive plain literal of a
    rule's body (outside aggregates and conditions); the ID is that of an
    ``in_force("ID")`` literal (a string constant)."""
    from clingo import SymbolType, ast
    for literal in rule.body:
        if literal.ast_type != ast.ASTType.Literal or literal.sign != ast.Sign.NoSign or \
                literal.atom.ast_type != ast.ASTType.SymbolicAtom:
            continue
        found = signature(literal.atom)
        if found is None:
            continue
        guard, term = None, literal.atom.symbol
        if found == IN_FORCE and term.ast_type == ast.ASTType.Function:
            (argument,) = term.arguments
            if argument.ast_type == ast.ASTType.SymbolicTerm and \
                    argument.symbol.type == SymbolType.String:
                guard = argument.symbol.string
        yield found, literal, guard


def _part(statement):
    """``[text, heads, body, guards]`` of one statement; heads None: always kept (it is no
    rule). heads: every predicate a symbolic atom of the head names (its conditions too);
    body: the predicates of the positive plain literals of the body; guards: the rule IDs of
    its ``in_force("ID")`` literals."""
    from clingo import ast
    text = str(statement)
    if statement.ast_type != ast.ASTType.Rule:
        return [text, None, [], []]
    heads = set(signatures(statement.head))
    body = {found for found, _, _ in positive_body(statement)}
    guards = {guard for _, _, guard in positive_body(statement) if guard is not None}
    return [text, sorted(map(list, heads)), sorted(map(list, body)), sorted(guards)]


def parts(statements):
    """What :class:`Relevant` is made of, JSON-able (the program cache keeps it)."""
    found = [_part(s) for s in statements]
    if any(IN_FORCE in map(tuple, heads or ()) for _, heads, _, _ in found):
        # a rule deriving in_force/1: the guards say nothing for certain, so none is used
        found = [[text, heads, body, []] for text, heads, body, _ in found]
    return found


class Relevant:
    """A program's statements, each with what it needs to fire (:func:`parts`)."""

    def __init__(self, parts):
        self.texts = [text for text, _, _, _ in parts]
        self.always = [k for k, (_, heads, _, _) in enumerate(parts) if heads is None]
        self.heads = [[tuple(h) for h in heads or ()] for _, heads, _, _ in parts]
        self.needs = [{tuple(b) for b in body} for _, _, body, _ in parts]
        self.guards = [set(guards) for _, _, _, guards in parts]
        self.waiting = {}           # predicate -> the rules whose positive body names it
        for k, needs in enumerate(self.needs):
            for predicate in needs:
                self.waiting.setdefault(predicate, []).append(k)

    def text(self, present, in_force):
        """The program text for a state whose facts are of the predicates ``present`` (a set
        of ``(name, arity)``), with the rule IDs ``in_force``: every statement but the rules
        that cannot fire, in their order."""
        missing = [len(needs) for needs in self.needs]
        kept = [False] * len(self.texts)
        possible = set()
        queue = list(present) + [IN_FORCE]
        for k, needs in enumerate(self.needs):
            if not needs:
                queue.extend(self._fire(k, kept, in_force))
        while queue:
            predicate = queue.pop()
            if predicate in possible:
                continue
            possible.add(predicate)
            for k in self.waiting.get(predicate, ()):
                missing[k] -= 1
                if missing[k] == 0:
                    queue.extend(self._fire(k, kept, in_force))
        for k in self.always:
            kept[k] = True
        return "\n".join(text for text, keep in zip(self.texts, kept) if keep)

    def _fire(self, k, kept, in_force):
        """Rule ``k``'s head predicates, once its body's predicates are all possible, when
        every ID it guards on is in force (it is then kept)."""
        if not self.guards[k] <= in_force:
            return ()
        kept[k] = True
        return self.heads[k]
