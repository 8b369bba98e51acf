"""Issue 27's figures, before and after: listings of situations, proofs at 3 v 3 and beyond,
and workers, on the complete spaces at their default features (nothing switched off).

    python3 benchmarks/run.py --exhaustive-only --before PATH

PATH is a checkout of the commit before (``git worktree add /tmp/before 7a39d23``); each
command runs there as it did (its own defaults, its own output: a listing before lists and
counts every state). A figure that does not finish within its limit is reported as such,
with the limit. One run of each (these are minutes, not milliseconds)."""

import json

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
    return lines
