"""``rulings enumerate`` and ``rulings diff``: every state of the space (or every state whose
rulings an erratum changes), grouped into classes of equal rulings, ignoring identifiers,
with counts and the smallest witness of each class. The solver enumerates; Python only
counts and keeps the smallest witness."""

import json

from . import isolate
from .models import WorldModel
from .program import analysis, exact_symmetry
from .search import run


class _Classes:
    """Counts per class and the smallest model of each."""

    def __init__(self):
        self.count, self.best, self.total = {}, {}, 0

    def add(self, key, size, model):
        self.total += 1
        self.count[key] = self.count.get(key, 0) + 1
        if key not in self.best or size < self.best[key][0]:
            self.best[key] = (size, model)

    def ordered(self):
        """Keys, most common first (ties by key: deterministic), with count and best model."""
        for key in sorted(self.count, key=lambda k: (-self.count[k], k)):
            yield key, self.count[key], self.best[key][1]


def _collect(control, assumptions, key_of, timeout, progress, also=None):
    """Enumerate every model, grouping by ``key_of(model)``; ``also(model)`` sees each."""
    classes = _Classes()

    def seen(symbols):
        model = WorldModel(symbols)
        classes.add(key_of(model), model.size(), model)
        if also is not None:
            also(model)

    tick = (lambda: progress.update(classes.total, len(classes.count))) if progress else None
    search = run(control, assumptions, timeout=timeout, keep="none", on_model=seen,
                 on_tick=tick)
    if progress:
        progress.finish(classes.total, len(classes.count))
    return classes, search


def _isolated(function, args, timeout, head, out=None):
    """``function(*args)`` (a listing) in a child killed at the deadline, so that grounding
    that cannot finish in time, or a Ctrl-C during it, stops the command within the grace
    period; a listing stopped before it could report lists nothing, incomplete."""
    def listing():
        try:
            result = function(*args)
        except RuntimeError:    # raised in the solver's callback: a failed --out write
            if out is not None and getattr(out, "error", None) is not None:
                raise out.error from None
            raise
        if out is not None and hasattr(out, "flush"):
            out.flush()         # the child's buffered lines, before it reports
        return result
    try:
        result = isolate.call(listing, (), timeout, collect_on_interrupt=True)
    except KeyboardInterrupt:
        return {**head, "total": 0, "complete": False, "interrupted": True}
    return result if result is not None else {**head, "total": 0, "complete": False}


def enumerate_states(book, bounds, edition, timeout=None, out=None, progress=None):
    """Every state of the space, grouped into classes (in a killable child)."""
    head = {"rulebook": book.name, "edition": edition, "bounds": bounds.describe(),
            "exact_symmetry": exact_symmetry(book, bounds), "classes": []}
    return _isolated(_enumerate, (book, bounds, edition, timeout, out, progress), timeout,
                     head, out)


def diff(book, bounds, before, after, timeout=None, progress=None):
    """The states whose rulings two editions give differently (in a killable child)."""
    head = {"rulebook": book.name, "from": before, "to": after, "bounds": bounds.describe(),
            "exact_symmetry": exact_symmetry(book, bounds), "changed": []}
    return _isolated(_diff, (book, bounds, before, after, timeout, progress), timeout, head)


def _enumerate(book, bounds, edition, timeout=None, out=None, progress=None):
    program = analysis(book)
    control = program.control(bounds, worlds=[1])
    control.configuration.solve.models = "0"
    in_force = set(book.encoding.editions[edition].rule_ids)

    def write(model):
        line = {"state": model.document(book), "rulings": model.decoded(book)}
        out.write(json.dumps(line, ensure_ascii=False) + "\n")

    classes, search = _collect(control, program.assumptions({1: in_force}),
                               lambda model: model.class_key(book), timeout, progress,
                               write if out is not None else None)
    return {"rulebook": book.name, "edition": edition, "bounds": bounds.describe(),
            "total": classes.total, "complete": search.finished,
            **({"interrupted": True} if search.interrupted else {}),
            "exact_symmetry": exact_symmetry(book, bounds),
            "classes": [{"rulings": model.abstracted(book), "count": count,
                         "witness": model.document(book)}
                        for _, count, model in classes.ordered()]}


def _diff(book, bounds, before, after, timeout=None, progress=None):
    program = analysis(book)
    control = program.control(bounds, program.diff)
    control.configuration.solve.models = "0"
    editions = {1: set(book.encoding.editions[before].rule_ids),
                2: set(book.encoding.editions[after].rule_ids)}

    def key_of(model):
        return (model.class_key(book, 1, because=False) + "\n"
                + model.class_key(book, 2, because=False))

    classes, search = _collect(control, program.assumptions(editions), key_of, timeout,
                               progress)
    return {"rulebook": book.name, "from": before, "to": after, "bounds": bounds.describe(),
            "total": classes.total, "complete": search.finished,
            **({"interrupted": True} if search.interrupted else {}),
            "exact_symmetry": exact_symmetry(book, bounds),
            "changed": [{"before": model.abstracted(book, 1, because=False),
                         "after": model.abstracted(book, 2, because=False),
                         "count": count, "witness": model.document(book, 1),
                         "rulings_before": model.decoded(book, 1),
                         "rulings_after": model.decoded(book, 2)}
                        for _, count, model in classes.ordered()]}
