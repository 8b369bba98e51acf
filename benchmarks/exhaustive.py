"""Issue 27's figures, before and after: listings of situations, proofs at 3 v 3 and beyond,
and workers, on the complete spaces at their default features (nothing switched off).

    python3 benchmarks/run.py --exhaustive-only --before PATH

PATH is a checkout of the commit before (``git worktree add /tmp/before 7a39d23``); each
command runs there as it did (its own defaults, its own output: a listing before lists and
counts every state). A figure that does not finish within its limit is reported as such,
with the limit. One run of each (these are minutes, not milliseconds)."""

import json
import time

import scale

LIMIT = 120      # seconds per command (and per invariant of a check)

# (label, arguments, after only): the commands of the acceptance
FIGURES = [
    ("enumerate redemption (defaults)", ["enumerate", "redemption"], False),
    ("enumerate redemption --characters 3 --values 0..3 --toughness 0..3",
     ["enumerate", "redemption", "--characters", "3", "--values", "0..3", "--toughness",
      "0..3"], False),
    ("enumerate redemption --characters 3 --values=-3..9 --toughness 0..9",
     ["enumerate", "redemption", "--characters", "3", "--values=-3..9", "--toughness",
      "0..9"], False),
    ("check redemption (defaults: 3 characters)", ["check", "redemption"], False),
    ("check redemption --characters 6, RED-INV-5",
     ["check", "redemption", "--characters", "6", "--invariant", "RED-INV-5"], False),
    ("check redemption --characters 8 --values 0..12, RED-INV-5",
     ["check", "redemption", "--characters", "8", "--values", "0..12", "--invariant",
      "RED-INV-5"], True),
    ("check chronopia --queries 2", ["check", "chronopia", "--queries", "2"], False),
]
# a listing that completes (six cubes; the listing defaults' immunities, ability and optional
# fact left out): workers compared on the same, whole work
WORKERS = [
    ("enumerate redemption --characters 3 --values=-3..9 --toughness 0..9 (one immunity)",
     ["enumerate", "redemption", "--characters", "3", "--values=-3..9", "--toughness", "0..9",
      "--immunities", "1", "--abilities", "0", "--features", "0"]),
]


# (label, rulebook, bound values, listing?): the work whose cubes are timed one by one for
# the estimate of what a cluster of CORES cores could gain (the largest cube against the total)
ESTIMATED = [
    ("check redemption (defaults: 3 characters), every invariant", "redemption", {}, False),
    ("check redemption --characters 6, RED-INV-5", "redemption", {"max_characters": 6},
     False),
    ("enumerate redemption (defaults)", "redemption", {}, True),
]
CORES = 64
CUBE_LIMIT = 60     # seconds per cube (and invariant)


def _timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def cube_seconds(rulebook, values, listing):
    """Seconds per cube of a check (each invariant's cubes: a list per invariant, since an
    invariant's cubes are merged before the next starts) or of a listing (one list), each
    cube solved on its own in this process, as a worker does; and whether all finished."""
    from pybridge.analysis import check, enumeration
    from pybridge.analysis.program import analysis
    from pybridge.books import get
    bounds, cubes = scale._cubes_of(rulebook, values, listing)
    book = get(rulebook)
    edition = book.default_edition
    if listing:
        question = ("enumerate", False, edition)
        runs = [_timed(enumeration.list_cube, rulebook, bounds.values, question, False, cube,
                       CUBE_LIMIT) for cube in cubes]
        return [[seconds for seconds, _ in runs]], all(r.finished for _, r in runs)
    wanted = ["RED-INV-5"] if values else [i.id for i in analysis(book).invariants]
    per_invariant, finished = [], True
    for invariant in wanted:
        runs = [_timed(check.search_cube, rulebook, "invariants", invariant, bounds.values,
                       edition, cube, CUBE_LIMIT) for cube in cubes]
        per_invariant.append([seconds for seconds, _ in runs])
        finished = finished and all(found.finished for _, found in runs)
    return per_invariant, finished


def estimate_lines():
    """The speed-up a cluster of CORES cores could give at most, from the cube sizes: each
    invariant (or a listing) takes at least its largest cube, and at least its total over
    CORES; against one process, its total."""
    lines = ["", f"What {CORES} cores could gain, from the cube sizes (each cube timed on its "
             f"own in one process, at most {CUBE_LIMIT} s; an invariant's cubes all finish "
             "before the next invariant's start):", "",
             "| work | cubes | one process | largest cube | at best on "
             f"{CORES} cores | speed-up at most |", "|---|---|---|---|---|---|"]
    for label, rulebook, values, listing in ESTIMATED:
        print(f"  {label} (cube by cube) ...", flush=True)
        groups, finished = cube_seconds(rulebook, values, listing)
        total = sum(sum(group) for group in groups)
        largest = max(max(group) for group in groups)
        best = sum(max(max(group), sum(group) / CORES) for group in groups)
        cut = "" if finished else f" (cubes cut at {CUBE_LIMIT} s: a lower bound)"
        lines.append(f"| {label}{cut} | {len(groups[0])} | {total:.1f} s | {largest:.1f} s | "
                     f"{best:.1f} s | {total / best:.1f}× |")
    return lines


def _summary(result):
    """What a result says, in a few words."""
    if result is None:
        return f"not finished in {LIMIT} s"
    if "invariants" in result:
        statuses = [entry["status"] for entry in result["invariants"]]
        return ", ".join(f"{statuses.count(s)} {s}" for s in sorted(set(statuses)))
    listed = result.get("classes", result.get("changed", []))
    done = "complete" if result.get("complete") else "INCOMPLETE"
    states = f"{result['total']:,} states, " if "total" in result else ""
    return f"{states}{len(listed):,} classes, {done}"


def run(arguments, package=None):
    seconds, result = scale.rulings(arguments + ["--timeout", str(LIMIT)], package, LIMIT)
    return seconds, result


def measured(arguments, package=None):
    seconds, result = run(arguments, package)
    return f"{seconds:.1f} s: {_summary(result)}"


def bench(before=None):
    lines = ["## Exhaustive at real sizes (issue 27)", "",
             f"Each command once, `--timeout {LIMIT}` (per invariant for a check); before: "
             f"{'the checkout at ' + before if before else 'not measured'}.", "",
             "| command | before | after |", "|---|---|---|"]
    for label, arguments, after_only in FIGURES:
        print(f"  {label} ...", flush=True)
        cells = ["–" if before is None or after_only else measured(arguments, before),
                 measured(arguments)]
        lines.append(f"| `rulings {' '.join(arguments)}` | {cells[0]} | {cells[1]} |")
    lines += ["", "`--workers` (after; the same JSON is asserted):", "",
              "| command | 1 worker | 2 workers | same output |", "|---|---|---|---|"]
    for label, arguments in WORKERS:
        print(f"  {label} (workers) ...", flush=True)
        one = run(arguments)
        two = run(arguments + ["--workers", "2"])
        same = json.dumps(one[1]) == json.dumps(two[1])
        lines.append(f"| `rulings {' '.join(arguments)}` | {one[0]:.1f} s | {two[0]:.1f} s "
                     f"| {'yes' if same else 'NO'} |")
    return lines + estimate_lines()
