"""``rulings rule --explain`` on chronopia: each example's why tree holds the geometry the
bridge computed (distances, the arc, who stands on or near the line of fire, cover) and the
numbers the rules derived (RS and its modifiers by range band, cover and melee; the priority
steps; cast and resist numbers; the LD a morale test uses and the factor behind it).

The expected values are worked out from each example's positions and comment and from the
source, section 3.6-3.8 (../shared/seeds/002_80e45203b1914d7b.txt; digest
../shared/rules/chronopia.md). Distances are centre to centre (C-INT-1) and reach the rules
in thousandths of an inch, rounded up (pybridge/geometry.py): sqrt(73) = 8.5440... reads
8.545 inches, 12.04 reads 12.04.
"""

import copy
import json
import math

import jsonschema
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import pytest

import pybridge
from pybridge.errors import InputError
from explain_checks import (addends, EXAMPLES, NODE, all_rulings, check_analysis_unchanged,
                            check_deterministic, check_example, check_readme_shows, explained,
                            node, nodes, ruling, without_why)

HERE = EXAMPLES / "chronopia"


def chance(found, result, query=None):
    """The why tree of the one chance ruling of ``result`` (and ``query``)."""
    (item,) = [r for r in all_rulings(found) if r["kind"] == "chance" and r["result"] == result
               and query in (None, r["query"])]
    return item["why"]


@pytest.mark.parametrize("path", sorted(HERE.glob("*.yaml")), ids=lambda p: p.name)
def test_every_ruling_has_a_why_that_cites_its_rules(path):
    check_example(path)


def test_cast_and_resist_C37():
    result = explained(HERE / "cast_and_resist.yaml")
    # MG 15 - level 4 = 11; LD 9 - level 4 = 5; the Knight stands 10 inches ahead, in sight.
    cast = node(ruling(result, "cast_number", caster="Shaman")["why"], "C37-CAST", "11 or less")
    assert (cast["facts"]["mg"], cast["facts"]["level"], cast["facts"]["value"]) == (15, 4, 11)
    resist = node(ruling(result, "resist_number", target="Knight")["why"], "C37-RESIST", "5 or less")
    assert (resist["facts"]["ld"], resist["facts"]["level"]) == (9, 4)
    why = ruling(result, "spell_target", target="Knight")["why"]
    sight = node(why, "C37-TARGET", "Shaman sees Knight, 10 inches away")
    assert sight["facts"]["distance"] == 10
    node(why, "C37-TARGET", "any distance")
    # The d20 of the cast: 2..11 succeed, read against the cast number.
    band = node(chance(result, "success"), "C37-CAST", "2 to 11")
    node(band["why"], "C37-CAST", "MG 15 less the spell's level 4")


def test_cover_and_range_C36_RANGE_C36_COVER():
    result = explained(HERE / "cover_and_range.yaml")
    why = ruling(result, "hit_number", shooter="Archer 1")["why"]
    hit = node(why, "C36-HIT", "6 or less")
    assert addends(hit["facts"], "sum") == [("RS", 14), ("range", -4), ("cover", -4),
                                            ("friends in melee", 0)]
    band = node(why, "C36-RANGE", "15 inches", "beyond the short range, 10 inches",
                "within the medium range, 20 inches: -4")
    assert band["facts"]["distance"] == 15
    node(why, "C36-COVER", "heavy cover: -4")
    # Archer 2 at (-10, -14): sqrt(10^2 + 29^2) = 30.6757..., beyond the maximum 30.
    far = node(ruling(result, "out_of_range", shooter="Archer 2")["why"], "C36-RANGE",
               "30.676 inches", "beyond the maximum range, 30 inches")
    assert (far["facts"]["distance"], far["facts"]["max"]) == (30.676, 30)
    save = node(ruling(result, "save_number", target="Knight")["why"], "C36-SAVE", "armour 14",
                "damage 3")
    assert save["facts"]["value"] == 11
    node(chance(result, "hit", "volley"), "C36-HIT", "2 to 6")
    node(chance(result, "fumble", "volley"), "C36-FUMBLE",
         "loses its remaining actions")
    excellent = chance(result, "excellent", "volley")
    node(excellent, "C36-HIT", "an unmodified 1 always hits")
    node(excellent, "C36-CRIT", "the hit number, 6, is above 3")


def test_flier_C36_FLY():
    result = explained(HERE / "flier.yaml")
    # Ground distance to the Bat sqrt(2^2 + 2.2^2) = 2.9732... (2.974 rounded up) + altitude 4.
    why = ruling(result, "hit_number", target="Bat")["why"]
    fly = node(why, "C36-FLY", "2.974 inches", "4 inches", "6.974 inches")
    assert (fly["facts"]["ground"], fly["facts"]["altitude"], fly["facts"]["distance"]) == \
        (2.974, 4, 6.974)
    node(why, "C36-RANGE", "within the short range, 12 inches")
    # On its 5-inch hill the Archer's dead zone reaches 5 inches: the Bat's 2.974 on the
    # ground lies inside it, but shots at fliers ignore dead zones.
    zone = node(ruling(result, "legal_target", target="Bat", query="at the bat")["why"], "C36-DEAD",
                "fliers ignore dead zones")
    assert (zone["facts"]["ground"], zone["facts"]["drop"]) == (2.974, 5)
    # The Bat within 12 inches binds the Archer: the Rider (20.88 inches) is refused.
    refused = ruling(result, "target_refused", target="Rider", query="at the rider")["why"]
    bound = node(refused, "C36-PRI-D", "Bats")
    assert addends(bound["facts"], "near") == [("Bat", 6.974)]
    assert node(refused, "C36-PRI-D", "Rider (20.881 inches)")["facts"]["group"] == "Riders"
    node(refused, "C-INT-1", "within 12 inches")


def test_individual_free_choice_C36_PRI_E():
    result = explained(HERE / "individual_free_choice.yaml")
    # Rider 1 (5, 18): 18.6815...; Rider 2 (-5, 19): 19.6468...; the Spear 8 inches ahead.
    refused = ruling(result, "target_refused", target="Rider 1", query="at the panicked rider")["why"]
    step = node(refused, "C36-PRI-E", "Rider 1 (18.682 inches) is panicked")
    assert addends(step["facts"], "nearest") == [("Rider 2", 19.647)]
    pick = node(ruling(result, "legal_target", target="Rider 2", query="at rider 2")["why"], "C36-PRI-E",
                "nearest non-panicked model of Riders")
    assert pick["facts"]["distance"] == 19.647
    node(ruling(result, "legal_target", target="Spear", query="at rider 2")["why"], "C36-ARC", "8 inches away")
    hit = node(ruling(result, "hit_number", target="Rider 2")["why"], "C36-HIT", "9 or less")
    assert addends(hit["facts"], "sum")[:2] == [("RS", 13), ("range", -4)]


def test_larger_target_behind_smaller_C36_PRI_C():
    result = explained(HERE / "larger_target_behind_smaller.yaml")
    # The Goblin (-3, 8) is 8.544 inches off, size 2; the Ogre (size 4) 15 inches, less than
    # half visible, but every nearer model is at least one class smaller.
    why = ruling(result, "legal_target", target="Ogre")["why"]
    larger = node(why, "C36-PRI-C", "size 4", "at least one size class smaller")
    assert larger["facts"]["largest"] == 2
    assert addends(larger["facts"], "nearer") == [("Goblin", 8.545)]
    hit = node(ruling(result, "hit_number", target="Ogre")["why"], "C36-HIT", "8 or less")
    assert hit["facts"]["value"] == 8
    assert node(ruling(result, "save_number", target="Ogre")["why"], "C36-SAVE",
                "armour 10")["facts"]["value"] == 6


def test_nearest_model_priority_C36_PRI_A():
    result = explained(HERE / "nearest_model_priority.yaml")
    # Soldier 1 sqrt(73) = 8.544; Soldier 2 sqrt(91.25) = 9.5525; Captain sqrt(109) = 10.4403.
    pick = node(ruling(result, "legal_target", target="Soldier 1", query="volley")["why"], "C36-PRI-A",
                "Soldier 1 is the nearest model of Men at Arms")
    assert pick["facts"]["distance"] == 8.545
    assert addends(pick["facts"], "others") == [("Soldier 2", 9.553), ("Captain", 10.441)]
    step = node(ruling(result, "target_refused", target="Captain", query="at the captain")["why"], "C36-PRI-A",
                "Captain (10.441 inches) is not the nearest")
    assert addends(step["facts"], "nearest") == [("Soldier 1", 8.545)]
    assert not [n for n in nodes(ruling(result, "target_refused", target="Captain", query="at the captain")["why"])
                if n["rule"] == "C36-PRI-E"]          # the Archer is no individual
    # 11 at short range, no cover: 2..11 hit, 12..19 miss.
    node(chance(result, "miss", "volley"), "C36-HIT", "12 to 19")


def test_shooting_into_melee_C36_MELEE_C_INT_2():
    result = explained(HERE / "shooting_into_melee.yaml")
    why = ruling(result, "hit_number", target="Troll")["why"]
    assert addends(node(why, "C36-HIT", "10 or less")["facts"], "sum")[3] == \
        ("friends in melee", -2)
    melee = node(why, "C36-MELEE", "2 friendly model(s)")
    assert melee["facts"]["friends"] == ["Sword 1", "Sword 2"]
    node(why, "C-INT-2", "each friendly model")
    # Sword 1 at (1.45, 9.7): sqrt(96.1925) = 9.8078: 12 + 2 = 14.
    ff = node(ruling(result, "friendly_fire_number", friend="Sword 1")["why"], "C36-MELEE",
              "Sword 1", "9.808 inches", "14 or less")
    assert addends(ff["facts"], "sum") == [("RS", 12), ("range", 0), ("cover", 0),
                                           ("friends in melee", 2)]
    band = chance(result, "miss_test_friend")
    node(band, "C36-MELEE", "11 to 19")


def test_shooting_into_melee_friend_unseen_C36_MELEE():
    result = explained(HERE / "shooting_into_melee_friend_unseen.yaml")
    assert node(ruling(result, "hit_number", target="Troll")["why"], "C36-HIT",
                "11 or less")["facts"]["value"] == 11
    miss = chance(result, "miss")
    node(miss, "C36-MELEE", "12 to 19")
    node(miss, "C36-MELEE", "sees no friendly model in contact with Troll")


def test_terror_facing_horror_C38_IMM():
    result = explained(HERE / "terror_facing_horror.yaml")
    wraith = ruling(result, "morale_test", unit="Wraith")["why"]
    assert node(wraith, "C38-TEST", "10 or less")["facts"]["value"] == 10
    assert node(wraith, "C38-TEST", "highest LD: 10, of Wraith")["facts"]["lds"] == \
        [{"name": "Wraith", "value": 10}]
    node(wraith, "C38-IMM-TERROR", "treats horror as terror")
    # The Lich (size 3) has a terror radius of 6 inches; the Wraith stands 4 inches from it.
    terror = node(wraith, "C38-TERROR", "terror radius, 6 inches")
    assert addends(terror["facts"], "seeing") == [("Wraith", 4)]
    node(wraith, "C38-HORROR", "Lich causes horror")
    ghoul = ruling(result, "morale_test", unit="Ghoul")["why"]
    node(ghoul, "C38-IMM-FEAR", "causes fear", "treats horror as terror")
    # The Ghoul at (0, -2): sqrt(4^2 + 2^2) = 4.4721.
    assert addends(node(ghoul, "C38-TERROR", "6 inches")["facts"], "seeing") == \
        [("Ghoul", 4.473)]
    node(ruling(result, "immune", unit="Wraith", factor="fear")["why"], "C38-IMM-TERROR",
         "immune to fear and terror")
    node(chance(result, "passed", "ghoul sees the lich"),
         "C38-TERROR", "2 to 7")


def test_twelve_inch_rule_C36_PRI_D_C_INT_1():
    result = explained(HERE / "twelve_inch_rule.yaml")
    why = ruling(result, "legal_target", target="Spear")["why"]
    assert addends(node(why, "C36-PRI-D", "Spears")["facts"], "near") == [("Spear", 12)]
    node(why, "C-INT-1", "\"within 12 inches\" includes 12 inches")
    # The Knight at (5, 20): sqrt(425) = 20.6155.
    node(ruling(result, "target_refused", target="Knight")["why"], "C36-PRI-D",
         "Knight (20.616 inches) belongs to Knights")


def test_twelve_inch_rule_just_beyond_C36_PRI_F():
    result = explained(HERE / "twelve_inch_rule_just_beyond.yaml")
    why = ruling(result, "legal_target", target="Spear")["why"]
    assert node(why, "C36-PRI-A", "Spear is the nearest")["facts"]["distance"] == 12.04
    assert not [n for n in nodes(why) if n["rule"] in ("C36-PRI-D", "C-INT-1")]
    step = node(ruling(result, "target_refused", target="Knight")["why"], "C36-PRI-F",
                "no enemy within 12 inches binds Archer")
    assert addends(step["facts"], "nearest") == [("Spear", 12.04)]
    assert addends(step["facts"], "legal") == [("Spear", 12.04)]


def test_twelve_inch_rule_panicked_C36_PRI_D():
    result = explained(HERE / "twelve_inch_rule_panicked.yaml")
    assert not [n for r in all_rulings(result) for n in nodes(r["why"]) if n["rule"] == "C36-PRI-D"]
    node(ruling(result, "hit_number", target="Knight")["why"], "C36-RANGE", "20.616 inches",
         "beyond the short range, 12 inches, within the medium range, 24 inches: -4")


def test_explain_output_is_deterministic():
    check_deterministic("chronopia")


def test_explanations_stay_out_of_the_analysis():
    check_analysis_unchanged("chronopia")


def test_plain_output_is_unchanged_by_explaining():
    # --explain adds the why trees and nothing else.
    for path in sorted(HERE.glob("*.yaml")):
        plain = pybridge.rule(path)
        assert json.loads(without_why(json.dumps(explained(path)))) == plain, path.name


# --- generated states: explaining changes no ruling, and every tree cites its rules ----------

ARMIES = ("Orcs", "Men")


@st.composite
def states(draw):
    """A small random chronopia state: 2-4 models on a small grid, a few sight entries, one
    query of any kind."""
    count = draw(st.integers(2, 4))
    models = []
    for i in range(count):
        model = {"id": f"m{i}", "army": draw(st.sampled_from(ARMIES)),
                 "size": draw(st.integers(1, 4)),
                 "position": [draw(st.integers(-8, 8)), draw(st.integers(-8, 16))],
                 "facing": draw(st.sampled_from((0, 90, 180, 270))),
                 "stats": {"rs": draw(st.integers(0, 16)), "ld": draw(st.integers(0, 12)),
                           "mg": draw(st.integers(0, 16)), "ar": draw(st.integers(0, 14)),
                           "actions": draw(st.integers(0, 3))}}
        if draw(st.booleans()):
            model["unit"] = draw(st.sampled_from(("A", "B")))
        for flag in ("individual", "panicked", "hidden", "mounted"):
            if draw(st.integers(0, 5)) == 0:
                model[flag] = True
        if draw(st.integers(0, 3)) == 0:
            model["causes"] = draw(st.sampled_from(("fear", "terror", "horror")))
        if draw(st.integers(0, 4)) == 0:
            model["elevation"] = draw(st.integers(1, 5))
        if draw(st.integers(0, 5)) == 0:
            model["altitude"] = draw(st.integers(1, 4))
        models.append(model)
    if len({tuple(m["position"]) for m in models}) < count:
        for i, model in enumerate(models):          # two models never share a spot
            model["position"] = [3 * i - 4, model["position"][1]]
    ids = [m["id"] for m in models]
    units = sorted({m.get("unit", m["id"]) for m in models})
    sight = []
    for _ in range(draw(st.integers(0, 2))):
        a, b = draw(st.sampled_from(ids)), draw(st.sampled_from(ids))
        if a != b:
            key, values = draw(st.sampled_from((
                ("cover", ("none", "light", "heavy")), ("los", (True, False)),
                ("half_visible", (True, False)), ("wall_height", (1, 3)), ("wood", (1, 4)))))
            sight.append({"from": a, "to": b, key: draw(st.sampled_from(values))})
    kind = draw(st.sampled_from(("shoot", "shoot", "cast", "morale", "summon", "control",
                                 "pre_battle", "rampage")))
    if kind == "shoot":
        body = {"shooter": draw(st.sampled_from(ids)),
                "weapon": {"short": 6, "medium": 12, "max": 18, "damage": 3}}
        if draw(st.booleans()):
            body["target"] = draw(st.sampled_from([i for i in ids if i != body["shooter"]]))
    elif kind == "cast":
        body = {"caster": draw(st.sampled_from(ids)), "target": draw(st.sampled_from(ids)),
                "spell": {"level": draw(st.integers(0, 5)), "resistable": draw(st.booleans()),
                          "offensive": draw(st.booleans())}}
        if draw(st.booleans()):
            body["spell"]["range"] = draw(st.integers(4, 16))
    elif kind == "morale":
        factor = draw(st.sampled_from(("panic", "fear", "terror", "horror")))
        body = {"unit": draw(st.sampled_from(units)), "factor": factor}
        outside = [m["id"] for m in models if body["unit"] not in (m["id"], m.get("unit"))]
        if factor != "panic" and outside:
            body["causer"] = draw(st.sampled_from(outside))
        elif factor != "panic":
            body["factor"] = "panic"
        else:
            body["starting_strength"] = draw(st.integers(1, 4))
        if draw(st.integers(0, 3)) == 0:
            body["passed"] = [{"factor": draw(st.sampled_from(("fear", "terror", "horror")))}]
    elif kind == "summon":
        body = {"summoner": draw(st.sampled_from(ids)), "spell": {"level": 2},
                "placed_at": [draw(st.integers(-6, 6)), draw(st.integers(-6, 6))]}
    elif kind == "pre_battle":
        body = {"caster": draw(st.sampled_from(ids)), "marked": draw(st.booleans()),
                "concentrate": draw(st.booleans()), "army_spells_cast": draw(st.integers(0, 1))}
    elif kind == "rampage":
        body = {"unit": draw(st.sampled_from(units)), "summoner_dead": draw(st.booleans()),
                "summoner_takes_control": draw(st.booleans())}
    else:
        body = {"summoner": draw(st.sampled_from(ids)), "units": units[:2], "paid": units[:1],
                "forced_first": draw(st.sampled_from(([], units[-1:])))}
    query = {"id": "q", kind: body}
    if draw(st.booleans()):
        query["roll"] = draw(st.integers(1, 20))
    return {"rulebook": "chronopia", "models": models, "queries": [query], "sight": sight}


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(states(), st.sampled_from(("crit_3_or_less", "crit_exactly_3")))
def test_explanations_agree_with_the_rulings(doc, edition):
    # In any state: explaining changes no ruling, and every ruling's tree validates and cites
    # each of its rules (a state the bridge refuses is no state: left out).
    try:
        plain = pybridge.rule(copy.deepcopy(doc), edition=edition)
    except InputError:
        assume(False)
    result = pybridge.rule(copy.deepcopy(doc), edition=edition, explain=True)
    for item in all_rulings(result):
        jsonschema.validate(item["why"], NODE)
        assert set(item["because"]) <= {n["rule"] for n in nodes(item["why"])}, item
        for step in nodes(item["why"]):
            if step["rule"] == "C36-ARC" and " sees " in step["says"]:
                facts = step["facts"]
                assert facts["distance"] == measured(doc, facts["shooter"], facts["target"])
    assert json.loads(without_why(json.dumps(result))) == plain


def measured(doc, a, b):
    """The distance from a to b as the source measures it, worked out here from the
    positions (whole inches in these states): centre to centre (C-INT-1), rounded up to the
    thousandth, plus the altitudes of fliers (C36-FLY)."""
    at = {m["id"]: m for m in doc["models"]}
    (xa, ya), (xb, yb) = at[a]["position"], at[b]["position"]
    square = ((xa - xb) ** 2 + (ya - yb) ** 2) * 10 ** 6
    thousandths = math.isqrt(square - 1) + 1 if square else 0      # ceil(sqrt(square))
    thousandths += 1000 * (at[a].get("altitude", 0) + at[b].get("altitude", 0))
    return thousandths / 1000 if thousandths % 1000 else thousandths // 1000


def test_readme_shows_the_real_output():
    check_readme_shows("examples/chronopia/twelve_inch_rule.yaml")
