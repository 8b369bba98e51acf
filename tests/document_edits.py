"""Edits of state documents by field path, for the bad-input tests of every rulebook."""

import copy
import re

_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _steps(path):
    if not isinstance(path, str):
        return [path]
    return [int(index) if index else key for key, index in _STEP.findall(path)]


def parent(doc, path):
    steps = _steps(path)
    node = doc
    for step in steps[:-1]:
        node = node[step]
    return node, steps[-1]


def put(path, value):
    """An edit: set the field at ``path`` (``characters[2].strength``, ``cards[1].kind``) to ``value``."""
    def edit(doc):
        node, last = parent(doc, path)
        node[last] = copy.deepcopy(value)
        return doc
    return edit


def drop(path):
    """An edit: remove the field at ``path``."""
    def edit(doc):
        node, last = parent(doc, path)
        del node[last]
        return doc
    return edit


def edits(*steps):
    def edit(doc):
        for step in steps:
            doc = step(doc)
        return doc
    return edit


def whole(value):
    """An edit replacing the whole document."""
    return lambda _doc: copy.deepcopy(value)


def add_key(path_to_record, key, value="x"):
    """An edit adding ``key`` (any value, e.g. an integer only YAML can write as a key) to the
    record at ``path_to_record`` (a tuple of keys and indexes)."""
    def edit(doc):
        node = doc
        for step in path_to_record:
            node = node[step]
        node[key] = value
        return doc
    return edit
