"""A committee's draft: rules and editions of its own, read from a file as data (issue 53).

A draft is written in the language of the package's rule files: each rule under a
``% [ID] summary`` line (with an optional ``% source: «…»`` line), guarded by
``in_force("ID")``, its rulings through ``ruled_by/2`` and ``also_cites/2``; constraints are
rules too. Its editions are written as ``asp/<rulebook>/editions.lp``'s, with ``edition/2``
and ``in_edition/2``, and need no ID.

A rules file is data, not code. It never runs a script and never reads another file:
``#include`` is refused before the text reaches clingo's parser (which would read the file it
names), and so are ``#script``, ``#external``, ``#show``, ``#program`` and every other
directive. A rule without an ID line or without its guard is refused, and so are an ID the
rulebook already has, a rule deriving what the rulebook owns (``in_force``, ``ruling``,
``because``, ``rule_id``, an input predicate ``state_*``, an explanation ``says*``), and an
edition statement about a built-in edition. A rule's body reads the input facts, the derived
predicates the rulebook declares public, the rulings (``ruled_by/2``, ``also_cites/2``),
``in_force/1`` and the draft's own predicates (pybridge/books/draft_vocabulary.py: `rulings
vocabulary`); any other predicate, one of the rulebook's own or one nothing defines, is
refused with "did you mean …?". Every refusal is a RulesFileError naming the file, line and
column.
"""

import difflib
from functools import cached_property

from ..errors import RulesFileError
from .encoding import Encoding, silent
from .relevance import positive_body, signatures
from .rules_text import DIRECTIVES, ids_by_line, read_statements
from .rules_text import refuse as _refuse

OWNED = {("in_force", 1), ("ruling", 1), ("because", 2), ("rule_id", 1)}
# A draft's constraint ``:- in_force("ID"), Body.`` is read as two statements: a rule
# ``draft_conflict("ID") :- in_force("ID"), Body.`` and the constraint
# ``:- draft_conflict(ID), not conflicts_shown.``. Every question keeps the constraint (a state
# where it holds has no answer: `rule` says inconsistent, with the conflict); `errata` shows
# such states (its part for the ID sets conflicts_shown, analysis/program.py): a state where
# the draft leaves its edition no answer is one its search can find.
CONFLICT, SHOWN = "draft_conflict", "conflicts_shown"
ENGINE_OWNED = {(CONFLICT, 1), (SHOWN, 0)}
EDITION_PREDICATES = {("edition", 2), ("in_edition", 2)}
# what an edition statement's body may read
EDITION_BODY = EDITION_PREDICATES | {("rule_id", 1)}


class Draft:
    """One draft file, checked: its rules as the program holds them (AST statements, each
    constraint read as CONFLICT says), its edition statements, the catalogue entries of its
    IDs (encoding.Rule), the IDs of its constraints, and (ID, summary, rule) of each rule as
    written, for its explanations; all in file order."""

    def __init__(self, path, rules, editions, catalogue, conflicts=(), explained=()):
        self.path = path
        self.rules = tuple(rules)
        self.explained = tuple(explained)   # (ID, summary, rule) of its rules as written
        self.editions = tuple(editions)
        self.catalogue = tuple(catalogue)
        self.conflicts = tuple(conflicts)     # the IDs of its constraints, in file order

    @property
    def rule_ids(self):
        return tuple(rule.id for rule in self.catalogue)


def _signatures(node):
    """(name, arity) of every symbolic atom under ``node`` (a head or a body literal), each
    with ``node``'s location."""
    return [(found, node.location) for found in signatures(node)]


def _guards(rule):
    """The rule IDs of the positive ``in_force("ID")`` literals of a rule's body."""
    return {guard for _, _, guard in positive_body(rule) if guard is not None}


def read(path, encoding, known, own=None):
    """The draft in file ``path`` for the rulebook of ``encoding``, checked (a Draft), else
    RulesFileError naming the file, line and column. ``known``: the predicates (name, arity)
    a draft's bodies may read; ``own``: the rulebook's derived predicates (by head, what
    its rules read), of which it reads only those in ``known``."""
    from clingo import ast
    lines, statements = read_statements(path)
    by_line, catalogue = ids_by_line(lines)
    builtin_ids = set(encoding.rule_ids)
    for rule_id in catalogue:
        if rule_id in builtin_ids:
            line = next(n for n, i in enumerate(by_line) if i == rule_id)
            _refuse(path, line, 1, f"rule ID {rule_id} is already the rulebook's: a draft's "
                    "rules need IDs of their own (strike the rulebook's in an edition)")
    rules, editions, defined = [], [], set()
    for statement in statements:
        begin = statement.location.begin
        name = statement.ast_type.name
        if name in DIRECTIVES:
            _refuse(path, begin.line, begin.column,
                    f"{DIRECTIVES[name]} is not allowed in a rules file (it holds rules and "
                    "editions only)")
        if statement.ast_type != ast.ASTType.Rule:
            _refuse(path, begin.line, begin.column, f"a {name} statement is not allowed in a "
                    "rules file (it holds rules and editions only)")
        heads = _signatures(statement.head)
        if heads and all(s in EDITION_PREDICATES for s, _ in heads):
            _edition_head(path, statement, encoding.editions)
            editions.append(statement)
            continue
        for signature, location in heads:
            if signature in OWNED or signature in ENGINE_OWNED or \
                    signature in EDITION_PREDICATES or \
                    signature[0].startswith(("state_", "says")):
                _refuse(path, location.begin.line, location.begin.column,
                        f"{signature[0]}/{signature[1]} is the rulebook's own: a draft "
                        "cannot derive it")
        rule_id = by_line[begin.line] if begin.line < len(by_line) else None
        if rule_id is None:
            _refuse(path, begin.line, begin.column, "a rule without an ID: put it under a "
                    "'% [ID] summary' line")
        if rule_id not in _guards(statement):
            _refuse(path, begin.line, begin.column, f"a rule of {rule_id} without its guard: "
                    f'its body needs in_force("{rule_id}")')
        defined.update(s for s, _ in heads)
        rules.append(statement)
    _check_bodies(path, rules, editions, known | defined, own or {}, encoding.rulebook)
    used = {i for i in by_line if i}
    conflicts, written, explained = [], [], []
    for statement in rules:
        rule_id = by_line[statement.location.begin.line]
        explained.append((rule_id, catalogue[rule_id].summary, statement))
        if _is_constraint(statement):
            conflicts += [rule_id] if rule_id not in conflicts else []
            written += _as_conflict(statement, rule_id)
        else:
            written.append(statement)
    return Draft(path, written, editions, [catalogue[i] for i in catalogue if i in used],
                 conflicts, explained)


def _is_constraint(statement):
    head = statement.head
    return head.ast_type.name == "Literal" and head.atom.ast_type.name == "BooleanConstant"


def _as_conflict(constraint, rule_id):
    """A draft's constraint as the rule deriving ``draft_conflict(ID)`` and the constraint on
    it (CONFLICT above), built as AST: the ID reaches clingo as a symbol, never as text."""
    from clingo import String, ast
    location = constraint.location

    def atom(name, arguments):
        return ast.SymbolicAtom(ast.Function(location, name, arguments, False))
    conflict = atom(CONFLICT, [ast.SymbolicTerm(location, String(rule_id))])
    rule = ast.Rule(location, ast.Literal(location, ast.Sign.NoSign, conflict),
                    list(constraint.body))
    kept = ast.Rule(location, constraint.head, [
        ast.Literal(location, ast.Sign.NoSign, conflict),
        ast.Literal(location, ast.Sign.Negation, atom(SHOWN, []))])
    return [rule, kept]


def _edition_head(path, statement, builtin):
    """An edition statement's head names an edition of the draft's own, by a constant."""
    from clingo import ast
    head = statement.head
    atom = head.atom if head.ast_type == ast.ASTType.Literal else None
    term = atom.symbol if atom is not None and atom.ast_type == ast.ASTType.SymbolicAtom \
        else None
    begin = head.location.begin
    if term is None or term.ast_type != ast.ASTType.Function or not term.arguments:
        _refuse(path, begin.line, begin.column, "an edition statement has one head, "
                "edition(Name, Description) or in_edition(Name, ID)")
    name = term.arguments[0]
    if name.ast_type == ast.ASTType.SymbolicTerm and \
            name.symbol.type.name == "Function" and not name.symbol.arguments:
        if name.symbol.name in builtin:
            _refuse(path, begin.line, begin.column, f"{name.symbol.name} is a built-in "
                    "edition, which a draft cannot change: define an edition of its own")
        return
    if name.ast_type == ast.ASTType.Function and not name.arguments:
        if name.name in builtin:
            _refuse(path, begin.line, begin.column, f"{name.name} is a built-in edition, "
                    "which a draft cannot change: define an edition of its own")
        return
    _refuse(path, begin.line, begin.column, "an edition statement names its edition by a "
            "constant (in_edition(draft, ID)), not by a variable")


def _check_bodies(path, rules, editions, known, own, rulebook):
    """Every predicate a body reads is one the draft may read (``known``), else a refusal:
    one of the rulebook's own (``own``: derived, not public; by head, what its rules read)
    or one nothing defines, with the names the draft may read nearest it (for one of the
    rulebook's own not spelled like any, what it is worked out from)."""
    names = sorted({f"{n}/{a}" for n, a in known})
    for statement in rules:
        for literal in statement.body:
            for signature, location in _signatures(literal):
                if signature in known:
                    continue
                wanted = f"{signature[0]}/{signature[1]}"
                close = _close(signature, names)
                if signature in own:
                    close = close or _sources(signature, own, known)
                    what = "is the rulebook's own, not public: a draft reads the input " \
                        "facts, the public derived predicates and the rulings, as `rulings " \
                        f"vocabulary {rulebook}` lists them"
                else:
                    what = "is defined by no rule of the draft and is no input or public " \
                        "predicate of the rulebook"
                hint = f" (did you mean {', '.join(close)}?)" if close else ""
                _refuse(path, location.begin.line, location.begin.column,
                        f"{wanted} {what}{hint}")
    for statement in editions:
        for literal in statement.body:
            for signature, location in _signatures(literal):
                if signature not in EDITION_BODY:
                    _refuse(path, location.begin.line, location.begin.column,
                            f"an edition statement reads only edition/2, in_edition/2 and "
                            f"rule_id/1, not {signature[0]}/{signature[1]}")


def _close(signature, names):
    """The names of ``names`` (name/arity) spelled nearest ``signature``."""
    return difflib.get_close_matches(f"{signature[0]}/{signature[1]}", names, n=3,
                                     cutoff=0.6)


def _sources(signature, own, known):
    """For a predicate of the rulebook's own, the predicates a draft may read that it is
    worked out from: those its rules read, else theirs, nearest first (at most four)."""
    seen, level = {signature}, {signature}
    while level:
        below = {s for head in level for s in own.get(head, ())} - seen
        found = sorted(s for s in below if s in known and s not in OWNED)
        if found:
            return [f"{n}/{a}" for n, a in found[:4]]
        seen |= below
        level = below
    return []


def known_predicates(readable):
    """The predicates a draft's bodies may read: ``readable`` (the rulebook's input
    predicates, public derived predicates and rulings: books/draft_vocabulary.py) and what
    the engine gives."""
    return set(OWNED) | set(readable)


def own_predicates(encoding):
    """Every head of the rulebook's program (what a draft reads only if it is public), with
    the predicates its rules read."""
    own = {}
    for statement in encoding.written:
        if statement.ast_type.name == "Rule":
            body = {s for literal in statement.body for s, _ in _signatures(literal)}
            for head, _ in _signatures(statement.head):
                own.setdefault(head, set()).update(body)
    return own


def read_all(paths, encoding, readable):
    """The drafts in files ``paths``, in order, each read against the rulebook (what it
    lets a draft read: ``readable``) and the drafts before it; an ID given by two drafts is
    refused."""
    known, drafts, seen = known_predicates(readable), [], {}
    own = own_predicates(encoding)
    for path in paths:
        draft = read(path, encoding, known, own)
        for rule_id in draft.rule_ids:
            if rule_id in seen:
                raise RulesFileError(f"rule ID {rule_id} is given by {seen[rule_id]} too",
                                 source=path)
            seen[rule_id] = path
        known |= {s for rule in draft.rules for s, _ in _signatures(rule.head)}
        drafts.append(draft)
    return drafts


def editions(encoding, drafts, builtin):
    """The drafts' editions (encoding.Edition by name), given the built-in editions
    ``builtin`` (name -> Edition): the edition statements of every draft grounded with the
    built-in editions as facts and the rulebook's and the drafts' IDs as rule_id/1. Each
    names only IDs that are rules of the rulebook or the drafts."""
    import clingo
    from clingo import ast

    from .encoding import Edition
    from .symbols import fact
    control = clingo.Control(logger=silent)
    with ast.ProgramBuilder(control) as builder:
        for draft in drafts:
            for statement in draft.editions:
                builder.add(statement)
    ids = list(encoding.rule_ids) + [i for d in drafts for i in d.rule_ids]
    with control.backend() as backend:
        for rule_id in ids:
            backend.add_rule([backend.add_atom(fact("rule_id", rule_id))])
        for name, edition in builtin.items():
            backend.add_rule([backend.add_atom(clingo.Function(
                "edition", [clingo.Function(name), clingo.String(edition.description)]))])
            for rule_id in edition.rule_ids:
                backend.add_rule([backend.add_atom(clingo.Function(
                    "in_edition", [clingo.Function(name), clingo.String(rule_id)]))])
    try:
        control.ground([("base", [])])
    except RuntimeError:
        raise RulesFileError("the edition statements cannot be grounded (a variable in a head "
                         "that no positive body literal binds?)", source=drafts[0].path) from None
    described, members = {}, {}
    for atom in control.symbolic_atoms:
        symbol = atom.symbol
        if len(symbol.arguments) != 2 or str(symbol.arguments[0]) in builtin:
            continue
        name, value = str(symbol.arguments[0]), symbol.arguments[1]
        text = value.string if value.type == clingo.SymbolType.String else str(value)
        if symbol.name == "edition":
            described[name] = text
        elif symbol.name == "in_edition":
            members.setdefault(name, set()).add(text)
    found = {}
    for name in sorted(set(described) | set(members)):
        if name not in described:
            raise RulesFileError(f"in_edition({name}, …) names an edition no edition({name}, "
                             "Description) describes", source=drafts[0].path)
        unknown = sorted(members.get(name, set()) - set(ids))
        if unknown:
            raise RulesFileError(f"edition {name} names {', '.join(unknown)}, which is no rule "
                             "of the rulebook or the drafts", source=drafts[0].path)
        found[name] = Edition(name, described[name],
                              tuple(i for i in ids if i in members.get(name, set())))
    return found


class DraftedEncoding(Encoding):
    """A rulebook's encoding with drafts: its rules and the drafts' rules in one program,
    the catalogue with the drafts' IDs after the rulebook's, and the built-in editions
    exactly as they are (computed from the rulebook's IDs alone) beside the drafts' own.
    Its programs are made afresh, never kept in the program cache."""

    def __init__(self, base, drafts):     # the base's files, not read again: no super()
        self.base = base
        self.drafts = tuple(drafts)
        self.rulebook = base.rulebook
        self.files = base.files
        self.editions_file = base.editions_file

    @cached_property
    def written(self):
        return self.base.written + tuple(s for d in self.drafts for s in d.rules)

    @cached_property
    def generated(self):
        """The rulebook's explanations, and the drafts' steps (engine/draft_explanations.py)."""
        from .draft_explanations import explanations
        return self.base.generated + tuple(explanations(
            [entry for draft in self.drafts for entry in draft.explained]))

    @cached_property
    def rules(self):
        return self.base.rules + tuple(r for d in self.drafts for r in d.catalogue)

    @cached_property
    def conflicts(self):
        """(ID, summary) of every draft rule with a constraint, in the drafts' order."""
        summaries = {rule.id: rule.summary for rule in self.rules}
        return tuple((i, summaries[i]) for d in self.drafts for i in d.conflicts)

    @cached_property
    def editions(self):
        builtin = self.base.editions
        return {**builtin, **editions(self.base, self.drafts, builtin)}

    def _kept(self, name, paths, compute):
        """A draft's programs are made afresh, never kept in the program cache."""
        return compute()
