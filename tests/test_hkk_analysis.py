"""hkk through the analysis machinery: invariants, the copy-slip errata, the edition diff."""

import json

import pytest
from click.testing import CliRunner

import pybridge
from pybridge.cli.main import cli


@pytest.fixture(scope="module")
def runner():
    return CliRunner()


def run(runner, *args):
    result = runner.invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


def test_check_hkk_every_invariant_holds(runner):
    result = run(runner, "check", "hkk", "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [i["id"] for i in report["invariants"]] == [f"HKK-INV-{n}" for n in range(1, 7)]
    assert {i["status"] for i in report["invariants"]} == {"holds"}


@pytest.mark.parametrize("number, kind, rule", [(1, "enchantment", "HKK-132.6"),
                                                (2, "mental_spell", "HKK-132.8")])
def test_errata_hkk_finds_the_self_defeating_grant(runner, number, kind, rule):
    result = run(runner, "errata", "hkk", "--format", "json")
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


def test_errata_hkk_intended_edition_has_none(runner):
    result = run(runner, "errata", "hkk", "--edition", "intended", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["contradictions"] == []


def test_diff_hkk_literal_to_intended_lists_the_changed_states(runner):
    result = run(runner, "diff", "hkk", "--from", "literal", "--to", "intended",
                 "--properties", "2", "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["complete"] and report["total"] > 0
    assert sum(c["count"] for c in report["changed"]) == report["total"]
    for change in report["changed"][:10]:
        before = pybridge.rule(change["witness"])["rulings"]
        after = pybridge.rule(change["witness"], edition="intended")["rulings"]
        strip = lambda rulings: [{k: v for k, v in r.items() if k != "because"} for r in rulings]
        assert strip(before) != strip(after)
        # only falling off changes: the granting enchantment stays in the intended edition
        assert any(r["kind"] == "falls_off" for r in change["before"])


def test_hkk_cards_put_on_themselves_are_refused():
    doc = {"rulebook": "hkk", "cards": [{"id": "A", "kind": "enchantment", "on": "B"},
                                        {"id": "B", "kind": "enchantment", "on": "A"}]}
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(doc)
    assert caught.value.path == "cards[0].on"
