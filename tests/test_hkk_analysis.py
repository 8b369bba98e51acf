"""hkk through the analysis machinery: invariants, the copy-slip errata, the edition diff."""

import json

import pytest

import pybridge
from mutants import check_mutant
from pybridge.analysis.program import analysis
from pybridge.books import get
from pybridge.cli.main import cli
from pybridge.engine.worlds import signatures
from shared_results import shared

BOOK = get("hkk")


def run(runner, *args):
    result = runner.invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["literal", "intended"])
def test_check_hkk_every_invariant_holds(runner, edition):
    result = run(runner, "check", "hkk", "--edition", edition, "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [i["id"] for i in report["invariants"]] == [f"HKK-INV-{n}" for n in range(1, 9)]
    assert {i["status"] for i in report["invariants"]} == {"holds"}


# --- each invariant can fail: a deliberately broken rule set violates it --------------------
# (text added to the rule files, or a rule ID taken out of force). The first two went unseen
# by the former invariants, which restated the encoding's shields/3 and untargetable/2 (the
# very predicates the removal empties); stated over the contract, they see them.

MUTANTS = {
    # source immunity forgotten: sources affect a source-immune card
    "HKK-INV-1": ("", "HKK-132.5"),
    # 132.11 out of force: an untargetable card can be chosen
    "HKK-INV-2": ("", "HKK-132.11"),
    # 132.12 out of force: a card that cannot be damaged takes damage
    "HKK-INV-3": ("", "HKK-132.12"),
    # a second can_target ruling for every targeted effect
    "HKK-INV-4": ('ruled_by(can_target(E, false), "HKK-132.11") :- state_effect_targeted(E).',
                  None),
    # 132.2-K out of force: an ability takes away the immunity that protects against it
    "HKK-INV-5": ("", "HKK-132.2-K"),
    # damage dealt by an effect that cannot choose its target
    "HKK-INV-6": ('ruled_by(damage(E, D), "HKK-132.0") :- unreached(E), '
                  'state_effect_damage(E, D), D > 0.', None),
    # 132.5.1 out of force: an enchantment is put on a source-immune card with effect
    "HKK-INV-7": ("", "HKK-132.5.1"),
    # an effect of a reaction card affects a card immune to reactions
    "HKK-INV-8": ('ruled_by(affects(E, true), "HKK-132.0") :- form(E, reaction).', None),
}


def test_hkk_every_invariant_has_a_mutant():
    assert sorted(MUTANTS) == [i.id for i in analysis(BOOK).invariants]


@pytest.mark.slow
@pytest.mark.parametrize("invariant", sorted(MUTANTS))
def test_hkk_invariant_is_violated_by_a_broken_rule_set(monkeypatch, invariant):
    text, removed = MUTANTS[invariant]
    entry = check_mutant(monkeypatch, BOOK, invariant, text, removed=[removed] if removed else [])
    assert entry["status"] == "violated", entry
    assert entry["witness"]["rulebook"] == "hkk"



@pytest.mark.slow
def test_HKK_INV_1_judges_an_immunity_a_card_grants_by_an_event(monkeypatch):
    # 132.0: "Ha egy lap immunis valamire, akkor az adott támadási forma nincs rá semmilyen
    # hatással"; an immunity gained by an event a card grants is held as a declared one is.
    # A rule set that makes every granted event void ignores it, and HKK-INV-1 sees that
    # (it judged no event a card grants before issue 52's review; now, in states of one effect).
    entry = check_mutant(monkeypatch, BOOK, "HKK-INV-1",
                         "grant_void(I) :- state_event_granted_by(I, _).",
                         bounds={"max_cards": 2, "max_effects": 1, "max_reactions": 0,
                                 "max_events": 1})
    assert entry["status"] == "violated", entry
    (event,) = entry["witness"]["events"]
    assert "granted_by" in event["gain_immunity"]

@pytest.mark.slow
def test_HKK_INV_5_judges_an_immunity_to_a_card_against_that_card(monkeypatch):
    # 132.2-K: "a képesség az ilyen immunitást nem veheti el"; an immunity to the card X
    # protects against X (132.0). A rule set in which X's effect takes it away anyway is
    # caught (issue 52, section 3).
    entry = check_mutant(monkeypatch, BOOK, "HKK-INV-5",
                         "removed_by(E, T, card(B)) :- state_effect_removes_immunity(E, card(B)), "
                         "target(E, T), by(E, B).",
                         bounds={"max_cards": 2, "max_effects": 1, "max_reactions": 0,
                                 "max_events": 0})
    assert entry["status"] == "violated", entry
    (effect,) = entry["witness"]["effects"]
    assert effect["removes_immunity"] == {"card": effect["by"]}


# What an invariant may read: the contract (input facts and rulings), its own views (inv_*),
# and the analysis's scaffolding; never the encoding's intermediate predicates.
CONTRACT = {"ruling", "because", "world", "violation", "premise", "contradicts"}


def test_hkk_invariants_are_stated_over_input_facts_and_rulings():
    used = {name for name, _ in signatures(analysis(BOOK).invariant_statements)}
    foreign = {n for n in used if not (n.startswith(("state_", "inv_")) or n in CONTRACT)}
    assert foreign == set(), f"invariants read the encoding's own predicates: {sorted(foreign)}"
    assert "ruling" in used and any(n.startswith("state_") for n in used)


@pytest.mark.slow
@pytest.mark.parametrize("number, kind, rule", [(1, "enchantment", "HKK-132.6"),
                                                (2, "mental_spell", "HKK-132.8")])
def test_errata_hkk_finds_the_self_defeating_grant(number, kind, rule):
    # the default errata, run once for both contradictions
    result = shared("errata", "hkk", "--format", "json")
    assert result.exit_code == 1
    found = {c["id"]: c for c in json.loads(result.stdout)["contradictions"]}
    item = found[f"HKK-ERR-{number}"]
    assert set(item["rules"]) >= {rule, "HKK-132.5.1", "HKK-132.2-K"}
    witness = item["witness"]
    # The witness: an enchantment on the target, the target gains `kind` granted by it.
    (event,) = witness["events"]
    assert event["gain_immunity"]["kind"] == kind
    granting = event["gain_immunity"]["granted_by"]
    literal = pybridge.rule(witness)
    intended = pybridge.rule(witness, edition="intended")
    falls = {(r["card"], r["from"]) for r in literal["rulings"] if r["kind"] == "falls_off"}
    assert (granting, event["gain_immunity"]["card"]) in falls
    assert not [r for r in intended["rulings"] if r["kind"] == "falls_off"
                and r["card"] == granting]


@pytest.mark.slow
def test_errata_hkk_intended_edition_has_none(runner):
    result = run(runner, "errata", "hkk", "--edition", "intended", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["contradictions"] == []


@pytest.mark.slow
def test_diff_hkk_literal_to_intended_lists_the_changed_states(runner):
    result = run(runner, "diff", "hkk", "--from", "literal", "--to", "intended",
                 "--properties", "2", "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["complete"] and report["changed"]
    for change in report["changed"][:10]:
        before = pybridge.rule(change["witness"])["rulings"]
        after = pybridge.rule(change["witness"], edition="intended")["rulings"]
        def strip(rulings):
            return [{k: v for k, v in r.items() if k != "because"} for r in rulings]
        assert strip(before) != strip(after)
        # only falling off changes: the granting enchantment stays in the intended edition
        assert any(r["kind"] == "falls_off" for r in change["before"])


def test_hkk_cards_put_on_themselves_are_refused():
    doc = {"rulebook": "hkk", "cards": [{"id": "A", "kind": "enchantment", "on": "B"},
                                        {"id": "B", "kind": "enchantment", "on": "A"}]}
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(doc)
    assert caught.value.path == "cards[0].on"


def _why_not(doc, edition):
    from pybridge.engine.solving import ground
    in_force = set(BOOK.encoding.editions[edition].rule_ids)
    control = ground(BOOK.encoding, BOOK.facts(BOOK.validate(doc)), in_force)
    with control.solve(yield_=True) as handle:
        (model,) = list(handle) or [None]
        return {(str(s.arguments[0]), s.arguments[1].string)
                for s in model.symbols(atoms=True) if s.name == "why_not"}


@pytest.mark.slow
@pytest.mark.parametrize("source, target", [("literal", "intended"), ("intended", "literal")])
def test_diff_hkk_every_changed_falling_off_names_the_intended_reading(source, target):
    """Issue 24 item 8: the editions differ in HKK-132.6-I and HKK-132.8-I. In every changed
    group of the diff (either direction) each falling off lost or gained is cited by one of
    them: through its because where it is given, or a why_not/2 in the edition without it
    (asp/core/rulings.lp); both IDs show up across the groups."""
    # the default diff, shared with tests/test_diff_citations.py and test_coverage.py
    result = shared("diff", "hkk", "--from", source, "--to", target,
                        "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["complete"] and report["changed"]
    seen = set()
    for change in report["changed"]:
        def strip(rs):
            return {(r["card"], r["from"]): r["because"] for r in rs if r["kind"] == "falls_off"}
        before, after = strip(change["rulings_before"]), strip(change["rulings_after"])
        for key in before.keys() ^ after.keys():
            present, absent = (before, target) if key in before else (after, source)
            term = 'falls_off("%s","%s")' % key
            cited = set(present[key]) | {i for t, i in _why_not(change["witness"], absent)
                                         if t == term}
            found = cited & {"HKK-132.6-I", "HKK-132.8-I"}
            assert found, (change["witness"], key, cited)
            seen |= found
    assert seen == {"HKK-132.6-I", "HKK-132.8-I"}
