"""``rulings rule --explain`` on hkk: each example's why tree holds the facts that decided its
rulings — the immunity met and where it came from, untargetability, the damage sum, and for
events their order (which event made a card fall off, which came first).

The expected values are worked out from each example's own comment and the Kódex, chapter
132 (../shared/rules/hkk.md); events are numbered 1, 2, ... in the document's order.
"""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pybridge
from explain_checks import (
    EXAMPLES,
    TREE,
    addends,
    all_rulings,
    check_analysis_unchanged,
    check_deterministic,
    check_example,
    check_shared,
    examples,
    explained,
    inlined,
    node,
    nodes,
    ruling,
    without_why,
)

HERE = EXAMPLES / "hkk"


@pytest.mark.parametrize("path", examples("hkk"), ids=lambda p: p.name)
def test_every_ruling_has_a_why_that_cites_its_rules(path):
    check_example(path)


def test_cannot_be_damaged_HKK_132_12():
    result = explained(HERE / "cannot_be_damaged.yaml")
    why = ruling(result, "damage", effect="hit")["why"]
    # 3 + 2 + 1 = 6 would be dealt; the Gate cannot be damaged at all: 0.
    step = node(why, "HKK-132.12", "6 (damage 3 + modifier 2 + modifier 1)", "none")
    assert step["facts"]["modified"] == 6
    assert addends(step["facts"], "sum") == [("damage", 3), ("modifier", 2), ("modifier", 1)]
    node(step["why"], "HKK-132.12", "Gate, a building, cannot be damaged")
    # Nothing shields the Gate: the hit may target it and affects it.
    node(ruling(result, "can_target", effect="hit")["why"], "HKK-132.2", "Gate")
    open_step = node(ruling(result, "affects", effect="hit")["why"], "HKK-132.0", "it holds: none")
    assert open_step["facts"]["by"] == "Ogre" and open_step["facts"]["target"] == "Gate"


def test_elenios_ban_automatic_reaction_HKK_132_14_K1():
    result = explained(HERE / "elenios_ban_automatic_reaction.yaml")
    echo = ruling(result, "can_react", reaction="echo")["why"]
    ban = node(echo, "HKK-132.14-K1", "Dragon", "faction elenios")
    assert addends(ban["facts"], "matches") == [("faction", "elenios")]
    node(echo, "HKK-132.14", "no reaction of the kind a card bans")
    inherit = node(echo, "HKK-132.16", "created by Elenios Seer")
    assert ("faction", "elenios") in addends(inherit["facts"], "properties")
    node(echo, "HKK-132.14-K2", "echo is automatic")
    # the Dragon's bans are one step, stated once, under both reactions' steps
    assert addends(node(ban["why"], "HKK-132.14", "Dragon cannot")["facts"], "bans") == \
        [("faction", "elenios")]
    trick = node(ruling(result, "can_react", reaction="trick")["why"], "HKK-132.14", "trick")
    assert addends(node(trick["why"], "HKK-132.14", "Dragon cannot")["facts"], "bans") == \
        [("faction", "elenios")]
    assert ("faction", "dwarf") in addends(trick["facts"], "properties")
    node(ruling(result, "waits", reaction="echo")["why"], "HKK-132.14-K2", "waits")
    node(ruling(result, "inherits", reaction="echo")["why"], "HKK-132.16", "Elenios Seer")


def test_fallen_card_grants_nothing_HKK_132_5_1_event_order():
    result = explained(HERE / "fallen_card_grants_nothing.yaml")
    # Both enchantments fall off at event 1 (source immunity from the Rune), of 2 events.
    for card in ("Curse of Rust", "Halo"):
        why = ruling(result, "falls_off", card=card)["why"]
        step = node(why, "HKK-132.5.1", "event 1 of 2", card)
        assert (step["facts"]["step"], step["facts"]["events"]) == (1, 2)
    # The Halo's grant is event 2: after the Halo fell off at event 1.
    why = ruling(result, "grant_ineffective", card="Paladin", granted_by="Halo")["why"]
    step = node(why, "HKK-132.5.1", "Halo fell off Paladin at event 1", "before event 2")
    assert (step["facts"]["fell"], step["facts"]["step"]) == (1, 2)


def test_fire_immunity_HKK_132_9():
    result = explained(HERE / "fire_immunity.yaml")
    eruption = ruling(result, "affects", effect="eruption", affected=False)["why"]
    shielded = node(eruption, "HKK-132.0", "Salamander is immune to fire", "eruption")
    assert shielded["facts"]["kinds"] == ["fire"]
    node(eruption, "HKK-132.9", "subtype fire")
    node(eruption, "HKK-132.0", "Salamander is immune to fire from the start")
    drake = ruling(result, "damage", effect="drake-hit")["why"]
    assert node(drake, "HKK-132.9", "would deal 4")["facts"]["modified"] == 4
    node(drake, "HKK-132.9", "is fire damage")
    orc = node(ruling(result, "damage", effect="orc-hit")["why"], "HKK-132.0", "4 (damage 4)")
    assert orc["facts"]["modified"] == 4 and orc["facts"]["forms"] == ["damage"]


def test_immune_and_untargetable_HKK_132_11():
    result = explained(HERE / "immune_and_untargetable.yaml")
    step = node(ruling(result, "can_target", effect="drain")["why"], "HKK-132.11",
                "Phantom is untargetable by source")
    assert step["facts"]["what"] == "source"
    node(ruling(result, "affects", effect="drain")["why"], "HKK-132.5", "source immunity")


def test_immune_but_targetable_HKK_132_2():
    result = explained(HERE / "immune_but_targetable.yaml")
    step = node(ruling(result, "can_target", effect="drain")["why"], "HKK-132.2", "Knight")
    assert step["facts"]["immunities"] == ["source"]
    node(ruling(result, "affects", effect="drain")["why"], "HKK-132.5", "Well of Shadows")


def test_no_effect_no_removal_HKK_132_2_K():
    result = explained(HERE / "no_effect_no_removal.yaml")
    node(ruling(result, "can_target", effect="dispel")["why"], "HKK-132.11", "untargetable by spell")
    node(ruling(result, "affects", effect="dispel")["why"], "HKK-132.11", "does not reach Salamander")
    node(ruling(result, "affects", effect="drain")["why"], "HKK-132.5", "source immunity")
    node(ruling(result, "damage", effect="hit")["why"], "HKK-132.9", "Salamander is immune to fire")
    # drain-shade takes the Shade's fire immunity first; the hit on the Shade then counts: 4.
    hit = ruling(result, "damage", effect="hit-shade", amount=4)["why"]
    # The removal decides it (HKK-132.0: drain-shade affects the Shade and takes the immunity
    # away); 132.2-K, which only forbids a removal, is no reason given (issue 52, item 4).
    lifted = node(hit, "HKK-132.0", "Shade's fire immunity", "drain-shade")
    assert lifted["facts"]["removers"] == ["drain-shade"]
    removed = ruling(result, "immunity_removed", card="Shade")["why"]
    node(removed, "HKK-132.0", "takes its fire immunity away")
    assert not [n for n in nodes(removed) if n["rule"] == "HKK-132.2-K"]


def test_poison_immunity_gained_HKK_132_3():
    result = explained(HERE / "poison_immunity_gained.yaml")
    removed = ruling(result, "counters_removed", card="Toad")["why"]
    step = node(removed, "HKK-132.3", "event 1 of 1", "2 poison counters")
    assert (step["facts"]["count"], step["facts"]["step"], step["facts"]["granter"]) == \
        (2, 1, "Antidote Charm")
    # The event came before the bite: the bite meets the immunity gained at event 1.
    bite = ruling(result, "counter", effect="bite")["why"]
    refused = node(bite, "HKK-132.3", "Toad is immune to poison")
    node(refused["why"], "HKK-132.0", "event 1 of 1", "Antidote Charm")
    affects = ruling(result, "affects", effect="bite")["why"]
    node(affects, "HKK-132.0", "does nothing but put that counter")
    node(affects, "HKK-132.3", "bite")


def test_self_granted_enchantment_immunity_literal_HKK_132_6():
    result = explained(HERE / "self_granted_enchantment_immunity_literal.yaml")
    ward = ruling(result, "falls_off", card="Ward")["why"]
    step = node(ward, "HKK-132.6", "event 1 of 1", "Ward")
    node(step["why"], "HKK-132.6", "keeps only an enchantment that grants source immunity")
    node(ruling(result, "falls_off", card="Curse")["why"], "HKK-132.6", "event 1", "Curse")


def test_self_granted_enchantment_immunity_intended_HKK_132_6_I():
    result = explained(HERE / "self_granted_enchantment_immunity_intended.yaml")
    assert [r["card"] for r in result["rulings"]] == ["Curse"]
    node(ruling(result, "falls_off", card="Curse")["why"], "HKK-132.6", "event 1 of 1", "Curse")


def test_source_immunity_gained_HKK_132_5_1():
    result = explained(HERE / "source_immunity_gained.yaml")
    step = node(ruling(result, "falls_off", card="Curse of Rust")["why"], "HKK-132.5.1",
                "Paladin gains source immunity at event 1 of 1")
    assert step["facts"]["host"] == "Paladin" and step["facts"]["kind"] == "source"


def test_untargetable_HKK_132_11():
    result = explained(HERE / "untargetable.yaml")
    node(ruling(result, "can_target", effect="bolt")["why"], "HKK-132.11", "untargetable by spell")
    node(ruling(result, "can_target", effect="beacon")["why"], "HKK-132.2", "beacon")
    node(ruling(result, "affects", effect="beacon")["why"], "HKK-132.0", "it holds: none")
    node(ruling(result, "affects", effect="bolt")["why"], "HKK-132.11", "does not reach Scout")


@pytest.mark.slow
def test_explain_output_is_deterministic():
    check_deterministic("hkk")


def test_explanations_stay_out_of_the_analysis():
    check_analysis_unchanged("hkk")


KINDS = ("creature", "building", "enchantment", "spell", "source", "level_up", "body_part",
         "item", "reaction")
IMMUNITY_KINDS = ("poison", "magic", "source", "enchantment", "instant_general_spell",
                  "mental_spell", "fire", "ice", "combat_abilities", "reaction", "creature")
FORMS = ("any", "spell", "source", "enchantment", "damage", "counter", "item", "fire", "mental")


@st.composite
def states(draw):
    """A random, valid hkk state: a few cards (some on others), effects between them,
    events gaining immunities in order, reactions."""
    names = [f"card {i}" for i in range(draw(st.integers(2, 5)))]
    # what a card can be immune to: a kind, or one card of the state (HKK-132.0)
    immunity_kinds = IMMUNITY_KINDS + tuple({"card": name} for name in names)
    cards = []
    for i, name in enumerate(names):
        card = {"id": name, "kind": draw(st.sampled_from(KINDS))}
        if draw(st.booleans()):
            card["subtypes"] = draw(st.lists(st.sampled_from(("mental", "fire", "ice")),
                                             max_size=2, unique=True))
        if card["kind"] == "spell" and draw(st.booleans()):
            card["spell_type"] = draw(st.sampled_from(("instant", "general", "ritual")))
        if draw(st.booleans()):
            card["faction"] = draw(st.sampled_from(("elenios", "dwarf")))
        if draw(st.booleans()):
            card["cost"] = draw(st.integers(0, 2))
        if i and draw(st.booleans()):
            card["on"] = draw(st.sampled_from(names[:i]))
        if draw(st.booleans()):
            card["counters"] = {"poison": draw(st.integers(0, 2))}
        for key, values in (("immunities", immunity_kinds), ("cannot_be_affected_by", immunity_kinds),
                            ("untargetable_by", FORMS), ("cannot_be_damaged_by", FORMS)):
            if draw(st.integers(0, 3)) == 0:
                chosen = draw(st.lists(st.sampled_from(values), max_size=2, unique_by=str))
                card[key] = [{"kind": k} for k in chosen] if key == "immunities" else chosen
        if draw(st.integers(0, 4)) == 0:
            card["counters_without_effect"] = ["poison"]
        if draw(st.integers(0, 3)) == 0:
            card["no_reactions_from"] = [draw(st.sampled_from(("any", {"faction": "elenios"},
                                                               {"kind": "reaction"},
                                                               {"cost": 1})))]
        cards.append(card)
    effects = []
    for j in range(draw(st.integers(0, 3))):
        effect = {"id": f"effect {j}", "by": draw(st.sampled_from(names)),
                  "target": draw(st.sampled_from(names)), "targeted": draw(st.booleans())}
        if draw(st.booleans()):
            effect["damage"] = draw(st.integers(0, 4))
            effect["damage_modifiers"] = draw(st.lists(st.integers(-2, 2), max_size=2))
            if draw(st.integers(0, 2)) == 0:
                effect["damage_element"] = draw(st.sampled_from(("fire", "ice")))
        if draw(st.integers(0, 2)) == 0:
            effect["counter"] = "poison"
        if draw(st.integers(0, 3)) == 0:
            effect["attach"] = True
        if draw(st.integers(0, 4)) == 0:
            effect["combat"] = True
        if draw(st.integers(0, 3)) == 0:
            effect["removes_immunity"] = draw(st.sampled_from(immunity_kinds))
        effects.append(effect)
    events = []
    for _ in range(draw(st.integers(0, 3))):
        gain = {"card": draw(st.sampled_from(names)), "kind": draw(st.sampled_from(immunity_kinds))}
        if draw(st.booleans()):
            gain["granted_by"] = draw(st.sampled_from(names))
        events.append({"gain_immunity": gain})
    reactions = []
    for j in range(draw(st.integers(0, 2))):
        reaction = {"id": f"reaction {j}", "by": draw(st.sampled_from(names)),
                    "to": draw(st.sampled_from(names)), "automatic": draw(st.booleans())}
        if reaction["automatic"] and draw(st.booleans()):
            reaction["created_by"] = draw(st.sampled_from(names))
        reactions.append(reaction)
    return without_forbidden({"rulebook": "hkk", "cards": cards, "effects": effects,
                               "events": events, "reactions": reactions})


def without_forbidden(doc):
    """The state less what the Kódex forbids of a start state, which validation refuses
    (issue 52, item 5): an enchantment put on a card immune to enchantments comes off it, the
    poison counters of a poison-immune card are 0."""
    from pybridge.books import get
    while True:
        try:
            get("hkk").validate(copy.deepcopy(doc))
            return doc
        except pybridge.InputError as error:
            card = doc["cards"][int(error.path.split("[")[1].split("]")[0])]
            if error.path.endswith(".on"):
                del card["on"]
            elif error.path.endswith(".counters.poison"):
                card["counters"]["poison"] = 0
            else:
                raise


@pytest.mark.slow
@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(states(), st.sampled_from(("literal", "intended")))
def test_explanations_agree_with_the_rulings(doc, edition):
    # In any state: explaining changes no ruling, and every ruling's tree validates and cites
    # each of its rules; an event step named in a tree is one of the state's events.
    plain = pybridge.rule(copy.deepcopy(doc), edition=edition)
    raw = pybridge.rule(copy.deepcopy(doc), edition=edition, explain=True)
    for item in all_rulings(raw):
        TREE.validate(item["why"])
    check_shared(raw)
    result = inlined(raw)
    for item in all_rulings(result):
        assert set(item["because"]) <= {n["rule"] for n in nodes(item["why"])}, item
        for n in nodes(item["why"]):
            if "step" in n["facts"]:
                assert 1 <= n["facts"]["step"] <= n["facts"]["events"] == len(doc["events"])
    assert json.loads(without_why(json.dumps(raw))) == plain



def test_disarmed_by_source_immunity_HKK_132_5_1_K():
    result = explained(HERE / "disarmed_by_source_immunity.yaml")
    # The Amulet grants nothing: the grant's own ruling says why, and so does the hit's damage.
    grant = ruling(result, "grant_without_effect", granted_by="Amulet")["why"]
    step = node(grant, "HKK-132.5.1-K", "Amulet (item) is put on Golem", "no fire immunity")
    assert step["facts"]["immunity"] == "fire"
    hit = ruling(result, "damage", effect="hit")["why"]
    node(hit, "HKK-132.0", "4 (damage 4)", "nothing Golem holds stops it")
    node(hit, "HKK-132.5.1-K", "Amulet", "grants it no fire immunity")
    node(ruling(result, "counter", effect="bite")["why"], "HKK-132.5.1-K", "Rank", "no poison immunity")
    # The Aura cannot be put on: 132.5.1 with 132.5.1-K's list of what still can.
    aura = ruling(result, "attach", effect="aura")["why"]
    node(aura, "HKK-132.5.1", "Aura cannot be put on Golem")
    node(aura, "HKK-132.5.1-K", "only a level-up, body part or item")


# --- every sentence is true of the state (issue 24 item 7) ----------------------------------
#
# Worked out from the Kódex (../shared/rules/hkk.md), not from the rules' code: an effect's
# attack forms are its card's kind (a spell, source, enchantment, reaction, level-up, body
# part or item), a combat ability, damage and a counter (the digest's vocabulary); what each
# immunity blocks is the point that defines it (132.3 to 132.10).
CARD_FORMS = ("spell", "source", "enchantment", "reaction", "level_up", "body_part", "item")


def effect_forms(cards, e):
    forms = {cards[e["by"]]["kind"]} & set(CARD_FORMS)
    forms |= {f for f, on in (("combat_ability", e.get("combat")), ("damage", "damage" in e),
                               ("counter", "counter" in e)) if on}
    return forms


def kind_text(kind):
    """An immunity kind as the rulings and sentences name it: card(X) for the card X."""
    return f"card({kind['card']})" if isinstance(kind, dict) else kind


def damage_type(cards, e):
    """The type of an effect's damage (132.9 "az ilyen típusú sebzések"): the element it
    names (a direct-damage ability's own), else its card's element subtypes."""
    if e.get("damage_element"):
        return {e["damage_element"]}
    return set(cards[e["by"]].get("subtypes", ())) - {"mental"}


def immunity_blocks(kind, cards, e):
    """Whether an immunity of this kind is one against effect e, by the point defining it
    (132.0 for reactions, creatures and one named card: what the card is immune to)."""
    by = cards[e["by"]]
    forms, subtypes = effect_forms(cards, e), set(by.get("subtypes", ()))
    return {
        "reaction": "reaction" in forms,                                      # 132.0
        "creature": by["kind"] == "creature",                                 # 132.0
        f"card({e['by']})": True,                                             # 132.0
        "poison": e.get("counter") == "poison",                                # 132.3
        "magic": "spell" in forms or "enchantment" in forms,                   # 132.4
        "source": "source" in forms,                                           # 132.5
        "enchantment": "enchantment" in forms,                                 # 132.6
        "instant_general_spell": "spell" in forms and by.get("spell_type") in ("instant", "general"),
        "mental_spell": bool({"spell", "enchantment"} & forms) and "mental" in subtypes,
        # 132.10 "a lények harci képességei": the combat abilities of creatures
        "combat_abilities": "combat_ability" in forms and by["kind"] == "creature",
    }.get(kind, kind in subtypes)                                              # 132.9


def named_kinds(doc):
    """A copy of the document with every immunity to a card, {card: X}, written card(X)."""
    doc = copy.deepcopy(doc)
    for c in doc.get("cards", ()):
        for i in c.get("immunities", ()):
            i["kind"] = kind_text(i["kind"])
        if "cannot_be_affected_by" in c:
            c["cannot_be_affected_by"] = list(map(kind_text, c["cannot_be_affected_by"]))
    for e in doc.get("effects", ()):
        if e.get("removes_immunity") is not None:
            e["removes_immunity"] = kind_text(e["removes_immunity"])
    for ev in doc.get("events", ()):
        ev["gain_immunity"]["kind"] = kind_text(ev["gain_immunity"]["kind"])
    return doc


def check_true_of_state(doc, result):
    """Every node of every ruling's tree says only what the state bears out: the effect,
    reaction and event it names are the document's, with their card, target and order; its
    forms are the effect's attack forms; its sums add up to the damage and modifiers; the
    immunities it names are the card's and are ones against that effect; the bans and
    properties are the cards'; a card that falls off was on its host. An immunity to a card
    is named card(X), as the rulings name it."""
    doc = named_kinds(doc)
    cards = {c["id"]: c for c in doc.get("cards", ())}
    effects = {e["id"]: e for e in doc.get("effects", ())}
    reactions = {r["id"]: r for r in doc.get("reactions", ())}
    events = [ev["gain_immunity"] for ev in doc.get("events", ())]

    def declared(card_id):
        """Every immunity the document gives the card: from the start, by 132.1's wording,
        or gained by an event."""
        c = cards[card_id]
        return ({kind_text(i["kind"]) for i in c.get("immunities", ())}
                | set(map(kind_text, c.get("cannot_be_affected_by", ())))
                | {kind_text(ev["kind"]) for ev in events if ev["card"] == card_id})

    def pairs(f, key):
        return {(p["name"], p["value"]) for p in f.get(key, ())}

    def bans_of(card_id):
        """The card's bans as (property, value) pairs, ``any`` as (any, any)."""
        return {("any", "any") if b == "any" else next(iter(b.items()))
                for b in cards[card_id].get("no_reactions_from", ())}

    def properties(card_id):
        c = cards[card_id]
        return {(k, c[k]) for k in ("faction", "colour", "cost") if c.get(k) is not None} | {
            ("kind", c["kind"])}

    for item in all_rulings(result):
        for n in nodes(item["why"]):
            f, says, rule = n["facts"], n["says"], n["rule"]
            where = (item["kind"], rule, says, f)
            for role in ("card", "by", "target", "granter", "host", "creator", "to"):
                if role in f and not (role == "by" and "reaction" in f and f[role] in reactions):
                    assert f[role] in cards, where
            if "effect" in f:
                e = effects[f["effect"]]
                assert (f["by"], f["target"]) == (e["by"], e["target"]), where
                assert set(f.get("forms", ())) == effect_forms(cards, e), where
                if "sum" in f:
                    assert addends(f, "sum") == [("damage", e["damage"])] + [
                        ("modifier", m) for m in e.get("damage_modifiers", ())], where
                    assert f["modified"] == sum(v for _, v in addends(f, "sum")), where
                    if "never below 0" in says:
                        # what it deals is the sum, or 0 where the sum is below 0
                        assert ("so it deals 0" in says) == (f["modified"] < 0), where
                        assert f"{f['modified']} (" in says or f["modified"] < 0, where
                for key in ("immunities", "kinds"):
                    assert set(f.get(key, ())) <= declared(e["target"]), where
                for k in f.get("kinds", ()):
                    assert immunity_blocks(k, cards, e), where
                if "what" in f:                                   # 132.11 and 132.12
                    t = cards[e["target"]]
                    named = t["untargetable_by"] if rule == "HKK-132.11" else t["cannot_be_damaged_by"]
                    assert f["what"] in named, where
                    names = effect_forms(cards, e) | set(cards[e["by"]].get("subtypes", ())) | {"any"}
                    names |= {e["damage_element"]} if e.get("damage_element") else set()
                    assert f["what"] in names, where
                if rule == "HKK-132.12" and "kind" in f:
                    assert f["kind"] == cards[e["target"]]["kind"] in ("creature", "building"), where
                if rule == "HKK-132.9" and "kind" in f:           # an element immunity met
                    assert f["kind"] in declared(e["target"]), where
                    if " damage" in says:                         # by the type of its damage
                        assert f["kind"] in damage_type(cards, e), where
                    else:                                         # a source of the subtype
                        assert immunity_blocks(f["kind"], cards, e), where
                if rule == "HKK-132.5.1-K" and "kind" in f:       # what it is put on grants nothing
                    assert cards[e["by"]].get("on") == e["target"] or f["kind"] == cards[e["by"]]["kind"], where
                    assert "source" in declared(e["target"]), where
                if "is immune to poison" in says:
                    assert "poison" in declared(e["target"]) and e.get("counter") == "poison", where
            if "reaction" in f:
                r = reactions[f["reaction"]]
                assert (f["by"], f["to"]) == (r["by"], r["to"]), where
                if "creator" in f:
                    assert f["creator"] == r.get("created_by") and r.get("automatic"), where
                    assert pairs(f, "properties") == properties(f["creator"]), where
                elif "properties" in f:
                    own = properties(r["by"])
                    if r.get("automatic") and r.get("created_by"):   # 132.16: it has its creator's too
                        own |= properties(r["created_by"])
                    assert pairs(f, "properties") == own, where
                if "matches" in f:
                    assert pairs(f, "matches") <= bans_of(r["to"]), where
                if "automatic" in says:
                    assert r.get("automatic"), where
            if "bans" in f:                                       # a card's bans, stated once
                assert pairs(f, "bans") == bans_of(f["card"]), where
            if "removers" in f:                                   # an immunity taken away
                for r in f["removers"]:
                    assert effects[r]["target"] == f["card"], where
                    assert effects[r].get("removes_immunity") == f["kind"], where
            if "step" in f:                                       # an event, by its number
                assert f["events"] == len(events) and 1 <= f["step"] <= len(events), where
                ev = events[f["step"] - 1]
                # a void grant names the event's own card, which need not be the host the
                # granter fell off (an enchantment may have granted itself the immunity)
                gains = f["card"] if "fell" in f else f.get("host", f.get("card"))
                assert (ev["card"], ev["kind"]) == (gains, f["kind"]), where
                if "granter" in f:
                    assert ev.get("granted_by") == f["granter"], where
                if "count" in f:
                    assert cards[ev["card"]].get("counters", {}).get("poison") == f["count"], where
            if "fell" in f:                                       # fell off at an event
                fell = events[f["fell"] - 1]
                assert (fell["card"], fell["kind"]) == (f["host"], f["fell_kind"]), where
                assert cards[f["granter"]].get("on") == f["host"], where
                if "step" in f:                                   # a grant after it: void
                    assert f["fell"] < f["step"], where
                else:                                             # a grant before it: ended
                    assert {"kind": f["kind"], "granted_by": f["granter"]} in \
                        cards[f["card"]].get("immunities", ()) or any(
                            ev == {"card": f["card"], "kind": f["kind"], "granted_by": f["granter"]}
                            for ev in events[:f["fell"]]), where
            if "host" in f and "card" in f and "falls off" in says:
                c = cards[f["card"]]
                assert c.get("on") == f["host"] and c["kind"] == "enchantment", where
                if "mental enchantment" in says:
                    assert "mental" in c.get("subtypes", ()), where
            if "from the start" in says:
                c = cards[f["card"]]
                start = {i["kind"] for i in c.get("immunities", ())} | set(
                    c.get("cannot_be_affected_by", ()))
                assert f["kind"] in start, where
                if "granter" in f:
                    assert {"kind": f["kind"], "granted_by": f["granter"]} in c["immunities"], where
            if rule == "HKK-132.1" and "card" in f:
                assert f["kind"] in cards[f["card"]].get("cannot_be_affected_by", ()), where
            if "immunity" in f and "granter" in f:                # a grant without effect
                g = cards[f["granter"]]
                # 132.5.1-K: put on the source-immune creature; 132.5: a source; 132.6, 132.4,
                # 132.8: an enchantment, on a card immune to enchantments, to magic, or (a
                # mental one) to mental spells
                blocker = {"HKK-132.5.1-K": "source", "HKK-132.5": "source",
                           "HKK-132.6": "enchantment", "HKK-132.4": "magic",
                           "HKK-132.8": "mental_spell"}[rule]
                if rule == "HKK-132.5.1-K":
                    assert g.get("on") == f["card"] and g["kind"] == f["kind"] in \
                        ("level_up", "body_part", "item"), where
                elif rule == "HKK-132.5":
                    assert g["kind"] == "source", where
                else:
                    assert g["kind"] == "enchantment", where
                    assert rule != "HKK-132.8" or "mental" in g.get("subtypes", ()), where
                assert {"kind": f["immunity"], "granted_by": f["granter"]} in \
                    cards[f["card"]].get("immunities", ()) or any(
                        ev == {"card": f["card"], "kind": f["immunity"], "granted_by": f["granter"]}
                        for ev in events), where
                assert blocker in declared(f["card"]), where


@pytest.mark.parametrize("edition", ["literal", "intended"])
@pytest.mark.parametrize("path", examples("hkk"), ids=lambda p: p.name)
def test_every_sentence_of_every_example_is_true_of_its_state(path, edition):
    doc = pybridge.load(path)
    check_true_of_state(doc, explained(doc, edition))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(states(), st.sampled_from(("literal", "intended")))
def test_every_sentence_of_a_random_state_is_true_of_it(doc, edition):
    check_true_of_state(doc, explained(doc, edition))


def test_the_sentence_check_catches_wrong_sentences():
    # The check itself: a damage sum that is not the effect's, a negative amount said to be
    # dealt, an immunity the card does not hold, and an event of another card are refused.
    doc = {"rulebook": "hkk",
           "cards": [{"id": "A", "kind": "creature"}, {"id": "B", "kind": "creature"}],
           "effects": [{"id": "hit", "by": "A", "target": "B", "damage": 1,
                        "damage_modifiers": [-2], "targeted": False}],
           "events": [{"gain_immunity": {"card": "A", "kind": "poison"}}]}
    result = explained(doc)
    check_true_of_state(doc, result)
    amount = node(ruling(result, "damage", effect="hit")["why"], "HKK-132.0", "never below 0")
    assert "so it deals 0" in amount["says"]
    for corrupt in (
            lambda n: n["facts"]["sum"][1].update(value=-1),
            lambda n: n.update(says="hit of A (damage) deals its damage with its modifiers, "
                                    "never below 0: -1 (damage 1 + modifier -2)"),
            lambda n: n["facts"].update(immunities=["fire"]),
            lambda n: n["facts"].update(target="A"),
            lambda n: n["facts"].update(forms=["damage", "spell"])):
        wrong = copy.deepcopy(result)
        corrupt(node(ruling(wrong, "damage", effect="hit")["why"], "HKK-132.0", "never below 0"))
        with pytest.raises(AssertionError):
            check_true_of_state(doc, wrong)


def test_an_immunity_gained_twice_is_stated_once_for_every_effect_it_blocks():
    # HKK-132.9: a source of a subtype the card is immune to has no effect on it; HKK-132.0:
    # an immunity gained by an event holds from that event on. The Salamander gains fire
    # immunity at events 1 and 2, and two fire sources' eruptions meet it: neither affects
    # it. Where the immunity comes from (both gains) is one shared step that both effects'
    # trees refer to, not a copy of every gain under every effect (n effects and n gains
    # would be n x n steps).
    doc = {"rulebook": "hkk",
           "cards": [{"id": "Salamander", "kind": "creature"},
                     {"id": "Volcano", "kind": "source", "subtypes": ["fire"]}],
           "events": [{"gain_immunity": {"card": "Salamander", "kind": "fire"}},
                      {"gain_immunity": {"card": "Salamander", "kind": "fire"}}],
           "effects": [{"id": "eruption", "by": "Volcano", "target": "Salamander"},
                       {"id": "second eruption", "by": "Volcano", "target": "Salamander"}]}
    raw = pybridge.rule(copy.deepcopy(doc), explain=True)
    check_shared(raw)
    held = [key for key, n in raw["shared"].items()
            if n["rule"] == "HKK-132.0" and "holds fire immunity gained by the events" in n["says"]]
    assert len(held) == 1
    gains = [n["says"] for n in raw["shared"][held[0]]["why"]]
    assert gains == ["Salamander gains fire immunity at event 1 of 2, before the effects are "
                     "ruled on", "Salamander gains fire immunity at event 2 of 2, before the "
                     "effects are ruled on"]
    result = inlined(raw)
    for effect in ("eruption", "second eruption"):
        assert ruling(result, "affects", effect=effect)["affected"] is False
        node(ruling(result, "affects", effect=effect)["why"], "HKK-132.9", "fire")
        node(ruling(result, "affects", effect=effect)["why"], "HKK-132.0", "at event 2 of 2")
