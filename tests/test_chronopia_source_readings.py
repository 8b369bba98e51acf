"""Chronopia shooting read against the source (issue 11, items 9, 12, 13, 14): every named
target gets one legality ruling with a reason, friendly fire needs a friend in sight, exact
thresholds (0.5 vs 0.499/0.455 inch, 1.0 vs 1.04 inch, 12.0 vs 12.001/12.04 inches), and
the citations of the melee exemption, the dead zone and C36-CRIT-EXACT.

Each expectation was written from the German source (section 3.6 "Fernkampf" of
../shared/seeds/002_80e45203b1914d7b.txt; quoted, with a gloss, beside it) before the tool
was run. Geometry as in tests/chronopia_shots.py: the shooter "Archer" (unit "Archers", army
"Orcs", RS 12) at the origin facing +y; enemies of army "Men" ahead of it; size class 2 is a
1-inch base (radius 0.5).
"""

import pytest

import pybridge
from chronopia_shots import (
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
from pybridge.errors import InputError


def named(*models, target, sight=(), roll=None, arms=None, **archer):
    query = shoot(target=target, roll=roll) if arms is None else \
        shoot(target=target, roll=roll, arms=arms)
    return state([shooter(**archer), *models], [query], sight)


def legality(result, target, who="Archer"):
    """The legality rulings of one named target (legal_target and target_refused)."""
    return {t for t in of(result, "legal_target") | of(result, "target_refused")
            if t[1] == who and t[2] == target}


def refusal(result, target, who="Archer"):
    """(reason, citations) of the one target_refused ruling of ``target``."""
    (found,) = [t for t in of(result, "target_refused") if t[1] == who and t[2] == target]
    return found[3], because(result, found)


def in_cover(target):
    return [{"from": "Archer", "to": target, "cover": "light"}]


# --- item 9: every named target gets exactly one legality ruling, with a reason --------------

def test_C36_PRI_F_a_unit_not_bound_naming_a_farther_unit_is_refused():
    # "Eine Einheit kann sich entscheiden, ein Ziel auf offenem Feld einem in Deckung
    # vorzuziehen, auch wenn dieses näher (aber nicht innerhalb von 12 Inch) sein sollte ...
    # Bei Erfolg werden die normalen Zielprioritäten nicht beachtet" (a unit may prefer a
    # target in the open to a nearer one in cover; only then are the normal priorities set
    # aside). The nearer Spear (14 inches) stands in the open: nothing sets the normal
    # priority aside, so the named Rider (20.6) is refused, not ignored.
    result = rule(named(model("Spear", unit="Spears", position=(0, 14)),
                        model("Rider", unit="Riders", position=(5, 20)), target="Rider"))
    assert legal(result) == {"Spear": False}
    assert legality(result, "Rider") == {("target_refused", "Archer", "Rider", "not_nearest_unit")}
    assert "C36-PRI-F" in refusal(result, "Rider")[1]
    assert of(result, "hit_number") == set()


def test_C36_PRI_F_a_farther_target_in_cover_is_no_target_of_opportunity():
    # Both in cover: "ein Ziel auf offenem Feld" — the farther one is not in the open, so it
    # is refused; the nearer one stays the target.
    result = rule(named(model("Spear", unit="Spears", position=(0, 14)),
                        model("Rider", unit="Riders", position=(5, 20)), target="Rider",
                        sight=in_cover("Spear") + in_cover("Rider")))
    assert legal(result) == {"Spear": False}
    assert refusal(result, "Rider")[0] == "not_nearest_unit"


@pytest.mark.parametrize("y, reason", [(12, "enemy_within_12"), (12.001, "not_nearest_unit"),
                                       (12.04, "not_nearest_unit")])
def test_C36_PRI_D_named_farther_unit_refused_within_12_and_beyond(y, reason):
    # "Fernkampfeinheiten können nicht auf weiter enfernte Einheiten zielen, wenn feindliche,
    # nicht panische Einheiten sich innerhalb von 12 Inch ... befinden" (not at farther units
    # while a non-panicked enemy unit is within 12 inches). The Spear in the open at exactly
    # 12 binds the unit (C-INT-1: 12.0 is within 12); at 12.001 or 12.04 it does not, but it
    # is still the nearest unit in the open: the normal priority refuses the Rider.
    result = rule(named(model("Spear", unit="Spears", position=(0, y)),
                        model("Rider", unit="Riders", position=(5, 20)), target="Rider"))
    assert legality(result, "Rider") == {("target_refused", "Archer", "Rider", reason)}
    assert refusal(result, "Rider")[1] == \
        (["C36-PRI-D"] if reason == "enemy_within_12" else ["C36-PRI-F"])


def test_C36_PRI_A_a_named_friend_is_refused_as_not_an_enemy():
    # "Auf Feinde schiessende Fernkampfeinheiten ..." (units shooting at enemies); a friend is
    # never a target (shooting into melee is the risk of hitting friends, not a choice).
    result = rule(named(model("Spear", army="Orcs", unit="Spears", position=(0, 10)),
                        target="Spear"))
    assert legality(result, "Spear") == {("target_refused", "Archer", "Spear", "not_enemy")}
    assert "C36-PRI-A" in refusal(result, "Spear")[1]


def test_C36_ARC_one_ruling_for_a_target_both_hidden_and_behind():
    # Hidden ("Es kann nicht auf 'versteckte' Figuren geschossen werden") and behind the front
    # 180 degrees ("Die Sichlinie kann nur vom Frontsichtfeld (die vorderen 180 Grad) ...
    # ausgehen"): one refusal, the first reason (sight: the arc) — not one per reason.
    result = rule(named(model("Scout", position=(0, -10), hidden=True), target="Scout"))
    assert legality(result, "Scout") == {("target_refused", "Archer", "Scout", "out_of_arc")}
    assert refusal(result, "Scout")[1] == ["C36-ARC"]


def test_C36_ARC_no_line_of_sight_by_a_sight_entry():
    # "Damit eine Figur auf ein Ziel schiessen kann, muss das Ziel: a.) Innerhalb der
    # Sichtlinie (LOS) sein." A sight entry denying LOS refuses the target.
    result = rule(named(model("Knight", position=(0, 10)), target="Knight",
                        sight=[{"from": "Archer", "to": "Knight", "los": False}]))
    assert legality(result, "Knight") == {
        ("target_refused", "Archer", "Knight", "no_line_of_sight")}
    assert refusal(result, "Knight")[1] == ["C36-ARC"]


def test_C36_PRI_E_individual_naming_a_farther_unit_gets_a_legal_target():
    # "Eine Einzelfigur ... kann somit auch auf alternative Ziele schiessen, selbst wenn sich
    # ein sichtbarer Gegner innerhalb von 12 Inch befindet" — at the nearest non-panicked
    # model of the unit it chooses: legal, one ruling.
    result = rule(named(model("Spear", unit="Spears", position=(0, 8)),
                        model("Rider", unit="Riders", position=(5, 20)), target="Rider",
                        individual=True))
    assert legality(result, "Rider") == {("legal_target", "Archer", "Rider", False)}


def test_C36_RANGE_a_legal_target_beyond_maximum_range_is_legal_and_out_of_range():
    # "Die Spieler müssen sich vor dem Messen der Entfernung entscheiden, ob sie auf einen
    # Gegner schiessen. Sollte das Ziel nicht innerhalb der Maximale Reichweite (MR) liegen,
    # geht die Handlung verloren." The declaration is legal (one legality ruling), the action
    # is then lost: out_of_range is not a second legality ruling.
    result = rule(named(model("Knight", position=(0, 30.001)), target="Knight",
                        arms=weapon(short=10, medium=20, maximum=30)))
    assert legality(result, "Knight") == {("legal_target", "Archer", "Knight", False)}
    assert of(result, "out_of_range") == {("out_of_range", "Archer", "Knight")}
    assert of(result, "hit_number") == set()


SCENES = {
    "nearest": ([model("Knight", position=(0, 10))], "Knight"),
    "behind": ([model("Knight", position=(0, -10))], "Knight"),
    "hidden": ([model("Knight", position=(0, 10), hidden=True)], "Knight"),
    "friend": ([model("Spear", army="Orcs", position=(3, 10))], "Spear"),
    "not nearest of unit": ([model("K1", unit="K", position=(0, 8)),
                             model("K2", unit="K", position=(4, 10))], "K2"),
    "farther unit, none within 12": ([model("S", unit="S", position=(0, 14)),
                                      model("R", unit="R", position=(5, 20))], "R"),
    "farther unit, one within 12": ([model("S", unit="S", position=(0, 10)),
                                     model("R", unit="R", position=(5, 20))], "R"),
    "opportunity": ([model("S", unit="S", position=(0, 14)),
                     model("R", unit="R", position=(5, 20))], "R"),
    "blocked": ([model("S", unit="S", position=(0.3, 15)),
                 model("R", unit="R", position=(0, 20))], "R"),
    "panicked unit": ([model("S", unit="S", position=(0, 14)),
                       model("R", unit="R", position=(5, 20), panicked=True)], "R"),
}


@pytest.mark.parametrize("individual", [False, True])
@pytest.mark.parametrize("scene", sorted(SCENES))
def test_C36_PRI_A_every_named_target_gets_exactly_one_legality_ruling(scene, individual):
    # Whatever the reason, a named target is either legal or refused, once.
    models, target = SCENES[scene]
    sight = in_cover("S") if scene == "opportunity" else ()
    result = rule(named(*models, target=target, sight=sight, individual=individual))
    assert len(legality(result, target)) == 1, legality(result, target)


# --- item 12: friendly fire needs a friend in sight ------------------------------------------

def troll_with_friend_behind(roll=None):
    # The Troll (size 3, radius 0.75) at 10 inches; a friendly swordsman of the same size (so
    # the Troll does not tower over him) in base contact straight behind it (centre 1.5 inches
    # farther): the line to him runs through the Troll, so the shooter cannot see him.
    return named(model("Troll", unit="Trolls", size=3, position=(0, 10), stats={"ar": 14}),
                 model("Sword", army="Orcs", unit="Swords", size=3, position=(0, 11.5),
                       facing=270),
                 target="Troll", roll=roll)


def test_C36_MELEE_a_miss_with_no_friend_in_sight_is_a_plain_miss():
    # "Der Spieler muss dann einen FW-Wurf gegen die nächste, das Ziel angreifende,
    # befreundete Einheit innerhalb der LOS durchführen" (test against the nearest friend in
    # contact *within LOS*): with none in sight there is nobody to test against. The -1 per
    # friend in contact still applies ("Für jede befreundete Einheit im Nahkampf (bzw.
    # Basekontakt) mit dem Ziel, wird eine 1 vom FW-Wert abgezogen"): 12 - 1 = 11. Faces: 1
    # hits the intended target (excellent: 11 > 3), 2..11 hit, 12..19 miss, 20 hits a random
    # friendly model ("eine zufällig bestimmte befreundete Figur", no LOS named) and is a
    # fumble (the shot is made "wie gewöhnlich": issue 52).
    result = rule(troll_with_friend_behind())
    assert value(result, "hit_number") == 11
    assert of(result, "friendly_fire_number") == set()
    assert chances(result) == {"excellent": 1, "hit": 10, "miss": 8, "fumble_random_friend_hit": 1}
    assert outcome(rule(troll_with_friend_behind(roll=12))) == "miss"
    assert outcome(rule(troll_with_friend_behind(roll=20))) == "fumble_random_friend_hit"


def test_C36_MELEE_friends_in_contact_all_out_of_sight_by_sight_entries():
    # Two friends in contact, both hidden from the shooter by sight entries: -2, no test.
    swords = [model("Sword 1", army="Orcs", unit="Swords", size=3, position=(1.45, 9.7)),
              model("Sword 2", army="Orcs", unit="Swords", size=3, position=(-1.45, 9.9))]
    doc = named(model("Troll", unit="Trolls", size=3, position=(0, 10)), *swords,
                target="Troll", roll=15,
                sight=[{"from": "Archer", "to": "Sword 1", "los": False},
                       {"from": "Archer", "to": "Sword 2", "los": False}])
    result = rule(doc)
    assert value(result, "hit_number") == 10
    assert of(result, "friendly_fire_number") == set()
    assert outcome(result) == "miss"


def test_C36_MELEE_a_friend_in_sight_is_tested_on_a_miss():
    # The boundary: the swordsman in contact at the Troll's near flank (1.5 inches from its
    # centre, nothing on the line to him, his base 0.7 inch off the line to the Troll): seen,
    # so the miss (12 against RS 11) tests against him at 12 + 1.
    result = rule(named(model("Troll", unit="Trolls", size=3, position=(0, 10)),
                        model("Sword", army="Orcs", unit="Swords", size=3,
                              position=(1.45, 9.62)),
                        target="Troll", roll=12))
    assert of(result, "friendly_fire_number") == {("friendly_fire_number", "Archer", "Sword", 13)}
    assert outcome(result) == "miss_test_friend"


# --- item 13: exact thresholds -----------------------------------------------------------------

@pytest.mark.parametrize("x, passes", [(1, True), (0.9995, False), (0.955, False)])
def test_C36_CORRIDOR_exactly_1_inch_between_friendly_bases(x, passes):
    # "... solange es einen deutlich erkennbaren 'Schusskorridor' von 1 Inch zwischen den
    # Bases der Figuren gibt" / "Korridor ist kleiner als 1 Inch. Durchschiessen ist nicht
    # möglich." Friends at (+-x, 14), 1-inch bases: the corridor is 2x - 1 inches: 1.0 (half
    # an inch clear each side) lets the shot through; 0.999 and 0.91 (0.4995 and 0.455 inch
    # clear: not half an inch) do not.
    pikes = [model(f"Pike {i}", army="Orcs", unit="Pikes", position=(s * x, 14))
             for i, s in ((1, 1), (2, -1))]
    result = rule(named(*pikes, model("Knight", position=(0, 20)), target="Knight"))
    if passes:
        assert legality(result, "Knight") == {("legal_target", "Archer", "Knight", False)}
    else:
        assert refusal(result, "Knight") == ("no_corridor", ["C36-CORRIDOR"])


@pytest.mark.parametrize("x, blocks", [(1, False), (0.999, True), (0.955, True)])
def test_C36_CORRIDOR_one_friend_half_an_inch_clear(x, blocks):
    # One friendly base beside the line: 0.5 inch clear is the half of the corridor; 0.499
    # and 0.455 inch are less ("kleiner als 1 Inch").
    result = rule(named(model("Pike", army="Orcs", unit="Pikes", position=(x, 10)),
                        model("Knight", position=(0, 20)), target="Knight"))
    assert ("Knight" in refused(result)) is blocks


@pytest.mark.parametrize("x, blocks", [(1.5, True), (1.54, False), (1.5004, False)])
def test_C36_LOS_MODELS_an_enemy_within_an_inch_of_the_line(x, blocks):
    # "... das man zwischen feindlichen Einheiten nicht hindurchschiessen kann" (never between
    # enemy models): an enemy base within an inch of the line (1.0 included) is in the way;
    # 1.04 or 1.0004 inches off it is not. The Wolf (1-inch base) at (x, 15) is x - 0.5 off
    # the line to the Knight at (0, 20); it is panicked, so it binds nothing and the Knight
    # (the nearest non-panicked model) is the normal target.
    result = rule(named(model("Wolf", unit="Wolves", position=(x, 15), panicked=True),
                        model("Knight", position=(0, 20)), target="Knight"))
    if blocks:
        assert refusal(result, "Knight") == ("model_in_the_way", ["C36-LOS-MODELS"])
    else:
        assert legality(result, "Knight") == {("legal_target", "Archer", "Knight", False)}


@pytest.mark.parametrize("position, binds", [((7.2, 9.6), True), ((7.2, 9.63), False)])
def test_C_INT_1_a_diagonal_12_inches_is_within_12(position, binds):
    # (7.2, 9.6) is exactly 12 inches away (7.2^2 + 9.6^2 = 144): within 12, it binds the unit
    # (C36-PRI-D); (7.2, 9.63) is 12.02 inches: not within, and the covered Spear leaves the
    # Rider in the open as a target of opportunity (C36-PRI-F).
    result = rule(named(model("Spear", unit="Spears", position=position),
                        model("Rider", unit="Riders", position=(-5, 20)), target="Rider",
                        sight=in_cover("Spear")))
    if binds:
        assert refusal(result, "Rider")[0] == "enemy_within_12"
    else:
        assert legality(result, "Rider") == {("legal_target", "Archer", "Rider", True)}


@pytest.mark.parametrize("position, hit", [((6, 8), 12), ((6, 8.001), 8), ((0, 10.0004), 8)])
def test_C36_RANGE_short_range_compared_exactly(position, hit):
    # "Der Entfernungsabzug für Ziele im KR ist -0. Für Ziele zwischen KR und Mittlere
    # Reichweite (MI) gilt ein Abzug von -4." Short range 10: (6, 8) is exactly 10 inches
    # (-0); 10.0008 and 10.0004 inches are beyond it (-4).
    result = rule(named(model("Knight", position=position), target="Knight",
                        arms=weapon(short=10, medium=20, maximum=30)))
    assert value(result, "hit_number") == hit


@pytest.mark.parametrize("x, joined", [(4, True), (4.001, False)])
def test_C36_PRI_B_4_inches_exactly(x, joined):
    # "Eine Einzelfigur die innerhalb eines Umkreises von 4 Inch um einer 'freundlichen'
    # Kampfverband herum steht, kann beim Zielen als zu dieser zugehörig betrachtet werden."
    # 4.0 is within 4 (C-INT-1), 4.001 is not. Joined, the Hero (farther than Guard 1) is not
    # the Guards' nearest model: refused (not_nearest); alone, with Guard 1 in cover, it is a
    # target of opportunity in the open.
    result = rule(named(model("Guard 1", unit="Guards", position=(0, 15)),
                        model("Hero", position=(x, 15), individual=True), target="Hero",
                        sight=in_cover("Guard 1")))
    if joined:
        assert refusal(result, "Hero")[0] == "not_nearest"
    else:
        assert legality(result, "Hero") == {("legal_target", "Archer", "Hero", True)}


@pytest.mark.parametrize("y, seen", [(5, False), (5.001, True)])
def test_C36_DEAD_the_dead_zone_compared_exactly(y, seen):
    # "Diese Distanz horizontal gemessen vom Standpunkt des Schützen aus, bezeichnet den toten
    # Winkel. Eine Figur kann keine LOS zu einem innerhalb des toten Winkel haben." From 5
    # inches up the dead zone reaches 5 inches: 5.0 is in it, 5.001 is not.
    result = rule(named(model("Goblin", position=(0, y)), target="Goblin", elevation=5))
    if seen:
        assert legality(result, "Goblin") == {("legal_target", "Archer", "Goblin", False)}
    else:
        assert refusal(result, "Goblin") == ("dead_zone", ["C36-DEAD"])


@pytest.mark.parametrize("altitude, binds", [(4, True), (4.001, False)])
def test_C36_FLY_ground_plus_altitude_compared_exactly(altitude, binds):
    # "Zuerst misst man die Entfernung von der schiessenden Figur bis zum Flieger und addiert
    # zu dieser die Höhe": 8 + 4 = 12 (within 12, the Bat binds the unit), 8 + 4.001 is not.
    result = rule(named(model("Bat", unit="Bats", position=(0, 8), altitude=altitude),
                        model("Rider", unit="Riders", position=(5, 20)), target="Rider",
                        sight=in_cover("Bat")))
    assert ("Rider" in legal(result)) is not binds


def test_C36_PRI_A_nearest_model_compared_exactly():
    # "... müssen immer die nächste Figur in der Feindeinheit zielen": Knight 1 at exactly 10
    # inches, Knight 2 at 10.0002 inches (both 10.0 to a tenth): only Knight 1 is the nearest.
    result = rule(named(model("Knight 1", unit="Knights", position=(0, 10)),
                        model("Knight 2", unit="Knights", position=(6, 8.0002)),
                        target="Knight 2"))
    assert legal(result) == {"Knight 1": False}
    assert refusal(result, "Knight 2")[0] == "not_nearest"


def test_C36_PRI_A_models_at_exactly_the_same_distance_are_both_nearest():
    # (0, 10) and (6, 8) are both exactly 10 inches away: each is "die nächste Figur".
    result = rule(named(model("Knight 1", unit="Knights", position=(0, 10)),
                        model("Knight 2", unit="Knights", position=(6, 8)), target="Knight 2"))
    assert legal(result) == {"Knight 1": False, "Knight 2": False}


def test_C36_FLY_nearest_model_with_altitude_compared_exactly():
    # The Bat at 9 inches, 1 up, measures exactly 10 (ground plus altitude), a tie with
    # Knight at 10 inches; at altitude 1.001 it is farther, and Knight alone is the nearest.
    def doc(altitude):
        return named(model("Bat", unit="Flock", position=(0, 9), altitude=altitude),
                     model("Knight", unit="Flock", position=(6, 8)), target="Knight")
    assert legal(rule(doc(1))) == {"Bat": False, "Knight": False}
    assert legal(rule(doc(1.001))) == {"Knight": False}
    assert legal(rule(doc(0.999))) == {"Bat": False}


def test_C38_FEAR_radius_compared_exactly():
    # The fear radius is 4 inches ("innerhalb des Angstradius (4 Inch, falls nicht anders
    # angegeben)"): a spearman exactly 4 inches from the Troll tests; at 4.001 none does.
    def doc(x):
        return {"rulebook": "chronopia", "models": [
            {"id": "Spear", "unit": "Spears", "army": "Men", "size": 2, "position": [0, 0],
             "facing": 0, "stats": {"ld": 9}},
            {"id": "Troll", "army": "Orcs", "size": 2, "position": [x, 0], "facing": 180,
             "causes": "fear"}],
            "queries": [{"id": "q", "morale": {"unit": "Spears", "factor": "fear",
                                               "causer": "Troll"}}]}
    near, far = pybridge.rule(doc(4)), pybridge.rule(doc(4.001))
    assert [r["kind"] for r in near["rulings"] if r["kind"] in ("morale_test", "no_test")] == \
        ["morale_test"]
    assert [(r["kind"], r.get("reason")) for r in far["rulings"]
            if r["kind"] in ("morale_test", "no_test")] == [("no_test", "out_of_reach")]


def test_C_INT_1_lengths_are_exact_to_a_thousandth_of_an_inch():
    # A length with more decimals cannot be compared exactly in thousandths: refused with its
    # path (a clear error, not a rounding).
    doc = named(model("Knight", position=(0, 10)), target="Knight",
                arms=weapon(short=10.0005, medium=20, maximum=30))
    with pytest.raises(InputError, match=r"queries\[0\]\.shoot\.weapon\.short: 10\.0005 "):
        pybridge.rule(doc)
    # Three decimals are exact: 10.0005 inches is within a short range of 10.001.
    assert value(rule(named(model("Knight", position=(0, 10.0005)), target="Knight",
                            arms=weapon(short=10.001, medium=20, maximum=30))), "hit_number") == 12


# --- item 14: citations ------------------------------------------------------------------------

def test_C36_MELEE_a_target_exempt_from_the_penalty_cites_the_melee_rule():
    # "Falls das Ziel mindestens eine Grössenordnung grösser als die umgebenden Truppen ist,
    # kann es ohne die oben erwähnten Abzüge beschossen werden": the Troll (size 4) towers over
    # the swordsman (size 2) in contact at its near flank: RS 12 unchanged, and the number
    # cites C36-MELEE, the rule that exempts it. A miss still tests against the swordsman
    # (in sight): 12 + 1 = 13.
    result = rule(named(model("Troll", unit="Trolls", size=4, position=(0, 10)),
                        model("Sword", army="Orcs", unit="Swords", position=(1.2, 9.1)),
                        target="Troll"))
    assert value(result, "hit_number") == 12
    assert "C36-MELEE" in because(result, ("hit_number", "Archer", "Troll", 12))
    assert of(result, "friendly_fire_number") == {("friendly_fire_number", "Archer", "Sword", 13)}


def test_C36_DEAD_a_target_legal_because_a_nearer_model_is_in_the_dead_zone():
    # "Eine Figur kann keine LOS zu einem innerhalb des toten Winkel haben": from 5 inches up,
    # Goblin 1 at 4 inches is in the dead zone, so Goblin 2 (8.5 inches) is the nearest model
    # of the unit that can be shot — legal because of C36-DEAD, which it cites.
    result = rule(named(model("Goblin 1", unit="Goblins", position=(0, 4)),
                        model("Goblin 2", unit="Goblins", position=(3, 8)), target="Goblin 2",
                        elevation=5))
    assert legal(result) == {"Goblin 2": False}
    assert "C36-DEAD" in because(result, ("legal_target", "Archer", "Goblin 2", False))


def test_C36_DEAD_a_target_shot_over_models_in_the_dead_zone_cites_it():
    # "Es kann aber über Truppen im Toten Winkel hinweggeschossen werden."
    result = rule(named(model("Spearman", unit="Spears", position=(0, 3)),
                        model("Poisoner", unit="Poisoners", position=(0, 10)),
                        target="Poisoner", elevation=5))
    assert "C36-DEAD" in because(result, ("legal_target", "Archer", "Poisoner", False))


def test_C36_DEAD_no_dead_zone_no_citation():
    # The boundary: on level ground there is no dead zone to cite.
    result = rule(named(model("Spearman", unit="Spears", position=(0, 3)),
                        model("Poisoner", unit="Poisoners", position=(3, 3)),
                        target="Spearman"))
    assert "C36-DEAD" not in because(result, ("legal_target", "Archer", "Spearman", False))


@pytest.mark.parametrize("rs, result", [(12, "excellent"), (3, "hit"), (2, "excellent")])
def test_C36_CRIT_EXACT_the_outcome_of_a_1_cites_the_reading(rs, result):
    # "Sollte nach allen Abzügen auf den FW-Wurf eine 3 als Ergebnis herauskommen ... Eine 1
    # gilt dann wie ein gewöhnlicher Treffer": in crit_exactly_3 the outcome of a 1 rests on
    # that reading of "eine 3" (excellent at 12 and at 2, ordinary at exactly 3) and cites it.
    doc = named(model("Knight", position=(0, 10)), target="Knight", roll=1, rs=rs)
    found = rule(doc, edition="crit_exactly_3")
    assert outcome(found) == result
    assert "C36-CRIT-EXACT" in because(found, ("outcome", "q", result))
    chance = rule(named(model("Knight", position=(0, 10)), target="Knight", rs=rs),
                  edition="crit_exactly_3")
    excellent = [t for t in of(chance, "chance") if t[3] == "excellent"]
    for ruling in excellent:
        assert "C36-CRIT-EXACT" in because(chance, ruling)
    assert "C36-CRIT-EXACT" not in because(rule(doc), ("outcome", "q", "excellent" if rs > 3
                                                        else "hit"))


def test_C_INT_1_the_bridge_passes_exact_bounds_and_orders():
    # The geometry the rules compare: a distance rounded up and down to the thousandth (equal
    # when exact), a gap likewise, and an exact order of distances (ties share a rank).
    from fractions import Fraction

    from pybridge.books.chronopia.geometry import Board, distance_units, gap_to_line
    assert distance_units((0, 0), (0, 12)) == (12000, 12000)
    assert distance_units((0, 0), (Fraction("7.2"), Fraction("9.6"))) == (12000, 12000)
    assert distance_units((0, 0), (0, Fraction("12.04"))) == (12040, 12040)
    assert distance_units((0, 0), (1, 1)) == (1414, 1415)
    # a 1-inch base whose centre is 0.955 inch off the line: 0.455 inch clear
    assert gap_to_line((0, 0), (0, 20), (Fraction("0.955"), 10), 2) == (455, 455)
    # 1.04 inch clear: surely not within an inch, not listed; 1.0004: listed, the rules decide
    assert gap_to_line((0, 0), (0, 20), (Fraction("1.54"), 10), 2) is None
    assert gap_to_line((0, 0), (0, 20), (Fraction("1.5004"), 10), 2) == (1000, 1001)
    board = Board({0: (0, 0), 1: (0, 10), 2: (6, 8), 3: (6, Fraction("8.0002")), 4: (0, 9)})
    assert board.order(0, [1, 2, 3, 4]) == {4: 0, 1: 1, 2: 1, 3: 2}
    # with altitudes added (C36-FLY): 9 + 1 = 10 ties with 10; 9 + 1.001 is farther
    assert board.order(0, [1, 4], {4: Fraction(1)}) == {1: 0, 4: 0}
    assert board.order(0, [1, 4], {4: Fraction("1.001")}) == {1: 0, 4: 1}


# --- citations an independent reviewer found missing ----------------------------------------

def _rule_doc(models, queries):
    return pybridge.rule({"rulebook": "chronopia", "models": models, "queries": queries})


def _cited(result, kind, **fields):
    (found,) = [r for r in result["rulings"] if r["kind"] == kind
                and all(r.get(k) == v for k, v in fields.items())]
    return found["because"]


BOW = {"short": 12, "medium": 24, "max": 36, "damage": 3}


@pytest.mark.parametrize("mounted, legal", [(True, True), (False, False)])
def test_C36_ARC_a_mounted_shooter_firing_behind_it_cites_its_360_degrees(mounted, legal):
    # "Berittene Einheiten, die mit Fernkampfwaffen schießen, haben einen Schusswinkel von 360
    # Grad" (mounted units shooting have a 360-degree field of fire): the Goblin 8 inches
    # behind the rider is a legal target because of that clause of C36-ARC; on foot it is
    # out of the arc (refused, C36-ARC as well).
    result = _rule_doc(
        [{"id": "Rider", "army": "Orcs", "size": 3, "position": [0, 0], "facing": 90,
          "mounted": mounted, "stats": {"rs": 12}},
         {"id": "Goblin", "army": "Swamp", "size": 2, "position": [0, -8], "facing": 90}],
        [{"shoot": {"shooter": "Rider", "target": "Goblin", "weapon": BOW}}])
    if legal:
        assert "C36-ARC" in _cited(result, "legal_target", shooter="Rider", target="Goblin")
    else:
        assert _cited(result, "target_refused", shooter="Rider", target="Goblin",
                      reason="out_of_arc") == ["C36-ARC"]


@pytest.mark.parametrize("position, joined", [((3, 7), True), ((4.2, 7.5), False)])
def test_C36_PRI_B_an_individual_refused_as_part_of_its_warband_cites_C36_PRI_B(position, joined):
    # "Ein Einzelmodell innerhalb von 4 Inch zu einer befreundeten Kriegerschar kann als Teil
    # dieser Kriegerschar behandelt werden" (C36-PRI-B). The Hero at (3, 7) is sqrt(10) = 3.16
    # inches from the Goblin at (0, 6): part of the warband, and not its nearest model (7.6
    # against 6 inches from the Archer), so it is refused, and the refusal rests on C36-PRI-B.
    # At (4.2, 7.5) it is sqrt(19.89) = 4.46 inches away: a unit of its own within 12 inches,
    # a legal target (C36-PRI-A lets the Archer pick any unit within 12).
    result = _rule_doc(
        [{"id": "Archer", "army": "Orcs", "size": 2, "position": [0, 0], "facing": 90,
          "stats": {"rs": 12}},
         {"id": "Goblin", "unit": "Goblins", "army": "Swamp", "size": 2, "position": [0, 6],
          "facing": 270},
         {"id": "Hero", "army": "Swamp", "individual": True, "size": 2,
          "position": list(position), "facing": 270}],
        [{"shoot": {"shooter": "Archer", "target": "Hero", "weapon": BOW}}])
    if joined:
        cited = _cited(result, "target_refused", shooter="Archer", target="Hero",
                       reason="not_nearest")
        assert "C36-PRI-B" in cited
    else:
        assert _cited(result, "legal_target", shooter="Archer", target="Hero")


def test_C36_LOS_MODELS_a_spell_blocked_by_a_model_cites_the_model_rule_not_the_arc():
    # "Normalerweise muss eine Figur innerhalb der LOS ... des Magiers sein" (C37-TARGET) and
    # "Alle Modelle blockieren die LOS" (C36-LOS-MODELS): the Troll on the line between the
    # Shaman and the Goblin blocks the spell's LOS; the Goblin is in front, so not C36-ARC.
    result = _rule_doc(
        [{"id": "Shaman", "army": "Orcs", "individual": True, "size": 2, "position": [0, 0],
          "facing": 90, "stats": {"mg": 15}},
         {"id": "Troll", "army": "Beasts", "size": 2, "position": [0, 5], "facing": 270},
         {"id": "Goblin", "army": "Beasts", "size": 2, "position": [0, 10], "facing": 270}],
        [{"cast": {"caster": "Shaman", "target": "Goblin",
                   "spell": {"level": 3, "resistable": False, "offensive": True, "range": 24}}}])
    cited = _cited(result, "spell_target", caster="Shaman", target="Goblin", legal=False)
    assert "C37-TARGET" in cited and "C36-LOS-MODELS" in cited and "C36-ARC" not in cited
