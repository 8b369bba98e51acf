"""Cubes: a rulebook's state space split into independent parts, each solved on its own (one
after another, or as tasks on a Dask cluster) and merged in a fixed order, so that the
result is the same for any number of workers.

A rulebook's ``space.lp`` declares ``space_cube(Kind, N)``: the number N of objects of each
kind (a state has exactly one N per kind). A cube fixes one N for every kind, as
assumptions; the cubes are every combination the space allows, sorted by the total number of
objects, then by the counts. That total is counted by the witness cost at its top priority
(``witness_cost(3, 1, _)``): a cube's lower bound on it. Every cube is solved in a fresh
control built the same way, so its answer does not depend on where or after what it runs.
"""

import itertools

from clingo import Function, Number

from ..documents.fields import Fields
from . import isolate
from .models import WorldModel
from .program import TOP, analysis


def bound(cube):
    """The cube's lower bound on the witness cost at priority TOP: its objects."""
    return sum(count for _, count in cube)


def size(cube):
    """The size model of a cube, to hand out the largest first: its states grow
    exponentially with its objects, so its objects, then its counts."""
    return (bound(cube), tuple(count for _, count in cube))


def largest_first(cubes):
    """The indices of ``cubes``, the largest (by :func:`size`) first; ties in index order
    (a reversed sort is stable)."""
    return sorted(range(len(cubes)), key=lambda index: size(cubes[index]), reverse=True)


def constants(cube):
    """The cube's counts also as clingo constants ``cube_<kind>``, so that a space may ground
    only what the cube can hold (asp/redemption/space.lp: its slots); kinds are the space's
    own constant names."""
    return [argument for kind, count in cube for argument in ("-c", f"cube_{kind}={count}")]


def budget(cube, at_most):
    """The clingo constant ``space_budget``: the objects a state of ``cube`` may have
    beyond the cube's own when it has at most ``at_most`` in all (none: no limit)."""
    return [] if at_most is None else ["-c", f"space_budget={max(0, at_most - bound(cube))}"]


def assumptions(cube):
    """``space_cube(Kind, N)`` true for the count of every kind of the cube."""
    return [(Function("space_cube", [Function(kind), Number(count)]), True)
            for kind, count in cube]


def find(book, bounds):
    """The cubes of the space within ``bounds``: tuples of (kind, count) pairs (plain data,
    sent to workers as is), in a fixed order. Combinations the space rules out (more objects
    than a bound allows) are dropped; a space without ``space_cube`` is one cube, ``()``."""
    # no worlds: the space alone; which counts it holds does not depend on the symmetry
    # breaking, so a generated space's sorting will do (exact lex-leader constraints over
    # many interchangeable objects ground slowly: chronopia's three models, minutes)
    control = analysis(book).control(bounds, listing=False)
    values = {}
    for atom in control.symbolic_atoms.by_signature("space_cube", 2):
        kind, count = atom.symbol.arguments
        values.setdefault(kind.name, set()).add(count.number)
    kinds = sorted(values)
    candidates = [tuple(zip(kinds, counts))
                  for counts in itertools.product(*(sorted(values[k]) for k in kinds))]
    candidates.sort(key=lambda cube: (bound(cube), cube))
    control.configuration.solve.models = "1"
    return [cube for cube in candidates
            if control.solve(assumptions=assumptions(cube)).satisfiable]


def prepare(book, bounds):
    """The analysis program's parsed statements, and the facts the space needs from the
    bridge, made once in this process: the children forked next (this search of the space,
    then a child per invariant, rule or listing) inherit them instead of each making them
    again (chronopia's world-indexed encoding and display, about 0.4 s a child, and its
    grid's geometry, 0.2 s: its coverage forks one per rule). What is grounded still is,
    in the child."""
    program = analysis(book)
    names = ["encoding", "plain_space", "display", "shown_inputs", "minimize",
             "violation_required", "invariant_statements", "errata_statements",
             "coverage_statements", "diff"]
    if book.open_values:
        names += ["open_program", "space"]
    for name in names:
        getattr(program, name)
    book.space_facts(bounds)     # chronopia's grid geometry, kept by its process


def find_in_time(book, bounds, timeout):
    """``find`` in a child killed at the deadline (grounding a space with wide bounds may not
    finish in time): the cubes, or None when it did not. Ctrl-C raises KeyboardInterrupt.
    The program is prepared here first, for every child to come."""
    prepare(book, bounds)
    return isolate.call(find, (book, bounds), timeout)


class Found(Fields):
    """One cube's search for a violation: its best model (shown symbols as text) and cost."""

    violated: bool
    finished: bool
    interrupted: bool = False
    cost: tuple = ()          # clingo's cost vector, highest priority first
    top: int = 0              # the witness cost at priority TOP
    symbols: tuple = ()
    raw: tuple = ()           # the same as the search showed them (open values unvalued)

    @classmethod
    def of(cls, search):
        if not (search.satisfiable and search.models):
            return cls(False, search.finished, search.interrupted)
        symbols = search.models[-1]
        top = sum(weight for priority, weight in WorldModel(symbols).cost if priority == TOP)
        return cls(True, search.finished, search.interrupted, tuple(search.cost), top,
                   tuple(str(symbol) for symbol in symbols),
                   tuple(str(symbol) for symbol in search.raw[-1]))


class Witness(Fields):
    """The merged answer's witness, sent to the task that describes it: its cube, its
    symbols (valued, and as shown), whether it is the smallest."""

    cube: tuple
    symbols: tuple
    raw: tuple
    smallest: bool


class Verdict:
    """Merges the cubes' searches for one invariant, in any order of arrival.

    Violated when any cube found a violation; the witness is the smallest by (cost, cube
    index). Holds only when every cube holds. A cube whose lower bound exceeds the top cost
    of a violation found cannot hold a smaller witness: it is not wanted (not started, or
    cancelled); the witness is the smallest when every wanted cube finished."""

    def __init__(self, cubes):
        self.cubes = cubes
        self.found = {}

    def add(self, index, found):
        self.found[index] = found

    def winner(self):
        """The index of the cube with the smallest violation, or None."""
        violations = [(found.cost, index) for index, found in self.found.items()
                      if found.violated]
        return min(violations)[1] if violations else None

    def wanted(self, index):
        smallest = self.limit(index)
        return smallest is None or bound(self.cubes[index]) <= smallest

    def limit(self, index):
        """The most objects a violation in cube ``index`` may have and still be the witness:
        those of the smallest violation found so far (None: none found)."""
        return min((found.top for found in self.found.values() if found.violated), default=None)

    def status(self):
        if self.winner() is not None:
            return "violated"
        if len(self.found) == len(self.cubes) and all(f.finished for f in self.found.values()):
            return "holds"
        return "unknown"

    def smallest(self):
        return all(index in self.found and self.found[index].finished
                   for index in range(len(self.cubes)) if self.wanted(index))


class Listed(Fields):
    """One cube's listing: its classes (with their states counted, when counted: else the
    count is None), the smallest model of each class (by size; the first found of that size)
    as ``payload``, and --out lines when buffered. ``total``: the states listed, or (not
    counted) the sets of rulings found."""

    total: int
    finished: bool
    interrupted: bool
    classes: list             # (key, count, size, payload)
    lines: list = None
    capped: bool = False      # stopped at the most states a run lists (enumeration.MAX_STATES)


class Listing:
    """Merges the cubes' listings: counts add up (when counted), a class's witness is the
    smallest by (size, cube index), buffered lines are written in cube order."""

    def __init__(self, cubes, out=None):
        self.cubes, self.out = cubes, out
        self.listed, self.count, self.best = {}, {}, {}
        self.total = 0
        self.interrupted = False
        self.written = 0          # cubes whose lines are written

    def add(self, index, listed):
        self.listed[index] = listed
        self.total += listed.total
        self.interrupted = self.interrupted or listed.interrupted
        for key, count, size, payload in listed.classes:
            self.count[key] = None if count is None else self.count.get(key, 0) + count
            if key not in self.best or (size, index) < self.best[key][0]:
                self.best[key] = ((size, index), payload)
        while self.written in self.listed:
            self._write(self.written)
            self.written += 1

    def finish(self):
        """The lines of cubes after one that never reported (a run stopped early)."""
        for index in sorted(i for i in self.listed if i >= self.written):
            self._write(index)
        self.written = len(self.cubes)

    def _write(self, index):
        listed = self.listed[index]
        if listed.lines is not None and self.out is not None:
            for line in listed.lines:
                self.out.write(line)
            listed.lines = None

    def complete(self):
        return len(self.listed) == len(self.cubes) and all(
            listed.finished for listed in self.listed.values())

    def classes(self):
        """Per class, its payload: counted, most common first, with its count; else the
        smallest situations first (by the witness's size); ties by key."""
        def order(key):
            count = self.count[key]
            return (-count, (), key) if count is not None else (0, self.best[key][0][0], key)
        entries = []
        for key in sorted(self.count, key=order):
            entry = dict(self.best[key][1])
            if self.count[key] is not None:
                entry["count"] = self.count[key]
            entries.append(entry)
        return entries
