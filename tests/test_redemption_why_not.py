"""Redemption's ``why_not/2`` (issue 24 item 8; the convention in asp/core: a ruling the
rules around it would give, which a rule in force prevents): the two readings of RED-BAT-1.

Source, "Special Conditions": "Each character in battle that is immune to at least one
opposing character in battle is being defeated only if the total strength of the characters
that it is not immune to on the opponent's side of battle is greater than or equal to the
total toughness of all of the characters on its side of battle." As written (literal), the
strength of an opposing character one is immune to is left out even when it is negative;
edition negative_counts (RED-BAT-1-NEG) carries RED-IMM-3's "unless it is negative" into it,
so a negative strength still counts. Counting a negative strength lowers what a character
faces: negative_counts only ever saves a character the source as written defeats, and
so changes the battle state (RED-BAT-2).

In negative_counts, a character saved that way is why_not(being_defeated(D),
"RED-BAT-1-NEG"), and the battle state the source as written gives, when another,
why_not(battle_state(B), "RED-BAT-1-NEG"). In literal, the battle state negative_counts
gives, when another, is why_not(battle_state(B), "RED-BAT-1"): the rule as written prevents
it.
"""

import copy

import pytest
from hypothesis import HealthCheck, given, settings

import pybridge
from pybridge.books import get
from pybridge.engine.solving import ground
from pybridge.engine.symbols import from_symbol
from redemption_states import evil, hero, state
from test_redemption_reference import battles

BOOK = get("redemption")


def why_nots(doc, edition):
    """The why_not atoms of each answer set of the state, as (kind, field, rule ID)."""
    facts = BOOK.facts(BOOK.validate(copy.deepcopy(doc)))
    control = ground(BOOK.encoding, facts, set(BOOK.encoding.editions[edition].rule_ids))
    found = []
    with control.solve(yield_=True) as handle:
        for model in handle:
            found.append({(s.arguments[0].name, from_symbol(s.arguments[0].arguments[0]),
                           s.arguments[1].string)
                          for s in model.symbols(atoms=True) if s.name == "why_not"})
    return found


def battle_rulings(doc, edition):
    result = pybridge.rule(copy.deepcopy(doc), edition=edition)
    assert result["status"] == "ok", result
    return {(r["kind"], r["state"] if r["kind"] == "battle_state" else r["character"])
            for r in result["rulings"] if r["kind"] in ("battle_state", "being_defeated")}


def two_heroes(t1, t2, immune=("H",)):
    # Heroes H 5/t1 and K 5/t2; evil W -2/4 (negative) and O 3/4. Evil strength 3 - 2 = 1.
    return state([hero("H", 5, t1), hero("K", 5, t2), evil("W", -2, 4), evil("O", 3, 4)],
                 immunities=[{"id": f"ward-{h}", "holder": h, "to": "W"} for h in immune])


def test_RED_BAT_1_NEG_why_not_a_character_saved_by_the_negative_it_is_immune_to():
    # H immune to W. Heroes' toughness 1 + 2 = 3. As written H faces 1 - (-2) = 3 >= 3
    # (boundary: equal is enough): defeated. negative_counts: 1 < 3, H stands. K faces 1
    # < 3 in both; both evil characters face 10 >= 8: heroes_winning in both.
    doc = two_heroes(1, 2)
    assert battle_rulings(doc, "literal") == {("battle_state", "heroes_winning"),
                                              ("being_defeated", "H"), ("being_defeated", "W"),
                                              ("being_defeated", "O")}
    assert battle_rulings(doc, "negative_counts") == {
        ("battle_state", "heroes_winning"), ("being_defeated", "W"), ("being_defeated", "O")}
    assert why_nots(doc, "negative_counts") == [{("being_defeated", "H", "RED-BAT-1-NEG")}]
    assert why_nots(doc, "literal") == [set()]


def test_RED_BAT_1_NEG_why_not_boundary_the_source_as_written_saves_it_too():
    # Heroes' toughness 2 + 2 = 4: as written H faces 3 < 4 and stands as well. Nothing
    # vanishes, nothing is blocked.
    doc = two_heroes(2, 2)
    assert battle_rulings(doc, "literal") == battle_rulings(doc, "negative_counts")
    assert why_nots(doc, "negative_counts") == [set()]
    assert why_nots(doc, "literal") == [set()]


def test_RED_BAT_1_NEG_and_RED_BAT_1_why_not_the_battle_state_of_the_other_reading():
    # H and K both immune to W, toughness 1 each (heroes' 2). As written both face 3 >= 2,
    # evil faces 10 >= 8: mutual_destruction. negative_counts: both face 1 < 2 and stand:
    # heroes_winning.
    doc = two_heroes(1, 1, immune=("H", "K"))
    assert ("battle_state", "mutual_destruction") in battle_rulings(doc, "literal")
    assert ("battle_state", "heroes_winning") in battle_rulings(doc, "negative_counts")
    assert why_nots(doc, "negative_counts") == [{
        ("being_defeated", "H", "RED-BAT-1-NEG"), ("being_defeated", "K", "RED-BAT-1-NEG"),
        ("battle_state", "mutual_destruction", "RED-BAT-1-NEG")}]
    assert why_nots(doc, "literal") == [{("battle_state", "heroes_winning", "RED-BAT-1")}]


def test_RED_BAT_1_NEG_why_not_through_a_group():
    # The same with a selector (a key group, summed per group: battle.lp): H and K immune to
    # brigade Grey, W's brigade.
    doc = two_heroes(1, 1, immune=())
    doc["characters"][2]["brigade"] = "Grey"
    doc["immunities"] = [{"id": f"grey-{h}", "holder": h, "to": {"brigade": "Grey"}}
                         for h in ("H", "K")]
    assert why_nots(doc, "negative_counts") == [{
        ("being_defeated", "H", "RED-BAT-1-NEG"), ("being_defeated", "K", "RED-BAT-1-NEG"),
        ("battle_state", "mutual_destruction", "RED-BAT-1-NEG")}]
    assert why_nots(doc, "literal") == [{("battle_state", "heroes_winning", "RED-BAT-1")}]


def test_RED_BAT_1_NEG_no_why_not_one_on_one():
    # One on one, RED-IMM-3 keeps the negative in both editions: nothing differs.
    doc = state([hero("P", 5, 0), evil("W", -1, 3)],
                immunities=[{"id": "ward", "holder": "P", "to": "W"}])
    assert battle_rulings(doc, "literal") == battle_rulings(doc, "negative_counts")
    assert why_nots(doc, "negative_counts") == [set()] == why_nots(doc, "literal")


@pytest.mark.slow
@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_RED_BAT_1_NEG_why_not_names_exactly_what_the_other_edition_gives(doc):
    # In any battle: the why_not atoms of each edition are exactly the battle rulings of the
    # other edition it does not give, each with the rule that prevents it there.
    literal, negative = battle_rulings(doc, "literal"), battle_rulings(doc, "negative_counts")
    assert {(k, f, "RED-BAT-1-NEG") for k, f in literal - negative} == \
        set().union(*why_nots(doc, "negative_counts"))
    assert {(k, f, "RED-BAT-1") for k, f in negative - literal} == \
        set().union(*why_nots(doc, "literal"))


@pytest.mark.slow
def test_RED_BAT_1_NEG_is_cited_by_a_changed_group_of_the_diff_in_both_directions():
    # Issue 24 item 8: a rule in force in one edition only (RED-BAT-1-NEG: negative_counts)
    # is cited by some changed group of their diff, from either edition to the other; here
    # by every group, since it is the only rule the editions differ in.
    import json

    from click.testing import CliRunner

    from pybridge.cli.main import cli
    for source, target in (("literal", "negative_counts"), ("negative_counts", "literal")):
        done = CliRunner().invoke(cli, ["diff", "redemption", "--from", source, "--to", target,
                                        "--format", "json", "--timeout", "120"])
        assert done.exit_code == 0, done.output
        changed = json.loads(done.stdout)["changed"]
        assert changed and all("RED-BAT-1-NEG" in group["rules"] for group in changed)
