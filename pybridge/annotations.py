"""Explanations generated from the rules they explain (asp/core/explain.lp, issue 26).

A rule carries its explanation as annotation lines right under it, ``%!`` comments holding
says* statements: their heads are the explanation's atoms, their bodies what the explanation
adds to the rule's own body (the values it shows). The bridge makes each into a rule whose
body is the annotated rule's body, the annotation's body and ``explaining = 1``, so that an
explanation holds exactly when its rule fires and cannot drift from it::

    procedure("RED-BAT-0") :- in_force("RED-BAT-0"), fighting, one_on_one.
    %! says(procedure("RED-BAT-0"), "one on one: two characters in battle ({characters})").
    %! says_item(procedure("RED-BAT-0"), characters, C, C) :- in_battle(C).

``says/2`` takes the ID of the rule's section (the ``% [ID] ...`` comment above it) as its
rule ID: it becomes ``says(Node, ID, Template)``. An annotation may span several ``%!``
lines; a block of them belongs to the statement that ends right above it.
"""

import bisect
import re

ANNOTATION = re.compile(r"^\s*%!(.*)$")


def _blocks(lines):
    """(first line number, text) of each block of consecutive ``%!`` lines (1-based)."""
    block, first = [], None
    for number, line in enumerate(lines, 1):
        match = ANNOTATION.match(line)
        if match:
            if not block:
                first = number
            block.append(match.group(1))
        elif block:
            yield first, "\n".join(block)
            block = []
    if block:
        yield first, "\n".join(block)


def _sections(lines, section):
    """The rule ID in force at each line (1-based): the last ``% [ID]`` comment above it
    (``section``: the pattern of that comment, its first group the ID)."""
    current, found = None, [None]
    for line in lines:
        match = section.match(line.strip())
        if match:
            current = match.group(1)
        found.append(current)
    return found


def generated(path, statements, section):
    """The explanation rules the annotations of file ``path`` give, for its parsed
    ``statements`` (clingo AST, in file order); ``section`` is the pattern of a rule ID's
    comment (pybridge/encoding.py's RULE_COMMENT)."""
    from clingo import ast
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    blocks = list(_blocks(lines))
    if not blocks:
        return []
    sections = _sections(lines, section)
    rules = sorted((s for s in statements if s.ast_type == ast.ASTType.Rule
                    and s.location.begin.filename == str(path)),
                   key=lambda s: s.location.end.line)
    ends = [r.location.end.line for r in rules]
    guard = _guard()
    found = []
    for first, block in blocks:
        above = bisect.bisect_left(ends, first)     # the rules that end above the block
        if not above:
            raise ValueError(f"{path}:{first}: an annotation needs a rule above it")
        rule = rules[above - 1]
        rule_id = sections[rule.location.begin.line]
        for annotation in _parse(block, path, first):
            head = _with_id(annotation.head, rule_id, path, first)
            found.append(ast.Rule(annotation.location, head,
                                  [guard, *rule.body, *annotation.body]))
    return found


def _parse(block, path, first):
    from clingo import ast
    parsed = []
    try:
        ast.parse_string(block, parsed.append)
    except RuntimeError as error:
        raise ValueError(f"{path}:{first}: cannot parse the annotation: {error}") from None
    parsed = [s for s in parsed if s.ast_type == ast.ASTType.Rule]
    for statement in parsed:
        if not str(statement.head).startswith("says"):
            raise ValueError(f"{path}:{first}: an annotation's head must be a says* atom, "
                             f"not {statement.head}")
    return parsed


def _with_id(head, rule_id, path, first):
    """``says(Node, Template)`` with the section's rule ID: ``says(Node, ID, Template)``."""
    from clingo import String, ast
    atom = getattr(head, "atom", None)
    symbol = getattr(atom, "symbol", None)
    if symbol is None or symbol.ast_type != ast.ASTType.Function or symbol.name != "says" \
            or len(symbol.arguments) != 2:
        return head
    if rule_id is None:
        raise ValueError(f"{path}:{first}: says/2 needs a % [ID] section above its rule")
    node, template = symbol.arguments
    identifier = ast.SymbolicTerm(symbol.location, String(rule_id))
    return head.update(atom=atom.update(symbol=symbol.update(
        arguments=[node, identifier, template])))


def _guard():
    from clingo import ast
    parsed = []
    ast.parse_string("guard :- explaining = 1.", parsed.append)
    return parsed[-1].body[0]
