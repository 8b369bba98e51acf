"""Held-out tests for chronopia targeting and line of sight (3.6: C36-ARC .. C36-FLY, the
interpretation decisions C-INT-1 and C-INT-3), with the boundary at every comparison.

Expected values are worked out by hand from the German source (section 3.6 "Fernkampf" of
../shared/seeds/002_80e45203b1914d7b.txt), the digest (../shared/rules/chronopia.md) and the
contract in docs/rulebooks/chronopia.md (schema, geometry conventions, ruling kinds);
the reasoning is in a comment beside each expectation. Where the tool disagrees with the
text, the test states the text.

Geometry (see tests/chronopia_shots.py): the shooter "Archer" (unit "Archers", army "Orcs",
RS 12) stands at the origin facing +y; enemies (army "Men") stand ahead of it. Distances are
centre to centre; a 1-inch base has radius 0.5.
"""

import pytest

from chronopia_shots import because, legal, model, of, refused, rule, shoot, shooter, state


def only_shooter_and(*models, sight=(), queries=None, **archer):
    return state([shooter(**archer), *models],
                 queries if queries is not None else [shoot()], sight)


# --- C36-ARC: the front 180 degrees; mounted models and chariot crews all round ------------

def test_C36_ARC_target_exactly_90_degrees_off_is_in_the_front_arc():
    # Facing +y, a target straight to the right (+x) is 90 degrees off: the edge of the front
    # 180 degrees, inside it (docs/rulebooks/chronopia.md: at most 90 degrees, inclusive).
    result = rule(only_shooter_and(model("Knight", position=(10, 0))))
    assert legal(result) == {"Knight": False}


def test_C36_ARC_target_more_than_90_degrees_off_is_out_of_the_arc():
    # (10, -0.1) is about 90.6 degrees off the facing: behind the front 180 degrees, no LOS.
    result = rule(only_shooter_and(model("Knight", position=(10, -0.1)),
                                   queries=[shoot(target="Knight")]))
    assert legal(result) == {}
    assert refused(result) == {"Knight"}
    assert "C36-ARC" in because(result, ("target_refused", "Archer", "Knight", "out_of_arc"))


def test_C36_ARC_target_straight_behind_is_out_of_the_arc():
    result = rule(only_shooter_and(model("Knight", position=(0, -10)),
                                   queries=[shoot(target="Knight")]))
    assert legal(result) == {}
    assert "C36-ARC" in because(result, ("target_refused", "Archer", "Knight", "out_of_arc"))


@pytest.mark.parametrize("flag", ["mounted", "chariot"])
def test_C36_ARC_mounted_models_and_chariot_crews_fire_all_round(flag):
    # "Berittene Einheiten ... haben einen Schusswinkel von 360 Grad"; "Kämpfer auf
    # Streitwagen haben einen Schusswinkel von 360 Grad": a target straight behind is legal.
    result = rule(only_shooter_and(model("Knight", position=(0, -10)), **{flag: True}))
    assert legal(result) == {"Knight": False}


def test_C36_ARC_the_targets_facing_does_not_matter():
    # The arc is the shooter's: a target with its back turned is still shot at.
    result = rule(only_shooter_and(model("Knight", position=(0, 10), facing=90)))
    assert legal(result) == {"Knight": False}


# --- C36-LOS-HIDDEN ---------------------------------------------------------------------------

def test_C36_LOS_HIDDEN_hidden_model_cannot_be_shot():
    # "Es kann nicht auf 'versteckte' Figuren geschossen werden."
    result = rule(only_shooter_and(model("Scout", position=(0, 10), hidden=True),
                                   queries=[shoot(target="Scout")]))
    assert legal(result) == {}
    assert refused(result) == {"Scout"}
    assert "C36-LOS-HIDDEN" in because(result, ("target_refused", "Archer", "Scout", "hidden"))
    assert of(result, "hit_number") == set()


def test_C36_LOS_HIDDEN_the_visible_models_of_the_unit_remain_targets():
    # The hidden model is no target; the nearest model that can be shot is.
    result = rule(only_shooter_and(
        model("Scout 1", unit="Scouts", position=(0, 8), hidden=True),
        model("Scout 2", unit="Scouts", position=(4, 10))))
    assert legal(result) == {"Scout 2": False}


# --- C36-LOS-MODELS: all models block; never between enemy models ---------------------------

def test_C36_LOS_MODELS_an_enemy_model_whose_base_touches_the_line_blocks():
    # Wolf's base (radius 0.5) reaches 0.2 inch across the line Archer-Knight: it blocks.
    # Everything is beyond 12 inches, so C36-PRI-D does not decide the case.
    result = rule(only_shooter_and(model("Wolf", unit="Wolves", position=(0.3, 15)),
                                   model("Knight", position=(0, 20)),
                                   queries=[shoot(target="Knight")]))
    assert legal(result) == {"Wolf": False}
    assert refused(result) == {"Knight"}
    assert "C36-LOS-MODELS" in because(
        result, ("target_refused", "Archer", "Knight", "model_in_the_way"))


def test_C36_LOS_MODELS_a_friendly_model_whose_base_touches_the_line_blocks():
    # "Alle Figuren blockieren die Sichtlinie": friends too.
    result = rule(only_shooter_and(model("Spear", army="Orcs", unit="Spears", position=(0, 10)),
                                   model("Knight", position=(0, 20)),
                                   queries=[shoot(target="Knight")]))
    assert legal(result) == {}
    assert "C36-LOS-MODELS" in because(
        result, ("target_refused", "Archer", "Knight", "model_in_the_way"))


def test_C36_LOS_MODELS_never_shoot_between_enemy_models():
    # "... das man zwischen feindlichen Einheiten nicht hindurchschiessen kann": two enemy
    # models with 1.4 inches clear between their bases (0.7 each side) still close the line.
    result = rule(only_shooter_and(model("Wolf 1", unit="Wolves", position=(1.2, 15)),
                                   model("Wolf 2", unit="Wolves", position=(-1.2, 15)),
                                   model("Knight", position=(0, 20)),
                                   queries=[shoot(target="Knight")]))
    assert "Knight" not in legal(result)
    assert "C36-LOS-MODELS" in because(
        result, ("target_refused", "Archer", "Knight", "model_in_the_way"))


def test_C36_LOS_MODELS_a_model_well_off_the_line_does_not_block():
    # Wolf's base edge is 2 inches from the line: nothing stands on the line of fire. The
    # Wolf is the nearest unit (normal priority, see in_cover below); with it in cover, the
    # Knight in the open is a target of opportunity (C36-PRI-F), so the Knight is visible.
    result = rule(only_shooter_and(model("Wolf", unit="Wolves", position=(2.5, 15)),
                                   model("Knight", position=(0, 20)), sight=in_cover("Wolf")))
    assert legal(result) == {"Wolf": False, "Knight": True}


def test_C36_LOS_MODELS_the_nearer_model_of_the_target_unit_blocks_the_one_behind():
    # Knight 2 stands straight behind Knight 1: it is hidden by it (and not the nearest).
    result = rule(only_shooter_and(model("Knight 1", unit="Knights", position=(0, 15)),
                                   model("Knight 2", unit="Knights", position=(0, 18)),
                                   queries=[shoot(target="Knight 2")]))
    assert legal(result) == {"Knight 1": False}
    assert refused(result) == {"Knight 2"}


# --- C36-LOS-WALL: taller than the target blocks, otherwise only cover ---------------------

def test_C36_LOS_WALL_wall_as_tall_as_the_target_gives_cover():
    # Size 2: height 2 inches. A 2-inch wall is not taller than the target: it does not block,
    # it gives cover ("Ansonst bieten sie nur Deckung"): RS 12 goes down (by 2 or 4).
    result = rule(only_shooter_and(model("Knight", position=(0, 10)),
                                   sight=[{"from": "Archer", "to": "Knight", "wall_height": 2}]))
    assert legal(result) == {"Knight": False}
    (hit,) = of(result, "hit_number")
    assert hit[3] in (10, 8)
    assert "C36-COVER" in because(result, hit)


def test_C36_LOS_WALL_wall_taller_than_the_target_blocks():
    # 2.1 inches of wall in front of a 2-inch model: no LOS.
    result = rule(only_shooter_and(model("Knight", position=(0, 10)),
                                   sight=[{"from": "Archer", "to": "Knight", "wall_height": 2.1}],
                                   queries=[shoot(target="Knight")]))
    assert legal(result) == {}
    assert "C36-LOS-WALL" in because(result, ("target_refused", "Archer", "Knight", "behind_wall"))


@pytest.mark.parametrize("wall, blocks", [(1.5, False), (1.6, True)])
def test_C36_LOS_WALL_against_a_stated_height(wall, blocks):
    # A model of height 1.5: a 1.5-inch hedge is not taller (cover), 1.6 is (blocked).
    result = rule(only_shooter_and(model("Knight", position=(0, 10), height=1.5),
                                   sight=[{"from": "Archer", "to": "Knight", "wall_height": wall}]))
    assert legal(result) == ({} if blocks else {"Knight": False})


# --- C36-LOS-WOOD: 3 inches or more of wood block, less is light cover ----------------------

def test_C36_LOS_WOOD_exactly_3_inches_of_wood_block():
    # "Wald und Dschungel müssen mindestens 3 Inch tief sein um die LOS zu blockieren."
    result = rule(only_shooter_and(model("Knight", position=(0, 10)),
                                   sight=[{"from": "Archer", "to": "Knight", "wood": 3}],
                                   queries=[shoot(target="Knight")]))
    assert legal(result) == {}
    assert "C36-LOS-WOOD" in because(result, ("target_refused", "Archer", "Knight", "behind_wood"))


def test_C36_LOS_WOOD_2_9_inches_of_wood_are_light_cover():
    # "Ein Wald mit weniger als 3 Inch gilt als leichte Deckung": light cover, RS 12 - 2 = 10.
    result = rule(only_shooter_and(model("Knight", position=(0, 10)),
                                   sight=[{"from": "Archer", "to": "Knight", "wood": 2.9}]))
    assert legal(result) == {"Knight": False}
    assert of(result, "hit_number") == {("hit_number", "Archer", "Knight", 10)}


# --- C36-DEAD: the dead zone -------------------------------------------------------------------

@pytest.mark.parametrize("y, seen", [(5, False), (5.1, True)])
def test_C36_DEAD_from_a_hill_distance_equal_to_the_height_difference_is_dead(y, seen):
    # The shooter stands 5 inches up; the dead zone reaches 5 inches out from it. A target at
    # exactly 5 inches is inside it (within 5 inches, C-INT-1); at 5.1 it is outside.
    result = rule(only_shooter_and(model("Goblin", position=(0, y)), elevation=5,
                                   queries=[shoot(target="Goblin")]))
    assert legal(result) == ({"Goblin": False} if seen else {})
    if not seen:
        assert "C36-DEAD" in because(result, ("target_refused", "Archer", "Goblin", "dead_zone"))


@pytest.mark.parametrize("y, seen", [(5, False), (5.1, True)])
def test_C36_DEAD_shooting_up_at_a_model_on_a_hill(y, seen):
    # "Wenn du von einer Figur auf anderer Höhe beschossen wirst oder es selbst beschiesst":
    # the dead zone works both ways.
    result = rule(only_shooter_and(model("Goblin", position=(0, y), elevation=5)))
    assert legal(result) == ({"Goblin": False} if seen else {})


def test_C36_DEAD_one_may_shoot_over_models_in_the_dead_zone():
    # The source's figure: the orc on the hill shoots over goblins (3) and (4) in its dead
    # zone at goblin (2) beyond it. The spearman at 3 inches stands on the line, but in the
    # dead zone: it neither blocks nor can be shot.
    result = rule(only_shooter_and(model("Spearman", unit="Goblin Spears", position=(0, 3)),
                                   model("Poisoner", unit="Poisoners", position=(0, 10)),
                                   elevation=5))
    assert legal(result) == {"Poisoner": False}


def test_C36_DEAD_models_at_the_same_height_have_no_dead_zone():
    # Both on the same 5-inch hill: no vertical distance, no dead zone.
    result = rule(only_shooter_and(model("Goblin", position=(0, 3), elevation=5), elevation=5))
    assert legal(result) == {"Goblin": False}


def test_C36_DEAD_shooting_at_a_flier_ignores_the_dead_zone():
    # "... Figuren, die auf diese fliegenden Figuren zielen, unterliegen ... nicht": a flier
    # 3 inches out from a 5-inch hill can be shot.
    result = rule(only_shooter_and(model("Bat", position=(0, 3), altitude=2), elevation=5))
    assert legal(result) == {"Bat": False}


def test_C36_DEAD_a_flier_in_the_air_ignores_the_dead_zone():
    # "Flieger in der Luft ... unterliegen jedoch nicht den ... Regeln für toten Winkel."
    result = rule(only_shooter_and(model("Goblin", position=(0, 4), elevation=5), altitude=3))
    assert legal(result) == {"Goblin": False}


# --- C36-PRI-A: the nearest model of the unit shot at ---------------------------------------

def test_C36_PRI_A_unit_must_target_the_nearest_model_of_the_enemy_unit():
    # Knight 2 (8.5 inches) is nearer than Knight 1 (10.4): only Knight 2 may be targeted.
    result = rule(only_shooter_and(model("Knight 1", unit="Knights", position=(3, 10)),
                                   model("Knight 2", unit="Knights", position=(-3, 8)),
                                   queries=[shoot(target="Knight 1")]))
    assert legal(result) == {"Knight 2": False}
    assert "C36-PRI-A" in because(result, ("legal_target", "Archer", "Knight 2", False))
    assert refused(result) == {"Knight 1"}
    assert "C36-PRI-A" in because(result, ("target_refused", "Archer", "Knight 1", "not_nearest"))


def test_C36_PRI_A_the_leader_may_be_shot_when_it_is_the_nearest():
    # "Sollte der Anführer dir am nächsten sein, kann auf ihn ganz normal geschossen werden."
    result = rule(only_shooter_and(model("Captain", unit="Knights", position=(-3, 16)),
                                   model("Knight", unit="Knights", position=(3, 18))))
    assert legal(result) == {"Captain": False}


def test_C36_PRI_A_nearest_model_of_each_unit_when_none_is_within_12():
    # Nothing within 12 inches: the normal priority is the nearest unit (the Knights, 15.5
    # against 17.1), at its nearest model; with Knight 1 in cover the Wolves' nearest model,
    # in the open, is a target of opportunity (C36-PRI-F) — never Wolf 1 or Knight 2.
    result = rule(only_shooter_and(model("Knight 1", unit="Knights", position=(-4, 15)),
                                   model("Knight 2", unit="Knights", position=(-6, 17)),
                                   model("Wolf 1", unit="Wolves", position=(5, 19)),
                                   model("Wolf 2", unit="Wolves", position=(6, 16)),
                                   sight=in_cover("Knight 1")))
    assert legal(result) == {"Knight 1": False, "Wolf 2": True}


# --- C36-PRI-B: an individual within 4 inches of a friendly warband --------------------------

@pytest.mark.parametrize("x, joined", [(4, True), (4.1, False)])
def test_C36_PRI_B_individual_within_4_inches_counts_as_part_of_the_warband(x, joined):
    # The Hero stands x inches beside Guard 1 (4.0: within 4, C-INT-1; 4.1: not) and a little
    # farther from the shooter (15.5 against 15). Joined, it is a model of the Guards that is
    # not the nearest one (C36-PRI-A): it cannot be singled out. Alone, it is a unit of its
    # own: with Guard 1 in cover, the Hero in the open is a target of opportunity (C36-PRI-F).
    result = rule(only_shooter_and(model("Guard 1", unit="Guards", position=(0, 15)),
                                   model("Guard 2", unit="Guards", position=(-2, 16)),
                                   model("Hero", position=(x, 15), individual=True),
                                   sight=in_cover("Guard 1")))
    expected = {"Guard 1": False} if joined else {"Guard 1": False, "Hero": True}
    assert legal(result) == expected


def test_C36_PRI_B_a_joined_individual_nearest_to_the_shooter_is_the_warbands_nearest_model():
    # The Hero (13.3 inches) is within 4 inches (3.6) of Guard 1 (15): as part of the Guards it
    # is their nearest model, so a shot at the Guards must go at the Hero.
    result = rule(only_shooter_and(model("Guard 1", unit="Guards", position=(0, 15)),
                                   model("Hero", position=(-3, 13), individual=True)))
    assert legal(result) == {"Hero": False}
    assert "C36-PRI-B" in because(result, ("legal_target", "Archer", "Hero", False))


def test_C36_PRI_B_only_a_warband_friendly_to_the_individual():
    # The Hero stands 3 inches from a warband of another army: it stays a unit of its own,
    # and with the (nearer) Wolf in cover it is a target of opportunity in the open.
    result = rule(only_shooter_and(model("Wolf 1", army="Beasts", unit="Wolves",
                                         position=(0, 15)),
                                   model("Hero", position=(3, 15), individual=True),
                                   sight=in_cover("Wolf 1")))
    assert legal(result) == {"Wolf 1": False, "Hero": True}


# --- C36-PRI-C: a larger model behind smaller ones ------------------------------------------

def test_C36_PRI_C_larger_model_when_every_closer_model_is_a_size_class_smaller():
    # The Ogre (size 4, 15 inches) stands behind a goblin (size 2, 8.5 inches, within 12):
    # C36-PRI-D alone would bind the shooter to the goblins, but every closer model is at
    # least one size class smaller, so the Ogre may be targeted (even if less than half of
    # it were visible).
    result = rule(only_shooter_and(
        model("Goblin", unit="Goblins", position=(-3, 8)),
        model("Ogre", unit="Ogres", size=4, position=(0, 15)),
        sight=[{"from": "Archer", "to": "Ogre", "half_visible": False}]))
    assert legal(result) == {"Goblin": False, "Ogre": False}
    assert "C36-PRI-C" in because(result, ("legal_target", "Archer", "Ogre", False))


@pytest.mark.parametrize("size, larger_ok", [(3, True), (4, False)])
def test_C36_PRI_C_closer_model_one_class_smaller_or_the_same_size(size, larger_ok):
    # A closer model of size 3 is one class smaller than the size-4 Ogre: the Ogre may be
    # shot. A closer model of size 4 is not smaller, and less than half of the Ogre is
    # visible: C36-PRI-C does not apply, and C36-PRI-D binds the shooter to the closer units.
    result = rule(only_shooter_and(
        model("Goblin", unit="Goblins", position=(-3, 8)),
        model("Brute", unit="Brutes", size=size, position=(4, 9)),
        model("Ogre", unit="Ogres", size=4, position=(0, 15)),
        sight=[{"from": "Archer", "to": "Ogre", "half_visible": False}]))
    assert ("Ogre" in legal(result)) is larger_ok


def test_C36_PRI_C_larger_model_at_least_half_visible():
    # As before with a closer model of the same size, but at least half of the Ogre is seen.
    result = rule(only_shooter_and(
        model("Goblin", unit="Goblins", position=(-3, 8)),
        model("Brute", unit="Brutes", size=4, position=(4, 9)),
        model("Ogre", unit="Ogres", size=4, position=(0, 15)),
        sight=[{"from": "Archer", "to": "Ogre", "half_visible": True}]))
    assert "Ogre" in legal(result)
    assert "C36-PRI-C" in because(result, ("legal_target", "Archer", "Ogre", False))


def test_C36_PRI_C_larger_model_of_the_same_unit_behind_a_smaller_one():
    # Within one unit: the troll (size 3) may be shot although a goblin of its unit is closer.
    result = rule(only_shooter_and(model("Goblin", unit="Horde", position=(-3, 8)),
                                   model("Troll", unit="Horde", size=3, position=(2, 10))))
    assert legal(result) == {"Goblin": False, "Troll": False}


# --- C36-PRI-D: the 12-inch rule -------------------------------------------------------------

def in_cover(target, shooter="Archer"):
    """The sight entry putting ``target`` in light cover from the shooter: with a nearer
    target in cover beyond 12 inches, a farther one in the open is a target of opportunity
    (C36-PRI-F) — how these tests see that nothing binds the shooter to the nearer one."""
    return [{"from": shooter, "to": target, "cover": "light"}]


def near_and_far(near_y, **near):
    return [model("Spear", unit="Spears", position=(0, near_y), **near),
            model("Rider", unit="Riders", position=(5, 20))]


def test_C36_PRI_D_unit_must_shoot_non_panicked_unit_within_12():
    # The Spears at exactly 12 inches are within 12 (C-INT-1): the Riders (20.6) may not be
    # targeted.
    result = rule(only_shooter_and(*near_and_far(12), queries=[shoot(target="Rider")]))
    assert legal(result) == {"Spear": False}
    assert refused(result) == {"Rider"}
    assert "C36-PRI-D" in because(result, ("target_refused", "Archer", "Rider", "enemy_within_12"))
    assert "C36-PRI-D" in because(result, ("legal_target", "Archer", "Spear", False))


def test_C36_PRI_D_enemy_at_12_1_inches_does_not_bind():
    # Not within 12: the Spears in cover no longer bind, so the Riders in the open are a
    # target of opportunity (C36-PRI-F: "aber nicht innerhalb von 12 Inch").
    result = rule(only_shooter_and(*near_and_far(12.1), sight=in_cover("Spear")))
    assert legal(result) == {"Spear": False, "Rider": True}


def test_C36_PRI_D_a_panicked_unit_within_12_does_not_bind():
    # "... wenn feindliche, nicht panische Einheiten sich innerhalb von 12 Inch ... befinden":
    # a panicked unit at 8 inches does not bind; it may still be shot at.
    result = rule(only_shooter_and(*near_and_far(8, panicked=True)))
    assert legal(result) == {"Spear": False, "Rider": False}


def test_C36_PRI_D_enemy_within_12_outside_the_field_of_view_does_not_bind():
    # "... innerhalb von 12 Inch und im Bereich des Sichtfeldes": behind the shooter it does
    # not bind.
    result = rule(only_shooter_and(model("Spear", unit="Spears", position=(0, -8)),
                                   model("Rider", unit="Riders", position=(5, 20))))
    assert legal(result) == {"Rider": False}


def test_C36_PRI_D_enemy_individual_within_12_binds():
    # An individual is a unit (of one model): non-panicked within 12, it binds the shooter.
    result = rule(only_shooter_and(model("Hero", position=(0, 10), individual=True),
                                   model("Rider", unit="Riders", position=(5, 20))))
    assert legal(result) == {"Hero": False}


def test_C36_PRI_D_two_units_within_12_either_may_be_shot():
    result = rule(only_shooter_and(model("Spear", unit="Spears", position=(-3, 8)),
                                   model("Wolf", unit="Wolves", position=(4, 11)),
                                   model("Rider", unit="Riders", position=(5, 20))))
    assert legal(result) == {"Spear": False, "Wolf": False}


# --- C36-PRI-E: an individual chooses freely ------------------------------------------------

def free_choice(**archer):
    # Spears within 12; the Riders farther: Rider 1 (nearest) panicked, Rider 2 not.
    return only_shooter_and(model("Spear", unit="Spears", position=(0, 8)),
                            model("Rider 1", unit="Riders", position=(5, 18), panicked=True),
                            model("Rider 2", unit="Riders", position=(-5, 19)),
                            queries=[shoot(target="Rider 1")], **archer)


def test_C36_PRI_E_individual_may_shoot_past_an_enemy_within_12():
    # The individual may choose the Riders, but must aim at their nearest non-panicked model.
    result = rule(free_choice(individual=True))
    assert legal(result) == {"Spear": False, "Rider 2": False}
    assert "C36-PRI-E" in because(result, ("legal_target", "Archer", "Rider 2", False))
    assert refused(result) == {"Rider 1"}
    assert "C36-PRI-E" in because(result, ("target_refused", "Archer", "Rider 1", "not_nearest"))


def test_C36_PRI_E_a_unit_in_the_same_place_is_bound_by_the_12_inch_rule():
    result = rule(free_choice())
    assert legal(result) == {"Spear": False}


def test_C36_PRI_E_individual_skips_a_panicked_nearest_model_within_its_chosen_unit():
    # Inside 12 inches too: the panicked Spear 1 is nearer, Spear 2 is the nearest calm one.
    result = rule(only_shooter_and(model("Spear 1", unit="Spears", position=(0, 6),
                                         panicked=True),
                                   model("Spear 2", unit="Spears", position=(3, 9)),
                                   individual=True))
    assert legal(result) == {"Spear 2": False}


# --- C36-PRI-F: target of opportunity -------------------------------------------------------

def opportunity(cover_y):
    # The source's crossbowman: a spearman behind cover, nearer; a target in the open, farther.
    return only_shooter_and(model("Spearman", unit="Spears", position=(0, cover_y)),
                            model("Swordsman", unit="Swords", position=(6, 20)),
                            sight=[{"from": "Archer", "to": "Spearman", "cover": "light"}])


def test_C36_PRI_F_target_in_the_open_after_a_passed_ld_test():
    # The spearman in cover is nearer (14) but not within 12: the unit may shoot it, or the
    # swordsman in the open after a passed LD test ("Will er den auf dem offenen Feld
    # bekämpfen muss der Armbrustschütze einen erfolgreichen Wurf gegen seinen FG-Wert
    # schaffen").
    result = rule(opportunity(14))
    assert legal(result) == {"Spearman": False, "Swordsman": True}
    assert "C36-PRI-F" in because(result, ("legal_target", "Archer", "Swordsman", True))


def test_C36_PRI_F_no_opportunity_when_the_covered_target_is_within_12():
    # "... auch wenn dieses näher (aber nicht innerhalb von 12 Inch) sein sollte": at exactly
    # 12 inches the spearman binds the unit (C36-PRI-D).
    result = rule(opportunity(12))
    assert legal(result) == {"Spearman": False}


# --- C36-MOUNT: rider and mount, chariot and crew are one model -----------------------------

@pytest.mark.parametrize("flag", ["mounted", "chariot"])
def test_C36_MOUNT_rider_and_mount_are_one_target(flag):
    # One model, one target: the attacker cannot pick the mount or the crew.
    result = rule(only_shooter_and(model("Knight", position=(0, 10), **{flag: True})))
    assert legal(result) == {"Knight": False}
    assert "C36-MOUNT" in because(result, ("legal_target", "Archer", "Knight", False))
    assert len(of(result, "hit_number")) == 1


def cast_on_chariot(sight=()):
    shaman = model("Shaman", army="Orcs", position=(0, 0), facing=90, individual=True,
                   stats={"mg": 14, "ld": 9})
    chariot = model("Chariot", position=(0, 10), size=4, chariot=True, stats={"ld": 8})
    spell = {"level": 3, "resistable": True, "offensive": True}
    return state([shaman, chariot],
                 [{"id": "frost", "cast": {"caster": "Shaman", "target": "Chariot",
                                           "spell": spell}}], sight)


def test_C36_MOUNT_spell_on_a_chariot_seen_whole():
    result = rule(cast_on_chariot())
    assert of(result, "spell_target") == {("spell_target", "Shaman", "Chariot", True)}


def test_C36_MOUNT_spell_on_a_chariot_needs_los_to_the_whole_model():
    # "... muss der Magier eine LOS auf die ganze Figur haben": partly hidden behind scrub
    # (light cover) it cannot be the target.
    result = rule(cast_on_chariot([{"from": "Shaman", "to": "Chariot", "cover": "light"}]))
    assert of(result, "spell_target") == {("spell_target", "Shaman", "Chariot", False)}
    assert "C36-MOUNT" in because(result, ("spell_target", "Shaman", "Chariot", False))


# --- C36-FLY: distance to a flier is ground distance plus altitude -----------------------------

@pytest.mark.parametrize("altitude, binds", [(4, True), (4.1, False)])
def test_C36_FLY_flier_distance_is_ground_plus_altitude(altitude, binds):
    # 8 inches on the ground plus an altitude of 4: 12 inches, within 12, the flier binds the
    # shooter (C36-PRI-D); at altitude 4.1 it is 12.1 inches away and does not.
    result = rule(only_shooter_and(model("Bat", unit="Bats", position=(0, 8), altitude=altitude),
                                   model("Rider", unit="Riders", position=(5, 20)),
                                   sight=in_cover("Bat")))
    assert legal(result) == ({"Bat": False} if binds else {"Bat": False, "Rider": True})


@pytest.mark.parametrize("altitude, hit", [(4, 12), (5, 8)])
def test_C36_FLY_range_to_a_flier(altitude, hit):
    # Short range 12: ground 8 + altitude 4 = 12, short range (RS 12); altitude 5: 13,
    # between short and medium, -4.
    result = rule(only_shooter_and(model("Bat", position=(0, 8), altitude=altitude),
                                   queries=[shoot(arms={"short": 12, "medium": 24, "max": 36,
                                                        "damage": 3})]))
    assert of(result, "hit_number") == {("hit_number", "Archer", "Bat", hit)}


@pytest.mark.parametrize("short, hit", [(12, 12), (11.9, 8)])
def test_C36_FLY_distance_from_a_flier(short, hit):
    # "Das gleiche gilt auch im umgekehrten Fall": a flier at altitude 4 shooting at a model
    # 8 inches away on the ground measures 12 inches.
    result = rule(only_shooter_and(model("Knight", position=(0, 8)), altitude=4,
                                   queries=[shoot(arms={"short": short, "medium": 24,
                                                        "max": 36, "damage": 3})]))
    assert of(result, "hit_number") == {("hit_number", "Archer", "Knight", hit)}


# --- C-INT-1 and C-INT-3 -----------------------------------------------------------------------

@pytest.mark.parametrize("y, binds", [(12, True), (12.001, False), (12.04, False)])
def test_C_INT_1_distances_are_exact_within_includes_12(y, binds):
    # "innerhalb von 12 Inch" includes 12.0 (C-INT-1); distances are compared exactly, never
    # rounded first: 12.001 and 12.04 inches are not within 12.
    result = rule(only_shooter_and(*near_and_far(y), sight=in_cover("Spear")))
    assert legal(result) == ({"Spear": False} if binds else {"Spear": False, "Rider": True})


def test_C_INT_1_distances_are_centre_to_centre():
    # A gigantic model (3-inch base) with its centre 12.5 inches away: its base edge is 11
    # inches away, but the distance is measured centre to centre, so it is not within 12.
    result = rule(only_shooter_and(model("Giant", unit="Giants", size=5, position=(0, 12.5)),
                                   model("Rider", unit="Riders", position=(5, 20)),
                                   sight=in_cover("Giant")))
    assert legal(result) == {"Giant": False, "Rider": True}


def test_C_INT_1_cited_by_the_12_inch_rule():
    result = rule(only_shooter_and(*near_and_far(12)))
    assert "C-INT-1" in because(result, ("legal_target", "Archer", "Spear", False))


def test_C_INT_3_a_hidden_model_within_12_does_not_bind():
    # The hidden scout at 8 inches cannot be seen: it neither binds the shooter (C36-PRI-D)
    # nor can be shot (C36-LOS-HIDDEN).
    result = rule(only_shooter_and(model("Scout", unit="Scouts", position=(-3, 8), hidden=True),
                                   model("Rider", unit="Riders", position=(5, 20))))
    assert legal(result) == {"Rider": False}


def test_C_INT_3_a_hidden_model_still_blocks_los():
    # The hidden scout stands on the line to the knight: it blocks like any model.
    result = rule(only_shooter_and(model("Scout", unit="Scouts", position=(0, 8), hidden=True),
                                   model("Knight", unit="Knights", position=(0, 16)),
                                   queries=[shoot(target="Knight")]))
    assert legal(result) == {}
    assert "C36-LOS-MODELS" in because(
        result, ("target_refused", "Archer", "Knight", "model_in_the_way"))
