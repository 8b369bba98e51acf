"""b5 rulings an independent reading of chapter B.5 found wrong (issue 11, items 7 and 8).

7. "Is protected" is asked at a phase. T4-1's ban ("das geschützte Wesen darf das Feld von CN
   oder WJ nicht betreten, und sich nicht dorthin zurückziehen") holds only while the being
   is protected: B.5.2.3 "für eine bestimmte Zeitspanne des aktuellen Zuges", B.5.2.4 "oder
   teilweise für nur bestimmte ... Zugphasen", B.5.2.5 "ab dem Moment (Zugphase), wenn das
   schützende Element bei dem betroffenen Wesen auftaucht". An order is carried out in the
   order phase (the first phase of the turn), a retreat in the retreat phase (Rph); so the
   entry ban of an order's field asks about the order phase, the retreat ban about the
   retreat phase, and B.5.2.6's refusal about the order phase.
8. B.5.2.7 destroys a protected being only when both hold: "Wird es indessen durch andere
   Umstände daran gehindert, aktiv das Feld zu verlassen UND gibt es kein gültiges
   Rückzugfeld, dann wird es dennoch vernichtet" (stopped from leaving by other circumstances
   AND no valid retreat field). `can_retreat: false` is the first condition; a `retreat_to`
   list decides the second. A free field in it wins: the being must retreat (docs/rulebooks/b5.md).

Every expectation below was written from the quoted sentence before the tool was run.
"""

import pytest

from mutants import check_mutant
from pybridge.books import get
from test_b5_rules import (
    being,
    cites,
    discovery,
    element,
    maelstrom,
    move,
    must_retreat_set,
    of,
    protection,
    rule,
    rulings,
    state,
)

FIVE_PHASES = ["muster", "movement", "conflict", "effect", "retreat"]


def _fog(**fleet):
    """A fleet in 0520 moving into 0521, where a chaos fog (CN) destroys nothing."""
    return state([being("Fleet", "fleet", "0520", **fleet)], [element("Nebel", "CN", "0521")],
                 orders=[move("o1", "Fleet", "0521")])


def _banned(order="o1", field="0521", element_id="Nebel", start="movement"):
    return {("protected", "Fleet", element_id, start), ("entry_forbidden", "Fleet", field),
            ("order_refused", order)}


# --- 7. T4-1 entering a CN or WJ field: protected in the order phase? -----------------------

def test_T4_1_B_5_2_3_being_protected_only_from_the_retreat_phase_may_enter_a_CN_field():
    # "darf das Feld von CN ... nicht betreten" speaks of the protected being; protected
    # "für eine bestimmte Zeitspanne" (B.5.2.3) that begins in the Rph, it is not protected
    # when it moves (movement phase): no ban, the move is not refused. Its protection is
    # still reported from the retreat phase on.
    result = rule(_fog(protected_from=[{"element": "CN", "from": "retreat"}]))
    assert rulings(result) == {("protected", "Fleet", "Nebel", "retreat")}


@pytest.mark.parametrize("start, banned", [("movement", True), ("conflict", False)])
def test_T4_1_B_5_2_4_span_starting_in_the_order_phase_or_the_phase_after(start, banned):
    # Boundary: a span starting in the order phase (movement) holds when the fleet would
    # enter ("darf ... nicht betreten"): entry forbidden, and the move refused as B.5.2.6
    # carries out a ban. Starting one phase later (conflict), it does not hold then.
    result = rule(_fog(protected_from=[{"element": "CN", "from": start}]))
    expected = _banned(start=start) if banned else {("protected", "Fleet", "Nebel", start)}
    assert rulings(result) == expected
    if banned:
        # the ban holds while protected: it rests on B.5.2.3 as well
        cites(result, ("entry_forbidden", "Fleet", "0521"), "T4-1", "B.5.2.3")
        cites(result, ("order_refused", "o1"), "T4-1", "B.5.2.6", "B.5.2.3")


def test_T4_1_B_5_2_4_span_ending_exactly_in_the_order_phase_still_bans_the_entry():
    # {until: movement} ends in the order phase itself: protected when it would enter.
    # (No span can end before the order phase: it is the first phase of the turn.)
    result = rule(_fog(protected_from=[{"element": "CN", "until": "movement"}]))
    assert rulings(result) == _banned()


@pytest.mark.parametrize("span, banned", [({"from": "muster", "until": "muster"}, True),
                                          ({"from": "movement"}, False)])
def test_T4_1_order_phase_is_the_first_of_custom_phases(span, banned):
    # Phases muster, movement, ...: the order phase is "muster". A span of "muster" alone
    # ends exactly in it (banned); a span from "movement" starts one phase after it.
    doc = _fog(protected_from=[{"element": "CN", **span}])
    doc["phases"] = FIVE_PHASES
    result = rule(doc)
    start = span["from"]
    assert rulings(result) == (_banned(start=start) if banned
                               else {("protected", "Fleet", "Nebel", start)})


@pytest.mark.parametrize("start, lost", [("movement", True), ("conflict", False)])
def test_T4_1_B_5_2_6_discovery_into_a_WJ_field_protected_only_later(start, lost):
    # A discovery that won its pre-conflict loses the main conflict ("in jedem Fall") only
    # when the ban holds, i.e. when the fleet is protected from the WJ in the order phase.
    doc = state([being("Fleet", "fleet", "0520",
                       protected_from=[{"element": "WJ", "from": start}])],
                [element("Jungfrau", "WJ", "0521", destroys=["fleet"])],
                orders=[discovery("d1", "Fleet", "0521", wins_preconflict=True)])
    result = rule(doc)
    expected = {("protected", "Fleet", "Jungfrau", start)}
    if lost:
        expected |= {("entry_forbidden", "Fleet", "0521"), ("main_conflict_lost", "d1")}
    assert rulings(result) == expected


# --- 7. presence (B.5.2.5): a protector that appears after the being has left ---------------

def _druid_at_fleet(arrives, source="CN"):
    """A druid protecting the beings of 0520 (the fleet's own field) from ``source``."""
    return [being("Druid", "D", "0311")], [protection("Druid", source, "0520", arrives)]


@pytest.mark.parametrize("arrives, banned", [("movement", True), ("conflict", False),
                                             ("retreat", False)])
def test_T4_1_B_5_2_5_protector_appearing_after_the_being_left_bans_nothing(arrives, banned):
    # "ab dem Moment (Zugphase), wenn das schützende Element bei dem betroffenen Wesen
    # auftaucht": a druid appearing in the movement phase protects the fleet when it would
    # enter the CN field (banned, refused); one appearing in conflict or later appears after
    # the fleet has left 0520 in the order phase: no ban, no refusal. The protection is
    # still reported from its arrival (conflicts are not modelled: docs/rulebooks/b5.md).
    druid, protections = _druid_at_fleet(arrives)
    doc = state([being("Fleet", "fleet", "0520")] + druid, [element("Nebel", "CN", "0521")],
                protections, orders=[move("o1", "Fleet", "0521")])
    result = rule(doc)
    assert rulings(result) == (_banned(start=arrives) if banned
                               else {("protected", "Fleet", "Nebel", arrives)})
    if banned:
        cites(result, ("protected", "Fleet", "Nebel", arrives), "B.5.2.5")


@pytest.mark.parametrize("arrives, refused", [("movement", True), ("conflict", False)])
def test_B_5_2_6_B_5_2_5_protector_appearing_after_the_move_does_not_refuse_it(arrives, refused):
    # B.5.2.6 "Hat ein Wesen einen Bewegungsbefehl in das Feld einer vernichtenden Gefahr,
    # vor der es geschützt ... ist, dann wird der Befehl nicht ausgeführt": protected by a
    # druid present from the movement phase, the move into the maelstrom is refused; a druid
    # appearing in the conflict phase comes after the move: the order stands.
    druid, protections = _druid_at_fleet(arrives, "MA")
    doc = state([being("Fleet", "fleet", "0520")] + druid, [maelstrom(field="0521")],
                protections, orders=[move("o1", "Fleet", "0521")])
    result = rule(doc)
    expected = {("protected", "Fleet", "Maelstrom", arrives)}
    if refused:
        expected.add(("order_refused", "o1"))
    assert rulings(result) == expected
    if refused:
        cites(result, ("order_refused", "o1"), "B.5.2.6")


@pytest.mark.parametrize("start, lost", [("movement", True), ("conflict", False)])
def test_B_5_2_6_discovery_protected_only_after_the_order_phase_keeps_its_main_conflict(
        start, lost):
    # "verliert nun den Hauptkonflikt ... in jedem Fall" is for a being protected from the
    # danger; protected only from conflict on, it is not protected when it discovers.
    doc = state([being("Fleet", "fleet", "0520",
                       protected_from=[{"element": "MA", "from": start}])],
                [maelstrom(field="0521")],
                orders=[discovery("d1", "Fleet", "0521", wins_preconflict=True)])
    result = rule(doc)
    expected = {("protected", "Fleet", "Maelstrom", start)}
    if lost:
        expected.add(("main_conflict_lost", "d1"))
    assert rulings(result) == expected


# --- 7. T4-1 retreating into a CN field: protected in the retreat phase? --------------------

def _retreat(cn, **fleet):
    """A fleet protected (whole turn) from the maelstrom in 0612, its one retreat field 0613
    holding a chaos fog; ``cn``: its protection from the CN (an entry of protected_from)."""
    fleet.setdefault("retreat_to", ["0613"])
    return state([being("Fleet", "fleet", "0612", protected_from=["MA", cn], **fleet)],
                 [maelstrom(field="0612"), element("Nebel", "CN", "0613")])


def _retreats(cn_start="movement"):
    return {("protected", "Fleet", "Maelstrom", "movement"),
            ("protected", "Fleet", "Nebel", cn_start)} | must_retreat_set("Fleet", "Maelstrom")


def _trapped(cn_start="movement"):
    # Every retreat field forbidden: no valid retreat field, destroyed after all (B.5.2.7);
    # from the effect phase on its only option is still retreating (docs/rulebooks/b5.md).
    return {("protected", "Fleet", "Maelstrom", "movement"),
            ("protected", "Fleet", "Nebel", cn_start), ("entry_forbidden", "Fleet", "0613"),
            ("destroyed", "Fleet", "Maelstrom"), ("only_retreat_from", "Fleet", "effect")}


@pytest.mark.parametrize("until, banned", [("effect", False), ("retreat", True)])
def test_T4_1_B_5_2_4_span_ending_before_or_exactly_in_the_retreat_phase(until, banned):
    # "und sich nicht dorthin zurückziehen": the retreat is in the Rph. Protected from the CN
    # until the effect phase (ending one phase before the Rph), it may retreat into the fog
    # and so must retreat; protected until the Rph itself, it may not, and with no other
    # retreat field it is destroyed (B.5.2.7, with T4-1).
    result = rule(_retreat({"element": "CN", "until": until}))
    assert rulings(result) == (_trapped() if banned else _retreats())
    if banned:
        cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.7", "T4-1")
        cites(result, ("entry_forbidden", "Fleet", "0613"), "T4-1", "B.5.2.3")


@pytest.mark.parametrize("span, banned", [({"from": "retreat"}, True),
                                          ({"from": "conflict", "until": "effect"}, False)])
def test_T4_1_B_5_2_3_retreat_ban_asks_about_the_retreat_phase_only(span, banned):
    # A span that starts in the Rph holds when the fleet would retreat (banned); a span
    # conflict..effect is over by then (not banned), even though it held earlier.
    result = rule(_retreat({"element": "CN", **span}))
    start = span["from"]
    assert rulings(result) == (_trapped(start) if banned else _retreats(start))


@pytest.mark.parametrize("arrives", ["effect", "retreat"])
def test_T4_1_B_5_2_5_protector_appearing_by_the_retreat_phase_bans_the_retreat(arrives):
    # A druid appearing at the fleet in the effect phase or in the Rph itself protects it
    # from the CN "ab dem Moment" on, for the rest of the turn: in the Rph it may not
    # retreat into the fog; with no other retreat field it is destroyed after all.
    druid, protections = _druid_at_fleet(arrives)
    protections[0]["field"] = "0612"
    doc = state([being("Fleet", "fleet", "0612", protected_from=["MA"], retreat_to=["0613"])]
                + druid, [maelstrom(field="0612"), element("Nebel", "CN", "0613")], protections)
    assert rulings(rule(doc)) == _trapped(arrives)


def test_T4_1_table_protection_holds_for_the_whole_turn_in_both_phases():
    # T4-8 "Ein ist geschützt vor PO, CN, WJ" (a table entry: the whole turn): the unicorn
    # may neither move into the fog (order phase) nor retreat into it (Rph).
    doc = state([being("Einhorn", "Ein", "0612", retreat_to=["0613"])],
                [element("Seuche", "PO", "0612", destroys=["Ein"]),
                 element("Nebel", "CN", "0613")],
                orders=[move("o1", "Einhorn", "0613")])
    result = rule(doc)
    assert of(result, "entry_forbidden") == {("entry_forbidden", "Einhorn", "0613")}
    assert of(result, "order_refused") == {("order_refused", "o1")}
    assert of(result, "destroyed") == {("destroyed", "Einhorn", "Seuche")}


# --- 8. can_retreat: false beside a list of retreat fields (B.5.2.7) ------------------------

def _blockaded(retreat_to, *extra):
    return state([being("Fleet", "fleet", "0412", protected_from=["MA", *extra],
                        can_retreat=False, retreat_to=retreat_to)],
                 [maelstrom(), element("Nebel", "CN", "0413")])


def test_B_5_2_7_cannot_retreat_but_a_free_retreat_field_must_retreat():
    # "daran gehindert, aktiv das Feld zu verlassen UND gibt es kein gültiges Rückzugfeld":
    # 0414 is a valid retreat field, so the second condition fails: not destroyed, it must
    # retreat (the listed free field wins over can_retreat: false, docs/rulebooks/b5.md).
    result = rule(_blockaded(["0414"]))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom")
    cites(result, ("must_retreat", "Fleet", "Maelstrom"), "B.5.2.7")


def test_B_5_2_7_cannot_retreat_and_an_empty_list_is_destroyed():
    # Both conditions: stopped from leaving, and no retreat field at all.
    result = rule(_blockaded([]))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("destroyed", "Fleet", "Maelstrom"),
                               ("only_retreat_from", "Fleet", "effect")}
    cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.7")


@pytest.mark.parametrize("edition, valid", [("errata", False), ("original", True)])
def test_B_5_2_7_T4_1_cannot_retreat_and_only_a_CN_field_listed(edition, valid):
    # Protected from the CN for the whole turn: under T4-1 the fog is no valid retreat field
    # (both conditions hold: destroyed, citing T4-1); in the original edition there is no
    # T4-1, the field is valid and the fleet must retreat.
    result = rule(_blockaded(["0413"], "CN"), edition)
    base = {("protected", "Fleet", "Maelstrom", "movement"),
            ("protected", "Fleet", "Nebel", "movement")}
    if valid:
        assert rulings(result) == base | must_retreat_set("Fleet", "Maelstrom")
    else:
        assert rulings(result) == base | {("entry_forbidden", "Fleet", "0413"),
                                          ("destroyed", "Fleet", "Maelstrom"),
                                          ("only_retreat_from", "Fleet", "effect")}
        cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.7", "T4-1")


def test_B_5_2_7_cannot_retreat_with_a_forbidden_and_a_free_field_must_retreat():
    # One valid retreat field (0414) is enough, though the fog 0413 is forbidden.
    result = rule(_blockaded(["0413", "0414"], "CN"))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("protected", "Fleet", "Nebel", "movement"),
                               ("entry_forbidden", "Fleet", "0413")} | \
        must_retreat_set("Fleet", "Maelstrom")


def test_B_5_2_7_T4_1_cannot_retreat_and_a_CN_field_free_again_in_the_retreat_phase():
    # Protected from the CN only until the effect phase: in the Rph the fog is a valid
    # retreat field again (item 7), so the blockaded fleet must retreat there.
    result = rule(_blockaded(["0413"], {"element": "CN", "until": "effect"}))
    assert rulings(result) == {("protected", "Fleet", "Maelstrom", "movement"),
                               ("protected", "Fleet", "Nebel", "movement")} | \
        must_retreat_set("Fleet", "Maelstrom")


# --- the invariant: no protection rule refuses a being unprotected in the order phase -------

BOOK = get("b5")

OLD_RULES = {
    # T4-1 as it was: any protection from the CN or WJ, at any phase, bans the entry
    "T4-1": 'entry_banned(B, F) :- in_force("T4-1"), element_field(E, F), element_type(E, X), '
            'no_immunity_to(X), span(B, E, _, _, _), state_order(_, B, _, F).',
    # B.5.2.6 asking whether any protection exists instead of one in the order phase
    "B.5.2.6": 'barred(O, E) :- state_order(O, B, _, F), element_field(E, F), destroys(E, B), '
               'not immune(B, E), span(B, E, _, _, _).',
}


@pytest.mark.slow
@pytest.mark.parametrize("rule_id", sorted(OLD_RULES))
def test_B5_INV_5_any_protection_at_any_phase_is_violated(monkeypatch, rule_id):
    # The space holds beings protected only later than the order phase (partial spans, a
    # druid appearing later in the ordered being's field), so asking "any protection?"
    # refuses one of them and breaks B5-INV-5.
    entry = check_mutant(monkeypatch, BOOK, "B5-INV-5", OLD_RULES[rule_id])
    assert entry["status"] == "violated", entry
    witness = entry["witness"]
    assert witness["orders"]


# --- citations an independent reviewer found missing ----------------------------------------

@pytest.mark.parametrize("start, destroyed", [("retreat", True), ("effect", False)])
def test_B_5_2_4_a_span_that_starts_too_late_is_cited_by_the_destruction(start, destroyed):
    # B.5.2.4 "oder teilweise für nur bestimmte ... Zugphasen": protected only from the Rph,
    # the fleet is not protected when the maelstrom acts (effect phase) and is destroyed; the
    # partial span is why (B.5.2.4). Boundary: a span from the effect phase itself is in time.
    result = rule(state([being("Fleet", "fleet", "0412", protected_from=[
        {"element": "MA", "from": start}])], [maelstrom()]))
    if destroyed:
        cites(result, ("destroyed", "Fleet", "Maelstrom"), "B.5.2.3", "B.5.2.4")
    else:
        assert ("must_retreat", "Fleet", "Maelstrom") in rulings(result)


def test_B5_INT_2_the_kings_destruction_by_the_WJ_cites_T4_11():
    # T4-11 "K ist nicht geschützt vor der WJ" takes away B.5.2.8's protection (B5-INT-2: the
    # change wins): the king in the field of a destroying WJ is destroyed, and that ruling
    # rests on T4-11. In the original edition the king is protected from the petrification
    # (B.5.2.8 «vor der Versteinerung einer WJ»), the WJ's effect that destroys him.
    doc = state([being("King", "K", "0412")],
                [element("Eye", "WJ", "0412",
                         effects=[{"name": "petrification", "destroys": ["K"]}])])
    result = rule(doc)
    cites(result, ("destroyed", "King", "Eye"), "B.5.2.3", "T4-11", "B5-INT-2")
    assert ("destroyed", "King", "Eye") not in rulings(rule(doc, edition="original"))
