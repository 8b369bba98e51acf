"""Every hkk example runs, names the rule it shows and gives the rulings its comment promises.

The expectations restate each example's own comment (worked out there by hand from the Kódex,
chapter 132, and ../shared/rules/hkk.md). A ruling is written as a tuple: the kind, then its
fields in the order of ``kinds`` in pybridge/books/hkk.py, e.g. ``("affects", "drain", False)``.
``has``: rulings that must be there; ``only``: for each kind named, the exact set of rulings
of that kind; ``because``: the citations of one ruling.
"""

import re
from pathlib import Path

import pytest

import pybridge
from ruling_tuples import fields_of, tuple_maker

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "hkk"
FIELDS = fields_of("hkk")
as_tuple = tuple_maker(FIELDS)

HKK = {
    "immune_but_targetable.yaml": dict(
        only={"can_target": {("can_target", "drain", True)},
              "affects": {("affects", "drain", False)}},
        because={("can_target", "drain", True): ["HKK-132.2"],
                 ("affects", "drain", False): ["HKK-132.0", "HKK-132.5"]}),
    "untargetable.yaml": dict(
        only={"can_target": {("can_target", "bolt", False), ("can_target", "beacon", True)}},
        has={("affects", "beacon", True)},
        because={("can_target", "bolt", False): ["HKK-132.11"]}),
    "cannot_be_damaged.yaml": dict(
        only={"damage": {("damage", "hit", 0)},
              "can_target": {("can_target", "hit", True)},
              "affects": {("affects", "hit", True)}},
        because={("damage", "hit", 0): ["HKK-132.12"]}),
    "poison_immunity_gained.yaml": dict(
        only={"counters_removed": {("counters_removed", "Toad", "poison")},
              "counter": {("counter", "bite", False, False)},
              "can_target": {("can_target", "bite", True)},
              "affects": {("affects", "bite", False)}},
        because={("counters_removed", "Toad", "poison"): ["HKK-132.3"],
                 ("counter", "bite", False, False): ["HKK-132.3"],
                 ("can_target", "bite", True): ["HKK-132.2"],
                 ("affects", "bite", False): ["HKK-132.0", "HKK-132.3"]}),
    "disarmed_by_source_immunity.yaml": dict(
        exact={("grant_without_effect", "Golem", "fire", "Amulet"),
               ("grant_without_effect", "Golem", "poison", "Rank"),
               ("affects", "hit", True), ("damage", "hit", 4),
               ("affects", "bite", True), ("counter", "bite", True, True),
               ("affects", "aura", False), ("attach", "aura", False, False)},
        because={("grant_without_effect", "Golem", "fire", "Amulet"): ["HKK-132.5.1-K"],
                 ("damage", "hit", 4): ["HKK-132.0"],
                 ("counter", "bite", True, True): ["HKK-132.0"],
                 ("attach", "aura", False, False): ["HKK-132.5.1", "HKK-132.5.1-K"],
                 ("affects", "aura", False): ["HKK-132.5.1"]}),
    "source_immunity_gained.yaml": dict(
        exact={("falls_off", "Curse of Rust", "Paladin")},
        because={("falls_off", "Curse of Rust", "Paladin"): ["HKK-132.5.1"]}),
    "elenios_ban_automatic_reaction.yaml": dict(
        exact={("can_react", "echo", False), ("can_react", "trick", True),
               ("waits", "echo"), ("inherits", "echo", "Elenios Seer")},
        because={("can_react", "echo", False): ["HKK-132.14", "HKK-132.14-K1", "HKK-132.14-K2", "HKK-132.16"],
                 ("waits", "echo"): ["HKK-132.14-K2"],
                 ("inherits", "echo", "Elenios Seer"): ["HKK-132.16"]}),
    "self_granted_enchantment_immunity_literal.yaml": dict(
        edition="literal",
        exact={("falls_off", "Ward", "Knight"), ("falls_off", "Curse", "Knight"),
               ("grant_ineffective", "Knight", "enchantment", "Ward")},
        because={("falls_off", "Ward", "Knight"): ["HKK-132.6"],
                 ("grant_ineffective", "Knight", "enchantment", "Ward"):
                     ["HKK-132.0", "HKK-132.6"]}),
    "self_granted_enchantment_immunity_intended.yaml": dict(
        edition="intended",
        exact={("falls_off", "Curse", "Knight")},
        because={("falls_off", "Curse", "Knight"): ["HKK-132.6"]}),
    "immune_and_untargetable.yaml": dict(
        exact={("can_target", "drain", False), ("affects", "drain", False)},
        because={("can_target", "drain", False): ["HKK-132.11"],
                 ("affects", "drain", False): ["HKK-132.0", "HKK-132.5"]}),
    "fire_immunity.yaml": dict(
        only={"damage": {("damage", "drake-hit", 0), ("damage", "orc-hit", 4)},
              "affects": {("affects", "eruption", False), ("affects", "drake-hit", True),
                          ("affects", "orc-hit", True)},
              "can_target": {("can_target", "eruption", True)}},
        because={("damage", "drake-hit", 0): ["HKK-132.9"],
                 ("affects", "eruption", False): ["HKK-132.0", "HKK-132.9"],
                 ("can_target", "eruption", True): ["HKK-132.2"]}),
    "no_effect_no_removal.yaml": dict(
        only={"immunity_removed": {("immunity_removed", "Shade", "fire", "drain-shade")},
              "can_target": {("can_target", "drain", True), ("can_target", "dispel", False)},
              "damage": {("damage", "hit", 0), ("damage", "hit-shade", 4)}},
        has={("affects", "drain", False), ("affects", "dispel", False)},
        because={("affects", "drain", False): ["HKK-132.0", "HKK-132.5"],
                 ("affects", "dispel", False): ["HKK-132.11"],
                 ("damage", "hit", 0): ["HKK-132.9"],
                 ("immunity_removed", "Shade", "fire", "drain-shade"): ["HKK-132.0"]}),
    "fallen_card_grants_nothing.yaml": dict(
        exact={("falls_off", "Halo", "Paladin"), ("falls_off", "Curse of Rust", "Paladin"),
               ("grant_ineffective", "Paladin", "source", "Halo")},
        because={("falls_off", "Halo", "Paladin"): ["HKK-132.5.1"],
                 ("grant_ineffective", "Paladin", "source", "Halo"): ["HKK-132.5.1"]}),
    "cost_ban.yaml": dict(
        exact={("can_react", "spark", False), ("can_react", "archer", False),
               ("can_react", "flicker", True)},
        because={("can_react", "spark", False): ["HKK-132.14", "HKK-132.14-K1"],
                 ("can_react", "archer", False): ["HKK-132.14", "HKK-132.14-K1"],
                 ("can_react", "flicker", True): ["HKK-132.14"]}),
    "immune_to_a_card.yaml": dict(
        only={"affects": {("affects", "breath", False), ("affects", "unbind", False),
                          ("affects", "bite", True), ("affects", "riposte", False)},
              "damage": {("damage", "breath", 0), ("damage", "bite", 3),
                         ("damage", "riposte", 0)},
              "immunity_kept": {("immunity_kept", "unbind")},
              "immunity_removed": set()},
        has={("can_target", "breath", True)},
        because={("affects", "breath", False): ["HKK-132.0"],
                 ("damage", "breath", 0): ["HKK-132.0"],
                 ("immunity_kept", "unbind"): ["HKK-132.2-K"],
                 ("can_target", "breath", True): ["HKK-132.2"],
                 ("affects", "riposte", False): ["HKK-132.0"]}),
    "damage_element.yaml": dict(
        only={"damage": {("damage", "zap", 0), ("damage", "breath", 0), ("damage", "bite", 3)},
              "affects": {("affects", "zap", True), ("affects", "breath", True),
                          ("affects", "bite", True)}},
        because={("damage", "zap", 0): ["HKK-132.9"], ("damage", "breath", 0): ["HKK-132.9"],
                 ("damage", "bite", 3): ["HKK-132.0"]}),
}


def test_every_example_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("*.yaml")) == sorted(HKK)
    assert len(HKK) >= 6


def test_the_copy_slip_pair_is_one_state_under_two_editions():
    literal = pybridge.load(EXAMPLES / "self_granted_enchantment_immunity_literal.yaml")
    intended = pybridge.load(EXAMPLES / "self_granted_enchantment_immunity_intended.yaml")
    assert "edition" not in literal              # literal is the default edition
    assert intended.pop("edition") == "intended"
    assert literal == intended
    # The document's own edition and the caller's override give the same rulings.
    assert pybridge.rule(literal, edition="intended")["rulings"] == \
        pybridge.rule(EXAMPLES / "self_granted_enchantment_immunity_intended.yaml")["rulings"]


@pytest.mark.parametrize("name", sorted(HKK))
def test_hkk_example(name):
    path = EXAMPLES / name
    text = path.read_text(encoding="utf-8")
    assert re.search(r"^# .*\bHKK-132\.\d", text, re.M), "each example's comment names its rule"
    assert re.search(r"^# Expected:", text, re.M), "each example's comment says what to expect"
    expected = HKK[name]
    result = pybridge.rule(path)
    assert result["status"] == expected.get("status", "ok"), result
    assert result["edition"] == expected.get("edition", "literal")
    got = {as_tuple(r) for r in result["rulings"]}
    if "exact" in expected:
        assert got == expected["exact"]
    for kind, rulings in expected.get("only", {}).items():
        assert {r for r in got if r[0] == kind} == rulings, kind
    assert expected.get("has", set()) <= got
    for ruling, cited in expected.get("because", {}).items():
        (match,) = [r for r in result["rulings"] if as_tuple(r) == ruling]
        assert match["because"] == cited, ruling
