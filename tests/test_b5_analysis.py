"""b5 through the analysis machinery: invariants (and that each one can fail), the errata
between the chapter and the changes to table T.4, and the edition diff."""

import json

import pytest

import pybridge
from mutants import check_mutant
from pybridge.books import get
from pybridge.cli.main import cli
from shared_results import shared

BOOK = get("b5")


def run(runner, *args):
    result = runner.invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


def rulings(doc, edition=None):
    result = pybridge.rule(doc, edition=edition)
    assert result["status"] == "ok", result
    return result["rulings"]


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["errata", "original"])
def test_check_b5_every_invariant_holds(runner, edition):
    result = run(runner, "check", "b5", "--edition", edition, "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [i["id"] for i in report["invariants"]] == [f"B5-INV-{n}" for n in range(1, 6)]
    assert {i["status"] for i in report["invariants"]} == {"holds"}


# --- each invariant can fail: a deliberately broken rule set violates it --------------------

MUTANTS = {
    # destruction that forgets immunity
    "B5-INV-1": ('ruled_by(destroyed(B, E), "B.5.2.3") :- in_field(B, F), element_field(E, F), '
                 'destroys(E, B).', None),
    # B.5.2.6 out of force: protected beings walk into the danger
    "B5-INV-2": ("", "B.5.2.6"),
    # protection reported next to immunity
    "B5-INV-3": ('ruled_by(protected(B, E, P), "B.5.2.1") :- immune(B, E), concerned(B, E), '
                 'phase_index(P, 1).', None),
    # B.5.2.3 out of force: a being in danger gets no fate at all
    "B5-INV-4": ("", "B.5.2.3"),
}


@pytest.mark.slow
@pytest.mark.parametrize("invariant", sorted(MUTANTS))
def test_b5_invariant_is_violated_by_a_broken_rule_set(monkeypatch, invariant):
    text, removed = MUTANTS[invariant]
    entry = check_mutant(monkeypatch, BOOK, invariant, text, removed=[removed] if removed else [])
    assert entry["status"] == "violated", entry
    assert entry["witness"]["rulebook"] == "b5"


# --- errata ---------------------------------------------------------------------------------

def _types(witness):
    return {b["type"] for b in witness["beings"]}, {e["type"] for e in witness["elements"]}


@pytest.mark.slow
def test_errata_b5_finds_the_king_and_the_cn_wj_immunity(runner):
    result = run(runner, "errata", "b5", "--format", "json")
    assert result.exit_code == 1
    found = {c["id"]: c for c in json.loads(result.stdout)["contradictions"]}
    assert set(found) == {"B5-ERR-1", "B5-ERR-2"}

    king = found["B5-ERR-1"]
    assert {"B.5.2.8", "T4-11"} <= set(king["rules"])
    beings, elements = _types(king["witness"])
    assert "K" in beings and "WJ" in elements
    # the change wins for rulings (B5-INT-2): no king protection in errata, some in original,
    # from the WJ's petrification («vor der Versteinerung einer WJ», B.5.2.8)
    kinds = ("protected", "protected_from_effect")
    errata = [r for r in rulings(king["witness"]) if r["kind"] in kinds]
    original = [r for r in rulings(king["witness"], "original") if r["kind"] in kinds]
    assert errata == [] and original and "B.5.2.8" in original[0]["because"]

    cn_wj = found["B5-ERR-2"]
    assert {"B.5.1", "T4-1"} <= set(cn_wj["rules"])
    (being,) = [b for b in cn_wj["witness"]["beings"] if b.get("immune_to")]
    (declared,) = being["immune_to"]
    assert declared in {"CN", "WJ"}
    # rule treats it as protection and says why (B5-INT-3); the original edition keeps it
    protected = [r for r in rulings(cn_wj["witness"]) if r["kind"] == "protected"
                 and r["being"] == being["id"]]
    assert protected and {"T4-1", "B5-INT-3"} <= set(protected[0]["because"])
    assert any(r["kind"] == "immune" and r["being"] == being["id"]
               for r in rulings(cn_wj["witness"], "original"))


@pytest.mark.slow
def test_errata_b5_original_edition_has_none(runner):
    result = run(runner, "errata", "b5", "--edition", "original", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["contradictions"] == []


@pytest.mark.slow
def test_diff_b5_original_to_errata_shows_the_we_and_king_changes():
    # the default diff, shared with the tests below and tests/test_diff_citations.py
    result = shared("diff", "b5", "--from", "original", "--to", "errata",
                        "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["complete"] and report["changed"]
    seen = set()
    for change in report["changed"]:
        beings, elements = _types(change["witness"])
        if "We" in beings and elements & {"bt", "kd"}:
            seen.add("We")
        if "K" in beings and "WJ" in elements:
            seen.add("K")
    assert seen == {"We", "K"}
    def strip(rs):
        return [{k: v for k, v in r.items() if k != "because"} for r in rs]
    for change in report["changed"]:
        before = rulings(change["witness"], "original")
        after = rulings(change["witness"], "errata")
        # the witness, ruled again through `rule`, gives what the diff reports, and differs
        assert before == change["rulings_before"] and after == change["rulings_after"]
        assert strip(before) != strip(after)


@pytest.mark.slow
def test_enumerate_b5_lists_every_situation_of_the_listing_bounds(runner):
    result = run(runner, "enumerate", "b5", "--format", "json", "--features", "0",
                 "--protections", "0")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["complete"] and report["classes"]
    # one being, one element, one order, no optional facts (so no element destroys
    # anything: destruction and retreat need `destroys`, one optional fact)
    assert report["bounds"] == {"max_beings": 1, "max_elements": 1, "max_orders": 1,
                                "max_protections": 0, "max_features": 0}
    kinds = {r["kind"] for c in report["classes"] for r in c["rulings"]}
    assert kinds == {"immune", "protected", "order_refused", "main_conflict_lost",
                     "entry_forbidden"}


@pytest.mark.slow
def test_diff_b5_has_changed_states_for_every_row_the_errata_change(runner):
    """Every T.4 row the errata change (T4-1 .. T4-11) changes states at the listing bounds.
    T4-1 .. T4-10 add or alter rulings that cite them; T4-11 takes B.5.2.8's king protection
    from the WJ away, so its change is a ruling that disappears: the group names the rules
    the lost protection cites (B.5.2.8), and the rule that keeps the errata edition from
    giving it is its why_not (tests/test_diff_citations.py)."""
    result = shared("diff", "b5", "--from", "original", "--to", "errata",
                        "--format", "json")
    report = json.loads(result.stdout)
    editions = {e: set(BOOK.encoding.editions[e].rule_ids) for e in ("original", "errata")}
    cited = {rule for change in report["changed"] for rule in change["rules"]}
    assert {f"T4-{n}" for n in range(1, 11)} | {"T4-7-ORIG"} <= \
        cited & (editions["original"] ^ editions["errata"])
    for change in report["changed"]:
        for rule in change["rules"]:
            # cited by what the group loses (before), gains (after), or its why not; a rule
            # of one edition only, by the rulings of that edition
            sides = [s for s, e in (("rulings_before", "original"), ("rulings_after", "errata"))
                     if rule in editions[e]]
            assert any(rule in r["because"] for side in sides for r in change[side]) or any(
                rule in r["why_not"] for r in change["lost"] + change["gained"]), (rule, change)
    # B.5.2.8's king is protected from the WJ's petrification («vor der Versteinerung»)
    kinds = ("protected", "protected_from_effect")
    king = [c for c in report["changed"] if _types(c["witness"]) == ({"K"}, {"WJ"})
            and any(r["kind"] in kinds for r in c["before"])
            and not any(r["kind"] in kinds for r in c["after"])]
    why_nots = {"T4-11", "B5-INT-2"}
    assert king and all("B.5.2.8" in c["rules"] and why_nots <= set(c["rules"]) for c in king)
    for c in king:
        assert why_nots <= {i for _, i in why_not_atoms(c["witness"], "errata")}
    assert all("B.5.2.8" in r["because"] for c in king for r in c["rulings_before"]
               if r["kind"] in kinds)
    # with two optional facts (a petrification that destroys the king) the king's destruction
    # cites T4-11 itself
    result = run(runner, "diff", "b5", "--from", "original", "--to", "errata", "--orders", "0",
                 "--protections", "0", "--features", "2", "--format", "json")
    assert any("T4-11" in r["because"] for c in json.loads(result.stdout)["changed"]
               for r in c["rulings_after"] if r["kind"] == "destroyed")


def why_not_atoms(doc, edition):
    """The why_not(R, ID) atoms of a state's answer set in an edition, as (R, ID) strings."""
    from pybridge.engine.solving import ground
    facts = BOOK.facts(BOOK.validate(doc))
    control = ground(BOOK.encoding, facts, set(BOOK.encoding.editions[edition].rule_ids))
    found = []
    control.solve(on_model=lambda m: found.extend(
        (str(a.arguments[0]), a.arguments[1].string)
        for a in m.symbols(atoms=True) if a.name == "why_not"))
    return set(found)


@pytest.mark.slow
@pytest.mark.parametrize("before, after", [("original", "errata"), ("errata", "original")])
def test_diff_b5_every_rule_of_one_edition_only_is_named_by_a_changed_group(before, after):
    """Issue 24 item 8: each rule ID in force in one edition and not the other is named by some
    changed group of the diff, in both directions: by a ruling's because, or by a why_not of
    the witness in the edition where the ruling is absent. B5-INT-3 is the exception the
    docs/rulebooks/b5.md gives: it reads an immunity to CN or WJ, and the listing bounds hold no optional
    fact (no declared immunity) while no table row declares one; at --features 1 it is cited."""
    result = shared("diff", "b5", "--from", before, "--to", after,
                        "--format", "json")
    report = json.loads(result.stdout)
    ids = {e: set(BOOK.encoding.editions[e].rule_ids) for e in ("errata", "original")}
    differing = (ids["errata"] ^ ids["original"]) - {"B5-INT-3"}
    assert differing == {f"T4-{n}" for n in range(1, 12)} | {"T4-7-ORIG", "B5-INT-2"}
    named = set()
    for change in report["changed"]:
        named |= set(change["rules"])
        for side in ("rulings_before", "rulings_after"):
            for r in change[side]:
                named |= set(r["because"])
        # a ruling one side has and the other lacks: the lacking side's why_not
        lost = {json.dumps({k: v for k, v in r.items() if k != "because"}, sort_keys=True)
                for r in change["rulings_before"]} ^ \
            {json.dumps({k: v for k, v in r.items() if k != "because"}, sort_keys=True)
             for r in change["rulings_after"]}
        if lost:
            for edition in (before, after):
                named |= {i for _, i in why_not_atoms(change["witness"], edition)}
    assert differing <= named, differing - named
