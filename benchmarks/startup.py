"""Start-up: one `rulings rule` call on a small state against `python -c "import clingo"`.

    python3 benchmarks/startup.py                  # this checkout
    python3 benchmarks/startup.py --root ../main   # another checkout (e.g. before a change)
    python3 benchmarks/startup.py --runs 21

Each command runs ``--runs`` times, alternating, as fresh processes; the report gives the
medians (with min-max) and their ratio. Issue 15 asks for a ratio of at most 2. The state
is examples/redemption/three_character_battle.yaml, ruled through ``python -m pybridge``
with the checkout first on the module path (the console script would run the installed
copy). No figure here is asserted by a test: timings depend on the machine.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATE = Path("examples") / "redemption" / "three_character_battle.yaml"


def seconds(command, env, cwd):
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(root, runs, cache):
    """Bytecode is cached (in ``cache``, not in the checkout) as on a user's machine, even
    where PYTHONDONTWRITEBYTECODE is set: a first run of each command writes it."""
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONPYCACHEPREFIX": cache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = {
        "import clingo": [sys.executable, "-c", "import clingo"],
        "rulings rule": [sys.executable, "-m", "pybridge", "rule", "--format", "json",
                         str(STATE)],
        "rulings --help": [sys.executable, "-m", "pybridge", "--help"],
    }
    times = {name: [] for name in commands}
    for command in commands.values():           # once each first: warm the file cache
        seconds(command, env, root)
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(seconds(command, env, root))
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulings-startup-") as cache:
        times = measure(args.root.resolve(), args.runs, cache)
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, values in times.items():
        print(f"{name:<16} median {medians[name]:.3f} s  (min {min(values):.3f}, "
              f"max {max(values):.3f}, {len(values)} runs)")
    print(f"ratio rule / import clingo: {medians['rulings rule'] / medians['import clingo']:.2f}")


if __name__ == "__main__":
    main()
