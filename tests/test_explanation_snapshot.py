"""The explanation trees of every example, under every edition, and of 200 listed states are
those of the snapshot tests/snapshots/explanations.json, made before the says* atoms were
generated from the rules (issue 26, item 2). A regression snapshot, not an expected value:
the expected explanations are specified by tests/test_explain_*.py. A tree may differ from
the snapshot only with its reason stated in DIFFERENCES."""

import json

import pytest

import pybridge
from pybridge.books import get
from snapshots.make_explanations import ROOT, SNAPSHOT, STATES, digest

# {snapshot key: why its tree is allowed to differ from the snapshot}
DIFFERENCES = {}


def cases():
    snapshot = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    states = [json.loads(line) for line in STATES.read_text(encoding="utf-8").splitlines()]
    found = []
    for key, expected in sorted(snapshot.items()):
        label, edition = key.rsplit(" [", 1)
        edition = edition.rstrip("]")
        if label.startswith("state "):
            number = int(label.split()[1])
            source = states[number]["state"]
        else:
            source = str(ROOT / label)
        found.append((key, source, edition, expected))
    return found


CASES = cases()
BOOKS = {"examples/" + p.split("/")[1] for p in (k for k, *_ in CASES) if p.startswith("ex")}


def test_the_snapshot_covers_every_example_and_each_rulebook():
    from pybridge.books import RULEBOOKS
    assert {f"examples/{name}" for name in RULEBOOKS} == BOOKS
    for name in RULEBOOKS:
        editions = get(name).encoding.editions
        for path in (ROOT / "examples" / name).glob("*.yaml"):
            for edition in editions:
                assert any(key == f"{path.relative_to(ROOT)} [{edition}]" for key, *_ in CASES)


@pytest.mark.slow
@pytest.mark.parametrize("start", range(0, len(CASES), 100))
def test_explanation_trees_are_those_of_the_snapshot(start):
    changed = {}
    for key, source, edition, expected in CASES[start:start + 100]:
        result = pybridge.rule(source, edition=edition, explain=True)
        if digest(result) != expected and key not in DIFFERENCES:
            changed[key] = result
    assert not changed, json.dumps(changed, indent=1, ensure_ascii=False)[:4000]


def test_every_stated_difference_is_a_snapshot_key():
    keys = {key for key, *_ in CASES}
    assert set(DIFFERENCES) <= keys
    assert all(reason.strip() for reason in DIFFERENCES.values())
