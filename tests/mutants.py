"""Checking that an invariant can fail: run `check` on a deliberately broken rule set (extra
rules added to the rule files, or rule IDs taken out of force) and expect a violation."""

from functools import cached_property

from clingo import ast

from pybridge.analysis import check as check_module
from pybridge.analysis.bounds import Bounds
from pybridge.analysis.program import Analysis, analysis
from pybridge.engine.encoding import Edition
from pybridge.engine.worlds import add_worlds


class _Mutant(Analysis):
    """The analysis program with extra rules added to the rule files. What does not read
    the rule files' statements (the space, the display, the question's parts) is the
    rulebook's own analysis's, worked out once per process; the rule files are that
    analysis's, indexed by worlds once per process too, with the extra rules indexed after."""

    def __init__(self, book, text):
        super().__init__(book)
        self.base = analysis(book)
        self.text = text

    def _extra(self):
        extra = []
        ast.parse_string(self.text, extra.append)
        return add_worlds(extra[1:])

    # cached as Analysis caches its own: prepare() works them out once, before the searches'
    # children are forked (each child indexed the whole rule files again: 0.9 s each)
    @cached_property
    def encoding(self):
        return self.base.encoding + self._extra()

    @cached_property
    def open_written(self):
        """The same for a search over open values (its sums rewritten after)."""
        return self.base.open_written + self._extra()


def _base(name):
    return property(lambda self: getattr(self.base, name), doc=f"the rulebook's own {name}")


for _name in ("plain_space", "space", "display", "shown_inputs", "minimize",
              "violation_required", "premise_required", "invariant_statements",
              "errata_statements", "coverage_statements", "diff", "invariants", "errata"):
    setattr(_Mutant, _name, _base(_name))


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
