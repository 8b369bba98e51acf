"""The rulebooks this package knows, by name."""

from ..errors import InputError
from .b5 import B5
from .hkk import Hkk
from .redemption import Redemption

RULEBOOKS = {book.name: book for book in (Redemption(), Hkk(), B5())}
PLANNED = ("chronopia",)


def get(name, path="rulebook"):
    if name in RULEBOOKS:
        return RULEBOOKS[name]
    if name in PLANNED:
        raise InputError(f"rulebook {name!r} is not available yet "
                         f"(available: {', '.join(RULEBOOKS)})", path)
    raise InputError(f"unknown rulebook {name!r} (available: {', '.join(RULEBOOKS)}; "
                     f"planned: {', '.join(PLANNED)})", path)


def for_document(document):
    """The rulebook a state document names in its ``rulebook`` field."""
    if not isinstance(document, dict):
        raise InputError("expected a mapping with a 'rulebook' field", "document")
    if "rulebook" not in document:
        raise InputError("missing (required)", "rulebook")
    if not isinstance(document["rulebook"], str):
        raise InputError("expected a rulebook name", "rulebook")
    return get(document["rulebook"])
