"""CHR-INV-8 (asp/chronopia/invariants.lp): a query's rulings are the same whether it is asked
alone or beside other queries (issue 24, item 3). It holds over the state space at the
default bounds (two queries), and rule sets that leak one query's ruling into another query
on the same caster, shooter, group or summoner violate it: the leaks issue 24 found, put
back deliberately."""

import json

import pytest

import pybridge
from mutants import check_mutant
from pybridge.analysis.bounds import Bounds
from pybridge.books import get
from shared_results import shared

BOOK = get("chronopia")


@pytest.mark.slow
def test_CHR_INV_8_holds_at_the_default_bounds():
    # issue 24: chronopia's defaults allow two queries, so that they can interact
    assert {b.name: b.default for b in BOOK.bounds}["max_queries"] == 2
    # the default check of every invariant (`rulings check chronopia`, the same search of
    # each: default bounds, edition and --timeout 120), run once for the session
    result = shared("check", "chronopia", "--format", "json")
    report = json.loads(result.stdout)
    assert report["edition"] == BOOK.default_edition
    assert report["bounds"] == Bounds(BOOK.bounds, None).describe()
    (entry,) = [i for i in report["invariants"] if i["id"] == "CHR-INV-8"]
    assert entry["status"] == "holds", entry


LEAKS = {
    # every ruling of a cast query copied to the caster's other cast queries (spell_target,
    # cast and resist numbers: issue 24's first three leaks)
    "spell rulings shared by the caster's casts": (
        "q_ruled(Q2, R, ID) :- q_ruled(Q, R, ID), spell_q(Q, C, _), spell_q(Q2, C, _), Q != Q2.",
        "cast"),
    # a shot's save number given to the shooter's other shots at that target (the space has
    # one weapon, so two shots differ by its adding strength; the C36-CRIT leak, two hit
    # numbers at one target, needs two weapons: tests/test_chronopia_queries.py has it)
    "a save number shared by the shots at one target": (
        "q_ruled(Q2, save_number(S, T, V), ID) :- q_ruled(Q, save_number(S, T, V), ID), "
        "in_range(Q2, S, T), Q != Q2.", "shoot"),
    # a reason for no morale test given to the group's other tests of that factor
    "a no_test shared by the group's tests": (
        "q_ruled(Q2, no_test(G, F, R), ID) :- q_ruled(Q, no_test(G, F, R), ID), "
        "morale_q(Q, G, F), morale_q(Q2, G, F), Q != Q2.", "morale"),
    # the query details of issue 24 item 6, which world 2 now chooses freely for the other
    # query: a rate of fire (C36-RATE), a SELBST spell (C37-TARGET) and an action cost
    # (C37-CAST), each leaked to the actor's other queries
    "a rate of fire shared by the shooter's shots": (
        "rate_shots(Q2, S, N) :- rate_shots(Q, S, N), state_shoot(Q2, S), Q != Q2.", "shoot"),
    "a SELBST refusal shared by the caster's casts": (
        "spell_not_self(Q2) :- spell_not_self(Q), spell_q(Q, C, _), spell_q(Q2, C, _), Q != Q2.",
        "cast"),
    "an action cost shared by the caster's casts": (
        "q_ruled(Q2, cast_actions(C, K, L, X), ID) :- q_ruled(Q, cast_actions(C, K, L, X), ID), "
        "spell_q(Q2, C, _), Q != Q2.", "cast"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(LEAKS))
def test_CHR_INV_8_is_violated_by_a_leak_between_queries(monkeypatch, name):
    text, kind = LEAKS[name]
    # world 1 asks one query (the invariant's premise), so one query slot is the same space;
    # it is enough for each leak, and finds it in time
    entry = check_mutant(monkeypatch, BOOK, "CHR-INV-8", text,
                         bounds={"max_queries": 1})
    assert entry["status"] == "violated", entry
    # the witness asks one query alone; the state after it the same beside another of its kind
    assert [kind in q for q in entry["witness"]["queries"]] == [True]
    after = entry["witness_after"]["queries"]
    assert len(after) == 2 and all(kind in q for q in after)
    assert pybridge.rule(entry["witness"])["status"] == "ok"
