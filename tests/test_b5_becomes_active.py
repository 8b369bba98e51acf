"""B.5.2.7 «Ist ein Wesen durch irgendeinen Umstand in das Feld einer jetzt aktiven Erscheinung
geraten (oder umgekehrt)»: an apparition that becomes active, or reaches the being's field,
during the turn (`elements[].active_from`, issue 52 section 3). The expected rulings were
written from the source before the encoding was changed.

- Before it is active it is no «vernichtende Gefahr (eine aktive Erscheinung)» (B.5.2.6): a
  move or discovery in the order phase (the first) into its field is not barred, and T4-1's
  ban on entering, the form protection from a CN or WJ takes (docs/rulebooks/b5.md), does not
  hold either.
- Once it is active, a being in its field, however it got there («durch irgendeinen
  Umstand»), is ruled by B.5.2.7 as if it had been active all along: protected, it must retreat
  and from the phase the effect sets in may only retreat; unprotected, it is destroyed.
- T4-1 forbids retreating into its field when it is active in the retreat phase.
"""

import pytest

import pybridge
from test_b5_fidelity_four import rule, rulings

UNICORN = "Einhorn Silbermähne"


def cn(**extra):
    return {"id": "Chaosnebel", "type": "CN", "field": "0521", "destroys": ["Ein"], **extra}


def ordered(kind, **element):
    order = {"id": "Zug 7", "being": UNICORN, "kind": kind, "to": "0521"}
    return {"rulebook": "b5", "beings": [{"id": UNICORN, "type": "Ein", "field": "0520"}],
            "elements": [cn(**element)], "orders": [order]}


@pytest.mark.parametrize("kind", ["move", "discovery"])
def test_B_5_2_6_T4_1_an_apparition_active_only_after_the_order_phase_bars_nothing(kind):
    # «Hat ein Wesen einen Bewegungsbefehl in das Feld einer vernichtenden Gefahr (eine aktive
    # Erscheinung) …» (B.5.2.6): in the order phase the CN is not yet active. Only the
    # protection (T4-8 «Ein ist geschützt vor PO, CN, WJ») is ruled.
    result = rule(ordered(kind, active_from="conflict"))
    assert rulings(result) == {("protected", UNICORN, "Chaosnebel", "movement")}
    # control: active from the first phase, the order phase, is active all turn
    first = rule(ordered(kind, active_from="movement"))
    assert ("entry_forbidden", UNICORN, "0521") in rulings(first)
    assert {"order_refused", "main_conflict_lost"} & {r[0] for r in rulings(first)}
    assert rulings(first) == rulings(rule(ordered(kind)))


def inside(protected, **element):
    fleet = {"id": "Flotte Nord", "type": "fleet", "field": "0412", "retreat_to": ["0413"]}
    if protected:
        fleet["protected_from"] = ["MA"]
    return {"rulebook": "b5", "beings": [fleet],
            "elements": [{"id": "Mahlstrom", "type": "MA", "field": "0412",
                          "destroys": ["fleet"], **element}]}


@pytest.mark.parametrize("active_from", ["conflict", "effect"])
def test_B_5_2_7_a_now_active_apparition_rules_the_being_in_its_field(active_from):
    # «… in das Feld einer jetzt aktiven Erscheinung geraten (oder umgekehrt) … geschützt, aber
    # nicht immun … erhält in der Rph des aktuellen Zuges Gelegenheit, das betreffende Feld zu
    # verlassen … Ab dieser Phase [in der die Wirkung der Erscheinung einsetzt] hat das Wesen nur
    # noch … Zurückziehen.» The effect sets in in the effect phase, as it would all along.
    protected = rule(inside(True, active_from=active_from))
    assert rulings(protected) == {("protected", "Flotte Nord", "Mahlstrom", "movement"),
                                  ("must_retreat", "Flotte Nord", "Mahlstrom"),
                                  ("only_retreat_from", "Flotte Nord", "effect")}
    # unprotected: «nicht dem betreffenden Einfluss … unterliegt» does not hold: destroyed
    assert rulings(rule(inside(False, active_from=active_from))) == \
        {("destroyed", "Flotte Nord", "Mahlstrom")}


def test_T4_1_a_retreat_field_whose_cn_is_active_in_the_retreat_phase_is_forbidden():
    # «das geschützte Wesen darf das Feld von CN oder WJ nicht betreten, und sich nicht dorthin
    # zurückziehen» (T4-1): the CN is active from the conflict phase, so in the retreat phase;
    # with no other retreat field «gibt es kein gültiges Rückzugfeld … vernichtet» (B.5.2.7).
    doc = {"rulebook": "b5",
           "beings": [{"id": UNICORN, "type": "Ein", "field": "0520", "retreat_to": ["0521"]}],
           "elements": [{"id": "Pest", "type": "PO", "field": "0520", "destroys": ["Ein"]},
                        cn(active_from="conflict")]}
    assert rulings(rule(doc)) == {("protected", UNICORN, "Pest", "movement"),
                                  ("protected", UNICORN, "Chaosnebel", "movement"),
                                  ("entry_forbidden", UNICORN, "0521"),
                                  ("destroyed", UNICORN, "Pest"),
                                  ("only_retreat_from", UNICORN, "effect")}


@pytest.mark.parametrize("element, path, fragment", [
    # it cannot set in before the apparition is active (or there)
    ({"active_from": "retreat"}, "elements[0].active_from", "its effect phase"),
    ({"active_from": "retreat", "effect_phase": "conflict"}, "elements[0].active_from",
     "its effect phase, 'conflict', comes before 'retreat'"),
    # an inactive apparition does not become active
    ({"active": False, "active_from": "conflict"}, "elements[0].active_from", "inactive"),
    ({"active_from": "dusk"}, "elements[0].active_from", "unknown phase"),
])
def test_a_bad_active_from_is_refused_with_its_path(element, path, fragment):
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(inside(True, **element))
    assert caught.value.path == path, caught.value
    assert fragment in caught.value.message, caught.value.message
