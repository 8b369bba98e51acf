"""``rulings rule --explain`` on redemption: each example's why tree holds the numbers and
facts that decided its rulings.

The expected values are worked out from each example's own comment and the source
(../shared/rules/redemption.md): a character is being defeated when the strength set against
it reaches its side's total toughness (RED-BAT-0, RED-BAT-1), less what it is immune to.
"""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pybridge
from explain_checks import (
    EXAMPLES,
    TREE,
    addends,
    all_rulings,
    check_analysis_unchanged,
    check_deterministic,
    check_example,
    check_lists_written,
    check_roles,
    check_shared,
    check_sums,
    cli_output,
    examples,
    explained,
    fact_names,
    fact_parts,
    inlined,
    node,
    nodes,
    ruling,
    without_why,
)
from pybridge.books import RULEBOOKS
from pybridge.books import get as _book
from test_redemption_reference import battles

HERE = EXAMPLES / "redemption"


def faces(result, character):
    """The comparison node of a character (being defeated or standing), by its facts."""
    for item in result["rulings"]:
        for n in nodes(item["why"]):
            if n["facts"].get("character") == character and "toughness" in n["facts"]:
                return n
    raise AssertionError(character)


def comparison(why, rule, character, strength, toughness):
    """The comparison node of ``character`` under ``why``, citing ``rule``: the opposing
    strength it faces and its side's toughness, each a side's total stated once (a shared
    node, a reason of the comparison) with its addends, e.g. "14 (Lightbearer 8 +
    Shieldbearer 6)"; the sentence gives the totals."""
    found = [n for n in nodes(why) if n["rule"] == rule and
             n["facts"].get("character") == character and "toughness" in n["facts"]]
    assert len(found) == 1, (character, found)
    step = found[0]
    faced, own = strength.split(" (")[0], toughness.split(" (")[0]
    assert f"it faces, {faced} (that of the " in step["says"], step["says"]
    assert f"its side, {own} (that of the " in step["says"], step["says"]
    node(step["why"], rule, "the strength of the ", f" in battle is {strength}")
    node(step["why"], rule, "the toughness of the ", f" in battle is {toughness}")
    return step


@pytest.mark.parametrize("path", examples("redemption"), ids=lambda p: p.name)
def test_every_ruling_has_a_why_that_cites_its_rules(path):
    check_example(path)


def test_three_character_battle_RED_BAT_1():
    result = explained(HERE / "three_character_battle.yaml")
    giant = ruling(result, "being_defeated", character="Giant")["why"]
    # Giant faces both heroes: 8 + 6 = 14 >= its own toughness 12 (the heroes' strength and
    # the evil side's toughness, each stated once with its addends).
    step = comparison(giant, "RED-BAT-1", "Giant", "14 (Lightbearer 8 + Shieldbearer 6)",
                      "12 (Giant 12)")
    assert step["facts"]["strength"] == 14 and step["facts"]["toughness"] == 12
    heroes = node(step["why"], "RED-BAT-1", "the strength of the heroes in battle")
    assert addends(heroes["facts"], "strengths") == [("Lightbearer", 8), ("Shieldbearer", 6)]
    # The procedure: more than two characters, an immunity affects the battle (RED-IMM-1).
    node(giant, "RED-BAT-1", "more than two characters", "Giant, Lightbearer, Shieldbearer")
    node(giant, "RED-IMM-1", "Lightbearer", "light-shield", "Giant 11")
    # Shieldbearer faces all 11 against the heroes' toughness 2 + 6 = 8.
    shield = ruling(result, "being_defeated", character="Shieldbearer")["why"]
    comparison(shield, "RED-BAT-1", "Shieldbearer", "11 (Giant 11)",
               "8 (Lightbearer 2 + Shieldbearer 6)")
    # The battle state: Giant is all the evil side; Lightbearer stands, 11 - 11 = 0 < 8.
    state = ruling(result, "battle_state", state="heroes_winning")["why"]
    node(state, "RED-BAT-2", "every evil character", "(Giant)", "heroes standing: Lightbearer")
    stands = faces(result, "Lightbearer")
    assert (stands["facts"]["opposing"], stands["facts"]["ignored"], stands["facts"]["strength"],
            stands["facts"]["toughness"]) == (11, 11, 0, 8)
    assert "stands" in stands["says"]


def test_enhancement_bonus_RED_INT_1():
    result = explained(HERE / "enhancement_bonus.yaml")
    # Page ignores the Axe's 5 (played on Brigand): 3 + 5 = 8 less 5 is 3 < 1 + 3 = 4.
    page = faces(result, "Page")
    assert (page["facts"]["opposing"], page["facts"]["ignored"], page["facts"]["strength"],
            page["facts"]["toughness"]) == (8, 5, 3, 4)
    # Issue 28: each addend says what it is and where it comes from, a character's own first
    # and then the cards played on it (never "Axe 5 + Brigand 3", alphabetical).
    evil = node(page["why"], "RED-BAT-1", "the strength of the evil characters in battle")
    assert addends(evil["facts"], "strengths") == [("Brigand", 3), ("Axe", 5)]
    assert evil["facts"]["strengths"][1]["note"] == "enhancement played on Brigand"
    squire = ruling(result, "being_defeated", character="Squire")["why"]
    comparison(squire, "RED-BAT-1", "Squire",
               "8 (Brigand 3 + Axe 5 (enhancement played on Brigand))", "4 (Page 1 + Squire 3)")
    # the Axe's strength counts for Brigand's side because of RED-INT-1, said under the sum
    node(evil["why"], "RED-INT-1", "strength of the character it is played on",
         "evil characters", "(Axe)")
    brigand = ruling(result, "being_defeated", character="Brigand")["why"]
    # (the Axe's toughness 0 counts for its holder's side: RED-INT-1, cited under the sum)
    step = comparison(brigand, "RED-BAT-1", "Brigand", "4 (Page 2 + Squire 2)",
                      "4 (Brigand 4 + Axe 0 (enhancement played on Brigand))")
    evil_toughness = node(step["why"], "RED-BAT-1", "the toughness of the evil characters")
    node(evil_toughness["why"], "RED-INT-1", "toughness counts for the side of the character "
         "it is played on, here the evil characters in battle (Axe)")
    state = ruling(result, "battle_state", state="heroes_winning")["why"]
    node(state, "RED-INT-1", "Axe 5", "Page")
    node(state, "RED-IMM-1", "page-ward")


def test_expired_immunity_RED_IMM_5():
    result = explained(HERE / "expired_immunity.yaml")
    why = ruling(result, "immunity_inactive", immunity="monk-prayer")["why"]
    step = node(why, "RED-IMM-5", "preparation phase", "battle phase")
    assert step["facts"] == {"immunity": "monk-prayer", "phase": "battle", "used": "preparation"}
    # Without Monk's immunity the full 7 meets the heroes' 4 + 2 = 6; Ogre faces 4 + 4 = 8.
    comparison(ruling(result, "being_defeated", character="Monk")["why"], "RED-BAT-1", "Monk",
               "7 (Ogre 7)", "6 (Knight 4 + Monk 2)")
    comparison(ruling(result, "being_defeated", character="Ogre")["why"], "RED-BAT-1", "Ogre",
               "8 (Knight 4 + Monk 4)", "8 (Ogre 8)")
    node(ruling(result, "being_defeated", character="Ogre")["why"], "RED-IMM-1", "knight-vow")


def test_grant_blocked_RED_IMM_4():
    result = explained(HERE / "grant_blocked.yaml")
    why = ruling(result, "immunity_inactive", immunity="pact-gift")["why"]
    step = node(why, "RED-IMM-4", "pact-gift", "Saint", "Pact")
    assert step["facts"] == {"granter": "Pact", "holder": "Saint", "immunity": "pact-gift"}
    # Saint is already immune to Pact by halo (to every evil card): RED-IMM-2, RED-INT-2.
    node(step["why"], "RED-IMM-2", "Saint is immune to Pact by halo")
    node(why, "RED-INT-2", "halo", "alignment evil")


def test_mutual_grants_ambiguous_explains_each_reading():
    result = explained(HERE / "mutual_grants_ambiguous.yaml")
    assert result["status"] == "ambiguous" and result["rulings"] == []
    # Reading with gift-a blocked: Sage is immune to the Idol by gift-b, and the reverse.
    a = ruling(result, "immunity_inactive", immunity="gift-a")["why"]
    node(a, "RED-IMM-2", "an ability on Idol cannot target Sage", "by gift-b")
    b = ruling(result, "immunity_inactive", immunity="gift-b")["why"]
    node(b, "RED-IMM-2", "an ability on Imp cannot target Sage", "by gift-a")


def test_negative_strength_one_on_one_RED_IMM_3():
    result = explained(HERE / "negative_strength_one_on_one.yaml")
    wraith = ruling(result, "being_defeated", character="Wraith")["why"]
    node(wraith, "RED-BAT-0", "one on one")
    comparison(wraith, "RED-BAT-0", "Wraith", "5 (Pilgrim 5)", "3 (Wraith 3)")
    state = ruling(result, "battle_state", state="heroes_winning")["why"]
    zero = node(state, "RED-IMM-3", "Pilgrim is immune to Wraith")
    assert zero["facts"]["strength"] == -1
    # Pilgrim stands: the kept -1 is below its toughness 0.
    pilgrim = faces(result, "Pilgrim")
    assert (pilgrim["facts"]["strength"], pilgrim["facts"]["toughness"]) == (-1, 0)
    assert "negative and kept" in pilgrim["says"]


def test_odd_grant_cycle_inconsistent_has_no_rulings_to_explain():
    result = explained(HERE / "odd_grant_cycle_inconsistent.yaml")
    assert result["status"] == "inconsistent" and result["rulings"] == []
    assert result["conflict"] == ["RED-IMM-1", "RED-IMM-2", "RED-IMM-4"]


def test_same_alignment_RED_IMM_6():
    result = explained(HERE / "same_alignment.yaml")
    why = ruling(result, "immunity_inactive", immunity="ranger-ward")["why"]
    step = node(why, "RED-IMM-6", "ranger-ward", "Banner", "good")
    assert step["facts"]["alignment"] == "good" and step["facts"]["card"] == "Banner"
    target = ruling(result, "target", ability="banner-call")["why"]
    assert node(target, "RED-IMM-2", "banner-call")["facts"]["cards"] == ["Banner"]
    node(target, "RED-IMM-6", "ranger-ward")


def test_side_against_side_RED_BAT_0():
    result = explained(HERE / "side_against_side.yaml")
    # Heroes: strength 3 + 3 = 6, toughness 2 + 3 = 5; evil: strength 2 + 3 = 5, toughness 6.
    for hero in ("Archer", "Spearman"):
        why = ruling(result, "being_defeated", character=hero)["why"]
        comparison(why, "RED-BAT-0", hero, "5 (Goblin 2 + Troll 3)", "5 (Archer 2 + Spearman 3)")
        node(why, "RED-BAT-0", "side against side")
    for villain in ("Goblin", "Troll"):
        why = ruling(result, "being_defeated", character=villain)["why"]
        comparison(why, "RED-BAT-0", villain, "6 (Archer 3 + Spearman 3)",
                   "6 (Goblin 3 + Troll 3)")
    state = ruling(result, "battle_state", state="mutual_destruction")["why"]
    node(state, "RED-BAT-2", "heroes Archer, Spearman", "evil characters Goblin, Troll")


def test_targeting_RED_IMM_2():
    result = explained(HERE / "targeting.yaml")
    chain = ruling(result, "target", ability="chain-grab")["why"]
    step = node(chain, "RED-IMM-2", "Scout is immune to Tyrant", "Chain, played on Tyrant")
    assert step["facts"]["immunity"] == "scout-ward"
    curse = ruling(result, "target", ability="curse-grab")["why"]
    assert node(curse, "RED-IMM-2", "Curse")["facts"]["cards"] == ["Curse"]


def test_turn_duration_expired_RED_INT_3():
    # Used in the battle phase with duration turn, now the draw phase: an earlier turn.
    state = {"rulebook": "redemption", "phase": "draw",
             "characters": [{"id": "Hero", "alignment": "good", "strength": 1, "toughness": 1}],
             "immunities": [{"id": "vow", "holder": "Hero", "to": {"brigade": "Black"},
                             "phase": "battle", "duration": "turn"}]}
    result = inlined(pybridge.rule(state, explain=True))
    why = ruling(result, "immunity_inactive", immunity="vow")["why"]
    assert node(why, "RED-INT-3", "battle phase", "draw phase")["rule"] == "RED-INT-3"


# Lightbearer, immune to the Wraith (strength -1), and Shieldbearer against the Wraith, read
# in negative_counts.
WRAITH_AGAINST_TWO = {
    "rulebook": "redemption", "edition": "negative_counts",
    "characters": [{"id": "Lightbearer", "alignment": "good", "strength": 8, "toughness": 0},
                   {"id": "Shieldbearer", "alignment": "good", "strength": 6, "toughness": 0},
                   {"id": "Wraith", "alignment": "evil", "strength": -1, "toughness": 12}],
    "immunities": [{"id": "ward", "holder": "Lightbearer", "to": "Wraith"}]}


def test_negative_counts_edition_RED_BAT_1_NEG():
    # Read as RED-IMM-3 reads, the Wraith's -1 counts against Lightbearer, immune to it.
    state = WRAITH_AGAINST_TWO
    result = inlined(pybridge.rule(state, explain=True))
    why = ruling(result, "battle_state", state="heroes_winning")["why"]
    assert "RED-BAT-1-NEG" in ruling(result, "battle_state", state="heroes_winning")["because"]
    node(why, "RED-BAT-1-NEG", "Wraith -1", "Lightbearer")
    comparison(ruling(result, "being_defeated", character="Wraith")["why"], "RED-BAT-1",
               "Wraith", "14 (Lightbearer 8 + Shieldbearer 6)", "12 (Wraith 12)")


def test_text_output_shows_the_tree_under_each_ruling():
    text = cli_output("rule", "--explain", "--format", "text",
                      str(HERE / "three_character_battle.yaml"))
    lines = text.splitlines()
    # A step the rulings share is printed in full where it is first met, numbered, and
    # referred to after: the procedure (RED-BAT-1) under the battle state, the first ruling,
    # with Lightbearer's immunity under it; the heroes' total strength, 8 + 6 = 14, and the
    # evil side's toughness, 12, under Giant's comparison there.
    assert lines[1] == "  The battle is in the heroes winning state. [RED-BAT-1, RED-BAT-2]"
    assert lines[2] == "    [1] more than two characters are in battle (Giant, Lightbearer, " \
                       "Shieldbearer), and an immunity affects it [RED-BAT-1]"
    assert lines[3].startswith("      Lightbearer is immune (light-shield)") and \
        lines[3].endswith("[RED-IMM-1]")
    assert "        [3] the strength of the heroes in battle is 14 (Lightbearer 8 + " \
           "Shieldbearer 6)" in lines
    assert sum("(Lightbearer 8 + Shieldbearer 6)" in line for line in lines) == 1
    # Giant's comparison is said once, under the battle state, and its ruling refers to it
    # (issue 28: a block repeated under every defeated character is said once).
    giant = "Giant is being defeated: the opposing strength it faces, 14 (that of the " \
            "heroes in battle), is at least the toughness of its side, 12 (that of the evil " \
            "characters in battle)"
    assert sum(giant in line for line in lines) == 1
    assert f"      [2] {giant} [RED-BAT-1]" in lines
    at = lines.index("  Giant is being defeated. [RED-BAT-1]")
    assert lines[at + 1:at + 3] == ["    see [2] above", "    see [1] above"]


@pytest.mark.slow
def test_explain_output_is_deterministic():
    check_deterministic("redemption")


@pytest.mark.slow
def test_plain_output_has_no_why_and_explain_only_adds_it():
    # Over the examples of every rulebook: JSON without --explain has no why key, and with
    # it only the why keys are new; text with it only adds lines (the why trees).
    paths = [str(p) for book in RULEBOOKS for p in examples(book)]
    plain = cli_output("rule", "--format", "json", *paths).splitlines()
    assert all('"why"' not in line for line in plain)
    explained_lines = cli_output("rule", "--explain", "--format", "json", *paths).splitlines()
    assert [without_why(line) for line in explained_lines] == plain
    text = cli_output("rule", "--format", "text", *paths).splitlines()
    lines = iter(cli_output("rule", "--explain", "--format", "text", *paths).splitlines())
    assert all(any(line == other for other in lines) for line in text)


def test_explanations_stay_out_of_the_analysis():
    check_analysis_unchanged("redemption")


def test_the_bridge_only_fills_and_assembles():
    # A tiny inline program: the tree comes from the says atoms as they are, sums joined by
    # " + " in their order, lists by ", ", an empty list "none", a cycle cut.
    import clingo

    from pybridge.books import get
    from pybridge.engine.explain import explanations

    control = clingo.Control()
    control.add("base", [], '''
        says_for(being_defeated("Giant"), a).
        says(a, "RED-BAT-1", "{who} faces {sum} ({parts}); standing: {names}; {empty}").
        says_fact(a, who, "Giant"). says_fact(a, sum, 14).
        says_part(a, parts, "Shieldbearer", "Shieldbearer", 6).
        says_part(a, parts, "Lightbearer", "Lightbearer", 8).
        says_item(a, names, 2, "Z"). says_item(a, names, 1, "Y").
        says_under(a, b). says_under(b, a).
        says(b, "RED-IMM-1", "a_b with {empty_key}").
    ''')
    control.ground([("base", [])])
    with control.solve(yield_=True) as handle:
        symbols = list(next(iter(handle)).symbols(atoms=True))
    tree = explanations(get("redemption"), symbols)
    (why,) = tree.values()
    assert why == [{
        "rule": "RED-BAT-1",
        "says": "Giant faces 14 (Lightbearer 8 + Shieldbearer 6); standing: Y, Z; none",
        "facts": {"sum": 14, "who": "Giant",
                  "parts": [{"name": "Lightbearer", "value": 8},
                            {"name": "Shieldbearer", "value": 6}],
                  "names": ["Y", "Z"]},
        "why": [{"rule": "RED-IMM-1", "says": "a_b with none", "facts": {}, "why": []}]}]


def test_identifiers_are_values_never_templates():
    # A name that looks like a template mark stays as it is; a control character is escaped
    # in text output as everywhere else.
    state = {"rulebook": "redemption",
             "characters": [{"id": "{strength}", "alignment": "good", "strength": 3, "toughness": 1},
                            {"id": "Bad\x1bGuy", "alignment": "evil", "strength": 2, "toughness": 2}]}
    result = inlined(pybridge.rule(state, explain=True))
    why = ruling(result, "being_defeated", character="{strength}")["why"]
    step = comparison(why, "RED-BAT-0", "{strength}", "2 (Bad\x1bGuy 2)", "1 ({strength} 1)")
    assert step["says"].startswith("{strength} is being defeated: the opposing strength it "
                                   "faces, 2")
    from pybridge.cli.render import to_text
    text = to_text(pybridge.rule(state, explain=True))
    assert "\x1b" not in text and "Bad\\u001bGuy 2" in text


@pytest.mark.slow
@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(battles(), st.sampled_from(("literal", "literal", "negative_counts")))
def test_explanations_agree_with_the_rulings(doc, edition):
    # In any battle: explaining changes no ruling; every ruling's tree cites its rules; and
    # the numbers agree with RED-BAT-0/1: a character is being defeated exactly when the
    # strength it faces (less what it ignores) is at least its side's toughness.
    plain = pybridge.rule(copy.deepcopy(doc), edition=edition)
    raw = pybridge.rule(copy.deepcopy(doc), edition=edition, explain=True)
    for item in all_rulings(raw):
        TREE.validate(item["why"])
    check_shared(raw)
    assert json.loads(without_why(json.dumps(raw))) == plain
    result = inlined(raw)
    for item in all_rulings(result):
        assert set(item["because"]) <= {n["rule"] for n in nodes(item["why"])}
    if result["status"] != "ok":
        return
    check_sentences_true(doc, edition)
    defeated = {r["character"] for r in result["rulings"] if r["kind"] == "being_defeated"}
    for item in result["rulings"]:
        for n in nodes(item["why"]):
            facts = n["facts"]
            if "toughness" in facts and "strength" in facts and "character" in facts:
                falls = facts["strength"] >= facts["toughness"]
                assert falls == (facts["character"] in defeated), (n, defeated)



def test_ambiguous_state_explains_its_common_rulings():
    # The mutual grants of mutual_grants_ambiguous.yaml, and a good Torch whose ability
    # targets Sage: whichever grant holds, no immunity of Sage covers the Torch (RED-IMM-2).
    state = pybridge.load(HERE / "mutual_grants_ambiguous.yaml")
    state["cards"].append({"id": "Torch", "alignment": "good"})
    state["abilities"] = [{"id": "torch-light", "on": "Torch", "target": "Sage"}]
    result = inlined(pybridge.rule(state, explain=True))
    assert result["status"] == "ambiguous"
    common = ruling(result, "target", ability="torch-light")
    assert common in result["rulings"] and common["legal"] is True
    assert node(common["why"], "RED-IMM-2", "Sage", "Torch")["facts"]["cards"] == ["Torch"]
    for reading in result["alternatives"]:
        (blocked,) = reading
        node(blocked["why"], "RED-IMM-4", blocked["immunity"])


# --- issue 24 item 7: sentences that were not true of their state -------------------------

def test_RED_INT_2_group_node_lists_the_characters_it_selects():
    # RED-INT-2: an immunity may be to a group of cards named by a brigade. Lightbearer's
    # shade is to brigade Black, and Giant is of brigade Black: the group selects Giant, so
    # Giant's 11 does not count against Lightbearer (RED-IMM-1: "not affected by strength
    # ... on the cards to which it is immune"). The RED-INT-2 node must say it selects
    # Giant (its sibling line names Giant's 11), never "selects none".
    state = {"rulebook": "redemption",
             "characters": [{"id": "Lightbearer", "alignment": "good", "strength": 8, "toughness": 2},
                            {"id": "Shieldbearer", "alignment": "good", "strength": 6, "toughness": 6},
                            {"id": "Giant", "alignment": "evil", "strength": 11, "toughness": 12,
                             "brigade": "Black"}],
             "immunities": [{"id": "shade", "holder": "Lightbearer", "to": {"brigade": "Black"}}]}
    result = inlined(pybridge.rule(state, explain=True))
    why = ruling(result, "battle_state", state="heroes_winning")["why"]
    step = node(why, "RED-INT-2", "shade")
    assert step["says"].endswith("it selects Giant"), step["says"]
    assert step["facts"]["cards"] == ["Giant"]
    assert not any("selects none" in n["says"] for item in all_rulings(result)
                   for n in nodes(item["why"]))


CURSED = [{"id": "Lightbearer", "alignment": "good", "strength": 8, "toughness": 2},
          {"id": "Shieldbearer", "alignment": "good", "strength": 6, "toughness": 6},
          {"id": "Giant", "alignment": "evil", "strength": 11, "toughness": 12}]


def test_RED_BAT_1_immunity_to_a_curse_on_the_immune_hero_affects_the_battle():
    # RED-IMM-1: "An immune ability keeps the target from being affected by strength ... on
    # the cards to which it is immune." The evil Curse (-3) is played on Lightbearer, who is
    # immune to it: Lightbearer's strength stays 8 (RED-INT-1), so Giant faces 8 + 6 = 14
    # >= 12 where without the immunity it would face 5 + 6 = 11 < 12. The immunity affects
    # the battle, and there are three characters: "When there are more than two characters
    # in a battle that is affected by an immune ability you must follow a different process"
    # (RED-BAT-1). No character is immune to an opposing character, so each is defeated iff
    # the opposing side's total strength reaches its side's toughness: Giant 14 >= 12; both
    # heroes 11 >= 2 + 6 = 8: mutual destruction, by RED-BAT-1 (not RED-BAT-0, whose sentence
    # "no immunity affects the battle" would be false).
    state = {"rulebook": "redemption", "characters": CURSED,
             "cards": [{"id": "Curse", "alignment": "evil", "played_on": "Lightbearer",
                        "strength": -3}],
             "immunities": [{"id": "ward", "holder": "Lightbearer", "to": "Curse"}]}
    result = inlined(pybridge.rule(state, explain=True))
    said = [n["says"] for item in all_rulings(result) for n in nodes(item["why"])]
    assert not any("no immunity affects the battle" in s for s in said), said
    top = ruling(result, "battle_state", state="mutual_destruction")
    assert {"RED-BAT-1", "RED-IMM-1", "RED-INT-1"} <= set(top["because"])
    assert "RED-BAT-0" not in top["because"]
    giant = ruling(result, "being_defeated", character="Giant")
    assert "RED-BAT-1" in giant["because"] and "RED-BAT-0" not in giant["because"]
    comparison(giant["why"], "RED-BAT-1", "Giant", "14 (Lightbearer 8 + Shieldbearer 6)",
               "12 (Giant 12)")
    # the reason an immunity affects it: the Curse's -3 is left out of Lightbearer's own
    # strength, 8 (and not "against" Lightbearer: it never counted against it)
    procedure = node(giant["why"], "RED-BAT-1", "an immunity affects it")
    own = node(procedure["why"], "RED-INT-1", "Curse -3", "its own strength")
    assert own["facts"]["character"] == "Lightbearer"
    assert not any("left out against Lightbearer" in s for s in said), said


def test_RED_BAT_0_curse_on_the_hero_that_no_immunity_covers_is_side_against_side():
    # Boundary of the test above: the same Curse, but Lightbearer's immunity is to a Charm
    # played on nobody. No immunity changes any strength in battle, so RED-BAT-0's side
    # against side: Giant faces 5 + 6 = 11 < 12 and stands; the heroes face 11 >= 8.
    state = {"rulebook": "redemption", "characters": CURSED,
             "cards": [{"id": "Curse", "alignment": "evil", "played_on": "Lightbearer",
                        "strength": -3},
                       {"id": "Charm", "alignment": "evil"}],
             "immunities": [{"id": "ward", "holder": "Lightbearer", "to": "Charm"}]}
    result = inlined(pybridge.rule(state, explain=True))
    top = ruling(result, "battle_state", state="evil_winning")
    assert "RED-BAT-0" in top["because"]
    node(top["why"], "RED-BAT-0", "side against side: no immunity affects the battle")
    stands = comparison(top["why"], "RED-BAT-0", "Giant",
                        "11 (Lightbearer 8 + Curse -3 (played on Lightbearer) + "
                        "Shieldbearer 6)", "12 (Giant 12)")
    assert stands["says"].startswith("Giant stands")


def test_RED_BAT_1_NEG_reason_an_immunity_affects_the_battle_names_what_it_is_immune_to():
    # negative_counts (RED-BAT-1-NEG): the Wraith's -1 counts against Lightbearer although
    # Lightbearer is immune to the Wraith, so Lightbearer leaves no strength out. The battle
    # is still one "affected by an immune ability" in RED-BAT-1's sense: Lightbearer "is
    # immune to at least one opposing character in battle". The reason must name the Wraith,
    # never say Lightbearer is immune "to the strength of none".
    state = WRAITH_AGAINST_TWO
    result = inlined(pybridge.rule(state, explain=True))
    said = [n["says"] for item in all_rulings(result) for n in nodes(item["why"])]
    assert not any("strength of none" in s for s in said), said
    why = ruling(result, "battle_state", state="heroes_winning")["why"]
    procedure = node(why, "RED-BAT-1", "an immunity affects it")
    reason = node(procedure["why"], "RED-IMM-1", "Lightbearer", "ward", "Wraith")
    assert "does not count against it" not in reason["says"]


# --- every sentence of every tree is true of its state ------------------------------------
#
# An independent model of the state, in plain Python, written from the source and the
# interpretation decisions (../shared/rules/redemption.md), not from asp/: which immunities
# are in effect (RED-IMM-5, RED-INT-3, RED-IMM-6; a grant blocked, RED-IMM-4, checked to be
# a stable reading), what each character is immune to (RED-IMM-1, RED-INT-1, RED-INT-2,
# RED-IMM-6), each character's strength (RED-INT-1), and each defender's comparison
# (RED-BAT-0, RED-BAT-1, RED-IMM-3, RED-BAT-1-NEG). Every node of a tree is then checked
# against it by what it states: each number, each sum and its addends, each list of names.


PHASE_INDEX = {"draw": 1, "upkeep": 2, "preparation": 3, "battle": 4, "discard": 5}
DEFAULT_TYPE = {"good": "hero", "evil": "evil_character"}


class Model:
    """The state of one reading. ``blocked``: the granted immunities that reading blocks."""

    def __init__(self, doc, edition, blocked=frozenset()):
        state = _book("redemption").validate(copy.deepcopy(doc))
        self.edition = edition
        self.phase = state["phase"]
        self.chars = {c["id"]: c for c in state["characters"]}
        self.cards = {k["id"]: k for k in state["cards"]}
        self.every = {**self.cards, **self.chars}
        self.immunities = {m["id"]: m for m in state["immunities"]}
        self.abilities = {a["id"]: a for a in state["abilities"]}
        self.align = {x: e["alignment"] for x, e in self.every.items()}
        self.in_battle = {c for c, e in self.chars.items() if e["in_battle"]}
        sides = {self.align[c] for c in self.in_battle}
        self.fighting = sides == {"good", "evil"}
        self.one_on_one = self.fighting and len(self.in_battle) == 2
        self.expired = {i for i, m in self.immunities.items() if self._over(m)}
        self.void = {i for i, m in self.immunities.items() if self._void(m)}
        self.blocked = set(blocked)
        self.active = {i for i in self.immunities
                       if i not in self.expired and i not in self.blocked}
        # a reading is stable: a grant is blocked exactly when its holder is immune, by
        # another immunity in effect, to the granting card or a card it is played on
        for i, m in self.immunities.items():
            if m["granted_by"] is None or i in self.expired:
                assert i not in self.blocked, i
                continue
            g = m["granted_by"]
            shield = any(self._covered_by(j, m["holder"], y) for j in self.active - {i}
                         for y in [g, *self.hosts(g)])
            assert shield == (i in self.blocked), (i, shield, self.blocked)

    # the cards a card is played on, nearest first, and the character at the root
    def hosts(self, x):
        out, y = [], self.every[x].get("played_on") if x in self.cards else None
        while y is not None:
            out.append(y)
            y = self.cards[y]["played_on"] if y in self.cards else None
        return out

    def root(self, x):
        if x in self.chars:
            return x
        chars = [y for y in self.hosts(x) if y in self.chars]
        return chars[0] if chars else None

    def _over(self, m):
        used, now = PHASE_INDEX[m["phase"]], PHASE_INDEX[self.phase]
        return {"phase": used != now, "turn": used > now, "game": False}[m["duration"]]

    def _void(self, m):   # RED-IMM-6: a character's immunity to its own alignment
        h = m["holder"]
        if h not in self.chars:
            return False
        to = m["to"]
        if isinstance(to, str):
            return self.align[to] == self.align[h]
        return to.get("alignment") == self.align[h]

    def card_type(self, x):
        given = self.every[x].get("type")
        if given is not None:
            return given
        return DEFAULT_TYPE[self.align[x]] if x in self.chars else None

    def selects(self, m, x):
        to = m["to"]
        if isinstance(to, str):
            return to == x
        ((key, value),) = to.items()
        if key == "alignment":
            return self.align[x] == value
        if key == "brigade":
            return self.every[x].get("brigade") == value
        return self.card_type(x) == value

    def excluded(self, h, x):    # RED-IMM-6: never immune to a card of one's own alignment
        return h in self.chars and self.align[x] == self.align[h]

    def _covered_by(self, i, h, x):
        m = self.immunities[i]
        return m["holder"] == h and x != h and self.selects(m, x) and not self.excluded(h, x)

    def immune_via(self, h, x):
        return {i for i in self.active if self._covered_by(i, h, x)}

    def ignored(self, d, x):
        """D is not affected by X's strength: immune to X, or to a card X is played on
        (RED-INT-1), X not of D's alignment (RED-IMM-6)."""
        if self.excluded(d, x):
            return False
        return bool(self.immune_via(d, x)) or any(self.immune_via(d, y) for y in self.hosts(x))

    def by_selector(self, d, x):
        """D ignores X through a selector only (no immunity naming X or a card it is on)."""
        named = any(isinstance(self.immunities[i]["to"], str)
                    for y in [x, *self.hosts(x)] for i in self.immune_via(d, y))
        return self.ignored(d, x) and not named

    def contributions(self, a):
        """A's strength, card by card (RED-INT-1): its own and each card on it that A is
        not immune to."""
        out = {a: self.chars[a]["strength"]}
        for x in self.cards:
            if self.root(x) == a and not self.ignored(a, x):
                out[x] = self.cards[x]["strength"]
        return out

    def total(self, a):
        return sum(self.contributions(a).values())

    def own_left_out(self, c):
        return {x: self.cards[x]["strength"] for x in self.cards
                if self.root(x) == c and self.ignored(c, x)}

    def opponents(self, d):
        return [a for a in sorted(self.in_battle) if self.align[a] != self.align[d]]

    def side_toughness(self, d):
        parts = {}
        for c in self.in_battle:
            if self.align[c] == self.align[d]:
                parts[c] = self.chars[c]["toughness"]
                for x in self.cards:
                    if self.root(x) == c:
                        parts[x] = self.cards[x]["toughness"]
        return parts

    def opposing(self, d):
        return {x: w for a in self.opponents(d) for x, w in self.contributions(a).items()}

    def immune_in_battle(self, d):
        """The opposing contributions D is immune to, with the character they belong to."""
        return {x: a for a in self.opponents(d) for x in self.contributions(a)
                if self.ignored(d, x)}

    def kept(self, d, a):
        """RED-BAT-1-NEG: an opposing character D is immune to whose total is negative
        counts whole."""
        return (self.edition == "negative_counts" and not self.one_on_one
                and self.ignored(d, a) and self.total(a) < 0)

    def ignores(self, d):
        """The opposing strength D leaves out, by contribution (one on one: RED-IMM-3)."""
        opp = self.opposing(d)
        if self.one_on_one and self.zeroed_by(d) is not None:
            a = self.zeroed_by(d)
            return {} if self.total(a) < 0 else dict(self.contributions(a))
        return {x: opp[x] for x, a in self.immune_in_battle(d).items() if not self.kept(d, a)}

    def zeroed_by(self, d):
        """One on one, the opponent D is immune to (RED-IMM-3), or None."""
        if not self.one_on_one:
            return None
        (a,) = self.opponents(d)
        return a if self.ignored(d, a) else None

    def faced(self, d):
        a = self.zeroed_by(d)
        if a is not None and self.total(a) < 0:
            return self.total(a)
        return sum(self.opposing(d).values()) - sum(self.ignores(d).values())

    def falls(self, d):
        return self.faced(d) >= sum(self.side_toughness(d).values())

    def affected(self):
        return any(self.immune_in_battle(d) or self.own_left_out(d) for d in self.in_battle)

    def procedure(self):
        if not self.fighting:
            return None
        if self.one_on_one or not self.affected():
            return "RED-BAT-0"
        return "RED-BAT-1"


SIDE_NAMES = {"good": "heroes", "evil": "evil_characters"}


def side_of(name):
    """The alignment a side's name in a sentence stands for."""
    return {v: k for k, v in SIDE_NAMES.items()}[name]


def child(n, *keys):
    """The one reason of node ``n`` (an expanded tree) whose facts hold every key."""
    found = [c for c in n["why"] if all(k in c["facts"] for k in keys)]
    assert len(found) == 1, (keys, n)
    return found[0]


def check_covered(model, d, group):
    """A key group's node (stated once for the characters sharing it, covers/2) read for one
    of them, D: it names D's immunities' keys, and leaves out just what D ignores."""
    assert group["rule"] == "RED-IMM-1", group
    assert side_of(group["facts"]["opposing_side"]) != model.align[d], group
    keys = {tuple(m["to"].items())[0] if isinstance(m["to"], dict) else ("card", m["to"])
            for m in model.immunities.values() if m["holder"] == d}
    assert {(p["name"], p["value"]) for p in group["facts"]["keys"]} == keys, (group, keys)
    assert fact_parts(group, "cards") == model.ignores(d), (group, model.ignores(d))
    assert group["facts"]["total"] == sum(model.ignores(d).values()), group


def check_sentence(model, n, defeated):
    """One node against the model: what it states of the state is so."""
    facts, says, rule = n["facts"], n["says"], n["rule"]
    check_sums(n)
    check_lists_written(n, ("characters", "cards", "strengths", "toughnesses", "opponents",
                            "negatives", "immunities", "to", "keys"))
    check_roles(n, {"character": model.chars, "opponent": model.chars,
                    "holder": model.every, "granter": model.every, "host": model.every,
                    "card": model.every, "target": model.every,
                    "immunity": model.immunities, "immunities": model.immunities,
                    "by": model.immunities, "ability": model.abilities,
                    "cards": model.every, "to": model.every, "opponents": model.every,
                    "negatives": model.chars, "strengths": model.every,
                    "toughnesses": model.every,
                    "characters": model.in_battle, "heroes_defeated": model.in_battle,
                    "evil_defeated": model.in_battle, "heroes_standing": model.in_battle,
                    "evil_standing": model.in_battle})
    d = facts.get("character")
    if d is not None and "toughness" in facts:                 # a defender's comparison
        assert d in model.in_battle and rule == model.procedure(), (n, model.procedure())
        # its side's toughness, stated once for the side (a shared node, a reason of it)
        assert side_of(facts["own_side"]) == model.align[d], n
        own = child(n, "toughnesses")
        assert fact_parts(own, "toughnesses") == model.side_toughness(d), n
        assert facts["toughness"] == own["facts"]["toughness"] == \
            sum(model.side_toughness(d).values()), n
        a = model.zeroed_by(d)
        if a is not None and model.total(a) < 0:
            assert fact_parts(n, "strengths") == model.contributions(a), n
            assert "opposing_side" not in facts, n
        else:
            # the opposing side's strength, stated once for that side
            assert side_of(facts["opposing_side"]) != model.align[d], n
            assert "strengths" not in facts, n
            theirs = child(n, "strengths")
            assert fact_parts(theirs, "strengths") == model.opposing(d), n
            assert facts["opposing"] == theirs["facts"]["strength"] == \
                sum(model.opposing(d).values()), n
        assert facts["strength"] == model.faced(d), (n, model.faced(d))
        if "ignored" in facts:
            assert facts["ignored"] == sum(model.ignores(d).values()), n
            assert facts["opposing"] == sum(model.opposing(d).values()), n
        assert ("stands" in says) == (not model.falls(d)), n
        assert (d in defeated) == model.falls(d), (n, defeated)
    elif rule in ("RED-BAT-0", "RED-BAT-1") and "side" in facts:    # a side's total
        assert rule == model.procedure(), (n, model.procedure())
        side = side_of(facts["side"])
        members = [c for c in sorted(model.in_battle) if model.align[c] == side]
        assert members, n
        if "strengths" in facts:
            assert fact_parts(n, "strengths") == {x: w for c in members
                                                  for x, w in model.contributions(c).items()}, n
        else:
            assert fact_parts(n, "toughnesses") == model.side_toughness(members[0]), n
    elif rule == "RED-IMM-1" and "keys" in facts:             # a key group's coverage
        pass                                                  # (read with each holder: below)
    elif rule in ("RED-BAT-0", "RED-BAT-1") and "characters" in facts:     # the procedure
        assert rule == model.procedure(), (n, model.procedure())
        assert set(facts["characters"]) == model.in_battle, n
        assert ("one on one" in says) == model.one_on_one, n
        assert ("no immunity affects the battle" in says) == (
            not model.affected() and not model.one_on_one), n
        assert ("an immunity affects it" in says) == (model.affected() and not model.one_on_one)
    elif rule == "RED-BAT-2":
        for key, side, down in (("heroes_defeated", "good", True), ("evil_defeated", "evil", True),
                                ("heroes_standing", "good", False),
                                ("evil_standing", "evil", False)):
            if key in facts:
                assert set(facts[key]) == {c for c in model.in_battle if model.align[c] == side
                                           and model.falls(c) == down}, (key, n)
    # (a list with no item is no fact at all: facts.get(key, []))
    elif rule == "RED-IMM-1" and "not affected by strength on the cards" in says:
        if "to" not in facts and n["why"]:                    # what its group covers
            group = child(n, "keys")
            check_covered(model, d, group)
            to = fact_names(group, "cards")
        else:
            to = facts.get("to", [])                          # what it is immune to
        assert to and all(model.ignored(d, x) for x in to), n
    elif rule == "RED-IMM-1" and d is not None:               # immune in battle
        assert d in model.in_battle and model.immune_in_battle(d), n
        if model.ignores(d) and "ignored" in facts:           # what its group covers
            assert "cards" not in facts and facts["ignored"] == sum(model.ignores(d).values())
            check_covered(model, d, child(n, "keys"))
        elif model.ignores(d):                                # the strength it ignores
            assert "cards" in facts and fact_parts(n, "cards") == model.ignores(d), n
        else:                                                 # RED-BAT-1-NEG: none
            assert "cards" not in facts, n
            assert set(facts.get("opponents", [])) == set(model.immune_in_battle(d)), n
    elif rule == "RED-INT-2" and d is not None:               # a group selects
        cards = facts.get("cards", [])
        if n["why"]:                                          # what its group covers
            group = child(n, "keys")
            check_covered(model, d, group)
            cards = cards + fact_names(group, "cards")
        assert cards, n
        assert all(model.by_selector(d, x) for x in cards), n
        selected = {x for x in model.ignores(d) if model.by_selector(d, x)}
        assert selected <= set(cards), (n, selected)
    elif rule == "RED-INT-1" and "side" in facts:           # cards counted for a side
        side = side_of(facts["side"])
        members = [c for c in sorted(model.in_battle) if model.align[c] == side]
        if "toughness counts" in says:
            counted = {x for x in model.side_toughness(members[0]) if x in model.cards}
        else:
            counted = {x for c in members for x in model.contributions(c) if x in model.cards}
        assert counted and set(facts["cards"]) == counted, (n, counted)
    elif rule == "RED-INT-1" and "its own strength" in says:   # a card on itself left out
        assert fact_parts(n, "cards") == model.own_left_out(d), n
        assert fact_parts(n, "strengths") == model.contributions(d), n
        assert facts["strength"] == model.total(d), n
    elif rule == "RED-INT-1" and "cards" in facts:           # a card left out against D
        ignored = model.ignores(d)
        assert all(ignored.get(x) == w for x, w in fact_parts(n, "cards").items()), (n, ignored)
        assert all(x in model.cards for x in fact_names(n, "cards")), n
    elif rule == "RED-INT-1" and "left out against" in says:  # ... the cards its group covers
        group = child(n, "keys")
        check_covered(model, d, group)
        assert any(x in model.cards for x in fact_names(group, "cards")), n
    elif rule == "RED-IMM-3":
        a = model.zeroed_by(d)
        assert a == facts["opponent"] and facts["strength"] == model.total(a), n
    elif rule == "RED-BAT-1-NEG":
        negatives = fact_parts(n, "negatives")
        assert negatives and all(model.kept(d, a) and model.total(a) == v
                                 for a, v in negatives.items()), n
    elif rule == "RED-IMM-5":
        m = model.immunities[facts["immunity"]]
        assert facts["used"] == m["phase"] and facts["phase"] == model.phase, n
        assert facts["immunity"] in model.expired, n
    elif rule == "RED-IMM-6" and "alignment" in facts and "holder" in facts:
        assert facts["immunity"] in model.void, n
        assert facts["alignment"] == model.align[facts["holder"]], n
    elif rule == "RED-IMM-4":
        assert facts["immunity"] in model.blocked, n
        assert model.immunities[facts["immunity"]]["granted_by"] == facts["granter"], n
    elif rule == "RED-IMM-2" and "by" in facts:               # a grant shielded
        assert model._covered_by(facts["by"], facts["holder"], facts["granter"]) or any(
            model._covered_by(facts["by"], facts["holder"], y)
            for y in model.hosts(facts["granter"])), n
    elif rule == "RED-IMM-2" and "immunity" in facts:         # an ability shielded
        assert model._covered_by(facts["immunity"], facts["target"], facts["host"]), n
        assert facts["host"] in [facts["card"], *model.hosts(facts["card"])], n
    elif rule == "RED-IMM-2" and "cards" in facts:            # an ability reaches
        a = model.abilities[facts["ability"]]
        assert set(facts["cards"]) == {a["on"], *model.hosts(a["on"])}, n
        assert not any(model.immune_via(a["target"], y) for y in facts["cards"]), n


def check_sentences_true(doc, edition):
    """Every sentence of every ruling's tree, in every reading, is true of the state."""
    result = inlined(pybridge.rule(copy.deepcopy(doc), edition=edition, explain=True))
    if result["status"] == "inconsistent":
        assert result["rulings"] == []
        return result
    readings = result.get("alternatives") or [[]]
    for extra in readings:
        rulings = list(result["rulings"]) + list(extra)
        blocked = {r["immunity"] for r in rulings
                   if r["kind"] == "immunity_inactive" and r["reason"] == "grant_blocked"}
        model = Model(doc, edition, blocked)
        defeated = {r["character"] for r in rulings if r["kind"] == "being_defeated"}
        # a ruling common to several readings may show the first reading's tree: check
        # it against that reading only
        checked = extra if len(readings) > 1 and extra is not readings[0] else rulings
        for item in checked:
            for n in nodes(item["why"]):
                check_sentence(model, n, defeated)
    return result


def _examples_both_editions():
    return [(p, e) for p in examples("redemption") for e in ("literal", "negative_counts")]


@pytest.mark.parametrize("path,edition", _examples_both_editions(),
                         ids=lambda v: getattr(v, "name", v))
def test_every_sentence_of_every_example_is_true(path, edition):
    check_sentences_true(pybridge.load(path), edition)


SELECTED = {"rulebook": "redemption",
            "characters": [*CURSED[:2], {**CURSED[2], "brigade": "Black"}],
            "immunities": [{"id": "shade", "holder": "Lightbearer", "to": {"brigade": "Black"}}]}
CURSE_ON_HERO = {"rulebook": "redemption", "characters": CURSED,
                 "cards": [{"id": "Curse", "alignment": "evil", "played_on": "Lightbearer",
                            "strength": -3}],
                 "immunities": [{"id": "ward", "holder": "Lightbearer", "to": "Curse"}]}
NEGATIVE = {"rulebook": "redemption",
            "characters": [{"id": "Lightbearer", "alignment": "good", "strength": 8, "toughness": 0},
                           {"id": "Shieldbearer", "alignment": "good", "strength": 6, "toughness": 0},
                           {"id": "Wraith", "alignment": "evil", "strength": -1, "toughness": 12}],
            "immunities": [{"id": "ward", "holder": "Lightbearer", "to": "Wraith"}]}
# the same with a group (key groups are summed per group: battle.lp)
NEGATIVE_GROUP = {**NEGATIVE, "characters": [*NEGATIVE["characters"][:2],
                                             {**NEGATIVE["characters"][2], "brigade": "Grey"}],
                  "immunities": [{"id": "ward", "holder": "Lightbearer", "to": {"brigade": "Grey"}}]}


@pytest.mark.parametrize("doc", [SELECTED, CURSE_ON_HERO, NEGATIVE, NEGATIVE_GROUP],
                         ids=["selected", "curse_on_hero", "negative", "negative_group"])
@pytest.mark.parametrize("edition", ["literal", "negative_counts"])
def test_every_sentence_of_the_issue_states_is_true(doc, edition):
    # The states of issue 24 item 7 (the tests above): the automatic check finds each wrong
    # sentence ("selects none", "no immunity affects the battle", "the strength of none").
    check_sentences_true(doc, edition)
