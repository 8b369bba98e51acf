"""Pictures of states (``rulings draw``): one SVG per state, drawn from the checked state
and its rulings with their explanation, so that every number on it is one the explanation
gives. Only ``draw`` imports this package: ``rule`` never pays for it."""

import importlib

from ..errors import InputError

# rulebook -> its module here (one line each)
DRAWN = {
    "redemption": "redemption",
    "chronopia": "chronopia",
    "hkk": "hkk",
    "b5": "b5",
}


def draw(book, state, result):
    """The SVG text of ``state`` (checked by ``book``) and ``result`` (``api.rule`` with
    ``explain=True``)."""
    if book.name not in DRAWN:
        raise InputError(f"no picture is drawn for {book.name} documents yet (drawn: "
                         f"{', '.join(sorted(DRAWN))})", "rulebook")
    module = importlib.import_module(f".{DRAWN[book.name]}", __package__)
    return module.draw(state, result)
