"""``rulings enumerate`` and ``rulings diff``: every state of the space (or every state whose
rulings an erratum changes), grouped into classes of equal rulings, ignoring identifiers,
with counts and the smallest witness of each class. The solver enumerates; Python only
counts and keeps the smallest witness."""

import json

from .models import WorldModel
from .program import analysis, exact_symmetry
from .search import run


class _Classes:
    def __init__(self):
        self.count, self.best, self.total = {}, {}, 0

    def add(self, key, size, model):
        self.total += 1
        self.count[key] = self.count.get(key, 0) + 1
        if key not in self.best or size < self.best[key][0]:
            self.best[key] = (size, model)


def enumerate_states(book, bounds, edition, timeout=None, out=None, progress=None):
    program = analysis(book)
    control = program.control(bounds, worlds=[1])
    control.configuration.solve.models = "0"
    in_force = set(book.encoding.editions[edition].rule_ids)
    classes = _Classes()

    def seen(symbols):
        model = WorldModel(symbols)
        classes.add(model.class_key(book), model.size(), model)
        if out is not None:
            line = {"state": model.document(book), "rulings": model.decoded(book)}
            out.write(json.dumps(line, ensure_ascii=False) + "\n")

    tick = (lambda: progress.update(classes.total, len(classes.count))) if progress else None
    search = run(control, program.assumptions({1: in_force}), timeout=timeout, keep="none",
                 on_model=seen, on_tick=tick)
    if progress:
        progress.finish(classes.total, len(classes.count))
    result = {"rulebook": book.name, "edition": edition, "bounds": bounds.describe(),
              "total": classes.total, "complete": search.finished,
              "exact_symmetry": exact_symmetry(book, bounds), "classes": []}
    for key in sorted(classes.count, key=lambda k: (-classes.count[k], k)):
        model = classes.best[key][1]
        result["classes"].append({"rulings": model.abstracted(book), "count": classes.count[key],
                                  "witness": model.document(book)})
    return result


def diff(book, bounds, before, after, timeout=None, progress=None):
    program = analysis(book)
    control = program.control(bounds, program.diff)
    control.configuration.solve.models = "0"
    editions = {1: set(book.encoding.editions[before].rule_ids),
                2: set(book.encoding.editions[after].rule_ids)}
    classes = _Classes()
    shown = {}

    def seen(symbols):
        model = WorldModel(symbols)
        key = model.class_key(book, 1, because=False) + "\n" + model.class_key(book, 2, because=False)
        if key not in shown:
            shown[key] = (model.abstracted(book, 1, because=False),
                          model.abstracted(book, 2, because=False))
        classes.add(key, model.size(), model)

    tick = (lambda: progress.update(classes.total, len(classes.count))) if progress else None
    search = run(control, program.assumptions(editions), timeout=timeout, keep="none",
                 on_model=seen, on_tick=tick)
    if progress:
        progress.finish(classes.total, len(classes.count))
    result = {"rulebook": book.name, "from": before, "to": after, "bounds": bounds.describe(),
              "total": classes.total, "complete": search.finished,
              "exact_symmetry": exact_symmetry(book, bounds), "changed": []}
    for key in sorted(classes.count, key=lambda k: (-classes.count[k], k)):
        was, now = shown[key]
        model = classes.best[key][1]
        result["changed"].append({"before": was, "after": now, "count": classes.count[key],
                                  "witness": model.document(book, 1),
                                  "rulings_before": model.decoded(book, 1),
                                  "rulings_after": model.decoded(book, 2)})
    return result
