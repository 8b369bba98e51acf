"""CHR-INV-6 (asp/chronopia/invariants.lp): every named target of a cast query gets exactly one
legality ruling, and an illegal one gets no cast or resist numbers, dice or outcomes. It holds
over the state space (generated from Chronopia.vocabulary: a cast query of any model at any
model, with a 12-inch range or none, with or without LOS, on the grid), and deliberately
broken rule sets violate it."""

import json

import pytest

import pybridge
from mutants import check_mutant
from pybridge.analysis.bounds import Bounds
from pybridge.books import get
from shared_results import shared

BOOK = get("chronopia")


@pytest.mark.slow
def test_CHR_INV_6_holds_at_the_default_bounds():
    # the default check of every invariant (`rulings check chronopia`, the same search of
    # each: default bounds, edition and --timeout 120), run once for the session
    result = shared("check", "chronopia", "--format", "json")
    report = json.loads(result.stdout)
    assert report["edition"] == BOOK.default_edition
    assert report["bounds"] == Bounds(BOOK.bounds, None).describe()
    (entry,) = [i for i in report["invariants"] if i["id"] == "CHR-INV-6"]
    assert entry["status"] == "holds", entry


MUTANTS = {
    # no legality ruling at all
    "C37-TARGET out of force": ("", ["C37-TARGET"]),
    # numbers for a target out of range or sight
    "cast numbers for an illegal target": (
        'cast_query_number(Q, C, 5) :- spell_q(Q, C, _), spell_illegal(Q).', []),
    "resist numbers for an illegal target": (
        'q_ruled(Q, resist_number(C, T, 0), "C37-RESIST") :- spell_q(Q, C, T), spell_illegal(Q).',
        []),
    # a second, contradicting ruling (a rule that ignores the range)
    "legal regardless of the range": (
        'q_ruled(Q, spell_target(C, T, true), "C36-MOUNT") :- spell_q(Q, C, T), spell_too_far(Q).',
        []),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_CHR_INV_6_is_violated_by_a_broken_rule_set(monkeypatch, name):
    text, removed = MUTANTS[name]
    entry = check_mutant(monkeypatch, BOOK, "CHR-INV-6", text, removed=removed)
    assert entry["status"] == "violated", entry
    witness = entry["witness"]
    assert any("cast" in q for q in witness["queries"])
    assert pybridge.rule(witness)["status"] == "ok"
