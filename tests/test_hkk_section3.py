"""Situations of Kódex chapter 132 that no hkk document could state before (issue 52, section 3).

Each expectation was written from the Hungarian source (../shared/seeds/001_834235207642f3b2.txt)
before the tool was run on it; the sentence it rests on is quoted above it, with an English
gloss. Every comparison has its boundary (equal cost against one off, the element named
against another, the card named against another card of the same kind).

1. A reaction ban by casting cost: a card's ``cost`` and the selector ``{cost: N}`` of
   ``no_reactions_from`` (HKK-132.14-K1 «idézési költsége»).
2. Immunity to reactions, to creatures and to a named card (HKK-132.0 «immunis valamire»):
   the immunity kinds ``reaction``, ``creature`` and ``{card: X}``.
3. Damage of an element other than the dealing card's subtypes (HKK-132.9): an effect's
   ``damage_element``.
"""

import copy

import pytest

import pybridge
from test_hkk_rules import (
    affects,
    because,
    can_react,
    can_target,
    card,
    damage,
    effect,
    gain,
    kept,
    reaction,
    removed,
    rule,
    rule_without,
    state,
    waits,
)

# --- 1. a reaction ban by casting cost (HKK-132.14-K1) ---------------------------------------
# «Ha az ilyen képességgel rendelkező lap szövege valamely tulajdonsága (idézési költsége,
# laptípusa, színe, stb.) alapján határozza meg azokat a reakciókat, amelyekkel nem lehet rá
# reagálni, akkor ezt a csoportosítást az ilyen lapok kijátszására, és az ilyen lapok
# aktiválást kívánó képességeire egyaránt vonatkoztatni kell.» (If the card's text names the
# reactions that may not respond to it by a property (casting cost, card type, colour, ...),
# the grouping covers playing such cards and their abilities needing activation alike.)
# Read as faction and colour are: {cost: N} groups the cards whose casting cost is N; a card
# whose document gives no cost is in no cost group.

def _cost_doc():
    return state([card("Wizard", no_reactions_from=[{"cost": 1}]), card("Gnome"),
                  card("Trick 1", "reaction", cost=1), card("Trick 0", "reaction", cost=0),
                  card("Trick 2", "reaction", cost=2), card("Archer 1", cost=1),
                  card("Plain Trick", "reaction")],
                 reactions=[reaction("equal", "Trick 1", "Wizard"),
                            reaction("below", "Trick 0", "Wizard"),
                            reaction("above", "Trick 2", "Wizard"),
                            reaction("ability", "Archer 1", "Wizard"),
                            reaction("no-cost", "Plain Trick", "Wizard"),
                            reaction("elsewhere", "Trick 1", "Gnome")])


def test_HKK_132_14_K1_a_cost_ban_covers_cards_of_exactly_that_cost():
    # Equal cost: banned, for playing the card («kijátszására») and for a permanent's ability
    # («aktiválást kívánó képességeire»); one below and one above: not in the group; no cost
    # given: not in it; a reaction to another card: no ban at all.
    result = rule(_cost_doc())
    assert can_react(result) == {"equal": False, "below": True, "above": True, "ability": False,
                                 "no-cost": True, "elsewhere": True}
    assert because(result, "can_react", reaction="equal") == ["HKK-132.14", "HKK-132.14-K1"]
    assert because(result, "can_react", reaction="ability") == ["HKK-132.14", "HKK-132.14-K1"]
    assert because(result, "can_react", reaction="below") == ["HKK-132.14"]


def test_HKK_132_14_K1_a_cost_ban_is_the_grouping_rule_itself():
    # Without K1 in force a ban by a property names no reaction (132.14 alone bans "any").
    result = rule_without(_cost_doc(), "HKK-132.14-K1")
    assert set(can_react(result).values()) == {True}


def test_HKK_132_14_K1_cost_zero_is_a_cost():
    # «idézési költsége»: a card that costs 0 has a casting cost, 0; a ban on cost 0 covers
    # it and not a card whose cost is not given.
    doc = state([card("Wizard", no_reactions_from=[{"cost": 0}]),
                 card("Free", "reaction", cost=0), card("Unknown", "reaction"),
                 card("One", "reaction", cost=1)],
                reactions=[reaction("free", "Free", "Wizard"),
                           reaction("unknown", "Unknown", "Wizard"),
                           reaction("one", "One", "Wizard")])
    assert can_react(rule(doc)) == {"free": False, "unknown": True, "one": True}


def test_HKK_132_16_an_automatic_reaction_inherits_its_creators_cost():
    # «Az automatikus reakciók öröklik az őket létrehozó lap minden tulajdonságát és
    # jellemzőjét» (132.16), and «ez az automatikus reakciókra is vonatkozik» (132.14-K2): the
    # Echo (no cost of its own) created by a card of cost 1 has cost 1, so the ban on cost 1
    # covers it and it waits; created by a card of cost 2, it does not.
    def doc(creator_cost):
        return state([card("Wizard", no_reactions_from=[{"cost": 1}]),
                      card("Seer", cost=creator_cost), card("Echo", "reaction")],
                     reactions=[reaction("echo", "Echo", "Wizard", automatic=True,
                                         created_by="Seer")])
    result = rule(doc(1))
    assert can_react(result) == {"echo": False}
    assert waits(result) == {"echo"}
    assert because(result, "can_react", reaction="echo") == [
        "HKK-132.14", "HKK-132.14-K1", "HKK-132.14-K2", "HKK-132.16"]
    result = rule(doc(2))
    assert can_react(result) == {"echo": True}
    assert waits(result) == set()


def test_HKK_132_14_K1_cost_sits_beside_the_other_properties():
    # The grouping by one property does not look at the others: a cost-1 Elenios card falls
    # under a cost-1 ban and under an Elenios ban, a cost-0 Elenios card under the latter only.
    doc = state([card("Wizard", no_reactions_from=[{"cost": 1}]),
                 card("Dragon", no_reactions_from=[{"faction": "elenios"}]),
                 card("Elf 1", "reaction", faction="elenios", cost=1),
                 card("Elf 0", "reaction", faction="elenios", cost=0)],
                reactions=[reaction("w1", "Elf 1", "Wizard"), reaction("w0", "Elf 0", "Wizard"),
                           reaction("d1", "Elf 1", "Dragon"), reaction("d0", "Elf 0", "Dragon")])
    assert can_react(rule(doc)) == {"w1": False, "w0": True, "d1": False, "d0": False}


# --- 2. immunity to reactions, to creatures, to a named card (HKK-132.0) ---------------------
# «Ha egy lap immunis valamire, akkor az adott támadási forma nincs rá semmilyen hatással
# (99.).» (If a card is immune to something, that attack form has no effect of any kind on
# it.) What the card is immune to is the attack form; "semmilyen" (of any kind): none of what
# it does, whichever of its ways (damage, a counter, a combat ability, attaching, a removal).

def test_HKK_132_0_immunity_to_reactions():
    # Titan is immune to reactions: the Parry's effect (a reaction card's) does nothing to it,
    # not even its damage; on the Squire it acts. A spell is another attack form: it acts on
    # the Titan. Reacting to the Titan being played is not an effect on it: only 132.14 bans
    # that («nem lehet ... reakció cselekvéssel reagálni»), and the Titan has no such ban, so
    # the Parry may react (as 132.2: an immune card can still be targeted).
    doc = state([card("Titan", immunities=[{"kind": "reaction"}]), card("Squire"),
                 card("Parry", "reaction"), card("Bolt", "spell")],
                [effect("parry-titan", "Parry", "Titan", damage=2),
                 effect("parry-squire", "Parry", "Squire", damage=2),
                 effect("bolt-titan", "Bolt", "Titan", damage=2)],
                reactions=[reaction("parry", "Parry", "Titan")])
    result = rule(doc)
    assert affects(result) == {"parry-titan": False, "parry-squire": True, "bolt-titan": True}
    assert damage(result) == {"parry-titan": 0, "parry-squire": 2, "bolt-titan": 2}
    assert because(result, "affects", effect="parry-titan") == ["HKK-132.0"]
    assert because(result, "damage", effect="parry-titan") == ["HKK-132.0"]
    assert can_target(result)["parry-titan"] is True
    assert can_react(result) == {"parry": True}


def test_HKK_132_0_immunity_to_creatures():
    # Ghost is immune to creatures: the Ogre's hit (a creature's, a combat ability) does
    # nothing to it; the Tower (a building) and the Bolt (a spell) are no creatures and act.
    # "cannot be affected by creatures" is the same (132.1 «ekvivalens fogalmak»).
    doc = state([card("Ghost", immunities=[{"kind": "creature"}]),
                 card("Shade", cannot_be_affected_by=["creature"]), card("Squire"),
                 card("Ogre"), card("Tower", "building"), card("Bolt", "spell")],
                [effect("ogre-ghost", "Ogre", "Ghost", damage=3, combat=True),
                 effect("ogre-shade", "Ogre", "Shade", damage=3, counter="poison"),
                 effect("ogre-squire", "Ogre", "Squire", damage=3),
                 effect("tower-ghost", "Tower", "Ghost", damage=3),
                 effect("bolt-ghost", "Bolt", "Ghost", damage=3)])
    result = rule(doc)
    assert affects(result) == {"ogre-ghost": False, "ogre-shade": False, "ogre-squire": True,
                               "tower-ghost": True, "bolt-ghost": True}
    assert damage(result) == {"ogre-ghost": 0, "ogre-shade": 0, "ogre-squire": 3,
                              "tower-ghost": 3, "bolt-ghost": 3}
    assert because(result, "affects", effect="ogre-ghost") == ["HKK-132.0"]
    assert because(result, "affects", effect="ogre-shade") == ["HKK-132.0", "HKK-132.1"]


def test_HKK_132_2_K_a_creature_cannot_take_away_the_immunity_to_creatures():
    # «a képesség az ilyen immunitást nem veheti el» (132.2-K): the Ogre's ability would take
    # away the Ghost's immunity to creatures, which protects against the Ogre: kept. The
    # spell's removal is not protected against: it takes the immunity away (132.0), and the
    # Ogre's hit, ruled after the removals, then hits.
    doc = state([card("Ghost", immunities=[{"kind": "creature"}]), card("Ogre"),
                 card("Hex", "spell")],
                [effect("strip", "Ogre", "Ghost", removes_immunity="creature")])
    result = rule(doc)
    assert kept(result) == {"strip"}
    assert removed(result) == set()
    doc["effects"] = [effect("strip", "Hex", "Ghost", removes_immunity="creature"),
                      effect("hit", "Ogre", "Ghost", damage=2)]
    result = rule(doc)
    assert removed(result) == {("Ghost", "creature", "strip")}
    assert damage(result) == {"hit": 2}
    assert affects(result)["hit"] is True


def _named(kind=None, **knight):
    return state([card("Knight", immunities=[{"kind": kind or {"card": "Bolt"}}], **knight),
                  card("Squire"), card("Bolt", "spell"), card("Spark", "spell")],
                 [effect("bolt-knight", "Bolt", "Knight", damage=3, counter="doom"),
                  effect("spark-knight", "Spark", "Knight", damage=3),
                  effect("bolt-squire", "Bolt", "Squire", damage=3)])


def test_HKK_132_0_immunity_to_a_named_card():
    # Knight is immune to the Bolt: the Bolt has no effect of any kind on it (no damage, no
    # counter); the Spark, a spell as well but not the Bolt, acts on it; the Bolt acts on the
    # Squire. The Knight may still be chosen as the Bolt's target (132.2).
    result = rule(_named())
    assert affects(result) == {"bolt-knight": False, "spark-knight": True, "bolt-squire": True}
    assert damage(result) == {"bolt-knight": 0, "spark-knight": 3, "bolt-squire": 3}
    assert because(result, "affects", effect="bolt-knight") == ["HKK-132.0"]
    assert can_target(result)["bolt-knight"] is True
    counter = [r for r in result["rulings"] if r["kind"] == "counter"]
    assert [(r["effect"], r["placed"]) for r in counter] == [("bolt-knight", False)]


def test_HKK_132_0_immunity_to_a_named_card_granted_gained_and_taken_away():
    # Gained by an event before the effects (the events happen first), as any immunity.
    doc = _named()
    doc["cards"][0]["immunities"] = []
    doc["events"] = [gain("Knight", {"card": "Bolt"})]
    assert affects(rule(doc))["bolt-knight"] is False
    # The Bolt cannot take away the immunity against itself (132.2-K); the Spark can, and
    # then the Bolt, ruled after the removals, affects the Knight.
    doc = _named()
    doc["effects"] = [effect("unbolt", "Bolt", "Knight", removes_immunity={"card": "Bolt"})]
    assert kept(rule(doc)) == {"unbolt"}
    doc["effects"] = [effect("unbolt", "Spark", "Knight", removes_immunity={"card": "Bolt"}),
                      effect("bolt-knight", "Bolt", "Knight", damage=3)]
    result = rule(doc)
    assert removed(result) == {("Knight", "card(Bolt)", "unbolt")}
    assert damage(result) == {"bolt-knight": 3}


# --- 3. damage of an element other than the dealing card's subtypes (HKK-132.9) --------------
# «azt jelenti, hogy a lapra az adott altípusú forrásoknak nincs semmilyen hatása, és az ilyen
# típusú sebzések (források, direkt sebző képességek, ilyen altípusú lények ütése) nem okoznak
# neki sebzést.» (Sources of that subtype have no effect on the card, and damage of that type
# (sources, direct-damage abilities, hits of creatures of that subtype) deals it no damage.)
# Read: a direct-damage ability's damage is of the type it names; "ilyen altípusú lények
# ütése" ties a creature's subtype to its hit only. So an effect's damage_element is the type
# of its damage, instead of its card's subtypes, which give the type where none is named.

def _element_doc():
    return state([card("Salamander", immunities=[{"kind": "fire"}]),
                  card("Frost Giant", immunities=[{"kind": "ice"}]),
                  card("Zap", "spell"), card("Drake", subtypes=["fire"]),
                  card("Furnace", "source"), card("Volcano", "source", subtypes=["fire"])],
                 [effect("zap-sal", "Zap", "Salamander", damage=3, damage_element="fire"),
                  effect("zap-giant", "Zap", "Frost Giant", damage=3, damage_element="fire"),
                  effect("frost-sal", "Drake", "Salamander", damage=2, damage_element="ice"),
                  effect("frost-giant", "Drake", "Frost Giant", damage=2, damage_element="ice"),
                  effect("bite-sal", "Drake", "Salamander", damage=2),
                  effect("furnace-sal", "Furnace", "Salamander", damage=4,
                         damage_element="fire"),
                  effect("volcano-giant", "Volcano", "Frost Giant", damage=4,
                         damage_element="ice"),
                  effect("volcano-sal", "Volcano", "Salamander", damage=4,
                         damage_element="ice")])


def test_HKK_132_9_damage_of_the_element_an_effect_names():
    result = rule(_element_doc())
    assert damage(result) == {
        # a plain spell's fire damage: 0 to the fire-immune card, 3 to the ice-immune one
        "zap-sal": 0, "zap-giant": 3,
        # a fire creature's ice ability is ice damage, not its hit: 2 to the fire-immune
        # card, 0 to the ice-immune one; its hit (no element named) is fire damage
        "frost-sal": 2, "frost-giant": 0, "bite-sal": 0,
        # a plain source's fire damage: 0, though the source is no fire source
        "furnace-sal": 0,
        # a fire source's ice damage: 0 to the ice-immune card; on the fire-immune one the
        # fire source has no effect at all («az adott altípusú forrásoknak nincs semmilyen
        # hatása»)
        "volcano-giant": 0, "volcano-sal": 0}
    assert affects(result) == {"zap-sal": True, "zap-giant": True, "frost-sal": True,
                               "frost-giant": True, "bite-sal": True, "furnace-sal": True,
                               "volcano-giant": True, "volcano-sal": False}
    assert because(result, "damage", effect="zap-sal") == ["HKK-132.9"]
    assert because(result, "damage", effect="frost-giant") == ["HKK-132.9"]
    assert because(result, "damage", effect="frost-sal") == ["HKK-132.0"]
    assert because(result, "damage", effect="volcano-sal") == ["HKK-132.0", "HKK-132.9"]


def test_HKK_132_9_out_of_force_the_named_element_stops_nothing():
    damages = damage(rule_without(_element_doc(), "HKK-132.9"))
    assert (damages["zap-sal"], damages["frost-giant"]) == (3, 2)


def test_HKK_132_12_cannot_be_damaged_by_an_element_names_the_damage_element_too():
    # «a megadott támadási formával okozott sebzés minden módosítástól függetlenül mindig 0»:
    # the Zap's fire damage is damage by fire: 0 to a wall that cannot be damaged by fire,
    # 3 to one that cannot be damaged by ice.
    doc = state([card("Fire Wall", "building", cannot_be_damaged_by=["fire"]),
                 card("Ice Wall", "building", cannot_be_damaged_by=["ice"]), card("Zap", "spell")],
                [effect("fire", "Zap", "Fire Wall", damage=3, damage_element="fire"),
                 effect("ice", "Zap", "Ice Wall", damage=3, damage_element="fire")])
    result = rule(doc)
    assert damage(result) == {"fire": 0, "ice": 3}
    assert because(result, "damage", effect="fire") == ["HKK-132.12"]


def test_HKK_132_12_a_fire_creatures_ice_ability_is_still_a_fire_attack_form():
    # Written after the first run (the page's reading of 132.12 beside 132.9): «a megadott
    # támadási formával okozott sebzés»: 132.12 names the attack form, and the Drake's ability
    # is the attack form of a fire creature (it carries its card's subtypes) dealing ice
    # damage: a wall that cannot be damaged by fire and one that cannot be damaged by ice
    # both take 0 from it; a wall that cannot be damaged by acid takes all of it.
    doc = state([card("Fire Wall", "building", cannot_be_damaged_by=["fire"]),
                 card("Ice Wall", "building", cannot_be_damaged_by=["ice"]),
                 card("Acid Wall", "building", cannot_be_damaged_by=["acid"]),
                 card("Drake", subtypes=["fire"])],
                [effect("fire", "Drake", "Fire Wall", damage=2, damage_element="ice"),
                 effect("ice", "Drake", "Ice Wall", damage=2, damage_element="ice"),
                 effect("acid", "Drake", "Acid Wall", damage=2, damage_element="ice")])
    result = rule(doc)
    assert damage(result) == {"fire": 0, "ice": 0, "acid": 2}
    assert because(result, "damage", effect="ice") == ["HKK-132.12"]


def test_HKK_132_11_untargetable_by_an_element_names_the_damage_element_too():
    # Written after the first run: «a megadott támadási forma célpontjának nem lehet a lapot
    # választani»: the Zap, a plain spell dealing fire damage, is a fire attack form: it cannot
    # choose a card untargetable by fire (and so deals it nothing), and can choose one
    # untargetable by ice.
    doc = state([card("Fire Scout", untargetable_by=["fire"]),
                 card("Ice Scout", untargetable_by=["ice"]), card("Zap", "spell")],
                [effect("fire", "Zap", "Fire Scout", damage=3, damage_element="fire"),
                 effect("ice", "Zap", "Ice Scout", damage=3, damage_element="fire")])
    result = rule(doc)
    assert can_target(result) == {"fire": False, "ice": True}
    assert damage(result) == {"fire": 0, "ice": 3}
    assert because(result, "can_target", effect="fire") == ["HKK-132.11"]


# --- bad input: exit code 2, the path named ---------------------------------------------------

GOOD = state([card("Knight", cost=2, no_reactions_from=[{"cost": 1}],
                   immunities=[{"kind": {"card": "Bolt"}}, {"kind": "reaction"}]),
              card("Bolt", "spell")],
             [effect("zap", "Bolt", "Knight", damage=1, damage_element="acid")])


def _bad(path_value):
    doc = copy.deepcopy(GOOD)
    path, value = path_value
    where = doc
    keys = path.replace("]", "").replace("[", ".").split(".")
    for key in keys[:-1]:
        where = where[int(key)] if key.isdigit() else where[key]
    last = keys[-1]
    if value is KeyError:
        del where[int(last) if last.isdigit() else last]
    else:
        where[int(last) if last.isdigit() else last] = value
    return doc


BAD = [
    ("cards[0].cost", -1, "out of range"),
    ("cards[0].cost", "two", "expected an integer"),
    ("cards[0].cost", True, "expected an integer"),
    ("cards[0].no_reactions_from[0].cost", -1, "out of range"),
    ("cards[0].no_reactions_from[0].cost", "1", "expected an integer"),
    ("cards[0].immunities[0].kind.card", "Ghost", "unknown card 'Ghost'"),
    ("cards[0].immunities[0].kind", {"cards": "Bolt"}, "unknown key"),
    ("cards[0].immunities[1].kind", "reactions", "expected one of"),
    ("effects[0].damage_element", "mental", "expected one of"),
    ("effects[0].damage", KeyError, "damage"),
]


@pytest.mark.parametrize("path,value,fragment", BAD, ids=[f"{p}={v!r}" for p, v, _ in BAD])
def test_bad_section3_fields_name_their_path(path, value, fragment):
    target = "effects[0].damage_element" if value is KeyError else path
    if path.endswith(".kind.card"):
        doc = copy.deepcopy(GOOD)
        doc["cards"][0]["immunities"][0]["kind"] = {"card": value}
        target = "cards[0].immunities[0].kind.card"
    else:
        doc = _bad((path, value))
    if isinstance(value, dict):      # an unknown key is named in the path (as OneKey does)
        target = f"{path}.{next(iter(value))}"
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(doc)
    found = caught.value.each()
    assert any(e.path == target and fragment in e.message for e in found), \
        [(e.path, e.message) for e in found]


def test_the_good_document_is_ruled():
    assert pybridge.rule(copy.deepcopy(GOOD))["status"] == "ok"
