"""hkk, issue 24 items 1 and 2: source immunity disarms what is put on a creature.

Written from the Hungarian source (../shared/seeds/001_834235207642f3b2.txt) before the tool
was run; the sentences they rest on:

132.5.1-K «A forrásimmunitással rendelkező lényre is tehető szintlépés, testrész vagy # tárgy,
  de ezek a lényre semmilyen hatással nincsenek, kivéve, ha a forrásimmunitást is a rátett lap
  biztosítja.» (A level-up, body part or item can *also* be put on a source-immune creature,
  but these have no effect whatsoever on the creature, unless the card put on it is also what
  grants the source immunity.)
132.5.1 «Ha egy lap a forrásimmunitást utólag szerezte, az ekkor esetlegesen rajta lévő bűbájok
  leesnek róla, kivéve, ha a forrásimmunitást a rátett bűbáj biztosítja számára.» (A card that
  gains source immunity later loses the enchantments on it, except the one that grants it.)
132.0 «Minden immunitás állandóan működő képesség.» (Every immunity is a continuous ability.)

"No effect whatsoever" covers an immunity the card would grant the creature: holding an
immunity given by a card is an effect of that card on the creature. So the grant holds
exactly while the creature has no source immunity (or the card grants it): a grant made while
the creature is source-immune is without effect, and one made before stops when the creature
gains source immunity (the immunity is continuous: it is the card's ability working now).
"""

import pytest

from test_hkk_rules import (
    affects,
    attach,
    because,
    card,
    counters,
    counters_removed,
    damage,
    disarmed,
    effect,
    falls_off,
    gain,
    removed,
    rule,
    state,
)

# --- item 1: the card grants nothing (HKK-132.5.1-K) -------------------------------------------

def _golem(kind="creature", source=True, amulet_on="Golem", source_by=None, events=(),
           extra_effects=()):
    """Golem, fire-immune by the Amulet (an item), perhaps source-immune (not by the Amulet
    unless `source_by` says so); an Ember Drake (a fire creature) hits it for 4."""
    immunities = [{"kind": "fire", "granted_by": "Amulet"}]
    if source:
        immunities.insert(0, {"kind": "source", **({"granted_by": source_by} if source_by else {})})
    cards = [card("Golem", kind, immunities=immunities), card("Squire"),
             card("Amulet", "item", **({"on": amulet_on} if amulet_on else {})),
             card("Ember Drake", subtypes=["fire"]), card("Rune", "item")]
    return state(cards, [effect("hit", "Ember Drake", "Golem", damage=4, targeted=False),
                         *extra_effects], events=list(events))


def test_HKK_132_5_1_K_an_item_on_a_source_immune_creature_grants_no_fire_immunity():
    # The Amulet is on the source-immune Golem and does not grant it the source immunity:
    # "ezek a lényre semmilyen hatással nincsenek", so the Golem is not fire-immune and the
    # fire creature's hit ("ilyen altípusú lények ütése", 132.9) deals its full 4.
    result = rule(_golem())
    assert damage(result) == {"hit": 4}
    assert affects(result) == {"hit": True}
    assert disarmed(result) == {("Golem", "fire", "Amulet")}
    assert because(result, "grant_without_effect", granted_by="Amulet") == ["HKK-132.5.1-K"]


def test_HKK_132_5_1_K_boundary_without_source_immunity_the_item_grants_fire_immunity():
    # Not source-immune: the Amulet has its effect, the Golem is fire-immune, 132.9: 0.
    result = rule(_golem(source=False))
    assert damage(result) == {"hit": 0}
    assert disarmed(result) == set()


def test_HKK_132_5_1_K_boundary_the_item_that_grants_the_source_immunity_grants_the_rest():
    # "kivéve, ha a forrásimmunitást is a rátett lap biztosítja": the Amulet grants the
    # source immunity too, so it has effect and its fire immunity holds.
    result = rule(_golem(source_by="Amulet"))
    assert damage(result) == {"hit": 0}
    assert disarmed(result) == set()


def test_HKK_132_5_1_K_boundary_the_source_immunity_granted_by_another_card_does_not_count():
    # The Rune (another item, not on the Golem) grants the source immunity: the Amulet is
    # still not "a rátett lap" that grants it.
    result = rule(_golem(source_by="Rune"))
    assert damage(result) == {"hit": 4}


@pytest.mark.parametrize("where", ["Squire", None])
def test_HKK_132_5_1_K_boundary_an_item_not_put_on_the_creature_is_not_named(where):
    # "ezek" are the cards put on the creature ("rátett lap"): an item elsewhere keeps its grant.
    result = rule(_golem(amulet_on=where))
    assert damage(result) == {"hit": 0}


def test_HKK_132_5_1_K_boundary_a_building_is_not_named():
    # "lényre": a creature; a source-immune building keeps the Amulet's fire immunity.
    result = rule(_golem(kind="building"))
    assert damage(result) == {"hit": 0}


def _toad(source=True, rank_on="Toad", counters=None, events=(), grant=True):
    immunities = [{"kind": "source"}] if source else []
    if grant:
        immunities.append({"kind": "poison", "granted_by": "Rank"})
    extra = {"counters": counters} if counters else {}
    return state([card("Toad", immunities=immunities, **extra),
                  card("Rank", "level_up", **({"on": rank_on} if rank_on else {})),
                  card("Viper")],
                 [effect("bite", "Viper", "Toad", counter="poison")], events=list(events))


def test_HKK_132_5_1_K_a_level_up_on_a_source_immune_creature_grants_no_poison_immunity():
    # The level-up has no effect on the source-immune Toad: no poison immunity, so the
    # poison counter IS placed and takes effect (nothing else stops it).
    result = rule(_toad())
    assert counters(result) == {"bite": (True, True)}
    assert affects(result) == {"bite": True}
    assert disarmed(result) == {("Toad", "poison", "Rank")}


def test_HKK_132_5_1_K_boundary_without_source_immunity_the_poison_counter_is_refused():
    # 132.3 "a lényre semmilyen módon nem kerülhet méregjelző"
    result = rule(_toad(source=False))
    assert counters(result) == {"bite": (False, False)}
    assert because(result, "counter", effect="bite") == ["HKK-132.3"]


def test_HKK_132_5_1_K_a_grant_made_by_an_event_while_source_immune_is_without_effect():
    # Source-immune from the start; event 1: the Amulet grants fire immunity. At that moment
    # the Amulet has no effect on the Golem: it grants nothing, the hit deals 4.
    doc = _golem(events=[gain("Golem", "fire", granted_by="Amulet")])
    doc["cards"][0]["immunities"] = [{"kind": "source"}]
    result = rule(doc)
    assert damage(result) == {"hit": 4}
    assert disarmed(result) == {("Golem", "fire", "Amulet")}


def test_HKK_132_5_1_K_a_grant_made_before_the_source_immunity_stops_when_it_is_gained():
    # Event 1: the Amulet grants fire immunity (no source immunity yet: it holds). Event 2:
    # the Golem gains source immunity from the Rune. From then on the Amulet has no effect
    # on it ("semmilyen hatással nincsenek"; an immunity is a continuous ability, 132.0), so
    # when the hit is ruled the Golem is not fire-immune: 4.
    doc = _golem(source=False, events=[gain("Golem", "fire", granted_by="Amulet"),
                                       gain("Golem", "source", granted_by="Rune")])
    doc["cards"][0]["immunities"] = []
    result = rule(doc)
    assert damage(result) == {"hit": 4}
    assert disarmed(result) == {("Golem", "fire", "Amulet")}


def test_HKK_132_5_1_K_boundary_the_grant_by_an_event_holds_without_source_immunity():
    doc = _golem(source=False, events=[gain("Golem", "fire", granted_by="Amulet")])
    doc["cards"][0]["immunities"] = []
    assert damage(rule(doc)) == {"hit": 0}


def test_HKK_132_5_1_K_a_poison_grant_without_effect_makes_no_counter_fall_off():
    # 132.3: poison counters fall off "ha volt rajta a méregimmunitás megszerzésekor" (when it
    # gains the immunity). The level-up's grant at event 1 has no effect on the source-immune
    # Toad: it gains nothing, its 2 poison counters stay.
    doc = _toad(counters={"poison": 2}, grant=False,
                events=[gain("Toad", "poison", granted_by="Rank")])
    result = rule(doc)
    assert counters_removed(result) == set()
    assert counters(result) == {"bite": (True, True)}
    # Boundary: without source immunity the same event makes them fall off.
    result = rule(_toad(source=False, counters={"poison": 2}, grant=False,
                        events=[gain("Toad", "poison", granted_by="Rank")]))
    assert counters_removed(result) == {("Toad", "poison")}


def _knight(granter="Sword"):
    """Knight, source-immune by the Halo (an enchantment on it); then the Knight gains
    enchantment immunity granted by `granter`."""
    return state([card("Knight", immunities=[{"kind": "source", "granted_by": "Halo"}]),
                  card("Halo", "enchantment", on="Knight"), card("Sword", "item", on="Knight"),
                  card("Rune", "item")],
                 events=[gain("Knight", "enchantment", granted_by=granter)])


def test_HKK_132_5_1_K_an_enchantment_immunity_grant_without_effect_drops_no_enchantment():
    # The Sword, on the source-immune Knight and not granting the source immunity, has no
    # effect: the Knight gains no enchantment immunity, so 132.6's falling off ("Ha a lap az
    # immunitást utólag szerezte ... leesnek") does not happen, in either edition.
    for edition in ("literal", "intended"):
        result = rule(_knight(), edition=edition)
        assert falls_off(result) == set(), edition
        assert disarmed(result) == {("Knight", "enchantment", "Sword")}


def test_HKK_132_5_1_K_boundary_the_grant_by_an_item_not_on_it_drops_the_halo_as_intended():
    # The Rune is not on the Knight: the Knight gains enchantment immunity. The intended
    # reading of 132.6 keeps only the enchantment granting *that* immunity: the Halo falls.
    result = rule(_knight("Rune"), edition="intended")
    assert falls_off(result) == {("Halo", "Knight")}
    # As written, the exception keeps the enchantment granting source immunity: it stays.
    assert falls_off(rule(_knight("Rune"), edition="literal")) == set()


def test_HKK_132_5_1_K_with_132_2_K_a_removed_source_immunity_gives_the_item_its_effect_back():
    # A spell takes the Golem's source immunity away: source immunity does not protect against
    # a spell (132.5 "a lapra nem hatnak a források"), so 132.2-K lets it go. The other effects
    # meet what is left: a creature without source immunity, on which the Amulet has its
    # effect; the Golem is fire-immune for the hit, 0 (132.9).
    purge = effect("purge", "Purge", "Golem", removes_immunity="source")
    doc = _golem(extra_effects=[purge])
    doc["cards"].append(card("Purge", "spell"))
    result = rule(doc)
    assert removed(result) == {("Golem", "source", "purge")}
    assert damage(result) == {"hit": 0}
    assert disarmed(result) == set()
    # The removal changed that damage, so it cites the removal's rule, 132.0 (an effect on the
    # Golem), as every ruling a removal changes, beside 132.9, which zeroes the fire hit; not
    # 132.2-K, which only forbids a removal (issue 52, item 4).
    assert because(result, "damage", effect="hit") == ["HKK-132.0", "HKK-132.9"]
    # Boundary: a removal of another immunity gives nothing back (the Amulet stays disarmed).
    doc["effects"][1]["removes_immunity"] = "magic"
    doc["cards"][0]["immunities"].append({"kind": "magic"})
    result = rule(doc)
    assert damage(result) == {"hit": 4}
    assert because(result, "damage", effect="hit") == ["HKK-132.0"]


# --- item 2: an enchantment put on a source-immune creature (HKK-132.5.1, 132.5.1-K) -----------
# 132.5.1-K lists what can *still* be put on a source-immune creature ("is tehető szintlépés,
# testrész vagy # tárgy"): an enchantment is not among them, and 132.5.1 makes every
# enchantment on a card that gains source immunity fall off but the one granting it. Read
# together: an enchantment cannot be put on it (allowed false), unless it grants the immunity.

def _aura(immunities=({"kind": "source"},), kind="creature", events=()):
    return state([card("Golem", kind, immunities=list(immunities)), card("Aura", "enchantment"),
                  card("Rank", "level_up")],
                 [effect("aura", "Aura", "Golem", attach=True),
                  effect("rank", "Rank", "Golem", attach=True)], events=list(events))


def test_HKK_132_5_1_K_an_enchantment_cannot_be_put_on_a_source_immune_creature():
    result = rule(_aura())
    assert attach(result) == {"aura": (False, False), "rank": (True, False)}
    assert because(result, "attach", effect="aura") == ["HKK-132.5.1", "HKK-132.5.1-K"]
    assert affects(result) == {"aura": False, "rank": False}


def test_HKK_132_5_1_boundary_an_enchantment_can_be_put_on_a_creature_without_it():
    result = rule(_aura(immunities=()))
    assert attach(result) == {"aura": (True, True), "rank": (True, True)}
    assert affects(result) == {"aura": True, "rank": True}


def test_HKK_132_5_1_boundary_the_enchantment_that_grants_the_source_immunity_takes_effect():
    # "kivéve, ha a forrásimmunitást a rátett bűbáj biztosítja számára"
    result = rule(_aura(immunities=({"kind": "source", "granted_by": "Aura"},)))
    assert attach(result)["aura"] == (True, True)
    assert affects(result)["aura"] is True


def test_HKK_132_5_1_source_immunity_gained_by_an_event_refuses_the_enchantment_too():
    result = rule(_aura(immunities=(), events=[gain("Golem", "source")]))
    assert attach(result)["aura"] == (False, False)


def test_HKK_132_5_1_a_source_immune_building_refuses_the_enchantment_by_132_5_1_alone():
    # 132.5.1 speaks of any card ("egy lap"): a building that holds source immunity keeps no
    # enchantment but the granting one; 132.5.1-K (a creature, "lényre") is not cited.
    result = rule(_aura(kind="building"))
    assert attach(result)["aura"] == (False, False)
    assert because(result, "attach", effect="aura") == ["HKK-132.5.1"]
    assert attach(result)["rank"] == (True, True)      # 132.5.1-K names a creature only


def test_HKK_132_5_1_with_132_6_both_rules_refuse_the_enchantment():
    result = rule(_aura(immunities=({"kind": "source"}, {"kind": "enchantment"})))
    assert attach(result)["aura"] == (False, False)
    assert set(because(result, "attach", effect="aura")) >= {"HKK-132.5.1", "HKK-132.6"}


# --- item 8: why_not/2 (asp/core/rulings.lp) where an exception or a reading blocks a ruling -------------
# Read from each edition's model (why_not is no ruling: `rule` does not show it); the diff
# (pybridge/analysis, another helper's) names these IDs for the rulings a changed group loses.

from pybridge.books import get  # noqa: E402
from pybridge.engine.solving import ground  # noqa: E402

BOOK = get("hkk")


def why_not(doc, edition="literal"):
    in_force = set(BOOK.encoding.editions[edition].rule_ids)
    control = ground(BOOK.encoding, BOOK.facts(BOOK.validate(doc)), in_force)
    found = []
    with control.solve(yield_=True) as handle:
        for model in handle:
            found = [s for s in model.symbols(atoms=True) if s.name == "why_not"]
    return {(str(s.arguments[0]), s.arguments[1].string) for s in found}


def also(result, kind, **fields):
    return set(because(result, kind, **fields))


def _ward(*events):
    return state([card("Knight"), card("Ward", "enchantment", on="Knight"),
                  card("Curse", "enchantment", on="Knight"), card("Well", "source")],
                 [effect("well", "Well", "Knight")],
                 events=list(events) or [gain("Knight", "enchantment", granted_by="Ward")])


def test_HKK_132_6_I_why_not_the_self_granting_enchantment_falls_off():
    # Intended: the Ward stays (HKK-132.6-I), where the text as written drops it ("kivéve, ha
    # a forrásimmunitást a rátett bűbáj biztosítja": the Ward grants no source immunity).
    assert ('falls_off("Ward","Knight")', "HKK-132.6-I") in why_not(_ward(), "intended")
    # The Curse falls in both: nothing blocks it, no why_not for it.
    assert not {w for w in why_not(_ward(), "intended") if '"Curse"' in w[0]}
    # Literal: the Ward falls; no rule keeps it.
    assert not {w for w in why_not(_ward(), "literal") if w[0].startswith("falls_off")}


def test_HKK_132_8_I_why_not_the_self_granting_mental_enchantment_falls_off():
    doc = state([card("Sage"), card("Calm", "enchantment", subtypes=["mental"], on="Sage")],
                events=[gain("Sage", "mental_spell", granted_by="Calm")])
    assert why_not(doc, "intended") == {('falls_off("Calm","Sage")', "HKK-132.8-I")}
    assert why_not(doc, "literal") == set()


def test_HKK_132_6_I_what_exists_only_because_the_ward_stayed_cites_it():
    # Event 2: the Ward grants source immunity. Literal: the Ward fell off at event 1, so
    # its grant is void (grant_ineffective [HKK-132.6]) and the Well's source affects the
    # Knight. Intended: the Ward stayed (132.6-I), the Knight gains source immunity, the Well
    # does not affect it: that ruling exists because of 132.6-I and cites it.
    doc = _ward(gain("Knight", "enchantment", granted_by="Ward"),
                gain("Knight", "source", granted_by="Ward"))
    literal, intended = rule(doc, "literal"), rule(doc, "intended")
    assert affects(literal) == {"well": True} and affects(intended) == {"well": False}
    assert "HKK-132.6-I" in also(intended, "affects", effect="well")
    assert ('grant_ineffective("Knight",source,"Ward")', "HKK-132.6-I") in why_not(doc, "intended")
    # Boundary: with the source immunity declared from the start too, the Well is stopped
    # anyway: the ruling does not rest on 132.6-I.
    doc["cards"][0]["immunities"] = [{"kind": "source"}]
    assert "HKK-132.6-I" not in also(rule(doc, "intended"), "affects", effect="well")


def test_HKK_132_6_and_132_8_as_written_why_not_the_source_granting_enchantment_falls_off():
    # Literal: Halo grants source immunity (event 1), then enchantment immunity from the Rune
    # (event 2): the exception as written keeps the Halo (why_not HKK-132.6); intended drops it.
    doc = state([card("Knight"), card("Halo", "enchantment", subtypes=["mental"], on="Knight"),
                 card("Rune", "item")],
                events=[gain("Knight", "source", granted_by="Halo"),
                        gain("Knight", "enchantment", granted_by="Rune")])
    assert ('falls_off("Halo","Knight")', "HKK-132.6") in why_not(doc, "literal")
    assert ('falls_off("Halo","Knight")', "HKK-132.5.1") in why_not(doc, "literal")
    assert falls_off(rule(doc, "intended")) == {("Halo", "Knight")}
    assert ('falls_off("Halo","Knight")', "HKK-132.6") not in why_not(doc, "intended")
    doc["events"][1] = gain("Knight", "mental_spell", granted_by="Rune")
    assert ('falls_off("Halo","Knight")', "HKK-132.8") in why_not(doc, "literal")


def test_HKK_132_5_1_why_not_the_granting_enchantment_falls_off():
    doc = state([card("Paladin"), card("Halo", "enchantment", on="Paladin"),
                 card("Rust", "enchantment", on="Paladin")],
                events=[gain("Paladin", "source", granted_by="Halo")])
    assert why_not(doc) == {('falls_off("Halo","Paladin")', "HKK-132.5.1")}


def test_HKK_132_2_K_why_not_the_immunity_is_removed():
    # The poison counter effect would take away the poison immunity; it affects the Toad
    # (poison immunity stops only the counter), so without 132.2-K the removal would be given.
    doc = state([card("Toad", immunities=[{"kind": "poison"}]), card("Viper")],
                [effect("bite", "Viper", "Toad", counter="poison", removes_immunity="poison")])
    assert ('immunity_removed("Toad",poison,"bite")', "HKK-132.2-K") in why_not(doc)
    # Boundary: a source the Toad is immune to affects nothing and would remove nothing anyway.
    doc = state([card("Toad", immunities=[{"kind": "source"}]), card("Well", "source")],
                [effect("well", "Well", "Toad", removes_immunity="source")])
    assert not {w for w in why_not(doc) if w[0].startswith("immunity_removed")}


def test_HKK_132_5_1_K_why_not_the_item_acts_and_its_grant_stops_the_fire_hit():
    result_doc = _golem()
    assert ("damage(\"hit\",0)", "HKK-132.5.1-K") in why_not(result_doc)
    doc = _aura()
    found = why_not(doc)
    assert ('attach("aura",true,true)', "HKK-132.5.1") in found
    assert ('attach("rank",true,true)', "HKK-132.5.1-K") in found


def test_HKK_132_6_I_an_enchantment_the_written_exception_keeps_falls_off_by_the_reading():
    # Halo grants source immunity; the Knight then gains enchantment immunity (not from the
    # Halo). As written ("kivéve, ha a forrásimmunitást a rátett bűbáj biztosítja") the Halo
    # stays; read as intended the exception keeps only the one granting the immunity gained:
    # the Halo falls off, and that ruling cites the reading that replaced the exception.
    doc = state([card("Knight", immunities=[{"kind": "source", "granted_by": "Halo"}]),
                 card("Halo", "enchantment", on="Knight")],
                events=[gain("Knight", "enchantment")])
    assert falls_off(rule(doc, "literal")) == set()
    result = rule(doc, "intended")
    assert falls_off(result) == {("Halo", "Knight")}
    assert because(result, "falls_off", card="Halo") == ["HKK-132.6", "HKK-132.6-I"]
    doc["cards"][1]["subtypes"] = ["mental"]
    doc["events"] = [gain("Knight", "mental_spell")]
    result = rule(doc, "intended")
    assert because(result, "falls_off", card="Halo") == ["HKK-132.8", "HKK-132.8-I"]
