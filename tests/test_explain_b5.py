"""``rulings rule --explain`` on b5: each example's why tree names the being, the element and
the fields, the row and column of table T.4 that applied and in which edition, immunity
against protection, who protects whom from which phase, and the phases that decided.

The expected values are worked out from each example's own comment and chapter B.5 with
the changes to table T.4 (../shared/rules/b5.md). The turn's phases are the default four:
movement (1), conflict (2), effect (3), retreat (4); orders are carried out in the first
phase, retreats in the retreat phase, and an element's effect sets in in the effect phase.
"""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pybridge
import pybridge.books
from explain_checks import (
    EXAMPLES,
    TREE,
    all_rulings,
    check_analysis_unchanged,
    check_deterministic,
    check_example,
    check_shared,
    examples,
    explained,
    inlined,
    node,
    nodes,
    ruling,
    sentences,
    without_why,
)

HERE = EXAMPLES / "b5"


@pytest.mark.parametrize("path", examples("b5"), ids=lambda p: p.name)
def test_every_ruling_has_a_why_that_cites_its_rules(path):
    check_example(path)


def test_discovery_wins_preconflict_B_5_2_6():
    result = explained(HERE / "discovery_wins_preconflict.yaml")
    # The fleet's own protection from MA holds the whole turn: from the movement phase.
    prot = ruling(result, "protected", being="Flotte Möwe")["why"]
    top = node(prot, "B.5.2.1", "Flotte Möwe (fleet, field 0413)", "Mahlstrom 0414 (MA, field 0414)")
    assert (top["facts"]["start_phase"], top["facts"]["start"], top["facts"]["phases"]) == \
        ("movement", 1, 4)
    assert node(top["why"], "B.5.2.2", "declared in the state", "whole turn")["facts"]["named"] == ["MA"]
    # The discovery wins its pre-conflict, then loses the main conflict about entering 0414.
    lost = ruling(result, "main_conflict_lost", order="Entdeckung 3")["why"]
    step = node(lost, "B.5.2.6", "discovery Entdeckung 3", "field 0414", "wins it",
                "loses the main conflict")
    assert (step["facts"]["being"], step["facts"]["to"], step["facts"]["element_type"]) == \
        ("Flotte Möwe", "0414", "MA")
    # ... because the fleet is protected in the order phase (the first).
    shield = node(step["why"], "B.5.2.3", "in the movement phase (phase 1 of 4)")
    assert shield["facts"]["at"] == 1
    assert not [r for r in result["rulings"] if r["kind"] == "order_refused"]


def test_druid_protects_fleet_in_maelstrom_B_5_2_5_B_5_2_7():
    result = explained(HERE / "druid_protects_fleet_in_maelstrom.yaml")
    prot = ruling(result, "protected", being="Flotte Sturmvogel")["why"]
    top = node(prot, "B.5.2.1", "starts in the conflict phase (phase 2 of 4)")
    assert top["facts"]["start"] == 2
    # Aldan protects the beings of 0412 from his arrival in the conflict phase to the end of
    # the turn, also after he leaves in the retreat phase: the fleet's grant, and under it
    # the protection of the field (stated once, whichever being it protects).
    granted = node(prot, "B.5.2.2", "by its presence in field 0412, Flotte Sturmvogel is "
                                    "protected from Mahlstrom 0412 from the conflict phase")
    presence = node(granted["why"], "B.5.2.5", "Druide Aldan protects the beings in field 0412 from MA",
                    "appears at them, in the conflict phase", "rest of the turn")
    assert (presence["facts"]["arrives"], presence["facts"]["arrives_phase"],
            presence["facts"]["protectors"], presence["facts"]["to"]) == \
        (2, "conflict", ["Druide Aldan"], "0412")
    leaves = node(presence["why"], "B.5.2.5", "Druide Aldan leaves field 0412 again in the retreat phase",
                  "lasts for the rest of the turn all the same")
    assert (leaves["facts"]["leaves"], leaves["facts"]["leaves_phase"]) == (4, "retreat")
    # The protection (from phase 2) covers the effect phase (3): not sunk, but must retreat
    # in the retreat phase (4).
    retreat = ruling(result, "must_retreat", being="Flotte Sturmvogel")["why"]
    covered = node(retreat, "B.5.2.3", "effect phase (effect, phase 3 of 4)", "not subject")
    node(covered["why"], "B.5.2.5", "Druide Aldan")
    threat = node(retreat, "B.5.2.3", "Mahlstrom 0412 (MA), active, which destroys fleet")
    assert threat["facts"]["destroys"] == ["fleet"]
    step = node(retreat, "B.5.2.7", "nothing stops it leaving", "phase 4 of 4")
    assert step["facts"]["retreat_phase"] == "retreat"
    node(retreat, "B5-INT-4", "otherwise it must retreat")
    only = ruling(result, "only_retreat_from", being="Flotte Sturmvogel")["why"]
    limit = node(only, "B.5.2.7", "until the effect of Mahlstrom 0412 sets in", "phase 3 of 4")
    assert limit["facts"]["elements"] == ["Mahlstrom 0412"] and limit["facts"]["phase"] == "effect"
    # The druid is away from the maelstrom: no ruling explains anything about him.
    assert not [r for r in result["rulings"] if r.get("being") == "Druide Aldan"]


def test_king_wj_errata_T4_11_wins_B5_INT_2():
    result = explained(HERE / "king_wj_errata.yaml")
    why = ruling(result, "destroyed", being="König Ardan")["why"]
    # T.4 as changed, row K, column WJ: K is not protected from the WJ; the change wins
    # over B.5.2.8's example.
    # B.5.2.8 «vor der Versteinerung einer WJ»: the example it overrides is of the petrification.
    wins = node(why, "B5-INT-2", "the change wins",
                "though B.5.2.8 says a K is protected from the petrification of a WJ")
    assert wins["facts"]["overridden"] == ["B.5.2.8"]
    assert wins["facts"]["example_effect"] == "petrification"
    row = node(wins["why"], "T4-11", "edition errata", "row K", "column WJ", "K not protected from WJ")
    assert (row["facts"]["row"], row["facts"]["column"], row["facts"]["relation"]) == \
        ("K", "WJ", "not protected from")
    node(why, "B.5.2.3", "König Ardan (K) is in field 0815 with Weiße Jungfrau (WJ), active")
    bare = node(why, "B.5.2.3", "has no protection from Weiße Jungfrau", "phase 3 of 4")
    assert bare["facts"]["effect_phase"] == "effect"
    assert "B.5.2.8" not in {n["rule"] for n in nodes(why)}


def test_king_wj_original_B_5_2_8_B5_INT_1():
    result = explained(HERE / "king_wj_original.yaml")
    assert result["edition"] == "original"
    prot = ruling(result, "protected_from_effect", being="König Ardan")["why"]
    # B.5.2.8's king is an example of the chapter text, not a row of table T.4 (issue 24
    # item 7): the sentences say so and give no row or column. It protects him from the
    # petrification only («vor der Versteinerung einer WJ»).
    node(prot, "B.5.2.2", "a property of its type, K", "by the example of B.5.2.8 (chapter text)",
         "protected from the petrification of Weiße Jungfrau for the whole turn")
    row = node(prot, "B.5.2.8", "chapter text, not table T.4", "edition original",
               "type of being K", "type of element WJ",
               "K protected from the petrification of WJ only, not from the WJ as a whole")
    assert row["facts"]["source"] == "B.5.2.8" and row["facts"]["relation"] == "protected from"
    assert row["facts"]["effect_name"] == "petrification"
    assert (row["facts"]["being_kind"], row["facts"]["element_kind"]) == ("K", "WJ")
    assert "row" not in row["facts"] and "column" not in row["facts"]
    assert not [n for n in nodes(prot) if "row of table" in n["says"]]
    node(row["why"], "B5-INT-1", "knowledge")
    retreat = ruling(result, "must_retreat", being="König Ardan")["why"]
    node(retreat, "B.5.2.7", "must leave field 0815", "phase 4 of 4")
    node(retreat, "B.5.2.8", "K protected from the petrification of WJ")
    curse = ruling(result, "subject_to_effect", being="König Ardan")["why"]
    node(curse, "B.5.2.4", "from the curse of Weiße Jungfrau", "still subject to it")
    only = ruling(result, "only_retreat_from", being="König Ardan")["why"]
    assert node(only, "B.5.2.7", "Weiße Jungfrau")["facts"]["at"] == 3
    assert "T4-11" not in {n["rule"] for r in result["rulings"] for n in nodes(r["why"])}


def test_protected_too_late_to_be_banned_B_5_2_3_B_5_2_4_B_5_2_5():
    result = explained(HERE / "protected_too_late_to_be_banned.yaml")
    # Kormoran: a partial protection, from the retreat phase (4) to the last (4).
    kormoran = ruling(result, "protected", being="Flotte Kormoran")["why"]
    assert node(kormoran, "B.5.2.1", "retreat phase (phase 4 of 4)")["facts"]["start"] == 4
    partial = node(kormoran, "B.5.2.4", "from CN", "only from the retreat phase to the retreat phase")
    assert (partial["facts"]["from"], partial["facts"]["until"]) == (4, 4)
    assert partial["facts"]["named"] == ["CN"]
    late = node(kormoran, "B.5.2.3", "Zug 1 into field 0521", "order phase (movement, phase 1 of 4)",
                "before its protection from Chaosnebel starts")
    assert late["facts"]["to"] == "0521"
    # Reiher: Aldan appears in 0520 in the conflict phase (2), after the move (phase 1).
    reiher = ruling(result, "protected", being="Flotte Reiher")["why"]
    presence = node(reiher, "B.5.2.5", "Druide Aldan protects the beings in field 0520 from CN",
                    "appears at them, in the conflict phase")
    assert presence["facts"]["arrives"] == 2 and not presence["why"]      # he does not leave
    node(reiher, "B.5.2.3", "Zug 2 into field 0521", "before its protection")
    assert {r["kind"] for r in result["rulings"]} == {"protected"}


def test_retreat_field_and_none_B_5_2_7_B_5_2_8():
    result = explained(HERE / "retreat_field_and_none.yaml")
    immune = ruling(result, "immune", being="Galeere Seeadler")["why"]
    top = node(immune, "B.5.1", "Galeere Seeadler (galley, field 0412) is immune to Mahlstrom 0412",
               "not affected by it in any way")
    row = node(top["why"], "B.5.2.8", "chapter text", "type of being galley", "type of element MA",
               "galley immune to MA")
    node(row["why"], "B5-INT-1", "not decoration")
    for fleet in ("Flotte Nord", "Flotte Süd"):
        prot = ruling(result, "protected_from_effect", being=fleet)["why"]
        granted = node(prot, "B.5.2.2", f"by its presence in field 0412, {fleet} is protected "
                                        "from the sinking of Mahlstrom 0412 for the whole turn")
        node(granted["why"], "B.5.2.5", "from the movement phase (phase 1 of 4), for the whole turn")
        # the field's protection by the galley, stated once for both fleets
        field = node(granted["why"], "B.5.2.2", "in field 0412, the presence of Galeere Seeadler "
                                                "protects the other beings from the sinking of "
                                                "MA only")
        assert field["facts"]["protectors"] == ["Galeere Seeadler"]
        node(field["why"], "B.5.2.8", "galley protects the other beings of its field from the "
                                      "sinking of MA only")
    nord = ruling(result, "must_retreat", being="Flotte Nord")["why"]
    assert node(nord, "B.5.2.7", "can retreat to 0413")["facts"]["fields"] == ["0413"]
    sued = ruling(result, "destroyed", being="Flotte Süd")["why"]
    node(sued, "B.5.2.7", "other circumstances stop it leaving and the state gives it no "
                          "retreat field (read as none valid)", "destroyed after all")
    node(sued, "B.5.2.3", "protected from each effect of Mahlstrom 0412 that destroys it",
         "in the element's effect phase")
    node(sued, "B5-INT-4", "cannot retreat")
    assert not [r for r in result["rulings"]
                if r["kind"] == "must_retreat" and r["being"] == "Flotte Süd"]


def test_unicorn_refused_cn_field_T4_1_T4_8_B_5_2_6():
    result = explained(HERE / "unicorn_refused_cn_field.yaml")
    prot = ruling(result, "protected", being="Einhorn Silbermähne")["why"]
    row = node(prot, "T4-8", "table T.4 as changed (edition errata)", "row Ein", "column CN")
    assert (row["facts"]["row"], row["facts"]["column"]) == ("Ein", "CN")
    refused = ruling(result, "order_refused", order="Zug 7")["why"]
    node(refused, "B.5.2.6", "move order Zug 7", "into field 0521", "Chaosnebel (CN)",
         "not carried out")
    ban = node(refused, "T4-1", "order into field 0521", "Chaosnebel")
    assert ban["facts"]["elements"] == ["Chaosnebel"]
    node(ban["why"], "B.5.2.3", "movement phase (phase 1 of 4)")
    node(ban["why"], "T4-1", "no immunity against CN or WJ")
    # B.5.2.6 bars the move itself: no separate step saying it carries out T4-1's ban.
    assert not [s for s in sentences(refused) if "carries out a ban" in s]
    forbidden = ruling(result, "entry_forbidden", being="Einhorn Silbermähne", field="0521")["why"]
    node(forbidden, "T4-1", "order into field 0521")
    node(forbidden, "T4-8", "Ein protected from CN")


def test_we_bt_and_kd_T4_7_in_both_editions():
    result = explained(HERE / "we_bt_and_kd.yaml")
    immune = ruling(result, "immune", element="Kältebann")["why"]
    row = node(immune, "T4-7", "table T.4 as changed (edition errata)", "row We", "column kd",
               "We immune to kd")
    assert row["facts"]["relation"] == "immune to"
    destroyed = ruling(result, "destroyed", element="Blitzsturm")["why"]
    node(destroyed, "B.5.2.3", "Blitzsturm (bt), active, which destroys We")
    node(destroyed, "T4-7", "no longer to bt")
    node(destroyed, "B.5.2.3", "has no protection from Blitzsturm")
    # The same state in the original edition: the other way round (T4-7-ORIG).
    original = pybridge.rule(pybridge.load(HERE / "we_bt_and_kd.yaml"), edition="original",
                             explain=True)
    row = node(ruling(original, "immune", element="Blitzsturm")["why"], "T4-7-ORIG",
               "before the changes (edition original)", "row We", "column bt")
    assert row["facts"]["column"] == "bt"
    node(ruling(original, "destroyed", element="Kältebann")["why"], "T4-7-ORIG", "not yet to kd")


def test_immunity_to_cn_counts_as_protection_B5_INT_3():
    # A state declaring a fleet immune to a CN: under T4-1 that is protection only.
    state = {"rulebook": "b5",
             "beings": [{"id": "Horn", "type": "fleet", "field": "0520", "immune_to": ["CN"]}],
             "elements": [{"id": "Nebel", "type": "CN", "field": "0520", "destroys": ["fleet"]}]}
    result = pybridge.rule(state, explain=True)
    why = ruling(result, "protected", being="Horn")["why"]
    node(why, "B.5.2.2", "Horn is declared immune to Nebel (CN)", "counts as protection only")
    demoted = node(why, "B5-INT-3", "counts as protection only")
    node(demoted["why"], "T4-1", "no immunity against CN or WJ")
    node(demoted["why"], "B.5.1", "the state declares Horn immune to CN")


def test_retreat_field_forbidden_by_T4_1_destroys():
    # A fleet protected from a CN in its field, whose one retreat field holds a CN it is
    # protected from too: the ban leaves it no valid retreat field (B.5.2.7, T4-1).
    state = {"rulebook": "b5",
             "beings": [{"id": "Flotte", "type": "fleet", "field": "0520",
                         "protected_from": ["CN"], "retreat_to": ["0521"]}],
             "elements": [{"id": "Nebel A", "type": "CN", "field": "0520", "destroys": ["fleet"]},
                          {"id": "Nebel B", "type": "CN", "field": "0521"}]}
    result = pybridge.rule(state, explain=True)
    why = ruling(result, "destroyed", being="Flotte")["why"]
    trapped = node(why, "B.5.2.7", "of its retreat fields (0521) none is valid")
    # The ruling forbids the field: the sentence says so, never that it "may retreat" there
    # (T4-1 «und sich nicht dorthin zurückziehen»).
    ban = node(trapped["why"], "T4-1", "lists field 0521 among its retreat fields", "Nebel B",
               "an active CN or WJ", "Flotte may not retreat to field 0521")
    assert "may retreat to" not in ban["says"]
    node(ban["why"], "B.5.2.3", "in the retreat phase (phase 4 of 4)")


@pytest.mark.slow
def test_explain_output_is_deterministic():
    check_deterministic("b5")


def test_explanations_stay_out_of_the_analysis():
    check_analysis_unchanged("b5")



# --- every sentence is true of the state (issue 24 item 7) ----------------------------------
#
# What the source says, written out from the seed (../shared/seeds/000_062556bb7cf8d404.txt):
# the changes to table T.4 (its rows: type of being, relation, type of element) and the
# chapter's own examples (chapter text, B.5.1 and B.5.2.8; not rows of the table).
T4_ROWS = {
    "T4-2": {("Rr", "immune to", "TR")},                       # «Rr sind immun gegen TR»
    "T4-3": {("Ho", "immune to", "TR")},                       # «Ho sind immun gegen TR»
    "T4-4": {("Ho", "protected from", "CN"), ("Ho", "protected from", "WJ")},
    "T4-5": {("Rs", "immune to", "UN")},
    "T4-6": {("Tr", "immune to", "SA")},
    "T4-7": {("We", "immune to", "kd")},                       # «We sind immun gegen (kd)
    "T4-7-ORIG": {("We", "immune to", "bt")},                  #   [alt: (bt)]»
    "T4-8": {("Ein", "protected from", x) for x in ("PO", "CN", "WJ")},
    "T4-9": {("Dr", "protected from", x) for x in ("PO", "CN", "WJ")},
    "T4-10": {("J", "protected from", "CN"), ("J", "protected from", "WJ")},
    "T4-11": {("K", "not protected from", "WJ")},              # «K ist nicht geschützt vor der WJ.»
}
# (type of being, relation, type of element, the one effect it is limited to or None)
CHAPTER_EXAMPLES = {
    "B.5.1": {("D", "immune to", "MA", None), ("Ein", "immune to", "GA", None)},
    # «Ein König ist geschützt vor der Versteinerung einer WJ», «eine Galeere ist immun gegen
    # einen MA und schützt andere Wesen vor dem Versinken», «ein Gebäude schützt vor
    # aufgezwungenen Bewegungen»
    "B.5.2.8": {("K", "protected from", "WJ", "petrification"), ("galley", "immune to", "MA", None),
                ("galley", "protects the other beings of its field from", "MA", "sinking"),
                ("building", "protects the other beings of its field from", "forced_movement",
                 None)},
}
PHASE_PAIRS = (("start_phase", "start"), ("effect_phase", "effect"), ("phase", "at"),
               ("arrives_phase", "arrives"), ("leaves_phase", "leaves"),
               ("retreat_phase", "retreat"), ("from_phase", "from"), ("until_phase", "until"))


def check_true_of_state(doc, result):
    """Every node of every ruling's tree says only what the state and the source bear out:
    each id it names exists in the document in the role it gives it (being, element, order,
    protector), with that type and field; the phases it names are the document's, at their
    indices; every row of T.4 it cites is a row of that change, every chapter example is
    called chapter text and is an example of that paragraph; a sentence naming table T.4
    rests on a T.4 row; the edition it names is the one ruled by. (Each shared step is
    checked where it is referred to: the trees expanded.)"""
    result = inlined(result)
    book = pybridge.books.get("b5")
    state = book.validate(copy.deepcopy(doc))
    phases = state["phases"]
    beings = {b["id"]: b for b in state["beings"]}
    elements = {e["id"]: e for e in state["elements"]}
    orders = {o["id"]: o for o in state["orders"]}
    protections = state["protections"]
    edition = result["edition"]

    def declared(b):
        for x in b["immune_to"]:
            yield x
        for x in b["protected_from"]:
            yield x["element"] if isinstance(x, dict) else x

    for item in all_rulings(result):
        for n in nodes(item["why"]):
            f, says, rule = n["facts"], n["says"], n["rule"]
            where = (item["kind"], rule, says)
            being = beings.get(f.get("being"))
            if "being" in f:
                assert being is not None, where
                if "type" in f:
                    assert f["type"] == being["type"], where
                if "field" in f:
                    assert f["field"] == being["field"], where
            if "element" in f:
                e = elements[f["element"]]
                assert (f.get("element_type", e["type"]), f.get("element_field", e["field"])) == \
                    (e["type"], e["field"]), where
                if "effect" in f:
                    assert phases.index(e["effect_phase"] or "effect") + 1 == f["effect"], where
                if "destroys" in f:
                    assert set(f["destroys"]) <= set(e["destroys"]) | \
                        {t for w in e["effects"] for t in w["destroys"]}, where
                if "effect_name" in f:
                    assert f["effect_name"] in {w["name"] for w in e["effects"]}, where
                if "effect_step" in f:
                    assert f["effect_step"] == e["effect_step"], where
            if "arrives_step" in f:
                assert any(p["arrives_step"] == f["arrives_step"] for p in protections
                           if p["by"] == f["by"]), where
            assert set(f.get("elements", ())) <= set(elements), where
            assert set(f.get("protectors", ())) <= set(beings) | set(elements), where
            if "order" in f:
                o = orders[f["order"]]
                assert f.get("to", o["to"]) == o["to"], where
                assert f.get("being", o["being"]) == o["being"], where
            if "protectors" in f and "to" in f:
                # the protections by presence of a field (B.5.2.5): each protector's, of that
                # field, from what it names (and the effect), arriving in that phase
                for by in f["protectors"]:
                    assert [p for p in protections if p["by"] == by and p["field"] == f["to"]
                            and p["from"] == f["named"] and p["effect"] == f.get("effect_name")
                            and phases.index(p["arrives"]) + 1 == f["arrives"]], where
            elif "protectors" in f and "being" not in f:
                # a field's protection by the table (B.5.2.8's galley): protectors there
                assert {beings[g]["field"] for g in f["protectors"]} == {f["field"]}, where
            elif "by" in f:
                assert [p for p in protections if p["by"] == f["by"]
                        and p["field"] == f.get("to", p["field"])
                        and p["from"] == f.get("named", p["from"])], where
                if "arrives" in f:
                    assert any(phases.index(p["arrives"]) + 1 == f["arrives"]
                               for p in protections if p["by"] == f["by"]), where
            elif "to" in f and "order" not in f:
                goes = {o["to"] for o in orders.values() if o["being"] == f["being"]}
                assert f["to"] in goes | set(being["retreat_to"] or ()), where
            if "named" in f and "by" not in f and "protectors" not in f:
                named = f["named"] if isinstance(f["named"], list) else [f["named"]]
                whose = [being] if being is not None else list(beings.values())
                assert set(named) <= {x for b in whose for x in declared(b)}, where
            if "fields" in f:
                assert set(f["fields"]) <= set(being["retreat_to"] or ()), where
            if "phases" in f:
                assert f["phases"] == len(phases), where
            for name, index in PHASE_PAIRS:
                if name in f:
                    assert f[name] in phases, where
                if name in f and index in f:
                    assert phases[f[index] - 1] == f[name], where
            if "retreat_phase" in f:
                assert f["retreat_phase"] == "retreat", where
            # the source: T.4's rows and the chapter's examples
            if "row" in f:
                assert (f["row"], f["relation"], f["column"]) in T4_ROWS[rule], where
                assert "table T.4" in says, where
            if "column" in f and "row" not in f:
                assert rule == "T4-1" and f["column"] in ("CN", "WJ"), where
            if "source" in f and "being_kind" in f:
                assert rule == f["source"], where
                assert (f["being_kind"], f["relation"], f["element_kind"],
                        f.get("effect_name")) in CHAPTER_EXAMPLES[rule], where
                assert "chapter text" in says and "row of table" not in says, where
            if rule.startswith("B.5"):
                assert "row of table" not in says and "row " not in says, where
            if "table T.4" in says.replace("not table T.4", "") and rule not in T4_ROWS:
                # a sentence that names table T.4 rests on a row of it, or is T4-1's own
                assert rule == "T4-1" or \
                    any(c["rule"] in T4_ROWS for c in n["why"]), where
            if "overridden" in f:
                assert f["overridden"] == ["B.5.2.8"], where
                assert (being["type"], elements[f["element"]]["type"]) == ("K", "WJ"), where
            if "edition" in f:
                assert f"edition {edition}" in f["edition"], where
            if "table" in f:
                assert f"edition {edition}" in f["table"] or \
                    (rule == "T4-7-ORIG") == ("original" in f["table"]), where
            if "edition errata" in says:
                assert edition == "errata", where
            if "edition original" in says:
                assert edition == "original", where


@pytest.mark.parametrize("edition", ["errata", "original"])
@pytest.mark.parametrize("path", examples("b5"), ids=lambda p: p.name)
def test_every_sentence_of_every_example_is_true_of_its_state(path, edition):
    doc = pybridge.load(path)
    check_true_of_state(doc, pybridge.rule(copy.deepcopy(doc), edition=edition, explain=True))


def test_the_sentence_check_catches_a_chapter_example_called_a_row():
    # The check itself: the old sentence ("the example of B.5.2.8, a row of table T.4") and
    # a wrong being's field are refused.
    doc = pybridge.load(HERE / "king_wj_original.yaml")
    result = pybridge.rule(copy.deepcopy(doc), explain=True)
    wrong = copy.deepcopy(result)
    step = node(ruling(wrong, "protected_from_effect", being="König Ardan")["why"], "B.5.2.8")
    step["says"] = "the example of B.5.2.8, a row of table T.4: K protected from WJ"
    with pytest.raises(AssertionError):
        check_true_of_state(doc, wrong)
    wrong = copy.deepcopy(result)
    node(ruling(wrong, "protected_from_effect", being="König Ardan")["why"],
         "B.5.2.1")["facts"]["field"] = "0001"
    with pytest.raises(AssertionError):
        check_true_of_state(doc, wrong)
    check_true_of_state(doc, result)


FIELDS = ("0412", "0413", "0414")
BEING_TYPES = ("fleet", "K", "Ein", "We", "galley", "Ho", "D")
ELEMENT_TYPES = ("MA", "CN", "WJ", "kd", "bt")
PHASES = ("movement", "conflict", "effect", "retreat")


@st.composite
def states(draw):
    """A random, valid b5 state: a few beings and elements in three fields, protections of
    their own (whole turn or a span), a protector, an order, retreat limits."""
    beings = []
    for i in range(draw(st.integers(1, 3))):
        field = draw(st.sampled_from(FIELDS))
        being = {"id": f"being {i}", "type": draw(st.sampled_from(BEING_TYPES)), "field": field}
        if draw(st.integers(0, 3)) == 0:
            being["immune_to"] = [draw(st.sampled_from(ELEMENT_TYPES))]
        if draw(st.integers(0, 2)) == 0:
            start = draw(st.integers(0, 3))
            end = draw(st.integers(start, 3))
            kind = draw(st.sampled_from(ELEMENT_TYPES))
            being["protected_from"] = [kind if draw(st.booleans()) else
                                       {"element": kind, "from": PHASES[start],
                                        "until": PHASES[end]}]
        if draw(st.integers(0, 3)) == 0:
            being["can_retreat"] = False
        if draw(st.integers(0, 3)) == 0:
            being["retreat_to"] = draw(st.lists(
                st.sampled_from([f for f in FIELDS if f != field]), max_size=2, unique=True))
        beings.append(being)
    elements = []
    for j in range(draw(st.integers(1, 2))):
        # mostly in a being's field, destroying the type (or the id) of a being there is
        near = [b["field"] for b in beings]
        targets = sorted({b["type"] for b in beings}) + [beings[0]["id"], "galley"]
        element = {"id": f"element {j}", "type": draw(st.sampled_from(ELEMENT_TYPES)),
                   "field": draw(st.sampled_from(near + [FIELDS[j]])),
                   "destroys": draw(st.lists(st.sampled_from(targets), max_size=2, unique=True)),
                   "effect_phase": draw(st.sampled_from(PHASES))}
        if draw(st.integers(0, 4)) == 0:
            element["active"] = False
        if draw(st.integers(0, 2)) == 0:     # named effects (B.5.2.4) and a moment (B.5.2.5)
            element["effects"] = [{"name": "sinking", "destroys": draw(st.lists(
                st.sampled_from(targets), max_size=1))}, {"name": "drift"}]
            if draw(st.booleans()):
                element["effect_step"] = draw(st.integers(1, 3))
        elements.append(element)
    with_effects = [e for e in elements if "effects" in e]
    for being in beings:
        if with_effects and draw(st.integers(0, 2)) == 0:
            being.setdefault("protected_from", []).append(
                {"element": draw(st.sampled_from(with_effects))["id"],
                 "effect": draw(st.sampled_from(("sinking", "drift")))})
    doc = {"rulebook": "b5", "beings": beings, "elements": elements}
    if draw(st.booleans()):
        arrives = draw(st.integers(0, 3))
        protection = {"by": draw(st.sampled_from([b["id"] for b in beings])),
                      "from": draw(st.sampled_from(ELEMENT_TYPES)),
                      "field": draw(st.sampled_from(FIELDS)), "arrives": PHASES[arrives]}
        if draw(st.booleans()):
            protection["leaves"] = PHASES[draw(st.integers(arrives, 3))]
        if draw(st.booleans()):
            protection["arrives_step"] = draw(st.integers(1, 3))
        if with_effects and draw(st.booleans()):
            named = draw(st.sampled_from(with_effects))
            protection["from"], protection["effect"] = named["id"], \
                draw(st.sampled_from(("sinking", "drift")))
        doc["protections"] = [protection]
    if draw(st.booleans()):
        who = draw(st.sampled_from(beings))
        order = {"id": "order 1", "being": who["id"],
                 "kind": draw(st.sampled_from(("move", "discovery"))),
                 "to": draw(st.sampled_from([f for f in FIELDS if f != who["field"]]))}
        if draw(st.booleans()):     # mostly into an element's field
            into = [e["field"] for e in elements if e["field"] != who["field"]]
            order["to"] = draw(st.sampled_from(into)) if into else order["to"]
        if order["kind"] == "discovery" and draw(st.booleans()):
            order["wins_preconflict"] = draw(st.booleans())
        doc["orders"] = [order]
    return doc


@pytest.mark.slow
@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(states(), st.sampled_from(("errata", "original")))
def test_explanations_agree_with_the_rulings(doc, edition):
    # In any state: explaining changes no ruling; every ruling's tree validates and cites
    # each of its rules; the phases a tree names agree with its ruling's; every phase index
    # is one of the turn's four.
    plain = pybridge.rule(copy.deepcopy(doc), edition=edition)
    result = pybridge.rule(copy.deepcopy(doc), edition=edition, explain=True)
    assert json.loads(without_why(json.dumps(result))) == plain
    check_shared(result)
    raw, result = result, inlined(result)
    for item in all_rulings(result):
        TREE.validate(item["why"])
        assert set(item["because"]) <= {n["rule"] for n in nodes(item["why"])}, item
        for n in nodes(item["why"]):
            facts = n["facts"]
            for key in ("start", "at", "effect", "retreat", "from", "until", "arrives", "leaves"):
                if key in facts:
                    assert 1 <= facts[key] <= facts["phases"] == 4, n
        if item["kind"] == "protected":
            top = [n for n in item["why"] if n["rule"] == "B.5.2.1"]
            assert [n["facts"]["start_phase"] for n in top] == [item["from_phase"]]
        if item["kind"] == "only_retreat_from":
            (limit,) = [n for n in item["why"] if n["rule"] == "B.5.2.7"]
            assert limit["facts"]["phase"] == item["phase"] and limit["facts"]["being"] == item["being"]
    check_true_of_state(doc, raw)


def test_protection_too_late_B5_INT_4():
    # A fleet in an active maelstrom (effect phase 3) whose only protection, a druid's
    # presence, arrives in the retreat phase (4): too late, destroyed (B5-INT-4, B.5.2.5).
    state = {"rulebook": "b5",
             "beings": [{"id": "Flotte", "type": "fleet", "field": "0412"},
                        {"id": "Druide", "type": "D", "field": "0311"}],
             "elements": [{"id": "Mahlstrom", "type": "MA", "field": "0412", "destroys": ["fleet"]}],
             "protections": [{"by": "Druide", "from": "MA", "field": "0412", "arrives": "retreat"}]}
    result = explained(state)
    why = ruling(result, "destroyed", being="Flotte")["why"]
    late = node(why, "B5-INT-4", "starts only in the retreat phase (phase 4 of 4)",
                "after the element's effect phase (effect, phase 3)")
    assert (late["facts"]["start"], late["facts"]["effect"]) == (4, 3)
    node(late["why"], "B.5.2.5", "Druide protects the beings in field 0412 from MA",
         "appears at them, in the retreat phase")
    node(why, "B.5.2.3", "no protection of Flotte from Mahlstrom holds in the element's effect phase")


def _druids(arrivals, **element):
    """Three fleets in a maelstrom's field 0412 and a druid (in 0311) for each arrival phase,
    each protecting the beings of 0412 from MA."""
    return {"rulebook": "b5",
            "beings": [{"id": f"Fleet {i}", "type": "fleet", "field": "0412"} for i in range(3)] +
                      [{"id": f"Druid {j}", "type": "D", "field": "0311"}
                       for j in range(len(arrivals))],
            "elements": [{"id": "Maelstrom", "type": "MA", "field": "0412", "destroys": ["fleet"],
                          **element}],
            "protections": [{"by": f"Druid {j}", "from": "MA", "field": "0412", **arrival}
                            for j, arrival in enumerate(arrivals)]}


def test_a_fields_protections_by_presence_are_stated_once_B_5_2_5():
    # Five druids protect field 0412, arriving in the conflict (one), effect (two) and
    # retreat (two) phases: the field's protection of each arrival phase is one step, stated
    # once and naming its druids, and each fleet's grant of that phase refers to it. A druid
    # is named once in the whole result, not once a fleet: the explanation grows with the
    # fleets plus the druids, not with their product.
    phases = ("retreat", "effect", "conflict", "effect", "retreat")
    raw = pybridge.rule(_druids([{"arrives": p} for p in phases]), explain=True)
    check_shared(raw)
    groups = sorted((n["facts"]["arrives_phase"], n["facts"]["protectors"], n["says"])
                    for n in raw["shared"].values() if n["rule"] == "B.5.2.5")
    assert [(p, by) for p, by, _ in groups] == [
        ("conflict", ["Druid 2"]), ("effect", ["Druid 1", "Druid 3"]),
        ("retreat", ["Druid 0", "Druid 4"])]
    assert groups[0][2].startswith("Druid 2 protects the beings in field 0412 from MA by its presence")
    assert groups[1][2].startswith("Druid 1, Druid 3 protect the beings in field 0412 from MA by "
                                   "their presence: the protection starts when they appear at them, "
                                   "in the effect phase (phase 3 of 4)")
    text = json.dumps(raw, ensure_ascii=False)
    assert all(text.count(f'"Druid {j}"') == 1 for j in range(5))
    result = inlined(raw)
    for i in range(3):
        prot = ruling(result, "protected", being=f"Fleet {i}")["why"]
        grants = [n for n in nodes(prot) if n["rule"] == "B.5.2.2"]
        assert sorted(n["facts"]["arrives"] for n in grants) == [2, 3, 4]
        node(prot, "B.5.2.2", f"by its presence in field 0412, Fleet {i} is protected from "
                              "Maelstrom from the conflict phase (phase 2 of 4) on")
        covered = node(ruling(result, "must_retreat", being=f"Fleet {i}")["why"], "B.5.2.3",
                       "in the element's effect phase")
        # the grants that cover the effect phase: from the conflict and the effect phase
        assert sorted(n["facts"]["arrives"] for n in covered["why"]) == [2, 3]
    check_true_of_state(_druids([{"arrives": p} for p in phases]), raw)


def test_each_protectors_moment_is_said_once_B_5_2_5_B5_INT_4():
    # The maelstrom's effect sets in at ZD 2 of the effect phase. Druid 0 arrives at ZD 1
    # (in time), Druid 1 at ZD 3 (too late): the fleets are covered by Druid 0, and the
    # field's protection by Druid 1, from the same phase on, says why it comes too late.
    state = _druids([{"arrives": "effect", "arrives_step": 1},
                     {"arrives": "effect", "arrives_step": 3}], effect_step=2)
    result = explained(state)
    check_true_of_state(state, pybridge.rule(copy.deepcopy(state), explain=True))
    retreat = ruling(result, "must_retreat", being="Fleet 0")["why"]
    covered = node(retreat, "B.5.2.3", "in the element's effect phase")
    early = node(covered["why"], "B.5.2.5", "Druid 0 protects the beings in field 0412 from MA")
    step = node(early["why"], "B.5.2.5", "Druid 0 appears in field 0412 at step (ZD) 1 of the "
                                         "effect phase", "sets in there at step 2: in time")
    assert (step["facts"]["arrives_step"], step["facts"]["effect_step"]) == (1, 2)
    assert not [n for n in nodes(covered["why"]) if "Druid 1" in n["says"]]
    late = node(ruling(result, "protected", being="Fleet 0")["why"], "B.5.2.5",
                "the protection starts at the moment Druid 1 appears in field 0412",
                "at step (ZD) 3, after the effect of Maelstrom has set in there at step 2")
    assert late["facts"]["by"] == "Druid 1"
    # Both after the effect: each fleet is destroyed, by the one protection of the field
    # that comes too late, which names both druids and each one's moment.
    state["protections"][0]["arrives_step"] = 4
    result = explained(state)
    why = ruling(result, "destroyed", being="Fleet 2")["why"]
    too_late = node(why, "B5-INT-4", "Fleet 2's protection from Maelstrom by the presence of its "
                                     "protectors in field 0412", "at a later moment than its effect")
    (group,) = too_late["why"]
    assert group["facts"]["protectors"] == ["Druid 0", "Druid 1"]
    assert sorted(n["facts"]["arrives_step"] for n in group["why"]) == [3, 4]


def test_a_protector_among_the_beings_it_protects_B_5_2_2_B_5_2_5():
    # Two fleets in 0412 both protect 0412 from the MA from the conflict phase: each is
    # protected by the other, and its grant says it is one of them.
    state = {"rulebook": "b5",
             "beings": [{"id": "Fleet", "type": "fleet", "field": "0412"},
                        {"id": "Flagship", "type": "fleet", "field": "0412"}],
             "elements": [{"id": "Maelstrom", "type": "MA", "field": "0412", "destroys": ["fleet"]}],
             "protections": [{"by": b, "from": "MA", "field": "0412", "arrives": "conflict"}
                             for b in ("Fleet", "Flagship")]}
    result = explained(state)
    for fleet in ("Fleet", "Flagship"):
        prot = ruling(result, "protected", being=fleet)["why"]
        granted = node(prot, "B.5.2.2", f"by the presence of the others protecting field 0412 "
                                        f"({fleet} is one of them)")
        group = node(granted["why"], "B.5.2.5", "Flagship, Fleet protect the beings in field 0412")
        assert group["facts"]["protectors"] == ["Flagship", "Fleet"]
    check_true_of_state(state, pybridge.rule(copy.deepcopy(state), explain=True))
