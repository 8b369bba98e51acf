"""`rulings coverage`: every rule ID in force reached by a state of the space (a witness
`rule` accepts, whose rulings cite the rule), or reported unreachable within the bounds."""

import json

import pytest
from click.testing import CliRunner

import pybridge
from pybridge.books import get
from pybridge.cli.main import cli
from shared_results import shared


def run(*args):
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


def full_coverage(rulebook, edition):
    """`rulings coverage RULEBOOK --edition E` at the default bounds: every rule in force
    reached, each witness ruled alike through `rule` (a cited rule: exactly the rulings
    citing it; a needed one: its rulings given, none of those without it). The report."""
    result = shared("coverage", rulebook, "--edition", edition, "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    in_force = get(rulebook).encoding.editions[edition].rule_ids
    assert [r["id"] for r in report["rules"]] == list(in_force)
    assert report["reached"] == report["total"] == len(in_force)
    for entry in report["rules"]:
        ruled = pybridge.rule(entry["witness"], edition=edition)["rulings"]
        if entry["how"] == "cited":
            assert [r for r in ruled if entry["id"] in r["because"]] == entry["rulings"] != []
        else:
            assert all(r in ruled for r in entry["rulings"])
            assert entry["rulings_without"] and \
                not any(r in ruled for r in entry["rulings_without"])
    return report


# Editions whose rules include another's: the smaller edition's coverage is proved from the
# larger one's witnesses (each a state within the same bounds: ruled in the smaller edition,
# a ruling citing the rule shows the rule reached there), with a search of its own only when
# some rule is not shown so.
LARGER = {"redemption": ("negative_counts", "literal"), "hkk": ("intended", "literal"),
          "chronopia": ("crit_exactly_3", "crit_3_or_less")}


def coverage_from(rulebook, edition, report):
    """The coverage of ``edition`` at the default bounds from ``report``, the coverage of an
    edition whose rules include its rules: each rule's witness there, with the rulings citing
    the rule in ``edition``; the edition's own search (full_coverage) when a witness does not
    carry over."""
    in_force = get(rulebook).encoding.editions[edition].rule_ids
    by_id = {r["id"]: r for r in report["rules"]}
    rules = []
    for rule_id in in_force:
        entry = by_id[rule_id]
        ruled = pybridge.rule(entry["witness"], edition=edition)["rulings"]
        citing = [r for r in ruled if rule_id in r["because"]]
        if entry["how"] != "cited" or not citing:
            return full_coverage(rulebook, edition)
        rules.append({"id": rule_id, "status": "reached", "how": "cited",
                      "witness": entry["witness"], "rulings": citing})
    return {"rules": rules, "reached": len(rules), "total": len(rules)}


def each_edition(rulebook):
    """(edition, its coverage report) of both editions: the larger's own search first."""
    larger, smaller = LARGER[rulebook]
    report = full_coverage(rulebook, larger)
    return [(larger, report), (smaller, coverage_from(rulebook, smaller, report))]


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["errata", "original"])
def test_coverage_b5_reaches_every_rule_of_each_edition_at_the_default_bounds(edition):
    # (one test per edition: two tests of one run, handed to two workers at once, would
    # leave one waiting for the other's run)
    report = full_coverage("b5", edition)
    assert {r["status"] for r in report["rules"]} == {"reached"}
    # each witness, ruled again through `rule` in that edition, has a ruling citing the
    # rule, and the rulings the report names are those (full_coverage rules them)
    assert {r["how"] for r in report["rules"]} == {"cited"}
    # every row of table T.4 in the edition, and the original's T4-7 reading
    rows = {r["id"] for r in report["rules"] if r["id"].startswith("T4-")}
    expected = {f"T4-{n}" for n in range(1, 12)} if edition == "errata" else {"T4-7-ORIG"}
    assert rows == expected


@pytest.mark.slow
def test_coverage_names_a_rule_unreachable_within_the_bounds_and_exits_1():
    """Without orders no order can be refused or lose its conflict (B.5.2.6); without
    optional facts no element destroys anything (B.5.2.7: retreat, B5-INT-4)."""
    result = run("coverage", "b5", "--beings", "1", "--elements", "1", "--orders", "0",
                  "--protections", "0", "--features", "0", "--format", "text")
    assert result.exit_code == 1
    unreachable = {line.split(":")[0].strip() for line in result.output.splitlines()[1:]
                   if line.endswith("unreachable within the bounds")}
    assert "B.5.2.6" in unreachable and "B.5.2.7" in unreachable
    head = result.output.splitlines()[0]
    assert f"{24 - len(unreachable)} of 24 rules reached" in head and "max orders 0" in head


def test_coverage_refuses_bad_options_with_exit_2():
    result = run("coverage", "b5", "--edition", "nope")
    assert result.exit_code == 2 and "--edition" in result.output
    result = run("coverage", "b5", "--beings", "9")
    assert result.exit_code == 2 and "--beings" in result.output


# --- hkk --------------------------------------------------------------------------------------

@pytest.mark.slow
def test_coverage_hkk_reaches_every_rule_of_each_edition_at_the_default_bounds():
    for _, report in each_edition("hkk"):
        check_hkk_coverage(report)


def check_hkk_coverage(report):
    # Every rule is cited by a ruling (issue 24 item 8). HKK-132.6-I and HKK-132.8-I, which
    # were only "needed" (no ruling cited them), are cited where they replace the exception
    # as written: an enchantment granting its host source immunity, which that exception
    # keeps, falls off when the host gains enchantment (mental-spell) immunity, citing the
    # reading beside 132.6 (132.8); as written (literal) it stays.
    # Or (issue 52: a card that falls off grants nothing from then on, HKK-132.0) a ruling
    # that exists only because the reading kept the enchantment granting the immunity being
    # gained: its grant goes on, and what that immunity stops cites the reading; as written
    # the enchantment falls off, and its grant ends with it.
    assert {r["how"] for r in report["rules"]} == {"cited"}
    for entry in report["rules"]:
        if entry["id"] in ("HKK-132.6-I", "HKK-132.8-I"):
            literal = pybridge.rule(entry["witness"], edition="literal")["rulings"]
            falls = [r for r in entry["rulings"] if r["kind"] == "falls_off"]
            if falls:
                (ruling,) = falls
                assert ruling["because"] == [entry["id"][:-2], entry["id"]]
                assert not [r for r in literal if r["kind"] == "falls_off"]
                continue
            cited = [r for r in entry["rulings"] if entry["id"] in r["because"]]
            assert cited and not [r for r in cited if r in literal], entry
            (kept,) = {e["gain_immunity"]["granted_by"] for e in entry["witness"]["events"]}
            assert [r for r in literal if r["kind"] == "falls_off" and r["card"] == kept]


@pytest.mark.slow
def test_diff_hkk_changes_states_for_both_rules_the_editions_differ_in():
    """literal and intended differ in HKK-132.6-I and HKK-132.8-I: each keeps an enchantment
    that 132.6 (enchantment immunity) or 132.8 (mental-spell immunity, a mental enchantment)
    lets fall off as written. At diff's default bounds both changes are there: a class whose
    card falls off by HKK-132.6 before and not after, and one by HKK-132.8."""
    # the default diff, shared with tests/test_diff_citations.py and test_hkk_analysis.py
    result = shared("diff", "hkk", "--from", "literal", "--to",
                        "intended", "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    for rule in ("HKK-132.6", "HKK-132.8"):
        falls = [c for c in report["changed"]
                 if any(r["kind"] == "falls_off" and rule in r["because"]
                        for r in c["rulings_before"])
                 and not any(r["kind"] == "falls_off" for r in c["rulings_after"])]
        assert falls, rule


# --- redemption -------------------------------------------------------------------------------

@pytest.mark.slow
def test_coverage_redemption_reaches_every_rule_of_each_edition_at_the_default_bounds():
    """Every rule in force is cited by a ruling of some state of the generated space (the
    hand-written space of characters and immunities reached 6 of 12): cards (RED-INT-1),
    selectors (RED-INT-2), durations (RED-INT-3), grants (RED-IMM-4), abilities (RED-IMM-2)."""
    for edition, report in each_edition("redemption"):
        check_redemption_coverage(edition, report)


def check_redemption_coverage(edition, report):
    assert report["total"] == (13 if edition == "negative_counts" else 12)
    assert {r["how"] for r in report["rules"]} == {"cited"}
    by_id = {r["id"]: r["witness"] for r in report["rules"]}
    # a card's strength left out needs a card (RED-INT-1); a selector, a selector (RED-INT-2)
    assert by_id["RED-INT-1"].get("cards")
    assert any(isinstance(i["to"], dict) for i in by_id["RED-INT-2"]["immunities"])
    # a grant blocked (RED-IMM-4) needs a granted immunity
    assert any("granted_by" in i for i in by_id["RED-IMM-4"]["immunities"])


def test_diff_redemption_changes_states_by_the_rule_the_editions_differ_in():
    """literal and negative_counts differ in RED-BAT-1-NEG only (RED-IMM-3's "unless it is
    negative" carried into RED-BAT-1): at diff's default bounds some changed states cite it
    after, and every class names it among the rules behind its change (with the citations
    of what it loses, gains or re-cites)."""
    # the default diff, shared with tests/test_diff_citations.py
    result = shared("diff", "redemption", "--from", "literal", "--to",
                        "negative_counts", "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["changed"]
    assert all("RED-BAT-1-NEG" in c["rules"] for c in report["changed"])
    assert any("RED-BAT-1-NEG" in r["because"] for c in report["changed"]
               for r in c["rulings_after"])


# --- chronopia -------------------------------------------------------------------------------

@pytest.mark.slow
def test_coverage_chronopia_reaches_every_rule_of_each_edition_at_the_default_bounds():
    """The generated space (models on a grid, any one query) reaches every rule in force,
    each witness ruled alike through `rule`; the two readings of C36-CRIT's "a 3" each by a
    modified RS of 3 or less."""
    for edition, report in each_edition("chronopia"):
        by_id = {r["id"]: r for r in report["rules"]}
        crit = "C36-CRIT-EXACT" if edition == "crit_exactly_3" else "C36-CRIT"
        assert any(r["kind"] == "excellent_possible" for r in by_id[crit]["rulings"])


@pytest.mark.slow
def test_coverage_b5_the_witness_is_the_smallest():
    """B.5.2.6 (an order refused or its conflict lost) needs a being, an element and an
    order: three objects, no fewer; T4-2 (Rr immune to TR) a being and an element. (Placed
    at the end of the module: by then the errata edition's run is there to read.)"""
    report = json.loads(shared("coverage", "b5", "--edition", "errata", "--format", "json").stdout)
    by_id = {r["id"]: r for r in report["rules"]}
    order = by_id["B.5.2.6"]["witness"]
    assert len(order["beings"]) == 1 and len(order["elements"]) == 1 and len(order["orders"]) == 1
    row = by_id["T4-2"]["witness"]
    assert [b["type"] for b in row["beings"]] == ["Rr"]
    assert [e["type"] for e in row["elements"]] == ["TR"]
    assert "orders" not in row and "protections" not in row
    assert all(r["smallest"] for r in report["rules"])
