"""The public Python API. The CLI is a thin layer over these functions."""

from pathlib import Path

from . import books as registry
from .errors import InputError
from .loading import load_document
from .results import assemble
from .solving import solve


def load(source):
    """A state document (a Python object) read from a path or ``-`` (stdin)."""
    return load_document(str(source))


def rule(state, edition=None):
    """The rulings for one state: a document (dict), or a path to a YAML/JSON file.

    ``edition`` overrides the document's own ``edition`` field. Raises InputError for bad
    input; returns ``{"rulebook", "edition", "status", "rulings", ...}`` otherwise.
    """
    if isinstance(state, (str, Path)):
        source = str(state)
        try:
            return _rule_document(load(source), edition)
        except InputError as error:
            raise error if error.source else error.located(source) from None
    return _rule_document(state, edition)


def _rule_document(state, edition):
    book = registry.for_document(state)
    checked = book.validate(state)
    name, where = (edition, "--edition") if edition is not None else (checked.get("edition"), "edition")
    name = name or book.default_edition
    editions = book.encoding.editions
    if name not in editions:
        raise InputError(f"unknown edition {name!r} (expected one of: {', '.join(editions)})",
                         where)
    outcome = solve(book.encoding, book.facts(checked), set(editions[name].rule_ids))
    return assemble(book, name, outcome)


def rulebooks():
    """Every rulebook with its editions and rule catalogue (IDs and one-line summaries)."""
    listing = []
    for book in registry.RULEBOOKS.values():
        encoding = book.encoding
        listing.append({
            "rulebook": book.name,
            "description": book.description,
            "default_edition": book.default_edition,
            "editions": [{"name": e.name, "description": e.description,
                          "rules": list(e.rule_ids)} for e in encoding.editions.values()],
            "rules": [{"id": r.id, "summary": r.summary} for r in encoding.rules],
        })
    return listing
