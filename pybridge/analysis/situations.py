"""Listing situations, not states: each class of equal rulings of one cube found once.

A class is a state's rulings with identifiers left out (models.WorldModel.class_key). The
solver enumerates the distinct sets of ruling atoms (projection onto them: clasp's
projective enumeration, ``#project``), not the states: a set stands for every state that
gets exactly those rulings, and is found once however many states share it. Sets that
differ only in identifiers fall into one class here.

Each class then gets its smallest witness, by the space's witness cost: one search per class
for the smallest state whose ruling atoms are one of the class's sets (an atom added for the
class, true exactly when every projected atom is true or false as in one of its sets, is
assumed). The same ground program answers every question of the cube, one solve call after
another.
"""

import time

from clingo import Function, Number

from .models import WorldModel
from .search import run

# The atoms a class is read from (name, arity, with the world): the rulings, the rules they
# cite, the queries they answer, and (diff) why a ruling of one world is not given by the other.
PROJECTED = (("ruling", 2), ("because", 3), ("answers", 3), ("diff_why_not", 3))
# diff.lp shows diff_why_not(W, R, ID) as why_not(W, R, ID)
SHOWN_AS = {"why_not": "diff_why_not"}


def _projected(control):
    """The projected atoms of a grounding that are not facts: (symbol, literal) in order."""
    return [(atom.symbol, atom.literal)
            for name, arity in PROJECTED
            for atom in control.symbolic_atoms.by_signature(name, arity) if not atom.is_fact]


def _atom(symbol):
    """The projected atom a shown symbol is."""
    name = SHOWN_AS.get(symbol.name)
    return symbol if name is None else Function(name, symbol.arguments)


class Situations:
    """The classes of one cube: per class key, its sets of ruling atoms in the order found,
    and the smallest witness's size and model once searched."""

    def __init__(self):
        self.sets = {}          # key -> [frozenset of projected symbols]
        self.best = {}          # key -> (size, WorldModel): the first state found, until
        # the witness searches find the smallest
        self.total = 0          # sets found
        self.count = {}         # no state is counted

    def add(self, key, atoms, model):
        self.total += 1
        self.sets.setdefault(key, []).append(atoms)
        if key not in self.best:
            self.best[key] = (model.size(), model)


def list_situations(control, assumptions, key_of, timeout, progress=None):
    """The classes of the grounded ``control`` (a Situations), whether every search
    finished, and whether it was interrupted. ``key_of(model)`` gives a WorldModel's class.
    Every search shares the ``timeout``: a class whose witness search ran out keeps the
    first state found of it (the listing is then not complete)."""
    projected = _projected(control)
    names = {symbol for symbol, _ in projected}
    with control.backend() as backend:
        backend.add_project([literal for _, literal in projected])
    situations = Situations()
    config = control.configuration.solve
    config.project, config.models, config.opt_mode = "project", "0", "ignore"

    def seen(symbols):
        # the projected atoms true in the model (its facts are true in every model)
        atoms = frozenset(symbol for symbol in symbols if _atom(symbol) in names)
        model = WorldModel(symbols)
        situations.add(key_of(model), atoms, model)

    def tick():
        progress.update(situations.total, len(situations.sets))
    until = None if timeout is None else time.monotonic() + timeout

    def left():
        return None if until is None else max(0.0, until - time.monotonic())
    search = run(control, assumptions, timeout=left(), keep="none", on_model=seen,
                 on_tick=tick if progress else None)
    finished = search.finished
    if search.interrupted:
        return situations, False, True
    config.project, config.opt_mode = "no", "opt"
    literal = dict(projected)
    chosen = {}     # key -> the atom true in exactly the states of one of the class's sets
    with control.backend() as backend:
        for number, key in enumerate(sorted(situations.sets)):
            chosen[key] = Function("situation_", [Number(number)])
            head = backend.add_atom(chosen[key])
            for atoms in situations.sets[key]:
                true = {literal[_atom(symbol)] for symbol in atoms}
                backend.add_rule([head], [lit if lit in true else -lit
                                          for lit in literal.values()])
    for key in sorted(situations.sets):
        if left() == 0:
            return situations, False, False
        found = run(control, list(assumptions) + [(chosen[key], True)], timeout=left(),
                    keep="last")
        if found.interrupted:
            return situations, False, True
        finished = finished and found.finished
        if found.models:
            model = WorldModel(found.models[-1])
            if model.size() <= situations.best[key][0]:
                situations.best[key] = (model.size(), model)
    return situations, finished, False
