"""Issue 11, items 10 and 11: what an independent reading of the source found wrong in the
chronopia magic and morale rulings, as tests named after the rule IDs.

Item 10 (C37-TARGET): "Normalerweise muss eine Figur innerhalb der LOS und Reichweite des
Magiers sein, um als mögliches Ziel zu gelten. Einige Zaubersprüche brauchen nur die
Sichtlinie und können über jede Distanz gewirkt werden. Andersherum brauchen einige Zauber
keine LOS und können auf jedes Ziel innerhalb der angegebenen Reichweite angewandt werden."
(3.7, "Reichweite"; gloss: normally a model must be within the caster's LOS and range to be
a possible target; some spells need only LOS and work at any distance; some need no LOS and
reach any target within the stated range.)

Item 11: "Berittene Einheiten die mit Fernkampfwaffen schiessen, haben einen Schusswinkel von
360 Grad" and "Kämpfer auf Streitwagen haben einen Schusswinkel von 360 Grad" (3.6; gloss:
mounted models *shooting* ranged weapons, and fighters on chariots, have a 360-degree field
of fire). Everything else keeps "Die Sichlinie kann nur vom Frontsichtfeld (die vorderen 180
Grad) einer Figur ausgehen" (LOS only from the front 180 degrees): a mounted model's or a
chariot's sight for morale, and a caster's sight for spells.

Every expectation below was written from the quoted text before running the tool. The
geometry: casters and testing models stand at the origin facing +x (0 degrees); the front arc
is the half-plane x >= 0 (90 degrees inclusive, C36-ARC); distances are centre to centre.
"""

import pytest

from test_chronopia_morale import doc, rule  # one builder of documents and runner

FIELDS = {
    "spell_target": ("caster", "target", "legal"),
    "cast_number": ("caster", "value"),
    "resist_number": ("caster", "target", "value"),
    "morale_test": ("unit", "factor", "treated_as", "value"),
    "no_test": ("unit", "factor", "reason"),
    "immune": ("unit", "factor"),
    "legal_target": ("shooter", "target", "needs_ld_test"),
    "outcome": ("query", "result"),
    "chance": ("query", "die", "result", "in", "of"),
}
# What a cast at an illegal target must not get: numbers, dice, outcomes.
CAST_RESULTS = {"cast_number", "resist_number", "outcome", "chance"}


# --- builders and lookups --------------------------------------------------------------------

def model(ident, x=0.0, y=0.0, army="Orcs", facing=0, size=2, **extra):
    m = {"id": ident, "army": army, "size": size, "position": [x, y], "facing": facing}
    m.update(extra)
    return m


def shaman(**extra):
    """The caster: MG 12 at the origin, facing +x."""
    return model("Shaman", individual=True, stats={"mg": 12, "ld": 8}, **extra)


def knight(x, y=0.0, **extra):
    """The target: an enemy with LD 9, facing the caster."""
    return model("Knight", x, y, army="Men", facing=180, stats={"ld": 9}, **extra)


def cast(target="Knight", roll=None, caster="Shaman", ident="c", **reach):
    """A level-3 offensive spell that allows resistance: cast on 12 - 3 = 9, resisted on
    9 - 3 = 6. ``reach``: range, needs_los, needs_range."""
    spell = {"level": 3, "resistable": True, "offensive": True, **reach}
    q = {"id": ident, "cast": {"caster": caster, "target": target, "spell": spell}}
    if roll is not None:
        q["roll"] = roll
    return q


def tuples(rulings, *kinds):
    return {(r["kind"],) + tuple(r[f] for f in FIELDS[r["kind"]])
            for r in rulings if r["kind"] in FIELDS and (not kinds or r["kind"] in kinds)}


def because(rulings, ruling):
    (found,) = [r for r in rulings if tuples([r]) == {ruling}]
    return found["because"]


def assert_legal(d, caster="Shaman", target="Knight"):
    """Exactly one legality ruling, legal, citing C37-TARGET; the cast gets its numbers."""
    found = rule(d)
    assert tuples(found, "spell_target") == {("spell_target", caster, target, True)}
    assert "C37-TARGET" in because(found, ("spell_target", caster, target, True))
    assert tuples(found, "cast_number") == {("cast_number", caster, 9)}
    return found


def assert_illegal(d, caster="Shaman", target="Knight"):
    """Exactly one legality ruling, illegal, citing C37-TARGET; no numbers, no dice."""
    found = rule(d)
    assert tuples(found, "spell_target") == {("spell_target", caster, target, False)}
    assert "C37-TARGET" in because(found, ("spell_target", caster, target, False))
    assert tuples(found, *CAST_RESULTS) == set()
    return found


# --- C37-TARGET: range ("innerhalb der ... Reichweite"; C-INT-1: within N includes N) --------

@pytest.mark.parametrize("x, legal", [
    (12, True),      # exactly the range: 12.0 is within 12 (C-INT-1)
    (12.1, False),   # just beyond: "Maximaldistanz für die Wirkung des Zaubers"
    (3, True),       # well within
])
def test_C37_TARGET_range_boundary(x, legal):
    d = doc([shaman(), knight(x)], cast(range=12))
    found = assert_legal(d) if legal else assert_illegal(d)
    assert "C-INT-1" in because(found, ("spell_target", "Shaman", "Knight", legal))


def test_C37_TARGET_range_boundary_on_a_diagonal():
    # (7.2, 9.6) is exactly 12 inches away (3-4-5 triangle x 2.4); (7.3, 9.6) is 12.06.
    assert_legal(doc([shaman(), knight(7.2, 9.6)], cast(range=12)))
    assert_illegal(doc([shaman(), knight(7.3, 9.6)], cast(range=12)))


def test_C37_TARGET_range_0_reaches_only_distance_0_targets():
    # Range 0 (the tool allows it): a target 0.1 inch away is beyond it.
    assert_illegal(doc([shaman(), knight(0.1)], cast(range=0)))


def test_C37_TARGET_distance_to_a_flier_counts_its_altitude():
    # C36-FLY (digest): distance to a flier is the ground distance plus its altitude:
    # 10 + 2 = 12 is within 12, 10 + 2.1 is not.
    assert_legal(doc([shaman(), knight(10, altitude=2)], cast(range=12)))
    assert_illegal(doc([shaman(), knight(10, altitude=2.1)], cast(range=12)))


def test_C37_TARGET_illegal_target_gets_no_outcome_even_with_a_roll():
    # Out of range, rolled 5 (a success against 9 otherwise): the target is no "mögliches
    # Ziel", so there is no cast to roll for.
    assert_illegal(doc([shaman(), knight(20)], cast(range=12, roll=5)))
    # The same roll within range: a success, numbers and outcome.
    found = assert_legal(doc([shaman(), knight(12)], cast(range=12, roll=5)))
    assert tuples(found, "outcome") == {("outcome", "c", "success")}
    assert tuples(found, "resist_number") == {("resist_number", "Shaman", "Knight", 6)}


# --- C37-TARGET: line of sight ("innerhalb der LOS ... des Magiers") --------------------------

@pytest.mark.parametrize("x, y, legal", [
    (0, 5, True),       # exactly 90 degrees off the facing: still in the front 180 (inclusive)
    (-0.1, 5, False),   # just past 90 degrees: behind the caster, no LOS
    (-5, 0, False),     # straight behind
    (5, -5, True),      # 45 degrees to the right
])
def test_C37_TARGET_front_arc_edge(x, y, legal):
    d = doc([shaman(), knight(x, y)], cast(range=12))
    if legal:
        assert_legal(d)
    else:
        found = assert_illegal(d)
        assert "C36-ARC" in because(found, ("spell_target", "Shaman", "Knight", False))


def test_C37_TARGET_sight_entry_denying_los():
    # A sight entry's los: false (e.g. a hill between them): no LOS, not a target.
    assert_illegal(doc([shaman(), knight(6)], cast(range=12),
                       sight=[{"from": "Shaman", "to": "Knight", "los": False}]))


def test_C37_TARGET_a_model_on_the_line_blocks():
    # "Alle Figuren blockieren die Sichtlinie": an enemy model standing on the line between.
    blocker = model("Spear", 5, 0, army="Men", facing=180)
    assert_illegal(doc([shaman(), knight(10), blocker], cast(range=12)))
    # Moved 2 inches off the line it blocks nothing.
    clear = model("Spear", 5, 2, army="Men", facing=180)
    assert_legal(doc([shaman(), knight(10), clear], cast(range=12)))


def test_C37_TARGET_a_wood_of_3_inches_blocks():
    # "Wald und Dschungel müssen mindestens 3 Inch tief sein um die LOS zu blockieren".
    assert_illegal(doc([shaman(), knight(10)], cast(range=12),
                       sight=[{"from": "Shaman", "to": "Knight", "wood": 3}]))
    assert_legal(doc([shaman(), knight(10)], cast(range=12),
                     sight=[{"from": "Shaman", "to": "Knight", "wood": 2.9}]))


@pytest.mark.parametrize("flag", ["mounted", "chariot"])
def test_C37_TARGET_a_mounted_or_chariot_caster_keeps_its_front_arc(flag):
    # The 360 degrees are a field of fire for shooting ("die mit Fernkampfwaffen schiessen",
    # "Kämpfer auf Streitwagen ... Schusswinkel"); a spell needs LOS from the front 180.
    behind = doc([shaman(**{flag: True}), knight(-3)], cast(range=12))
    found = assert_illegal(behind)
    assert "C36-ARC" in because(found, ("spell_target", "Shaman", "Knight", False))
    assert_legal(doc([shaman(**{flag: True}), knight(3)], cast(range=12)))


# --- C37-TARGET: the two kinds of spells the text names -----------------------------------------

def test_C37_TARGET_los_only_spell_works_at_any_distance():
    # "Einige Zaubersprüche brauchen nur die Sichtlinie und können über jede Distanz gewirkt
    # werden": 50 inches away, in sight: legal (a range given is then no limit) ...
    assert_legal(doc([shaman(), knight(50)], cast(range=12, needs_range=False)))
    assert_legal(doc([shaman(), knight(50)], cast(needs_range=False)))
    # ... but it still needs the sight: behind the caster it is not a target.
    assert_illegal(doc([shaman(), knight(-50)], cast(needs_range=False)))


def test_C37_TARGET_spell_without_los_reaches_any_target_within_range():
    # "brauchen einige Zauber keine LOS und können auf jedes Ziel innerhalb der angegebenen
    # Reichweite angewandt werden": behind the caster, behind a wall of woods, or hidden by a
    # sight entry — all legal within range; 12.1 inches is still beyond it.
    no_los = {"range": 12, "needs_los": False}
    assert_legal(doc([shaman(), knight(-12)], cast(**no_los)))
    assert_legal(doc([shaman(), knight(6)], cast(**no_los),
                     sight=[{"from": "Shaman", "to": "Knight", "los": False}]))
    assert_illegal(doc([shaman(), knight(-12.1)], cast(**no_los)))


def test_C37_TARGET_spell_without_a_range_given_is_judged_on_sight_alone():
    # Reading (docs/rulebooks/chronopia.md): a cast query without the spell's range does not limit the distance;
    # sight is still needed ("Normalerweise ... innerhalb der LOS").
    assert_legal(doc([shaman(), knight(100)], cast()))
    assert_illegal(doc([shaman(), knight(-3)], cast()))


def test_C37_TARGET_hidden_target_is_excluded_from_a_spell_that_needs_los():
    # Issue 24, item 5: the list of "wann nun ein Ziel sichtbar ist und wann nicht" begins
    # with "a.) Es kann nicht auf 'versteckte' Figuren geschossen werden" (C36-LOS-HIDDEN),
    # and 3.7 asks for the target "innerhalb der LOS": a hidden model is not in sight
    # (C-INT-3). More in tests/test_chronopia_sight.py.
    assert_illegal(doc([shaman(), knight(6, hidden=True)], cast(range=12)))


def test_C37_TARGET_caster_may_target_itself():
    # "Falls ... unter 'Reichweite' SELBST steht, kann ihn die zaubernde Figur nur auf sich
    # selbst anwenden": a caster is always a possible target of its own spell.
    found = rule(doc([shaman(), knight(50)], cast(target="Shaman", range=0)))
    assert tuples(found, "spell_target") == {("spell_target", "Shaman", "Shaman", True)}
    assert tuples(found, "resist_number") == {("resist_number", "Shaman", "Shaman", 5)}


def test_C37_TARGET_each_query_is_judged_on_its_own_spell():
    # Two casts by two casters: one within its 12 inches, one beyond its 6.
    other = model("Witch", 0, 2, individual=True, stats={"mg": 12})
    found = rule(doc([shaman(), other, knight(8)], cast(range=12),
                     cast(caster="Witch", range=6, ident="c2")))
    assert tuples(found, "spell_target") == {("spell_target", "Shaman", "Knight", True),
                                             ("spell_target", "Witch", "Knight", False)}
    assert tuples(found, "cast_number") == {("cast_number", "Shaman", 9)}
    assert {r["query"] for r in found if r["kind"] == "chance"} == {"c"}


# --- C36-MOUNT with C37-TARGET: a spell on a chariot ----------------------------------------------

def chariot(x, y=0.0):
    return model("Chariot", x, y, army="Men", facing=180, size=4, chariot=True,
                 stats={"ld": 8})


def test_C36_MOUNT_spell_on_a_chariot_in_range_and_seen_whole_is_legal():
    # "muss der Magier eine LOS auf die ganze Figur haben": seen whole, 10 inches, range 12.
    assert_legal(doc([shaman(), chariot(10)], cast(target="Chariot", range=12)),
                 target="Chariot")


def test_C36_MOUNT_spell_on_a_chariot_partly_hidden_is_illegal():
    found = assert_illegal(doc([shaman(), chariot(10)], cast(target="Chariot", range=12),
                               sight=[{"from": "Shaman", "to": "Chariot", "cover": "light"}]),
                           target="Chariot")
    assert "C36-MOUNT" in because(found, ("spell_target", "Shaman", "Chariot", False))


@pytest.mark.parametrize("caster, x", [
    ({}, 12.1),                 # seen whole, but beyond the spell's 12 inches
    ({"mounted": True}, -10),   # behind a mounted caster: no LOS from its front arc
])
def test_C36_MOUNT_spell_on_a_chariot_seen_whole_but_out_of_range_or_behind_is_illegal(caster, x):
    assert_illegal(doc([shaman(**caster), chariot(x)], cast(target="Chariot", range=12)),
                   target="Chariot")


# --- C37-CAST and C37-RESIST: no numbers for a target that is not one ---------------------------

def test_C37_CAST_no_cast_number_or_dice_for_an_illegal_target():
    # "Um einen Zauber zu wirken ..." presupposes a possible target: none, no cast.
    found = rule(doc([shaman(), knight(-4)], cast(range=12, roll=1)))
    assert tuples(found, "cast_number", "outcome", "chance") == set()


def test_C37_RESIST_no_resist_number_for_an_illegal_target():
    found = rule(doc([shaman(), knight(12.1)], cast(range=12)))
    assert tuples(found, "resist_number") == set()


# --- item 11: morale keeps the front arc, for mounted models and chariots too -----------------

def rider(**extra):
    """A mounted model (rider's LD 8, mount's LD 12) at the origin, facing +x."""
    return model("Rider", army="Men", mounted=True, mount={"ld": 12}, stats={"ld": 8},
                 **extra)


def troll(x, y=0.0, causes="fear", size=2):
    return model("Troll", x, y, army="Orcs", facing=180, size=size, causes=causes)


def morale(unit, factor, causer="Troll"):
    return {"id": "q", "morale": {"unit": unit, "factor": factor, "causer": causer}}


@pytest.mark.parametrize("x, y, expected", [
    # exactly 90 degrees (front arc inclusive), 3 inches: within fear's 4 and seen
    (0, 3, ("morale_test", "Rider", "fear", "fear", 8)),
    # just past 90 degrees, 3.0 inches: within the radius, but not seen
    (-0.1, 3, ("no_test", "Rider", "fear", "out_of_sight")),
    # straight behind, 3 inches
    (-3, 0, ("no_test", "Rider", "fear", "out_of_sight")),
    # behind and 4.1 inches: too far, whatever the sight
    (-4.1, 0, ("no_test", "Rider", "fear", "out_of_reach")),
    # in front, 4.1 inches: too far
    (4.1, 0, ("no_test", "Rider", "fear", "out_of_reach")),
])
def test_C38_FEAR_mounted_model_sees_only_its_front_arc(x, y, expected):
    # "Es muss eine LOS zum furchtauslösende Figur bestehen" + LOS from the front 180 only;
    # the mounted model's 360 degrees are for shooting. Its LD is the rider's 8.
    found = rule(doc([rider(), troll(x, y)], morale("Rider", "fear")))
    assert tuples(found, "morale_test", "no_test") == {expected}
    assert "C38-FEAR" in because(found, expected)


@pytest.mark.parametrize("x, y, expected", [
    (0, 3, ("morale_test", "Foot", "fear", "fear", 8)),
    (-0.1, 3, ("no_test", "Foot", "fear", "out_of_sight")),
])
def test_C38_FEAR_front_arc_edge_on_foot_is_the_same(x, y, expected):
    foot = model("Foot", army="Men", stats={"ld": 8})
    found = rule(doc([foot, troll(x, y)], morale("Foot", "fear")))
    assert tuples(found, "morale_test", "no_test") == {expected}


@pytest.mark.parametrize("x, expected", [
    (4, ("morale_test", "Rider", "terror", "terror", 8)),     # in front, 2 x size 2 = 4
    (-4, ("no_test", "Rider", "terror", "out_of_sight")),     # behind, within 4
    (-4.1, ("no_test", "Rider", "terror", "out_of_reach")),   # behind, beyond 4
])
def test_C38_TERROR_mounted_model_sees_only_its_front_arc(x, expected):
    # "Dieser Radius hat die doppelte Grösse einer Figur in Inch und liegt innerhalb der LOS".
    found = rule(doc([rider(), troll(x, causes="terror")], morale("Rider", "terror")))
    assert tuples(found, "morale_test", "no_test") == {expected}


@pytest.mark.parametrize("x, expected", [
    (30, ("morale_test", "Rider", "horror", "horror", 8)),    # in front, any distance
    (-30, ("no_test", "Rider", "horror", "out_of_sight")),    # behind: no LOS, no test
])
def test_C38_HORROR_mounted_model_sees_only_its_front_arc(x, expected):
    # "Horrorauslösende Figuren zwingen jeder Figur das Sichtlinie zu ihnen hat eine
    # Moralprobe auf": a horror-causer behind a mounted model is not in its LOS.
    found = rule(doc([rider(), troll(x, causes="horror")], morale("Rider", "horror")))
    assert tuples(found, "morale_test", "no_test") == {expected}


def test_C38_HORROR_chariot_sees_only_its_front_arc():
    # "Kämpfer auf Streitwagen haben einen Schusswinkel von 360 Grad" speaks of shooting too:
    # a horror-causer behind the chariot is not seen. In front, it tests with the crew's best
    # LD ("den höchsten Führungswert der darin mitfahrenden Figuren": 11).
    def wagon():
        return model("Wagon", army="Men", size=4, chariot=True, crew=[{"ld": 7}, {"ld": 11}],
                     stats={"ld": 5})
    behind = rule(doc([wagon(), troll(-20, causes="horror")], morale("Wagon", "horror")))
    assert tuples(behind, "morale_test", "no_test") == {("no_test", "Wagon", "horror",
                                                         "out_of_sight")}
    ahead = rule(doc([wagon(), troll(20, causes="horror")], morale("Wagon", "horror")))
    assert tuples(ahead, "morale_test") == {("morale_test", "Wagon", "horror", "horror", 11)}


def test_C38_FEAR_unit_with_a_mounted_model_tests_when_one_model_in_reach_sees():
    # A warband tests once ("Der gesamte Kampfverband muss eine Probe ablegen") when a model
    # within the radius sees the causer: the rider faces away, the footman beside it faces
    # the Troll, 3.6 inches away (2 inches to the side: the rider's base is more than an
    # inch off its line).
    models = [model("Rider", army="Men", unit="Band", mounted=True, stats={"ld": 8},
                    facing=180),
              model("Foot", 0, 2, army="Men", unit="Band", stats={"ld": 7}),
              troll(3)]
    found = rule(doc(models, morale("Band", "fear")))
    assert tuples(found, "morale_test", "no_test") == {("morale_test", "Band", "fear", "fear",
                                                        8)}


def test_C36_ARC_mounted_shooter_still_fires_all_round():
    # The other half of item 11: the 360 degrees stay for shooting ("Berittene Einheiten die
    # mit Fernkampfwaffen schiessen, haben einen Schusswinkel von 360 Grad").
    archer = model("Horse Archer", army="Men", mounted=True, stats={"rs": 12})
    found = rule(doc([archer, troll(-10)],
                     {"id": "s", "shoot": {"shooter": "Horse Archer", "target": "Troll",
                                           "weapon": {"short": 10, "medium": 20, "max": 30,
                                                      "damage": 3}}}))
    assert ("legal_target", "Horse Archer", "Troll", False) in tuples(found, "legal_target")
