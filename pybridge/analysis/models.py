"""Reading analysis models: per world, the state (as a document) and its rulings.

Enumeration reads hundreds of thousands of models whose atoms repeat from model to model,
and reading a clingo symbol's parts is slow: each distinct symbol is classified once, and
each distinct set of rulings is decoded once.
"""

import json

from clingo import Function

from ..books.base import renamed
from ..engine.results import decode, sort_key
from ..engine.symbols import role

_KIND = {}        # symbol -> ("cost", (priority, weight))
                  #           | ("state"|"ruling"|"why_not", world, stripped)
_DECODED = {}     # (frozenset of ruling symbols, abstract, because) -> decoded rulings


def _classify(symbol):
    kind = _KIND.get(symbol)
    if kind is None:
        name, arguments = symbol.name, symbol.arguments
        if name == "witness_cost":
            kind = ("cost", (arguments[0].number, arguments[1].number))
        elif name.startswith("state_"):
            kind = ("state", arguments[0].number, Function(name, arguments[1:]))
        elif name in ("ruling", "because", "answers"):
            kind = ("ruling", arguments[0].number, Function(name, arguments[1:]))
        elif name == "why_not" and len(arguments) == 3:     # shown by diff.lp
            kind = ("why_not", arguments[0].number, (arguments[1], arguments[2].string))
        else:
            kind = ("other",)
        _KIND[symbol] = kind
    return kind


class WorldModel:
    """The shown atoms of one model, split by world."""

    def __init__(self, symbols):
        self.state, self.rulings, self.cost = {}, {}, []
        self.why_not = {}       # world -> [(ruling term, rule ID)]: why it is not given there
        for symbol in symbols:
            kind = _classify(symbol)
            if kind[0] == "cost":
                self.cost.append(kind[1])
            elif kind[0] == "state":
                self.state.setdefault(kind[1], []).append(kind[2])
            elif kind[0] == "ruling":
                self.rulings.setdefault(kind[1], []).append(kind[2])
            elif kind[0] == "why_not":
                self.why_not.setdefault(kind[1], []).append(kind[2])

    def size(self):
        """Cost vector of the witness: higher priorities first, smaller is smaller."""
        totals = {}
        for priority, weight in self.cost:
            totals[priority] = totals.get(priority, 0) + weight
        return tuple(totals[p] for p in sorted(totals, reverse=True))

    def document(self, book, world=1):
        return book.document(self.state.get(world, ()))

    def witnessed(self, book, world=1):
        """The state's witness document and its rulings, the objects of both named by role
        (Rulebook.named), the rulings sorted as `rule` sorts them."""
        document, names = book.named(self.state.get(world, ()))
        return document, sorted(renamed(self.decoded(book, world), names),
                                key=lambda ruling: sort_key(book, ruling))

    def named_rulings(self, book, world=1):
        """The rulings of the state, its objects named as its witness document names them."""
        return self.witnessed(book, world)[1]

    def says(self, book, world=1):
        """The rulings of the state in a judge's words, each with the rules it cites, named
        as its witness document names them: how a listing describes the class the state
        stands for."""
        rulings = self.named_rulings(book, world)
        return [f"{sentence} [{', '.join(ruling['because'])}]"
                for sentence, ruling in zip(book.sentences(rulings), rulings)]

    def decoded(self, book, world=1):
        return self._decode(book, world, abstract=False, because=True)

    def abstracted(self, book, world=1, because=True):
        """The rulings with identifiers left out, sorted (the class of the state). The list is
        shared between models: copy it before changing it."""
        return self._decode(book, world, abstract=True, because=because)

    def _decode(self, book, world, abstract, because):
        key = (frozenset(self.rulings.get(world, ())), abstract, because)
        if key not in _DECODED:
            if abstract:
                rulings = decode(book, key[0], value=role)
            else:
                rulings = decode(book, key[0])
            if not because:
                for ruling in rulings:
                    del ruling["because"]
            _DECODED[key] = rulings
        return _DECODED[key]

    def class_key(self, book, world=1, because=True):
        """The class of the state, as a string: its abstracted rulings in canonical JSON."""
        key = (frozenset(self.rulings.get(world, ())), because)
        if key not in _KEYS:
            _KEYS[key] = json.dumps(self.abstracted(book, world, because), sort_keys=True,
                                    ensure_ascii=False)
        return _KEYS[key]


_KEYS = {}
_CHANGE_KEYS = {}
_CHANGES = {}     # (rulings of worlds 1 and 2, their why_not, abstract) -> changes


def _terms(symbols):
    """Per ruling term given in one world, its symbols there (ruling, because, answers)."""
    grouped = {}
    for symbol in symbols:
        grouped.setdefault(symbol.arguments[0], []).append(symbol)
    return {term: found for term, found in grouped.items()
            if any(symbol.name == "ruling" for symbol in found)}


def changes(book, model, abstract):
    """What a diff's model loses and gains from world 1 to world 2: ``{"lost": [...],
    "gained": [...], "recited": [...]}``. A lost ruling is one world 1 gives and world 2
    does not, with its ``because`` (world 1) and ``why_not``: the rule IDs world 2 says
    keep it from being given there (diff.lp shows only those); a gained one the same the
    other way round. A recited ruling is given by both, citing different rules: its
    ``because_before`` and ``because_after``. ``abstract``: identifiers left out, as in a
    class. Each list is sorted; the result is shared between models (do not change it)."""
    key = (frozenset(model.rulings.get(1, ())), frozenset(model.rulings.get(2, ())),
           frozenset(model.why_not.get(1, ())), frozenset(model.why_not.get(2, ())), abstract)
    if key not in _CHANGES:
        _CHANGES[key] = _changes(book, model, abstract)
    return _CHANGES[key]


def said_changes(book, model):
    """A diff model's changes (:func:`changes`) in a judge's words, its objects named as its
    witness names them (one state in both editions): for each of ``lost``, ``gained`` and
    ``recited``, entries with the ruling's sentence (``says``) and the rule IDs of the
    change."""
    _, names = book.named(model.state.get(1, ()))
    found = renamed(changes(book, model, False), names)
    said = {}
    for name in ("lost", "gained", "recited"):
        entries = found[name]
        sentences = book.sentences([{k: v for k, v in e.items()
                                     if k not in ("why_not", "because_before", "because_after")}
                                    for e in entries])
        said[name] = [{"says": sentence, **{k: v for k, v in entry.items()
                                           if k in ("because", "why_not", "because_before",
                                                    "because_after")}}
                      for sentence, entry in zip(sentences, entries)]
    return said


def changes_key(book, model):
    """The abstracted changes of a model as canonical JSON (part of its class in a diff)."""
    key = (frozenset(model.rulings.get(1, ())), frozenset(model.rulings.get(2, ())),
           frozenset(model.why_not.get(1, ())), frozenset(model.why_not.get(2, ())))
    if key not in _CHANGE_KEYS:
        _CHANGE_KEYS[key] = json.dumps(changes(book, model, True), sort_keys=True,
                                       ensure_ascii=False)
    return _CHANGE_KEYS[key]


def _changes(book, model, abstract):
    value = {"value": role} if abstract else {}
    order = book.encoding.rule_order
    terms = {world: _terms(model.rulings.get(world, ())) for world in (1, 2)}
    why = {}
    for world, found in model.why_not.items():
        for term, rule_id in found:
            why.setdefault((world, term), set()).add(rule_id)
    result = {}
    for name, present, absent in (("lost", 1, 2), ("gained", 2, 1)):
        entries = []
        for term in terms[present].keys() - terms[absent].keys():
            blocked = sorted(why.get((absent, term), ()), key=lambda i: (order.get(i, 1e9), i))
            for ruling in decode(book, terms[present][term], **value):
                entries.append({**ruling, "why_not": blocked})
        result[name] = sorted(entries, key=lambda r: _order(book, r, ("why_not",)))
    recited = []
    for term in terms[1].keys() & terms[2].keys():
        before = decode(book, terms[1][term], **value)
        after = decode(book, terms[2][term], **value)
        for old, new in zip(before, after):
            if old["because"] != new["because"]:
                entry = {k: v for k, v in old.items() if k != "because"}
                recited.append({**entry, "because_before": old["because"],
                                "because_after": new["because"]})
    result["recited"] = sorted(recited, key=lambda r: _order(
        book, {**r, "because": r["because_before"]}, ("because_before", "because_after")))
    return result


def _order(book, entry, extra):
    """An entry's place: its ruling's (results.py's order), then its ``extra`` lists."""
    ruling = {k: v for k, v in entry.items() if k not in extra}
    return sort_key(book, ruling), tuple(tuple(entry[k]) for k in extra)
