"""Reading analysis models: per world, the state (as a document) and its rulings.

Enumeration reads hundreds of thousands of models whose atoms repeat from model to model,
and reading a clingo symbol's parts is slow: each distinct symbol is classified once, and
each distinct set of rulings is decoded once.
"""

import json

from clingo import Function

from ..results import decode
from ..symbols import role

_KIND = {}        # symbol -> ("cost", (priority, weight)) | ("state"|"ruling", world, stripped)
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
        else:
            kind = ("other",)
        _KIND[symbol] = kind
    return kind


class WorldModel:
    """The shown atoms of one model, split by world."""

    def __init__(self, symbols):
        self.state, self.rulings, self.cost = {}, {}, []
        for symbol in symbols:
            kind = _classify(symbol)
            if kind[0] == "cost":
                self.cost.append(kind[1])
            elif kind[0] == "state":
                self.state.setdefault(kind[1], []).append(kind[2])
            elif kind[0] == "ruling":
                self.rulings.setdefault(kind[1], []).append(kind[2])

    def size(self):
        """Cost vector of the witness: higher priorities first, smaller is smaller."""
        totals = {}
        for priority, weight in self.cost:
            totals[priority] = totals.get(priority, 0) + weight
        return tuple(totals[p] for p in sorted(totals, reverse=True))

    def document(self, book, world=1):
        return book.document(self.state.get(world, ()))

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
