"""Issue 53's acceptance, "no analysis is slower than before on the built-in rulebooks": each
analysis (check, errata, diff, enumerate, coverage) of each built-in rulebook, at bounds
where it takes seconds, run in a checkout of the commit before the issue's engine changes
and in this one, with no draft and no property file.

    git worktree add /tmp/before 762ea53
    python3 benchmarks/run.py --no-slower-only --before /tmp/before

762ea53 is main before issue 53 with issue 52's hkk rules (the drafts were begun beside
it, 8dace14, and merged after). A search's time follows the order in which its program is
grounded, which the hash seed changes: both sides run under the same seeds, one after the
other, and each figure is the median over the seeds. The ratio is after / before."""

import os
import statistics
import subprocess
import sys
import time

PYTHON = sys.executable
SEEDS = ("0", "1")
LIMIT = 300
COMMANDS = [
    ["check", "redemption", "--characters", "2", "--cards", "0", "--abilities", "1",
     "--features", "0"],
    ["check", "redemption", "--edition", "negative_counts", "--characters", "2", "--cards",
     "0", "--abilities", "1", "--features", "0"],
    ["errata", "redemption", "--cards", "1", "--abilities", "0", "--features", "1"],
    ["diff", "redemption", "--from", "literal", "--to", "negative_counts"],
    ["enumerate", "redemption", "--characters", "2", "--abilities", "0", "--features", "0"],
    ["coverage", "redemption", "--characters", "2", "--cards", "0", "--abilities", "1",
     "--features", "1"],
    ["check", "hkk", "--cards", "2", "--effects", "1"],
    ["errata", "hkk", "--cards", "2"],
    ["diff", "hkk", "--from", "literal", "--to", "intended", "--cards", "1"],
    ["enumerate", "hkk", "--damage", "0..0", "--properties", "1"],
    ["coverage", "hkk", "--cards", "2", "--effects", "1"],
    ["check", "b5", "--beings", "1"],
    ["errata", "b5", "--beings", "1"],
    ["diff", "b5", "--from", "original", "--to", "errata", "--features", "0"],
    ["enumerate", "b5", "--features", "0", "--protections", "0"],
    ["coverage", "b5", "--beings", "1", "--features", "1"],
    ["check", "chronopia", "--models", "1"],
    ["errata", "chronopia", "--models", "2"],
    ["diff", "chronopia", "--from", "crit_3_or_less", "--to", "crit_exactly_3", "--models", "1"],
    ["enumerate", "chronopia"],
    ["coverage", "chronopia", "--models", "1"],
]


def seconds(arguments, package, seed):
    """Wall-clock seconds of one `rulings` process run in ``package`` (a checkout), and its
    exit code (None: killed at the limit)."""
    env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=package)
    start = time.perf_counter()
    try:
        done = subprocess.run([PYTHON, "-m", "pybridge", *arguments, "--format", "json",
                               "--quiet"], cwd=package, env=env, capture_output=True,
                              timeout=LIMIT)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, None
    return time.perf_counter() - start, done.returncode


def bench(before, after):
    """Rows (command, before s, after s, ratio, exit codes alike) for every command."""
    rows = []
    for arguments in COMMANDS:
        print(f"  rulings {' '.join(arguments)} ...", flush=True)
        for package in (before, after):        # once each first: the program caches filled
            seconds(arguments, package, SEEDS[0])
        times = {before: [], after: []}
        codes = {before: set(), after: set()}
        for seed in SEEDS:
            for package in (before, after):
                taken, code = seconds(arguments, package, seed)
                times[package].append(taken)
                codes[package].add(code)
        old, new = statistics.median(times[before]), statistics.median(times[after])
        rows.append((" ".join(arguments), old, new, new / old, codes[before] == codes[after]))
    return rows


def lines(rows, before):
    found = ["## No analysis slower (issue 53)", "",
             f"Each command under PYTHONHASHSEED {', '.join(SEEDS)}, the median (seconds of "
             f"the whole process); before: the checkout at {before}. Ratio: after / before.",
             "", "| command | before | after | ratio | same exit codes |", "|---|---|---|---|---|"]
    for command, old, new, ratio, same in rows:
        found.append(f"| `rulings {command}` | {old:.2f} s | {new:.2f} s | {ratio:.2f} | "
                     f"{'yes' if same else 'NO'} |")
    ratios = [row[3] for row in rows]
    found += ["", f"Ratios: median {statistics.median(ratios):.2f}, largest "
              f"{max(ratios):.2f}, geometric mean "
              f"{statistics.geometric_mean(ratios):.2f}."]
    return found
