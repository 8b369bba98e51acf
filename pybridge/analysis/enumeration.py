"""``rulings enumerate`` and ``rulings diff``: the classes of equal rulings of the space
(ignoring identifiers), or of the states whose rulings two editions give differently, each
with its smallest witness, cube by cube (see :mod:`.cubes`).

By default the solver lists situations, not states (:mod:`.situations`): each distinct set
of rulings once, then the smallest state of each class. Counting the states of each class
(``count``, and ``--out``, which writes every state) enumerates every state instead; Python
then counts and keeps the smallest of each class."""

import json
import time

from .. import books as registry
from . import cluster, isolate
from .bounds import Bounds
from .cubes import Listed, Listing, assumptions, constants, find_in_time
from .models import WorldModel, changes, changes_key, said_changes
from .program import analysis, exact_symmetry
from .search import run
from .situations import list_situations

# The most states one run lists and counts (--count, --out): some 100 MB of --out lines
# (redemption's are some 500 bytes each). A run that reaches it stops there, incomplete, and
# says why; classes alone are listed without it. On a Dask cluster, where the cubes run at
# once, each cube stops there too.
MAX_STATES = 200_000


class _Classes:
    """Counts per class and the smallest model of each (the first found of its size)."""

    def __init__(self):
        self.count, self.best, self.total = {}, {}, 0

    def add(self, key, size, model):
        self.total += 1
        self.count[key] = self.count.get(key, 0) + 1
        if key not in self.best or size < self.best[key][0]:
            self.best[key] = (size, model)


def _collect(control, assumptions, key_of, timeout, progress, also=None, most=None):
    """Enumerate every model, grouping by ``key_of(model)``; ``also(model)`` sees each; at
    most ``most`` models (then the search stops, not finished)."""
    classes = _Classes()

    def seen(symbols):
        model = WorldModel(symbols)
        classes.add(key_of(model), model.size(), model)
        if also is not None:
            also(model)
        return most is None or classes.total < most

    tick = (lambda: progress.update(classes.total, len(classes.count))) if progress else None
    search = run(control, assumptions, timeout=timeout, keep="none", on_model=seen,
                 on_tick=tick)
    return classes, search


def rules(book, changed):
    """The rules behind a change: the citations of every ruling lost or gained, the rules
    that keep it from being given by the edition without it (why_not), and the citations a
    ruling given by both editions has in one only; in catalogue order."""
    cited = set()
    for ruling in changed["lost"] + changed["gained"]:
        cited.update(ruling["because"], ruling["why_not"])
    for ruling in changed["recited"]:
        cited.update(set(ruling["because_before"]) ^ set(ruling["because_after"]))
    order = book.encoding.rule_order
    return sorted(cited, key=lambda rule_id: (order.get(rule_id, len(order)), rule_id))


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
    except isolate.Ended as ended:      # out of memory, say: nothing listed
        return {**head, "total": 0, "complete": False, "reason": str(ended)}
    return result if result is not None else {**head, "total": 0, "complete": False}


def enumerate_states(book, bounds, edition, timeout=None, out=None, progress=None, workers=1,
                     scheduler=None, count=False):
    """The classes of the space, cube by cube; with ``count`` (or ``out``) every state,
    counted per class."""
    head = {"rulebook": book.name, "edition": edition, "bounds": bounds.describe()}
    question = ("enumerate", count or out is not None, edition)
    return _listing(book, bounds, question, head, "classes", timeout, out, progress, workers,
                    scheduler)


def diff(book, bounds, before, after, timeout=None, progress=None, workers=1, scheduler=None,
         count=False):
    """The classes of the states whose rulings two editions give differently, cube by cube;
    with ``count``, every such state counted."""
    head = {"rulebook": book.name, "from": before, "to": after, "bounds": bounds.describe()}
    return _listing(book, bounds, ("diff", count, before, after), head, "changed", timeout,
                    None, progress, workers, scheduler)


def _listing(book, bounds, question, head, name, timeout, out, progress, workers, scheduler):
    """The cubes listed in a child killed at the deadline (one worker), or on a Dask
    cluster; merged into ``head`` + counted, total (when counted), complete, exact_symmetry
    and the list ``name``."""
    head = {**head, "counted": question[1]}
    empty = {**head, "exact_symmetry": exact_symmetry(book, bounds), name: []}
    started = time.monotonic()
    try:
        cubes = find_in_time(book, bounds, timeout)
    except KeyboardInterrupt:
        return {**empty, "total": 0, "complete": False, "interrupted": True}
    except isolate.Ended as ended:
        return {**empty, "total": 0, "complete": False, "reason": str(ended)}
    if cubes is None:
        return {**empty, "total": 0, "complete": False}
    if timeout is not None:
        timeout = max(0.0, timeout - (time.monotonic() - started))
    args = (book, bounds, question, head, name, cubes, timeout, out, progress)
    result = None
    try:
        with cluster.executor(workers, scheduler, cubes) as executor:
            result = _isolated(_merged, (executor,) + args, timeout, empty, out) \
                if executor.local else _merged(executor, *args)
    except KeyboardInterrupt:   # while the local cluster started or stopped
        if result is None:
            return {**empty, "total": 0, "complete": False, "interrupted": True}
        result = {**result, "interrupted": True}
    return result


def _merged(executor, book, bounds, question, head, name, cubes, timeout, out, progress):
    listing = Listing(cubes, out)
    if executor.local:      # lines straight to --out, progress as the states come
        function = _list_here
        args = (book, bounds, question, out, _Running(progress, listing) if progress else None)
    else:                   # a task per cube, its lines sent back
        function, args = list_cube, (book.name, bounds.values, question, out is not None)
    counted = question[1]

    def wanted(index):          # no cube is started once the states listed reach the most
        return not counted or listing.total < MAX_STATES

    def left(index):            # (one process: the cubes run one after another)
        return MAX_STATES - listing.total
    try:
        for index, listed in executor.run(function, args, cubes, cluster.deadline(timeout),
                                          wanted=wanted, limit=left):
            listing.add(index, listed)
            if progress:
                progress.update(listing.total, len(listing.count))
            if listed.interrupted:
                break
    except KeyboardInterrupt:
        listing.interrupted = True
    listing.finish()
    if progress:
        progress.finish(listing.total, len(listing.count))
    total = {"total": listing.total} if counted else {}
    capped = counted and (listing.total >= MAX_STATES
                          or any(listed.capped for listed in listing.listed.values()))
    complete = listing.complete() and not capped
    return {**head, **total, "complete": complete,
            **({"reason": f"stopped at {MAX_STATES:,} states, the most --count and --out "
                          "list in one run: narrow the bounds"} if capped else {}),
            **({"interrupted": True} if listing.interrupted else {}),
            "exact_symmetry": exact_symmetry(book, bounds), name: listing.classes()}


class _Running:
    """Progress during one cube: the states and classes of the cubes before it added."""

    def __init__(self, progress, listing):
        self.progress, self.listing = progress, listing

    def update(self, states, classes):
        self.progress.update(self.listing.total + states,
                             max(len(self.listing.count), classes))


def list_cube(rulebook, bounds_values, question, lines, cube, timeout, most=MAX_STATES):
    """A task: one cube's listing, with its --out lines when ``lines``."""
    book = registry.get(rulebook)
    buffer = [] if lines else None
    listed = _list_cube(book, Bounds(book.bounds, bounds_values), question, cube, timeout,
                        buffer.append if lines else None, most=most)
    listed.lines = buffer
    return listed


def _list_here(book, bounds, question, out, progress, cube, timeout, most=MAX_STATES):
    return _list_cube(book, bounds, question, cube, timeout,
                      out.write if out is not None else None, progress, most)


def _list_cube(book, bounds, question, cube, timeout, write=None, progress=None,
               most=MAX_STATES):
    """One cube's classes, a Listed: its situations, or (counted) every state, grouped, at
    most ``most`` of them (``write`` gets the --out lines)."""
    program = analysis(book)
    counted = question[1]
    editions = {world: set(book.encoding.editions[edition].rule_ids)
                for world, edition in enumerate(question[2:], 1)}
    # the smallest witness of a situation is searched for (its states are not listed)
    smallest = [] if counted else program.minimize
    if question[0] == "enumerate":
        control = program.control(bounds, smallest, worlds=[1], extra_args=constants(cube))

        def key_of(model):
            return model.class_key(book)

        def payload(model):
            return {"rulings": model.abstracted(book), "says": model.says(book),
                    "witness": model.document(book)}
    else:
        control = program.control(bounds, program.diff + smallest, extra_args=constants(cube))

        def key_of(model):      # the rulings with the rules they cite, before and after, and
            # why each lost or gained one is not given by the other edition
            return "\n".join((model.class_key(book, 1), model.class_key(book, 2),
                              changes_key(book, model)))

        def payload(model):
            changed = changes(book, model, True)
            return {"before": model.abstracted(book, 1), "after": model.abstracted(book, 2),
                    "says_before": model.says(book, 1), "says_after": model.says(book, 2),
                    "says_changes": said_changes(book, model),
                    **changed, "rules": rules(book, changed),
                    "witness": model.document(book, 1),
                    "rulings_before": model.named_rulings(book, 1),
                    "rulings_after": model.named_rulings(book, 2)}

    def line(model):
        document, rulings = model.witnessed(book)
        write(json.dumps({"state": document, "rulings": rulings},
                         ensure_ascii=False) + "\n")

    known = program.assumptions(editions) + assumptions(cube)
    if counted:
        control.configuration.solve.models = "0"
        found, search = _collect(control, known, key_of, timeout, progress,
                                 line if write is not None else None, most)
        finished, interrupted = search.finished, search.interrupted
        capped = not finished and found.total >= most
    else:
        found, finished, interrupted = list_situations(control, known, key_of, timeout,
                                                       progress)
        capped = False
    return Listed(found.total, finished, interrupted,
                  [(key, found.count.get(key), size, payload(model))
                   for key, (size, model) in sorted(found.best.items())], capped=capped)
