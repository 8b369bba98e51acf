"""Every reference resolves or is an error naming its path (issue 12, item 5), walked over
every rulebook's examples: each string in a document that names an id declared in it (a
reference: a holder, a target, a card put on another, a protector...) is replaced by a name
that nothing has, and the document must be refused with that field's path."""

import copy
from pathlib import Path

import pytest

import pybridge
from pybridge.books import RULEBOOKS
from pybridge.errors import InputError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MISSING = "no such thing ✗"
# Fields that may name an id without referring to it: a chronopia model's unit is by default
# the model's own id (an individual is its own unit), and any other name founds a unit.
NOT_REFERENCES = {("chronopia", "unit")}


def ids(node):
    if isinstance(node, dict):
        if isinstance(node.get("id"), str):
            yield node["id"]
        for value in node.values():
            yield from ids(value)
    elif isinstance(node, list):
        for value in node:
            yield from ids(value)


def references(node, declared, path=()):
    """(path, key) of every string (not an ``id``) that names a declared id."""
    items = node.items() if isinstance(node, dict) else \
        enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        if isinstance(value, str) and value in declared and key != "id":
            yield path + (key,), key
        elif isinstance(value, (dict, list)):
            yield from references(value, declared, path + (key,))


def shown(path):
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


CASES = []
for book in sorted(p.name for p in EXAMPLES.iterdir() if p.is_dir()):
    for example in sorted((EXAMPLES / book).glob("*.yaml")):
        document = pybridge.load(example)
        declared = set(ids(document))
        for path, key in references(document, declared):
            if (book, key) not in NOT_REFERENCES:
                CASES.append(pytest.param(example, path, id=f"{example.stem}:{shown(path)}"))


def test_the_walk_finds_references_in_every_rulebook():
    books = {case.values[0].parent.name for case in CASES}
    assert books == set(RULEBOOKS)


@pytest.mark.parametrize("example, path", CASES)
def test_a_reference_to_nothing_is_refused_with_its_path(example, path):
    document = copy.deepcopy(pybridge.load(example))
    node = document
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = MISSING
    with pytest.raises(InputError) as caught:
        pybridge.rule(document)
    assert caught.value.path == shown(path), (caught.value.path, caught.value.message)
