"""Redemption rulings an independent reading of the source found wrong (issue 11, items 1-2).

Every expectation is worked out by hand from the seed (../shared/seeds/004_...txt), quoted
above each group, before the tool was run.
"""

import pytest

import pybridge
from redemption_states import battle_state, because, defeated, evil, hero, kinds, state

# "when comparing the strength of one character to the toughness of a second character that
# is immune to the first character, the strength of the first character is treated as zero
# unless it is negative." One on one, H immune to E: H faces min(E's strength, 0), where E's
# strength is its total (base plus every card played on it, RED-INT-1), whatever the cards'
# alignment. Nothing else is a number this sentence can produce.


def rule(doc, edition=None):
    result = pybridge.rule(doc, edition=edition) if edition else pybridge.rule(doc)
    assert result["status"] == "ok", result
    return result


def immune_one_on_one(e_base, card_strength, card_alignment, h_toughness, h_card_toughness=0):
    """H (strength 0) immune to E; a card of ``card_alignment`` played on E; H's toughness
    may get a (negative) bonus from a card played on H. E has toughness 9: H never beats it."""
    cards = [{"id": "Boon", "alignment": card_alignment, "played_on": "E",
              "strength": card_strength}]
    if h_card_toughness:
        cards.append({"id": "Frailty", "alignment": "evil", "played_on": "H",
                      "toughness": h_card_toughness})
    return state([hero("H", 0, h_toughness), evil("E", e_base, 9)], cards=cards,
                 immunities=[{"id": "ward", "holder": "H", "to": "E"}])


@pytest.mark.parametrize("toughness, falls", [(0, True), (1, False), (5, False)])
def test_RED_IMM_3_good_card_on_the_immune_to_character_is_part_of_its_strength(toughness, falls):
    # E -3 with a good +5 card on it: E's strength is 2, not negative, so H faces 0.
    # 0 >= 0 defeats H at toughness 0 (RED-BAT-0's ">="); 0 >= 1 and 0 >= 5 do not. (Before the
    # fix H faced the card's 5 alone and fell at toughness 5.)
    result = rule(immune_one_on_one(-3, 5, "good", toughness))
    assert ("H" in defeated(result)) is falls
    if falls:
        assert "RED-IMM-3" in because(result, "being_defeated", character="H")


@pytest.mark.parametrize("card, toughness, falls", [
    (2, 0, False),    # total -1 stays negative: -1 >= 0 is false
    (3, 0, True),     # total 0 is not negative: treated as zero, 0 >= 0
    (3, 1, False),    # 0 >= 1 is false (the card's 3 alone would have defeated H)
    (4, 1, False),    # total 1: zero against toughness 1
])
def test_RED_IMM_3_boundary_of_a_negative_total_with_an_own_alignment_card(card, toughness, falls):
    result = rule(immune_one_on_one(-3, card, "good", toughness))
    assert ("H" in defeated(result)) is falls
    assert battle_state(result) == ("evil_winning" if falls else "stalemate")


@pytest.mark.parametrize("bonus, falls", [(-6, True), (-5, True), (-4, False)])
def test_RED_IMM_3_a_negative_total_stays_as_it_is_against_negative_toughness(bonus, falls):
    # E base 3 with an evil -8 card: strength -5, negative, so it stays -5. H's toughness 0 with
    # a -6/-5/-4 card on it: -5 >= -6 and -5 >= -5 defeat H, -5 >= -4 does not.
    result = rule(immune_one_on_one(3, -8, "evil", 0, h_card_toughness=bonus))
    assert ("H" in defeated(result)) is falls


@pytest.mark.parametrize("alignment", ["good", "evil", "neutral"])
def test_RED_IMM_3_the_alignment_of_cards_on_the_first_character_does_not_matter(alignment):
    # E 1 with a +4 card of any alignment: strength 5, treated as zero against toughness 1.
    result = rule(immune_one_on_one(1, 4, alignment, 1))
    assert "H" not in defeated(result)
    # ... and against toughness 0 the zero is enough (0 >= 0).
    assert "H" in defeated(rule(immune_one_on_one(1, 4, alignment, 0)))


def test_RED_IMM_3_without_immunity_the_card_counts_in_full():
    # The same battle without the immunity: E's strength 2 >= H's toughness 2.
    doc = immune_one_on_one(-3, 5, "good", 2)
    doc["immunities"] = []
    assert "H" in defeated(rule(doc))


# RED-INT-2: "Immunity may be to one card, or to a group described by a selector". A rule
# whose ruling a selector decided cites the selector's rule.

@pytest.mark.parametrize("selector", [{"alignment": "evil"}, {"brigade": "Crimson"},
                                      {"type": "evil_character"}])
def test_RED_INT_2_is_cited_by_the_battle_rulings_a_selector_decides(selector):
    # H1 1/1 immune (by selector) to E1 (5, brigade Crimson); E2 (brigade Black) 6.
    # Hero toughness 2. Against H1: only what it is not immune to. Against H2: 11 >= 2.
    doc = state([hero("H1", 1, 1), hero("H2", 1, 1), evil("E1", 5, 9, brigade="Crimson"),
                 evil("E2", 6, 9, brigade="Black")],
                immunities=[{"id": "ward", "holder": "H1", "to": selector}])
    result = rule(doc)
    if selector == {"brigade": "Crimson"}:
        # E2's 6 >= 2: H1 still falls, by what it is not immune to; the selector decided that.
        assert "RED-INT-2" in because(result, "being_defeated", character="H1")
    else:
        # Immune to both evil characters: H1 faces 0 >= 2? No: H1 stands.
        assert "H1" not in defeated(result)
    assert "RED-INT-2" in because(result, "battle_state", state=battle_state(result))
    assert "RED-INT-2" not in because(result, "being_defeated", character="H2")


def test_RED_INT_2_is_not_cited_when_the_immunity_names_the_card():
    doc = state([hero("H1", 1, 1), hero("H2", 1, 1), evil("E1", 5, 9), evil("E2", 6, 9)],
                immunities=[{"id": "ward", "holder": "H1", "to": "E1"}])
    result = rule(doc)
    for ruling in result["rulings"]:
        assert "RED-INT-2" not in ruling["because"], ruling


def test_RED_INT_2_is_cited_one_on_one_when_the_selector_makes_RED_IMM_3_apply():
    # H 0/0 immune to {alignment: evil}; E 9: treated as zero, 0 >= 0: H falls.
    doc = state([hero("H", 0, 0), evil("E", 9, 9)],
                immunities=[{"id": "ward", "holder": "H", "to": {"alignment": "evil"}}])
    result = rule(doc)
    assert because(result, "being_defeated", character="H") == [
        "RED-IMM-1", "RED-IMM-3", "RED-BAT-0", "RED-INT-2"]


def test_RED_INT_2_is_cited_by_the_target_ruling_a_selector_decides():
    # "A card that is immune cannot be targeted by an ability that is on a card to which it is
    # immune": Scout immune to {brigade: Crimson}; an ability on the Crimson Hex targets it.
    doc = state([hero("Scout", 1, 1, in_battle=False)],
                cards=[{"id": "Hex", "alignment": "evil", "brigade": "Crimson"}],
                immunities=[{"id": "ward", "holder": "Scout", "to": {"brigade": "Crimson"}}],
                abilities=[{"id": "curse", "on": "Hex", "target": "Scout"}])
    result = rule(doc)
    (target,) = kinds(result, "target")
    assert target["legal"] is False
    assert target["because"] == ["RED-IMM-2", "RED-INT-2"]


# RED-BAT-1-NEG (edition negative_counts): the negative strength of an opposing character one
# is immune to still counts. It is cited where it decides a character's fate: when the
# character falls, and when it stands because of it.

def _neg_battle(h1_toughness):
    # H1 0/t immune to E1 (-1); E2 1; H2 0/0. Hero toughness t. Under negative_counts H1 faces
    # -1 + 1 = 0; literally it faces 1.
    return state([hero("H1", 0, h1_toughness), hero("H2", 0, 0), evil("E1", -1, 9),
                  evil("E2", 1, 9)], immunities=[{"id": "ward", "holder": "H1", "to": "E1"}])


def test_RED_BAT_1_NEG_is_cited_when_it_saves_a_character():
    # Toughness 1: literally 1 >= 1 defeats H1 (and H2: -1 + 1 = 0 >= 1? no). Under
    # negative_counts H1 faces 0 >= 1: it stands, saved by RED-BAT-1-NEG, which the battle
    # state (stalemate) must cite.
    literal = rule(_neg_battle(1))
    assert defeated(literal) == {"H1"}
    saved = rule(_neg_battle(1), edition="negative_counts")
    assert defeated(saved) == set()
    assert "RED-BAT-1-NEG" in because(saved, "battle_state", state="stalemate")


def test_RED_BAT_1_NEG_is_cited_when_a_character_falls_anyway():
    # Toughness 0: 0 >= 0 defeats H1 under negative_counts too.
    result = rule(_neg_battle(0), edition="negative_counts")
    assert "RED-BAT-1-NEG" in because(result, "being_defeated", character="H1")


def test_RED_BAT_1_NEG_is_not_cited_where_it_does_not_apply():
    # E1 with strength 0 is not negative: the rule does not apply, nothing cites it.
    doc = _neg_battle(1)
    doc["characters"][2]["strength"] = 0
    result = rule(doc, edition="negative_counts")
    for ruling in result["rulings"]:
        assert "RED-BAT-1-NEG" not in ruling["because"], ruling


# RED-IMM-1: "An immune ability keeps the target from being affected by strength or special
# abilities on the cards to which it is immune." A card played on the immune character itself
# does not change its strength either (found by an independent reviewer).

@pytest.mark.parametrize("immune, h_falls_e", [(True, True), (False, False)])
def test_RED_IMM_1_a_card_one_is_immune_to_does_not_weaken_its_own_host(immune, h_falls_e):
    # H 3/3 carries an evil Hex -2 and is immune to it; E 1/3. Immune: H's strength is 3 and
    # 3 >= 3 defeats E (boundary: equal). Not immune: H has 1 < 3, E stands. E's 1 < 3 never
    # defeats H.
    doc = state([hero("H", 3, 3), evil("E", 1, 3)],
                cards=[{"id": "Hex", "alignment": "evil", "played_on": "H", "strength": -2}],
                immunities=[{"id": "w", "holder": "H", "to": "Hex"}] if immune else [])
    result = rule(doc)
    assert defeated(result) == ({"E"} if h_falls_e else set())
    if immune:
        assert {"RED-IMM-1", "RED-INT-1"} <= set(
            because(result, "battle_state", state="heroes_winning"))


def test_RED_IMM_1_a_card_one_is_immune_to_does_not_weaken_its_side_in_a_larger_battle():
    # Three characters: H1 3/2 with Hex -2 on it, H1 immune to Hex; H2 1/1; E1 1/4.
    # Heroes' strength 3 + 1 = 4 >= 4 defeats E1 (the Hex no longer weakens H1). Against the
    # heroes: 1 < 3. -> heroes_winning. With Hex at -3 the same holds; without the immunity,
    # 1 + 1 = 2 < 4: stalemate.
    doc = state([hero("H1", 3, 2), hero("H2", 1, 1), evil("E1", 1, 4)],
                cards=[{"id": "Hex", "alignment": "evil", "played_on": "H1", "strength": -2}],
                immunities=[{"id": "w", "holder": "H1", "to": "Hex"}])
    assert battle_state(rule(doc)) == "heroes_winning"
    doc["immunities"] = []
    assert battle_state(rule(doc)) == "stalemate"


def test_RED_IMM_1_and_RED_INT_1_cited_by_the_battle_state_an_immunity_to_a_card_decides():
    # H 3/4 immune to Axe (evil +4 on E); E 3/6. Against H: 3 < 4 (the Axe left out; with it
    # 7 >= 4). Against E: 3 < 6. -> stalemate, decided by the immunity to the Axe.
    doc = state([hero("H", 3, 4), evil("E", 3, 6)],
                cards=[{"id": "Axe", "alignment": "evil", "played_on": "E", "strength": 4}],
                immunities=[{"id": "w", "holder": "H", "to": "Axe"}])
    result = rule(doc)
    assert battle_state(result) == "stalemate"
    assert because(result, "battle_state", state="stalemate") == [
        "RED-IMM-1", "RED-BAT-0", "RED-BAT-2", "RED-INT-1"]


def test_RED_BAT_1_an_own_alignment_card_on_an_immune_to_character_is_left_out_with_it():
    # H1 2/2 immune to E1 3/3, which carries a good Banner +2; H2 2/2; E2 2/3. RED-BAT-1
    # "the total strength of the characters that it is not immune to": H1 faces E2 alone,
    # 2 < 4, and stands; E1's strength goes whole, the Banner with it (issue 52, item 6).
    # H2 faces 3 + 2 + 2 = 7 >= 4 and falls.
    doc = state([hero("H1", 2, 2), hero("H2", 2, 2), evil("E1", 3, 3), evil("E2", 2, 3)],
                cards=[{"id": "Banner", "alignment": "good", "played_on": "E1", "strength": 2}],
                immunities=[{"id": "w", "holder": "H1", "to": "E1"}])
    result = rule(doc)
    assert defeated(result) == {"H2"}
    assert "RED-IMM-6" not in because(result, "being_defeated", character="H2")
