"""The rulebooks this package knows, by name."""

import atexit
import importlib
from collections.abc import Mapping
from contextlib import contextmanager

from ..errors import InputError

# One line per rulebook: its name, its module under pybridge.books and the class there.
MODULES = {
    "redemption": ("redemption", "Redemption"),
    "hkk": ("hkk", "Hkk"),
    "b5": ("b5", "B5"),
    "chronopia": ("chronopia", "Chronopia"),
}


class _Rulebooks(Mapping):
    """The rulebooks by name, each module imported on first use: ruling a b5 document
    does not load chronopia's geometry."""

    def __init__(self):
        self._loaded = {}
        self._drafts = ()           # the rules files in force (drafts()), the property
        self._properties = ()       # files (properties()), and the books read with them,
        self._drafted = {}          # by name
        # The rulebooks hold parsed programs (clingo ASTs): dropped at exit while clingo is
        # still there to release them (not during the interpreter's teardown).
        atexit.register(self._loaded.clear)

    def __getitem__(self, name):
        if name not in MODULES:
            raise KeyError(name)
        if self._drafts or self._properties:
            if name not in self._drafted:
                book = self._book(name)
                book = book.drafted(self._drafts) if self._drafts else book
                self._drafted[name] = book.with_properties(self._properties) \
                    if self._properties else book
            return self._drafted[name]
        return self._book(name)

    def _book(self, name):
        if name not in self._loaded:
            module, cls = MODULES[name]
            book = getattr(importlib.import_module(f".{module}", __name__), cls)()
            assert book.name == name, (book.name, name)
            self._loaded[name] = book
        return self._loaded[name]

    def __contains__(self, name):
        return name in MODULES

    def __iter__(self):
        return iter(MODULES)

    def __len__(self):
        return len(MODULES)


RULEBOOKS = _Rulebooks()


@contextmanager
def drafts(paths):
    """Within: every rulebook is read with the drafts in the rules files ``paths`` (issue
    53: ``--rules FILE``), read for a rulebook when it is first asked for (an InputError
    then names the file, line and column). The analysis's forked children inherit them."""
    with _added("_drafts", paths):
        yield


@contextmanager
def properties(paths):
    """Within: every rulebook is checked with the properties in the files ``paths`` as
    well (``check --property FILE``), read as drafts are."""
    with _added("_properties", paths):
        yield


@contextmanager
def _added(field, paths):
    saved = getattr(RULEBOOKS, field), RULEBOOKS._drafted
    setattr(RULEBOOKS, field, tuple(str(p) for p in paths))
    RULEBOOKS._drafted = {}
    try:
        yield
    finally:
        setattr(RULEBOOKS, field, saved[0])
        RULEBOOKS._drafted = saved[1]


def get(name, path="rulebook"):
    if name in RULEBOOKS:
        return RULEBOOKS[name]
    from ..documents.schema import shown
    raise InputError(f"unknown rulebook {shown(name)} (available: {', '.join(RULEBOOKS)})", path)


def for_document(document):
    """The rulebook a state document names in its ``rulebook`` field."""
    if not isinstance(document, dict):
        from ..documents.schema import got
        raise InputError("expected a mapping with a 'rulebook' field (a state document), "
                         f"{got(document)}", "document")
    if "rulebook" not in document:
        raise InputError("missing (required)", "rulebook")
    if not isinstance(document["rulebook"], str):
        raise InputError("expected a rulebook name", "rulebook")
    return get(document["rulebook"])
