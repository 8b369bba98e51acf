"""Issue 24, items 4, 5 and 7 (chronopia): the cover a wall gives, a hidden model as a spell's
target, and a flier refused through its altitude. Every expectation is worked out from the
quoted source sentence (../shared/seeds/002_80e45203b1914d7b.txt, 3.6 and 3.7) before running
the tool.
"""

import pytest

import pybridge
from chronopia_shots import because as shot_because
from chronopia_shots import model, of
from test_chronopia_magic_source_readings import (
    CAST_RESULTS,
    assert_illegal,
    assert_legal,
    because,
    cast,
    doc,
    knight,
    shaman,
)
from test_chronopia_targeting import only_shooter_and, rule

# --- C36-LOS-WALL / C36-COVER: a wall gives the cover the visibility gives -------------------
# "c.) Mauern und Hecken blockieren die LOS wenn sie grösser als das Ziel sind. Ansonst bieten
# sie nur Deckung." and "Schwere Deckung: Dazu zählen Mauern, Felsen und anderes massives
# Gelände. Grundsätzlich gilt, das ein Ziel was weniger als zu Hälfte sichtbar ist und sich
# hinter Geländestück befindet ... schwere Deckung hat" (-4); "Weiter gilt, das ein hinter einem
# massiven Geländestück mehr als zu Hälfte sichtbares Ziel eine leichte Deckung hat" (-2).
# The Archer (RS 12) shoots a 2-inch Knight (size 2) 10 inches ahead, at short range (-0).

def behind_wall(height, half_visible=None):
    entry = {"from": "Archer", "to": "Knight", "wall_height": height}
    if half_visible is not None:
        entry["half_visible"] = half_visible
    return rule(only_shooter_and(model("Knight", position=(0, 10)), sight=[entry]))


@pytest.mark.parametrize("height", [1.8, 2])
def test_C36_LOS_WALL_a_target_less_than_half_visible_behind_a_wall_has_heavy_cover(height):
    # 1.8 and 2 inches (as tall as the target: not taller) do not block; less than half
    # visible behind it: heavy cover, 12 - 4 = 8.
    result = behind_wall(height, half_visible=False)
    assert of(result, "hit_number") == {("hit_number", "Archer", "Knight", 8)}
    assert "C36-COVER" in shot_because(result, ("hit_number", "Archer", "Knight", 8))


@pytest.mark.parametrize("half_visible", [True, None])
def test_C36_LOS_WALL_a_target_more_than_half_visible_behind_a_wall_has_light_cover(half_visible):
    # More than half visible (half_visible true, or not said: a target is taken as more than
    # half visible unless a sight entry says it is not): light cover, 12 - 2 = 10.
    result = behind_wall(2, half_visible=half_visible)
    assert of(result, "hit_number") == {("hit_number", "Archer", "Knight", 10)}


def test_C36_LOS_WALL_a_wall_taller_than_the_target_blocks_whatever_the_visibility():
    # 2.1 inches in front of a 2-inch target: "blockieren die LOS wenn sie grösser als das Ziel
    # sind": no shot, so no cover to speak of.
    result = rule(only_shooter_and(model("Knight", position=(0, 10)),
                                   sight=[{"from": "Archer", "to": "Knight", "wall_height": 2.1,
                                           "half_visible": False}],
                                   queries=[{"id": "q", "shoot": {
                                       "shooter": "Archer", "target": "Knight",
                                       "weapon": {"short": 40, "medium": 50, "max": 60,
                                                  "damage": 3}}}]))
    assert of(result, "target_refused") == {("target_refused", "Archer", "Knight", "behind_wall")}
    assert of(result, "hit_number") == set()


def test_C36_LOS_WALL_heavy_cover_explanation_says_why():
    result = pybridge.rule(only_shooter_and(
        model("Knight", position=(0, 10)),
        sight=[{"from": "Archer", "to": "Knight", "wall_height": 1.8, "half_visible": False}]),
        explain=True)
    (hit,) = [r for r in result["rulings"] if r["kind"] == "hit_number"]
    said = _sentences(hit["why"])
    assert "Knight is in heavy cover: -4" in said
    assert any("less than half visible" in s and "1.8 inches" in s for s in said), said


# --- C37-TARGET: a hidden model is not within the caster's LOS -------------------------------
# The source's list of when a target is visible ("wann nun ein Ziel sichtbar ist und wann
# nicht") begins "a.) Es kann nicht auf "versteckte" Figuren geschossen werden"; C37-TARGET:
# "Normalerweise muss eine Figur innerhalb der LOS und Reichweite des Magiers sein"; C-INT-3:
# a hidden model cannot be seen. "Andersherum brauchen einige Zauber keine LOS und können auf
# jedes Ziel innerhalb der angegebenen Reichweite angewandt werden."

def test_C37_TARGET_a_hidden_model_cannot_be_the_target_of_a_spell_that_needs_los():
    found = assert_illegal(doc([shaman(), knight(5, hidden=True)], cast(range=12)))
    cited = because(found, ("spell_target", "Shaman", "Knight", False))
    assert {"C37-TARGET", "C36-LOS-HIDDEN", "C-INT-3"} <= set(cited)


def test_C37_TARGET_a_spell_that_needs_no_los_may_target_a_hidden_model():
    assert_legal(doc([shaman(), knight(5, hidden=True)], cast(range=12, needs_los=False)))


def test_C37_TARGET_the_same_model_not_hidden_is_a_legal_target():
    assert_legal(doc([shaman(), knight(5)], cast(range=12)))


def test_C37_TARGET_explanation_of_a_hidden_target_does_not_say_the_caster_sees_it():
    result = pybridge.rule(doc([shaman(), knight(5, hidden=True)], cast(range=12)), explain=True)
    (ruling,) = [r for r in result["rulings"] if r["kind"] == "spell_target"]
    said = _sentences(ruling["why"])
    assert not any("Shaman sees Knight" in s for s in said), said
    assert "Knight is hidden: it cannot be seen, so it is not in Shaman's line of sight" in said
    assert not [r for r in result["rulings"] if r["kind"] in CAST_RESULTS]


# --- C36-FLY with C36-PRI-D: a flier beyond 12 inches only through its altitude --------------
# "Zuerst misst man die Entfernung von der schiessenden Figur bis zum Flieger und addiert zu
# dieser die Höhe (laut Marker) in der sich der Flieger befindet" and C36-PRI-D: "wenn
# feindliche, nicht panische Einheiten sich innerhalb von 12 Inch ... befinden" the shooter
# must shoot at those. The Archer at the origin faces +y; a Knight 11 inches ahead binds it;
# the Bat flies at altitude 5, 10 inches out on the ground: 10 + 5 = 15 inches, beyond 12.

def flier_state():
    return only_shooter_and(
        model("Knight", unit="Knights", position=(0, 11)),
        model("Bat", unit="Bats", position=(6, 8), altitude=5),
        queries=[{"id": "q", "shoot": {"shooter": "Archer", "target": "Bat",
                                       "weapon": {"short": 40, "medium": 50, "max": 60,
                                                  "damage": 3}}}])


def test_C36_FLY_a_flier_refused_only_through_its_altitude_cites_C36_FLY():
    # (6, 8) is 10 inches on the ground (within 12: on the ground the Bats would be a unit the
    # Archer may choose); with the altitude, 10 + 5 = 15 inches, beyond 12: refused, the
    # Knight (11 inches) binding the Archer.
    result = rule(flier_state())
    assert of(result, "target_refused") == {("target_refused", "Archer", "Bat", "enemy_within_12")}
    cited = shot_because(result, ("target_refused", "Archer", "Bat", "enemy_within_12"))
    assert {"C36-PRI-D", "C36-FLY"} <= set(cited)


def test_C36_FLY_a_flier_beyond_12_inches_on_the_ground_too_does_not_cite_C36_FLY():
    # 13 inches on the ground already: the altitude is not why it is refused.
    state = flier_state()
    state["models"][2]["position"] = [5, 12]
    result = rule(state)
    cited = shot_because(result, ("target_refused", "Archer", "Bat", "enemy_within_12"))
    assert "C36-FLY" not in cited


def test_C36_FLY_the_refusal_explains_the_addition_and_it_is_true_of_the_state():
    result = pybridge.rule(flier_state(), explain=True)
    (refusal,) = [r for r in result["rulings"] if r["kind"] == "target_refused"]
    nodes = list(_walk(refusal["why"]))
    (fly,) = {(n["facts"]["ground"], n["facts"]["altitude"], n["facts"]["distance"])
              for n in nodes if n["rule"] == "C36-FLY"}
    ground, altitude, distance = fly
    # true of the state: the Bat at (6, 8) is 10 inches from the Archer at the origin, flying
    # at 5; the sum is the distance, beyond 12, the ground distance within it.
    assert (ground, altitude) == (10, 5)
    assert distance == ground + altitude == 15
    assert ground <= 12 < distance
    (farther,) = [n for n in nodes if n["says"].startswith("Bat (")]
    assert farther["facts"]["distance"] == distance


def _walk(nodes):
    for node in nodes:
        yield node
        yield from _walk(node["why"])


def _sentences(nodes):
    return [n["says"] for n in _walk(nodes)]
