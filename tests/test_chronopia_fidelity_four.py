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


# --- item 1: a fear-causer facing a horror-causer --------------------------------------------
# Source (3.8): "Furchtverursachende Figuren sind gegen Furcht immun und behandeln den Faktor
# Schrecken als wäre er Furcht und die Effekte von Horror wie die von Schrecken." and, for a
# terror-causer, "behandeln den Faktor Horror als wäre er Schrecken". Horror's trigger:
# "Horrorauslösende Figuren zwingen jeder Figur das Sichtlinie zu ihnen hat eine Moralprobe
# auf." So a fear-causer keeps horror's trigger (line of sight, no radius) and suffers
# terror's effects ("Die Auswirkungen des Schreckens") where a failed horror test would send
# it to the horror table ("Versagen: ... Die Figur muss sofort auf der Horrortabelle
# würfeln"). A terror-causer treats the whole factor as terror: terror's radius ("Dieser
# Radius hat die doppelte Grösse einer Figur in Inch"). States 1a and 1b of
# tests/fidelity_four_predictions.md, written from the source before the tool was run.

def _morale_tuples(document):
    found = set()
    for r in pybridge.rule(document)["rulings"]:
        if r["kind"] == "morale_test":
            found.add((r["query"], "test", r["unit"], r["factor"], r["treated_as"], r["value"]))
        elif r["kind"] == "no_test":
            found.add((r["query"], "no_test", r["unit"], r["factor"], r["reason"]))
        elif r["kind"] == "immune":
            found.add((r["query"], "immune", r["unit"], r["factor"]))
        elif r["kind"] == "outcome":
            found.add((r["query"], "outcome", r["result"]))
    return found


def _state_1a():
    return {"rulebook": "chronopia", "models": [
        {"id": "Ghoul", "army": "Necropolis Rebels", "size": 2, "position": [0, 0], "facing": 0,
         "causes": "fear", "stats": {"ld": 7}},
        {"id": "Lich", "army": "Dark Legion", "size": 3, "position": [10, 0], "facing": 180,
         "causes": "horror", "stats": {"ld": 12}},
        {"id": "Wraith", "army": "Necropolis Rebels", "size": 2, "position": [4, -8],
         "facing": 45, "causes": "terror", "stats": {"ld": 10}},
        {"id": "Ghoul 2", "army": "Necropolis Rebels", "size": 2, "position": [4, 8],
         "facing": 180, "causes": "fear", "stats": {"ld": 7}}],
        "queries": [
            {"id": "ghoul sees the lich",
             "morale": {"unit": "Ghoul", "factor": "horror", "causer": "Lich"}},
            {"id": "ghoul fails",
             "morale": {"unit": "Ghoul", "factor": "horror", "causer": "Lich", "table_roll": 3},
             "roll": 9},
            {"id": "wraith sees the lich",
             "morale": {"unit": "Wraith", "factor": "horror", "causer": "Lich"}},
            {"id": "ghoul 2 faces away",
             "morale": {"unit": "Ghoul 2", "factor": "horror", "causer": "Lich"}}]}


def test_C38_IMM_FEAR_a_fear_causer_tests_horror_by_line_of_sight_10_inches_away():
    found = _morale_tuples(_state_1a())
    # the Ghoul sees the Lich 10 inches away: horror's trigger (line of sight, no radius); the
    # test is horror's, on the Ghoul's own LD 7
    assert ("ghoul sees the lich", "test", "Ghoul", "horror", "horror", 7) in found
    # a failure (9 > 7): terror's effects, not the horror table (its table_roll is unused)
    assert ("ghoul fails", "outcome", "terrified") in found
    assert not {f for f in found if f[0] == "ghoul fails" and f[1] == "outcome"} - {
        ("ghoul fails", "outcome", "terrified")}
    # the Wraith treats "den Faktor Horror" as terror: the Lich's terror radius, 2 x 3 = 6
    # inches, and 10 > 6
    assert ("wraith sees the lich", "no_test", "Wraith", "horror", "out_of_reach") in found
    # the second Ghoul faces away: no line of sight, no test
    assert ("ghoul 2 faces away", "no_test", "Ghoul 2", "horror", "out_of_sight") in found


def test_C38_IMM_FEAR_a_fear_causers_horror_test_cites_the_rule_and_terrors_effects():
    rulings = pybridge.rule(_state_1a())["rulings"]
    test = next(r for r in rulings if r["kind"] == "morale_test" and r["query"] == "ghoul fails")
    assert {"C38-TEST", "C38-HORROR", "C38-IMM-FEAR"} <= set(test["because"])
    failed = next(r for r in rulings if r["kind"] == "outcome" and r["query"] == "ghoul fails")
    assert {"C38-IMM-FEAR", "C38-TERROR"} <= set(failed["because"])


def test_C38_IMM_FEAR_a_fear_causers_horror_dice():
    # LD 7: a 1 is horror's critical ("Nerven aus Stahl"), a 20 horror's fumble ("wird vom
    # Schlachtfeld entfernt"): both are results of the horror test, not its "Effekte"; a pass
    # (2..7) leaves it "nur von Furcht erfasst", and a fear-causer is immune to fear: it is
    # unaffected; a failure (8..19): terror's effects. No horror table is rolled.
    state = _state_1a()
    state["queries"] = state["queries"][:1]
    chances = {(r["die"], r["result"]): r["in"] for r in pybridge.rule(state)["rulings"]
               if r["kind"] == "chance"}
    assert chances == {("first", "steel_nerves"): 1, ("first", "removed"): 1,
                       ("first", "unaffected"): 6, ("first", "terrified"): 12}


def test_C38_IMM_FEAR_the_fear_causers_of_a_unit_test_horror_each_on_their_own_ld():
    # "jeder Figur das Sichtlinie zu ihnen hat": horror is tested model by model, a unit of
    # fear-causers too (each model keeps horror's trigger), each on its own LD.
    state = {"rulebook": "chronopia", "models": [
        {"id": "Ghoul A", "unit": "Ghouls", "army": "Rebels", "size": 2, "position": [0, 0],
         "facing": 0, "causes": "fear", "stats": {"ld": 7}},
        {"id": "Ghoul B", "unit": "Ghouls", "army": "Rebels", "size": 2, "position": [0, 2],
         "facing": 0, "causes": "fear", "stats": {"ld": 9}},
        {"id": "Lich", "army": "Legion", "size": 3, "position": [20, 0], "facing": 180,
         "causes": "horror"}],
        "queries": [{"id": "q", "morale": {"unit": "Ghouls", "factor": "horror",
                                          "causer": "Lich"}}]}
    assert _morale_tuples(state) == {("q", "test", "Ghoul A", "horror", "horror", 7),
                                     ("q", "test", "Ghoul B", "horror", "horror", 9)}


def _state_1b():
    return {"rulebook": "chronopia", "models": [
        {"id": "Ghoul", "army": "Necropolis Rebels", "size": 2, "position": [0, 0], "facing": 0,
         "causes": "fear", "stats": {"ld": 7}},
        {"id": "Demon", "army": "Dark Legion", "size": 5, "position": [10, 0], "facing": 180,
         "causes": "terror", "stats": {"ld": 12}},
        {"id": "Spearman", "army": "Necropolis Rebels", "size": 2, "position": [4, -8],
         "facing": 45, "stats": {"ld": 8}},
        {"id": "Ghoul 2", "army": "Necropolis Rebels", "size": 2, "position": [10, 4],
         "facing": 270, "causes": "fear", "stats": {"ld": 7}}],
        "queries": [
            {"id": "ghoul at 10", "morale": {"unit": "Ghoul", "factor": "terror",
                                             "causer": "Demon"}},
            {"id": "spearman at 10", "morale": {"unit": "Spearman", "factor": "terror",
                                                "causer": "Demon"}},
            {"id": "ghoul at 4", "morale": {"unit": "Ghoul 2", "factor": "terror",
                                            "causer": "Demon"}}]}


def test_C38_IMM_FEAR_terror_as_fear_keeps_the_fear_radius():
    # "behandeln den Faktor Schrecken als wäre er Furcht": the whole factor, so fear's radius
    # ("Wenn nicht anders erwähnt, beträgt dieser Radius der Furcht 4 Inch"); 4.0 is within it
    found = _morale_tuples(_state_1b())
    assert ("ghoul at 10", "no_test", "Ghoul", "terror", "out_of_reach") in found
    # "Dieser Radius hat die doppelte Grösse einer Figur in Inch": 2 x 5 = 10, 10.0 included
    assert ("spearman at 10", "test", "Spearman", "terror", "terror", 8) in found
    assert ("ghoul at 4", "test", "Ghoul 2", "terror", "fear", 7) in found


# --- item 3 of the predictions (issue 52, section 2): into melee, a natural 1 and a natural 20
# Source (3.6, "In den Nahkampf feuern"): "Es wird wie gewöhnlich eine Schussprobe abgelegt,
# allerdings mit folgender Änderung. Für jede befreundete Einheit im Nahkampf (bzw.
# Basekontakt) mit dem Ziel, wird eine 1 vom FW-Wert abgezogen." and "• Hervorragender
# Erfolg: Falls bei einem Schuss in den Nahkampf eine 1 geworfen wird, wird das beabsichtigte
# Ziel des Schusses automatisch getroffen. • Patzer: Falls bei einem Schuss in den Nahkampf
# eine 20 geworfen wird, wird automatisch eine zufällig bestimmte befreundete Figur
# getroffen." The shot is "wie gewöhnlich" with one change (the -1): the melee bullets say
# whom a 1 and a 20 hit, and add to what the general ones say of every ranged shot
# ("Hervorragender Erfolg: Das Ziel kann keinen Rüstungswurf machen ..."; "Patzer: Die
# angreifende Figur verliert alle verbleibenden Handlungen für diese Runde"). One choice for
# both: add. States 3a and 3b of tests/fidelity_four_predictions.md.

def _melee(rs, roll):
    return {"rulebook": "chronopia", "models": [
        {"id": "Archer", "unit": "Orc Archers", "army": "Orcs", "size": 2, "position": [0, 0],
         "facing": 90, "stats": {"rs": rs}},
        {"id": "Troll", "unit": "Trolls", "army": "Beasts", "size": 3, "position": [0, 10],
         "facing": 270, "stats": {"ar": 14}},
        {"id": "Sword 1", "unit": "Orc Swords", "army": "Orcs", "size": 3,
         "position": [1.45, 9.7], "facing": 90, "stats": {"ar": 12}},
        {"id": "Sword 2", "unit": "Orc Axes", "army": "Orcs", "size": 3,
         "position": [-1.45, 9.9], "facing": 90, "stats": {"ar": 12}}],
        "queries": [{"id": "q", "shoot": {"shooter": "Archer", "target": "Troll", "weapon": WEAPON},
                     "roll": roll}]}


def _of(rulings, kind):
    return [r for r in rulings if r["kind"] == kind]


def test_C36_MELEE_a_natural_1_into_melee_hits_the_target_as_an_excellent_success():
    rulings = pybridge.rule(_melee(12, 1))["rulings"]
    assert [r["value"] for r in _of(rulings, "hit_number")] == [10]   # 12 - 2 friends
    [outcome] = _of(rulings, "outcome")
    # the intended target is hit (melee bullet) and, the modified RS 10 being above 3, the
    # hit is the general excellent success (no armour save, an automatic wound)
    assert outcome["result"] == "excellent"
    assert {"C36-CRIT", "C36-MELEE"} <= set(outcome["because"])


def test_C36_MELEE_a_natural_20_into_melee_hits_a_random_friend_and_is_a_fumble():
    rulings = pybridge.rule(_melee(12, 20))["rulings"]
    [outcome] = _of(rulings, "outcome")
    # a random friendly model is hit (melee bullet) and the shooter loses its remaining
    # actions this round (the general fumble); no friendly-fire test decides it
    assert outcome["result"] == "fumble_random_friend_hit"
    assert {"C36-FUMBLE", "C36-MELEE"} <= set(outcome["because"])


def test_C36_MELEE_a_natural_1_at_a_modified_rs_of_3_is_an_ordinary_hit():
    # RS 5 - 2 = 3: "Sollte nach allen Abzügen auf den FW-Wurf eine 3 als Ergebnis
    # herauskommen ... Eine 1 gilt dann wie ein gewöhnlicher Treffer": the Troll is hit and
    # saves on 14 - 3 = 11 or less
    rulings = pybridge.rule(_melee(5, 1))["rulings"]
    assert [r["value"] for r in _of(rulings, "hit_number")] == [3]
    [outcome] = _of(rulings, "outcome")
    assert outcome["result"] == "hit"
    assert [r["value"] for r in _of(rulings, "save_number")] == [11]
