"""Explanations of a draft's rulings, for rules written without annotations (issue 53).

A draft's rule need not say how it explains itself. Each rule that fires is a step of the
explanation (asp/core/explain.lp) named by the atom it derives, ``draft_step(Atom)``: its
rule's ID, its summary, and the facts its body matched (the atoms of its positive body, but
the ``in_force`` guard), listed under ``matched``. A ruling the rule gives
(``ruled_by/2``, ``also_cites/2``) has the step as a reason; a step whose body matched an
atom another of the drafts' rules derives has that rule's step under it, so the explanation
follows the draft's own rules down to the input facts and the rulebook's predicates.

The statements are built as AST, from the draft's parsed rules: the IDs and summaries reach
clingo as string symbols, never as program text.
"""

from .annotations import explaining_guard
from .relevance import IN_FORCE, positive_body, signature

STEP = "draft_step"
RULING_HEADS = {("ruled_by", 2), ("also_cites", 2)}


def explanations(rules):
    """The explanation statements of the drafts' ``rules``: (ID, summary, AST rule) in the
    drafts' order; each holds ``explaining = 1``, as the annotations' rules do."""
    from clingo import ast
    defined = {signature(rule.head.atom) for _, _, rule in rules if _has_atom(rule)}
    guard, found = explaining_guard(), []
    for rule_id, summary, rule in rules:
        if not _has_atom(rule):          # a constraint: no step (no answer, no ruling)
            continue
        rule = _named(rule)
        location = rule.location
        head = rule.head.atom.symbol
        node = _function(location, STEP, [head])
        matched = [(sig, literal) for sig, literal, _ in positive_body(rule) if sig != IN_FORCE]
        template = f"{_plain(summary).rstrip('. ')}: its body matched {{matched}}"
        heads = [_atom(location, "says", [node, _string(location, rule_id),
                                           _string(location, template)])]
        heads += [_atom(location, "says_item", [node, _function(location, "matched", []),
                                                _number(location, order), literal.atom.symbol])
                  for order, (_, literal) in enumerate(matched)]
        heads += [_atom(location, "says_under", [node, _function(location, STEP,
                                                                  [literal.atom.symbol])])
                  for sig, literal in matched if sig in defined]
        if signature(rule.head.atom) in RULING_HEADS:
            ruling = head.arguments[0]
            heads.append(_atom(location, "says_for", [ruling, node]))
        found += [ast.Rule(location, atom, [guard, *rule.body]) for atom in heads]
    return found


def _named(rule):
    """The rule with each anonymous variable ``_`` given a name of its own, so that the
    atoms its body matched can be shown (an anonymous one would be unsafe there)."""
    from clingo import ast
    taken, count = set(), [0]

    class Names(ast.Transformer):
        def visit_Variable(self, variable):
            taken.add(variable.name)
            return variable
    Names()(rule)

    class Anonymous(ast.Transformer):
        def visit_Variable(self, variable):
            if variable.name != "_":
                return variable
            while True:
                count[0] += 1
                name = f"Any{count[0]}"
                if name not in taken:
                    return variable.update(name=name)
    return Anonymous()(rule)


def _has_atom(rule):
    head = rule.head
    return head.ast_type.name == "Literal" and head.atom.ast_type.name == "SymbolicAtom" \
        and signature(head.atom) is not None


def _plain(summary):
    """A summary as a template: its braces are no marks to fill."""
    return summary.replace("{", "(").replace("}", ")")


def _atom(location, name, arguments):
    from clingo import ast
    return ast.Literal(location, ast.Sign.NoSign,
                       ast.SymbolicAtom(_function(location, name, arguments)))


def _function(location, name, arguments):
    from clingo import ast
    return ast.Function(location, name, arguments, False)


def _string(location, text):
    from clingo import String, ast
    return ast.SymbolicTerm(location, String(text))


def _number(location, number):
    from clingo import Number, ast
    return ast.SymbolicTerm(location, Number(number))
