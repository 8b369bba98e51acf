"""hkk, issue 52 (fidelity, round four): each case's state, its expected ruling and the
Hungarian sentence it rests on, written from the source (../shared/seeds/001_834235207642f3b2.txt,
Kódex chapter 132) before the tool was run.

The sentences:

132.0   «Ha egy lap immunis valamire, akkor az adott támadási forma nincs rá semmilyen
        hatással (99.). Minden immunitás állandóan működő képesség.» (If a card is immune to
        something, that attack form has no effect of any kind on it. Every immunity is a
        continuously working ability.)
132.2-K «Ha egy állandóan működő képesség elvenne vagy letiltana egy olyan immunitást, ami
        védelmet jelent ez ellen a képesség ellen, akkor ... a képesség az ilyen immunitást
        nem veheti el.» (An ability cannot take away an immunity that protects against it.)
132.3   «a lényre semmilyen módon nem kerülhet méregjelző, illetve ha volt rajta a
        méregimmunitás megszerzésekor, akkor azok leesnek.» (No poison counter can get onto
        the creature in any way; those on it when it gains the immunity fall off.)
132.4   «ez varázslatokra és (bűbájok esetén) azok képességeire vonatkozik.» (Magic immunity
        applies to spells and, for enchantments, to their abilities.)
132.5   «a lapra nem hatnak a források.» (Sources have no effect on the card.)
132.5.1 «Ha egy lap a forrásimmunitást utólag szerezte, az ekkor esetlegesen rajta lévő
        bűbájok leesnek róla, kivéve, ha a forrásimmunitást a rátett bűbáj biztosítja
        számára.»
132.5.1-K «A forrásimmunitással rendelkező lényre is tehető szintlépés, testrész vagy # tárgy,
        de ezek a lényre semmilyen hatással nincsenek, kivéve, ha a forrásimmunitást is a
        rátett lap biztosítja.»
132.6   «a lapra nem tehető bűbáj, és a játékban lévő bűbájoknak semmilyen hatása nincs rá. Ha
        a lap az immunitást utólag szerezte, az ekkor esetlegesen rajta lévő bűbájok leesnek
        róla, kivéve, ha a forrásimmunitást a rátett bűbáj biztosítja számára.» (No
        enchantment can be put on the card, and the enchantments in play have no effect on
        it; ...)
132.8   «az ilyen altípusú varázslatok – beleértve a játékban lévő mentális altípusú bűbájokat –
        semmilyen hatással nincsenek rá.»
132.9   «az ilyen típusú sebzések (források, direkt sebző képességek, ilyen altípusú lények
        ütése) nem okoznak neki sebzést.»
132.10  «a lényre (építményre) a lények harci képességei semmilyen hatással nincsenek.» (The
        combat abilities of creatures have no effect on the creature (building).)
"""

import json

import pytest
from click.testing import CliRunner

import pybridge
from explain_checks import explained, node, nodes, ruling
from pybridge.cli.main import cli
from pybridge.errors import InputError
from test_hkk_rules import (
    affects,
    because,
    can_target,
    card,
    counters,
    counters_removed,
    damage,
    disarmed,
    effect,
    falls_off,
    gain,
    ineffective,
    removed,
    rule,
    state,
)


def refused(doc):
    """The InputError validation raises for ``doc``."""
    with pytest.raises(InputError) as caught:
        pybridge.rule(doc)
    return caught.value


# --- item 1: a card's own immunity is kept when an item's duplicate grant is void -------------

def _golem(own_fire=True, also=None):
    """The Golem is immune to sources and (perhaps) to fire in its own right; the Amulet, an
    item put on it, also grants it fire immunity; the Fire Drake (a fire creature) hits it
    for 3. ``also``: one more grant of fire immunity, by that card."""
    immunities = [{"kind": "source"}] + ([{"kind": "fire"}] if own_fire else []) + \
        [{"kind": "fire", "granted_by": "Amulet"}]
    if also:
        immunities.append({"kind": "fire", "granted_by": also})
    return state([card("Golem", immunities=immunities), card("Amulet", "item", on="Golem"),
                  card("Ring", "item"), card("Fire Drake", subtypes=["fire"])],
                 [effect("hit", "Fire Drake", "Golem", damage=3, targeted=False)])


def test_HKK_132_5_1_K_own_immunity_kept_when_the_items_duplicate_grant_is_void():
    # 132.5.1-K voids what the Amulet does on the source-immune Golem ("ezek a lényre
    # semmilyen hatással nincsenek"), but the Golem's own fire immunity is its own ability
    # (132.0 "Minden immunitás állandóan működő képesség"): it stays, and the fire creature's
    # hit ("ilyen altípusú lények ütése ... nem okoznak neki sebzést", 132.9) deals 0.
    result = rule(_golem())
    assert damage(result) == {"hit": 0}
    assert because(result, "damage", effect="hit") == ["HKK-132.9"]
    assert affects(result) == {"hit": True}      # a creature's hit is no source: it affects
    # The Amulet's grant is still without effect: it grants nothing; the Golem's own does.
    assert disarmed(result) == {("Golem", "fire", "Amulet")}
    assert because(result, "grant_without_effect", granted_by="Amulet") == ["HKK-132.5.1-K"]


def test_HKK_132_5_1_K_boundary_without_its_own_immunity_the_void_grant_gives_nothing():
    # Only the Amulet grants fire immunity, and it has no effect on the Golem: 3.
    result = rule(_golem(own_fire=False))
    assert damage(result) == {"hit": 3}


def test_HKK_132_5_1_K_boundary_a_second_grant_by_another_card_is_kept():
    # The Ring is not put on the Golem ("rátett lap"): its grant has its effect: 0.
    result = rule(_golem(own_fire=False, also="Ring"))
    assert damage(result) == {"hit": 0}


def _toad_with_own_poison(event_source=True):
    """The Toad is immune to poison in its own right, and the Rank (a level-up put on it)
    grants it poison immunity too; at event 1 the Toad gains source immunity. The Viper
    then puts a poison counter on it."""
    return state([card("Toad", immunities=[{"kind": "poison"},
                                           {"kind": "poison", "granted_by": "Rank"}]),
                  card("Rank", "level_up", on="Toad"), card("Viper")],
                 [effect("bite", "Viper", "Toad", counter="poison", targeted=False)],
                 events=[gain("Toad", "source")] if event_source else [])


def test_HKK_132_5_1_K_own_poison_immunity_kept_when_source_immunity_is_gained_by_an_event():
    # From event 1 the Rank has no effect on the source-immune Toad (132.5.1-K), but the
    # Toad's own poison immunity stays (132.0): "a lényre semmilyen módon nem kerülhet
    # méregjelző" (132.3): the counter is not placed, and the bite (nothing but the counter)
    # does not affect it.
    result = rule(_toad_with_own_poison())
    assert counters(result) == {"bite": (False, False)}
    assert because(result, "counter", effect="bite") == ["HKK-132.3"]
    assert affects(result) == {"bite": False}
    assert because(result, "affects", effect="bite") == ["HKK-132.0", "HKK-132.3"]
    assert disarmed(result) == {("Toad", "poison", "Rank")}


def test_HKK_132_5_1_K_own_poison_immunity_gained_by_an_event_and_a_void_grant_after_it():
    # Source-immune from the start; event 1: the Toad gains poison immunity (no card grants
    # it); event 2: the Rank grants it again, without effect. The counter is refused.
    doc = state([card("Toad", immunities=[{"kind": "source"}]),
                 card("Rank", "level_up", on="Toad"), card("Viper")],
                [effect("bite", "Viper", "Toad", counter="poison", targeted=False)],
                events=[gain("Toad", "poison"), gain("Toad", "poison", granted_by="Rank")])
    result = rule(doc)
    assert counters(result) == {"bite": (False, False)}


def test_HKK_132_0_explanation_names_the_own_fire_immunity_and_not_only_source():
    # "it holds: source" was false: the Golem holds fire immunity too, its own, from the
    # start. The damage's why names it (132.9, with the step holding it from the start).
    result = explained(_golem())
    hit = ruling(result, "damage", effect="hit")["why"]
    node(hit, "HKK-132.9", "Golem is immune to fire", "is fire damage")
    node(hit, "HKK-132.0", "Golem is immune to fire from the start")
    opened = node(ruling(result, "affects", effect="hit")["why"], "HKK-132.0", "it holds:")
    assert opened["facts"]["immunities"] == ["fire", "source"]
    assert all("it holds: source" != n["says"][-len("it holds: source"):]
               for n in nodes(ruling(result, "affects", effect="hit")["why"]))


# --- item 2: 132.10 covers the combat abilities of creatures ---------------------------------

def _tower(by_kind="building"):
    """The Knight is immune to combat abilities; a card of ``by_kind`` uses a combat ability
    on it, dealing 3."""
    return state([card("Knight", immunities=[{"kind": "combat_abilities"}]),
                  card("Tower", by_kind)],
                 [effect("volley", "Tower", "Knight", combat=True, damage=3, targeted=False)])


def test_HKK_132_10_a_buildings_combat_ability_is_not_one_of_a_creatures():
    # "a lények harci képességei" (the combat abilities of creatures): the Tower is a
    # building, so 132.10 does not cover its ability; no other immunity of the Knight does:
    # it affects the Knight and deals its 3 (132.0).
    result = rule(_tower())
    assert affects(result) == {"volley": True}
    assert damage(result) == {"volley": 3}
    assert because(result, "affects", effect="volley") == ["HKK-132.0"]
    assert because(result, "damage", effect="volley") == ["HKK-132.0"]


def test_HKK_132_10_boundary_a_creatures_combat_ability_has_no_effect():
    result = rule(_tower("creature"))
    assert affects(result) == {"volley": False}
    assert damage(result) == {"volley": 0}
    assert because(result, "affects", effect="volley") == ["HKK-132.0", "HKK-132.10"]
    assert because(result, "damage", effect="volley") == ["HKK-132.0", "HKK-132.10"]


def test_HKK_132_10_boundary_a_combat_immune_building_is_covered_too():
    # "a lényre (építményre)": the building is the one protected here.
    doc = _tower("creature")
    doc["cards"][0]["kind"] = "building"
    assert affects(rule(doc)) == {"volley": False}


def test_HKK_132_11_a_buildings_combat_ability_is_still_the_attack_form_named():
    # 132.11 names "a megadott támadási forma" (the attack form given): the document calls
    # the Tower's effect a combat ability, so a card untargetable by combat abilities cannot
    # be chosen by it. Only 132.10 speaks of creatures'.
    doc = state([card("Knight", untargetable_by=["combat_ability"]), card("Tower", "building")],
                [effect("volley", "Tower", "Knight", combat=True, damage=3)])
    assert can_target(rule(doc)) == {"volley": False}


def test_HKK_132_10_the_explanation_says_creatures():
    result = explained(_tower("creature"))
    node(ruling(result, "affects", effect="volley")["why"], "HKK-132.10",
         "creatures' combat abilities")


# --- item 3a: grants by enchantments and by sources are effects, too ---------------------------

def _warded(immunities, ward_subtypes=()):
    """The Knight, with ``immunities``; the Ward (an enchantment in play, put on no card)
    grants it fire immunity; the Fire Drake hits it for 3."""
    return state([card("Knight", immunities=list(immunities)),
                  card("Ward", "enchantment", subtypes=list(ward_subtypes)),
                  card("Fire Drake", subtypes=["fire"])],
                 [effect("hit", "Fire Drake", "Knight", damage=3, targeted=False)])


FIRE_BY_WARD = {"kind": "fire", "granted_by": "Ward"}


def test_HKK_132_6_an_enchantments_grant_has_no_effect_on_an_enchantment_immune_card():
    # "a játékban lévő bűbájoknak semmilyen hatása nincs rá": the Ward is an enchantment in
    # play, so it has no effect on the Knight, and granting an immunity is an effect: the
    # Knight is not fire-immune, the hit deals 3.
    result = rule(_warded([{"kind": "enchantment"}, FIRE_BY_WARD]))
    assert damage(result) == {"hit": 3}
    assert disarmed(result) == {("Knight", "fire", "Ward")}
    assert because(result, "grant_without_effect", granted_by="Ward") == ["HKK-132.6"]


def test_HKK_132_6_boundary_without_enchantment_immunity_the_grant_holds():
    result = rule(_warded([FIRE_BY_WARD]))
    assert damage(result) == {"hit": 0}
    assert disarmed(result) == set()


def test_HKK_132_6_boundary_the_enchantment_granting_that_immunity_keeps_its_effect():
    # The Ward grants the enchantment immunity itself: the immunity cannot switch off the
    # ability it comes from (132.2-K: "az immunitás javára kell feloldani"), as 132.5.1-K
    # keeps the card that grants the source immunity ("kivéve, ha a forrásimmunitást is a
    # rátett lap biztosítja"). Its fire immunity holds: 0.
    result = rule(_warded([{"kind": "enchantment", "granted_by": "Ward"}, FIRE_BY_WARD]))
    assert damage(result) == {"hit": 0}
    assert disarmed(result) == set()


def test_HKK_132_4_magic_immunity_voids_an_enchantments_grant():
    # "(bűbájok esetén) azok képességeire vonatkozik": the Ward's ability has no effect.
    result = rule(_warded([{"kind": "magic"}, FIRE_BY_WARD]))
    assert damage(result) == {"hit": 3}
    assert because(result, "grant_without_effect", granted_by="Ward") == ["HKK-132.4"]


def test_HKK_132_8_mental_immunity_voids_a_mental_enchantments_grant():
    # "beleértve a játékban lévő mentális altípusú bűbájokat": a mental Ward has no effect.
    result = rule(_warded([{"kind": "mental_spell"}, FIRE_BY_WARD], ward_subtypes=["mental"]))
    assert damage(result) == {"hit": 3}
    assert because(result, "grant_without_effect", granted_by="Ward") == ["HKK-132.8"]
    # Boundary: a Ward that is not mental is not covered by 132.8.
    assert damage(rule(_warded([{"kind": "mental_spell"}, FIRE_BY_WARD]))) == {"hit": 0}


def _well(immunities):
    """The Knight, with ``immunities``; the Well (a source) grants it poison immunity; the
    Viper puts a poison counter on it."""
    return state([card("Knight", immunities=list(immunities)), card("Well", "source"),
                  card("Viper")],
                 [effect("bite", "Viper", "Knight", counter="poison", targeted=False)])


POISON_BY_WELL = {"kind": "poison", "granted_by": "Well"}


def test_HKK_132_5_a_sources_grant_has_no_effect_on_a_source_immune_card():
    # "a lapra nem hatnak a források": the Well's grant has no effect; the poison counter is
    # placed and takes effect (132.0: nothing stops it).
    result = rule(_well([{"kind": "source"}, POISON_BY_WELL]))
    assert counters(result) == {"bite": (True, True)}
    assert disarmed(result) == {("Knight", "poison", "Well")}
    assert because(result, "grant_without_effect", granted_by="Well") == ["HKK-132.5"]


def test_HKK_132_5_boundary_the_source_granting_the_source_immunity_keeps_its_effect():
    result = rule(_well([{"kind": "source", "granted_by": "Well"}, POISON_BY_WELL]))
    assert counters(result) == {"bite": (False, False)}
    assert disarmed(result) == set()


def test_HKK_132_6_a_source_immunity_granted_by_an_enchantment_holds_on_an_enchantment_immune_card():
    # 132.6's exception keeps on an enchantment-immune card the enchantment that grants it
    # the source immunity ("kivéve, ha a forrásimmunitást a rátett bűbáj biztosítja
    # számára"): the grant of that immunity goes on working. The Well's drain does not
    # affect the Knight (132.5).
    doc = state([card("Knight", immunities=[{"kind": "enchantment"},
                                            {"kind": "source", "granted_by": "Halo"}]),
                 card("Halo", "enchantment", on="Knight"), card("Well", "source")],
                [effect("drain", "Well", "Knight")])
    result = rule(doc)
    assert affects(result) == {"drain": False}
    assert because(result, "affects", effect="drain") == ["HKK-132.0", "HKK-132.5"]
    assert disarmed(result) == set()


def test_HKK_132_6_a_grant_by_an_event_stops_when_the_card_gains_enchantment_immunity():
    # Event 1: the Ward grants fire immunity; event 2: the Knight gains enchantment
    # immunity. From then on the Ward (in play, on no card: it does not fall off) has no
    # effect on it (132.6; 132.0: a continuous ability). The hit deals 3.
    doc = _warded([])
    doc["events"] = [gain("Knight", "fire", granted_by="Ward"), gain("Knight", "enchantment")]
    result = rule(doc)
    assert damage(result) == {"hit": 3}
    assert disarmed(result) == {("Knight", "fire", "Ward")}
    # The other order: a grant made while the Knight is enchantment-immune has no effect.
    doc["events"] = doc["events"][::-1]
    assert damage(rule(doc)) == {"hit": 3}


def test_HKK_132_6_a_poison_grant_without_effect_makes_no_counter_fall_off():
    # 132.3: the counters fall off "a méregimmunitás megszerzésekor" (when it gains the
    # immunity). The Ward's grant has no effect on the enchantment-immune Toad: no gain.
    doc = state([card("Toad", immunities=[{"kind": "enchantment"}], counters={"poison": 2}),
                 card("Ward", "enchantment")],
                events=[gain("Toad", "poison", granted_by="Ward")])
    assert counters_removed(rule(doc)) == set()
    doc["cards"][0]["immunities"] = []
    assert counters_removed(rule(doc)) == {("Toad", "poison")}


def test_HKK_132_6_a_removed_enchantment_immunity_gives_the_ward_its_effect_back():
    # The Drain (a source) takes the Knight's enchantment immunity away (it does not protect
    # against a source, 132.2-K does not keep it). The other effects meet what is left: the
    # Ward has its effect, the Knight is fire-immune for the hit: 0 (132.9). That ruling
    # rests on the removal, an effect on the Knight (132.0).
    doc = _warded([{"kind": "enchantment"}, FIRE_BY_WARD])
    doc["cards"].append(card("Drain", "source"))
    doc["effects"].append(effect("strip", "Drain", "Knight", removes_immunity="enchantment"))
    result = rule(doc)
    assert removed(result) == {("Knight", "enchantment", "strip")}
    assert damage(result) == {"hit": 0}
    assert because(result, "damage", effect="hit") == ["HKK-132.0", "HKK-132.9"]
    assert disarmed(result) == set()


# --- item 3b: the grant of a card that has fallen off ends --------------------------------------

def _paladin(halo_on="Paladin", grant_at_event=False, granter_kind="enchantment"):
    """The Halo (an enchantment put on the Paladin) grants it fire immunity (from the start,
    or at event 1); then the Paladin gains source immunity from the Rune (an item on no
    card). The Fire Drake hits the Paladin for 3."""
    fire = {"kind": "fire", "granted_by": "Halo"}
    events = [gain("Paladin", "source", granted_by="Rune")]
    if grant_at_event:
        events.insert(0, gain("Paladin", "fire", granted_by="Halo"))
    return state([card("Paladin", immunities=[] if grant_at_event else [fire]),
                  card("Halo", granter_kind, **({"on": halo_on} if halo_on else {})),
                  card("Rune", "item"), card("Fire Drake", subtypes=["fire"])],
                 [effect("hit", "Fire Drake", "Paladin", damage=3, targeted=False)],
                 events=events)


@pytest.mark.parametrize("grant_at_event", [False, True])
def test_HKK_132_0_the_grant_of_an_enchantment_that_fell_off_ends(grant_at_event):
    # 132.5.1: the Halo falls off the Paladin when it gains source immunity ("az ekkor
    # esetlegesen rajta lévő bűbájok leesnek róla"); the fire immunity was the Halo's
    # ability, and "Minden immunitás állandóan működő képesség" (132.0): a card that has
    # fallen off works no more. The hit deals 3.
    result = rule(_paladin(grant_at_event=grant_at_event))
    assert falls_off(result) == {("Halo", "Paladin")}
    assert damage(result) == {"hit": 3}
    assert ineffective(result) == {("Paladin", "fire", "Halo")}
    assert because(result, "grant_ineffective", granted_by="Halo") == ["HKK-132.0", "HKK-132.5.1"]


def test_HKK_132_0_boundary_an_enchantment_put_on_no_card_does_not_fall_off_and_keeps_granting():
    # The Halo is in play but put on no card: nothing falls off, and an enchantment is no
    # source (132.5): its grant holds, 0.
    result = rule(_paladin(halo_on=None))
    assert falls_off(result) == set()
    assert damage(result) == {"hit": 0}


def test_HKK_132_5_1_K_the_same_event_ends_an_items_grant():
    # An item put on the Paladin instead: it does not fall off, but from the event it has no
    # effect on the source-immune creature (132.5.1-K): 3 as well.
    result = rule(_paladin(granter_kind="item"))
    assert falls_off(result) == set()
    assert damage(result) == {"hit": 3}
    assert disarmed(result) == {("Paladin", "fire", "Halo")}


def _self_warded(edition):
    """The Ward (on the Knight) grants the Knight enchantment immunity at event 1; the Curse
    is on the Knight too. The Gloom, an enchantment put on no card, then acts on the Knight."""
    doc = state([card("Knight"), card("Ward", "enchantment", on="Knight"),
                 card("Curse", "enchantment", on="Knight"), card("Gloom", "enchantment")],
                [effect("gloom", "Gloom", "Knight", targeted=False)],
                events=[gain("Knight", "enchantment", granted_by="Ward")])
    return rule(doc, edition=edition)


def test_HKK_132_6_as_written_the_ward_falls_off_and_its_grant_ends_with_it():
    # As written the exception keeps only an enchantment granting source immunity: the Ward
    # falls off at the gain it makes (132.6), and from then on it grants nothing (132.0):
    # the Knight is not immune to enchantments, the Gloom affects it.
    result = _self_warded("literal")
    assert falls_off(result) == {("Ward", "Knight"), ("Curse", "Knight")}
    assert ineffective(result) == {("Knight", "enchantment", "Ward")}
    assert because(result, "grant_ineffective", granted_by="Ward") == ["HKK-132.0", "HKK-132.6"]
    assert affects(result) == {"gloom": True}


def test_HKK_132_6_I_read_as_intended_the_ward_stays_and_keeps_granting():
    result = _self_warded("intended")
    assert falls_off(result) == {("Curse", "Knight")}
    assert ineffective(result) == set()
    assert affects(result) == {"gloom": False}


# --- item 4: a removal that succeeded is decided by 132.0, not by 132.2-K ------------------------

def test_HKK_132_0_a_removal_and_the_rulings_it_changes_cite_132_0_not_132_2_K():
    # 132.2-K only forbids ("a képesség az ilyen immunitást nem veheti el"); here it does
    # not apply, and what decides is that the Drain, a source, affects the Knight (132.0),
    # so it takes the enchantment immunity away; the Curse then affects the Knight and can
    # be put on it, by 132.0.
    doc = state([card("Knight", immunities=[{"kind": "enchantment"}]), card("Drain", "source"),
                 card("Curse", "enchantment")],
                [effect("strip", "Drain", "Knight", removes_immunity="enchantment"),
                 effect("curse", "Curse", "Knight", attach=True)])
    result = rule(doc)
    assert removed(result) == {("Knight", "enchantment", "strip")}
    assert because(result, "immunity_removed", by="strip") == ["HKK-132.0"]
    assert because(result, "affects", effect="curse") == ["HKK-132.0"]
    assert because(result, "attach", effect="curse") == ["HKK-132.0"]


def test_HKK_132_0_a_lifted_poison_immunity_the_counter_cites_132_0():
    doc = state([card("Toad", immunities=[{"kind": "poison"}]), card("Purge", "spell"),
                 card("Viper")],
                [effect("purge", "Purge", "Toad", removes_immunity="poison"),
                 effect("bite", "Viper", "Toad", counter="poison", targeted=False)])
    result = rule(doc)
    assert counters(result) == {"bite": (True, True)}
    assert because(result, "counter", effect="bite") == ["HKK-132.0"]
    assert because(result, "immunity_removed", by="purge") == ["HKK-132.0"]


def test_HKK_132_2_K_boundary_a_kept_immunity_still_cites_it():
    doc = state([card("Knight", immunities=[{"kind": "source"}]), card("Drain", "source")],
                [effect("strip", "Drain", "Knight", removes_immunity="source")])
    assert because(rule(doc), "immunity_kept", effect="strip") == ["HKK-132.2-K"]


# --- item 5: start states the source forbids are refused ---------------------------------------

def _cursed(immunities=({"kind": "enchantment"},), **extra):
    """The Knight, with ``immunities``, and the Curse, an enchantment, put on it."""
    return state([card("Knight", immunities=list(immunities), **extra),
                  card("Curse", "enchantment", on="Knight")])


@pytest.mark.parametrize("knight", [
    {"immunities": [{"kind": "enchantment"}]},
    {"immunities": [], "cannot_be_affected_by": ["enchantment"]},
    {"immunities": [{"kind": "enchantment", "granted_by": "Ring"}]},
], ids=["own", "cannot-be-affected-by", "granted-by-an-item-on-no-card"])
def test_HKK_132_6_an_enchantment_on_a_card_immune_to_enchantments_from_the_start_is_refused(knight):
    # "a lapra nem tehető bűbáj": no enchantment can be put on the Knight; the Curse grants
    # it nothing that an exception keeps. The document is refused at the Curse's `on`.
    doc = _cursed(**knight)
    doc["cards"].append(card("Ring", "item"))
    error = refused(doc)
    assert error.path == "cards[1].on"
    assert "no enchantment can be put on it" in error.message and "HKK-132.6" in error.message


@pytest.mark.parametrize("granted", ["enchantment", "source"])
def test_HKK_132_6_boundary_the_enchantment_an_exception_keeps_is_accepted(granted):
    # The exceptions of 132.6: as written, the enchantment granting the source immunity
    # stays ("kivéve, ha a forrásimmunitást a rátett bűbáj biztosítja"); read as intended
    # (HKK-132.6-I), the one granting the enchantment immunity. A start state of either
    # edition is a document.
    immunities = [{"kind": "enchantment"}, {"kind": granted, "granted_by": "Curse"}]
    result = rule(_cursed(immunities))
    assert result["status"] == "ok"


def test_HKK_132_6_the_refusal_through_the_command_line_exits_2(tmp_path):
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(_cursed()))
    result = CliRunner().invoke(cli, ["rule", str(path), "--format", "json"])
    assert result.exit_code == 2
    assert "cards[1].on" in result.stderr


def _poisoned(immunities, count=2, on=None):
    cards = [card("Toad", immunities=list(immunities), counters={"poison": count}),
             card("Ring", "item"), card("Rank", "level_up", **({"on": on} if on else {})),
             card("Viper")]
    return state(cards, [effect("bite", "Viper", "Toad", counter="poison", targeted=False)])


@pytest.mark.parametrize("immunities", [
    [{"kind": "poison"}],
    [{"kind": "poison", "granted_by": "Ring"}],
], ids=["own", "granted-by-an-item-on-no-card"])
def test_HKK_132_3_poison_counters_on_a_poison_immune_card_from_the_start_are_refused(immunities):
    # "a lényre semmilyen módon nem kerülhet méregjelző": the Toad cannot hold poison
    # counters while it is poison-immune.
    error = refused(_poisoned(immunities))
    assert error.path == "cards[0].counters.poison"
    assert "HKK-132.3" in error.message


def test_HKK_132_3_boundary_no_counters_or_a_void_grant_is_accepted():
    assert rule(_poisoned([{"kind": "poison"}], count=0))["status"] == "ok"
    # The Rank is put on the source-immune Toad: its grant has no effect (132.5.1-K), so the
    # Toad is not poison-immune, and the counters can be on it; the bite's counter is
    # placed.
    result = rule(_poisoned([{"kind": "source"}, {"kind": "poison", "granted_by": "Rank"}],
                            on="Toad"))
    assert counters(result) == {"bite": (True, True)}


def test_HKK_132_3_cannot_be_affected_by_poison_is_refused_too():
    doc = _poisoned([])
    doc["cards"][0]["cannot_be_affected_by"] = ["poison"]
    assert refused(doc).path == "cards[0].counters.poison"


# --- the facts and valid.lp say the same as validation ------------------------------------------

def _valid_lp_accepts(doc):
    """asp/hkk/valid.lp on the document's facts, validation bypassed (a refused document has
    facts too: its fields are well-formed)."""
    import clingo

    from pybridge.books import get
    from pybridge.books.hkk import DOCUMENT
    from pybridge.engine.encoding import asp_root
    book = get("hkk")
    control = clingo.Control(["--warn=none"])
    control.load(str(asp_root() / "hkk" / "valid.lp"))
    with control.backend() as backend:
        for symbol in book.declared.facts(DOCUMENT.check(doc, "")):
            backend.add_rule([backend.add_atom(symbol)])
    control.ground([("base", [])])
    return control.solve().satisfiable


def test_HKK_132_6_and_132_3_valid_lp_refuses_what_validation_refuses():
    # The state space (generated under asp/hkk/valid.lp) holds no start state the Kódex
    # forbids, and every document validation accepts is one of its states.
    cursed = _cursed()
    cursed["cards"].append(card("Ring", "item"))
    refused_docs = [cursed, _poisoned([{"kind": "poison"}]),
                    _poisoned([{"kind": "poison", "granted_by": "Ring"}])]
    accepted_docs = [_cursed([{"kind": "enchantment"}, {"kind": "source", "granted_by": "Curse"}]),
                     _poisoned([{"kind": "poison"}], count=0),
                     _poisoned([{"kind": "source"}, {"kind": "poison", "granted_by": "Rank"}],
                               on="Toad")]
    for doc in refused_docs:
        refused(doc)
        assert not _valid_lp_accepts(doc), doc
    for doc in accepted_docs:
        assert rule(doc)["status"] == "ok"
        assert _valid_lp_accepts(doc), doc


def test_HKK_132_0_a_card_immune_in_its_own_right_and_by_a_grant_is_both_in_its_facts():
    # The Golem's own fire immunity and the Amulet's grant of it are one fact each beside the
    # kind (state_immunity_own beside state_immunity_granted_by), and read back as written.
    from pybridge.books import get
    book = get("hkk")
    facts = {str(f) for f in book.facts(book.validate(_golem()))}
    assert {'state_immunity("Golem",fire)', 'state_immunity_own("Golem",fire)',
            'state_immunity_granted_by("Golem",fire,"Amulet")'} <= facts
    assert 'state_immunity_own("Golem",source)' not in facts
    back = book.document(book.facts(book.validate(_golem())))
    assert [c for c in back["cards"] if c["id"] == "Golem"][0]["immunities"] == \
        [{"kind": "fire"}, {"kind": "fire", "granted_by": "Amulet"}, {"kind": "source"}]
    # Boundary: granted only, the card holds no fire immunity of its own.
    facts = {str(f) for f in book.facts(book.validate(_golem(own_fire=False)))}
    assert 'state_immunity_own("Golem",fire)' not in facts


def test_HKK_132_0_the_ended_grant_is_explained_by_the_fall():
    # "Minden immunitás állandóan működő képesség": the Halo's grant ends when it falls off.
    result = explained(_paladin())
    why = ruling(result, "grant_ineffective", granted_by="Halo")["why"]
    step = node(why, "HKK-132.0", "continuous ability", "Halo fell off Paladin at event 1 of 1")
    assert (step["facts"]["fell"], step["facts"]["fell_kind"], step["facts"]["kind"]) == \
        (1, "source", "fire")
    node(why, "HKK-132.5.1", "Paladin gains source immunity at event 1 of 1", "Halo")
