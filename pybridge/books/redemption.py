"""Rulebook ``redemption``: the "immune" ability and multi-character battles.

Schema (the contract of docs/rulebooks/redemption.md, plus ``type`` on characters and ``edition``), references,
fact mapping and ruling fields. Rules live in ``asp/redemption/``.
"""

from functools import cached_property

from ..documents.schema import (
    Bool,
    Either,
    Enum,
    Int,
    ListOf,
    OneKey,
    Opt,
    Record,
    Registry,
    Str,
    check_sum,
    refuse_cycles,
    shown,
)
from ..engine.symbols import Const, Term, from_symbol, identifier
from ..errors import InputError
from .base import Rulebook, RulingKind, state_document
from .bound import Bound
from .declared import KEY, Fact, Facts, Field, Flag, Name, Records

PHASES = ("draw", "upkeep", "preparation", "battle", "discard")
DURATIONS = ("phase", "turn", "game")
DEFAULT_TYPE = {"good": "hero", "evil": "evil_character"}

CHARACTER = Record({
    "id": Str(),
    "alignment": Enum(("good", "evil")),
    "strength": Int(),
    "toughness": Int(lo=0),
    "brigade": Opt(Str()),
    "type": Opt(Str()),
    "in_battle": Opt(Bool(), True),
}, about={
    "id": "the character's id (any non-empty text)",
    "alignment": "good (a hero's side) or evil",
    "strength": "its strength",
    "toughness": "its toughness (0 or more)",
    "brigade": "its brigade",
    "type": "its type (default hero for good, evil_character for evil)",
    "in_battle": "whether it is in the battle (default true)",
})
CARD = Record({
    "id": Str(),
    "alignment": Enum(("good", "evil", "neutral")),
    "type": Opt(Str()),
    "brigade": Opt(Str()),
    "played_on": Opt(Str()),
    "strength": Opt(Int(), 0),
    "toughness": Opt(Int(), 0),
}, about={
    "id": "the card's id (any non-empty text)",
    "alignment": "good, evil or neutral",
    "type": "its type (e.g. enhancement)",
    "brigade": "its brigade",
    "played_on": "the character or card it is played on (chains are followed)",
    "strength": "its strength bonus (default 0)",
    "toughness": "its toughness bonus (default 0)",
})
SELECTOR = OneKey({
    "brigade": Str(),
    "alignment": Enum(("good", "evil", "neutral")),
    "type": Str(),
}, about={"brigade": "every card of this brigade",
          "alignment": "every card of this alignment",
          "type": "every card of this type"})
IMMUNITY = Record({
    "id": Opt(Str()),
    "holder": Str(),
    "to": Either(Str(), SELECTOR),
    "granted_by": Opt(Str()),
    "phase": Opt(Enum(PHASES)),
    "duration": Opt(Enum(DURATIONS), "phase"),
}, about={
    "id": "the immunity's id (default: its position, immunities[i])",
    "holder": "the character or card that is immune",
    "to": "a card id, or one of {brigade: X}, {alignment: X}, {type: X}",
    "granted_by": "the card that grants it",
    "phase": "the phase it was used in (default: the document's phase)",
    "duration": "how long it lasts: phase, turn or game (default phase)",
})
ABILITY = Record({"id": Str(), "on": Str(), "target": Str()}, about={
    "id": "the ability's id",
    "on": "the card the ability is on",
    "target": "the card it targets",
})
DOCUMENT = state_document("redemption", "literal", {
    "phase": Opt(Enum(PHASES), "battle"),
    "characters": Opt(ListOf(CHARACTER), list),
    "cards": Opt(ListOf(CARD), list),
    "immunities": Opt(ListOf(IMMUNITY), list),
    "abilities": Opt(ListOf(ABILITY), list),
}, about={
    "phase": "the phase of the turn (default battle)",
    "characters": "the characters, both sides, in battle or not",
    "cards": "enhancements and other cards; strength and toughness are bonuses",
    "immunities": "immunities held by characters or cards",
    "abilities": "abilities on a card, targeting a card",
})

# `rulings new redemption`: every field, with example values (docs/rulebooks/redemption.md's document).
SAMPLE = {
    "rulebook": "redemption", "edition": "literal", "phase": "battle",
    "characters": [
        {"id": "Lightbearer", "alignment": "good", "strength": 8, "toughness": 2,
         "brigade": "Blue", "type": "hero", "in_battle": True},
        {"id": "Giant", "alignment": "evil", "strength": 11, "toughness": 12},
    ],
    "cards": [{"id": "Sword", "alignment": "good", "type": "enhancement", "brigade": "Blue",
               "played_on": "Lightbearer", "strength": 2, "toughness": 1}],
    "immunities": [{"id": "ward", "holder": "Lightbearer", "to": "Giant", "granted_by": "Sword",
                    "phase": "battle", "duration": "phase"},
                   {"holder": "Giant", "to": {"brigade": "Blue"}}],
    "abilities": [{"id": "swing", "on": "Sword", "target": "Giant"}],
}


def _target_term(to):
    if isinstance(to, str):
        return Term("card", (to,))
    ((key, value),) = to.items()
    return Term(key, (Const(value) if key == "alignment" else value,))


def _selector(term, _):
    if term.name == "card":
        return identifier(term.arguments[0])
    return {term.name: from_symbol(term.arguments[0])}


# The input facts (vocabulary.lp), from which the bridge gives a state's facts and the
# analysis its witnesses' documents. A type given is kept, even its default.
FACTS = Facts(
    "redemption",
    Fact("state_phase", Name("phase")),
    records=(
        Records("characters",
                Fact("state_character", KEY, Name("alignment"), "strength", "toughness"),
                Fact("state_card_type", KEY, "type"), Fact("state_brigade", KEY, "brigade"),
                Flag("state_out_of_battle", "in_battle", False),
                order=lambda c: (c["alignment"] != "good", c["id"]), always=True),
        Records("cards",
                Fact("state_card", KEY, Name("alignment"), "strength", "toughness"),
                Fact("state_card_type", KEY, "type"), Fact("state_brigade", KEY, "brigade"),
                Fact("state_played_on", KEY, "played_on")),
        Records("immunities",
                Fact("state_immunity", KEY, "holder"),
                Fact("state_immunity_to", KEY,
                     Field("to", lambda to, _: _target_term(to), _selector, raw=True)),
                Fact("state_immunity_granted_by", KEY, "granted_by"),
                Fact("state_immunity_used", KEY, Name("phase")),
                Fact("state_immunity_duration", KEY, Name("duration"))),
        Records("abilities", Fact("state_ability", KEY, "on", "target")),
    ),
    spec=DOCUMENT)


def _name_state(r):
    return f"The battle is in the {r['state'].replace('_', ' ')} state."


class Redemption(Rulebook):
    name = "redemption"
    spec, sample = DOCUMENT, SAMPLE
    declared = FACTS
    description = "the 'immune' ability of the Redemption CCG and its multi-character battles"
    rule_files = ("vocabulary.lp", "immunity.lp", "battle.lp", "interpretation.lp",
                  "alternatives.lp")
    default_edition = "literal"
    # check searches with open values (a theory solver): the strengths and toughness of
    # characters and cards are integer variables (Ints(open=True) below; battle.lp)
    open_values = True
    chosen_values = ("RED-INV-4a", "RED-INV-4b")     # their #sum comparisons read values
    kinds = (
        RulingKind("battle_state", ("state",), _name_state),
        RulingKind("being_defeated", ("character",),
                   lambda r: f"{r['character']} is being defeated."),
        RulingKind("immunity_inactive", ("immunity", "reason"),
                   lambda r: f"Immunity {r['immunity']} has no effect "
                             f"({r['reason'].replace('_', ' ')})."),
        RulingKind("target", ("ability", "target", "legal"),
                   lambda r: f"Ability {r['ability']} "
                             f"{'may' if r['legal'] else 'may not'} target {r['target']}."),
    )

    bounds = (
        Bound("max_characters", "--characters", ("max_characters",), 3, (1, 40),
              "most characters (both sides together, in battle or not)"),
        Bound("max_cards", "--cards", ("max_cards",), 2, (0, 10),
              "most other cards (enhancements, played on a card or not)"),
        Bound("max_immunities", "--immunities", ("max_immunities",), 2, (0, 10),
              "most immunities"),
        Bound("max_abilities", "--abilities", ("max_abilities",), 2, (0, 10),
              "most abilities targeting a card"),
        Bound("values", "--values", ("str_lo", "str_hi"), (-1, 3), (-1000, 1000),
              "characters' strength range LO..HI"),
        Bound("toughness", "--toughness", ("tough_lo", "tough_hi"), (0, 3), (0, 1000),
              "characters' toughness range LO..HI"),
        Bound("bonuses", "--bonuses", ("bonus_lo", "bonus_hi"), (-1, 1), (-1000, 1000),
              "cards' strength and toughness bonus range LO..HI"),
        Bound("max_features", "--features", ("max_features",), 3, (0, 20),
              "most optional facts at once (out of battle, brigades, types, played on, "
              "granted by)"),
    )

    # enumerate and diff list every situation once (a class of states with equal rulings),
    # each with its smallest witness: their defaults reach every ruling kind and every value
    # of its fields (the four battle states, which need toughness above 0; the three reasons
    # an immunity is inactive, grant_blocked needing two immunities and a granted_by; an
    # ability's target, legal or not) in about a thousand classes. Each card multiplies the
    # classes: with one, 5,859 (cube by cube) and 113 s.
    listing_bounds = {"max_characters": 2, "max_cards": 0, "max_immunities": 2,
                      "max_abilities": 1, "values": (0, 1), "toughness": (0, 1),
                      "bonuses": (0, 0), "max_features": 1}
    # diff lists only the states that change: the editions differ on negative strengths in
    # battles of more than two characters (RED-BAT-1-NEG), in the battle state and who is
    # being defeated; immunities, abilities and optional facts only multiply the kinds of
    # change (with the listing's: 3,000 kinds in 94 s)
    diff_bounds = {"max_characters": 3, "values": (-1, 0), "max_immunities": 1,
                   "max_abilities": 0, "max_features": 0}

    def role_of(self, section, record):
        """A witness's characters: heroes and evil characters."""
        if section == "characters":
            return "hero" if record["alignment"] == "good" else "evil"
        return None

    def max_class_size(self, bounds):
        """Most interchangeable objects of one kind."""
        return max(bounds["max_characters"], bounds["max_cards"], bounds["max_immunities"],
                   bounds["max_abilities"])

    @cached_property
    def vocabulary(self):
        """The input facts (see vocabulary.lp) over the names the rules compare against
        (the types "hero" and "evil_character") and others (a third type, two brigades);
        asp/redemption/valid.lp says the rest. The documents' defaults come first (battle,
        duration phase), so that a smallest witness uses them."""
        from ..documents.inputs import (
            OPTIONAL,
            Input,
            Ints,
            Kind,
            Names,
            Obj,
            Ref,
            Tagged,
            Union,
            Values,
            Vocabulary,
        )
        character, card = Obj("character"), Obj("card")
        either = Obj("card", "character")
        any_card = Ref("card", "character")
        brigades = Names("red", "blue")
        types = Names("hero", "evil_character", "other")
        alignments = Values(*map(Const, ("good", "evil", "neutral")))
        phases = Values(*map(Const, ("battle",) + tuple(p for p in PHASES if p != "battle")))
        durations = Values(*map(Const, DURATIONS))
        immunity = Obj("immunity")
        return Vocabulary(
            kinds=(Kind("character", "max_characters", least=1), Kind("card", "max_cards"),
                   Kind("immunity", "max_immunities"),
                   Kind("ability", "max_abilities", cube=False)),
            inputs=(
                Input("state_phase", (phases,)),
                Input("state_character", (character, Values(Const("good"), Const("evil")),
                                          Ints("str_lo", "str_hi", open=True),
                                          Ints("tough_lo", "tough_hi", open=True))),
                Input("state_out_of_battle", (character,), OPTIONAL),
                Input("state_card", (card, alignments, Ints("bonus_lo", "bonus_hi", open=True),
                                     Ints("bonus_lo", "bonus_hi", open=True))),
                Input("state_played_on", (card, any_card), OPTIONAL),
                Input("state_brigade", (either, brigades), OPTIONAL),
                Input("state_card_type", (either, types), OPTIONAL),
                Input("state_immunity", (immunity, any_card)),
                Input("state_immunity_to", (immunity, Union(
                    Tagged("card", any_card), Tagged("brigade", brigades),
                    Tagged("alignment", alignments), Tagged("type", types)))),
                Input("state_immunity_granted_by", (immunity, any_card), OPTIONAL),
                Input("state_immunity_used", (immunity, phases)),
                Input("state_immunity_duration", (immunity, durations)),
                Input("state_ability", (Obj("ability"), any_card, any_card)),
            ),
            features="max_features")

    def validate(self, document):
        state = DOCUMENT.check(document, "")
        cards = Registry("card")
        cards.declare_all(state["characters"], "characters")
        cards.declare_all(state["cards"], "cards")
        for i, card in enumerate(state["cards"]):
            cards.require(card["played_on"], f"cards[{i}].played_on")
        refuse_cycles(state["cards"], "played_on", "cards")
        Registry("immunity").declare_or_name(state["immunities"], "immunities")
        for i, immunity in enumerate(state["immunities"]):
            path = f"immunities[{i}]"
            cards.require(immunity["holder"], f"{path}.holder")
            if isinstance(immunity["to"], str):
                cards.require(immunity["to"], f"{path}.to")
                if immunity["to"] == immunity["holder"]:
                    # "A card is never immune to itself" (docs/rulebooks/redemption.md): refused, not ruled away
                    raise InputError(f"{shown(immunity['to'])} cannot be immune to itself",
                                     f"{path}.to")
            cards.require(immunity["granted_by"], f"{path}.granted_by")
            if immunity["phase"] is None:
                immunity["phase"] = state["phase"]
        Registry("ability").declare_all(state["abilities"], "abilities")
        for i, ability in enumerate(state["abilities"]):
            cards.require(ability["on"], f"abilities[{i}].on")
            cards.require(ability["target"], f"abilities[{i}].target")
        check_sum([c["strength"] for c in state["characters"]]
                  + [c["strength"] for c in state["cards"]], "characters", "strengths")
        check_sum([c["toughness"] for c in state["characters"]]
                  + [c["toughness"] for c in state["cards"]], "characters", "toughnesses")
        return state
