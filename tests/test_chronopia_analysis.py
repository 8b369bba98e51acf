"""chronopia through the analysis machinery: the invariants over the grid state space, the
edition diff of C36-CRIT, and witnesses that go back through `rule` unchanged."""

import json

import pytest

import pybridge
from mutants import check_mutant
from pybridge.books import get
from pybridge.cli.main import cli
from shared_results import shared

BOOK = get("chronopia")


def run(runner, *args):
    result = runner.invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


@pytest.mark.slow
def test_check_chronopia_decides_every_invariant():
    # the default check, shared with the tests of CHR-INV-6 and CHR-INV-8 at the defaults
    result = shared("check", "chronopia", "--format", "json")
    report = json.loads(result.stdout)
    ids = [i["id"] for i in report["invariants"]]
    assert {f"CHR-INV-{n}" for n in (1, 2, 3, 4, 5, 6, 7)} <= set(ids)
    assert ids == sorted(ids, key=lambda i: int(i.rsplit("-", 1)[1]))
    assert {i["status"] for i in report["invariants"]} == {"holds"}
    assert result.exit_code == 0


@pytest.mark.slow
def test_diff_chronopia_crit_editions_differ_only_on_the_excellent_success():
    # the default diff, shared with tests/test_diff_citations.py
    result = shared("diff", "chronopia", "--from", "crit_3_or_less",
                        "--to", "crit_exactly_3", "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["complete"] and report["changed"]
    for change in report["changed"]:
        before = {(r["kind"], r.get("value")) for r in change["rulings_before"]
                  if r["kind"] in ("hit_number", "excellent_possible")}
        after = {(r["kind"], r.get("value")) for r in change["rulings_after"]
                 if r["kind"] in ("hit_number", "excellent_possible")}
        # same hit number, below 3 (the grid's RS 10 minus range and cover): "a 3" read as
        # "3 or less" makes the 1 ordinary, read as "exactly 3" keeps it excellent
        ((_, number),) = [x for x in before if x[0] == "hit_number"]
        assert ("hit_number", number) in after and number < 3
        assert ("excellent_possible", False) in before and ("excellent_possible", True) in after
        # the witness, ruled again in both editions, gives the same rulings
        assert pybridge.rule(change["witness"])["rulings"] == change["rulings_before"]
        assert pybridge.rule(change["witness"], edition="crit_exactly_3")["rulings"] == \
            change["rulings_after"]


@pytest.mark.slow
def test_enumerate_chronopia_witnesses_rule_the_same_through_rule(runner, tmp_path):
    out = tmp_path / "states.jsonl"
    result = run(runner, "enumerate", "chronopia", "--out", str(out), "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["complete"]
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == report["total"]
    for line in lines[:: max(1, len(lines) // 50)]:
        entry = json.loads(line)
        assert pybridge.rule(entry["state"])["rulings"] == entry["rulings"]


# --- each invariant can fail: a deliberately broken rule set violates it --------------------

MUTANTS = {
    # hidden models shootable
    "CHR-INV-1": ("", ["C36-LOS-HIDDEN"]),
    # no nearest-model picks at all: visible enemies but no legal target
    "CHR-INV-2": ("", ["C36-PRI-A", "C36-PRI-E"]),
    # fear-causers no longer immune to fear
    "CHR-INV-3": ("", ["C38-IMM-FEAR", "C38-IMM-TERROR", "C38-IMM-HORROR"]),
    # immunity to panic read as immunity to fear
    "CHR-INV-4": ('q_ruled(Q, immune(G, fear), "C38-FEAR") :- state_morale(Q, G, fear), '
                  'unit_of(M, G), state_immune(M, panic).', []),
    # a named target that is not the nearest model of its unit left without a ruling (the
    # rule that refuses it out of force)
    "CHR-INV-5": ("", ["C36-PRI-A"]),
}


@pytest.mark.slow
@pytest.mark.parametrize("invariant", sorted(MUTANTS))
def test_chronopia_invariant_is_violated_by_a_broken_rule_set(monkeypatch, invariant):
    text, removed = MUTANTS[invariant]
    entry = check_mutant(monkeypatch, BOOK, invariant, text, removed=removed)
    assert entry["status"] == "violated", entry
    assert pybridge.rule(entry["witness"])["status"] == "ok"


@pytest.mark.slow
def test_chronopia_CHR_INV_5_is_violated_by_one_refusal_per_reason(monkeypatch):
    # the refusal without its precedence: a target hidden and out of the arc refused twice
    text = 'ruled_by(target_refused(S, T, R), ID) :- refusal(S, T, _, R, ID).'
    entry = check_mutant(monkeypatch, BOOK, "CHR-INV-5", text)
    assert entry["status"] == "violated", entry
    witness = pybridge.rule(entry["witness"])
    assert witness["status"] == "ok"
    assert len([r for r in witness["rulings"] if r["kind"] == "target_refused"]) == 1


# CHR-INV-7: spells and shots alike need sight unless the rules say otherwise (C36-ARC, the
# LOS rules, C37-TARGET, C36-MOUNT). Each broken rule set lets a shot or a spell through
# where the source says it needs sight; the witness has the query kind it breaks.
SIGHT_MUTANTS = {
    # walls no longer block (C36-LOS-WALL out of force): a shot or a spell over a taller
    # wall (both need sight; since a shot needs its shooter's RS and a spell its caster's MG,
    # issue 15, neither witness is smaller than the other)
    "shot-over-a-taller-wall": ("", ["C36-LOS-WALL"], ("shoot", "cast")),
    # a spell that needs LOS reaches behind the caster (mounted 360 degrees read for spells)
    "spell-behind-the-caster": ("front_los(A, B) :- line_clear(A, B).", [], ("cast",)),
    # a spell that needs LOS ignores the models on the line
    "spell-through-a-model": ("front_los(A, B) :- pair(A, B), not behind(A, B).", [], ("cast",)),
    # a chariot's part in cover is enough for a spell (C36-MOUNT out of force)
    "spell-on-a-chariot-in-cover": ("", ["C36-MOUNT"], ("cast",)),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SIGHT_MUTANTS))
def test_chronopia_CHR_INV_7_is_violated_by_a_broken_rule_set(monkeypatch, name):
    text, removed, kinds = SIGHT_MUTANTS[name]
    entry = check_mutant(monkeypatch, BOOK, "CHR-INV-7", text, removed=removed)
    assert entry["status"] == "violated", entry
    assert any(kind in q for q in entry["witness"]["queries"] for kind in kinds)
    assert pybridge.rule(entry["witness"])["status"] == "ok"
