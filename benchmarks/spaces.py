"""State spaces generated from input vocabularies (a section of RESULTS.md): per rulebook,
the size of its space and the time of each invariant, of errata and of coverage at the
default bounds.

    python3 benchmarks/spaces.py            (prints the section)

Size: the states of the listing bounds, counted by `rulings enumerate` (exact, symmetric
duplicates counted once), and at the default bounds the log10 of an upper bound, counted
from the grounded space cube by cube: the product of the choices of every fact an object
must have, times the ways to pick at most the bound's number of optional facts among the
candidates (before valid.lp's constraints and symmetry, which only remove states).
Times are whole `rulings` processes, start-up included.
"""

import json
import math
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from pybridge.analysis.bounds import Bounds  # noqa: E402
from pybridge.analysis.cubes import constants, find  # noqa: E402
from pybridge.analysis.program import analysis  # noqa: E402
from pybridge.books import RULEBOOKS  # noqa: E402
from pybridge.documents.inputs import ONE  # noqa: E402


def rulings(arguments, timeout=600):
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pybridge", *arguments, "--format", "json"],
                          capture_output=True, text=True, cwd=HERE.parent, timeout=timeout)
    seconds = time.perf_counter() - start
    return seconds, json.loads(done.stdout)


def log10_upper_bound(book, bounds):
    """log10 of the upper bound described above, summed over the cubes of the space."""
    vocabulary = book.vocabulary
    features = bounds.values.get(vocabulary.features) if vocabulary.features else None
    program = analysis(book)
    total = 0.0
    for cube in find(book, bounds):
        control = program.control(bounds, extra_args=constants(cube), listing=False)
        present = {kind: count for kind, count in cube}
        candidates = {}
        for atom in control.symbolic_atoms.by_signature("space_candidate", 3):
            name, arguments, _ = atom.symbol.arguments
            declared = vocabulary.input(name.name)
            key = tuple(arguments.arguments[:declared.key_length])
            if all(_exists(k, present) for k in arguments.arguments):
                candidates.setdefault((declared, key), []).append(atom.symbol)
        ones, optional = 0.0, 0
        for (declared, _), found in candidates.items():
            if declared.many == ONE:
                ones += math.log10(len(found))
            else:
                optional += len(found)
        limit = optional if features is None else min(features, optional)
        picks = sum(math.comb(optional, k) for k in range(limit + 1))
        total += 10 ** (ones + math.log10(picks))
    return math.log10(total)


def _exists(symbol, present):
    """Whether an object argument (kind(I)) is one of the cube's objects."""
    if symbol.type.name == "Function" and len(symbol.arguments) == 1 and \
            symbol.name in present and symbol.arguments[0].type.name == "Number":
        return symbol.arguments[0].number <= present[symbol.name]
    return True


def bench():
    lines = ["## State spaces generated from input vocabularies", "",
             "| rulebook | states at the listing bounds | log10 states at the default bounds "
             "(upper bound) | cubes |", "|---|---:|---:|---:|"]
    timings = []
    for name, book in RULEBOOKS.items():
        if book.vocabulary is None:
            continue
        bounds = Bounds(book.bounds)
        listed = rulings(["enumerate", name, "--count"])[1]
        lines.append(f"| {name} | {listed['total']:,} | {log10_upper_bound(book, bounds):.1f} "
                     f"| {len(find(book, bounds))} |")
        for edition in book.encoding.editions:
            seconds, result = rulings(["check", name, "--edition", edition])
            for entry in result["invariants"]:
                one, single = rulings(["check", name, "--edition", edition, "--invariant",
                                       entry["id"]])
                timings.append((name, edition, entry["id"], single["invariants"][0]["status"],
                                one))
            timings.append((name, edition, "check (every invariant)", "", seconds))
            seconds, result = rulings(["errata", name, "--edition", edition])
            timings.append((name, edition, "errata", f"{len(result['contradictions'])} found",
                            seconds))
            seconds, result = rulings(["coverage", name, "--edition", edition])
            timings.append((name, edition, "coverage",
                            f"{result['reached']} of {result['total']} reached", seconds))
    lines += ["", "Times at the default bounds (whole processes, 2-core machine):", "",
              "| rulebook | edition | question | result | seconds |", "|---|---|---|---|---:|"]
    lines += [f"| {n} | {e} | {q} | {r} | {s:.1f} |" for n, e, q, r, s in timings]
    return lines


if __name__ == "__main__":
    print("\n".join(bench()))
