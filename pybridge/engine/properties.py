"""A committee's properties: invariants of its own, read from a file as data (issue 53,
item 2: ``rulings check RULEBOOK --property FILE``).

A property file is written as ``asp/<rulebook>/invariants.lp`` is: each property a
``#program`` part under a ``% [ID] description`` line, with ``world/1`` facts, ``premise``
(where its conclusion is tested) and ``violation``. It reads only the input facts
(``state_*``), the rulings (``ruling/2``) and the edition (``in_force/2``), each with its world
first as the invariants write them, and the predicates it defines itself. Its parts are
checked beside the rulebook's invariants, or alone with ``--invariant ID``, with witnesses
and vacuity like theirs.

It is data, as a draft is (rules_text.py): no other directive, no rule outside a part, no
ID the rulebook or another property file has, no head the analysis program already has (a
property may not change the rulings it judges), every refusal naming file, line and column.
"""

import difflib

from ..errors import RulesFileError
from .relevance import signatures
from .rules_text import DIRECTIVES, ids_by_line, read_statements, refuse

# what a property derives besides its own predicates, and what it reads besides them and
# the input facts
SCAFFOLD = {("world", 1), ("premise", 0), ("violation", 0)}
CONTRACT = {("ruling", 2), ("in_force", 2)} | SCAFFOLD


class Property:
    """One part of a property file: its ID, description and the part's name in the
    analysis (``property_N``, so that it meets no part of the rulebook's)."""

    def __init__(self, rule_id, description, part):
        self.id, self.description, self.part = rule_id, description, part


class Properties:
    """The properties of some files: the parts (Property, in file order) and their
    statements (clingo AST, parts renamed)."""

    def __init__(self, parts, statements):
        self.parts, self.statements = tuple(parts), tuple(statements)


def read_all(paths, taken_ids, program_signatures, inputs):
    """The properties in files ``paths``. ``taken_ids``: the rulebook's rule, invariant and
    errata IDs; ``program_signatures``: (name, arity) of every predicate the analysis
    program has (none may be a property's head); ``inputs``: the input predicates as the
    analysis has them (with the world first)."""
    parts, statements, seen = [], [], {}
    for path in paths:
        found, written = _read(path, len(parts), taken_ids, seen, program_signatures, inputs)
        for part in found:
            seen[part.id] = path
        parts += found
        statements += written
    return Properties(parts, statements)


def _read(path, first, taken_ids, seen, program_signatures, inputs):
    from clingo import ast
    lines, statements = read_statements(path)
    by_line, catalogue = ids_by_line(lines)
    parts, written, current = [], [], None
    for statement in statements:
        begin = statement.location.begin
        name = statement.ast_type.name
        if name == "Program":
            rule_id = by_line[begin.line] if begin.line < len(by_line) else None
            if rule_id is None or any(p.id == rule_id for p in parts):
                refuse(path, begin.line, begin.column, "a #program part needs a '% [ID] "
                       "description' line of its own above it")
            if rule_id in taken_ids:
                refuse(path, begin.line, begin.column, f"{rule_id} is already the rulebook's "
                       "(a rule, invariant or contradiction): a property needs an ID of its own")
            if rule_id in seen:
                refuse(path, begin.line, begin.column, f"{rule_id} is given by {seen[rule_id]} "
                       "too")
            if statement.parameters:
                refuse(path, begin.line, begin.column, "a property's #program part takes no "
                       "parameters")
            current = Property(rule_id, catalogue[rule_id].summary,
                               f"property_{first + len(parts)}")
            parts.append(current)
            written.append(statement.update(name=current.part))
            continue
        if name in DIRECTIVES or statement.ast_type != ast.ASTType.Rule:
            refuse(path, begin.line, begin.column, f"{DIRECTIVES.get(name, name)} is not "
                   "allowed in a property file (it holds #program parts and their rules)")
        if current is None:
            refuse(path, begin.line, begin.column, "a rule outside a property: put it in "
                   "the #program part of a '% [ID] description'")
        written.append(statement)
    if not parts:
        raise RulesFileError("no property: a property is a #program part under a "
                             "'% [ID] description' line", source=path)
    _check_predicates(path, [s for s in written if s.ast_type == ast.ASTType.Rule],
                      program_signatures, inputs)
    return parts, written


def _check_predicates(path, rules, program_signatures, inputs):
    """Heads: none the analysis program has but the scaffold; bodies: the contract, the
    inputs and the file's own heads, else a refusal with the nearest of those."""
    own = set()
    for rule in rules:
        for signature in signatures(rule.head):
            if signature in program_signatures and signature not in SCAFFOLD:
                location = rule.head.location.begin
                refuse(path, location.line, location.column,
                       f"{signature[0]}/{signature[1]} is the rulebook's: a property judges "
                       "the rulings, it may not derive what the program derives")
            own.add(signature)
    readable = CONTRACT | set(inputs) | own
    names = sorted(f"{n}/{a}" for n, a in readable)
    for rule in rules:
        for literal in rule.body:
            for signature in signatures(literal):
                if signature in readable:
                    continue
                wanted = f"{signature[0]}/{signature[1]}"
                close = difflib.get_close_matches(wanted, names, n=3, cutoff=0.6)
                hint = f" (did you mean {', '.join(close)}?)" if close else ""
                location = literal.location.begin
                refuse(path, location.line, location.column,
                       f"{wanted} is no input, ruling/2, in_force/2 or predicate of the "
                       f"property file{hint}: a property reads those only")
