"""Make tests/snapshots/explanations.json: the explanation trees of a fixed set of states.

Not an expected value: a regression snapshot for refactoring the explanations (issue 26,
item 2: the says* atoms generated from the rules instead of written by hand). It records,
for every example under every edition of its rulebook, and for a sample of the states a
small enumeration of each rulebook lists, the SHA-256 of ``rule(..., explain=True)`` as
canonical JSON. tests/contract/test_explanation_snapshot.py compares the trees of today with it;
a difference is allowed only with a stated reason there.

    python3 tests/snapshots/make_explanations.py      # run from the repository's root
    python3 tests/snapshots/make_explanations.py --book b5   # one rulebook's keys again

With ``--book`` the sampled states are kept (explained_states.jsonl) and only that rulebook's
keys are computed again; the changed keys are printed, each to be read against its state
before the snapshot is committed.
"""

import fcntl
import hashlib
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pybridge  # noqa: E402
from pybridge.books import RULEBOOKS, get  # noqa: E402

HERE = Path(__file__).resolve().parent
SNAPSHOT = HERE / "explanations.json"
STATES = HERE / "explained_states.jsonl"
# small listings whose states the sample is drawn from (every state ruled, explained)
LISTINGS = {
    "redemption": {"max_characters": 3, "max_cards": 1, "max_abilities": 1, "values": "-1..1",
                   "toughness": "0..1", "max_features": 1},
    "hkk": {"max_cards": 2, "max_effects": 1, "max_reactions": 1, "max_events": 1,
            "damage": "0..1", "max_properties": 1},
    "b5": {"max_beings": 2, "max_elements": 1, "max_orders": 1, "max_protections": 1,
           "max_features": 1},
    "chronopia": {"max_models": 2, "max_queries": 1, "max_terrain": 1},
}
SPREAD = 150        # states spread evenly over each listing ...
KEEP_EVERY = 3      # ... of which every third is kept (50 a rulebook)


def digest(result):
    text = json.dumps(result, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def examples():
    for book in RULEBOOKS:
        for path in sorted((ROOT / "examples" / book).glob("*.yaml")):
            yield book, path


def sampled_states():
    """SPREAD states of each listing, spread evenly over it (those with rulings, when there
    are enough), every KEEP_EVERY-th of them kept."""
    for book, bounds in LISTINGS.items():
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "states.jsonl"
            with open(out, "w", encoding="utf-8") as handle:
                pybridge.enumerate_states(book, bounds, timeout=120, out=handle)
            lines = sorted(out.read_text(encoding="utf-8").splitlines())
        ruled = [line for line in lines if json.loads(line)["rulings"]]
        pool = ruled if len(ruled) >= SPREAD else lines
        step = max(1, len(pool) // SPREAD)
        for line in pool[::step][:SPREAD][::KEEP_EVERY]:
            yield book, json.loads(line)["state"]


def trees(states):
    """{key: digest} for every example and state under every edition of its rulebook."""
    found = {}
    for book, path in examples():
        for edition in get(book).encoding.editions:
            key = f"{path.relative_to(ROOT)} [{edition}]"
            found[key] = digest(pybridge.rule(str(path), edition=edition, explain=True))
    for number, (book, state) in enumerate(states):
        for edition in get(book).encoding.editions:
            key = f"state {number} ({book}) [{edition}]"
            found[key] = digest(pybridge.rule(state, edition=edition, explain=True))
    return found


def refresh(book):
    """Compute one rulebook's keys again over the kept states; print the keys that changed."""
    states = [json.loads(line) for line in STATES.read_text(encoding="utf-8").splitlines()]
    found = {}
    for path in sorted((ROOT / "examples" / book).glob("*.yaml")):
        for edition in get(book).encoding.editions:
            key = f"{path.relative_to(ROOT)} [{edition}]"
            found[key] = digest(pybridge.rule(str(path), edition=edition, explain=True))
    for number, row in enumerate(states):
        if row["rulebook"] == book:
            for edition in get(book).encoding.editions:
                key = f"state {number} ({book}) [{edition}]"
                found[key] = digest(pybridge.rule(row["state"], edition=edition, explain=True))
    with open(HERE / ".snapshot.lock", "w") as lock:   # helpers may refresh two books at once
        fcntl.flock(lock, fcntl.LOCK_EX)
        snap = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
        changed = sorted(key for key, value in found.items() if snap.get(key) != value)
        snap.update(found)
        SNAPSHOT.write_text(json.dumps(snap, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for key in changed:
        print(key)


def main():
    if sys.argv[1:2] == ["--book"]:
        refresh(sys.argv[2])
        return
    states = list(sampled_states())
    with open(STATES, "w", encoding="utf-8") as handle:
        for book, state in states:
            handle.write(json.dumps({"rulebook": book, "state": state}, sort_keys=True,
                                    ensure_ascii=False) + "\n")
    SNAPSHOT.write_text(json.dumps(trees(states), indent=1, sort_keys=True) + "\n",
                        encoding="utf-8")


if __name__ == "__main__":
    main()
