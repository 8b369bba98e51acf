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
