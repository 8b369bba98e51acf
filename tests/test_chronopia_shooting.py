"""Held-out tests for chronopia shooting (3.6: C36-HIT .. C36-SAVE, C36-CRIT-EXACT of the
edition crit_exactly_3, the interpretation decision C-INT-2), with the boundary at every
comparison and the exact chances of each die.

Expected values are worked out by hand from the German source (section 3.6 "Fernkampf" of
../shared/seeds/002_80e45203b1914d7b.txt: "Abfeuern von Fernkampfwaffen", "Deckung", "In den
Nahkampf feuern", "Zwischen befreundete Einheiten hindurchschiessen", "Schaden anrichten",
"Stärke"), the digest (../shared/rules/chronopia.md) and the contract in docs/rulebooks/chronopia.md ("The
chronopia rulebook"); the reasoning is in a comment beside each expectation. Where the tool
disagrees with the text, the test states the text.

The names of die results (excellent, hit, miss, fumble; into melee: miss_test_friend,
fumble_random_friend_hit) are the encoding's; the counts are the text's. The shooter "Archer" stands
at the origin facing +y (tests/chronopia_shots.py).
"""

import pytest

from chronopia_shots import (
    LONG,
    because,
    chances,
    legal,
    model,
    of,
    outcome,
    refused,
    rule,
    shoot,
    shooter,
    state,
    value,
    weapon,
)

EDITIONS = ["crit_3_or_less", "crit_exactly_3"]


def one_target(rs=12, y=10, arms=LONG, roll=None, sight=(), edition=None, target=None,
               archer=None, **knight):
    knight.setdefault("stats", {"ar": 14})
    return state([shooter(rs=rs, **(archer or {})),
                  model("Knight", position=(0, y), **knight)],
                 [shoot(target=target, arms=arms, roll=roll)], sight, edition)


def covered(kind):
    return [{"from": "Archer", "to": "Knight", "cover": kind}]


# --- C36-HIT -------------------------------------------------------------------------------------

def test_C36_HIT_hit_number_is_the_modified_rs():
    result = rule(one_target(rs=12))
    assert of(result, "hit_number") == {("hit_number", "Archer", "Knight", 12)}
    assert "C36-HIT" in because(result, ("hit_number", "Archer", "Knight", 12))


def test_C36_HIT_chances_at_rs_6():
    # d20 against RS 6: 1 excellent (unmodified 1, RS above 3), 2..6 hit (5 faces), 7..19 miss
    # (13 faces), 20 fumble: 1 + 5 + 13 + 1 = 20.
    assert chances(rule(one_target(rs=6))) == {"excellent": 1, "hit": 5, "miss": 13, "fumble": 1}


@pytest.mark.parametrize("roll, result", [(1, "excellent"), (2, "hit"), (6, "hit"), (7, "miss"),
                                          (19, "miss"), (20, "fumble")])
def test_C36_HIT_roll_equal_to_the_rs_hits_one_more_misses(roll, result):
    # "... muss mit einem W20 gleich oder unter dem FW-Wert gewürfelt werden."
    assert outcome(rule(one_target(rs=6, roll=roll))) == result


def test_C36_HIT_an_unmodified_1_hits_even_at_a_modified_rs_below_1():
    # RS 4 against heavy cover (-4) is 0: only the 1 hits ("Eine 1 ist ... ein automatischer
    # Treffer"), and it is an ordinary hit (modified RS 3 or less, C36-CRIT).
    result = rule(one_target(rs=4, sight=covered("heavy")))
    assert value(result, "hit_number") == 0
    assert chances(result) == {"hit": 1, "miss": 18, "fumble": 1}
    assert outcome(rule(one_target(rs=4, sight=covered("heavy"), roll=1))) == "hit"


def test_C36_HIT_a_negative_modified_rs_still_hits_on_a_1():
    result = rule(one_target(rs=3, y=25, sight=covered("heavy"), arms=weapon()))
    # RS 3, -8 (between medium 20 and max 30), -4 heavy cover: -9.
    assert value(result, "hit_number") == -9
    assert chances(result) == {"hit": 1, "miss": 18, "fumble": 1}


def test_C36_HIT_a_shot_at_rs_20_or_more_still_fumbles_on_a_20():
    # The 20 is unmodified: it is a fumble whatever the RS. RS 22: 1 excellent, 2..19 hit.
    result = rule(one_target(rs=22))
    assert chances(result) == {"excellent": 1, "hit": 18, "fumble": 1}


def test_C36_HIT_numbers_for_every_legal_target_without_a_named_target():
    # No target named: the numbers for each legal target (two units, both within 12: the
    # shooter may shoot either, C36-PRI-D).
    doc = state([shooter(rs=12), model("Knight", unit="Knights", position=(-4, 9)),
                 model("Wolf", unit="Wolves", position=(5, 10))], [shoot()])
    result = rule(doc)
    assert of(result, "hit_number") == {("hit_number", "Archer", "Knight", 12),
                                        ("hit_number", "Archer", "Wolf", 12)}


def test_C36_HIT_no_numbers_for_a_refused_target():
    result = rule(one_target(rs=12, y=-10, target="Knight"))
    assert refused(result) == {"Knight"}
    assert of(result, "hit_number") == set()


# --- C36-RANGE ------------------------------------------------------------------------------------

@pytest.mark.parametrize("y, hit", [
    (10, 12),      # exactly short range: -0
    (10.1, 8),     # beyond short, within medium: -4
    (20, 8),       # exactly medium: -4
    (20.1, 4),     # beyond medium, within maximum: -8
    (30, 4),       # exactly maximum: -8
])
def test_C36_RANGE_range_bands(y, hit):
    result = rule(one_target(rs=12, y=y, arms=weapon(short=10, medium=20, maximum=30)))
    assert of(result, "hit_number") == {("hit_number", "Archer", "Knight", hit)}
    assert of(result, "out_of_range") == set()
    if hit != 12:
        assert "C36-RANGE" in because(result, ("hit_number", "Archer", "Knight", hit))


def test_C36_RANGE_beyond_maximum_range_the_action_is_lost():
    # 30.1 inches, maximum 30: "Sollte das Ziel nicht innerhalb der Maximale Reichweite (MR)
    # liegen, geht die Handlung verloren." The target was legal to declare (range is measured
    # only after declaring), but there is no roll: no hit number, no chances.
    result = rule(one_target(rs=12, y=30.1, arms=weapon(short=10, medium=20, maximum=30)))
    assert legal(result) == {"Knight": False}
    assert of(result, "out_of_range") == {("out_of_range", "Archer", "Knight")}
    assert "C36-RANGE" in because(result, ("out_of_range", "Archer", "Knight"))
    assert of(result, "hit_number") == set()
    assert of(result, "chance") == set()


# --- C36-COVER ------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, hit", [("none", 12), ("light", 10), ("heavy", 8)])
def test_C36_COVER_light_minus_2_heavy_minus_4(kind, hit):
    result = rule(one_target(rs=12, sight=covered(kind)))
    assert of(result, "hit_number") == {("hit_number", "Archer", "Knight", hit)}
    if hit != 12:
        assert "C36-COVER" in because(result, ("hit_number", "Archer", "Knight", hit))


def test_C36_COVER_stacks_with_range():
    # RS 14, between short and medium (-4), heavy cover (-4): 6.
    result = rule(one_target(rs=14, y=15, arms=weapon(), sight=covered("heavy")))
    assert value(result, "hit_number") == 6


def test_C36_COVER_wood_under_3_inches_is_light_cover():
    # "Ein Wald mit weniger als 3 Inch gilt als leichte Deckung": -2.
    result = rule(one_target(rs=12, sight=[{"from": "Archer", "to": "Knight", "wood": 1}]))
    assert value(result, "hit_number") == 10


# --- C36-CRIT and C36-CRIT-EXACT -----------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("rs, excellent", [(3, {"crit_3_or_less": False, "crit_exactly_3": False}),
                                            (2, {"crit_3_or_less": False, "crit_exactly_3": True}),
                                            (4, {"crit_3_or_less": True, "crit_exactly_3": True})])
def test_C36_CRIT_modified_rs_3_makes_the_1_an_ordinary_hit(edition, rs, excellent):
    # "Sollte nach allen Abzügen auf den FW-Wurf eine 3 als Ergebnis herauskommen ... Eine 1
    # gilt dann wie ein gewöhnlicher Treffer": at 3 the 1 is ordinary in both readings; at 2
    # only when "a 3" means 3 or less; at 4 it is excellent in both.
    result = rule(one_target(rs=rs, edition=edition), edition=edition)
    ruling = ("excellent_possible", "Archer", "Knight", excellent[edition])
    assert of(result, "excellent_possible") == {ruling}
    assert "C36-CRIT" in because(result, ruling)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("rs, y, sight, excellent", [
    (7, 15, (), {"crit_3_or_less": False, "crit_exactly_3": False}),              # 7 - 4 = 3
    (8, 15, covered("light"), {"crit_3_or_less": False, "crit_exactly_3": True}),  # 8-4-2 = 2
    (8, 15, (), {"crit_3_or_less": True, "crit_exactly_3": True}),                # 8 - 4 = 4
])
def test_C36_CRIT_after_all_modifiers(edition, rs, y, sight, excellent):
    # "nach allen Abzügen": the modified RS decides, not the profile's.
    result = rule(one_target(rs=rs, y=y, arms=weapon(), sight=sight), edition=edition)
    assert of(result, "excellent_possible") == {
        ("excellent_possible", "Archer", "Knight", excellent[edition])}


@pytest.mark.parametrize("edition", EDITIONS)
def test_C36_CRIT_chances_at_modified_rs_3(edition):
    # The 1 is an ordinary hit in both readings: faces 1..3 hit, 4..19 miss, 20 fumble.
    result = rule(one_target(rs=3), edition=edition)
    assert chances(result) == {"hit": 3, "miss": 16, "fumble": 1}


@pytest.mark.parametrize("edition, expected", [
    ("crit_3_or_less", {"hit": 2, "miss": 17, "fumble": 1}),
    ("crit_exactly_3", {"excellent": 1, "hit": 1, "miss": 17, "fumble": 1}),
])
def test_C36_CRIT_chances_at_modified_rs_2(edition, expected):
    assert chances(rule(one_target(rs=2), edition=edition)) == expected


@pytest.mark.parametrize("rs, result", [(4, "excellent"), (3, "hit")])
def test_C36_CRIT_outcome_of_a_rolled_1(rs, result):
    assert outcome(rule(one_target(rs=rs, roll=1))) == result


def test_C36_CRIT_EXACT_rs_2_makes_the_1_excellent_in_crit_exactly_3():
    result = rule(one_target(rs=2, roll=1), edition="crit_exactly_3")
    ruling = ("excellent_possible", "Archer", "Knight", True)
    assert of(result, "excellent_possible") == {ruling}
    assert "C36-CRIT-EXACT" in because(result, ruling)
    assert outcome(result) == "excellent"


def test_C36_CRIT_EXACT_rs_3_makes_the_1_ordinary_in_crit_exactly_3():
    result = rule(one_target(rs=3, roll=1), edition="crit_exactly_3")
    ruling = ("excellent_possible", "Archer", "Knight", False)
    assert of(result, "excellent_possible") == {ruling}
    assert "C36-CRIT-EXACT" in because(result, ruling)
    assert outcome(result) == "hit"


def test_C36_CRIT_EXACT_the_document_names_the_edition():
    result = rule(one_target(rs=2, edition="crit_exactly_3"))
    assert result["edition"] == "crit_exactly_3"
    assert value(result, "excellent_possible") is True


# --- C36-FUMBLE -----------------------------------------------------------------------------------

def test_C36_FUMBLE_an_unmodified_20_is_a_fumble():
    # "Patzer: Die angreifende Figur verliert alle verbleibenden Handlungen für diese Runde."
    result = rule(one_target(rs=12, roll=20))
    assert outcome(result) == "fumble"
    assert "C36-FUMBLE" in because(result, ("outcome", "q", "fumble"))


def test_C36_FUMBLE_even_when_the_rs_is_20():
    # RS 20 would "hit" on 20, but the unmodified 20 is the fumble.
    assert outcome(rule(one_target(rs=20, roll=20))) == "fumble"
    assert chances(rule(one_target(rs=20))) == {"excellent": 1, "hit": 18, "fumble": 1}


def test_C36_FUMBLE_a_19_is_an_ordinary_miss():
    assert outcome(rule(one_target(rs=12, roll=19))) == "miss"


# --- C36-MELEE (and C-INT-2) ----------------------------------------------------------------------
# The Troll (size 3) at 10 inches, in base contact with two friendly (Orc) swordsmen of size 3
# at its flanks, both nearer the shooter's side; Sword 1 (9.81 inches) is nearer than Sword 2
# (10.01), which the Troll hides from the shooter.

def melee(rs=12, target_size=3, friend_size=3, roll=None, friends=2, **extra):
    swords = [model("Sword 1", army="Orcs", unit="Swords", size=friend_size,
                    position=(1.45, 9.7), facing=90),
              model("Sword 2", army="Orcs", unit="Swords", size=friend_size,
                    position=(-1.45, 9.9), facing=90)][:friends]
    troll = model("Troll", unit="Trolls", size=target_size, position=(0, 10),
                  stats={"ar": 14})
    return state([shooter(rs=rs), troll, *swords], [shoot(target="Troll", roll=roll)],
                  extra.get("sight", ()))


def test_C36_MELEE_minus_1_per_friendly_model_in_contact():
    # Two friendly models in base contact with the target: RS 12 - 2 = 10.
    result = rule(melee())
    assert legal(result) == {"Troll": False}
    assert of(result, "hit_number") == {("hit_number", "Archer", "Troll", 10)}
    assert "C36-MELEE" in because(result, ("hit_number", "Archer", "Troll", 10))


def test_C36_MELEE_a_miss_tests_against_the_nearest_friend_at_plus_1_per_friend():
    # "... einen FW-Wurf gegen die nächste, das Ziel angreifende, befreundete Einheit innerhalb
    # der LOS ... mit einer +1 für jedes befreundete Modell im Nahkampf": RS 12 + 2 = 14,
    # against Sword 1 (the nearer, and the only one in LOS).
    result = rule(melee())
    assert of(result, "friendly_fire_number") == {("friendly_fire_number", "Archer", "Sword 1", 14)}
    assert "C36-MELEE" in because(result, ("friendly_fire_number", "Archer", "Sword 1", 14))


def test_C36_MELEE_chances_into_melee():
    # Modified RS 10: the 1 hits the intended target, 2..10 hit (9 faces), 11..19 miss and
    # test against the friend (9 faces), 20 hits a random friendly model and, the shot being
    # made "wie gewöhnlich", is a fumble too (issue 52: the melee bullets add to the general).
    found = chances(rule(melee()))
    assert found.get("miss_test_friend") == 9
    assert found.get("fumble_random_friend_hit") == 1
    assert found.get("hit", 0) + found.get("excellent", 0) == 10
    assert "fumble" not in found and "miss" not in found


@pytest.mark.parametrize("roll, result", [(20, "fumble_random_friend_hit"),
                                          (11, "miss_test_friend"), (10, "hit")])
def test_C36_MELEE_rolled_outcomes(roll, result):
    assert outcome(rule(melee(roll=roll))) == result


def test_C36_MELEE_a_1_hits_the_intended_target():
    assert outcome(rule(melee(roll=1))) in ("excellent", "hit")


def test_C36_MELEE_target_a_size_class_larger_is_shot_without_the_penalty():
    # The Troll (size 4) towers over the swordsmen (size 3): no -1 per friend, RS 12; a miss
    # still tests against the friends ("die oben schon beschriebene Probe"): 12 + 2 = 14.
    result = rule(melee(target_size=4))
    assert value(result, "hit_number") == 12
    assert of(result, "friendly_fire_number") == {("friendly_fire_number", "Archer", "Sword 1", 14)}


def test_C36_MELEE_one_friend_minus_1():
    result = rule(melee(friends=1))
    assert value(result, "hit_number") == 11
    assert of(result, "friendly_fire_number") == {("friendly_fire_number", "Archer", "Sword 1", 13)}


def test_C36_MELEE_contact_given_by_the_sight_entry():
    # Melee contact as a sight entry says (engaged_with), overriding the bases: one friend.
    doc = melee()
    doc["sight"] = [{"from": "Troll", "engaged_with": ["Sword 1"]}]
    result = rule(doc)
    assert value(result, "hit_number") == 11


def test_C36_MELEE_the_friend_tested_is_the_nearest_one_in_los():
    # Sword 1 is nearer but out of LOS (sight entry): the miss tests against Sword 2, the
    # nearest friend in contact *and in LOS*; both count for the modifiers (-2, +2).
    doc = melee()
    doc["sight"] = [{"from": "Archer", "to": "Sword 1", "los": False},
                    {"from": "Archer", "to": "Sword 2", "los": True}]
    result = rule(doc)
    assert value(result, "hit_number") == 10
    assert of(result, "friendly_fire_number") == {("friendly_fire_number", "Archer", "Sword 2", 14)}


def test_C36_MELEE_no_friends_in_contact_no_penalty():
    result = rule(melee(friends=0))
    assert value(result, "hit_number") == 12
    assert of(result, "friendly_fire_number") == set()
    assert chances(result) == {"excellent": 1, "hit": 11, "miss": 7, "fumble": 1}


def test_C_INT_2_each_friendly_model_counts_not_each_unit():
    # Both swordsmen belong to one unit ("Swords"): the source's "jede befreundete Einheit"
    # counts models, so -2 (not -1), and +2 on the friendly-fire test.
    result = rule(melee())
    assert value(result, "hit_number") == 10
    assert "C-INT-2" in because(result, ("hit_number", "Archer", "Troll", 10))
    assert "C-INT-2" in because(result, ("friendly_fire_number", "Archer", "Sword 1", 14))


# --- C36-CORRIDOR ---------------------------------------------------------------------------------

def corridor(x, army="Orcs"):
    # Two models at (+x, 14) and (-x, 14) flank the line to the Knight at 20 inches; with
    # 1-inch bases the corridor between them is 2x - 1 inches wide. (Beyond 12 inches, so
    # enemy pikes would not bind the shooter under C36-PRI-D.)
    return state([shooter(), model("Pike 1", army=army, unit="Pikes", position=(x, 14)),
                  model("Pike 2", army=army, unit="Pikes", position=(-x, 14)),
                  model("Knight", position=(0, 20))], [shoot(target="Knight")])


def test_C36_CORRIDOR_exactly_1_inch_between_friendly_bases_is_enough():
    # x = 1: half an inch clear on each side, a corridor of exactly 1 inch: "Korridor ist 1
    # Inch und breiter. Durchschiessen ist möglich."
    assert legal(rule(corridor(1))) == {"Knight": False}


def test_C36_CORRIDOR_less_than_1_inch_blocks():
    # x = 0.9: a corridor of 0.8 inch: "Korridor ist kleiner als 1 Inch. Durchschiessen ist
    # nicht möglich."
    result = rule(corridor(0.9))
    assert legal(result) == {}
    assert "C36-CORRIDOR" in because(result, ("target_refused", "Archer", "Knight", "no_corridor"))


def test_C36_CORRIDOR_one_friend_half_an_inch_off_the_line():
    doc = state([shooter(), model("Pike", army="Orcs", unit="Pikes", position=(1, 10)),
                 model("Knight", position=(0, 20))], [shoot()])
    assert legal(rule(doc)) == {"Knight": False}


def test_C36_CORRIDOR_is_between_friends_only():
    # The same 1.4-inch gap between two enemy models does not let the shot through (one never
    # shoots between enemy models, C36-LOS-MODELS); between friends it does.
    assert "Knight" in legal(rule(corridor(1.2)))
    result = rule(corridor(1.2, army="Men"))
    assert "Knight" not in legal(result)
    assert "C36-LOS-MODELS" in because(
        result, ("target_refused", "Archer", "Knight", "model_in_the_way"))


# --- C36-SAVE -------------------------------------------------------------------------------------

def test_C36_SAVE_armour_minus_weapon_damage():
    # AR 14, SCH 3: save on 11 or less.
    result = rule(one_target(arms=weapon(short=40, medium=50, maximum=60, damage=3)))
    assert of(result, "save_number") == {("save_number", "Archer", "Knight", 11)}
    assert "C36-SAVE" in because(result, ("save_number", "Archer", "Knight", 11))


def test_C36_SAVE_strength_added_for_the_few_weapons_that_add_it():
    # SCH 3 + ST 4 = 7 against AR 14: save on 7 or less.
    result = rule(one_target(arms=weapon(short=40, medium=50, maximum=60, damage=3,
                                         adds_strength=True),
                             archer={"stats": {"st": 4}}))
    assert value(result, "save_number") == 7


def test_C36_SAVE_strength_ignored_by_ordinary_weapons():
    result = rule(one_target(arms=weapon(short=40, medium=50, maximum=60, damage=3),
                             archer={"stats": {"st": 4}}))
    assert value(result, "save_number") == 11
