"""Rulebook ``redemption``: the "immune" ability and multi-character battles.

Schema (DESIGN.md contract, plus ``type`` on characters and ``edition``), references,
fact mapping and ruling fields. Rules live in ``asp/redemption/``.
"""

from collections import defaultdict

from ..analysis.bounds import Bound
from ..schema import (Bool, Either, Enum, Int, ListOf, OneKey, Opt, Record, Registry, Str,
                      check_sum, refuse_cycles)
from ..symbols import Const, Term, fact, from_symbol, identifier, unpack
from .base import Rulebook, RulingKind

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
})
CARD = Record({
    "id": Str(),
    "alignment": Enum(("good", "evil", "neutral")),
    "type": Opt(Str()),
    "brigade": Opt(Str()),
    "played_on": Opt(Str()),
    "strength": Opt(Int(), 0),
    "toughness": Opt(Int(), 0),
})
SELECTOR = OneKey({
    "brigade": Str(),
    "alignment": Enum(("good", "evil", "neutral")),
    "type": Str(),
})
IMMUNITY = Record({
    "id": Opt(Str()),
    "holder": Str(),
    "to": Either(Str(), SELECTOR),
    "granted_by": Opt(Str()),
    "phase": Opt(Enum(PHASES)),
    "duration": Opt(Enum(DURATIONS), "phase"),
})
ABILITY = Record({"id": Str(), "on": Str(), "target": Str()})
DOCUMENT = Record({
    "rulebook": Enum(("redemption",)),
    "edition": Opt(Str()),
    "phase": Opt(Enum(PHASES), "battle"),
    "characters": Opt(ListOf(CHARACTER), list),
    "cards": Opt(ListOf(CARD), list),
    "immunities": Opt(ListOf(IMMUNITY), list),
    "abilities": Opt(ListOf(ABILITY), list),
})


def _name_state(r):
    return f"The battle is in the {r['state'].replace('_', ' ')} state."


class Redemption(Rulebook):
    name = "redemption"
    description = "the 'immune' ability of the Redemption CCG and its multi-character battles"
    rule_files = ("vocabulary.lp", "immunity.lp", "battle.lp", "interpretation.lp",
                  "alternatives.lp")
    default_edition = "literal"
    open_values = True
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
        Bound("max_characters", "--max-characters", ("max_characters",), 4, (2, 40),
              "most characters in a battle (both sides together)"),
        Bound("values", "--values", ("str_lo", "str_hi"), (-2, 6), (-1000, 1000),
              "strength range LO..HI"),
        Bound("toughness", "--toughness", ("tough_lo", "tough_hi"), (0, 6), (0, 1000),
              "toughness range LO..HI"),
    )

    # enumerate and diff list every state: their default ranges are smaller
    listing_bounds = {"max_characters": 3, "values": (-1, 2), "toughness": (0, 2)}

    def document(self, facts):
        return document(facts)

    def max_class_size(self, bounds):
        """Most interchangeable characters on one side."""
        return bounds["max_characters"] - 1

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

    def facts(self, state):
        out = [fact("state_phase", Const(state["phase"]))]
        for c in state["characters"]:
            out.append(fact("state_character", c["id"], Const(c["alignment"]),
                            c["strength"], c["toughness"]))
            if c["type"] is not None:
                out.append(fact("state_card_type", c["id"], c["type"]))
            if not c["in_battle"]:
                out.append(fact("state_out_of_battle", c["id"]))
            if c["brigade"] is not None:
                out.append(fact("state_brigade", c["id"], c["brigade"]))
        for c in state["cards"]:
            out.append(fact("state_card", c["id"], Const(c["alignment"]),
                            c["strength"], c["toughness"]))
            if c["type"] is not None:
                out.append(fact("state_card_type", c["id"], c["type"]))
            if c["brigade"] is not None:
                out.append(fact("state_brigade", c["id"], c["brigade"]))
            if c["played_on"] is not None:
                out.append(fact("state_played_on", c["id"], c["played_on"]))
        for m in state["immunities"]:
            out.append(fact("state_immunity", m["id"], m["holder"]))
            out.append(fact("state_immunity_to", m["id"], _target_term(m["to"])))
            if m["granted_by"] is not None:
                out.append(fact("state_immunity_granted_by", m["id"], m["granted_by"]))
            out.append(fact("state_immunity_used", m["id"], Const(m["phase"])))
            out.append(fact("state_immunity_duration", m["id"], Const(m["duration"])))
        for a in state["abilities"]:
            out.append(fact("state_ability", a["id"], a["on"], a["target"]))
        return out


def _target_term(to):
    if isinstance(to, str):
        return Term("card", (to,))
    ((key, value),) = to.items()
    return Term(key, (Const(value) if key == "alignment" else value,))


def document(facts):
    """A state document from input facts (state_* without the world): the inverse of
    :meth:`Redemption.facts`, used to write analysis witnesses."""
    by, raw = defaultdict(list), defaultdict(list)
    for symbol in facts:
        name, values, arguments = unpack(symbol)
        by[name].append(values)
        raw[name].append(arguments)
    doc = {"rulebook": "redemption"}
    for (phase,) in by["state_phase"]:
        doc["phase"] = phase
    out_of_battle = {c for (c,) in by["state_out_of_battle"]}
    types = dict(by["state_card_type"])
    brigades = dict(by["state_brigade"])
    hosts = dict(by["state_played_on"])
    doc["characters"] = []
    for c, alignment, strength, toughness in by["state_character"]:
        entry = {"id": c, "alignment": alignment, "strength": strength, "toughness": toughness}
        _optional(entry, types, brigades, c)
        if c in out_of_battle:
            entry["in_battle"] = False
        doc["characters"].append(entry)
    cards = []
    for x, alignment, strength, toughness in by["state_card"]:
        entry = {"id": x, "alignment": alignment}
        _optional(entry, types, brigades, x)
        if x in hosts:
            entry["played_on"] = hosts[x]
        entry.update({"strength": strength, "toughness": toughness})
        cards.append(entry)
    to = {identifier(i): _selector(t) for i, t in raw["state_immunity_to"]}
    granted = dict(by["state_immunity_granted_by"])
    used = dict(by["state_immunity_used"])
    duration = dict(by["state_immunity_duration"])
    immunities = []
    for key, holder in by["state_immunity"]:
        entry = {"id": key, "holder": holder, "to": to[key]}
        if key in granted:
            entry["granted_by"] = granted[key]
        entry.update({"phase": used[key], "duration": duration[key]})
        immunities.append(entry)
    abilities = [{"id": a, "on": x, "target": t} for a, x, t in by["state_ability"]]
    for key, items in (("cards", cards), ("immunities", immunities), ("abilities", abilities)):
        if items:
            doc[key] = sorted(items, key=lambda e: e["id"])
    doc["characters"].sort(key=lambda e: (e["alignment"] != "good", e["id"]))
    return doc


def _optional(entry, types, brigades, key):
    default = DEFAULT_TYPE.get(entry["alignment"])
    if key in types and types[key] != default:
        entry["type"] = types[key]
    if key in brigades:
        entry["brigade"] = brigades[key]


def _selector(term):
    if term.name == "card":
        return identifier(term.arguments[0])
    return {term.name: from_symbol(term.arguments[0])}
