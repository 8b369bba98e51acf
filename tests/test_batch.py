"""Many states through one call: `rule_all` grounds the states of one rulebook and edition
together (as worlds of the encoding) and must give exactly what `rule` gives one by one —
including when a batch holds an ambiguous or inconsistent state, a bad file, several
rulebooks and several editions."""

from pathlib import Path

import pytest

import pybridge
from pybridge import api
from pybridge.errors import InputError

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*/*.yaml"))


def one_by_one(sources, edition=None):
    results = []
    for source in sources:
        try:
            results.append(pybridge.rule(source, edition=edition))
        except InputError as error:
            results.append(str(error))
    return results


def batched(sources, edition=None):
    return [str(r) if isinstance(r, InputError) else r for _, r in api.rule_all(sources, edition)]


@pytest.mark.slow
def test_every_example_of_every_rulebook_in_one_batch():
    statuses = {r["status"] for r in one_by_one(EXAMPLES)}
    assert {"ok", "ambiguous", "inconsistent"} <= statuses      # the fallback is exercised
    assert batched(EXAMPLES) == one_by_one(EXAMPLES)


def test_a_bad_file_keeps_its_place(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("rulebook: redemption\ncharacters: [{id: a}]\n", encoding="utf-8")
    sources = [EXAMPLES[0], bad, EXAMPLES[1]]
    results = batched(sources)
    assert results == one_by_one(sources)
    assert isinstance(results[1], str) and "characters[0]" in results[1]


def test_documents_and_editions_mix(tmp_path):
    doc = {"rulebook": "redemption", "characters": [
        {"id": "h", "alignment": "good", "strength": 2, "toughness": 1},
        {"id": "e", "alignment": "evil", "strength": -1, "toughness": 3},
        {"id": "e2", "alignment": "evil", "strength": 1, "toughness": 0}],
        "immunities": [{"holder": "h", "to": "e", "duration": "game"}]}
    other = dict(doc, edition="negative_counts")
    sources = [doc, other, doc, other]
    assert batched(sources) == one_by_one(sources)
    assert batched(sources, "negative_counts") == one_by_one(sources, "negative_counts")


def test_more_states_than_one_batch(monkeypatch):
    monkeypatch.setattr(api, "BATCH", 3)
    sources = EXAMPLES[:8]
    assert batched(sources) == one_by_one(sources)
