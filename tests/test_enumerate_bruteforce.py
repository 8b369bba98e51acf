"""``pybridge.enumerate_states`` against a plain-Python brute force of the generated spaces.

The spaces of b5, hkk and redemption are generated from each book's input vocabulary
(``pybridge/documents/inputs.py``, the books' ``vocabulary``, ``asp/<book>/valid.lp``). The brute force
(``tests/reference/spaces.py``) restates that declaration without the generator: it lists
every labelled state within the bounds, keeps one canonical form per situation (the least
image under renaming the objects of each interchangeable kind; hkk's events are numbered and
keep their order) and maps documents (``out`` lines, witnesses) back to canonical forms.

Checked per case: the total counts each situation once; the ``out`` lines are valid
documents of the space, one per situation, exactly the brute force's set; the classes' counts
are the lines' grouped by rulings; each witness is a state of its class with the fewest
objects, then the fewest optional facts. For redemption the rulings are also checked against
the independent reference ``tests/reference/redemption.py`` on the states it supports.
The bounds are tiny so that the file runs in well under a minute.
"""

import collections
import functools
import io
import json

import pytest

import pybridge
from pybridge.books import get
from reference import spaces  # tests/ is on sys.path under pytest
from reference.redemption import rule_battle


def _redemption(characters, cards=0, immunities=0, abilities=0, values="0..0",
                toughness="0..0", bonuses="0..0", features=0):
    return {"max_characters": characters, "max_cards": cards, "max_immunities": immunities,
            "max_abilities": abilities, "values": values, "toughness": toughness,
            "bonuses": bonuses, "max_features": features}


def _hkk(cards, effects=0, reactions=0, events=0, damage="0..1", modifiers="0..0",
         properties=0):
    return {"max_cards": cards, "max_effects": effects, "max_reactions": reactions,
            "max_events": events, "damage": damage, "modifiers": modifiers,
            "max_properties": properties}


def _b5(beings, elements=0, orders=0, protections=0, features=0):
    return {"max_beings": beings, "max_elements": elements, "max_orders": orders,
            "max_protections": protections, "max_features": features}


# (id, book, bounds)
CASES = [
    # two characters of strength 0..1, one immunity (to a card or a selector), every phase,
    # no optional facts (the enumerate defaults)
    ("redemption-2chars-1immunity", "redemption", _redemption(2, immunities=1, values="0..1")),
    # three interchangeable characters
    ("redemption-3chars-1immunity", "redemption", _redemption(3, immunities=1)),
    # a card (played on a character or not) with negative bonuses, one optional fact
    ("redemption-2chars-1card-1feature", "redemption",
     _redemption(2, cards=1, values="0..1", bonuses="-1..0", features=1)),
    # two interchangeable cards played on each other or on the character (no cycle), two
    # optional facts at once
    ("redemption-1char-2cards-2features", "redemption", _redemption(1, cards=2, features=2)),
    # an ability (on and target: any card or character), one optional fact
    ("redemption-1char-1card-1ability-1feature", "redemption",
     _redemption(1, cards=1, abilities=1, features=1)),
    # two cards and an effect, no optional facts (the targeted flag is usual: kept)
    ("hkk-2cards-1effect", "hkk", _hkk(2, effects=1)),
    # two cards, one optional fact (put on the other card, properties, immunities...)
    ("hkk-2cards-1feature", "hkk", _hkk(2, properties=1)),
    # two numbered events: their order matters
    ("hkk-1card-2events", "hkk", _hkk(1, events=2)),
    # an effect with damage and a modifier -1..1, one optional fact (or not targeted)
    ("hkk-1card-1effect-modifiers-1feature", "hkk",
     _hkk(1, effects=1, modifiers="-1..1", properties=1)),
    # a reaction and an event over two cards
    ("hkk-2cards-1reaction-1event", "hkk", _hkk(2, reactions=1, events=1, damage="0..0")),
    # two interchangeable beings
    ("b5-2beings", "b5", _b5(2)),
    # one being with one optional fact (immunity, protection, span, retreat limits)
    ("b5-1being-1feature", "b5", _b5(1, features=1)),
    # two interchangeable orders of one being
    ("b5-1being-2orders", "b5", _b5(1, orders=2)),
    # a protection of others by a being (from an element type the tables know)
    ("b5-1being-1protection", "b5", _b5(1, protections=1)),
    # one element, active or not, destroying a being type
    ("b5-1element-1feature", "b5", _b5(0, elements=1, features=1)),
]
IDS = [case[0] for case in CASES]
BY_ID = {case[0]: case for case in CASES}
REDEMPTION_IDS = [case[0] for case in CASES if case[1] == "redemption"]


@functools.lru_cache(maxsize=None)
def bruteforce(case_id):
    """{canonical form: (objects, facts)} over every situation of the case's space."""
    _, name, bounds = BY_ID[case_id]
    return spaces.situations(get(name), bounds)


@functools.lru_cache(maxsize=None)
def enumerated(case_id):
    """The API's enumeration and its ``out`` lines (one JSON object per state)."""
    _, name, bounds = BY_ID[case_id]
    out = io.StringIO()
    result = pybridge.enumerate_states(name, bounds, out=out)
    return result, [json.loads(line) for line in out.getvalue().splitlines()]


@functools.lru_cache(maxsize=None)
def forms(case_id):
    """Per ``out`` line: (canonical form, objects, facts, identifiers)."""
    _, name, _ = BY_ID[case_id]
    book = get(name)
    found = []
    for line in enumerated(case_id)[1]:
        objects, facts, ids = spaces.document_form(book, line["state"])
        found.append((spaces.canonical(book.vocabulary, objects, facts), objects, facts, ids))
    return found


def shown(facts):
    return " ".join(f"{f[0]}({', '.join(map(_shown_value, f[1:]))})" for f in sorted(facts))


def _shown_value(value):
    tag = value[0]
    if tag == 0:
        return f"{value[1]}{value[2]}"
    if tag == 2:
        return f"{value[1]}({_shown_value(value[2])})"
    return str(value[1])


# --------------------------------------------------------------------------- the brute force

@pytest.mark.slow
def test_bruteforce_counts_worked_out_by_hand():
    redemption, hkk, b5 = get("redemption"), get("hkk"), get("b5")
    count = lambda book, bounds: len(spaces.situations(book, bounds))  # noqa: E731
    # redemption, values and toughness 0..0, 5 phases, no cards, at most one immunity: an
    # immunity has a holder, a target (card(X) for each character X but the holder: none is
    # immune to itself; 2 brigades, 3 alignments, 3 types), 5 phases used in and 3 durations.
    # One character (good or evil): 2 * (1 + 1 * 8 * 15) = 242.
    # Two: without an immunity the alignments as a multiset: 3; with one, 2 * 2 alignments *
    # 2 holders * 9 targets * 15 = 1080 labelled states, none fixed by swapping the two
    # (the holder moves), so 540. Total (242 + 543) * 5 phases.
    assert count(redemption, _redemption(2, immunities=1)) == (242 + 543) * 5 == 3925
    # the same with values 0..1 (4 stats per character): 1 character 4 * 121 * 5 = 2420;
    # 2 characters (10 multisets + 16 * 2 * 9 * 15 / 2) * 5 = 10850
    assert count(redemption, _redemption(2, immunities=1, values="0..1")) == 2420 + 10850
    # hkk: one card (least 1) of 9 kinds; an effect by and on cards (by, target), targeted.
    # One card: 9 * 2 = 18; two cards without an effect: 9 * 10 / 2 = 45; with one: 81 * 4
    # labelled states, none fixed by swapping the cards ((1,2) <-> (2,1)), so 162.
    assert count(hkk, _hkk(2, effects=1)) == 18 + 45 + 162
    # two numbered events (a card gains one of 15 immunity kinds, or immunity to a card: the
    # one card there is), order kept
    assert count(hkk, _hkk(1, events=2)) == 9 * (1 + 16 + 16 ** 2)
    # b5: a being is one of 13 types (12 the tables know and "other") in one of 3 fields.
    # Two beings: 1 + 39 + 39 * 40 / 2 (unordered pairs, equal ones allowed).
    assert count(b5, _b5(2)) == 1 + 39 + 780
    # One being and at most one optional fact: immune to or protected from one of the 11
    # element types the tables know (no element in the state, so "other" names nothing),
    # a span over one of them (4 * 5 / 2 = 10 phase pairs), cannot retreat or retreat listed
    # (retreat_to needs the list too: two facts).
    assert count(b5, _b5(1, features=1)) == 1 + 39 * (1 + 11 + 11 + 11 * 10 + 2)
    # A protection of others by the being: from one of the 11 types, into one of 3 fields,
    # arriving in one of 4 phases.
    assert count(b5, _b5(1, protections=1)) == 1 + 39 * (1 + 11 * 3 * 4)
    # Orders (move or discovery into one of the 2 other fields) are interchangeable: 0, 1
    # or an unordered pair (4 * 5 / 2) per being.
    assert count(b5, _b5(1, orders=2)) == 1 + 39 * (1 + 4 + 10)
    # One being (and an order of it), one element (11 types known, "other"; 3 fields; 4
    # effect phases), active.
    assert count(b5, _b5(1, elements=1, orders=1)) == (1 + 39 * (1 + 4)) * (1 + 12 * 3 * 4)


# --------------------------------------------------------------------------- the enumeration

def total_counts_each_situation_once(case_id):
    _, name, bounds = BY_ID[case_id]
    result, _ = enumerated(case_id)
    assert result["rulebook"] == name
    assert result["bounds"] == bounds
    assert result["complete"] is True
    assert result["exact_symmetry"] is True
    assert sum(c["count"] for c in result["classes"]) == result["total"]
    assert result["total"] == len(bruteforce(case_id))


def out_lines_are_exactly_one_state_per_situation(case_id):
    _, name, bounds = BY_ID[case_id]
    book = get(name)
    result, lines = enumerated(case_id)
    assert len(lines) == result["total"]
    states = collections.defaultdict(list)
    for line, (form, objects, facts, _) in zip(lines, forms(case_id)):
        assert spaces.in_bounds(book, bounds, objects, facts), line["state"]
        states[form].append(line["state"])
    duplicated = [found for found in states.values() if len(found) > 1]
    assert not duplicated, (
        f"{len(duplicated)} situations listed more than once; these states are one situation "
        f"(rename the objects): " + " | ".join(json.dumps(s) for s in duplicated[0]))
    expected = bruteforce(case_id)
    missing = set(expected) - set(states)
    assert not missing, (f"{len(missing)} situations not listed, e.g. " +
                         shown(expected[min(missing)][1]))
    assert set(states) == set(expected)


def abstract(rulings, ids):
    """Rulings with identifiers left out: an object's identifier becomes its kind's name."""
    abstracted = []
    for ruling in rulings:
        ruling = {k: (ids[v][1] if isinstance(v, str) and k not in ("kind",) and v in ids
                      else v) for k, v in ruling.items()}
        abstracted.append(ruling)
    return as_multiset(abstracted)


def as_multiset(rulings):
    return tuple(sorted(json.dumps(r, sort_keys=True) for r in rulings))


def states_by_class(case_id):
    """From the listed states (checked against the brute force above): per class, the
    number of states and the least (objects, optional facts) of one."""
    _, name, _ = BY_ID[case_id]
    book = get(name)
    _, lines = enumerated(case_id)
    counted = collections.Counter()
    least = {}
    for line, (_, objects, facts, ids) in zip(lines, forms(case_id)):
        klass = abstract(line["rulings"], ids)
        counted[klass] += 1
        size = (sum(map(len, objects.values())),
                spaces.features_of(book.vocabulary, facts, objects))
        least[klass] = min(least.get(klass, size), size)
    return counted, least


def classes_count_the_states_with_their_rulings(case_id):
    _, name, _ = BY_ID[case_id]
    result, _ = enumerated(case_id)
    counted, least = states_by_class(case_id)
    classes = {as_multiset(c["rulings"]): c for c in result["classes"]}
    assert len(classes) == len(result["classes"])            # classes are distinct
    assert {k: c["count"] for k, c in classes.items()} == dict(counted)
    witnesses_are_the_smallest_of_their_class(case_id, classes, least)


def situations_are_the_classes_with_their_smallest_witnesses(case_id):
    """The listing of situations (no count, no out lines): each class of the states found
    once, the same classes, each with a witness as small as its smallest state."""
    _, name, bounds = BY_ID[case_id]
    result = pybridge.enumerate_states(name, bounds)
    assert result["complete"] is True and result["counted"] is False
    assert "total" not in result
    counted, least = states_by_class(case_id)
    classes = {as_multiset(c["rulings"]): c for c in result["classes"]}
    assert len(classes) == len(result["classes"])
    assert set(classes) == set(counted)
    assert all("count" not in c for c in result["classes"])
    witnesses_are_the_smallest_of_their_class(case_id, classes, least)


def witnesses_are_the_smallest_of_their_class(case_id, classes, least):
    _, name, _ = BY_ID[case_id]
    book = get(name)
    situations = bruteforce(case_id)
    for klass, c in classes.items():
        witness = c["witness"]
        objects, facts, ids = spaces.document_form(book, witness)
        assert spaces.canonical(book.vocabulary, objects, facts) in situations, witness
        size = (sum(map(len, objects.values())),
                spaces.features_of(book.vocabulary, facts, objects))
        assert size == least[klass], (
            f"witness {json.dumps(witness)} has {size} (objects, optional facts); its class "
            f"has a state with {least[klass]}")
        ruled = pybridge.rule(witness)
        assert ruled["status"] == "ok"
        assert ruled["edition"] == book.default_edition
        assert abstract(ruled["rulings"], ids) == klass, witness


# --------------------------------------------------------------------------- redemption rulings

def supported(state):
    """Whether the reference rules this state: immunities name a card, none granted."""
    return all(isinstance(m["to"], str) and "granted_by" not in m
               for m in state.get("immunities", ()))


def battle_summary(rulings):
    battle = [(r["state"], tuple(sorted(r["because"])))
              for r in rulings if r["kind"] == "battle_state"]
    defeated = sorted(r["character"] for r in rulings if r["kind"] == "being_defeated")
    return battle, defeated


def reference_summary(state):
    ruled = rule_battle(state)
    battle = [] if ruled["battle_state"] is None else \
        [(ruled["battle_state"], tuple(sorted(ruled["because"])))]
    return battle, sorted(ruled["being_defeated"])


def redemption_battle_rulings_agree_with_the_reference(case_id):
    _, lines = enumerated(case_id)
    checked = 0
    for line in lines:
        if supported(line["state"]):
            assert battle_summary(line["rulings"]) == reference_summary(line["state"]), line
            checked += 1
    # Not vacuous: a good share of the space. (An immunity names a card in 1 of its 9 targets
    # at two characters, none being immune to itself, so about a tenth of those states.)
    assert checked >= len(lines) // 20 and checked > 0
    _, name, bounds = BY_ID[case_id]
    # not vacuous: the reference rules states with what the case adds
    checked_with = lambda key: any(supported(line["state"]) and line["state"].get(key)  # noqa
                                   for line in lines)
    if bounds["max_immunities"]:
        assert checked_with("immunities")
    if bounds["max_cards"]:
        assert checked_with("cards")


def redemption_class_rulings_agree_with_the_reference(case_id):
    """Each class whose witness the reference supports: the class's battle rulings (state,
    citation, how many characters being defeated) are the reference's on the witness and on
    every supported state of the class."""
    result, lines = enumerated(case_id)
    by_class = collections.defaultdict(set)
    for line, (_, _, _, ids) in zip(lines, forms(case_id)):
        if supported(line["state"]):
            battle, defeated = reference_summary(line["state"])
            by_class[abstract(line["rulings"], ids)].add((tuple(battle), len(defeated)))
    checked = 0
    for c in result["classes"]:
        battle, defeated = battle_summary(c["rulings"])
        summary = (tuple(battle), len(defeated))
        found = by_class.get(as_multiset(c["rulings"]))
        if found is not None:
            assert found == {summary}, c
            checked += 1
        if supported(c["witness"]):
            ref_battle, ref_defeated = reference_summary(c["witness"])
            assert (tuple(ref_battle), len(ref_defeated)) == summary, c
    assert checked > 0


def the_largest_objects_counts_are_really_used(case_id):
    """Not vacuous: some line has as many objects of each kind as its case allows."""
    _, name, bounds = BY_ID[case_id]
    book = get(name)
    consts = spaces.constants(book, bounds)
    most = {k.name: 0 for k in book.vocabulary.kinds}
    for _, objects, _, _ in forms(case_id):
        for kind, found in objects.items():
            most[kind] = max(most[kind], len(found))
    assert most == {k.name: consts[k.bound] for k in book.vocabulary.kinds}, case_id


# --------------------------------------------------------------------------- the test

@pytest.mark.slow
@pytest.mark.parametrize("case_id", IDS)
def test_the_listing_is_the_brute_forces(case_id):
    """Each case's listing against the brute force: one test per case, since every check
    reads the case's listing and canonical forms (seconds each to work out, once per process:
    tests of one case on two workers worked them out twice)."""
    total_counts_each_situation_once(case_id)
    out_lines_are_exactly_one_state_per_situation(case_id)
    classes_count_the_states_with_their_rulings(case_id)
    situations_are_the_classes_with_their_smallest_witnesses(case_id)
    the_largest_objects_counts_are_really_used(case_id)
    if case_id in REDEMPTION_IDS:
        redemption_battle_rulings_agree_with_the_reference(case_id)
        redemption_class_rulings_agree_with_the_reference(case_id)
