"""Issue 52 (fidelity, round four), redemption: a character that falls only because its
immunity expired cites RED-IMM-5, which decides it.

Source (tests/sources/seeds/004_41f5dde21226396d.txt): "Immune abilities last until the end
of the phase in which they are used." An immunity used in the preparation phase is over in
the battle phase; the character it would have shielded then faces its opponent's strength,
and that is why it is being defeated. The states and rulings below were written from the
source by an independent reader (tests/fidelity_four_predictions.md, item 7) before the tool
was run.
"""

import pybridge


def defeated(document):
    result = pybridge.rule(document)
    return {r["character"]: r["because"] for r in result["rulings"]
            if r["kind"] == "being_defeated"}


def battle(characters, immunities):
    return {"rulebook": "redemption", "phase": "battle",
            "characters": [{"id": i, "alignment": a, "strength": s, "toughness": t}
                           for i, a, s, t in characters],
            "immunities": [{"id": i, "holder": h, "to": to, "phase": p}
                           for i, h, to, p in immunities]}


def test_RED_IMM_5_one_on_one_a_character_falls_because_its_immunity_expired():
    # Monk 4/3 against Ogre 3/8; the prayer (to the Ogre) was used in the preparation phase.
    # Expired: the Ogre's 3 >= the Monk's 3 (equal is enough, the boundary), so the Monk is
    # being defeated, and only because the prayer is over (RED-IMM-5), compared one on one
    # (RED-BAT-0). With the prayer used in this phase the Ogre's strength would count as zero.
    expired = battle([("Monk", "good", 4, 3), ("Ogre", "evil", 3, 8)],
                     [("prayer", "Monk", "Ogre", "preparation")])
    assert defeated(expired) == {"Monk": ["RED-IMM-5", "RED-BAT-0"]}
    active = battle([("Monk", "good", 4, 3), ("Ogre", "evil", 3, 8)],
                    [("prayer", "Monk", "Ogre", "battle")])
    assert defeated(active) == {}


def test_RED_IMM_5_three_characters_the_only_immunity_expired():
    # Monk 4/2 and Knight 4/4 against Ogre 7/8, the Monk's prayer expired: no immunity affects
    # the battle, so side against side (RED-BAT-0): 7 >= 6 fells both heroes, 8 >= 8 (the
    # boundary) the Ogre. Only the Monk held an immunity to the Ogre, so only its ruling cites
    # the expiry.
    document = battle([("Monk", "good", 4, 2), ("Knight", "good", 4, 4), ("Ogre", "evil", 7, 8)],
                      [("prayer", "Monk", "Ogre", "preparation")])
    assert defeated(document) == {"Monk": ["RED-IMM-5", "RED-BAT-0"],
                                  "Knight": ["RED-BAT-0"], "Ogre": ["RED-BAT-0"]}


def test_RED_IMM_5_cited_beside_RED_BAT_1_when_another_immunity_is_active():
    # The case: the Knight's ward (used now) affects the battle, so RED-BAT-1 decides;
    # the Monk's prayer is over, so the Monk faces the Ogre's 7 >= the heroes' toughness 6.
    # Before, its ruling cited RED-BAT-1 alone. The Knight faces 0 and stands; the Ogre faces
    # 8 < 20 and stands.
    document = battle([("Monk", "good", 4, 2), ("Knight", "good", 4, 4),
                       ("Ogre", "evil", 7, 20)],
                      [("prayer", "Monk", "Ogre", "preparation"),
                       ("ward", "Knight", "Ogre", "battle")])
    assert defeated(document) == {"Monk": ["RED-IMM-5", "RED-BAT-1"]}


def test_RED_IMM_5_an_expired_immunity_to_a_character_out_of_battle_is_not_cited():
    # The prayer names the Wraith, who is not in battle: its expiry changes nothing the Monk
    # faces, so the Monk's defeat (Ogre 3 >= 3) rests on the comparison alone.
    document = battle([("Monk", "good", 4, 3), ("Ogre", "evil", 3, 8),
                       ("Wraith", "evil", 1, 1)],
                      [("prayer", "Monk", "Wraith", "preparation")])
    document["characters"][2]["in_battle"] = False
    assert defeated(document) == {"Monk": ["RED-BAT-0"]}


# --- item 6: a good card on the evil character a hero is immune to ---------------------------
# Source: RED-BAT-1 "Each character in battle that is immune to at least one opposing character
# in battle is being defeated only if the total strength of the characters that it is not
# immune to on the opponent's side of battle is greater than or equal to the total toughness of
# all of the characters on its side of battle", and RED-IMM-3 "the strength of the first
# character is treated as zero unless it is negative". Both speak of a character's strength:
# the Blessing's +2 is part of E's strength (RED-INT-1), and a hero immune to E leaves E out
# whole, in a battle of three as one on one. RED-IMM-6 ("cannot be immune to cards of the same
# alignment") is not in play: the hero is immune to E, an evil character, not to the Blessing.
# States and predictions: tests/fidelity_four_predictions.md, item 6 (reading A).

def blessed(characters, ward_to="E"):
    document = battle(characters, [("h1-ward", "H1", ward_to, "battle")])
    document["cards"] = [{"id": "Blessing", "alignment": "good", "type": "enhancement",
                          "played_on": "E", "strength": 2}]
    return document


def battle_state(document):
    result = pybridge.rule(document)
    return [r["state"] for r in result["rulings"] if r["kind"] == "battle_state"]


def test_RED_BAT_1_a_good_card_on_a_character_one_is_immune_to_is_left_out_with_it():
    # 6a: H1 4/1 and H2 3/1 against E 1/6 with the Blessing (+2): E's strength is 3.
    # E faces 7 >= 6: defeated. H2 (immune to no one) faces 3 >= 2: defeated. H1 is immune to
    # E, the only opposing character: it faces 0 < 2 and stands. Not all heroes fall:
    # heroes_winning. (Card by card, H1 would face the +2: 2 >= 2, mutual destruction.)
    document = blessed([("H1", "good", 4, 1), ("H2", "good", 3, 1), ("E", "evil", 1, 6)])
    assert sorted(defeated(document)) == ["E", "H2"]
    assert battle_state(document) == ["heroes_winning"]
    assert "RED-IMM-6" not in {rule for because in defeated(document).values()
                               for rule in because}


def test_RED_BAT_1_without_the_immunity_the_card_counts_with_the_character():
    # The same battle without the ward: no immunity affects it, side against side (RED-BAT-0):
    # H1 faces E's whole 3 >= 2 and falls with H2; E faces 7 >= 6: mutual destruction. The
    # Blessing's +2 reached H1's side toughness exactly, so 6a's ruling rests on leaving it out.
    document = blessed([("H1", "good", 4, 1), ("H2", "good", 3, 1), ("E", "evil", 1, 6)])
    document["immunities"] = []
    assert sorted(defeated(document)) == ["E", "H1", "H2"]
    assert battle_state(document) == ["mutual_destruction"]


def test_RED_IMM_3_one_on_one_agrees_a_good_card_on_the_opponent_is_zeroed_with_it():
    # 6b: H1 4/2 against E 1/6 with the Blessing: E's 3 is treated as zero against H1 (0 < 2);
    # 4 < 6, E stands: stalemate. Same treatment as in the battle of three.
    document = blessed([("H1", "good", 4, 2), ("E", "evil", 1, 6)])
    assert defeated(document) == {}
    assert battle_state(document) == ["stalemate"]


def test_RED_IMM_6_still_decides_a_good_card_on_an_evil_card_one_is_immune_to():
    # Immune to the evil Curse (a card, not a character) played on E: RED-IMM-1 leaves the
    # Curse's strength out, but a good card played on the Curse is not a card H1 can be immune
    # to (RED-IMM-6), and no character it is not immune to is left out: E (1) and the Blessing
    # (+2) count, the Curse's +5 does not. H1 faces 3 >= its side's 2 and falls; H2 too.
    document = battle([("H1", "good", 4, 1), ("H2", "good", 3, 1), ("E", "evil", 1, 20)],
                      [("h1-ward", "H1", "Curse", "battle")])
    document["cards"] = [
        {"id": "Curse", "alignment": "evil", "type": "enhancement", "played_on": "E",
         "strength": 5},
        {"id": "Blessing", "alignment": "good", "type": "enhancement", "played_on": "Curse",
         "strength": 2}]
    rulings = defeated(document)
    assert sorted(rulings) == ["H1", "H2"]
    assert "RED-IMM-6" in rulings["H1"]
