"""The rulebooks this package knows, by name."""

from ..errors import InputError
from ..schema import shown
from .b5 import B5
from .chronopia import Chronopia
from .hkk import Hkk
from .redemption import Redemption

RULEBOOKS = {book.name: book for book in (Redemption(), Hkk(), B5(), Chronopia())}


def get(name, path="rulebook"):
    if name in RULEBOOKS:
        return RULEBOOKS[name]
    raise InputError(f"unknown rulebook {shown(name)} (available: {', '.join(RULEBOOKS)})", path)


def for_document(document):
    """The rulebook a state document names in its ``rulebook`` field."""
    if not isinstance(document, dict):
        raise InputError("expected a mapping with a 'rulebook' field", "document")
    if "rulebook" not in document:
        raise InputError("missing (required)", "rulebook")
    if not isinstance(document["rulebook"], str):
        raise InputError("expected a rulebook name", "rulebook")
    return get(document["rulebook"])
