"""One test (at least) per b5 rule ID (chapter B.5 and the T.4 changes), with phase boundaries.

Expected values are worked out by hand from the German source
(../shared/seeds/000_062556bb7cf8d404.txt), the digest (../shared/rules/b5.md) and the contract
in docs/rulebooks/b5.md (ruling kinds, which IDs each ruling cites, readings chosen);
the reasoning is in a comment beside each expectation. They were written before the encoding
existed; where the tool disagrees with the text the test states the text.

Rulings are compared as tuples: the kind, then its fields in the order the docs/rulebooks/b5.md lists them,
e.g. ``("protected", "Fleet", "Maelstrom", "conflict")``. The ``element`` field of a ruling is
the element's id (as ``being`` is the being's id).
"""

import pytest

import pybridge
from ruling_tuples import B5_CONTRACT, tuple_maker

FIELDS = B5_CONTRACT
as_tuple = tuple_maker(FIELDS)

# Rule IDs in force in one edition only (B5-INT-2): a ruling never cites a rule out of force.
ERRATA_ONLY = {f"T4-{n}" for n in range(1, 12)} | {"B5-INT-3"}
ORIGINAL_ONLY = {"T4-7-ORIG"}
EDITIONS = ["errata", "original"]


# --- builders and lookups --------------------------------------------------------------------

def being(ident, kind, field, **extra):
    return {"id": ident, "type": kind, "field": field, **extra}


def element(ident, kind, field, **extra):
    return {"id": ident, "type": kind, "field": field, **extra}


def protection(by, source, field, arrives, **extra):
    return {"by": by, "from": source, "field": field, "arrives": arrives, **extra}


def move(ident, who, to):
    return {"id": ident, "being": who, "kind": "move", "to": to}


def discovery(ident, who, to, **extra):
    return {"id": ident, "being": who, "kind": "discovery", "to": to, **extra}


def state(beings, elements=(), protections=(), orders=(), **extra):
    doc = {"rulebook": "b5", "beings": list(beings), "elements": list(elements)}
    if protections:
        doc["protections"] = list(protections)
    if orders:
        doc["orders"] = list(orders)
    doc.update(extra)
    return doc


def maelstrom(ident="Maelstrom", field="0412", destroys=("fleet",), **extra):
    return element(ident, "MA", field, destroys=list(destroys), **extra)


def rule(doc, edition=None):
    result = pybridge.rule(doc, edition=edition)
    assert result["status"] == "ok", result
    name = edition or doc.get("edition") or "errata"
    assert result["edition"] == name
    out_of_force = ORIGINAL_ONLY if name == "errata" else ERRATA_ONLY
    for ruling in result["rulings"]:
        assert not set(ruling["because"]) & out_of_force, (name, ruling)
    return result


def rulings(result):
    return {as_tuple(r) for r in result["rulings"]}


def of(result, kind):
    """The rulings of one kind, as tuples."""
    return {t for t in rulings(result) if t[0] == kind}


def because(result, ruling):
    """The citations of the one ruling equal to the tuple ``ruling``."""
    found = [r for r in result["rulings"] if as_tuple(r) == ruling]
    assert len(found) == 1, (ruling, result["rulings"])
    return found[0]["because"]


def cites(result, ruling, *rule_ids):
    cited = because(result, ruling)
    assert set(rule_ids) <= set(cited), (ruling, cited, rule_ids)


def must_retreat_set(who, elem, phase="effect"):
    return {("must_retreat", who, elem), ("only_retreat_from", who, phase)}


# --- B.5.1 immunity --------------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_B_5_1_druid_in_a_maelstrom_is_immune_and_nothing_else(edition):
    # "Ein D ist immun gegen einen MA": the druid behaves as if the maelstrom did not exist —
    # not destroyed, no retreat, only the immune ruling (B.5.1 with its example, B5-INT-1).
    doc = state([being("Druid", "D", "0412")], [maelstrom(destroys=["D", "fleet"])])
    result = rule(doc, edition)
    assert rulings(result) == {("immune", "Druid", "Maelstrom")}
    cites(result, ("immune", "Druid", "Maelstrom"), "B.5.1", "B5-INT-1")


def test_B_5_1_declared_immunity_keeps_every_normal_option():
    # Immune to MA: inside one maelstrom it need not retreat, and its move into another is
    # carried out (not refused: B.5.2.6 is only for protected-but-not-immune beings).
    doc = state([being("Fleet", "fleet", "0412", immune_to=["MA"])],
                [maelstrom(), maelstrom("Whirlpool", "0413")],
                orders=[move("o1", "Fleet", "0413")])
    result = rule(doc)
    assert rulings(result) == {("immune", "Fleet", "Maelstrom"), ("immune", "Fleet", "Whirlpool")}
    cites(result, ("immune", "Fleet", "Maelstrom"), "B.5.1")


def test_B_5_1_immunity_named_by_element_id_covers_that_element_only():
    # immune_to names the element "Maelstrom"; the second maelstrom in the same field is
    # another element and still destroys the unprotected fleet (B.5.2.3).
    doc = state([being("Fleet", "fleet", "0412", immune_to=["Maelstrom"])],
                [maelstrom(), maelstrom("Whirlpool")])
    result = rule(doc)
    assert rulings(result) == {("immune", "Fleet", "Maelstrom"),
                               ("destroyed", "Fleet", "Whirlpool")}


def test_B_5_1_immunity_to_another_element_type_does_not_help():
    # Immune to GA, not to MA: the maelstrom destroys the fleet.
    doc = state([being("Fleet", "fleet", "0412", immune_to=["GA"])], [maelstrom()])
    result = rule(doc)
    assert rulings(result) == {("destroyed", "Fleet", "Maelstrom")}
    cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.3")


def test_B_5_1_being_in_another_field_is_not_concerned_and_gets_no_ruling():
    # The maelstrom is in 0412; the druid and the fleet are in 0413 with no order and no
    # retreat field there: neither is concerned, so there is no ruling at all.
    doc = state([being("Druid", "D", "0413"), being("Fleet", "fleet", "0413")], [maelstrom()])
    assert rulings(rule(doc)) == set()


# --- B.5.2.1 protection ----------------------------------------------------------------------

def test_B_5_2_1_protected_not_immune_being_gets_the_protected_ruling():
    # protected_from MA, for the whole turn: protected from the first phase; inside the
    # active maelstrom it must retreat (B.5.2.7).
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"])], [maelstrom()])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom")
    cites(result, ("protected", "Fleet", "Maelstrom", "movement"), "B.5.2.1", "B.5.2.2")


def test_B_5_2_1_immune_and_protected_is_immune_only():
    # "protected: protected and not immune"; immunity already says it is not affected.
    doc = state([being("Fleet", "fleet", "0412", immune_to=["MA"], protected_from=["MA"])],
                [maelstrom()])
    assert rulings(rule(doc)) == {("immune", "Fleet", "Maelstrom")}


def test_B_5_2_1_protection_from_one_element_is_not_protection_from_another():
    # Protected from MA only: the move into the field of a destroying GA is not refused
    # (B.5.2.6 needs protection from that danger); no ruling names the GA.
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"])],
                [maelstrom(), element("Gale", "GA", "0413", destroys=["fleet"])],
                orders=[move("o1", "Fleet", "0413")])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom")


# --- B.5.2.2 inherent or granted ------------------------------------------------------------

def test_B_5_2_2_inherent_protection_of_the_being():
    # A being's own protected_from is an inherent property ("immanente Eigenschaft").
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"])], [maelstrom()])
    cites(rule(doc), ("protected", "Fleet", "Maelstrom", "movement"), "B.5.2.2")


def test_B_5_2_2_protection_granted_by_another_element():
    # An IMBA element in the field grants protection from MA from the first phase on
    # ("durch den Einfluss eines anderen Elements"); the IMBA itself concerns the fleet but
    # the fleet is neither immune nor protected from it: no ruling about the IMBA.
    doc = state([being("Fleet", "fleet", "0412")],
                [maelstrom(), element("Blessing", "IMBA", "0412")],
                [protection("Blessing", "MA", "0412", "movement")])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom")
    cites(result, ("protected", "Fleet", "Maelstrom", "movement"), "B.5.2.1", "B.5.2.2",
          "B.5.2.5")


# --- B.5.2.3 a span of the turn -------------------------------------------------------------

def test_B_5_2_3_unprotected_being_in_an_active_destroying_apparition_is_destroyed():
    doc = state([being("Fleet", "fleet", "0412")], [maelstrom()])
    result = rule(doc)
    assert rulings(result) == {("destroyed", "Fleet", "Maelstrom")}
    cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.3")


def test_B_5_2_3_protection_for_a_span_that_holds_in_the_effect_phase():
    # Protected conflict..effect: "für eine bestimmte Zeitspanne" that contains the effect
    # phase, so the maelstrom's effect does not destroy it; it must retreat.
    doc = state([being("Fleet", "fleet", "0412",
                       protected_from=[{"element": "MA", "from": "conflict", "until": "effect"}])],
                [maelstrom()])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "conflict")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_3_protection_for_a_span_outside_the_effect_phase_does_not_save_it():
    # Protected in the movement phase only: in the effect phase the fleet is subject to the
    # maelstrom again.
    doc = state([being("Fleet", "fleet", "0412",
                       protected_from=[{"element": "MA", "from": "movement",
                                        "until": "movement"}])],
                [maelstrom()])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("destroyed", "Fleet", "Maelstrom")}
    cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.3", "B.5.2.4")


# --- B.5.2.4 full or partial ----------------------------------------------------------------

def _span(**span):
    return state([being("Fleet", "fleet", "0412",
                        protected_from=[{"element": "MA", **span}])], [maelstrom()])


def test_B_5_2_4_partial_span_ending_just_before_the_effect_phase_destroyed():
    # movement..conflict ends one phase before the maelstrom's effect sets in.
    result = rule(_span(**{"from": "movement", "until": "conflict"}))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("destroyed", "Fleet", "Maelstrom")}
    cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.3", "B.5.2.4")
    cites(result, ("protected", "Fleet", "Maelstrom", "movement"), "B.5.2.4")


def test_B_5_2_4_partial_span_ending_exactly_at_the_effect_phase_must_retreat():
    # movement..effect includes the effect phase: the effect does not hit it.
    result = rule(_span(**{"from": "movement", "until": "effect"}))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom")
    cites(result, ("protected", "Fleet", "Maelstrom", "movement"), "B.5.2.4")


def test_B_5_2_4_partial_span_starting_in_the_effect_phase_is_in_time():
    # from effect (until defaults to the last phase): covers the effect phase.
    result = rule(_span(**{"from": "effect"}))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "effect")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_4_partial_span_starting_after_the_effect_phase_destroyed():
    # from retreat: not protected when the effect sets in (B5-INT-4: starts after it).
    result = rule(_span(**{"from": "retreat"}))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "retreat"),
                               ("destroyed", "Fleet", "Maelstrom")}
    cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.3", "B5-INT-4")


def test_B_5_2_4_span_without_from_starts_in_the_first_phase():
    # {until: effect} alone: from defaults to the first phase (movement).
    result = rule(_span(until="effect"))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_4_span_in_custom_phases_ending_before_a_late_effect_phase():
    # Five phases; the element's effect sets in in "magic" (after effect); a span until
    # "effect" ends just before it.
    doc = state([being("Fleet", "fleet", "0412",
                       protected_from=[{"element": "MA", "until": "effect"}])],
                [maelstrom(effect_phase="magic")],
                phases=["movement", "conflict", "effect", "magic", "retreat"])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("destroyed", "Fleet", "Maelstrom")}


# --- B.5.2.5 protection by presence ---------------------------------------------------------

def _druid(arrives, leaves=None, fleet_field="0412", **fleet):
    extra = {"leaves": leaves} if leaves else {}
    return state([being("Fleet", "fleet", fleet_field, **fleet), being("Druid", "D", "0311")],
                 [maelstrom()],
                 [protection("Druid", "MA", "0412", arrives, **extra)])


def test_B_5_2_5_druid_arriving_in_conflict_protects_for_the_rest_of_the_turn_though_it_leaves():
    # The source's own example: the D jumps in (conflict), is conquered and leaves in the
    # Rph; the fleet stays protected for the rest of the turn, so the effect does not sink it.
    # The druid starts in 0311, away from the maelstrom: no ruling for it.
    result = rule(_druid("conflict", "retreat"))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "conflict")} | \
        must_retreat_set("Fleet", "Maelstrom")
    cites(result, ("protected", "Fleet", "Maelstrom", "conflict"), "B.5.2.1", "B.5.2.2",
          "B.5.2.5")
    cites(result, ("must_retreat", "Fleet", "Maelstrom"), "B.5.2.7", "B5-INT-4")
    cites(result, ("only_retreat_from", "Fleet", "effect"), "B.5.2.7")


def test_B_5_2_5_protector_arriving_in_the_effect_phase_itself_is_in_time():
    # "ab dem Moment ... wenn das schützende Element ... auftaucht": arriving in the effect
    # phase, protection holds from that phase, so it covers the effect.
    result = rule(_druid("effect"))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "effect")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_5_protector_arriving_in_the_phase_after_the_effect_protects_nothing():
    # Arriving in the retreat phase: the maelstrom's effect (effect phase) already struck.
    result = rule(_druid("retreat"))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "retreat"),
                               ("destroyed", "Fleet", "Maelstrom")}
    cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.3", "B.5.2.5", "B5-INT-4")


def test_B_5_2_5_protector_leaving_before_the_effect_phase_still_protects():
    # "hält dann aber für den gesamten, restlichen Zug an": leaving in the conflict phase
    # changes nothing.
    result = rule(_druid("movement", "conflict"))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_5_presence_protects_only_in_the_protectors_field():
    # The druid's presence is in 0412; a fleet in 0413 in another maelstrom is not protected.
    doc = state([being("Fleet", "fleet", "0412"), being("Other Fleet", "fleet", "0413"),
                 being("Druid", "D", "0311")],
                [maelstrom(), maelstrom("Whirlpool", "0413")],
                [protection("Druid", "MA", "0412", "conflict")])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "conflict"),
                               ("destroyed", "Other Fleet", "Whirlpool")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_5_protection_from_an_element_named_by_id():
    # from: "Maelstrom" (an id): protects from that maelstrom, not from a second one there.
    doc = state([being("Fleet", "fleet", "0412"), being("Druid", "D", "0311")],
                [maelstrom(), maelstrom("Whirlpool")],
                [protection("Druid", "Maelstrom", "0412", "conflict")])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "conflict"),
                               ("destroyed", "Fleet", "Whirlpool")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_5_from_phase_is_the_earliest_start_of_several_protections():
    # A druid arriving in the effect phase and an IMBA arriving in conflict: earliest wins.
    doc = state([being("Fleet", "fleet", "0412"), being("Druid", "D", "0311")],
                [maelstrom(), element("Blessing", "IMBA", "0412")],
                [protection("Druid", "MA", "0412", "effect"),
                 protection("Blessing", "MA", "0412", "conflict")])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "conflict")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_5_a_protector_protects_the_other_beings_of_its_field_not_itself():
    # "durch den Einfluss eines anderen Elements": a flagship protecting its own field from
    # the MA protects the other fleet there, not itself (it sinks); two fleets protecting
    # the field, arriving in the same phase, protect each other.
    doc = state([being("Fleet", "fleet", "0412"), being("Flagship", "fleet", "0412")],
                [maelstrom()], [protection("Flagship", "MA", "0412", "conflict")])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "conflict"),
                               ("destroyed", "Flagship", "Maelstrom")} | \
        must_retreat_set("Fleet", "Maelstrom")
    doc["protections"].append(protection("Fleet", "MA", "0412", "conflict"))
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "conflict"),
                               ("protected", "Flagship", "Maelstrom", "conflict")} | \
        must_retreat_set("Fleet", "Maelstrom") | must_retreat_set("Flagship", "Maelstrom")
    cites(result, ("protected", "Flagship", "Maelstrom", "conflict"), "B.5.2.2", "B.5.2.5")


def test_B_5_2_5_many_beings_and_protectors_of_one_field():
    # Three fleets in the maelstrom's field, five druids protecting it, arriving in the
    # conflict, effect and retreat phases: each fleet is protected from the earliest arrival
    # (conflict), in time for the effect phase, so each must retreat.
    arrivals = ("retreat", "effect", "conflict", "effect", "retreat")
    doc = state([being(f"Fleet {i}", "fleet", "0412") for i in range(3)] +
                [being(f"Druid {j}", "D", "0311") for j in range(5)],
                [maelstrom()],
                [protection(f"Druid {j}", "MA", "0412", phase) for j, phase in enumerate(arrivals)])
    result = rule(doc)
    fleets = [f"Fleet {i}" for i in range(3)]
    assert rulings(result) == {("protected", f, "Maelstrom", "conflict") for f in fleets} | \
        {r for f in fleets for r in must_retreat_set(f, "Maelstrom")}


# --- B.5.2.6 entering a field ---------------------------------------------------------------

def _entering(order, **fleet):
    return state([being("Fleet", "fleet", "0411", **fleet)], [maelstrom()], orders=[order])


def test_B_5_2_6_move_into_active_maelstrom_refused():
    # Protected, not immune, moving into the field of an active destroying apparition:
    # "wird der Befehl nicht ausgeführt".
    result = rule(_entering(move("o1", "Fleet", "0412"), protected_from=["MA"]))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("order_refused", "o1")}
    cites(result, ("order_refused", "o1"), "B.5.2.6")


def test_B_5_2_6_discovery_that_wins_the_preconflict_still_loses_the_main_conflict():
    # "kann diesen womöglich für sich entscheiden, ... verliert nun den Hauptkonflikt ... in
    # jedem Fall": main_conflict_lost, not order_refused.
    result = rule(_entering(discovery("d1", "Fleet", "0412", wins_preconflict=True),
                            protected_from=["MA"]))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("main_conflict_lost", "d1")}
    cites(result, ("main_conflict_lost", "d1"), "B.5.2.6")


def test_B_5_2_6_discovery_without_a_preconflict_loses_the_main_conflict():
    # wins_preconflict absent: no pre-conflict ("an einem etwaigen Vorkonflikt"); it
    # discovers the danger and loses the main conflict.
    result = rule(_entering(discovery("d1", "Fleet", "0412"), protected_from=["MA"]))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("main_conflict_lost", "d1")}


def test_B_5_2_6_discovery_that_loses_the_preconflict_never_reaches_the_main_conflict():
    # wins_preconflict false: it lost the pre-conflict, so there is no main conflict to lose.
    result = rule(_entering(discovery("d1", "Fleet", "0412", wins_preconflict=False),
                            protected_from=["MA"]))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement")}


def test_B_5_2_6_unprotected_being_is_not_refused():
    # No protection: B.5.2.6 does not apply; not in the maelstrom's field, so no other ruling.
    assert rulings(rule(_entering(move("o1", "Fleet", "0412")))) == set()


def test_B_5_2_6_immune_being_is_not_refused():
    # "vor der es geschützt, gegen die es aber nicht immun ist": immune beings move in.
    result = rule(_entering(move("o1", "Fleet", "0412"), immune_to=["MA"]))
    assert rulings(result) == {("immune", "Fleet", "Maelstrom")}


def test_B_5_2_6_protection_starting_after_the_order_phase_does_not_refuse_the_order():
    # Protected only from conflict on: in the order phase (movement) it is not protected.
    result = rule(_entering(move("o1", "Fleet", "0412"),
                            protected_from=[{"element": "MA", "from": "conflict"}]))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "conflict")}


def test_B_5_2_6_span_covering_only_the_order_phase_refuses_the_order():
    # Protected in the movement phase only: protected when it would enter, so B.5.2.6 bars
    # the move even though the protection ends right after.
    result = rule(_entering(move("o1", "Fleet", "0412"),
                            protected_from=[{"element": "MA", "until": "movement"}]))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("order_refused", "o1")}


def test_B_5_2_6_inactive_apparition_does_not_refuse_the_order():
    # "eine aktive Erscheinung": an inactive maelstrom is no destroying danger.
    doc = state([being("Fleet", "fleet", "0411", protected_from=["MA"])],
                [maelstrom(active=False)], orders=[move("o1", "Fleet", "0412")])
    result = rule(doc)
    assert of(result, "order_refused") == set()
    assert of(result, "main_conflict_lost") == set()


def test_B_5_2_6_apparition_that_does_not_destroy_the_being_does_not_refuse_it():
    # The maelstrom destroys galleys only (not this fleet): no "vernichtende Gefahr" for it.
    doc = state([being("Fleet", "fleet", "0411", protected_from=["MA"])],
                [maelstrom(destroys=["galley"])], orders=[move("o1", "Fleet", "0412")])
    assert of(rule(doc), "order_refused") == set()


def test_B_5_2_6_destroys_naming_the_being_by_id():
    doc = state([being("Fleet", "fleet", "0411", protected_from=["MA"])],
                [maelstrom(destroys=["Fleet"])], orders=[move("o1", "Fleet", "0412")])
    assert of(rule(doc), "order_refused") == {("order_refused", "o1")}


@pytest.mark.parametrize("start, refused", [("muster", True), ("movement", False)])
def test_B_5_2_6_order_phase_is_the_first_of_custom_phases(start, refused):
    # phases begin with "muster": a protection starting in "movement" starts after the
    # order phase; one starting in "muster" holds in it.
    doc = state([being("Fleet", "fleet", "0411",
                       protected_from=[{"element": "MA", "from": start}])],
                [maelstrom()], orders=[move("o1", "Fleet", "0412")],
                phases=["muster", "movement", "conflict", "effect", "retreat"])
    result = rule(doc)
    assert of(result, "order_refused") == ({("order_refused", "o1")} if refused else set())
    assert of(result, "protected") == {("protected", "Fleet", "Maelstrom", start)}


# --- B.5.2.7 inside an active apparition ----------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_B_5_2_7_protected_being_inside_must_retreat_and_only_retreat_from_effect(edition):
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"])], [maelstrom()])
    result = rule(doc, edition)
    assert of(result, "must_retreat") == {("must_retreat", "Fleet", "Maelstrom")}
    assert of(result, "only_retreat_from") == {("only_retreat_from", "Fleet", "effect")}
    assert of(result, "destroyed") == set()
    cites(result, ("must_retreat", "Fleet", "Maelstrom"), "B.5.2.7", "B5-INT-4")
    cites(result, ("only_retreat_from", "Fleet", "effect"), "B.5.2.7")


def test_B_5_2_7_only_retreat_from_the_earliest_effect_phase():
    # Two maelstroms, effects setting in in conflict and in effect: from conflict on, the
    # only option is retreat.
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"])],
                [maelstrom(), maelstrom("Undertow", effect_phase="conflict")])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("protected", "Fleet", "Undertow", "movement"),
                               ("must_retreat", "Fleet", "Maelstrom"),
                               ("must_retreat", "Fleet", "Undertow"),
                               ("only_retreat_from", "Fleet", "conflict")}


def test_B_5_2_7_effect_phase_in_custom_phases():
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"])],
                [maelstrom(effect_phase="magic")],
                phases=["movement", "magic", "conflict", "retreat"])
    assert rulings(rule(doc)) == {("protected", "Fleet", "Maelstrom", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom", "magic")


def test_B_5_2_7_being_that_cannot_retreat_is_destroyed_after_all():
    # "Wird es indessen durch andere Umstände daran gehindert ... dennoch vernichtet".
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"], can_retreat=False)],
                [maelstrom()])
    result = rule(doc)
    assert ("destroyed", "Fleet", "Maelstrom") in rulings(result)
    assert of(result, "must_retreat") == set()
    assert of(result, "protected") == {("protected", "Fleet", "Maelstrom", "movement")}
    cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.7")


def test_B_5_2_7_being_with_a_free_retreat_field_must_retreat():
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"], retreat_to=["0413"])],
                [maelstrom()])
    assert rulings(rule(doc)) == {("protected", "Fleet", "Maelstrom", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_7_empty_list_of_retreat_fields_means_no_valid_retreat_field():
    # retreat_to: [] names no candidate retreat field at all: "gibt es kein gültiges
    # Rückzugfeld, dann wird es dennoch vernichtet" (and, in the docs/rulebooks/b5.md's words, every one
    # of its retreat_to fields is forbidden, vacuously). Destroyed, no must_retreat.
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"], retreat_to=[])],
                [maelstrom()])
    result = rule(doc)
    assert of(result, "destroyed") == {("destroyed", "Fleet", "Maelstrom")}
    assert of(result, "must_retreat") == set()


def test_B_5_2_7_an_order_out_of_the_field_does_not_spare_the_retreat_ruling():
    # Normal options until the effect phase, but conflicts are not modelled: a move out of
    # the maelstrom's field is not assumed to succeed, so it still must retreat (docs/rulebooks/b5.md).
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"])], [maelstrom()],
                orders=[move("o1", "Fleet", "0413")])
    assert rulings(rule(doc)) == {("protected", "Fleet", "Maelstrom", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_7_inactive_apparition_asks_nothing_of_the_being():
    # "einer jetzt aktiven Erscheinung": an inactive one neither destroys nor forces retreat.
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"]),
                 being("Raft", "fleet", "0412")],
                [maelstrom(active=False)])
    result = rule(doc)
    for kind in ("must_retreat", "only_retreat_from", "destroyed"):
        assert of(result, kind) == set(), kind


def test_B_5_2_7_apparition_that_does_not_destroy_the_being_asks_nothing_of_it():
    doc = state([being("Fleet", "fleet", "0412", protected_from=["MA"])],
                [maelstrom(destroys=["galley"])])
    result = rule(doc)
    for kind in ("must_retreat", "only_retreat_from", "destroyed"):
        assert of(result, kind) == set(), kind


# --- B.5.2.8 examples -----------------------------------------------------------------------

# The WJ petrifies kings by its named effect "petrification" (the name the chapter's example
# gives it, B.5.2.8 "vor der Versteinerung einer WJ"); the king's protection is from that
# effect only (B.5.2.1 "einer bestimmten Wirkung eines Elements", B.5.2.4 "teilweise für nur
# bestimmte Wirkungen").
PETRIFICATION = [{"name": "petrification", "destroys": ["K"]}]
KING_PROTECTED = ("protected_from_effect", "König Ardan", "Jungfrau", "petrification", "movement")


def _king(order=False, **wj):
    wj = wj or {"effects": PETRIFICATION}
    if order:
        return state([being("König Ardan", "K", "0814")],
                     [element("Jungfrau", "WJ", "0815", **wj)],
                     orders=[move("o1", "König Ardan", "0815")])
    return state([being("König Ardan", "K", "0815")],
                 [element("Jungfrau", "WJ", "0815", **wj)])


def test_B_5_2_8_king_protected_from_the_wj_in_the_original_edition():
    # "Ein König ist geschützt vor der Versteinerung einer WJ" (no T4-11 in the original): from
    # the petrification, for the whole turn; it is what destroys him, so he must retreat.
    result = rule(_king(), "original")
    assert rulings(result) == {KING_PROTECTED} | must_retreat_set("König Ardan", "Jungfrau")
    cites(result, KING_PROTECTED, "B.5.2.1", "B.5.2.2", "B.5.2.4", "B.5.2.8", "B5-INT-1")


def test_B_5_2_8_king_protected_from_the_petrification_only_not_from_the_wj():
    # "vor der Versteinerung einer WJ", not "vor der WJ": a WJ that destroys the king as a
    # whole (no effect of it is named the petrification) is not guarded by the example, and
    # a WJ's other effect still applies to him (B.5.2.4 "teilweise für nur bestimmte
    # Wirkungen"): original edition, where B.5.2.8 stands.
    whole = rule(_king(destroys=["K"]), "original")
    assert rulings(whole) == {("destroyed", "König Ardan", "Jungfrau")}
    curse = rule(_king(effects=PETRIFICATION + [{"name": "curse", "destroys": ["K"]}]),
                 "original")
    assert rulings(curse) == {KING_PROTECTED, ("destroyed", "König Ardan", "Jungfrau"),
                              ("subject_to_effect", "König Ardan", "Jungfrau", "curse")}


def test_B_5_2_8_king_moving_into_a_wj_field_refused_in_the_original_edition():
    # Protected from the petrification, the WJ's one destroying effect, not immune: B.5.2.6
    # ("vor der es geschützt") refuses the move; T4-1 is not in force, so no entry_forbidden.
    result = rule(_king(order=True), "original")
    assert rulings(result) == {("protected_from_effect", "König Ardan", "Jungfrau",
                                "petrification", "movement"), ("order_refused", "o1")}


SINKING = {"name": "sinking", "destroys": ["fleet"]}
FLEET_PROTECTED = ("protected_from_effect", "Fleet", "Maelstrom", "sinking", "movement")


@pytest.mark.parametrize("edition", EDITIONS)
def test_B_5_2_8_galley_immune_to_maelstrom_and_protects_the_others_in_its_field(edition):
    # "eine Galeere ist immun gegen einen MA und schützt andere Wesen vor dem Versinken":
    # the galley gets immune (not protected: it does not need to protect itself); the fleet
    # in its field is protected from the sinking for the whole turn and, the sinking being
    # what destroys it, must retreat.
    doc = state([being("Galeere", "galley", "0412"), being("Fleet", "fleet", "0412")],
                [maelstrom(destroys=["galley"], effects=[SINKING])])
    result = rule(doc, edition)
    assert rulings(result) == {("immune", "Galeere", "Maelstrom"), FLEET_PROTECTED} | \
        must_retreat_set("Fleet", "Maelstrom")
    cites(result, ("immune", "Galeere", "Maelstrom"), "B.5.1", "B.5.2.8", "B5-INT-1")
    cites(result, FLEET_PROTECTED, "B.5.2.2", "B.5.2.4", "B.5.2.5", "B.5.2.8", "B5-INT-1")


@pytest.mark.parametrize("edition", EDITIONS)
def test_B_5_2_8_galley_protects_from_the_sinking_only(edition):
    # "schützt andere Wesen vor dem Versinken" (one effect, B.5.2.1 "einer bestimmten Wirkung
    # eines Elements"; B.5.2.4 "teilweise für nur bestimmte Wirkungen"): the maelstrom's other
    # effects still apply to the fleet. A drift that destroys nothing: the fleet is subject to
    # it and must retreat from the sinking; a whirl that destroys fleets too: nothing guards
    # it, so the fleet is destroyed (B.5.2.3: protection lifts only "dem betreffenden Einfluss").
    galley, fleet = being("Galeere", "galley", "0412"), being("Fleet", "fleet", "0412")
    drift = rule(state([galley, fleet], [maelstrom(destroys=[], effects=[SINKING, {"name": "drift"}])]),
                 edition)
    assert rulings(drift) == {("immune", "Galeere", "Maelstrom"), FLEET_PROTECTED,
                              ("subject_to_effect", "Fleet", "Maelstrom", "drift")} | \
        must_retreat_set("Fleet", "Maelstrom")
    whirl = rule(state([galley, fleet], [maelstrom(destroys=[], effects=[
        SINKING, {"name": "whirl", "destroys": ["fleet"]}])]), edition)
    assert rulings(whirl) == {("immune", "Galeere", "Maelstrom"), FLEET_PROTECTED,
                              ("subject_to_effect", "Fleet", "Maelstrom", "whirl"),
                              ("destroyed", "Fleet", "Maelstrom")}
    # A maelstrom that destroys fleets as a whole, with no effect named the sinking: the
    # galley's protection is from the sinking only, so it guards nothing here.
    whole = rule(state([galley, fleet], [maelstrom()]), edition)
    assert rulings(whole) == {("immune", "Galeere", "Maelstrom"),
                              ("destroyed", "Fleet", "Maelstrom")}


def test_B_5_2_8_galley_protects_only_the_beings_in_its_own_field():
    doc = state([being("Galeere", "galley", "0412"), being("Fleet", "fleet", "0413")],
                [maelstrom(destroys=["galley"], effects=[SINKING]),
                 maelstrom("Whirlpool", "0413", destroys=[], effects=[SINKING])])
    result = rule(doc)
    assert rulings(result) == {("immune", "Galeere", "Maelstrom"),
                               ("destroyed", "Fleet", "Whirlpool")}


def test_B_5_2_8_galley_protects_from_sinking_not_from_other_elements():
    # Only "vor dem Versinken" (MA): a GA destroying fleets in the galley's field still does.
    doc = state([being("Galeere", "galley", "0412"), being("Fleet", "fleet", "0412")],
                [element("Gale", "GA", "0412", destroys=["fleet"])])
    assert rulings(rule(doc)) == {("destroyed", "Fleet", "Gale")}


def test_B_5_2_8_building_protects_the_others_in_its_field_from_forced_movement():
    # "ein Gebäude schützt vor aufgezwungenen Bewegungen": the army in the castle's field is
    # protected for the whole turn; the building itself gets no ruling; an army in another
    # field with its own forced movement is not protected.
    doc = state([being("Burg", "building", "0412"), being("Heer", "Rr", "0412"),
                 being("Heer 2", "Rr", "0413")],
                [element("Sturm", "forced_movement", "0412"),
                 element("Sturm 2", "forced_movement", "0413")])
    result = rule(doc)
    assert rulings(result) == {("protected", "Heer", "Sturm", "movement")}
    cites(result, ("protected", "Heer", "Sturm", "movement"), "B.5.2.8", "B5-INT-1")


# --- T4-1 no immunity against CN or WJ ------------------------------------------------------

def _declared_immunity(kind, immune_to):
    return state([being("Fleet", "fleet", "0520", immune_to=[immune_to])],
                 [element("Nebel", kind, "0520", destroys=["fleet"])])


@pytest.mark.parametrize("kind, immune_to", [("CN", "CN"), ("WJ", "WJ"), ("CN", "Nebel")])
def test_T4_1_declared_immunity_to_CN_or_WJ_counts_as_protection_in_errata(kind, immune_to):
    # "Es gibt keine Immunität gegen CN oder WJ, bestenfalls Schutz": protected (whole turn),
    # so inside the active element it must retreat, not ignore it.
    result = rule(_declared_immunity(kind, immune_to))
    assert rulings(result) == {("protected", "Fleet", "Nebel", "movement")} | \
        must_retreat_set("Fleet", "Nebel")
    cites(result, ("protected", "Fleet", "Nebel", "movement"), "B.5.2.1", "T4-1", "B5-INT-3")


@pytest.mark.parametrize("kind", ["CN", "WJ"])
def test_T4_1_declared_immunity_to_CN_or_WJ_is_immunity_in_the_original(kind):
    # Without T4-1 the declared immunity is an immunity (B.5.1).
    result = rule(_declared_immunity(kind, kind), "original")
    assert rulings(result) == {("immune", "Fleet", "Nebel")}


def test_T4_1_protected_being_may_not_enter_a_CN_field():
    # Ein protected from CN (T4-8): "darf das Feld von CN ... nicht betreten" — even though
    # this CN destroys nothing, the ban stands; B.5.2.6 carries it out (refused move).
    doc = state([being("Einhorn", "Ein", "0520")], [element("Nebel", "CN", "0521")],
                orders=[move("o1", "Einhorn", "0521")])
    result = rule(doc)
    assert rulings(result) == {("protected", "Einhorn", "Nebel", "movement"),
                               ("entry_forbidden", "Einhorn", "0521"),
                               ("order_refused", "o1")}
    cites(result, ("entry_forbidden", "Einhorn", "0521"), "T4-1")
    cites(result, ("order_refused", "o1"), "T4-1")


def test_T4_1_no_entry_ban_in_the_original_edition():
    # Original: no T4-1 and no T4-8, the unicorn is not protected from CN; a CN that destroys
    # nothing concerns it without any ruling.
    doc = state([being("Einhorn", "Ein", "0520")], [element("Nebel", "CN", "0521")],
                orders=[move("o1", "Einhorn", "0521")])
    assert rulings(rule(doc, "original")) == set()


def test_T4_1_discovery_into_a_WJ_field_loses_the_main_conflict():
    # J protected from WJ (T4-10): it may not enter; as a discovery that won its
    # pre-conflict, it loses the main conflict (B.5.2.6 carries out the ban).
    doc = state([being("Jäger", "J", "0520")], [element("Jungfrau", "WJ", "0521")],
                orders=[discovery("d1", "Jäger", "0521", wins_preconflict=True)])
    result = rule(doc)
    assert rulings(result) == {("protected", "Jäger", "Jungfrau", "movement"),
                               ("entry_forbidden", "Jäger", "0521"),
                               ("main_conflict_lost", "d1")}


def _retreat(retreat_to, edition_fields=None):
    fields = edition_fields or {}
    return state([being("Einhorn", "Ein", "0612", retreat_to=list(retreat_to), **fields)],
                 [element("Seuche", "PO", "0612", destroys=["Ein"]),
                  element("Nebel", "CN", "0613"), element("Jungfrau", "WJ", "0614")])


def test_T4_1_every_retreat_field_forbidden_being_destroyed():
    # Ein protected from PO, CN, WJ (T4-8). Its retreat fields hold a CN and a WJ: "und sich
    # nicht dorthin zurückziehen" — no valid retreat field, destroyed after all (B.5.2.7).
    result = rule(_retreat(["0613", "0614"]))
    assert of(result, "entry_forbidden") == {("entry_forbidden", "Einhorn", "0613"),
                                             ("entry_forbidden", "Einhorn", "0614")}
    assert of(result, "protected") == {("protected", "Einhorn", "Seuche", "movement"),
                                       ("protected", "Einhorn", "Nebel", "movement"),
                                       ("protected", "Einhorn", "Jungfrau", "movement")}
    assert of(result, "destroyed") == {("destroyed", "Einhorn", "Seuche")}
    assert of(result, "must_retreat") == set()
    cites(result, ("destroyed", "Einhorn", "Seuche"), "B.5.2.7", "T4-1")


def test_T4_1_one_free_retreat_field_is_enough():
    # 0615 holds nothing: a valid retreat field, so it must retreat (there).
    result = rule(_retreat(["0613", "0615"]))
    assert rulings(result) == {("protected", "Einhorn", "Seuche", "movement"),
                               ("protected", "Einhorn", "Nebel", "movement"),
                               ("entry_forbidden", "Einhorn", "0613")} | \
        must_retreat_set("Einhorn", "Seuche")


def test_T4_1_retreat_into_a_CN_field_is_not_banned_in_the_original_edition():
    # The being's own protected_from PO and CN stands in both editions; without T4-1 its CN
    # retreat field is not forbidden, so it must retreat instead of being destroyed.
    fields = {"protected_from": ["PO", "CN"]}
    original = rule(_retreat(["0613"], fields), "original")
    assert rulings(original) == {("protected", "Einhorn", "Seuche", "movement"),
                                 ("protected", "Einhorn", "Nebel", "movement")} | \
        must_retreat_set("Einhorn", "Seuche")
    errata = rule(_retreat(["0613"], fields))
    assert of(errata, "destroyed") == {("destroyed", "Einhorn", "Seuche")}
    assert of(errata, "entry_forbidden") == {("entry_forbidden", "Einhorn", "0613")}


def test_T4_1_beings_not_protected_from_the_CN_get_no_entry_ban():
    # A fleet is not protected from CN: no ban (T4-1 speaks of protected beings).
    doc = state([being("Fleet", "fleet", "0520")], [element("Nebel", "CN", "0521")],
                orders=[move("o1", "Fleet", "0521")])
    assert rulings(rule(doc)) == set()


# --- T4-2 .. T4-11 the table changes --------------------------------------------------------

def _table(kind, elem_kind, field="0701"):
    return state([being("Wesen", kind, field)],
                 [element("Gefahr", elem_kind, field, destroys=[kind])])


def _check_immunity_change(rule_id, kind, elem_kind):
    # Errata: immune (B.5.1 with the table entry). Original: no such entry, the active
    # destroying element destroys the unprotected being (B.5.2.3).
    errata = rule(_table(kind, elem_kind))
    assert rulings(errata) == {("immune", "Wesen", "Gefahr")}
    cites(errata, ("immune", "Wesen", "Gefahr"), "B.5.1", rule_id)
    original = rule(_table(kind, elem_kind), "original")
    assert rulings(original) == {("destroyed", "Wesen", "Gefahr")}


def _check_protection_change(rule_id, kind, elem_kind):
    # Errata: protected for the whole turn (table entry), so it must retreat. Original: no
    # such entry: destroyed.
    errata = rule(_table(kind, elem_kind))
    assert rulings(errata) == {("protected", "Wesen", "Gefahr", "movement")} | \
        must_retreat_set("Wesen", "Gefahr")
    cites(errata, ("protected", "Wesen", "Gefahr", "movement"), "B.5.2.1", "B.5.2.2", rule_id)
    original = rule(_table(kind, elem_kind), "original")
    assert rulings(original) == {("destroyed", "Wesen", "Gefahr")}


def test_T4_2_Rr_immune_to_TR():
    _check_immunity_change("T4-2", "Rr", "TR")


def test_T4_3_Ho_immune_to_TR():
    _check_immunity_change("T4-3", "Ho", "TR")


@pytest.mark.parametrize("elem_kind", ["CN", "WJ"])
def test_T4_4_Ho_protected_from_CN_and_WJ(elem_kind):
    _check_protection_change("T4-4", "Ho", elem_kind)


def test_T4_4_Ho_not_protected_from_PO():
    # T4-4 names CN and WJ only.
    assert rulings(rule(_table("Ho", "PO"))) == {("destroyed", "Wesen", "Gefahr")}


def test_T4_5_Rs_immune_to_UN():
    _check_immunity_change("T4-5", "Rs", "UN")


def test_T4_6_Tr_immune_to_SA():
    _check_immunity_change("T4-6", "Tr", "SA")


def test_T4_7_We_immune_to_kd_in_errata_not_to_bt():
    # "We sind immun gegen (kd) [alt: (bt)]": errata — immune to kd, no longer to bt.
    _check_immunity_change("T4-7", "We", "kd")
    assert rulings(rule(_table("We", "bt"))) == {("destroyed", "Wesen", "Gefahr")}


def test_T4_7_ORIG_We_immune_to_bt_in_the_original_not_to_kd():
    # The old entry: immune to bt (T4-7-ORIG); kd destroys it.
    original = rule(_table("We", "bt"), "original")
    assert rulings(original) == {("immune", "Wesen", "Gefahr")}
    cites(original, ("immune", "Wesen", "Gefahr"), "B.5.1", "T4-7-ORIG")
    assert rulings(rule(_table("We", "kd"), "original")) == {("destroyed", "Wesen", "Gefahr")}


@pytest.mark.parametrize("elem_kind", ["PO", "CN", "WJ"])
def test_T4_8_Ein_protected_from_PO_CN_and_WJ(elem_kind):
    _check_protection_change("T4-8", "Ein", elem_kind)


@pytest.mark.parametrize("elem_kind", ["PO", "CN", "WJ"])
def test_T4_9_Dr_protected_from_PO_CN_and_WJ(elem_kind):
    _check_protection_change("T4-9", "Dr", elem_kind)


@pytest.mark.parametrize("elem_kind", ["CN", "WJ"])
def test_T4_10_J_protected_from_CN_and_WJ(elem_kind):
    _check_protection_change("T4-10", "J", elem_kind)


def test_T4_10_J_not_protected_from_PO():
    assert rulings(rule(_table("J", "PO"))) == {("destroyed", "Wesen", "Gefahr")}


def test_T4_11_king_not_protected_from_the_wj_in_errata():
    # "K ist nicht geschützt vor der WJ" wins over B.5.2.8 (B5-INT-2): the active WJ
    # petrifying kings destroys it; no protected ruling.
    result = rule(_king())
    assert rulings(result) == {("destroyed", "König Ardan", "Jungfrau")}
    cites(result, ("destroyed", "König Ardan", "Jungfrau"), "B.5.2.3")


def test_T4_11_king_moving_into_a_wj_field_is_not_refused_in_errata():
    # Not protected: B.5.2.6 does not refuse, T4-1 does not ban.
    assert rulings(rule(_king(order=True))) == set()


# --- interpretation decisions --------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_B5_INT_1_unicorn_immune_to_GA(edition):
    # B.5.1's example "ein Einhorn ist immun gegen GA" is a table entry in both editions.
    result = rule(_table("Ein", "GA"), edition)
    assert rulings(result) == {("immune", "Wesen", "Gefahr")}
    cites(result, ("immune", "Wesen", "Gefahr"), "B.5.1", "B5-INT-1")


@pytest.mark.parametrize("edition", EDITIONS)
def test_B5_INT_1_druid_immune_to_MA_in_both_editions(edition):
    result = rule(_table("D", "MA"), edition)
    assert rulings(result) == {("immune", "Wesen", "Gefahr")}
    cites(result, ("immune", "Wesen", "Gefahr"), "B5-INT-1")


def test_B5_INT_1_king_protected_from_WJ_is_a_table_entry_of_the_original():
    result = rule(_king(), "original")
    cites(result, KING_PROTECTED, "B5-INT-1")


def test_B5_INT_2_errata_is_the_default_edition():
    result = pybridge.rule(_table("We", "kd"))
    assert result["edition"] == "errata"
    assert rulings(result) == {("immune", "Wesen", "Gefahr")}


def test_B5_INT_2_the_caller_edition_overrides_the_document():
    doc = _king()
    doc["edition"] = "original"
    assert rulings(rule(doc)) == {KING_PROTECTED} | must_retreat_set("König Ardan", "Jungfrau")
    assert rulings(rule(doc, "errata")) == {("destroyed", "König Ardan", "Jungfrau")}


def test_B5_INT_2_a_beings_own_protection_stands_in_the_errata():
    # T4-11 changes the table only; a king whose own protected_from names the WJ (e.g. a
    # spell) is protected in the errata edition too (docs/rulebooks/b5.md: a state fact stands).
    doc = state([being("König Ardan", "K", "0815", protected_from=["WJ"])],
                [element("Jungfrau", "WJ", "0815", destroys=["K"])])
    for edition in EDITIONS:
        assert rulings(rule(doc, edition)) == \
            {("protected", "König Ardan", "Jungfrau", "movement")} | \
            must_retreat_set("König Ardan", "Jungfrau"), edition


@pytest.mark.parametrize("edition", EDITIONS)
def test_B5_INT_2_We_facing_bt_and_kd_rules_differently_by_edition(edition):
    doc = state([being("Wächter", "We", "0701")],
                [element("Blitz", "bt", "0701", destroys=["We"]),
                 element("Kälte", "kd", "0701", destroys=["We"])])
    immune_to, destroyed_by = ("Kälte", "Blitz") if edition == "errata" else ("Blitz", "Kälte")
    assert rulings(rule(doc, edition)) == {("immune", "Wächter", immune_to),
                                           ("destroyed", "Wächter", destroyed_by)}


def test_B5_INT_3_immunity_to_CN_declared_in_the_state_is_protection():
    # Under T4-1: protected, never immune; cited with T4-1 and B5-INT-3.
    result = rule(_declared_immunity("CN", "CN"))
    assert of(result, "immune") == set()
    cites(result, ("protected", "Fleet", "Nebel", "movement"), "T4-1", "B5-INT-3")


def test_B5_INT_3_immunity_to_WJ_turned_protection_bans_entry():
    # Protection from WJ (from a declared immunity) carries T4-1's ban on entering.
    doc = state([being("Fleet", "fleet", "0520", immune_to=["WJ"])],
                [element("Jungfrau", "WJ", "0521")], orders=[move("o1", "Fleet", "0521")])
    result = rule(doc)
    assert rulings(result) == {("protected", "Fleet", "Jungfrau", "movement"),
                               ("entry_forbidden", "Fleet", "0521"), ("order_refused", "o1")}


def test_B5_INT_4_protection_starting_after_the_effect_phase_destroyed():
    result = rule(_druid("retreat"))
    assert ("destroyed", "Fleet", "Maelstrom") in rulings(result)
    assert of(result, "must_retreat") == set()
    cites(result, ("destroyed", "Fleet", "Maelstrom"), "B5-INT-4")


def test_B5_INT_4_cannot_retreat_destroyed():
    result = rule(_druid("conflict", can_retreat=False))
    assert of(result, "destroyed") == {("destroyed", "Fleet", "Maelstrom")}
    assert of(result, "must_retreat") == set()
    cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.7", "B5-INT-4")


def test_B5_INT_4_otherwise_must_retreat_and_only_retreat_from_the_effect_phase():
    result = rule(_druid("conflict"))
    assert of(result, "must_retreat") == {("must_retreat", "Fleet", "Maelstrom")}
    assert of(result, "only_retreat_from") == {("only_retreat_from", "Fleet", "effect")}
    assert of(result, "destroyed") == set()
    cites(result, ("must_retreat", "Fleet", "Maelstrom"), "B5-INT-4")
