"""``rulings check``: every invariant of a rulebook over its state space, one solver search
per cube of the space (see :mod:`.cubes`) for the smallest violating state, merged across
cubes; then the rule IDs involved, by shrinking the set in force while the violation of that
witness persists."""

import time

from clingo import parse_term

from .. import books as registry
from ..errors import InputError
from . import cluster, isolate
from .bounds import Bounds
from .cubes import Found, Verdict, Witness, assumptions, budget, constants, find_in_time
from .models import WorldModel
from .program import analysis
from .search import run
from .theory import Theory

# The solver configuration per kind of search, chosen by measurement. Values chosen by the
# solver (plain clingo): clingo's default ("auto"). "trendy", chosen when redemption's
# monotonicity was proved over chosen values (four characters, strengths 0..6: 10-27 s
# against over 60 s), lost to it once that proof went over open values, measured on
# 2026-12-06 on this two-core machine: the default checks of hkk 24 s -> 20 s, b5 24 s ->
# 16 s, chronopia 45 s -> 22 s (CHR-INV-8's three-model cube 12.7 s -> 1.2 s), the coverage
# of b5 35 s -> 21 s, redemption's RED-INV-4a and 4b (over chosen values) 20 s -> 15 s; the
# same verdicts, coverage's witnesses as small (some another of the equally small states).
# Open values (clingcon): measured again when the rule files lost their solver modes (the
# program is the same, its statements in another order, and the solver's luck with it
# changed), on a busy two-core machine: "handy" proved every invariant at the defaults in
# 57 s where "crafty" (the choice before) left RED-INV-2 unknown after 120 s and took 172 s;
# RED-INV-2 under negative_counts at one card and one ability 5.5 s against over 40 s and
# 6.5 GB (crafty, trendy, jumpy, frumpy, tweety: none within 40 s); RED-INV-5 at eight
# characters and strengths 0..6, 47 s against unknown after 60 s; coverage the same (15 s).
# With the sums made by open_sums.py (2026-12-06): RED-INV-1, 2, 3 and 5 at the defaults
# 78 s (handy), 75 s (auto), 68 s (tweety), 120 s (frumpy): handy stays. Optimising over
# open values, the default linear branch-and-bound stalled: redemption's coverage of
# RED-IMM-4 (two characters, two immunities) found a cost of [4, 1, 2] at once, then did not
# improve it or prove it in 120 s while clingcon's memory grew to 11 GB; "bb,hier" (level by
# level) found [4, 1, 1] and proved it in 0.4 s. Over chosen values it gained nothing
# (chronopia's coverage: 161 s either way), so there the default stays.
SEARCH_OPTIONS = ["--configuration=auto"]
OPEN_SEARCH_OPTIONS = ["--configuration=handy", "--opt-strategy=bb,hier"]
# The share of an invariant's timeout (and the most seconds) its searches leave to describe
# the witness they found.
DESCRIBE_SHARE, DESCRIBE_MOST = 0.1, 15.0
# The program parts searched: their list and their statements, by group name.
# "premises": the invariants' parts, searched for a state meeting the premise (vacuity).
GROUPS = {"invariants": ("invariants", "invariant_statements"),
          "premises": ("invariants", "invariant_statements"),
          "errata": ("errata", "errata_statements"),
          "coverage": ("coverage", "coverage_statements"),
          "coverage_absent": ("coverage_absent", "coverage_statements")}


def _pinned(symbol, shown):
    """Input atoms of a world (as shown: a generated space also has them without the world)
    and the witness cost's atoms: with open values the cost counts the values' bounds
    (value >= k), so fixing those fixes the values."""
    return symbol.name == "witness_cost" or \
        (symbol.name.startswith("state_") and (symbol.name, len(symbol.arguments)) in shown)


def _pin(program, control, model):
    """Assumptions fixing every world's state to the witness: its input atoms (state_*)
    and cost atoms true, every other such atom of the grounding false."""
    shown = program.shown_inputs
    chosen = {s for s in model if _pinned(s, shown)}
    return [(atom.symbol, atom.symbol in chosen) for atom in control.symbolic_atoms
            if _pinned(atom.symbol, shown) and not atom.is_fact]


def check(book, bounds, edition, timeout=None, only=None, progress=None, workers=1,
          scheduler=None):
    """One result per invariant: holds | violated | unknown, with witness and rules."""
    program = analysis(book)
    if only:
        unknown = set(only) - {i.id for i in program.invariants}
        if unknown:
            raise InputError(f"unknown invariant(s): {', '.join(sorted(unknown))} (expected: "
                             f"{', '.join(i.id for i in program.invariants)})", "--invariant")
    parts = [i for i in program.invariants if not only or i.id in only]
    return check_parts(book, "invariants", parts, bounds, edition, timeout, progress, workers,
                       scheduler)


def check_parts(book, group, parts, bounds, edition, timeout=None, progress=None, workers=1,
                scheduler=None):
    """Search each program part of ``group`` (GROUPS) for a state deriving ``violation``,
    cube by cube: in a child killed at the deadline (one worker), or on a Dask cluster."""
    try:
        cubes = find_in_time(book, bounds, timeout)
    except KeyboardInterrupt:
        return [_unknown(i, interrupted=True) for i in parts]
    except isolate.Ended as ended:      # the space alone took the child down
        return [_unknown(i, reason=str(ended)) for i in parts]
    if cubes is None:       # the space alone did not ground in time
        return [_unknown(i) for i in parts]
    results = []
    try:
        with cluster.executor(workers, scheduler, cubes) as executor:
            for invariant in parts:
                if progress:
                    progress.start(invariant.id)
                args = (executor, book, group, invariant, bounds, edition, cubes, timeout)
                try:
                    entry = isolate.call(_decide, args, timeout) if executor.local \
                        else _decide(*args)
                except KeyboardInterrupt:   # Ctrl-C: what is decided stays, the rest unknown
                    results += [_unknown(i, interrupted=True) for i in parts[len(results):]]
                    if progress:
                        progress.done("unknown")
                    return results
                except isolate.Ended as ended:      # out of memory, say: this one is unknown
                    entry = _unknown(invariant, reason=str(ended))
                if entry is None:   # killed at the deadline: grounding or search did not finish
                    entry = _unknown(invariant)
                results.append(entry)
                if progress:
                    progress.done(entry["status"])
    except KeyboardInterrupt:   # while the local cluster started or stopped
        results += [_unknown(i, interrupted=True) for i in parts[len(results):]]
    return results


def _decide(executor, book, group, invariant, bounds, edition, cubes, timeout):
    """One invariant: every wanted cube searched, merged; the witness described once."""
    until = cluster.deadline(timeout)
    # the searches stop early enough to leave the witness found time to be described: a
    # violation found as the time ran out is reported (violated, not the smallest), not lost
    searching = cluster.deadline(None if timeout is None else timeout - _reserve(timeout))
    task = (book.name, group, invariant.id, bounds.values, edition)
    verdict = Verdict(cubes)
    for index, found in executor.run(search_cube, task, cubes, searching, verdict.wanted,
                                     verdict.limit):
        verdict.add(index, found)
    winner = verdict.winner()
    if winner is None:
        entry = {"id": invariant.id, "description": invariant.description,
                 "status": verdict.status(), "witness": None, "rules": []}
        if group == "invariants" and entry["status"] == "holds":
            entry.update(_premise(executor, task, cubes, searching))
        return entry
    found = verdict.found[winner]
    witness = Witness(cubes[winner], found.symbols, found.raw, verdict.smallest())
    entry = executor.call(describe_witness, task + (witness,), until)
    if entry is not None and group == "invariants":
        entry["premise"] = {"met": True}      # by the witness: a violation meets it
    return entry


def _premise(executor, task, cubes, until):
    """Whether an invariant that holds could have failed: the smallest state meeting its
    premise (``premise``, derived by its part where its conclusion is tested), searched
    cube by cube like a violation. None within the bounds: the invariant is vacuous there
    (status ``vacuous``); a search that did not finish leaves it unknown."""
    verdict = Verdict(cubes)
    for index, found in executor.run(search_cube, (task[0], "premises") + task[2:], cubes, until,
                                     verdict.wanted, verdict.limit):
        verdict.add(index, found)
    winner = verdict.winner()
    if winner is not None:
        model = WorldModel([parse_term(text) for text in verdict.found[winner].symbols])
        return {"premise": {"met": True, "witness": model.document(registry.get(task[0])),
                            "smallest": verdict.smallest()}}
    if verdict.status() == "holds":     # no state meets the premise: proven
        return {"status": "vacuous", "premise": {"met": False}}
    return {"status": "unknown", "premise": {"met": None},
            "reason": "the search for a state meeting the premise did not finish"}


def _reserve(timeout):
    """The seconds of an invariant's ``timeout`` kept for describing its witness (grounding
    its cube again, shrinking the rules involved)."""
    return min(timeout * DESCRIBE_SHARE, DESCRIBE_MOST)


def _rebuilt(rulebook, group, part_id, bounds_values, edition):
    """The arguments of _check_one from a task's plain values (in a worker, too)."""
    book = registry.get(rulebook)
    program = analysis(book)
    parts, statements = (getattr(program, name) for name in GROUPS[group])
    (part,) = [p for p in parts if p.id == part_id]
    return (book, program, part, statements, Bounds(book.bounds, bounds_values),
            set(book.encoding.editions[edition].rule_ids))


def search_cube(rulebook, group, part_id, bounds_values, edition, cube, timeout, at_most=None):
    """A task: the smallest violation of one part within one cube (a Found); of group
    "premises", the smallest state meeting the part's premise.

    ``at_most``: the objects of the smallest violation another cube has shown (Verdict.limit),
    when known. A state with more cannot be the witness, so the cube is searched only for
    states of at most that many objects: most such searches find none, and end sooner (the
    searches of chronopia's three-model cube in its coverage). One that finds one is searched
    again without the limit, so that its witness is the one it gives alone: the same whether
    a cube was limited or not, in any order and on any number of workers."""
    arguments = _rebuilt(rulebook, group, part_id, bounds_values, edition)
    goal = "premise" if group == "premises" else "violation"
    if at_most is None:
        return _check_one(*arguments, timeout, cube=cube, goal=goal)
    started = time.monotonic()
    limited = _check_one(*arguments, timeout, cube=cube, at_most=at_most, goal=goal)
    if not limited.violated:
        return limited
    left = None if timeout is None else max(0.0, timeout - (time.monotonic() - started))
    return _check_one(*arguments, left, cube=cube, goal=goal)


def describe_witness(rulebook, group, part_id, bounds_values, edition, witness, timeout):
    """A task: the entry of a part violated by ``witness`` (symbols as text, smallest); the
    rules involved are found by shrinking, but for coverage (the part names its rule)."""
    return _check_one(*_rebuilt(rulebook, group, part_id, bounds_values, edition), timeout,
                      cube=witness.cube, witness=witness,
                      shrink=not group.startswith("coverage"))


def _rules_by_world(control, name):
    """The rule IDs of the atoms ``name(W, ID)`` of a grounding, by world W."""
    found = {}
    for atom in control.symbolic_atoms.by_signature(name, 2):
        world, rule_id = atom.symbol.arguments
        found.setdefault(world.number, set()).add(rule_id.string)
    return found


def _unknown(invariant, interrupted=False, reason=None):
    entry = {"id": invariant.id, "description": invariant.description, "status": "unknown",
             "witness": None, "rules": []}
    if interrupted:
        entry["interrupted"] = True
    if reason:          # why it did not finish, when it was not the deadline
        entry["reason"] = reason
    return entry


def _check_one(book, program, invariant, part_statements, bounds, in_force, timeout, cube=(),
               witness=None, shrink=True, at_most=None, goal="violation"):
    """Without ``witness``: the search of one cube (a Found). With the merged ``witness``
    (its symbols as text, whether it is the smallest): the entry, with the rules involved."""
    started = time.monotonic()

    def remaining():
        return None if timeout is None else max(0.0, timeout - (time.monotonic() - started))
    if witness is not None and not shrink:
        return _described(book, invariant, witness)
    required = program.premise_required if goal == "premise" else program.violation_required
    statements = program.minimize + required + part_statements
    if at_most is not None:
        statements = statements + program.at_most_objects(at_most)
    theory = Theory.of(book.vocabulary) \
        if book.open_values and invariant.id not in book.chosen_values else None
    options = SEARCH_OPTIONS if theory is None else OPEN_SEARCH_OPTIONS
    control = program.control(bounds, statements, parts=[invariant.part],
                              extra_args=options + constants(cube) + budget(cube, at_most),
                              theory=theory, listing=False)
    worlds = sorted({a.symbol.arguments[0].number for a in control.symbolic_atoms.by_signature("world", 1)})
    # reading(W, ID): world W reads the text with rule ID in force as well.
    readings = _rules_by_world(control, "reading")
    # dropping(W, ID): world W reads the text with rule ID out of force (coverage).
    drops = _rules_by_world(control, "dropping")
    editions = {world: (in_force | readings.get(world, set())) - drops.get(world, set())
                for world in worlds}
    # contradicts(ID): a rule the violation goes against, reported with the rules involved.
    against = {atom.symbol.arguments[0].string
               for atom in control.symbolic_atoms.by_signature("contradicts", 1)}
    control.configuration.solve.models = "0"
    control.configuration.solve.opt_mode = "opt"
    if witness is None:
        return Found.of(run(control, program.assumptions(editions) + assumptions(cube),
                            timeout=remaining(), keep="last", theory=theory))
    entry, _ = _witnessed(book, invariant, witness)
    # the witness as the search showed it (with open values: the variables' names)
    raw = [parse_term(text) for text in witness.raw]
    involved = _involved(book, program, control, raw, worlds, in_force, readings, remaining)
    named = set(involved) | against
    # A rule only a compared reading puts in force is not a rule of the edition checked: it is
    # reported apart, as the other reading.
    entry["rules"] = [i for i in book.encoding.rule_ids if i in named and i in in_force]
    other = [i for i in book.encoding.rule_ids if i in named and i not in in_force]
    if other:
        entry["compared_with"] = other
    return entry


def _witnessed(book, invariant, witness):
    """The entry of a violated invariant: its witness (and the state after, with two
    worlds), and the witness's model."""
    model = WorldModel([parse_term(text) for text in witness.symbols])
    entry = {"id": invariant.id, "description": invariant.description, "status": "violated",
             "witness": model.document(book, 1)}
    if len(model.state) > 1:
        entry["witness_after"] = model.document(book, 2)
    entry["smallest"] = witness.smallest
    return entry, model


def _described(book, invariant, witness):
    """A coverage witness's entry: the part names its rule, so nothing is shrunk and nothing
    grounded; the rulings with the rule in force and, in its second world, without it."""
    entry, model = _witnessed(book, invariant, witness)
    entry["rulings"] = model.named_rulings(book, 1)
    if len(model.state) > 1:
        entry["rulings_without"] = model.named_rulings(book, 2)
    return entry


def _involved(book, program, control, symbols, worlds, in_force, readings, remaining):
    """Shrink the rules in force while this witness still violates the invariant."""
    pinned = _pin(program, control, symbols)
    control.configuration.solve.models = "1"
    control.configuration.solve.opt_mode = "ignore"
    kept = [rule_id for rule_id in book.encoding.rule_ids if rule_id in in_force]
    for rule_id in list(kept):
        trial = set(kept) - {rule_id}
        editions = {w: trial | readings.get(w, set()) for w in worlds}
        search = run(control, program.assumptions(editions) + pinned,
                     timeout=remaining(), keep="none")
        if search.satisfiable:
            kept = [i for i in kept if i != rule_id]
    extra = set().union(*readings.values()) if readings else set()
    return kept + [i for i in book.encoding.rule_ids if i in extra and i not in kept]
