"""One test (at least) per redemption rule ID, with boundary cases at every comparison.

Expected values are worked out by hand from ../shared/rules/redemption.md; the arithmetic is
in the comments.
"""

import pytest

import pybridge
from pybridge.books import get
from pybridge.engine.solving import solve
from redemption_states import battle_state, because, defeated, evil, hero, inactive, state, targets

BOOK = get("redemption")
ALL_IDS = set(BOOK.encoding.rule_ids)


def rule(doc):
    result = pybridge.rule(doc)
    assert result["status"] == "ok", result
    return result


def rule_without(doc, *rule_ids):
    """Rulings with some rule IDs out of force (the guards are assumptions)."""
    from pybridge.engine.results import assemble

    checked = BOOK.validate(doc)
    outcome = solve(BOOK.encoding, BOOK.facts(checked), ALL_IDS - set(rule_ids))
    return assemble(BOOK, "custom", outcome)


def one_on_one(h_str, h_tough, e_str, e_tough, immune=False, **imm):
    immunities = [{"id": "ward", "holder": "H", "to": "E", **imm}] if immune else []
    return state([hero("H", h_str, h_tough), evil("E", e_str, e_tough)], immunities=immunities)


# --- RED-IMM-1 -----------------------------------------------------------------------------

def test_RED_IMM_1_strength_of_a_card_one_is_immune_to_does_not_count():
    # H1 3/3 immune to E1; H2 3/3; E1 4/9, E2 3/9. Hero toughness 6.
    # Against H1: only E2's 3 < 6. Against H2: 4 + 3 = 7 >= 6.
    doc = state([hero("H1", 3, 3), hero("H2", 3, 3), evil("E1", 4, 9), evil("E2", 3, 9)],
                immunities=[{"holder": "H1", "to": "E1"}])
    result = rule(doc)
    assert defeated(result) == {"H2"}
    assert battle_state(result) == "stalemate"   # E1, E2 face 6 < 18


def test_RED_IMM_1_cited_when_the_immune_character_still_falls():
    # H1 1/1 immune to E1 (5), E2 has 6 >= hero toughness 2: H1 falls to E2 alone.
    doc = state([hero("H1", 1, 1), hero("H2", 1, 1), evil("E1", 5, 9), evil("E2", 6, 9)],
                immunities=[{"holder": "H1", "to": "E1"}])
    result = rule(doc)
    assert defeated(result) == {"H1", "H2"}
    assert because(result, "being_defeated", character="H1") == ["RED-IMM-1", "RED-BAT-1"]
    assert because(result, "being_defeated", character="H2") == ["RED-BAT-1"]


def test_RED_IMM_1_out_of_force_the_immunity_changes_nothing():
    doc = state([hero("H1", 8, 2), hero("H2", 6, 6), evil("E", 11, 12)],
                immunities=[{"holder": "H1", "to": "E"}])
    result = rule_without(doc, "RED-IMM-1")
    # No immunity in effect: side against side, 11 >= 8 and 14 >= 12.
    assert defeated(result) == {"H1", "H2", "E"}
    assert battle_state(result) == "mutual_destruction"


# --- RED-IMM-2 -----------------------------------------------------------------------------

def _targeting_doc(**extra_immunity):
    return state(
        [hero("Scout", 3, 3), evil("Tyrant", 5, 5)],
        cards=[{"id": "Chain", "alignment": "evil", "played_on": "Tyrant"},
               {"id": "Link", "alignment": "evil", "played_on": "Chain"},
               {"id": "Curse", "alignment": "evil"}],
        immunities=[{"id": "w", "holder": "Scout", "to": "Tyrant", **extra_immunity}],
        abilities=[{"id": "direct", "on": "Tyrant", "target": "Scout"},
                   {"id": "played-on", "on": "Chain", "target": "Scout"},
                   {"id": "chained", "on": "Link", "target": "Scout"},
                   {"id": "elsewhere", "on": "Curse", "target": "Scout"},
                   {"id": "other-way", "on": "Chain", "target": "Tyrant"}],
        phase="preparation")


def test_RED_IMM_2_ability_on_immune_to_card_or_card_played_on_it_cannot_target():
    result = rule(_targeting_doc())
    assert targets(result) == {
        ("direct", "Scout"): False,      # on the card Scout is immune to
        ("played-on", "Scout"): False,   # on a card played on that card
        ("chained", "Scout"): False,     # played on a card played on it
        ("elsewhere", "Scout"): True,    # Curse is not played on Tyrant
        ("other-way", "Tyrant"): True,   # Tyrant holds no immunity
    }
    assert because(result, "target", ability="direct") == ["RED-IMM-2"]


def test_RED_IMM_2_expired_immunity_does_not_protect_and_says_why():
    result = rule(_targeting_doc(phase="upkeep"))  # used in upkeep, now preparation
    assert targets(result)[("direct", "Scout")] is True
    assert because(result, "target", ability="direct") == ["RED-IMM-2", "RED-IMM-5"]


# --- RED-IMM-3 -----------------------------------------------------------------------------

def test_RED_IMM_3_negative_strength_stays_negative_against_toughness_0():
    # Immune to E whose strength is -1: -1 stays; -1 >= 0 is false: H stands. 5 >= 3: E falls.
    result = rule(one_on_one(5, 0, -1, 3, immune=True))
    assert defeated(result) == {"E"}
    assert battle_state(result) == "heroes_winning"
    assert because(result, "battle_state", state="heroes_winning") == [
        "RED-IMM-3", "RED-BAT-0", "RED-BAT-2"]


def test_RED_IMM_3_out_of_force_negative_strength_would_be_zero():
    # Without RED-IMM-3 the immunity leaves all of E's strength out: 0 >= 0 defeats H.
    result = rule_without(one_on_one(5, 0, -1, 3, immune=True), "RED-IMM-3")
    assert defeated(result) == {"H", "E"}


def test_RED_IMM_3_positive_strength_is_treated_as_zero():
    # E 9 against H's toughness 1, but H is immune: 0 >= 1 is false.
    result = rule(one_on_one(1, 1, 9, 1, immune=True))
    assert defeated(result) == {"E"}


def test_RED_IMM_3_zero_against_toughness_0_is_enough():
    # Treated as zero: 0 >= 0, so even an immune character with toughness 0 is being defeated.
    result = rule(one_on_one(1, 0, 9, 1, immune=True))
    assert defeated(result) == {"H", "E"}
    assert because(result, "being_defeated", character="H") == [
        "RED-IMM-1", "RED-IMM-3", "RED-BAT-0"]


def test_RED_IMM_3_negative_strength_without_immunity_is_compared_as_it_is():
    # No immunity: -1 >= 0 false, H stands; and -2 against toughness 0 likewise.
    assert defeated(rule(one_on_one(5, 0, -1, 3))) == {"E"}


def test_RED_IMM_3_applies_to_exactly_two_characters_not_three():
    # Same immunity, a third character (evil, 0/9) joins: RED-BAT-1 drops the immune-to
    # character entirely, so -1 no longer counts: 0 >= 0 defeats H.
    doc = one_on_one(5, 0, -1, 3, immune=True)
    doc["characters"].append(evil("E2", 0, 9))
    result = rule(doc)
    assert "H" in defeated(result)
    assert because(result, "being_defeated", character="H") == ["RED-IMM-1", "RED-BAT-1"]


def test_RED_IMM_3_negative_total_includes_cards_played_on_the_character():
    # E base 2 with a -3 curse played on it: strength -1 (RED-INT-1), H immune to E.
    doc = one_on_one(5, 0, 2, 3, immune=True)
    doc["cards"] = [{"id": "Curse", "alignment": "evil", "played_on": "E", "strength": -3}]
    assert defeated(rule(doc)) == {"E"}
    doc["cards"][0]["strength"] = -2     # total 0: treated as zero, 0 >= 0
    assert defeated(rule(doc)) == {"H", "E"}


# --- RED-IMM-4 -----------------------------------------------------------------------------

def _grant_doc(**halo):
    return state(
        [hero("Saint", 3, 3), evil("Brute", 4, 4)],
        cards=[{"id": "Pact", "alignment": "evil"}],
        immunities=[{"id": "halo", "holder": "Saint", "to": "Pact", **halo},
                    {"id": "gift", "holder": "Saint", "to": "Brute", "granted_by": "Pact"}])


def test_RED_IMM_4_grant_from_a_card_the_holder_is_immune_to_is_blocked():
    result = rule(_grant_doc())
    assert inactive(result) == {("gift", "grant_blocked")}
    assert because(result, "immunity_inactive", immunity="gift") == ["RED-IMM-2", "RED-IMM-4"]
    # gift blocked: Brute's 4 >= 3 defeats Saint; Saint's 3 < 4.
    assert defeated(result) == {"Saint"}


def test_RED_IMM_4_grant_goes_through_when_the_blocking_immunity_has_expired():
    result = rule(_grant_doc(phase="preparation"))
    assert inactive(result) == {("halo", "expired")}
    assert defeated(result) == set()      # Saint immune to Brute: 0 < 3; 3 < 4


def test_RED_IMM_4_an_immunity_to_its_own_granting_card_is_not_self_blocking():
    doc = state([hero("Saint", 3, 3), evil("Brute", 4, 4)],
                immunities=[{"id": "gift", "holder": "Saint", "to": "Brute", "granted_by": "Brute"}])
    result = rule(doc)
    assert inactive(result) == set()
    assert defeated(result) == set()


def test_RED_IMM_4_mutually_blocking_grants_are_ambiguous():
    result = pybridge.rule("examples/redemption/mutual_grants_ambiguous.yaml")
    assert result["status"] == "ambiguous"
    assert result["rulings"] == []
    readings = [{(r["immunity"], r["reason"]) for r in alt} for alt in result["alternatives"]]
    assert sorted(readings) == [{("gift-a", "grant_blocked")}, {("gift-b", "grant_blocked")}]


def test_RED_IMM_4_odd_ring_of_grants_is_inconsistent_with_minimal_conflict():
    result = pybridge.rule("examples/redemption/odd_grant_cycle_inconsistent.yaml")
    assert result["status"] == "inconsistent"
    assert result["conflict"] == ["RED-IMM-1", "RED-IMM-2", "RED-IMM-4"]
    # Minimal: without any one of them, the state has rulings again.
    doc = pybridge.load("examples/redemption/odd_grant_cycle_inconsistent.yaml")
    for rule_id in result["conflict"]:
        assert rule_without(doc, rule_id)["status"] == "ok"


# --- RED-IMM-5 -----------------------------------------------------------------------------

@pytest.mark.parametrize("used, active", [
    ("preparation", False),  # the phase before: lasted until the end of preparation
    ("battle", True),        # the current phase
    ("discard", False),      # a later phase: it was used in an earlier turn
])
def test_RED_IMM_5_immunity_lasts_until_the_end_of_its_phase(used, active):
    doc = state([hero("H1", 1, 5), hero("H2", 1, 5), evil("E", 10, 99)],
                immunities=[{"id": "w", "holder": "H1", "to": "E", "phase": used}])
    result = rule(doc)
    # Active: H1 faces 0 < 10; inactive: 10 >= 10 defeats H1 too (boundary: equal).
    assert defeated(result) == ({"H2"} if active else {"H1", "H2"})
    assert inactive(result) == (set() if active else {("w", "expired")})
    if not active:
        assert because(result, "immunity_inactive", immunity="w") == ["RED-IMM-5"]


def test_RED_IMM_5_default_phase_is_the_current_phase():
    doc = state([hero("H", 1, 1)], cards=[{"id": "Curse", "alignment": "evil"}],
                immunities=[{"id": "w", "holder": "H", "to": "Curse"}],
                abilities=[{"id": "a", "on": "Curse", "target": "H"}], phase="discard")
    result = rule(doc)
    assert inactive(result) == set()
    assert targets(result) == {("a", "H"): False}


# --- RED-IMM-6 -----------------------------------------------------------------------------

@pytest.mark.parametrize("alignment, void", [("good", True), ("neutral", False), ("evil", False)])
def test_RED_IMM_6_no_immunity_to_cards_of_ones_own_alignment(alignment, void):
    doc = state([hero("Ranger", 2, 2)],
                cards=[{"id": "Banner", "alignment": alignment}],
                immunities=[{"id": "w", "holder": "Ranger", "to": "Banner"}],
                abilities=[{"id": "call", "on": "Banner", "target": "Ranger"}],
                phase="preparation")
    result = rule(doc)
    assert inactive(result) == ({("w", "same_alignment")} if void else set())
    assert targets(result) == {("call", "Ranger"): void}


def test_RED_IMM_6_same_alignment_part_of_a_group_is_removed():
    # Immune to brigade Red: the evil Red card counts as immunity, the good Red card does not.
    doc = state([hero("H1", 1, 1, brigade="Red"), hero("H2", 1, 9), evil("E", 1, 9, brigade="Red")],
                cards=[{"id": "Flag", "alignment": "good", "brigade": "Red"}],
                immunities=[{"id": "w", "holder": "H1", "to": {"brigade": "Red"}}],
                abilities=[{"id": "a1", "on": "Flag", "target": "H1"},
                           {"id": "a2", "on": "E", "target": "H1"}])
    result = rule(doc)
    assert inactive(result) == set()
    assert targets(result) == {("a1", "H1"): True, ("a2", "H1"): False}


def test_RED_IMM_6_alignment_selector_of_own_alignment_is_void():
    doc = state([hero("H", 1, 1)], immunities=[{"id": "w", "holder": "H", "to": {"alignment": "good"}}])
    result = rule(doc)
    assert inactive(result) == {("w", "same_alignment")}
    assert because(result, "immunity_inactive", immunity="w") == ["RED-IMM-6", "RED-INT-2"]


# --- RED-BAT-0 -----------------------------------------------------------------------------

@pytest.mark.parametrize("strength, toughness, falls", [
    (4, 4, True),    # equal is enough (>=)
    (3, 4, False),   # one less is not
    (0, 0, True),    # toughness 0 falls to strength 0
    (-1, 0, False),  # negative strength does not reach toughness 0
])
def test_RED_BAT_0_one_to_one_strength_at_least_toughness(strength, toughness, falls):
    result = rule(one_on_one(0, toughness, strength, 50))
    assert ("H" in defeated(result)) is falls
    if falls:
        assert because(result, "being_defeated", character="H") == ["RED-BAT-0"]


@pytest.mark.parametrize("evil_strength, falls", [(5, True), (4, False)])
def test_RED_BAT_0_side_against_side_without_immunity(evil_strength, falls):
    # Heroes' toughness 2 + 3 = 5: evil total strength 5 defeats both heroes, 4 neither.
    doc = state([hero("A", 3, 2), hero("B", 3, 3),
                 evil("G", evil_strength - 2, 50), evil("T", 2, 50)])
    result = rule(doc)
    assert defeated(result) == ({"A", "B"} if falls else set())
    assert because(result, "battle_state", state=battle_state(result)) == [
        "RED-BAT-0", "RED-BAT-2"]


def test_RED_BAT_0_inactive_immunity_leaves_the_battle_side_against_side():
    doc = state([hero("A", 3, 2), hero("B", 3, 3), evil("G", 5, 50)],
                immunities=[{"holder": "A", "to": "G", "phase": "upkeep"}])
    result = rule(doc)
    assert defeated(result) == {"A", "B"}
    # A's immunity to G is over ("Immune abilities last until the end of the phase in which
    # they are used"): that is why A faces G's strength, so A's ruling cites RED-IMM-5 too
    # (issue 52); B held no immunity.
    assert because(result, "being_defeated", character="A") == ["RED-IMM-5", "RED-BAT-0"]
    assert because(result, "being_defeated", character="B") == ["RED-BAT-0"]


# --- RED-BAT-1 -----------------------------------------------------------------------------

def test_RED_BAT_1_the_three_character_battle():
    # Acceptance case: heroes 8/2 (immune to Giant) + 6/6 against evil 11/12.
    # Hero toughness 8: Shieldbearer faces 11 >= 8; Lightbearer faces 0. Giant faces 14 >= 12.
    result = rule(pybridge.load("examples/redemption/three_character_battle.yaml"))
    assert battle_state(result) == "heroes_winning"
    assert defeated(result) == {"Shieldbearer", "Giant"}
    assert because(result, "battle_state", state="heroes_winning") == ["RED-BAT-1", "RED-BAT-2"]
    assert because(result, "being_defeated", character="Shieldbearer") == ["RED-BAT-1"]
    assert because(result, "being_defeated", character="Giant") == ["RED-BAT-1"]


@pytest.mark.parametrize("e2_strength, falls", [(7, True), (6, False)])
def test_RED_BAT_1_not_immune_strength_against_whole_side_toughness(e2_strength, falls):
    # H1 0/3 immune to E1; H2 0/4: side toughness 7. Against H1 only E2 counts: 7 >= 7, 6 < 7.
    doc = state([hero("H1", 0, 3), hero("H2", 0, 4), evil("E1", 9, 9), evil("E2", e2_strength, 9)],
                immunities=[{"holder": "H1", "to": "E1"}])
    result = rule(doc)
    assert ("H1" in defeated(result)) is falls
    assert "H2" in defeated(result)  # 9 + e2 >= 7 either way


def test_RED_BAT_1_drops_a_negative_strength_it_is_immune_to():
    # The known tension: with three characters, immunity to a -4 character removes it, so the
    # strength against H1 rises from 5 - 4 = 1 to 5 >= 5 (hero toughness 2 + 3).
    doc = state([hero("H1", 0, 2), hero("H2", 0, 3), evil("Weak", -4, 9), evil("Strong", 5, 9)],
                immunities=[{"holder": "H1", "to": "Weak"}])
    assert "H1" in defeated(rule(doc))
    doc["immunities"] = []
    assert "H1" not in defeated(rule(doc))   # 1 < 5


def test_RED_BAT_1_only_opposing_characters_in_battle_count():
    # E2 is not in battle: its strength is not set against anyone and it is not defeated.
    doc = state([hero("H1", 5, 3), hero("H2", 5, 3), evil("E1", 2, 9), evil("E2", 50, 1, in_battle=False)],
                immunities=[{"holder": "H1", "to": "E1"}])
    result = rule(doc)
    assert defeated(result) == {"E1"}      # heroes 10 >= 9; E1's 2 < 6 against H2
    assert battle_state(result) == "heroes_winning"


# --- RED-BAT-2 -----------------------------------------------------------------------------

@pytest.mark.parametrize("h_tough, e_tough, expected", [
    (1, 1, "mutual_destruction"),   # 5 >= 1 both ways
    (9, 1, "heroes_winning"),       # only E falls
    (1, 9, "evil_winning"),         # only H falls
    (9, 9, "stalemate"),            # neither falls
])
def test_RED_BAT_2_battle_states(h_tough, e_tough, expected):
    result = rule(one_on_one(5, h_tough, 5, e_tough))
    assert battle_state(result) == expected
    assert because(result, "battle_state", state=expected) == ["RED-BAT-0", "RED-BAT-2"]


def test_RED_BAT_2_all_of_a_side_means_every_character_of_it():
    # Three characters, immunity: E falls, one hero of two falls: heroes winning, not mutual.
    result = rule(pybridge.load("examples/redemption/three_character_battle.yaml"))
    assert battle_state(result) == "heroes_winning"


@pytest.mark.parametrize("characters", [
    [hero("H", 1, 1)],                                   # one side only
    [hero("H", 1, 1), evil("E", 1, 1, in_battle=False)],  # the other side is not in battle
])
def test_RED_BAT_2_no_battle_state_without_a_battle(characters):
    result = rule(state(characters))
    assert battle_state(result) is None
    assert defeated(result) == set()


@pytest.mark.parametrize("phase", ["draw", "preparation", "discard"])
def test_RED_BAT_2_a_battle_is_ruled_whatever_the_current_phase(phase):
    # Who is in battle decides; the phase only decides which immunities have expired.
    result = rule(state([hero("H", 1, 1), evil("E", 1, 2)], phase=phase))
    assert battle_state(result) == "evil_winning"     # 1 >= 1 against H, 1 < 2 against E


# --- RED-INT-1 -----------------------------------------------------------------------------

def test_RED_INT_1_bonuses_count_for_the_character_they_are_played_on():
    # E 3/4 with +2/+1 sword: 5 strength, 5 toughness. H 5/5: 5 >= 5 both ways.
    doc = one_on_one(5, 5, 3, 4)
    doc["cards"] = [{"id": "Sword", "alignment": "evil", "played_on": "E", "strength": 2, "toughness": 1}]
    assert battle_state(rule(doc)) == "mutual_destruction"
    doc["cards"][0]["toughness"] = 2           # 5 < 6: E stands
    assert battle_state(rule(doc)) == "evil_winning"


def test_RED_INT_1_immunity_to_an_enhancement_leaves_out_only_its_bonus():
    result = rule(pybridge.load("examples/redemption/enhancement_bonus.yaml"))
    # Page immune to the Axe (+5 on Brigand 3): faces 3 < 4; Squire faces 8 >= 4.
    assert defeated(result) == {"Squire", "Brigand"}


def test_RED_INT_1_immunity_to_a_character_covers_cards_played_on_it():
    # H1 immune to E1 whose axe gives +4 (played through a ring on the axe, +1 more).
    doc = state([hero("H1", 0, 2), hero("H2", 0, 2), evil("E1", 1, 9), evil("E2", 3, 9)],
                cards=[{"id": "Axe", "alignment": "evil", "played_on": "E1", "strength": 4},
                       {"id": "Ring", "alignment": "evil", "played_on": "Axe", "strength": 1}],
                immunities=[{"holder": "H1", "to": "E1"}])
    result = rule(doc)
    # Against H1: only E2's 3 < 4. Against H2: 1 + 4 + 1 + 3 = 9 >= 4.
    assert defeated(result) == {"H2"}
    assert because(result, "being_defeated", character="H2") == ["RED-BAT-1"]


def test_RED_INT_1_cited_when_a_played_on_card_is_left_out():
    doc = state([hero("H1", 0, 1), hero("H2", 0, 1), evil("E1", 1, 9), evil("E2", 3, 9)],
                cards=[{"id": "Axe", "alignment": "evil", "played_on": "E1", "strength": 4}],
                immunities=[{"holder": "H1", "to": "E1"}])
    result = rule(doc)
    assert defeated(result) == {"H1", "H2"}   # H1 faces E2's 3 >= 2
    assert because(result, "being_defeated", character="H1") == [
        "RED-IMM-1", "RED-BAT-1", "RED-INT-1"]


def test_RED_INT_1_a_good_card_on_an_evil_character_goes_with_its_strength():
    # RED-BAT-1 "the total strength of the characters that it is not immune to": the good
    # Banner is part of E1's strength (RED-INT-1), and H1 is immune to E1, a character, not
    # to the Banner (RED-IMM-6 is about immunities to cards). H1 faces E2's 0 < 4 and stands;
    # H2 faces E1's 4 >= 4 (the boundary) and falls.
    doc = state([hero("H1", 0, 2), hero("H2", 0, 2), evil("E1", 0, 9), evil("E2", 0, 9)],
                cards=[{"id": "Banner", "alignment": "good", "played_on": "E1", "strength": 4}],
                immunities=[{"holder": "H1", "to": "E1"}])
    assert defeated(rule(doc)) == {"H2"}


# --- RED-INT-2 -----------------------------------------------------------------------------

@pytest.mark.parametrize("selector, covers_e1", [
    ({"brigade": "Crimson"}, True),
    ({"brigade": "Gray"}, False),
    ({"type": "demon"}, True),
    ({"alignment": "evil"}, True),
    ({"alignment": "neutral"}, False),
])
def test_RED_INT_2_immunity_to_a_group_of_cards(selector, covers_e1):
    doc = state([hero("H1", 0, 3), hero("H2", 0, 3),
                 evil("E1", 6, 9, brigade="Crimson", type="demon"), evil("E2", 0, 9)],
                immunities=[{"holder": "H1", "to": selector}])
    # Side toughness 6: against H1 the 6 of E1 counts unless covered.
    assert ("H1" in defeated(rule(doc))) is (not covers_e1)


def test_RED_INT_2_characters_have_a_default_type():
    # Without an explicit type, an evil character's type is evil_character (a hero's: hero).
    doc = state([hero("H1", 0, 3), hero("H2", 0, 3), evil("E1", 6, 9), evil("E2", 0, 9)],
                immunities=[{"holder": "H1", "to": {"type": "evil_character"}}])
    assert defeated(rule(doc)) == {"H2"}      # H1 faces 0 < 6; H2 faces 6 >= 6


def test_RED_INT_2_out_of_force_groups_cover_nothing():
    doc = state([hero("H1", 0, 3), hero("H2", 0, 3), evil("E1", 6, 9), evil("E2", 0, 9)],
                immunities=[{"holder": "H1", "to": {"alignment": "evil"}}])
    assert "H1" in defeated(rule_without(doc, "RED-INT-2"))


# --- RED-INT-3 -----------------------------------------------------------------------------

@pytest.mark.parametrize("duration, used, active", [
    ("turn", "draw", True),          # earlier this turn
    ("turn", "battle", True),        # this phase
    ("turn", "discard", False),      # later phase: an earlier turn, over
    ("game", "discard", True),       # lasts the game
    ("game", "draw", True),
    ("phase", "preparation", False), # the default: RED-IMM-5
])
def test_RED_INT_3_explicit_longer_durations(duration, used, active):
    doc = state([hero("H", 1, 1), evil("E", 5, 9)],
                immunities=[{"id": "w", "holder": "H", "to": "E", "phase": used, "duration": duration}])
    result = rule(doc)
    assert ("H" in defeated(result)) is (not active)
    if not active:
        expected = ["RED-INT-3"] if duration == "turn" else ["RED-IMM-5"]
        assert because(result, "immunity_inactive", immunity="w") == expected


# --- RED-BAT-1-NEG (edition negative_counts) ---------------------------------------------

@pytest.mark.parametrize("edition, h1_falls", [("literal", True), ("negative_counts", False)])
def test_RED_BAT_1_NEG_negative_strength_one_is_immune_to_still_counts(edition, h1_falls):
    # H1 0/2 immune to Weak (-4); Strong 5. Hero toughness 2 + 3 = 5.
    # literal: Weak dropped, 5 >= 5. negative_counts: -4 + 5 = 1 < 5.
    doc = state([hero("H1", 0, 2), hero("H2", 0, 3), evil("Weak", -4, 9), evil("Strong", 5, 9)],
                immunities=[{"holder": "H1", "to": "Weak"}])
    result = pybridge.rule(doc, edition=edition)
    assert result["edition"] == edition
    assert ("H1" in defeated(result)) is h1_falls


def test_RED_BAT_1_NEG_only_negative_strength_and_only_more_than_two_characters():
    # A positive strength one is immune to is still dropped; two characters keep RED-IMM-3.
    doc = state([hero("H1", 0, 2), hero("H2", 0, 3), evil("Big", 4, 9), evil("Strong", 5, 9)],
                immunities=[{"holder": "H1", "to": "Big"}])
    assert "H1" in defeated(pybridge.rule(doc, edition="negative_counts"))   # 5 >= 5
    doc["characters"][3]["strength"] = 4
    assert "H1" not in defeated(pybridge.rule(doc, edition="negative_counts"))  # 4 < 5
    duel = one_on_one(5, 0, -1, 3, immune=True)
    assert pybridge.rule(duel, edition="negative_counts")["rulings"] == pybridge.rule(duel)["rulings"]


def test_RED_BAT_1_NEG_is_cited_where_it_applies():
    doc = state([hero("H1", 0, 1), hero("H2", 0, 1), evil("Weak", -1, 9), evil("Strong", 5, 9)],
                immunities=[{"holder": "H1", "to": "Weak"}])
    result = pybridge.rule(doc, edition="negative_counts")
    # Against H1: -1 + 5 = 4 >= 2.
    assert because(result, "being_defeated", character="H1") == [
        "RED-IMM-1", "RED-BAT-1", "RED-BAT-1-NEG"]
