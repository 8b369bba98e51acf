"""Explanations generated from the rules they explain (asp/core/explain.lp, issue 26).

A rule carries its explanation as annotation lines right under it, ``%!`` comments holding
says* statements: their heads are the explanation's atoms, their bodies what the explanation
adds to the rule's own body (the values it shows). The bridge makes each into a rule whose
body is ``explaining = 1``, the annotated rule's body and the annotation's body, so that an
explanation holds exactly when its rule fires and cannot drift from it::

    procedure("RED-BAT-0") :- in_force("RED-BAT-0"), fighting, one_on_one.
    %! says(procedure("RED-BAT-0"), "one on one: two characters in battle ({characters})").
    %! says_item(procedure("RED-BAT-0"), characters, C, C) :- in_battle(C).

``says/2`` takes the ID of the rule's section (the ``% [ID] ...`` comment above it) as its
rule ID: it becomes ``says(Node, ID, Template)``. An annotation may span several ``%!``
lines; a block of them belongs to the statement that ends above it. Two more forms explain
what no one rule's body says:

- ``head``, a literal of an annotation's body, stands for the atom the rule derives (its
  head) in place of the rule's body: the explanation holds whenever that atom does, whichever
  of its rules derives it, and is written once, under one of them::

      blocks(magic, E, "HKK-132.4") :- in_force("HKK-132.4"), form(E, spell).
      blocks(magic, E, "HKK-132.4") :- in_force("HKK-132.4"), form(E, enchantment).
      %! says(blocked(E, magic), "magic immunity applies ...") :- head, meets(E, magic).

- a section annotation, a block with no rule between it and the ``% [ID]`` comment of its
  section (the ID's source and gloss lines, or other comments, may stand between; in a file
  without sections, a block above the file's first rule), states what the section says
  beyond any one of its rules: its body is its own (and ``explaining = 1``), and ``says/2``
  takes the section's ID. A section's ID may be repeated in a comment further down
  (``% [B.5.2.4] ...``, the catalogue keeps the first) to put a section annotation beside
  the rules it is about.

An error in an annotation (one that does not parse, a head that is no says* atom, ``head``
where there is no rule, a variable its generated rule does not bind) is a ValueError
naming its file and line.
"""

import bisect
import re

ANNOTATION = re.compile(r"^(\s*)%!(.*)$")
HEAD = "head"


def _blocks(lines):
    """(first line number, text) of each block of consecutive ``%!`` lines (1-based); the
    text keeps each line's columns (``%!`` read as two spaces)."""
    block, first = [], None
    for number, line in enumerate(lines, 1):
        match = ANNOTATION.match(line)
        if match:
            if not block:
                first = number
            block.append(match.group(1) + "  " + match.group(2))
        elif block:
            yield first, "\n".join(block)
            block = []
    if block:
        yield first, "\n".join(block)


def _sections(lines, section):
    """The rule ID in force at each line (1-based): the last ``% [ID]`` comment above it
    (``section``: the pattern of that comment, its first group the ID), and the line numbers
    of those comments."""
    current, found, headers = None, [None], []
    for number, line in enumerate(lines, 1):
        match = section.match(line.strip())
        if match:
            current = match.group(1)
            headers.append(number)
        found.append(current)
    return found, headers


def generated(path, statements, section):
    """The explanation rules the annotations of file ``path`` give, for its parsed
    ``statements`` (clingo AST, in file order); ``section`` is the pattern of a rule ID's
    comment (pybridge/engine/encoding.py's RULE_COMMENT)."""
    from clingo import ast
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    blocks = list(_blocks(lines))
    if not blocks:
        return []
    sections, headers = _sections(lines, section)
    rules = sorted((s for s in statements if s.ast_type == ast.ASTType.Rule
                    and s.location.begin.filename == str(path)),
                   key=lambda s: s.location.end.line)
    ends = [r.location.end.line for r in rules]
    guard = explaining_guard()
    found = []
    for first, block in blocks:
        above = bisect.bisect_left(ends, first)     # the rules that end above the block
        rule = rules[above - 1] if above else None
        header = headers[bisect.bisect_left(headers, first) - 1] \
            if headers and headers[0] < first else None
        if rule is not None and (header is None or header < rule.location.end.line):
            rule_id = sections[rule.location.begin.line]
        else:                                       # a section annotation
            rule, rule_id = None, sections[first]
        for annotation in _parse(block, path, first):
            head = _with_id(annotation.head, rule_id, path, first)
            body = _body(annotation, rule, path)
            found.append(ast.Rule(annotation.location, head, [guard, *body]))
    _check_safe(found, path)
    return found


def _body(annotation, rule, path):
    """The generated rule's body, but ``explaining = 1``: the rule's body and the
    annotation's, or with ``head`` the annotation's, ``head`` replaced by the rule's head."""
    from clingo import ast
    line = annotation.location.begin.line
    heads = [i for i, literal in enumerate(annotation.body) if _is_head(literal)]
    if not heads:
        return [*(rule.body if rule is not None else ()), *annotation.body]
    literal = annotation.body[heads[0]]
    if len(heads) > 1 or literal.sign != ast.Sign.NoSign:
        raise ValueError(f"{path}:{line}: an annotation's body holds '{HEAD}' once, and not "
                         "negated")
    if rule is None:
        raise ValueError(f"{path}:{line}: '{HEAD}' stands for the head of the rule above the "
                         "annotation, and a section annotation has none")
    if rule.head.ast_type != ast.ASTType.Literal or rule.head.sign != ast.Sign.NoSign \
            or rule.head.atom.ast_type != ast.ASTType.SymbolicAtom:
        raise ValueError(f"{path}:{line}: '{HEAD}' needs a rule whose head is one atom, "
                         f"not {rule.head}")
    body = list(annotation.body)
    body[heads[0]] = literal.update(atom=rule.head.atom)
    return body


def _is_head(literal):
    from clingo import ast
    atom = getattr(literal, "atom", None)
    symbol = getattr(atom, "symbol", None) if atom is not None \
        and atom.ast_type == ast.ASTType.SymbolicAtom else None
    return symbol is not None and symbol.ast_type == ast.ASTType.Function \
        and symbol.name == HEAD and not symbol.arguments and not symbol.external


def _parse(block, path, first):
    """The statements of a block, their locations those of the file (``first``: the line the
    block starts on)."""
    from clingo import ast
    parsed, messages = [], []
    try:
        ast.parse_string("\n" * (first - 1) + block, parsed.append,
                         logger=lambda _code, message: messages.append(message))
    except RuntimeError as error:
        where = re.search(r"<string>:(\d+):", "".join(messages))
        detail = " ".join(m.strip().replace("<string>", str(path)) for m in messages)
        raise ValueError(f"{path}:{where.group(1) if where else first}: cannot parse the "
                         f"annotation: {detail or error}") from None
    parsed = [_located(s, str(path)) for s in parsed if s.ast_type == ast.ASTType.Rule]
    for statement in parsed:
        if not str(statement.head).startswith("says"):
            raise ValueError(f"{path}:{statement.location.begin.line}: an annotation's head "
                             f"must be a says* atom, not {statement.head}")
    return parsed


def _located(statement, filename):
    """``statement`` located in file ``filename`` (the parser names none; its lines and
    columns are already those of the file)."""
    from clingo import ast
    where = statement.location
    return statement.update(location=ast.Location(
        ast.Position(filename, where.begin.line, where.begin.column),
        ast.Position(filename, where.end.line, where.end.column)))


def _check_safe(rules, path):
    """Raise a ValueError with clingo's message if a generated rule cannot be grounded (a
    variable its body does not bind): grounded alone, without facts, they cost nothing."""
    import clingo
    from clingo import ast
    messages = []
    control = clingo.Control(logger=lambda _code, message: messages.append(message))
    try:
        with ast.ProgramBuilder(control) as builder:
            for rule in rules:
                builder.add(rule)
        control.ground([("base", [])])
    except RuntimeError as error:
        errors = [m.strip().replace("<string>", str(path)) for m in messages
                  if "error" in m] or [str(error)]
        line = re.search(r":(\d+):\d+", errors[0])
        raise ValueError(f"{path}:{line.group(1) if line else '?'}: clingo rejects the rule "
                         f"an annotation gives: {' '.join(errors)}") from None


def _with_id(head, rule_id, path, first):
    """``says(Node, Template)`` with the section's rule ID: ``says(Node, ID, Template)``."""
    from clingo import String, ast
    atom = getattr(head, "atom", None)
    symbol = getattr(atom, "symbol", None)
    if symbol is None or symbol.ast_type != ast.ASTType.Function or symbol.name != "says" \
            or len(symbol.arguments) != 2:
        return head
    if rule_id is None:
        raise ValueError(f"{path}:{head.location.begin.line}: says/2 needs a % [ID] section "
                         "above it")
    node, template = symbol.arguments
    identifier = ast.SymbolicTerm(symbol.location, String(rule_id))
    return head.update(atom=atom.update(symbol=symbol.update(
        arguments=[node, identifier, template])))


def explaining_guard():
    """The literal ``explaining = 1`` every explanation rule's body holds."""
    from clingo import ast
    parsed = []
    ast.parse_string("guard :- explaining = 1.", parsed.append)
    return parsed[-1].body[0]
