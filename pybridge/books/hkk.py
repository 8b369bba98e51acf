"""Rulebook ``hkk``: immunity, untargetability, damage, counters and reactions (Hatalom
Kártyái, Kódex chapter 132). Schema (the contract of docs/rulebooks/hkk.md, plus ``colour``,
``cannot_be_affected_by``, ``damage_modifiers`` and ``combat``), references, fact mapping
and ruling fields. Rules live in ``asp/hkk/``."""

from functools import cached_property

from ..documents.schema import (
    Bool,
    Either,
    Enum,
    Given,
    Int,
    ListOf,
    MapOf,
    OneKey,
    Opt,
    Record,
    Registry,
    Requires,
    Str,
    check_sum,
    refuse_cycles,
    shown,
)
from ..engine.symbols import Const, Term, identifier
from ..errors import InputError
from .base import Rulebook, RulingKind, state_document
from .bound import Bound
from .declared import KEY, Custom, Every, Fact, Facts, Field, Flag, Items, Name, Records

KINDS = ("creature", "building", "enchantment", "spell", "source", "level_up", "body_part",
         "item", "reaction")
ELEMENTS = ("fire", "ice", "cold", "lightning", "electricity", "acid")
SUBTYPES = ("mental",) + ELEMENTS
IMMUNITY_KINDS = ("poison", "magic", "source", "enchantment", "instant_general_spell",
                  "mental_spell") + ELEMENTS + ("combat_abilities", "reaction", "creature")
SPELL_TYPES = ("instant", "general")   # the ones the rules name (HKK-132.7); others pass
COUNTERS = ("poison",)                 # the one the rules name (HKK-132.3); others pass
FORMS = ("any", "spell", "source", "enchantment", "reaction", "combat_ability", "damage",
         "counter", "level_up", "body_part", "item") + SUBTYPES

# What a card can be immune to (HKK-132.0 "immunis valamire"): a kind the chapter names (132.3-
# 132.10), reactions or creatures, or one card named, {card: X}.
IMMUNITY_KIND = Either(Enum(IMMUNITY_KINDS), OneKey({"card": Str()},
                                                    about={"card": "this card"}),
                       plain_name="an immunity kind")
IMMUNITY = Record({"kind": IMMUNITY_KIND, "granted_by": Opt(Str())}, about={
    "kind": "what the card is immune to: a kind, or {card: X}, the card X",
    "granted_by": "the card that grants the immunity",
})
SELECTOR = Either(Enum(("any",)), OneKey({"faction": Str(), "colour": Str(),
                                          "kind": Enum(KINDS), "cost": Int(lo=0)},
                                         about={"faction": "cards of this faction",
                                                "colour": "cards of this colour",
                                                "kind": "cards of this kind",
                                                "cost": "cards of exactly this casting cost"}),
                  plain_name="any")
CARD = Record({
    "id": Str(),
    "kind": Enum(KINDS),
    "subtypes": Opt(ListOf(Enum(SUBTYPES)), list),
    "spell_type": Opt(Str()),
    "faction": Opt(Str()),
    "colour": Opt(Str()),
    "cost": Opt(Int(lo=0)),
    "on": Opt(Str()),
    "counters": Opt(MapOf(Str(), Int(lo=0)), dict),
    "immunities": Opt(ListOf(IMMUNITY), list),
    "cannot_be_affected_by": Opt(ListOf(IMMUNITY_KIND), list),
    "untargetable_by": Opt(ListOf(Enum(FORMS)), list),
    "cannot_be_damaged_by": Opt(ListOf(Enum(FORMS)), list),
    "counters_without_effect": Opt(ListOf(Str()), list),
    "no_reactions_from": Opt(ListOf(SELECTOR), list),
}, about={
    "id": "the card's id (any non-empty text)",
    "kind": "the card's kind",
    "subtypes": "its subtypes (mental and the elements)",
    "spell_type": "its spell type (instant and general are the ones the rules name)",
    "faction": "its faction",
    "colour": "its colour",
    "cost": "its casting cost (0 or more)",
    "on": "the card it is put on",
    "counters": "counters on it: name -> how many (poison is the one the rules name)",
    "immunities": "its immunities, each perhaps granted by a card",
    "cannot_be_affected_by": "HKK-132.1's wording of an immunity: what cannot affect it",
    "untargetable_by": "attack forms that cannot target it (HKK-132.11)",
    "cannot_be_damaged_by": "attack forms that cannot damage it (HKK-132.12)",
    "counters_without_effect": "counters that have no effect on it (HKK-132.13)",
    "no_reactions_from": "cards that may not react to it: any, or {faction|colour|kind|cost: X}",
})
EFFECT = Record({
    "id": Str(),
    "by": Str(),
    "target": Str(),
    "targeted": Opt(Bool(), True),
    "damage": Opt(Int(lo=0)),
    "damage_modifiers": Opt(ListOf(Int()), list),
    "damage_element": Opt(Enum(ELEMENTS)),
    "counter": Opt(Str()),
    "attach": Opt(Bool(), False),
    "combat": Opt(Bool(), False),
    "removes_immunity": Opt(IMMUNITY_KIND),
}, about={
    "id": "the effect's id",
    "by": "the card whose effect it is",
    "target": "the card it is aimed at",
    "targeted": "whether it targets (chooses) the card (default true)",
    "damage": "the damage it deals (0 or more)",
    "damage_modifiers": "modifiers added to the damage, in order",
    "damage_element": "the element of its damage, where it names one (else its card's)",
    "counter": "a counter it puts on the card",
    "attach": "whether it attaches to the card (default false)",
    "combat": "whether it is a combat ability (default false)",
    "removes_immunity": "an immunity it takes away",
}, rules=(Requires(Given("damage_element"), Given("damage"), "damage_element",
                   lambda e: f"a damage element ({e['damage_element']}) names the element of "
                             "the effect's damage, and the effect gives no damage"),))
REACTION = Record({"id": Str(), "by": Str(), "to": Str(), "automatic": Opt(Bool(), False),
                   "created_by": Opt(Str())}, about={
    "id": "the reaction's id",
    "by": "the card that reacts",
    "to": "the card it reacts to",
    "automatic": "whether it is an automatic reaction (default false)",
    "created_by": "the card that created it",
})
EVENT = OneKey({"gain_immunity": Record({"card": Str(), "kind": IMMUNITY_KIND,
                                         "granted_by": Opt(Str())}, about={
    "card": "the card that gains the immunity",
    "kind": "the immunity gained",
    "granted_by": "the card that grants it",
})}, about={"gain_immunity": "a card gains an immunity"})
DOCUMENT = state_document("hkk", "literal", {
    "cards": Opt(ListOf(CARD), list),
    "effects": Opt(ListOf(EFFECT), list),
    "reactions": Opt(ListOf(REACTION), list),
    "events": Opt(ListOf(EVENT), list),
}, about={
    "cards": "the cards in play",
    "effects": "effects of one card on another",
    "reactions": "reactions of one card to another",
    "events": "events before the effects are ruled, in order",
})

# `rulings new hkk`: every field, with example values.
SAMPLE = {
    "rulebook": "hkk", "edition": "literal",
    "cards": [
        {"id": "Knight", "kind": "creature", "subtypes": ["mental"], "faction": "order",
         "colour": "white", "cost": 2, "counters": {"poison": 1},
         "immunities": [{"kind": "source", "granted_by": "Halo"},
                        {"kind": {"card": "Bolt"}, "granted_by": "Halo"}],
         "cannot_be_affected_by": ["magic", {"card": "Bolt"}], "untargetable_by": ["spell"],
         "cannot_be_damaged_by": ["fire"], "counters_without_effect": ["rust"],
         "no_reactions_from": ["any", {"faction": "elenios"}, {"colour": "red"},
                               {"kind": "spell"}, {"cost": 1}]},
        {"id": "Halo", "kind": "enchantment", "on": "Knight"},
        {"id": "Bolt", "kind": "spell", "spell_type": "instant", "subtypes": ["fire"]},
    ],
    "effects": [{"id": "burn", "by": "Bolt", "target": "Knight", "targeted": True, "damage": 3,
                 "damage_modifiers": [1], "damage_element": "acid", "counter": "poison",
                 "attach": False, "combat": False, "removes_immunity": "source"}],
    "reactions": [{"id": "echo", "by": "Halo", "to": "Bolt", "automatic": False,
                   "created_by": "Knight"}],
    "events": [{"gain_immunity": {"card": "Knight", "kind": "poison", "granted_by": "Halo"}},
               {"gain_immunity": {"card": "Halo", "kind": {"card": "Bolt"}}}],
}


def _name(value, vocabulary):
    """A name the rules use (a constant of the encoding), or any other text (a string)."""
    return Const(value) if value in vocabulary else value


def _names(path):
    """Every element of the list field ``path``, a name of the rules' vocabulary."""
    return Every(path, lambda value, _: Const(value))


def _kind(kind, _=None):
    """An immunity kind as a fact's argument: a constant of the vocabulary, or card(X) for an
    immunity to the card X (HKK-132.0 "immunis valamire")."""
    if isinstance(kind, dict):
        return Term("card", (kind["card"],))
    return Const(kind)


def _kind_back(symbol, _=None):
    """An immunity kind of a document, from a fact's argument (its clingo symbol)."""
    if symbol.arguments:
        return {"card": identifier(symbol.arguments[0])}
    return symbol.name


def kind_text(kind):
    """An immunity kind as the rulings name it: its name, or card(X) for the card X."""
    return f"card({kind['card']})" if isinstance(kind, dict) else kind


def _selector_arguments(selector, _):
    """A card that may not react, as state_no_reactions_from's two arguments: any, any; or
    faction/colour and the name; or kind and the kind; or cost and the number."""
    if selector == "any":
        return Const("any"), Const("any")
    ((key, value),) = selector.items()
    return Const(key), Const(value) if key == "kind" else value


def _selector(arguments, _):
    """The selector of state_no_reactions_from's two arguments."""
    key, value = arguments
    return "any" if key == "any" else {key: value}


def _immunity_facts(state, _):
    """A card's immunities: state_immunity(C, K) for each kind it is immune to, in any way;
    state_immunity_granted_by(C, K, G) for each card granting it; and state_immunity_own(C,
    K) where it is immune to K in its own right (an entry without granted_by) besides a
    card's grant of K: without a grant, state_immunity alone says its own. So a granted
    immunity is two facts, and one both granted and its own three, as the state space counts
    them (HKK-132.0: the own one stays when the grant is void)."""
    out = []
    for card in state["cards"]:
        kinds = list(dict.fromkeys(_kind(i["kind"]) for i in card["immunities"]))
        granted = {_kind(i["kind"]) for i in card["immunities"] if i["granted_by"] is not None}
        own = {_kind(i["kind"]) for i in card["immunities"] if i["granted_by"] is None}
        out += [("state_immunity", card["id"], kind) for kind in kinds]
        out += [("state_immunity_granted_by", card["id"], _kind(i["kind"]), i["granted_by"])
                for i in card["immunities"] if i["granted_by"] is not None]
        out += [("state_immunity_own", card["id"], kind) for kind in kinds
                if kind in own and kind in granted]
    return out


def _put_immunities(document, rows, _):
    """The immunities read back: a kind no card grants is the card's own; a granted one is
    also its own where state_immunity_own says so."""
    def of(name):
        """Each fact's values, its kind (the second) as the symbol."""
        return [(values[0], symbols[1], *values[2:]) for values, symbols in rows.get(name, ())]
    granted, own = {}, set(map(tuple, of("state_immunity_own")))
    for card, kind, granter in of("state_immunity_granted_by"):
        granted.setdefault((card, kind), []).append(granter)
    cards = {card["id"]: card for card in document.get("cards", ())}
    for card, kind in of("state_immunity"):
        if card not in cards:
            continue
        entries = cards[card].setdefault("immunities", [])
        if (card, kind) not in granted or (card, kind) in own:
            entries.append({"kind": _kind_back(kind)})
        entries += [{"kind": _kind_back(kind), "granted_by": g}
                    for g in granted.get((card, kind), ())]


# The input facts (vocabulary.lp), from which the bridge gives a state's facts and the
# analysis its witnesses' documents.
FACTS = Facts(
    "hkk",
    records=(
        Records("cards",
                Fact("state_card", KEY, Name("kind")),
                Fact("state_subtype", KEY, _names("subtypes")),
                Fact("state_spell_type", KEY, Name("spell_type", SPELL_TYPES)),
                Fact("state_property", KEY, Const("faction"), "faction"),
                Fact("state_property", KEY, Const("colour"), "colour"),
                Fact("state_property", KEY, Const("cost"), "cost"),
                Fact("state_on", KEY, "on"),
                Fact("state_counter", KEY, Items("counters", lambda c, _: _name(c, COUNTERS))),
                Fact("state_cannot_be_affected_by", KEY,
                     Every("cannot_be_affected_by", _kind, _kind_back, raw=True)),
                Fact("state_untargetable_by", KEY, _names("untargetable_by")),
                Fact("state_cannot_be_damaged_by", KEY, _names("cannot_be_damaged_by")),
                Fact("state_counter_without_effect", KEY,
                     Every("counters_without_effect", lambda c, _: _name(c, COUNTERS),
                           order=str)),
                Fact("state_no_reactions_from", KEY,
                     Every("no_reactions_from", _selector_arguments, _selector, width=2)),
                always=True),
        Records("effects",
                Fact("state_effect", KEY, "by", "target"),
                Flag("state_effect_targeted", "targeted", otherwise=False),
                Fact("state_effect_damage", KEY, "damage"),
                Fact("state_effect_modifier", KEY, Every("damage_modifiers", numbered=0)),
                Fact("state_effect_damage_element", KEY, Name("damage_element")),
                Fact("state_effect_counter", KEY, Name("counter", COUNTERS)),
                Flag("state_effect_attach", "attach"),
                Flag("state_effect_combat", "combat"),
                Fact("state_effect_removes_immunity", KEY,
                     Field("removes_immunity", _kind, _kind_back, raw=True))),
        Records("reactions",
                Fact("state_reaction", KEY, "by", "to"),
                Flag("state_reaction_automatic", "automatic"),
                Fact("state_reaction_created_by", KEY, "created_by")),
        Records("events",
                Fact("state_event", KEY, "gain_immunity.card",
                     Field("gain_immunity.kind", _kind, _kind_back, raw=True)),
                Fact("state_event_granted_by", KEY, "gain_immunity.granted_by"),
                key="#1"),
    ),
    custom=(Custom(("state_immunity", "state_immunity_granted_by", "state_immunity_own"),
                   _immunity_facts, _put_immunities),),
    spec=DOCUMENT)


class Hkk(Rulebook):
    name = "hkk"
    spec, sample = DOCUMENT, SAMPLE
    declared = FACTS
    description = ("immunity, untargetability, 'cannot be damaged', counters and reactions "
                   "(Hatalom Kártyái, Kódex ch. 132)")
    rule_files = ("vocabulary.lp", "taxonomy.lp", "immunity.lp", "abilities.lp",
                  "alternatives.lp")
    default_edition = "literal"
    kinds = (
        RulingKind("can_target", ("effect", "legal"),
                   lambda r: f"Effect {r['effect']} {'may' if r['legal'] else 'may not'} "
                             "choose its target."),
        RulingKind("affects", ("effect", "affected"),
                   lambda r: f"Effect {r['effect']} {'affects' if r['affected'] else 'does not affect'} "
                             "its target."),
        RulingKind("damage", ("effect", "amount"),
                   lambda r: f"Effect {r['effect']} deals {r['amount']} damage."),
        RulingKind("counter", ("effect", "placed", "effective"),
                   lambda r: f"Effect {r['effect']}: the counter is "
                             f"{'placed' if r['placed'] else 'not placed'}"
                             f"{' and takes effect' if r['effective'] else ', without effect'}."),
        RulingKind("attach", ("effect", "allowed", "effective"),
                   lambda r: f"Effect {r['effect']}: the card "
                             f"{'can be put on' if r['allowed'] else 'cannot be put on'} its target"
                             f"{' and takes effect' if r['effective'] else ', without effect'}."),
        RulingKind("falls_off", ("card", "from"),
                   lambda r: f"{r['card']} falls off {r['from']}."),
        RulingKind("counters_removed", ("card", "counter"),
                   lambda r: f"The {r['counter']} counters fall off {r['card']}."),
        RulingKind("immunity_kept", ("effect",),
                   lambda r: f"Effect {r['effect']} cannot take the immunity away."),
        RulingKind("immunity_removed", ("card", "immunity", "by"),
                   lambda r: f"Effect {r['by']} takes the {r['immunity']} immunity of "
                             f"{r['card']} away."),
        RulingKind("grant_ineffective", ("card", "immunity", "granted_by"),
                   lambda r: f"{r['granted_by']} has fallen off, so it grants {r['card']} no "
                             f"{r['immunity']} immunity."),
        RulingKind("grant_without_effect", ("card", "immunity", "granted_by"),
                   lambda r: f"{r['granted_by']} has no effect on {r['card']}, so it grants "
                             f"it no {r['immunity']} immunity."),
        RulingKind("can_react", ("reaction", "allowed"),
                   lambda r: f"Reaction {r['reaction']} "
                             f"{'may' if r['allowed'] else 'may not'} react."),
        RulingKind("waits", ("reaction",),
                   lambda r: f"Automatic reaction {r['reaction']} waits for the next card "
                             "play it may react to."),
        RulingKind("inherits", ("reaction", "from"),
                   lambda r: f"Automatic reaction {r['reaction']} has the properties of "
                             f"{r['from']}."),
    )

    bounds = (
        Bound("max_cards", "--cards", ("max_cards",), 3, (1, 5), "most cards"),
        Bound("max_effects", "--effects", ("max_effects",), 2, (0, 3), "most effects"),
        Bound("max_reactions", "--reactions", ("max_reactions",), 2, (0, 2),
              "most reactions"),
        Bound("max_events", "--events", ("max_events",), 2, (0, 3),
              "most events (immunities gained, in order)"),
        Bound("damage", "--damage", ("dmg_lo", "dmg_hi"), (0, 3), (0, 100),
              "damage range LO..HI of an effect"),
        Bound("modifiers", "--modifiers", ("mod_lo", "mod_hi"), (-1, 2), (-100, 100),
              "range LO..HI of a damage modifier (an effect has up to two)"),
        Bound("max_properties", "--properties", ("max_properties",), 3, (0, 12),
              "most optional facts at once (subtypes, immunities, untargetability, "
              "counters, damage, modifiers, cards put on others, ...)"),
    )
    # enumerate lists every situation once: two cards, one effect, one reaction, one event,
    # damage 0..1 and two properties reach every ruling kind (1,326 classes; 1,091 before
    # issue 52's section 3 added costs, damage elements and immunities to reactions,
    # creatures and a card. A grant an enchantment's falling off ends, or one an immunity
    # makes powerless, takes two optional facts since issue 52; with three properties and no
    # reaction, before section 3, 2,439 classes, and not can_react, inherits or waits)
    listing_bounds = {"max_cards": 2, "max_effects": 1, "max_reactions": 1, "max_events": 1,
                      "damage": (0, 1), "modifiers": (0, 0), "max_properties": 2}

    # diff lists only the states that change: room for an event granted by an enchantment put
    # on its card (132.6, 132.8: three optional facts with the mental subtype), no reaction
    diff_bounds = {"max_reactions": 0, "max_events": 1, "max_properties": 3}

    def max_class_size(self, bounds):
        return max(bounds["max_cards"], bounds["max_effects"], bounds["max_reactions"])

    @cached_property
    def vocabulary(self):
        """The input facts (see vocabulary.lp) over the names the rules use and one other
        (a counter, a spell type, two factions or colours), costs 0 and 1 (two cards reach
        a cost ban's both sides: equal, one off), an immunity to any card of the state;
        asp/hkk/valid.lp says the rest."""
        from ..documents.inputs import (
            ANY,
            OPTIONAL,
            Input,
            Ints,
            Joint,
            Kind,
            Names,
            Numbers,
            Obj,
            Ref,
            Tagged,
            Union,
            Values,
            Vocabulary,
        )
        card, effect = Obj("card"), Obj("effect")
        immunity = Union(Values(*map(Const, IMMUNITY_KINDS)), Tagged("card", Ref("card")))
        counter = Union(Values(*map(Const, COUNTERS)), Names("other"))
        names, costs = Names("red", "blue"), Numbers(0, 1)
        named = (Values(Const("faction"), Const("colour")), names)
        cost = (Values(Const("cost")), costs)
        selector = Joint((Values(Const("any")), Values(Const("any"))), named,
                         (Values(Const("kind")), Values(*map(Const, KINDS))), cost)
        return Vocabulary(
            kinds=(Kind("card", "max_cards", least=1), Kind("effect", "max_effects"),
                   Kind("reaction", "max_reactions", cube=False),
                   Kind("event", "max_events", numbered=True, cube=False)),
            inputs=(
                Input("state_card", (card, Values(*map(Const, KINDS)))),
                Input("state_subtype", (card, Values(*map(Const, SUBTYPES))), ANY),
                Input("state_spell_type", (card, Union(Values(*map(Const, SPELL_TYPES)),
                                                       Names("other"))), OPTIONAL),
                Input("state_property", (card, Joint(named, cost)), ANY),
                Input("state_on", (card, Ref("card")), OPTIONAL),
                Input("state_counter", (card, counter, Values(0, 1, 2)), ANY),
                Input("state_immunity", (card, immunity), ANY),
                Input("state_immunity_granted_by", (card, immunity, Ref("card")), ANY),
                Input("state_immunity_own", (card, immunity), ANY),
                Input("state_cannot_be_affected_by", (card, immunity), ANY),
                Input("state_untargetable_by", (card, Values(*map(Const, FORMS))), ANY),
                Input("state_cannot_be_damaged_by", (card, Values(*map(Const, FORMS))), ANY),
                Input("state_counter_without_effect", (card, counter), ANY),
                Input("state_no_reactions_from", (card, selector), ANY),
                Input("state_effect", (effect, Ref("card"), Ref("card"))),
                Input("state_effect_targeted", (effect,), OPTIONAL, usual=True),
                Input("state_effect_damage", (effect, Ints("dmg_lo", "dmg_hi")), OPTIONAL),
                Input("state_effect_modifier", (effect, Values(0, 1), Ints("mod_lo", "mod_hi")),
                      ANY),
                Input("state_effect_damage_element", (effect, Values(*map(Const, ELEMENTS))),
                      OPTIONAL),
                Input("state_effect_counter", (effect, counter), OPTIONAL),
                Input("state_effect_attach", (effect,), OPTIONAL),
                Input("state_effect_combat", (effect,), OPTIONAL),
                Input("state_effect_removes_immunity", (effect, immunity), OPTIONAL),
                Input("state_reaction", (Obj("reaction"), Ref("card"), Ref("card"))),
                Input("state_reaction_automatic", (Obj("reaction"),), OPTIONAL),
                Input("state_reaction_created_by", (Obj("reaction"), Ref("card")), OPTIONAL),
                Input("state_event", (Obj("event"), Ref("card"), immunity)),
                Input("state_event_granted_by", (Obj("event"), Ref("card")), OPTIONAL),
            ),
            features="max_properties")

    def validate(self, document):
        state = DOCUMENT.check(document, "")
        cards = Registry("card")
        cards.declare_all(state["cards"], "cards")
        for i, card in enumerate(state["cards"]):
            cards.require(card["on"], f"cards[{i}].on")
            for j, immunity in enumerate(card["immunities"]):
                _require_kind(cards, immunity["kind"], f"cards[{i}].immunities[{j}].kind")
                cards.require(immunity["granted_by"], f"cards[{i}].immunities[{j}].granted_by")
            for j, kind in enumerate(card["cannot_be_affected_by"]):
                _require_kind(cards, kind, f"cards[{i}].cannot_be_affected_by[{j}]")
        refuse_cycles(state["cards"], "on", "cards")
        Registry("effect").declare_all(state["effects"], "effects")
        for i, effect in enumerate(state["effects"]):
            path = f"effects[{i}]"
            cards.require(effect["by"], f"{path}.by")
            cards.require(effect["target"], f"{path}.target")
            check_sum([effect["damage"] or 0] + effect["damage_modifiers"], f"{path}.damage",
                      "damage and its modifiers")
            _require_kind(cards, effect["removes_immunity"], f"{path}.removes_immunity")
        Registry("reaction").declare_all(state["reactions"], "reactions")
        for i, reaction in enumerate(state["reactions"]):
            for key in ("by", "to", "created_by"):
                cards.require(reaction[key], f"reactions[{i}].{key}")
        for i, event in enumerate(state["events"]):
            gain = event["gain_immunity"]
            for key in ("card", "granted_by"):
                cards.require(gain[key], f"events[{i}].gain_immunity.{key}")
            _require_kind(cards, gain["kind"], f"events[{i}].gain_immunity.kind")
        errors = _forbidden_start(state)
        if errors:
            raise InputError.of(errors)
        return state


def _require_kind(cards, kind, path):
    """An immunity to a card (``{card: X}``) names a card of the state."""
    if isinstance(kind, dict):
        cards.require(kind["card"], f"{path}.card")


# Cards whose grants a rule can make powerless, and what makes them so: a source (HKK-132.5)
# and a level-up, body part or item put on a creature (HKK-132.5.1-K), by source immunity; an
# enchantment by enchantment or magic immunity (HKK-132.6, 132.4), a mental one by mental
# immunity too (HKK-132.8). asp/hkk/valid.lp states the same.
ITEM_LIKE = ("level_up", "body_part", "item")


def _blockers(granter, holder):
    """The immunities of ``holder`` (a card record) that could make ``granter``'s grants to
    it powerless."""
    if granter is None:
        return ()
    if granter["kind"] == "source" or (granter["kind"] in ITEM_LIKE and
                                       granter["on"] == holder["id"] and
                                       holder["kind"] == "creature"):
        return ("source",)
    if granter["kind"] == "enchantment":
        return ("enchantment", "magic") + (("mental_spell",) if "mental" in
                                           granter["subtypes"] else ())
    return ()


def _forbidden_start(state):
    """What the Kódex forbids of a state (asp/hkk/valid.lp): an enchantment put on a card
    immune to enchantments from the start that grants it neither the enchantment nor the
    source immunity (HKK-132.6 "a lapra nem tehető bűbáj"), and poison counters on a card
    immune to poison from the start (HKK-132.3 "semmilyen módon nem kerülhet méregjelző").
    Immune from the start as no rule can undo: its own immunity, or a grant no rule can make
    powerless on it (see valid.lp)."""
    by_id = {card["id"]: card for card in state["cards"]}
    granted = {(gain["granted_by"], gain["card"], kind_text(gain["kind"]))
               for gain in (e["gain_immunity"] for e in state["events"])}
    for card in state["cards"]:
        granted |= {(im["granted_by"], card["id"], kind_text(im["kind"]))
                    for im in card["immunities"]}

    def declared(card):
        return ({kind_text(im["kind"]) for im in card["immunities"]} |
                set(map(kind_text, card["cannot_be_affected_by"])))

    def immune(card, i, kind):
        """Where ``card`` (cards[i]) is immune to ``kind`` from the start, or None."""
        for j, im in enumerate(card["immunities"]):
            if im["kind"] == kind and im["granted_by"] is None:
                return f"cards[{i}].immunities[{j}]"
        if kind in card["cannot_be_affected_by"]:
            j = card["cannot_be_affected_by"].index(kind)
            return f"cards[{i}].cannot_be_affected_by[{j}]"
        for j, im in enumerate(card["immunities"]):
            if im["kind"] != kind or im["granted_by"] is None:
                continue
            blockers = _blockers(by_id.get(im["granted_by"]), card)
            shielded = any((im["granted_by"], card["id"], b) in granted for b in blockers)
            if kind == "source" or shielded or not set(blockers) & declared(card):
                return f"cards[{i}].immunities[{j}]"
        return None

    where = {card["id"]: i for i, card in enumerate(state["cards"])}
    errors = []
    for i, card in enumerate(state["cards"]):
        host = by_id.get(card["on"])
        if card["kind"] == "enchantment" and host is not None:
            path = immune(host, where[host["id"]], "enchantment")
            grants = {kind_text(im["kind"]) for im in host["immunities"]
                      if im["granted_by"] == card["id"]}
            if path and not grants & {"enchantment", "source"}:
                errors.append(InputError(
                    f"{shown(host['id'])} is immune to enchantments from the start ({path}): "
                    f"no enchantment can be put on it (HKK-132.6 \"a lapra nem tehető "
                    f"bűbáj\"), and {shown(card['id'])} grants it neither the enchantment nor "
                    "the source immunity", f"cards[{i}].on"))
        if card["counters"].get("poison", 0) > 0:
            path = immune(card, i, "poison")
            if path:
                errors.append(InputError(
                    f"{shown(card['id'])} is immune to poison from the start ({path}): no "
                    "poison counter can be on it (HKK-132.3 \"semmilyen módon nem kerülhet "
                    "méregjelző\")", f"cards[{i}].counters.poison"))
    return errors

