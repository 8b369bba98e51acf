"""Issue 52 (fidelity, round four), chronopia: C36-PRI-D and a panicked unit nearer than the
non-panicked one.

Source (tests/sources/seeds/002_80e45203b1914d7b.txt, 3.6): "d.) Fernkampfeinheiten können
nicht auf weiter enfernte Einheiten zielen, wenn feindliche, nicht panische Einheiten sich
innerhalb von 12 Inch und im Bereich des Sichtfeldes befinden. Es muss auf diese
„näherliegenden Einheiten“ geschossen werden, da sie eine direktere Gefahr darstellen."
The second sentence binds the shooter to the non-panicked units within 12 inches; a
panicked unit, nearer or farther, is not one of them. The states and rulings were written
from the source by an independent reader (tests/fidelity_four_predictions.md, item 2)
before the tool was run.
"""

import pybridge

WEAPON = {"short": 12, "medium": 24, "max": 36, "damage": 3}


def battle(spear_at, rabble_at):
    return {"rulebook": "chronopia", "models": [
        {"id": "Archer", "unit": "Orc Archers", "army": "Orcs", "size": 2, "position": [0, 0],
         "facing": 90, "stats": {"rs": 11}},
        {"id": "Spear", "unit": "Spears", "army": "Free Cities", "size": 2,
         "position": spear_at, "facing": 270, "stats": {"ar": 14}},
        {"id": "Rabble", "unit": "Militia", "army": "Free Cities", "size": 2,
         "position": rabble_at, "facing": 270, "panicked": True, "stats": {"ar": 12}}],
        "queries": [{"id": "at the militia", "shoot": {"shooter": "Archer", "target": "Rabble",
                                                       "weapon": WEAPON}},
                    {"id": "at the spears", "shoot": {"shooter": "Archer", "target": "Spear",
                                                      "weapon": WEAPON}}]}


def verdicts(document):
    found = {}
    for r in pybridge.rule(document)["rulings"]:
        if r["kind"] == "target_refused":
            found[r["target"]] = ("refused", r["reason"], r["because"])
        elif r["kind"] == "legal_target" and r["query"] == ("at the spears" if r["target"] ==
                                                           "Spear" else "at the militia"):
            found[r["target"]] = ("legal",)
    return found


def test_C36_PRI_D_a_panicked_unit_nearer_than_a_non_panicked_one_is_refused():
    # Spears at 10 inches (within 12), the panicked Militia at 6 (nearer): the Archers must
    # shoot at the Spears; the Militia is refused.
    found = verdicts(battle([0, 10], [-4.8, 3.6]))
    assert found["Spear"] == ("legal",)
    assert found["Rabble"] == ("refused", "enemy_within_12", ["C36-PRI-D"])


def test_C36_PRI_D_a_panicked_unit_farther_is_refused_with_the_spears_at_exactly_12():
    # the boundary: the Spears at exactly 12.0 inches are "innerhalb von 12 Inch"; the
    # panicked Militia at 14 is a farther unit
    found = verdicts(battle([0, 12], [-8.4, 11.2]))
    assert found["Rabble"] == ("refused", "enemy_within_12", ["C36-PRI-D"])


def test_C36_PRI_D_with_the_spears_beyond_12_the_nearer_panicked_unit_may_be_shot():
    # Spears at 12.5 inches: nothing binds the Archers; the panicked Militia at 6 is the
    # nearest unit, and panicked units bind nothing, so it may be shot at
    found = verdicts(battle([0, 12.5], [-4.8, 3.6]))
    assert found["Rabble"] == ("legal",)
