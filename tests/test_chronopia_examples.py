"""Every chronopia example runs, names the rule it shows and gives the rulings its comment
promises.

The expectations restate each example's own comment (worked out there by hand from section
3.6-3.8 of ../shared/seeds/002_80e45203b1914d7b.txt, ../shared/rules/chronopia.md and the
docs/rulebooks/chronopia.md contract). A ruling is written as a tuple: the kind, then its fields in the order of
``kinds`` in pybridge/books/chronopia/kinds.py, e.g. ``("hit_number", "Archer", "Troll", 10)``.
``only``: for each kind named, the exact set of rulings of that kind; ``has``: rulings that
must be there; ``cites``: rule IDs that must be among the citations of one ruling;
``chances``: per query, the d20's result counts (results of one query summing to 20).
"""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import pybridge
from pybridge.cli.main import cli
from ruling_tuples import fields_of, tuple_maker

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "chronopia"
FIELDS = fields_of("chronopia")
as_tuple = tuple_maker(FIELDS)

CHRONOPIA = {
    "nearest_model_priority.yaml": dict(
        only={"legal_target": {("legal_target", "Archer", "Soldier 1", False)},
              "target_refused": {("target_refused", "Archer", "Captain", "not_nearest")},
              "hit_number": {("hit_number", "Archer", "Soldier 1", 11)},
              "excellent_possible": {("excellent_possible", "Archer", "Soldier 1", True)},
              "save_number": {("save_number", "Archer", "Soldier 1", 9)}},
        cites={("legal_target", "Archer", "Soldier 1", False): ["C36-PRI-A"],
               ("target_refused", "Archer", "Captain", "not_nearest"): ["C36-PRI-A"],
               ("hit_number", "Archer", "Soldier 1", 11): ["C36-HIT"],
               ("excellent_possible", "Archer", "Soldier 1", True): ["C36-CRIT"],
               ("save_number", "Archer", "Soldier 1", 9): ["C36-SAVE"]},
        chances={"volley": {"excellent": 1, "hit": 10, "miss": 8, "fumble": 1}}),
    "twelve_inch_rule.yaml": dict(
        only={"legal_target": {("legal_target", "Archer", "Spear", False)},
              "target_refused": {("target_refused", "Archer", "Knight", "enemy_within_12")},
              "hit_number": set()},
        cites={("legal_target", "Archer", "Spear", False): ["C36-PRI-D", "C-INT-1"],
               ("target_refused", "Archer", "Knight", "enemy_within_12"): ["C36-PRI-D"]}),
    "twelve_inch_rule_just_beyond.yaml": dict(
        only={"legal_target": {("legal_target", "Archer", "Spear", False)},
              "target_refused": {("target_refused", "Archer", "Knight", "not_nearest_unit")},
              "hit_number": set()},
        cites={("legal_target", "Archer", "Spear", False): ["C36-PRI-A"],
               ("target_refused", "Archer", "Knight", "not_nearest_unit"): ["C36-PRI-F"]}),
    "twelve_inch_rule_panicked.yaml": dict(
        only={"legal_target": {("legal_target", "Archer", "Spear", False),
                               ("legal_target", "Archer", "Knight", False)},
              "target_refused": set(),
              "hit_number": {("hit_number", "Archer", "Knight", 7)},
              "excellent_possible": {("excellent_possible", "Archer", "Knight", True)},
              "save_number": {("save_number", "Archer", "Knight", 11)}},
        cites={("hit_number", "Archer", "Knight", 7): ["C36-HIT", "C36-RANGE"]},
        chances={"at the knight": {"excellent": 1, "hit": 6, "miss": 12, "fumble": 1}}),
    "individual_free_choice.yaml": dict(
        only={"legal_target": {("legal_target", "Warlord", "Spear", False),
                               ("legal_target", "Warlord", "Rider 2", False)},
              "target_refused": {("target_refused", "Warlord", "Rider 1", "not_nearest")},
              "hit_number": {("hit_number", "Warlord", "Rider 2", 9)}},
        cites={("legal_target", "Warlord", "Rider 2", False): ["C36-PRI-E"],
               ("target_refused", "Warlord", "Rider 1", "not_nearest"): ["C36-PRI-E"],
               ("hit_number", "Warlord", "Rider 2", 9): ["C36-HIT", "C36-RANGE"]}),
    "larger_target_behind_smaller.yaml": dict(
        only={"legal_target": {("legal_target", "Archer", "Goblin", False),
                               ("legal_target", "Archer", "Ogre", False)},
              "target_refused": set(),
              "hit_number": {("hit_number", "Archer", "Ogre", 8)},
              "excellent_possible": {("excellent_possible", "Archer", "Ogre", True)},
              "save_number": {("save_number", "Archer", "Ogre", 6)}},
        cites={("legal_target", "Archer", "Ogre", False): ["C36-PRI-C"],
               ("hit_number", "Archer", "Ogre", 8): ["C36-HIT", "C36-RANGE"]}),
    "cover_and_range.yaml": dict(
        only={"legal_target": {("legal_target", "Archer 1", "Knight", False),
                               ("legal_target", "Archer 2", "Knight", False)},
              "out_of_range": {("out_of_range", "Archer 2", "Knight")},
              "hit_number": {("hit_number", "Archer 1", "Knight", 6)},
              "excellent_possible": {("excellent_possible", "Archer 1", "Knight", True)},
              "save_number": {("save_number", "Archer 1", "Knight", 11)}},
        cites={("hit_number", "Archer 1", "Knight", 6): ["C36-HIT", "C36-RANGE", "C36-COVER"],
               ("out_of_range", "Archer 2", "Knight"): ["C36-RANGE"]},
        chances={"volley": {"excellent": 1, "hit": 5, "miss": 13, "fumble": 1},
                 "long shot": {}}),
    "shooting_into_melee.yaml": dict(
        only={"legal_target": {("legal_target", "Archer", "Troll", False)},
              "hit_number": {("hit_number", "Archer", "Troll", 10)},
              "friendly_fire_number": {("friendly_fire_number", "Archer", "Sword 1", 14)},
              "save_number": {("save_number", "Archer", "Troll", 11)}},
        cites={("hit_number", "Archer", "Troll", 10): ["C36-HIT", "C36-MELEE", "C-INT-2"],
               ("friendly_fire_number", "Archer", "Sword 1", 14): ["C36-MELEE", "C-INT-2"]},
        chances={"into the melee": {"excellent": 1, "hit": 9, "miss_test_friend": 9,
                                    "fumble_random_friend_hit": 1}}),
    "shooting_into_melee_friend_unseen.yaml": dict(
        only={"legal_target": {("legal_target", "Archer", "Troll", False)},
              "hit_number": {("hit_number", "Archer", "Troll", 11)},
              "friendly_fire_number": set()},
        cites={("hit_number", "Archer", "Troll", 11): ["C36-HIT", "C36-MELEE"]},
        chances={"into the melee": {"excellent": 1, "hit": 10, "miss": 8,
                                    "fumble_random_friend_hit": 1}}),
    "flier.yaml": dict(
        only={"legal_target": {("legal_target", "Archer", "Bat", False)},
              "target_refused": {("target_refused", "Archer", "Rider", "enemy_within_12")},
              "hit_number": {("hit_number", "Archer", "Bat", 11)},
              "excellent_possible": {("excellent_possible", "Archer", "Bat", True)},
              "save_number": {("save_number", "Archer", "Bat", 6)}},
        cites={("target_refused", "Archer", "Rider", "enemy_within_12"): ["C36-PRI-D"],
               ("legal_target", "Archer", "Bat", False): ["C36-PRI-D"]}),
    "cast_and_resist.yaml": dict(
        only={"cast_number": {("cast_number", "Shaman", 11)},
              "resist_number": {("resist_number", "Shaman", "Knight", 5)}},
        cites={("cast_number", "Shaman", 11): ["C37-CAST"],
               ("resist_number", "Shaman", "Knight", 5): ["C37-RESIST"]}),
    "terror_facing_horror.yaml": dict(
        only={"morale_test": {("morale_test", "Wraith", "horror", "terror", 10),
                              ("morale_test", "Ghoul", "horror", "horror", 7)},
              "immune": {("immune", "Wraith", "fear")}},
        cites={("morale_test", "Wraith", "horror", "terror", 10): ["C38-IMM-TERROR"],
               ("immune", "Wraith", "fear"): ["C38-IMM-TERROR"],
               ("morale_test", "Ghoul", "horror", "horror", 7): ["C38-IMM-FEAR"]}),
}


def test_every_example_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("*.yaml")) == sorted(CHRONOPIA)
    assert len(CHRONOPIA) >= 8


def test_the_twelve_inch_pair_differs_only_in_the_panic_of_the_near_unit():
    plain = pybridge.load(EXAMPLES / "twelve_inch_rule.yaml")
    panicked = pybridge.load(EXAMPLES / "twelve_inch_rule_panicked.yaml")
    (spear,) = [m for m in panicked["models"] if m["id"] == "Spear"]
    assert spear.pop("panicked") is True
    assert plain == panicked


@pytest.mark.parametrize("name", sorted(CHRONOPIA))
def test_chronopia_example(name):
    path = EXAMPLES / name
    text = path.read_text(encoding="utf-8")
    assert re.search(r"^# .*\b(C3[678]-[A-Z]+|C-INT-\d)", text, re.M), \
        "each example's comment names its rule"
    assert re.search(r"^# Expected:", text, re.M), "each example's comment says what to expect"
    expected = CHRONOPIA[name]
    result = pybridge.rule(path)
    assert result["status"] == expected.get("status", "ok"), result
    assert result["edition"] == expected.get("edition", "crit_3_or_less")
    got = {as_tuple(r) for r in result["rulings"]}
    for kind, rulings in expected.get("only", {}).items():
        assert {r for r in got if r[0] == kind} == rulings, kind
    assert expected.get("has", set()) <= got
    for ruling, cited in expected.get("cites", {}).items():
        # once per query it answers (flier.yaml: the targeting answers both shots)
        matches = [r for r in result["rulings"] if as_tuple(r) == ruling]
        assert matches, ruling
        for match in matches:
            assert set(cited) <= set(match["because"]), (ruling, match["because"])
    for query, counts in expected.get("chances", {}).items():
        found = {r["result"]: r["in"] for r in result["rulings"]
                 if r["kind"] == "chance" and r["query"] == query and r["die"] == "first"}
        assert found == counts, query
        assert all(r["of"] == 20 for r in result["rulings"]
                   if r["kind"] == "chance" and r["query"] == query)
        if counts:
            assert sum(found.values()) == 20, query


@pytest.mark.parametrize("name", sorted(CHRONOPIA))
def test_chronopia_example_through_the_cli(name):
    # The same document through the command line: exit code 0 and the same JSON.
    outcome = CliRunner().invoke(cli, ["rule", "--format", "json", str(EXAMPLES / name)])
    assert outcome.exit_code == 0, outcome.output
    assert json.loads(outcome.output) == pybridge.rule(EXAMPLES / name)
