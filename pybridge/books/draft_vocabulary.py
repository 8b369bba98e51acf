"""The vocabulary a draft may use (issue 53: ``rulings vocabulary RULEBOOK``).

Three parts, each generated from a declaration that exists for its own sake:

- the input predicates (``state_*``): the rulebook's ``vocabulary`` (the inputs the analysis
  generates, the facts the bridge derives from them; the sources no rule reads left out),
  their arguments in words (:mod:`.input_meanings`);
- the public derived predicates: the ``%@ public`` and ``%@ hook`` declarations of its rule
  files (:mod:`pybridge.engine.public`); every other derived predicate is the rulebook's own;
- the ruling terms: its ruling kinds (``book.kinds``), each the first argument of
  ``ruled_by/2`` and ``also_cites/2``.

A draft's rule may read the first two, and the rulings and ``in_force/1``
(pybridge/engine/drafts.py).
"""

import re

from ..engine.public import declared
from ..engine.relevance import signatures
from .input_meanings import argument_domains, commented, document_fields

# Every ruling is ruled_by(Term, ID), and also_cites(Term, ID) cites one more rule for it: a
# draft reads and derives them (pybridge/engine/drafts.py), and so they are public too.
RULING_PREDICATES = (("ruled_by", 2), ("also_cites", 2))
_VARIABLE = re.compile(r"[A-Z][A-Za-z0-9_]*")


def input_signatures(book):
    """(name, arity) of the input facts the rules may read, in declaration order (for a
    rulebook that declares no ``vocabulary``, those its rule files read, by name)."""
    vocabulary = book.vocabulary
    if vocabulary is None:
        return tuple(sorted(read_inputs(book)))
    found = [(i.name, i.arity) for i in vocabulary.inputs if not i.source]
    found += [(name, len(row)) for name, row in vocabulary.fixed]
    found += list(vocabulary.derived)
    return tuple(dict.fromkeys(found))


def public(book):
    """The public derived predicates (engine.public.Public), in declaration order."""
    return declared(book.encoding.files)


def readable(book):
    """(name, arity) of what a draft's rule may read besides what the engine gives: the
    input predicates, the public derived predicates and the ruling predicates."""
    return frozenset(input_signatures(book)) | {p.signature for p in public(book)} | \
        set(RULING_PREDICATES)


def read_inputs(book):
    """(name, arity) of the input predicates the rule files' bodies read."""
    return {s for statement in book.encoding.written if statement.ast_type.name == "Rule"
            for literal in statement.body for s in signatures(literal)
            if s[0].startswith("state_")}


def _joined(sources):
    """The document fields an argument is made from, in words (literals together)."""
    values = [s[len("the value "):] for s in sources if s.startswith("the value ")]
    if len(values) > 1:
        sources = [f"the values {', '.join(values)}"] + \
            [s for s in sources if not s.startswith("the value ")]
    return " or ".join(sources)


def _entry(name, names, meanings, description, **more):
    return {"name": name, "arity": len(meanings),
            "arguments": [{"name": n, "meaning": m} for n, m in zip(names, meanings)],
            "description": description, **more}


def _inputs(book):
    comments = commented(book.encoding.files)
    fields = document_fields(book.declared) if book.declared is not None else {}
    derived = set(getattr(book.vocabulary, "derived", ()))
    read = read_inputs(book)
    entries = []
    for signature in input_signatures(book):
        name, arity = signature
        given = [i for i in getattr(book.vocabulary, "inputs", ())
                 if (i.name, i.arity) == signature]
        domains = argument_domains(given[0]) if given else [""] * arity
        made_from = [_joined(sources) for sources in fields.get(signature, [[]] * arity)]
        names, description = comments.get(signature, ((), ""))
        if len(names) != arity or not all(map(_VARIABLE.fullmatch, names)):
            names = [f"A{n}" for n in range(1, arity + 1)]
        meanings = []
        for domain, sources in zip(domains, made_from):
            source = f"from {sources}" if sources else "computed by the bridge from the " \
                "document (see the description)" if signature in derived else \
                "" if domain else "from the document (see the description)"
            meanings.append("; ".join(part for part in (domain, source) if part))
        entries.append(_entry(name, names, meanings, description,
                              read_by_rules=signature in read))
    return entries


def _rulings(book):
    entries = []
    for kind in book.kinds:
        names = ["".join(part.capitalize() for part in field.split("_"))
                 for field in kind.fields]
        term = f"{kind.name}({', '.join(names)})" if names else kind.name
        entries.append(_entry(
            kind.name, names, [f"the ruling's {field.replace('_', ' ')} (its JSON field "
                               f"\"{field}\")" for field in kind.fields],
            f"ruled_by({term}, ID) gives the ruling, citing rule ID (also_cites/2 cites one "
            "more)"))
    return entries


def listing(book):
    """The vocabulary of ``book`` as data (JSON-ready, in declaration order)."""
    return {
        "rulebook": book.name,
        "inputs": _inputs(book),
        "public": [_entry(p.name, [a.name for a in p.arguments],
                          [a.meaning for a in p.arguments], p.description,
                          may_define=p.hook) for p in public(book)],
        "rulings": _rulings(book),
    }
