"""Checking that an invariant can fail: run `check` on a deliberately broken rule set (extra
rules added to the rule files, or rule IDs taken out of force) and expect a violation."""

from clingo import ast

from pybridge.analysis import check as check_module
from pybridge.analysis.bounds import Bounds
from pybridge.analysis.program import Analysis
from pybridge.engine.encoding import Edition
from pybridge.engine.worlds import add_worlds


class _Mutant(Analysis):
    """The analysis program with extra rules added to the rule files."""

    def __init__(self, book, text):
        super().__init__(book)
        self.text = text

    def _extra(self):
        extra = []
        ast.parse_string(self.text, extra.append)
        return extra[1:]

    @property
    def encoding(self):
        return add_worlds(list(self.book.encoding.statements) + self._extra())

    @property
    def open_written(self):
        """The same for a search over open values (its sums rewritten after)."""
        return add_worlds(list(self.book.encoding.parsed) + self._extra())


def check_mutant(monkeypatch, book, invariant, text="", removed=(), edition=None, bounds=None):
    """The check result of ``invariant`` with ``text`` added and ``removed`` out of force."""
    mutant = _Mutant(book, text)
    monkeypatch.setattr(check_module, "analysis", lambda _book: mutant)
    editions = dict(book.encoding.editions)
    base = set(editions[edition or book.default_edition].rule_ids)
    editions["mutant"] = Edition("mutant", "test", tuple(sorted(base - set(removed))))
    monkeypatch.setattr(type(book.encoding), "editions", property(lambda self: editions))
    (entry,) = check_module.check(book, Bounds(book.bounds, bounds), "mutant", timeout=120,
                                  only=[invariant])
    return entry
