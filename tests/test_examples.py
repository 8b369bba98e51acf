"""Every example runs, shows the rule its comment names, and gives the ruling it promises.

The expectations restate each example's own comment (worked out there by hand).
"""

import re
from pathlib import Path

import pytest

import pybridge
from redemption_states import battle_state, defeated, inactive, targets

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

REDEMPTION = {
    "three_character_battle.yaml": dict(state="heroes_winning", defeated={"Shieldbearer", "Giant"}),
    "negative_strength_one_on_one.yaml": dict(state="heroes_winning", defeated={"Wraith"}),
    "targeting.yaml": dict(targets={("chain-grab", "Scout"): False, ("curse-grab", "Scout"): True}),
    "expired_immunity.yaml": dict(state="heroes_winning", defeated={"Monk", "Ogre"},
                                  inactive={("monk-prayer", "expired")}),
    "same_alignment.yaml": dict(inactive={("ranger-ward", "same_alignment")},
                                targets={("banner-call", "Ranger"): True}),
    "grant_blocked.yaml": dict(inactive={("pact-gift", "grant_blocked")}),
    "enhancement_bonus.yaml": dict(state="heroes_winning", defeated={"Squire", "Brigand"}),
    "side_against_side.yaml": dict(state="mutual_destruction",
                                   defeated={"Archer", "Spearman", "Goblin", "Troll"}),
    "mutual_grants_ambiguous.yaml": dict(status="ambiguous"),
    "odd_grant_cycle_inconsistent.yaml": dict(status="inconsistent"),
}


def test_every_example_is_listed():
    assert sorted(p.name for p in (EXAMPLES / "redemption").glob("*.yaml")) == sorted(REDEMPTION)
    assert len(REDEMPTION) >= 6


@pytest.mark.parametrize("name", sorted(REDEMPTION))
def test_redemption_example(name):
    path = EXAMPLES / "redemption" / name
    assert re.search(r"^# .*\bRED-[A-Z]+-\d", path.read_text(encoding="utf-8"), re.M), \
        "each example's comment names the rule it shows"
    expected = REDEMPTION[name]
    result = pybridge.rule(path)
    assert result["status"] == expected.get("status", "ok")
    if "state" in expected:
        assert battle_state(result) == expected["state"]
    if "defeated" in expected:
        assert defeated(result) == expected["defeated"]
    if "inactive" in expected:
        assert inactive(result) == expected["inactive"]
    if "targets" in expected:
        assert targets(result) == expected["targets"]
