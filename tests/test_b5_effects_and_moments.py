"""b5, issue 24 item 6: protection from one named effect of an element, and the order of
arrival within a phase (the ZD of B.5.2.5). Written from the seed
(../shared/seeds/000_062556bb7cf8d404.txt) before the encoding:

- B.5.2.1 «Vor einem Element, einer bestimmten Wirkung eines Elements oder einem besonderen
  Umstand ... sind bestimmte Wesen ... geschützt.» and B.5.2.4 «Ein Schutz gilt entweder
  umfassend ... oder teilweise für nur bestimmte Wirkungen oder Zugphasen.»: a being may be
  protected from one effect of an element only; it stays subject to the element's others.
  B.5.2.7 «ist das Wesen vor dieser Erscheinung, bzw. deren Wirkung geschützt, aber nicht
  immun»: protection from the destroying effect is enough to retreat instead of being
  destroyed; B.5.2.6 «vor der es geschützt»: protected from the destroying danger, the move is
  refused.
- B.5.2.5 «so tritt die schützende Wirkung ab dem Moment (Zugphase, ZD) ein, wenn das
  schützende Element bei dem betroffenen Wesen auftaucht»: the moment is a phase and a ZD, an
  order within the phase. A protector arriving in the element's effect phase protects if it
  arrives before the effect sets in (an earlier ZD), not after it (a later ZD). Same ZD: the
  protection sets in "from the moment" it appears, so it holds at that moment (our reading,
  as the same phase is in time without ZDs). An earlier phase is in time whatever the ZD, a
  later one too late whatever the ZD.

Documents: an element's ``effects: [{name, destroys}]`` names its effects; a protection
names one with ``effect`` (``protected_from: [{element, effect, from, until}]``,
``protections[].effect``). ``protections[].arrives_step`` and ``elements[].effect_step`` are
the ZD within the phase (1, 2, ...).
"""

import copy

import pytest

import pybridge
from pybridge.errors import InputError


def rule(doc, edition=None):
    result = pybridge.rule(doc, edition=edition)
    assert result["status"] == "ok", result
    return {(r["kind"], *(v for k, v in r.items() if k not in ("kind", "because"))): r["because"]
            for r in result["rulings"]}


def maelstrom(**extra):
    return {"id": "Maelstrom", "type": "MA", "field": "f", **extra}


NAMED = {"effects": [{"name": "sinking", "destroys": ["fleet"]},
                     {"name": "drift", "destroys": []}]}


def doc(beings, elements, protections=(), orders=()):
    d = {"rulebook": "b5", "beings": list(beings), "elements": list(elements)}
    if protections:
        d["protections"] = list(protections)
    if orders:
        d["orders"] = list(orders)
    return d


# --- B.5.2.1 / B.5.2.4: one named effect -----------------------------------------------------

def test_B_5_2_1_B_5_2_4_protected_from_the_sinking_retreats_and_stays_subject_to_the_drift():
    # The fleet is protected from the maelstrom's sinking (its destroying effect) only: it is
    # protected from that effect (not from the maelstrom), must retreat instead of sinking
    # (B.5.2.7 "bzw. deren Wirkung"), and is still subject to the drift.
    state = doc([{"id": "Fleet", "type": "fleet", "field": "f",
                  "protected_from": [{"element": "MA", "effect": "sinking"}]}],
                [maelstrom(**NAMED)])
    out = rule(state)
    assert set(out) == {("protected_from_effect", "Fleet", "Maelstrom", "sinking", "movement"),
                        ("subject_to_effect", "Fleet", "Maelstrom", "drift"),
                        ("must_retreat", "Fleet", "Maelstrom"),
                        ("only_retreat_from", "Fleet", "effect")}
    assert {"B.5.2.1", "B.5.2.2", "B.5.2.4"} <= set(
        out[("protected_from_effect", "Fleet", "Maelstrom", "sinking", "movement")])
    assert "B.5.2.4" in out[("subject_to_effect", "Fleet", "Maelstrom", "drift")]


def test_B_5_2_4_protected_from_the_drift_only_is_still_sunk():
    # Protected from the drift, not from the sinking: the sinking destroys the fleet (B.5.2.3).
    state = doc([{"id": "Fleet", "type": "fleet", "field": "f",
                  "protected_from": [{"element": "Maelstrom", "effect": "drift"}]}],
                [maelstrom(**NAMED)])
    out = rule(state)
    assert set(out) == {("protected_from_effect", "Fleet", "Maelstrom", "drift", "movement"),
                        ("subject_to_effect", "Fleet", "Maelstrom", "sinking"),
                        ("destroyed", "Fleet", "Maelstrom")}
    assert "B.5.2.3" in out[("destroyed", "Fleet", "Maelstrom")]


def test_B_5_2_4_protection_from_one_effect_leaves_the_elements_own_destruction():
    # The element also destroys fleets as a whole (its `destroys`): protection from the named
    # sinking does not protect from that.
    state = doc([{"id": "Fleet", "type": "fleet", "field": "f",
                  "protected_from": [{"element": "MA", "effect": "sinking"}]}],
                [maelstrom(destroys=["fleet"], **NAMED)])
    assert ("destroyed", "Fleet", "Maelstrom") in rule(state)


def test_B_5_2_1_protection_from_the_element_covers_every_effect():
    # Protected from the maelstrom itself: protected, no effect it is subject to.
    state = doc([{"id": "Fleet", "type": "fleet", "field": "f", "protected_from": ["MA"]}],
                [maelstrom(**NAMED)])
    out = rule(state)
    assert ("protected", "Fleet", "Maelstrom", "movement") in out
    assert not [r for r in out if r[0] in ("subject_to_effect", "destroyed")]


def test_B_5_2_6_protected_from_the_destroying_effect_the_move_is_refused():
    # A move into the maelstrom's field by a fleet protected from its sinking: refused.
    state = doc([{"id": "Fleet", "type": "fleet", "field": "g",
                  "protected_from": [{"element": "MA", "effect": "sinking"}]}],
                [maelstrom(**NAMED)], orders=[{"id": "o1", "being": "Fleet", "kind": "move",
                                              "to": "f"}])
    assert ("order_refused", "o1") in rule(state)
    # ... protected from the drift only, nothing refuses it (no protection from the danger).
    state["beings"][0]["protected_from"][0]["effect"] = "drift"
    assert ("order_refused", "o1") not in rule(state)


def test_B_5_2_5_a_druid_protects_from_the_sinking_only():
    # A druid's presence protecting from the sinking (protections[].effect), arriving in the
    # conflict phase: protected from that effect from then on, must retreat.
    state = doc([{"id": "Fleet", "type": "fleet", "field": "f"},
                 {"id": "Druid", "type": "D", "field": "f"}],
                [maelstrom(**NAMED)],
                [{"by": "Druid", "from": "MA", "effect": "sinking", "field": "f",
                  "arrives": "conflict"}])
    out = rule(state)
    assert ("protected_from_effect", "Fleet", "Maelstrom", "sinking", "conflict") in out
    assert ("must_retreat", "Fleet", "Maelstrom") in out
    assert "B.5.2.5" in out[("protected_from_effect", "Fleet", "Maelstrom", "sinking", "conflict")]
    assert ("protected", "Fleet", "Maelstrom", "conflict") not in out


def test_B_5_2_4_a_partial_effect_span_ending_before_the_effect_phase_does_not_hold():
    # Protected from the sinking from the movement to the conflict phase: not in the effect
    # phase (3), so the sinking destroys it.
    state = doc([{"id": "Fleet", "type": "fleet", "field": "f",
                  "protected_from": [{"element": "MA", "effect": "sinking",
                                      "until": "conflict"}]}],
                [maelstrom(**NAMED)])
    assert ("destroyed", "Fleet", "Maelstrom") in rule(state)
    state["beings"][0]["protected_from"][0]["until"] = "effect"
    assert ("must_retreat", "Fleet", "Maelstrom") in rule(state)


@pytest.mark.parametrize("where, value, path", [
    ("being", "wrecking", "beings[0].protected_from[0].effect"),
    ("protection", "wrecking", "protections[0].effect"),
])
def test_an_effect_the_element_does_not_have_is_refused_with_its_path(where, value, path):
    state = doc([{"id": "Fleet", "type": "fleet", "field": "f",
                  "protected_from": [{"element": "MA", "effect": "sinking"}]},
                 {"id": "Druid", "type": "D", "field": "f"}],
                [maelstrom(**NAMED)],
                [{"by": "Druid", "from": "MA", "effect": "sinking", "field": "f",
                  "arrives": "conflict"}])
    if where == "being":
        state["beings"][0]["protected_from"][0]["effect"] = value
    else:
        state["protections"][0]["effect"] = value
    with pytest.raises(InputError) as caught:
        pybridge.rule(state)
    assert caught.value.path == path and "wrecking" in str(caught.value)


# --- B.5.2.5: the moment within a phase (ZD) -------------------------------------------------

def druid_arrives(phase, step=None, effect_step=None):
    protection = {"by": "Druid", "from": "MA", "field": "f", "arrives": phase}
    if step is not None:
        protection["arrives_step"] = step
    element = maelstrom(destroys=["fleet"])
    if effect_step is not None:
        element["effect_step"] = effect_step
    return doc([{"id": "Fleet", "type": "fleet", "field": "f"},
                {"id": "Druid", "type": "D", "field": "g"}], [element], [protection])


def test_B_5_2_5_arriving_in_the_effect_phase_before_the_effect_protects():
    # ZD 1 before the effect's ZD 2: protected from then on, must retreat.
    out = rule(druid_arrives("effect", 1, 2))
    assert ("must_retreat", "Fleet", "Maelstrom") in out
    assert ("protected", "Fleet", "Maelstrom", "effect") in out


def test_B_5_2_5_arriving_in_the_effect_phase_after_the_effect_is_too_late():
    # ZD 3 after the effect's ZD 2: the fleet sank before the druid came (B5-INT-4).
    out = rule(druid_arrives("effect", 3, 2))
    assert ("destroyed", "Fleet", "Maelstrom") in out
    assert {"B5-INT-4", "B.5.2.5"} <= set(out[("destroyed", "Fleet", "Maelstrom")])
    assert ("must_retreat", "Fleet", "Maelstrom") not in out
    # It is still protected from its arrival on (for the rest of the turn, B.5.2.5).
    assert ("protected", "Fleet", "Maelstrom", "effect") in out


def test_B_5_2_5_arriving_at_the_same_moment_as_the_effect_protects():
    # Boundary: the same ZD. "ab dem Moment": protection holds from that moment.
    assert ("must_retreat", "Fleet", "Maelstrom") in rule(druid_arrives("effect", 2, 2))


def test_B_5_2_5_without_a_zd_the_effect_phase_is_in_time():
    # Either ZD missing: the order within the phase is unknown; the phase decides (in time).
    for step, effect_step in ((None, 2), (3, None), (None, None)):
        assert ("must_retreat", "Fleet", "Maelstrom") in rule(druid_arrives("effect", step, effect_step))


def test_B_5_2_5_an_earlier_phase_is_in_time_whatever_the_zd():
    assert ("must_retreat", "Fleet", "Maelstrom") in rule(druid_arrives("conflict", 3, 1))


def test_B5_INT_4_a_later_phase_is_too_late_whatever_the_zd():
    out = rule(druid_arrives("retreat", 1, 3))
    assert ("destroyed", "Fleet", "Maelstrom") in out
    assert "B5-INT-4" in out[("destroyed", "Fleet", "Maelstrom")]


def test_B_5_2_5_one_protector_before_the_effect_is_enough():
    # Two druids arrive in the effect phase, one after the effect (ZD 3) and one before it
    # (ZD 1): the earlier one protects in time, so the fleet must retreat; with both after
    # it, the fleet is destroyed (B5-INT-4).
    state = druid_arrives("effect", 3, 2)
    state["beings"].append({"id": "Second Druid", "type": "D", "field": "g"})
    state["protections"].append({"by": "Second Druid", "from": "MA", "field": "f",
                                 "arrives": "effect", "arrives_step": 1})
    assert ("must_retreat", "Fleet", "Maelstrom") in rule(copy.deepcopy(state))
    state["protections"][1]["arrives_step"] = 4
    out = rule(state)
    assert ("destroyed", "Fleet", "Maelstrom") in out
    assert {"B5-INT-4", "B.5.2.5"} <= set(out[("destroyed", "Fleet", "Maelstrom")])


def test_B_5_2_5_zd_is_a_positive_whole_number():
    state = druid_arrives("effect", 0, 2)
    with pytest.raises(InputError) as caught:
        pybridge.rule(state)
    assert caught.value.path == "protections[0].arrives_step"


@pytest.mark.parametrize("change, path", [
    (lambda d: d["elements"][0].update(effect_step=0), "elements[0].effect_step"),
    (lambda d: d["elements"][0].update(effect_step="2"), "elements[0].effect_step"),
    (lambda d: d["elements"][0]["effects"].append({"name": "sinking"}), "elements[0].effects[2].name"),
    (lambda d: d["elements"][0]["effects"][0].update(destroys="fleet"), "elements[0].effects[0].destroys"),
    (lambda d: d["protections"][0].update(effect=7), "protections[0].effect"),
])
def test_bad_effects_and_moments_are_refused_with_their_path(change, path):
    state = druid_arrives("effect", 1, 2)
    state["elements"][0].update(copy.deepcopy(NAMED))
    change(state)
    with pytest.raises(InputError) as caught:
        pybridge.rule(state)
    assert caught.value.path == path, caught.value
