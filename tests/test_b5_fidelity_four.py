"""b5 states of an independent reader's predictions for issue 52 (tests/fidelity_four_predictions.md,
items 4, 5 and 8), each ruled as the source reads, the sentence quoted beside it. The
expected rulings were written from the source before the encoding was changed.

Seed: tests/sources/seeds/000_062556bb7cf8d404.txt (German).
"""

import pytest

import pybridge
from ruling_tuples import B5_CONTRACT, tuple_maker

as_tuple = tuple_maker(B5_CONTRACT)


def rule(doc, edition=None):
    result = pybridge.rule(doc, edition=edition)
    assert result["status"] == "ok", result
    return result


def rulings(result):
    return {as_tuple(r) for r in result["rulings"]}


def because(result, ruling):
    (match,) = [r for r in result["rulings"] if as_tuple(r) == ruling]
    return set(match["because"])


GALLEY, FLEET, MAEL = "Galeere Seeadler", "Flotte Nord", "Mahlstrom 0412"


def galley_state(*effects):
    return {"rulebook": "b5",
            "beings": [{"id": GALLEY, "type": "galley", "field": "0412"},
                       {"id": FLEET, "type": "fleet", "field": "0412", "retreat_to": ["0413"]}],
            "elements": [{"id": MAEL, "type": "MA", "field": "0412", "effects": list(effects)}]}


SINKING = {"name": "sinking", "destroys": ["fleet"]}
FLEET_SINKING = ("protected_from_effect", FLEET, MAEL, "sinking", "movement")


# --- Item 4: protection from one effect only (B.5.2.1, B.5.2.4, B.5.2.8) -----------------------

def test_4a_B_5_2_8_galley_protects_from_the_sinking_and_the_drift_still_applies():
    # «eine Galeere ist immun gegen einen MA und schützt andere Wesen vor dem Versinken»
    # (B.5.2.8); «Vor einem Element, einer bestimmten Wirkung eines Elements ... sind bestimmte
    # Wesen ... geschützt» (B.5.2.1); «teilweise für nur bestimmte Wirkungen» (B.5.2.4). The
    # sinking is guarded, so the fleet is not sunk but «erhält in der Rph des aktuellen Zuges
    # Gelegenheit, das betreffende Feld zu verlassen» (B.5.2.7); «Ab dieser Phase hat das
    # Wesen nur noch ... die Aktionsmöglichkeit Zurückziehen».
    result = rule(galley_state(SINKING, {"name": "drift"}))
    assert rulings(result) == {("immune", GALLEY, MAEL), FLEET_SINKING,
                               ("subject_to_effect", FLEET, MAEL, "drift"),
                               ("must_retreat", FLEET, MAEL),
                               ("only_retreat_from", FLEET, "effect")}
    assert {"B.5.2.1", "B.5.2.4", "B.5.2.8", "B5-INT-1"} <= because(result, FLEET_SINKING)


def test_4b_B_5_2_3_a_second_destroying_effect_still_destroys_the_fleet():
    # «Ein Schutz bedeutet, dass das geschützte Wesen ... nicht dem betreffenden Einfluss des
    # betreffenden Elements unterliegt» (B.5.2.3): only the sinking is lifted; the whirl also
    # destroys fleets and nothing guards it.
    result = rule(galley_state(SINKING, {"name": "whirl", "destroys": ["fleet"]}))
    assert rulings(result) == {("immune", GALLEY, MAEL), FLEET_SINKING,
                               ("subject_to_effect", FLEET, MAEL, "whirl"),
                               ("destroyed", FLEET, MAEL)}


KING, VIRGIN = "König Ardan", "WJ 0815"
KING_STATE = {"rulebook": "b5",
              "beings": [{"id": KING, "type": "K", "field": "0815", "retreat_to": ["0816"]}],
              "elements": [{"id": VIRGIN, "type": "WJ", "field": "0815",
                            "effects": [{"name": "petrification", "destroys": ["K"]},
                                        {"name": "spell"}]}]}


def test_4c_B_5_2_8_king_protected_from_the_petrification_only_in_the_original():
    # «Ein König ist geschützt vor der Versteinerung einer WJ» (B.5.2.8): from the
    # petrification, not from the WJ's spell; not petrified, he must retreat.
    result = rule(KING_STATE, "original")
    prot = ("protected_from_effect", KING, VIRGIN, "petrification", "movement")
    assert rulings(result) == {prot, ("subject_to_effect", KING, VIRGIN, "spell"),
                               ("must_retreat", KING, VIRGIN),
                               ("only_retreat_from", KING, "effect")}
    assert {"B.5.2.8", "B5-INT-1"} <= because(result, prot)


def test_4c_T4_11_the_king_is_petrified_in_the_errata():
    # «K ist nicht geschützt vor der WJ.» (T4-11), the change winning (B5-INT-2): petrified,
    # and no T4-1 ban (he is protected from nothing of the WJ).
    result = rule(KING_STATE, "errata")
    assert rulings(result) == {("destroyed", KING, VIRGIN)}
    assert {"T4-11", "B5-INT-2"} <= because(result, ("destroyed", KING, VIRGIN))


# --- Item 5: T4-1's ban and an inactive CN --------------------------------------------------
# «Es gibt keine Immunität gegen CN oder WJ, bestenfalls Schutz (d.h. das geschützte Wesen darf
# das Feld von CN oder WJ nicht betreten, und sich nicht dorthin zurückziehen).» (T4-1): the
# ban is what protection from a CN or WJ is ("d.h."), and protection is from an influence:
# «Ein Schutz bedeutet, dass das geschützte Wesen ... nicht dem betreffenden Einfluss des
# betreffenden Elements unterliegt» (B.5.2.3), the ban one on «das gefährliche Feld» of «einer
# vernichtenden Gefahr (eine aktive Erscheinung)» (B.5.2.6). An inactive CN exerts no
# influence: no ban. (B.5.2.7 «einer jetzt aktiven Erscheinung» covers one that becomes active.)

UNICORN = "Einhorn Silbermähne"


def cn(active):
    return {"id": "Chaosnebel", "type": "CN", "field": "0521", "active": active,
            "destroys": ["Ein"]}


def unicorn_move(active):
    return {"rulebook": "b5",
            "beings": [{"id": UNICORN, "type": "Ein", "field": "0520"}],
            "elements": [cn(active)],
            "orders": [{"id": "Zug 7", "being": UNICORN, "kind": "move", "to": "0521"}]}


def test_5a_T4_1_no_ban_into_the_field_of_an_inactive_cn():
    result = rule(unicorn_move(False))
    assert rulings(result) == {("protected", UNICORN, "Chaosnebel", "movement")}


def test_5a_T4_1_control_an_active_cn_bans_the_move_citing_B_5_2_6():
    result = rule(unicorn_move(True))
    assert rulings(result) == {("protected", UNICORN, "Chaosnebel", "movement"),
                               ("entry_forbidden", UNICORN, "0521"), ("order_refused", "Zug 7")}
    assert {"T4-1", "B.5.2.6"} <= because(result, ("order_refused", "Zug 7"))


def unicorn_retreat(active, **being):
    return {"rulebook": "b5",
            "beings": [{"id": UNICORN, "type": "Ein", "field": "0520",
                        "retreat_to": ["0521"], **being}],
            "elements": [{"id": "Pest 0520", "type": "PO", "field": "0520", "destroys": ["Ein"]},
                         cn(active)]}


def test_5b_T4_1_an_inactive_cn_field_is_a_valid_retreat_field():
    # «Ein ist geschützt vor PO, CN, WJ» (T4-8): protected from the PO, so not destroyed at
    # once but «darf sich also in der Rph normal zurückziehen» (B.5.2.7), into 0521.
    result = rule(unicorn_retreat(False))
    assert rulings(result) == {("protected", UNICORN, "Pest 0520", "movement"),
                               ("protected", UNICORN, "Chaosnebel", "movement"),
                               ("must_retreat", UNICORN, "Pest 0520"),
                               ("only_retreat_from", UNICORN, "effect")}


def test_5b_T4_1_control_an_active_cn_leaves_no_valid_retreat_field():
    # «Wird es indessen durch andere Umstände daran gehindert, aktiv das Feld zu verlassen und
    # gibt es kein gültiges Rückzugfeld, dann wird es dennoch vernichtet!» (B.5.2.7)
    result = rule(unicorn_retreat(True))
    assert rulings(result) == {("protected", UNICORN, "Pest 0520", "movement"),
                               ("protected", UNICORN, "Chaosnebel", "movement"),
                               ("entry_forbidden", UNICORN, "0521"),
                               ("destroyed", UNICORN, "Pest 0520"),
                               ("only_retreat_from", UNICORN, "effect")}
    assert "T4-1" in because(result, ("destroyed", UNICORN, "Pest 0520"))
    assert "B.5.2.6" not in because(result, ("entry_forbidden", UNICORN, "0521"))


@pytest.mark.parametrize("active", [False, True])
def test_5_B_5_2_6_is_never_cited_without_an_active_apparition(active):
    for doc in (unicorn_move(active), unicorn_retreat(active)):
        result = rule(doc)
        cited = [as_tuple(r) for r in result["rulings"] if "B.5.2.6" in r["because"]]
        assert active or not cited, cited


# --- Item 8: can_retreat false next to T4-1's retreat ban -----------------------------------

def test_8a_B_5_2_7_hindered_and_the_only_retreat_field_banned_is_destroyed():
    result = rule(unicorn_retreat(True, can_retreat=False))
    assert ("destroyed", UNICORN, "Pest 0520") in rulings(result)
    assert ("must_retreat", UNICORN, "Pest 0520") not in rulings(result)


def test_8b_B_5_2_7_hindered_with_one_free_retreat_field_must_retreat():
    # «... daran gehindert, aktiv das Feld zu verlassen UND gibt es kein gültiges
    # Rückzugfeld» (B.5.2.7): both conditions; 0519 is valid, so not destroyed.
    result = rule(unicorn_retreat(True, can_retreat=False, retreat_to=["0521", "0519"]))
    assert rulings(result) == {("protected", UNICORN, "Pest 0520", "movement"),
                               ("protected", UNICORN, "Chaosnebel", "movement"),
                               ("entry_forbidden", UNICORN, "0521"),
                               ("must_retreat", UNICORN, "Pest 0520"),
                               ("only_retreat_from", UNICORN, "effect")}
