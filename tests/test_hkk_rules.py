"""One test (at least) per hkk rule ID (Hatalom Kártyái, Kódex chapter 132), with boundary cases.

Expected values are worked out by hand from the Hungarian source
(../shared/seeds/001_834235207642f3b2.txt) and the digest (../shared/rules/hkk.md); the
reasoning, with the source's words where they decide a case, is in the comments. The tool's
output was compared afterwards; where it disagrees with the text the test states the text.
"""

import pybridge
from pybridge.books import get
from pybridge.engine.results import assemble
from pybridge.engine.solving import solve

BOOK = get("hkk")
LITERAL = set(BOOK.encoding.editions["literal"].rule_ids)


# --- builders and lookups --------------------------------------------------------------------

def card(ident, kind="creature", **extra):
    return {"id": ident, "kind": kind, **extra}


def effect(ident, by, target, **extra):
    return {"id": ident, "by": by, "target": target, **extra}


def reaction(ident, by, to, **extra):
    return {"id": ident, "by": by, "to": to, **extra}


def gain(card_id, kind, granted_by=None):
    event = {"card": card_id, "kind": kind}
    if granted_by is not None:
        event["granted_by"] = granted_by
    return {"gain_immunity": event}


def state(cards=(), effects=(), reactions=(), events=(), **extra):
    return {"rulebook": "hkk", "cards": list(cards), "effects": list(effects),
            "reactions": list(reactions), "events": list(events), **extra}


def rule(doc, edition=None):
    result = pybridge.rule(doc, edition=edition)
    assert result["status"] == "ok", result
    return result


def rule_without(doc, *rule_ids):
    """Rulings of the literal edition with some rule IDs out of force."""
    assert set(rule_ids) <= LITERAL
    outcome = solve(BOOK.encoding, BOOK.facts(BOOK.validate(doc)), LITERAL - set(rule_ids))
    result = assemble(BOOK, "custom", outcome)
    assert result["status"] == "ok", result
    return result


def kinds(result, kind):
    return [r for r in result["rulings"] if r["kind"] == kind]


def affects(result):
    return {r["effect"]: r["affected"] for r in kinds(result, "affects")}


def can_target(result):
    return {r["effect"]: r["legal"] for r in kinds(result, "can_target")}


def damage(result):
    return {r["effect"]: r["amount"] for r in kinds(result, "damage")}


def counters(result):
    return {r["effect"]: (r["placed"], r["effective"]) for r in kinds(result, "counter")}


def attach(result):
    return {r["effect"]: (r["allowed"], r["effective"]) for r in kinds(result, "attach")}


def falls_off(result):
    return {(r["card"], r["from"]) for r in kinds(result, "falls_off")}


def counters_removed(result):
    return {(r["card"], r["counter"]) for r in kinds(result, "counters_removed")}


def kept(result):
    return {r["effect"] for r in kinds(result, "immunity_kept")}


def removed(result):
    return {(r["card"], r["immunity"], r["by"]) for r in kinds(result, "immunity_removed")}


def disarmed(result):
    return {(r["card"], r["immunity"], r["granted_by"])
            for r in kinds(result, "grant_without_effect")}


def ineffective(result):
    return {(r["card"], r["immunity"], r["granted_by"])
            for r in kinds(result, "grant_ineffective")}


def can_react(result):
    return {r["reaction"]: r["allowed"] for r in kinds(result, "can_react")}


def waits(result):
    return {r["reaction"] for r in kinds(result, "waits")}


def inherits(result):
    return {(r["reaction"], r["from"]) for r in kinds(result, "inherits")}


def because(result, kind, **fields):
    """The citations of the one ruling of ``kind`` whose fields match."""
    found = [r for r in kinds(result, kind) if all(r[k] == v for k, v in fields.items())]
    assert len(found) == 1, (kind, fields, result["rulings"])
    return found[0]["because"]


# --- HKK-132.0 -------------------------------------------------------------------------------

def test_HKK_132_0_immune_card_is_not_affected_and_a_card_without_immunity_is():
    # "Ha egy lap immunis valamire, akkor az adott támadási forma nincs rá semmilyen hatással":
    # Knight is immune to sources, Squire is not; the same source acts on both.
    doc = state([card("Knight", immunities=[{"kind": "source"}]), card("Squire"),
                 card("Well", "source")],
                [effect("on-knight", "Well", "Knight"), effect("on-squire", "Well", "Squire")])
    result = rule(doc)
    assert affects(result) == {"on-knight": False, "on-squire": True}
    assert because(result, "affects", effect="on-knight") == ["HKK-132.0", "HKK-132.5"]
    assert because(result, "affects", effect="on-squire") == ["HKK-132.0"]


def test_HKK_132_0_immunity_is_continuous_an_immunity_gained_by_an_event_holds_afterwards():
    # "Minden immunitás állandóan működő képesség": gained by an event, the immunity is in
    # force for the effects ruled on after the events.
    doc = state([card("Knight"), card("Well", "source")],
                [effect("drain", "Well", "Knight", targeted=False)],
                events=[gain("Knight", "source")])
    assert affects(rule(doc)) == {"drain": False}


def test_HKK_132_0_not_affected_in_any_way_no_damage_and_no_counter_from_the_form():
    # Immune to sources: a source's damage and a source's counter are "any way" too.
    doc = state([card("Knight", immunities=[{"kind": "source"}]), card("Well", "source")],
                [effect("burn", "Well", "Knight", damage=3, damage_modifiers=[1]),
                 effect("mark", "Well", "Knight", counter="doom")])
    result = rule(doc)
    assert affects(result) == {"burn": False, "mark": False}
    assert damage(result) == {"burn": 0}           # not 3 + 1 = 4
    assert counters(result) == {"mark": (False, False)}


# --- HKK-132.1 -------------------------------------------------------------------------------

def _cannot_be_affected_doc(**knight):
    return state([card("Knight", **knight), card("Well", "source"), card("Bolt", "spell")],
                 [effect("drain", "Well", "Knight"), effect("bolt", "Bolt", "Knight")])


def test_HKK_132_1_cannot_be_affected_by_means_the_same_as_immune_to():
    # "Az immunis (valamire) és nem lehet rá hatni (valamivel) egymással ekvivalens fogalmak."
    said_one_way = rule(_cannot_be_affected_doc(cannot_be_affected_by=["source"]))
    said_other_way = rule(_cannot_be_affected_doc(immunities=[{"kind": "source"}]))
    assert affects(said_one_way) == {"drain": False, "bolt": True}
    assert can_target(said_one_way) == {"drain": True, "bolt": True}   # HKK-132.2 applies too
    assert [{k: v for k, v in r.items() if k != "because"} for r in said_one_way["rulings"]] == \
        [{k: v for k, v in r.items() if k != "because"} for r in said_other_way["rulings"]]


def test_HKK_132_1_out_of_force_cannot_be_affected_by_protects_nothing():
    result = rule_without(_cannot_be_affected_doc(cannot_be_affected_by=["source"]), "HKK-132.1")
    assert affects(result) == {"drain": True, "bolt": True}


def test_HKK_132_1_is_cited_when_the_protection_is_worded_cannot_be_affected_by():
    # Without HKK-132.1 the ruling changes (the test above), so HKK-132.1 is among the rule
    # IDs that produce it (docs/architecture.md: each ruling with the rule IDs that produce it).
    result = rule(_cannot_be_affected_doc(cannot_be_affected_by=["source"]))
    assert "HKK-132.1" in because(result, "affects", effect="drain")


# --- HKK-132.2 -------------------------------------------------------------------------------

def test_HKK_132_2_immune_card_can_be_targeted_but_is_not_affected():
    # "az arra immunis lapot lehet vele célozni, de nem lesz rá hatással"
    doc = state([card("Knight", immunities=[{"kind": "source"}]), card("Well", "source")],
                [effect("drain", "Well", "Knight")])
    result = rule(doc)
    assert can_target(result) == {"drain": True}
    assert affects(result) == {"drain": False}
    assert because(result, "can_target", effect="drain") == ["HKK-132.2"]


def test_HKK_132_2_also_for_a_counter_the_card_is_immune_to():
    # A poison counter aimed at a poison-immune Toad: a legal target, nothing placed.
    doc = state([card("Toad", immunities=[{"kind": "poison"}]), card("Viper")],
                [effect("bite", "Viper", "Toad", counter="poison")])
    result = rule(doc)
    assert can_target(result) == {"bite": True}
    assert because(result, "can_target", effect="bite") == ["HKK-132.2"]
    assert counters(result) == {"bite": (False, False)}


def test_HKK_132_2_an_effect_that_needs_no_target_gets_no_targeting_ruling():
    # "Ha egy adott támadási forma célzást is igényel": only then is there a target to choose.
    doc = state([card("Knight", immunities=[{"kind": "source"}]), card("Well", "source")],
                [effect("aura", "Well", "Knight", targeted=False)])
    result = rule(doc)
    assert can_target(result) == {}
    assert affects(result) == {"aura": False}


# --- HKK-132.2-K -----------------------------------------------------------------------------

def test_HKK_132_2_K_ability_cannot_take_away_the_immunity_that_protects_against_it():
    # Knight is immune to sources; a source's continuous ability would take source immunity
    # away. That immunity protects against this very ability: the immunity wins. A later
    # source effect still does not affect the Knight.
    doc = state([card("Knight", immunities=[{"kind": "source"}]), card("Drain", "source"),
                 card("Well", "source")],
                [effect("strip", "Drain", "Knight", removes_immunity="source", targeted=False),
                 effect("later", "Well", "Knight")])
    result = rule(doc)
    assert kept(result) == {"strip"}
    assert because(result, "immunity_kept", effect="strip") == ["HKK-132.2-K"]
    assert affects(result) == {"strip": False, "later": False}


def test_HKK_132_2_K_worded_cannot_be_affected_by_the_immunity_is_kept_too():
    doc = state([card("Knight", cannot_be_affected_by=["source"]), card("Drain", "source")],
                [effect("strip", "Drain", "Knight", removes_immunity="source")])
    assert kept(rule(doc)) == {"strip"}


def test_HKK_132_2_K_poison_immunity_kept_against_the_poison_counter_that_would_remove_it():
    doc = state([card("Toad", immunities=[{"kind": "poison"}]), card("Viper")],
                [effect("strip", "Viper", "Toad", removes_immunity="poison", counter="poison")])
    result = rule(doc)
    assert kept(result) == {"strip"}
    assert counters(result) == {"strip": (False, False)}


def test_HKK_132_2_K_an_immunity_that_does_not_protect_against_the_ability_is_removed():
    # Knight is immune to enchantments; a source (not an enchantment) takes that immunity
    # away. Enchantment immunity does not protect against a source: no exception, the
    # immunity is gone, and a later enchantment affects the Knight and can be put on it.
    doc = state([card("Knight", immunities=[{"kind": "enchantment"}]), card("Drain", "source"),
                 card("Curse", "enchantment")],
                [effect("strip", "Drain", "Knight", removes_immunity="enchantment",
                        targeted=False),
                 effect("later", "Curse", "Knight", targeted=False),
                 effect("put", "Curse", "Knight", attach=True)])
    result = rule(doc)
    assert kept(result) == set()
    assert affects(result) == {"strip": True, "later": True, "put": True}
    assert attach(result) == {"put": (True, True)}


def test_HKK_132_2_K_nothing_to_keep_when_the_immunity_is_not_held():
    doc = state([card("Knight"), card("Drain", "source")],
                [effect("strip", "Drain", "Knight", removes_immunity="source", targeted=False)])
    result = rule(doc)
    assert kept(result) == set()
    assert affects(result) == {"strip": True}


# --- HKK-132.3 -------------------------------------------------------------------------------

def test_HKK_132_3_poison_counters_fall_off_when_poison_immunity_is_gained():
    # "ha volt rajta a méregimmunitás megszerzésekor, akkor azok leesnek"
    doc = state([card("Toad", counters={"poison": 2}), card("Charm", "item", on="Toad")],
                events=[gain("Toad", "poison", granted_by="Charm")])
    result = rule(doc)
    assert counters_removed(result) == {("Toad", "poison")}
    assert because(result, "counters_removed", card="Toad") == ["HKK-132.3"]
    assert falls_off(result) == set()          # the Charm is an item, and nothing else falls


def test_HKK_132_3_no_poison_counter_can_be_put_on_a_poison_immune_creature():
    # "a lényre semmilyen módon nem kerülhet méregjelző"; the Frog without immunity takes it.
    doc = state([card("Toad", immunities=[{"kind": "poison"}]), card("Frog"), card("Viper")],
                [effect("bite", "Viper", "Toad", counter="poison"),
                 effect("bite-frog", "Viper", "Frog", counter="poison")])
    result = rule(doc)
    assert counters(result) == {"bite": (False, False), "bite-frog": (True, True)}
    assert because(result, "counter", effect="bite") == ["HKK-132.3"]


def test_HKK_132_3_boundary_no_counters_to_remove_and_other_counters_stay():
    # 0 poison counters: nothing falls off (nothing to fall). A doom counter is not poison.
    doc = state([card("Toad", counters={"poison": 0, "doom": 1})],
                events=[gain("Toad", "poison")])
    assert counters_removed(rule(doc)) == set()


def test_HKK_132_3_gained_twice_the_counters_fall_off_once():
    doc = state([card("Toad", counters={"poison": 1})],
                events=[gain("Toad", "poison"), gain("Toad", "poison")])
    result = rule(doc)
    assert kinds(result, "counters_removed") == [
        {"kind": "counters_removed", "card": "Toad", "counter": "poison",
         "because": ["HKK-132.3"]}]


# --- HKK-132.4 -------------------------------------------------------------------------------

def test_HKK_132_4_magic_immunity_covers_spells_and_enchantments_abilities_only():
    # "ez varázslatokra és (bűbájok esetén) azok képességeire vonatkozik": a spell and an
    # enchantment's ability do not affect the Elder; a source and a creature's hit do.
    doc = state([card("Elder", immunities=[{"kind": "magic"}]), card("Bolt", "spell"),
                 card("Aura", "enchantment"), card("Well", "source"), card("Orc")],
                [effect("bolt", "Bolt", "Elder"), effect("aura", "Aura", "Elder"),
                 effect("well", "Well", "Elder"), effect("hit", "Orc", "Elder", damage=2)])
    result = rule(doc)
    assert affects(result) == {"bolt": False, "aura": False, "well": True, "hit": True}
    assert because(result, "affects", effect="bolt") == ["HKK-132.0", "HKK-132.4"]
    assert damage(result) == {"hit": 2}


def test_HKK_132_4_an_enchantment_can_be_put_on_but_its_abilities_do_nothing():
    # Magic immunity forbids nothing from being put on the card (contrast HKK-132.6).
    doc = state([card("Elder", immunities=[{"kind": "magic"}]), card("Aura", "enchantment")],
                [effect("put", "Aura", "Elder", attach=True)])
    result = rule(doc)
    assert attach(result) == {"put": (True, False)}
    assert because(result, "attach", effect="put") == ["HKK-132.4"]


# --- HKK-132.5 -------------------------------------------------------------------------------

def test_HKK_132_5_sources_have_no_effect_other_forms_do():
    # "a lapra nem hatnak a források"; a spell and an enchantment are not sources.
    doc = state([card("Knight", immunities=[{"kind": "source"}]), card("Well", "source"),
                 card("Bolt", "spell"), card("Aura", "enchantment")],
                [effect("well", "Well", "Knight"), effect("bolt", "Bolt", "Knight"),
                 effect("aura", "Aura", "Knight", targeted=False)])
    result = rule(doc)
    assert affects(result) == {"well": False, "bolt": True, "aura": True}
    assert because(result, "affects", effect="well") == ["HKK-132.0", "HKK-132.5"]


def test_HKK_132_5_a_source_deals_no_damage_whatever_modifies_it():
    doc = state([card("Knight", immunities=[{"kind": "source"}]), card("Well", "source")],
                [effect("burn", "Well", "Knight", damage=2, damage_modifiers=[5])])
    result = rule(doc)
    assert damage(result) == {"burn": 0}           # not 2 + 5 = 7
    # 132.5 blocks the source; 132.0: an immune card is not affected in any way (no damage).
    assert because(result, "damage", effect="burn") == ["HKK-132.0", "HKK-132.5"]


# --- HKK-132.5.1 -----------------------------------------------------------------------------

def _paladin(*events, immune=False):
    paladin = card("Paladin", immunities=[{"kind": "source"}] if immune else [])
    return state([paladin, card("Halo", "enchantment", on="Paladin"),
                  card("Rust", "enchantment", on="Paladin"), card("Helm", "item", on="Paladin"),
                  card("Rune", "item")], events=list(events))


def test_HKK_132_5_1_gained_later_enchantments_fall_off_except_the_granting_one():
    # "az ekkor esetlegesen rajta lévő bűbájok leesnek róla, kivéve, ha a forrásimmunitást a
    # rátett bűbáj biztosítja": Halo grants it and stays; Rust falls; Helm is no enchantment.
    result = rule(_paladin(gain("Paladin", "source", granted_by="Halo")))
    assert falls_off(result) == {("Rust", "Paladin")}
    assert because(result, "falls_off", card="Rust") == ["HKK-132.5.1"]


def test_HKK_132_5_1_granted_by_a_card_not_on_it_every_enchantment_falls_off():
    result = rule(_paladin(gain("Paladin", "source", granted_by="Rune")))
    assert falls_off(result) == {("Halo", "Paladin"), ("Rust", "Paladin")}


def test_HKK_132_5_1_already_held_nothing_falls_off_again():
    # "Ha egy lap a forrásimmunitást utólag szerezte": a card that already holds source
    # immunity does not gain it by one more grant; the enchantments on it stay.
    result = rule(_paladin(gain("Paladin", "source", granted_by="Rune"), immune=True))
    assert falls_off(result) == set()


def test_HKK_132_5_1_second_grant_after_the_first_changes_nothing_more():
    # First grant (Halo): Rust falls. Second grant (Rune), immunity already held: Halo stays.
    result = rule(_paladin(gain("Paladin", "source", granted_by="Halo"),
                           gain("Paladin", "source", granted_by="Rune")))
    assert falls_off(result) == {("Rust", "Paladin")}


# --- HKK-132.5.1-K ---------------------------------------------------------------------------

def _golem(**extra_immunity):
    return state([card("Golem", immunities=[{"kind": "source", **extra_immunity}]),
                  card("Rank", "level_up"), card("Claw", "body_part"), card("Sword", "item")],
                 [effect("rank", "Rank", "Golem", attach=True),
                  effect("claw", "Claw", "Golem", attach=True),
                  effect("sword", "Sword", "Golem", attach=True)])


def test_HKK_132_5_1_K_level_up_body_part_item_can_be_put_on_but_have_no_effect():
    # "A forrásimmunitással rendelkező lényre is tehető szintlépés, testrész vagy # tárgy, de
    # ezek a lényre semmilyen hatással nincsenek"
    result = rule(_golem())
    assert attach(result) == {"rank": (True, False), "claw": (True, False),
                              "sword": (True, False)}
    assert because(result, "attach", effect="rank") == ["HKK-132.5.1-K"]


def test_HKK_132_5_1_K_unless_that_card_grants_the_source_immunity():
    # "kivéve, ha a forrásimmunitást is a rátett lap biztosítja": Rank grants it, so Rank
    # takes effect; Claw and Sword still do not.
    result = rule(_golem(granted_by="Rank"))
    assert attach(result) == {"rank": (True, True), "claw": (True, False),
                              "sword": (True, False)}


def test_HKK_132_5_1_K_a_card_without_effect_does_not_affect_the_creature():
    # "ezek a lényre semmilyen hatással nincsenek": no effect at all on the creature, so the
    # affects ruling must agree with the attach ruling (as it does for HKK-132.4's
    # attach allowed/without effect, where affects is false).
    result = rule(_golem())
    assert affects(result) == {"rank": False, "claw": False, "sword": False}


def test_HKK_132_5_1_K_an_enchantment_is_not_one_of_the_cards_named():
    # "is tehető szintlépés, testrész vagy # tárgy": only these can still be put on a
    # source-immune creature; an enchantment is not one of them, and 132.5.1 leaves a card
    # that gains source immunity no enchantment but the granting one. (Formerly ruled
    # (True, True) because an enchantment is no source: issue 24 item 2 found it wrong.)
    doc = state([card("Golem", immunities=[{"kind": "source"}]), card("Aura", "enchantment")],
                [effect("aura", "Aura", "Golem", attach=True)])
    result = rule(doc)
    assert attach(result) == {"aura": (False, False)}
    assert because(result, "attach", effect="aura") == ["HKK-132.5.1", "HKK-132.5.1-K"]


# --- HKK-132.6 -------------------------------------------------------------------------------

def test_HKK_132_6_no_enchantment_can_be_put_on_the_card():
    # "a lapra nem tehető bűbáj"; a level-up is not an enchantment and can be put on it.
    doc = state([card("Knight", immunities=[{"kind": "enchantment"}]),
                 card("Curse", "enchantment"), card("Rank", "level_up")],
                [effect("curse", "Curse", "Knight", attach=True),
                 effect("rank", "Rank", "Knight", attach=True)])
    result = rule(doc)
    assert attach(result) == {"curse": (False, False), "rank": (True, True)}
    assert because(result, "attach", effect="curse") == ["HKK-132.6"]
    assert affects(result)["curse"] is False


def test_HKK_132_6_enchantments_in_play_have_no_effect_on_it():
    # "a játékban lévő bűbájoknak semmilyen hatása nincs rá"
    doc = state([card("Knight", immunities=[{"kind": "enchantment"}]), card("Squire"),
                 card("Gloom", "enchantment")],
                [effect("gloom", "Gloom", "Knight", targeted=False),
                 effect("gloom-squire", "Gloom", "Squire", targeted=False)])
    result = rule(doc)
    assert affects(result) == {"gloom": False, "gloom-squire": True}
    assert because(result, "affects", effect="gloom") == ["HKK-132.0", "HKK-132.6"]


def test_HKK_132_6_gained_later_the_enchantments_fall_off_other_cards_stay():
    doc = state([card("Knight"), card("Curse", "enchantment", on="Knight"),
                 card("Hex", "enchantment", on="Knight"), card("Helm", "item", on="Knight"),
                 card("Rune", "item")],
                events=[gain("Knight", "enchantment", granted_by="Rune")])
    for edition in ("literal", "intended"):   # nothing here depends on the exception
        result = rule(doc, edition=edition)
        assert falls_off(result) == {("Curse", "Knight"), ("Hex", "Knight")}, edition
        assert because(result, "falls_off", card="Curse") == ["HKK-132.6"]


def _self_grant_doc(**extra):
    return state([card("Knight"), card("Ward", "enchantment", on="Knight"),
                  card("Curse", "enchantment", on="Knight")],
                 events=[gain("Knight", "enchantment", granted_by="Ward")], **extra)


def test_HKK_132_6_as_written_the_self_granting_enchantment_falls_off_its_host():
    # The exception reads "kivéve, ha a forrásimmunitást a rátett bűbáj biztosítja": it names
    # source immunity. Ward grants enchantment immunity, not source immunity, so in the
    # literal edition (the default) Ward falls off along with the Curse.
    result = rule(_self_grant_doc())
    assert result["edition"] == "literal"
    assert falls_off(result) == {("Ward", "Knight"), ("Curse", "Knight")}
    assert because(result, "falls_off", card="Ward") == ["HKK-132.6"]


def test_HKK_132_6_as_written_an_enchantment_granting_source_immunity_stays():
    # The literal exception at work: Halo granted source immunity (first event, HKK-132.5.1
    # keeps it), then enchantment immunity comes from the Rune: Halo stays by the exception.
    doc = state([card("Knight"), card("Halo", "enchantment", on="Knight"), card("Rune", "item")],
                events=[gain("Knight", "source", granted_by="Halo"),
                        gain("Knight", "enchantment", granted_by="Rune")])
    assert falls_off(rule(doc, edition="literal")) == set()


def test_HKK_132_6_gained_when_already_held_nothing_falls_off():
    # The Curse grants the Knight its enchantment immunity from the start (an enchantment on a
    # card immune to it in its own right is refused: "a lapra nem tehető bűbáj", issue 52
    # item 5). The event gives the Knight what it holds: no gain ("utólag szerezte"), nothing
    # falls off, in either edition.
    doc = state([card("Knight", immunities=[{"kind": "enchantment", "granted_by": "Curse"}]),
                 card("Curse", "enchantment", on="Knight")],
                events=[gain("Knight", "enchantment")])
    assert falls_off(rule(doc)) == set()
    assert falls_off(rule(doc, edition="intended")) == set()


# --- HKK-132.6-I -----------------------------------------------------------------------------

def test_HKK_132_6_I_intended_the_self_granting_enchantment_stays_others_fall():
    # Read as HKK-132.5.1 reads: the enchantment that grants the immunity being gained stays.
    result = rule(_self_grant_doc(), edition="intended")
    assert result["edition"] == "intended"
    assert falls_off(result) == {("Curse", "Knight")}


def test_HKK_132_6_I_chosen_by_the_document_edition_field():
    result = rule(_self_grant_doc(edition="intended"))
    assert result["edition"] == "intended"
    assert falls_off(result) == {("Curse", "Knight")}
    # ... and the caller's edition overrides the document's.
    assert falls_off(rule(_self_grant_doc(edition="intended"), edition="literal")) == \
        {("Ward", "Knight"), ("Curse", "Knight")}


# --- HKK-132.7 -------------------------------------------------------------------------------

def test_HKK_132_7_instant_and_general_spells_have_no_effect_other_spells_do():
    # "az ilyen típusú varázslatok semmilyen hatással nincsenek rá": instant and general;
    # a ritual spell, a spell of no stated type and a source marked instant are not such spells.
    doc = state([card("Monk", immunities=[{"kind": "instant_general_spell"}]),
                 card("Zap", "spell", spell_type="instant"),
                 card("Hex", "spell", spell_type="general"),
                 card("Rite", "spell", spell_type="ritual"), card("Plain", "spell"),
                 card("Spring", "source", spell_type="instant")],
                [effect("zap", "Zap", "Monk"), effect("hex", "Hex", "Monk"),
                 effect("rite", "Rite", "Monk"), effect("plain", "Plain", "Monk"),
                 effect("spring", "Spring", "Monk")])
    result = rule(doc)
    assert affects(result) == {"zap": False, "hex": False, "rite": True, "plain": True,
                               "spring": True}
    assert because(result, "affects", effect="zap") == ["HKK-132.0", "HKK-132.7"]
    assert because(result, "affects", effect="hex") == ["HKK-132.0", "HKK-132.7"]
    assert can_target(result)["zap"] is True        # immune, still a legal target (HKK-132.2)


# --- HKK-132.8 -------------------------------------------------------------------------------

def test_HKK_132_8_mental_spells_and_mental_enchantments_in_play_have_no_effect():
    # "az ilyen altípusú varázslatok – beleértve a játékban lévő mentális altípusú bűbájokat –
    # semmilyen hatással nincsenek rá"; a fire spell, a plain enchantment and a mental source
    # (not a spell) still affect the Sage.
    doc = state([card("Sage", immunities=[{"kind": "mental_spell"}]),
                 card("Dread", "spell", subtypes=["mental"]),
                 card("Fear", "enchantment", subtypes=["mental"], on="Sage"),
                 card("Shield", "enchantment", on="Sage"),
                 card("Flame", "spell", subtypes=["fire"]),
                 card("Mindwell", "source", subtypes=["mental"])],
                [effect("dread", "Dread", "Sage"), effect("fear", "Fear", "Sage", targeted=False),
                 effect("shield", "Shield", "Sage", targeted=False),
                 effect("flame", "Flame", "Sage"), effect("mindwell", "Mindwell", "Sage")])
    result = rule(doc)
    assert affects(result) == {"dread": False, "fear": False, "shield": True, "flame": True,
                               "mindwell": True}
    assert because(result, "affects", effect="fear") == ["HKK-132.0", "HKK-132.8"]


def _mental_doc(granted_by, **extra):
    return state([card("Sage"), card("Calm", "enchantment", subtypes=["mental"], on="Sage"),
                  card("Doubt", "enchantment", subtypes=["mental"], on="Sage"),
                  card("Armor", "enchantment", on="Sage"), card("Rune", "item")],
                 events=[gain("Sage", "mental_spell", granted_by=granted_by)], **extra)


def test_HKK_132_8_gained_later_mental_enchantments_fall_off_others_stay():
    for edition in ("literal", "intended"):
        result = rule(_mental_doc("Rune"), edition=edition)
        assert falls_off(result) == {("Calm", "Sage"), ("Doubt", "Sage")}, edition
        assert because(result, "falls_off", card="Doubt") == ["HKK-132.8"]


def test_HKK_132_8_as_written_the_self_granting_mental_enchantment_falls_off():
    # The exception names "a forrásimmunitást" (source immunity); Calm grants mental-spell
    # immunity, so literally Calm falls off too.
    result = rule(_mental_doc("Calm"))
    assert falls_off(result) == {("Calm", "Sage"), ("Doubt", "Sage")}


def test_HKK_132_8_as_written_a_mental_enchantment_granting_source_immunity_stays():
    doc = state([card("Sage"), card("Calm", "enchantment", subtypes=["mental"], on="Sage"),
                 card("Doubt", "enchantment", subtypes=["mental"], on="Sage"),
                 card("Rune", "item")],
                events=[gain("Sage", "source", granted_by="Calm"),      # Doubt falls (132.5.1)
                        gain("Sage", "mental_spell", granted_by="Rune")])  # Calm stays
    result = rule(doc, edition="literal")
    assert falls_off(result) == {("Doubt", "Sage")}
    assert because(result, "falls_off", card="Doubt") == ["HKK-132.5.1"]


# --- HKK-132.8-I -----------------------------------------------------------------------------

def test_HKK_132_8_I_intended_the_self_granting_mental_enchantment_stays():
    result = rule(_mental_doc("Calm"), edition="intended")
    assert falls_off(result) == {("Doubt", "Sage")}


def test_HKK_132_8_I_chosen_by_the_document_edition_field():
    result = rule(_mental_doc("Calm", edition="intended"))
    assert result["edition"] == "intended"
    assert falls_off(result) == {("Doubt", "Sage")}


# --- HKK-132.9 -------------------------------------------------------------------------------

def _salamander():
    return state([card("Salamander", immunities=[{"kind": "fire"}]),
                  card("Volcano", "source", subtypes=["fire"]),
                  card("Drake", subtypes=["fire"]), card("Orc"),
                  card("Glacier", "source", subtypes=["ice"]),
                  card("Fireball", "spell", subtypes=["fire"]),
                  card("Ember", "enchantment", subtypes=["fire"])],
                 [effect("volcano", "Volcano", "Salamander"),
                  effect("lava", "Volcano", "Salamander", damage=3),
                  effect("drake-hit", "Drake", "Salamander", damage=4, targeted=False),
                  effect("drake-strike", "Drake", "Salamander", damage=4, combat=True,
                         targeted=False),
                  effect("orc-hit", "Orc", "Salamander", damage=4, targeted=False),
                  effect("frost", "Glacier", "Salamander", damage=2),
                  effect("fireball", "Fireball", "Salamander", damage=5, damage_modifiers=[1]),
                  effect("ember", "Ember", "Salamander", targeted=False)])


def test_HKK_132_9_fire_sources_have_no_effect():
    # "a lapra az adott altípusú forrásoknak nincs semmilyen hatása"
    result = rule(_salamander())
    assert affects(result)["volcano"] is False
    assert because(result, "affects", effect="volcano") == ["HKK-132.0", "HKK-132.9"]
    assert can_target(result)["volcano"] is True    # HKK-132.2
    # Only sources of the subtype are named: a fire enchantment and an ice source act on it.
    assert affects(result)["ember"] is True
    assert affects(result)["frost"] is True


def test_HKK_132_9_fire_damage_deals_none_other_damage_is_dealt_in_full():
    # "az ilyen típusú sebzések (források, direkt sebző képességek, ilyen altípusú lények
    # ütése) nem okoznak neki sebzést": the fire source's 3, the fire creature's hit of 4
    # (as a plain hit and as a combat strike) and the fire spell's 5 + 1 all deal 0; the
    # Orc's hit (no subtype) deals 4, the ice source's 2 deals 2.
    result = rule(_salamander())
    assert damage(result) == {"lava": 0, "drake-hit": 0, "drake-strike": 0, "fireball": 0,
                              "orc-hit": 4, "frost": 2}
    assert because(result, "damage", effect="drake-hit") == ["HKK-132.9"]


def test_HKK_132_9_ice_immunity_works_the_same_for_ice():
    doc = state([card("Yeti", immunities=[{"kind": "ice"}]),
                 card("Glacier", "source", subtypes=["ice"]),
                 card("Volcano", "source", subtypes=["fire"])],
                [effect("frost", "Glacier", "Yeti", damage=2),
                 effect("lava", "Volcano", "Yeti", damage=3)])
    result = rule(doc)
    assert affects(result) == {"frost": False, "lava": True}
    assert damage(result) == {"frost": 0, "lava": 3}


# --- HKK-132.10 ------------------------------------------------------------------------------

def test_HKK_132_10_combat_abilities_have_no_effect_on_creature_or_building():
    # "a lényre (építményre) a lények harci képességei semmilyen hatással nincsenek": a combat
    # ability (with or without damage) does nothing; the same creature's plain hit and a spell
    # are not combat abilities.
    doc = state([card("Tower", "building", immunities=[{"kind": "combat_abilities"}]),
                 card("Wolf", immunities=[{"kind": "combat_abilities"}]),
                 card("Brute"), card("Bolt", "spell")],
                [effect("trample", "Brute", "Tower", combat=True),
                 effect("rend", "Brute", "Wolf", combat=True, damage=3),
                 effect("hit", "Brute", "Tower", damage=3),
                 effect("bolt", "Bolt", "Wolf")])
    result = rule(doc)
    assert affects(result) == {"trample": False, "rend": False, "hit": True, "bolt": True}
    assert because(result, "affects", effect="trample") == ["HKK-132.0", "HKK-132.10"]
    assert damage(result) == {"rend": 0, "hit": 3}


# --- HKK-132.11 ------------------------------------------------------------------------------

def test_HKK_132_11_untargetable_by_a_form_only_that_form_cannot_target_it():
    # "a megadott támadási forma célpontjának nem lehet a lapot választani"
    doc = state([card("Scout", untargetable_by=["spell"]), card("Bolt", "spell"),
                 card("Well", "source")],
                [effect("bolt", "Bolt", "Scout"), effect("well", "Well", "Scout")])
    result = rule(doc)
    assert can_target(result) == {"bolt": False, "well": True}
    assert because(result, "can_target", effect="bolt") == ["HKK-132.11"]


def test_HKK_132_11_untargetable_by_a_subtype_and_by_anything():
    doc = state([card("Scout", untargetable_by=["fire"]), card("Ghost", untargetable_by=["any"]),
                 card("Flame", "spell", subtypes=["fire"]), card("Frost", "spell",
                                                                   subtypes=["ice"])],
                [effect("flame", "Flame", "Scout"), effect("frost", "Frost", "Scout"),
                 effect("ghost-frost", "Frost", "Ghost")])
    assert can_target(rule(doc)) == {"flame": False, "frost": True, "ghost-frost": False}


def test_HKK_132_11_untargetable_is_no_immunity_an_untargeted_effect_affects_it():
    # Only choosing the card as target is forbidden: an effect that needs no target acts.
    doc = state([card("Scout", untargetable_by=["spell"]), card("Quake", "spell")],
                [effect("quake", "Quake", "Scout", targeted=False)])
    result = rule(doc)
    assert can_target(result) == {}
    assert affects(result) == {"quake": True}


def test_HKK_132_11_both_immune_and_untargetable_no_target_and_no_effect_together():
    # HKK-132.2 would let the immune Phantom be targeted; HKK-132.11 forbids it. The immunity
    # still keeps the drain from affecting it. One answer, no contradiction.
    doc = state([card("Phantom", immunities=[{"kind": "source"}], untargetable_by=["source"]),
                 card("Well", "source")],
                [effect("drain", "Well", "Phantom")])
    result = pybridge.rule(doc)
    assert result["status"] == "ok"
    assert can_target(result) == {"drain": False}
    assert affects(result) == {"drain": False}
    assert because(result, "can_target", effect="drain") == ["HKK-132.11"]
    assert because(result, "affects", effect="drain") == ["HKK-132.0", "HKK-132.5"]


# --- HKK-132.12 ------------------------------------------------------------------------------

def test_HKK_132_12_damage_is_0_whatever_raises_it():
    # "a megadott támadási formával okozott sebzés minden módosítástól függetlenül mindig 0":
    # 3 + 2 + 1 = 6 would be dealt; it is 0. 0 with no modifiers is 0 too.
    doc = state([card("Gate", "building", cannot_be_damaged_by=["any"]), card("Ogre")],
                [effect("hit", "Ogre", "Gate", damage=3, damage_modifiers=[2, 1]),
                 effect("tap", "Ogre", "Gate", damage=0)])
    result = rule(doc)
    assert damage(result) == {"hit": 0, "tap": 0}
    assert because(result, "damage", effect="hit") == ["HKK-132.12"]
    assert affects(result) == {"hit": True, "tap": True}   # not an immunity


def test_HKK_132_12_by_a_named_form_only_that_form_deals_0():
    # Cannot be damaged by spells: the spell's 4 + 3 = 7 is 0; the Orc's hit 2 + 3 - 1 = 4.
    doc = state([card("Knight", cannot_be_damaged_by=["spell"]), card("Bolt", "spell"),
                 card("Orc")],
                [effect("bolt", "Bolt", "Knight", damage=4, damage_modifiers=[3]),
                 effect("hit", "Orc", "Knight", damage=2, damage_modifiers=[3, -1])])
    assert damage(rule(doc)) == {"bolt": 0, "hit": 4}


def test_HKK_132_12_unspecified_means_any_damage():
    # "Amennyiben nincs meghatározva, hogy pontosan mivel nem lehet megsebezni ... a bármilyen
    # módon neki okozott sebzés ... mindig 0": a source, a spell and a hit alike.
    doc = state([card("Golem", cannot_be_damaged_by=["any"]), card("Well", "source"),
                 card("Bolt", "spell"), card("Orc")],
                [effect("well", "Well", "Golem", damage=1),
                 effect("bolt", "Bolt", "Golem", damage=9),
                 effect("hit", "Orc", "Golem", damage=5, damage_modifiers=[-1])])
    assert damage(rule(doc)) == {"well": 0, "bolt": 0, "hit": 0}


def test_HKK_132_12_boundary_modifiers_making_the_total_negative_floor_at_0():
    # No protection: 2 - 5 = -3 deals 0 (no negative damage); 2 - 2 = 0; 2 - 1 = 1.
    doc = state([card("Squire"), card("Orc")],
                [effect("minus3", "Orc", "Squire", damage=2, damage_modifiers=[-5]),
                 effect("zero", "Orc", "Squire", damage=2, damage_modifiers=[-2]),
                 effect("one", "Orc", "Squire", damage=2, damage_modifiers=[-1]),
                 effect("plus", "Orc", "Squire", damage=2, damage_modifiers=[-1, 4])])
    assert damage(rule(doc)) == {"minus3": 0, "zero": 0, "one": 1, "plus": 5}


def test_HKK_132_12_cannot_be_damaged_and_negative_total_still_0():
    doc = state([card("Gate", "building", cannot_be_damaged_by=["any"]), card("Orc")],
                [effect("hit", "Orc", "Gate", damage=1, damage_modifiers=[-4])])
    assert damage(rule(doc)) == {"hit": 0}


# --- HKK-132.13 ------------------------------------------------------------------------------

def test_HKK_132_13_counter_is_placed_but_has_no_effect():
    # "a permanensre rákerülhet (az adott) jelző, de annak nincs rá semmilyen hatása"; another
    # counter kind is placed and takes effect.
    doc = state([card("Ghoul", counters_without_effect=["poison"]), card("Viper")],
                [effect("bite", "Viper", "Ghoul", counter="poison"),
                 effect("doom", "Viper", "Ghoul", counter="doom")])
    result = rule(doc)
    assert counters(result) == {"bite": (True, False), "doom": (True, True)}
    assert because(result, "counter", effect="bite") == ["HKK-132.13"]


def test_HKK_132_13_versus_poison_immunity_the_counter_is_not_even_placed():
    # Poison immunity (HKK-132.3) is stronger: no poison counter gets on the card at all,
    # even when the card also says poison counters have no effect on it.
    doc = state([card("Toad", immunities=[{"kind": "poison"}]),
                 card("Ghoul", counters_without_effect=["poison"]),
                 card("Newt", immunities=[{"kind": "poison"}], counters_without_effect=["poison"]),
                 card("Viper")],
                [effect("toad", "Viper", "Toad", counter="poison"),
                 effect("ghoul", "Viper", "Ghoul", counter="poison"),
                 effect("newt", "Viper", "Newt", counter="poison")])
    result = rule(doc)
    assert counters(result) == {"toad": (False, False), "ghoul": (True, False),
                                "newt": (False, False)}
    assert because(result, "counter", effect="toad") == ["HKK-132.3"]


# --- HKK-132.14 ------------------------------------------------------------------------------

def test_HKK_132_14_no_reaction_to_the_card_reactions_to_other_cards_are_fine():
    # "a lap kijátszására, vagy az ilyen képességgel rendelkező permanens képességeire nem
    # lehet ... reakció cselekvéssel reagálni"
    doc = state([card("Titan", no_reactions_from=["any"]), card("Peasant"),
                 card("Parry", "reaction"), card("Archer")],
                reactions=[reaction("parry", "Parry", "Titan"),
                           reaction("volley", "Archer", "Titan"),
                           reaction("parry-peasant", "Parry", "Peasant")])
    result = rule(doc)
    assert can_react(result) == {"parry": False, "volley": False, "parry-peasant": True}
    assert because(result, "can_react", reaction="parry") == ["HKK-132.14"]
    assert waits(result) == set()                  # no automatic reaction


# --- HKK-132.14-K1 ---------------------------------------------------------------------------

def test_HKK_132_14_K1_a_faction_ban_covers_playing_such_cards_and_their_abilities():
    # "sem Elenios lap kijátszásával, sem Elenios permanens képességével nem lehet ... reagálni"
    doc = state([card("Dragon", no_reactions_from=[{"faction": "elenios"}]), card("Gnome"),
                 card("Elf Trick", "reaction", faction="elenios"),
                 card("Elf Archer", faction="elenios"),
                 card("Dwarf Trick", "reaction", faction="dwarf"),
                 card("Plain Trick", "reaction")],
                reactions=[reaction("play", "Elf Trick", "Dragon"),
                           reaction("ability", "Elf Archer", "Dragon"),
                           reaction("dwarf", "Dwarf Trick", "Dragon"),
                           reaction("plain", "Plain Trick", "Dragon"),
                           reaction("elsewhere", "Elf Trick", "Gnome")])
    result = rule(doc)
    assert can_react(result) == {"play": False, "ability": False, "dwarf": True, "plain": True,
                                 "elsewhere": True}
    assert because(result, "can_react", reaction="play") == ["HKK-132.14", "HKK-132.14-K1"]
    assert because(result, "can_react", reaction="ability") == ["HKK-132.14", "HKK-132.14-K1"]


def test_HKK_132_14_K1_colour_and_card_type_bans():
    # "idézési költsége, laptípusa, színe, stb.": by colour and by card type.
    doc = state([card("Wizard", no_reactions_from=[{"colour": "blue"}]),
                 card("Dragon", no_reactions_from=[{"kind": "reaction"}]),
                 card("Blue Imp", colour="blue"), card("Red Imp", colour="red"),
                 card("Trick", "reaction"), card("Archer")],
                reactions=[reaction("blue", "Blue Imp", "Wizard"),
                           reaction("red", "Red Imp", "Wizard"),
                           reaction("trick", "Trick", "Dragon"),
                           reaction("archer", "Archer", "Dragon")])
    assert can_react(rule(doc)) == {"blue": False, "red": True, "trick": False, "archer": True}


# --- HKK-132.14-K2 ---------------------------------------------------------------------------

def _automatic_doc(**titan):
    return state([card("Titan", **titan), card("Peasant"), card("Trap", "reaction")],
                 reactions=[reaction("trap", "Trap", "Titan", automatic=True),
                            reaction("trap-peasant", "Trap", "Peasant", automatic=True)])


def test_HKK_132_14_K2_the_ban_covers_automatic_reactions_which_wait():
    # "ez az automatikus reakciókra is vonatkozik ... az automatikus reakció 'vár' a következő
    # általa reagálható lapkijátszásra"
    result = rule(_automatic_doc(no_reactions_from=["any"]))
    assert can_react(result) == {"trap": False, "trap-peasant": True}
    assert waits(result) == {"trap"}
    assert because(result, "waits", reaction="trap") == ["HKK-132.14-K2"]


def test_HKK_132_14_K2_no_ban_no_waiting():
    result = rule(_automatic_doc())
    assert can_react(result) == {"trap": True, "trap-peasant": True}
    assert waits(result) == set()


def test_HKK_132_14_K2_out_of_force_the_ban_would_not_reach_automatic_reactions():
    result = rule_without(_automatic_doc(no_reactions_from=["any"]), "HKK-132.14-K2")
    assert can_react(result)["trap"] is True
    assert waits(result) == set()


def test_HKK_132_14_K2_with_a_property_ban_the_automatic_reaction_waits():
    doc = state([card("Dragon", no_reactions_from=[{"faction": "elenios"}]),
                 card("Elf Trap", "reaction", faction="elenios")],
                reactions=[reaction("trap", "Elf Trap", "Dragon", automatic=True)])
    result = rule(doc)
    assert can_react(result) == {"trap": False}
    assert waits(result) == {"trap"}


# --- HKK-132.16 ------------------------------------------------------------------------------

def _inherit_doc(automatic=True, **extra):
    return state([card("Dragon", no_reactions_from=[{"faction": "elenios"}]),
                  card("Elf Seer", faction="elenios"), card("Echo", "reaction")],
                 reactions=[reaction("echo", "Echo", "Dragon", automatic=automatic,
                                     created_by="Elf Seer")], **extra)


def test_HKK_132_16_automatic_reaction_inherits_its_creators_faction():
    # "Az automatikus reakciók öröklik az őket létrehozó lap minden tulajdonságát": the Echo
    # (no faction of its own) is Elenios as its creator is, so the Elenios ban covers it.
    result = rule(_inherit_doc())
    assert inherits(result) == {("echo", "Elf Seer")}
    assert because(result, "inherits", reaction="echo") == ["HKK-132.16"]
    assert can_react(result) == {"echo": False}
    # The ban reaches the automatic Echo by 132.14-K2 ("ez az automatikus reakciókra is
    # vonatkozik"), so that sentence is cited too.
    assert because(result, "can_react", reaction="echo") == [
        "HKK-132.14", "HKK-132.14-K1", "HKK-132.14-K2", "HKK-132.16"]
    assert waits(result) == {"echo"}


def test_HKK_132_16_only_automatic_reactions_inherit():
    result = rule(_inherit_doc(automatic=False))
    assert inherits(result) == set()
    assert can_react(result) == {"echo": True}


def test_HKK_132_16_out_of_force_nothing_is_inherited():
    result = rule_without(_inherit_doc(), "HKK-132.16")
    assert inherits(result) == set()
    assert can_react(result) == {"echo": True}
    assert waits(result) == set()


def test_HKK_132_16_inherits_the_creators_card_type_and_is_cited_for_it():
    # The Spark (a spell) is an automatic reaction created by the Echo (a reaction card): it
    # inherits the card type "reaction" and falls under the Dragon's ban on reaction cards.
    # The ruling rests on the inheritance, so HKK-132.16 is among its rule IDs.
    doc = state([card("Dragon", no_reactions_from=[{"kind": "reaction"}]),
                 card("Echo", "reaction"), card("Spark", "spell")],
                reactions=[reaction("spark", "Spark", "Dragon", automatic=True,
                                    created_by="Echo")])
    result = rule(doc)
    assert can_react(result) == {"spark": False}
    assert waits(result) == {"spark"}
    assert "HKK-132.16" in because(result, "can_react", reaction="spark")


def test_HKK_132_11_an_effect_that_cannot_choose_its_target_does_not_reach_it():
    # The spell cannot target T (untargetable by spells): no damage, no counter, no effect;
    # the enchantment's attachment is not hit by that ban and goes on.
    doc = {"rulebook": "hkk",
           "cards": [{"id": "T", "kind": "creature", "untargetable_by": ["spell"]},
                     {"id": "S", "kind": "spell"}, {"id": "L", "kind": "enchantment"}],
           "effects": [{"id": "zap", "by": "S", "target": "T", "damage": 3, "counter": "poison"},
                       {"id": "hex", "by": "L", "target": "T", "attach": True}]}
    rulings = {(r["kind"], r["effect"]): r for r in pybridge.rule(doc)["rulings"]}
    assert rulings[("can_target", "zap")]["legal"] is False
    assert rulings[("affects", "zap")]["affected"] is False
    assert rulings[("damage", "zap")]["amount"] == 0
    assert (rulings[("counter", "zap")]["placed"], rulings[("counter", "zap")]["effective"]) == (False, False)
    assert rulings[("attach", "hex")]["allowed"] is True
    assert rulings[("damage", "zap")]["because"] == ["HKK-132.11"]


def test_HKK_132_3_poison_immunity_stops_the_counter_not_the_damage():
    # "semmilyen módon nem kerülhet méregjelző": the poison counter is not placed; the same
    # bite's 2 damage is not poison and still hits; an effect that only poisons does nothing.
    doc = state([card("Toad", immunities=[{"kind": "poison"}]), card("Viper")],
                [effect("bite", "Viper", "Toad", counter="poison", damage=2),
                 effect("sting", "Viper", "Toad", counter="poison")])
    result = rule(doc)
    assert counters(result) == {"bite": (False, False), "sting": (False, False)}
    assert damage(result) == {"bite": 2}
    assert affects(result) == {"bite": True, "sting": False}
