"""Rulebook ``b5``: immunity and protection against apparitions (chapter B.5 of a German
play-by-mail game, with the changes to table T.4 as errata). Schema (the contract of docs/rulebooks/b5.md, plus
``retreat_to`` and protection spans), references, phases, fact mapping and ruling fields.
Rules live in ``asp/b5/``."""

from functools import cached_property

from ..documents.schema import (
    Bool,
    Either,
    Enum,
    Given,
    Int,
    Is,
    ListOf,
    Opt,
    Record,
    Registry,
    Requires,
    Str,
    shown,
)
from ..engine.solving import ground
from ..engine.symbols import Const, fact
from ..errors import InputError
from .base import Rulebook, RulingKind, state_document
from .bound import Bound
from .declared import (
    KEY,
    OUTER,
    Boolean,
    Custom,
    Every,
    Fact,
    Facts,
    Field,
    Flag,
    Name,
    Present,
    Records,
)

PHASES = ("movement", "conflict", "effect", "retreat")
RETREAT = "retreat"
EFFECT = "effect"

# A moment within a phase (B.5.2.5 "ab dem Moment (Zugphase, ZD)"): the ZD, 1, 2, ...
STEP = Int(lo=1, hi=1000)
SPAN = Record({"element": Str(), "effect": Opt(Str()), "from": Opt(Str()), "until": Opt(Str())},
              about={
    "element": "an element type or id",
    "effect": "one named effect of it (B.5.2.4): protected from that effect only",
    "from": "the phase the protection starts in (default: the first phase)",
    "until": "the phase it ends in (default: the last phase)",
})
BEING = Record({
    "id": Str(),
    "type": Str(),
    "field": Str(),
    "immune_to": Opt(ListOf(Str()), list),
    "protected_from": Opt(ListOf(Either(Str(), SPAN, plain_name="an element type or id")), list),
    "can_retreat": Opt(Bool(), True),
    "retreat_to": Opt(ListOf(Str())),
}, about={
    "id": "the being's id (any text)",
    "type": "its type (any text; the table knows Rr Ho Rs Tr We Ein Dr J K D galley building)",
    "field": "the field it is in",
    "immune_to": "element types or element ids it is immune to",
    "protected_from": "element types or ids it is protected from, or {element, effect, from, "
                      "until}",
    "can_retreat": "false: other circumstances stop it leaving (default true)",
    "retreat_to": "its candidate retreat fields",
})
NAMED_EFFECT = Record({"name": Str(), "destroys": Opt(ListOf(Str()), list)}, about={
    "name": "the effect's name (B.5.2.8: a galley protects the others in its field from a "
            "MA's sinking, a king is protected from a WJ's petrification)",
    "destroys": "being types or being ids this effect destroys",
})
ELEMENT = Record({
    "id": Str(),
    "type": Str(),
    "field": Str(),
    "active": Opt(Bool(), True),
    "active_from": Opt(Str()),
    "destroys": Opt(ListOf(Str()), list),
    "effects": Opt(ListOf(NAMED_EFFECT), list),
    "effect_phase": Opt(Str()),
    "effect_step": Opt(STEP),
}, about={
    "id": "the element's id",
    "type": "its type (e.g. MA)",
    "field": "the field it is in",
    "active": "whether it is active (default true)",
    "active_from": "the phase it becomes active in, or reaches this field in (B.5.2.7 'einer "
                   "jetzt aktiven Erscheinung (oder umgekehrt)'; default: the whole turn), not "
                   "after its effect phase",
    "destroys": "being types or being ids it destroys",
    "effects": "its named effects (B.5.2.1 'einer bestimmten Wirkung'), each {name, destroys}",
    "effect_phase": "the phase its effect sets in (default effect)",
    "effect_step": "the moment (ZD) within that phase its effect sets in: 1, 2, ... (B.5.2.5)",
}, rules=(Requires(Given("active_from"), Is("active", (True,)), "active_from",
                   "an inactive element does not become active: give active: true, or leave "
                   "active_from out"),))
PROTECTION = Record({"by": Str(), "from": Str(), "effect": Opt(Str()), "field": Str(),
                     "arrives": Str(), "arrives_step": Opt(STEP), "leaves": Opt(Str())}, about={
    "by": "the being or element whose presence protects",
    "from": "the element type or id protected from",
    "effect": "one named effect of it (B.5.2.4): protected from that effect only",
    "field": "the field protected",
    "arrives": "the phase it arrives in",
    "arrives_step": "the moment (ZD) within that phase it arrives: 1, 2, ... (B.5.2.5)",
    "leaves": "the phase it leaves in (recorded, changes nothing)",
})
ORDER = Record({"id": Str(), "being": Str(), "kind": Enum(("move", "discovery")), "to": Str(),
                "wins_preconflict": Opt(Bool())}, about={
    "id": "the order's id",
    "being": "the being that moves",
    "kind": "move or discovery",
    "to": "the field it goes to",
    "wins_preconflict": "a discovery's pre-conflict: won or lost (absent: none)",
}, rules=(Requires(Given("wins_preconflict"), Is("kind", ("discovery",)), "wins_preconflict",
                   "only a discovery has a pre-conflict"),))
DOCUMENT = state_document("b5", "errata", {
    "phases": Opt(ListOf(Str(), unique="phase",
                         contains=(RETREAT, f"the phases must include {RETREAT!r} (B.5.2.7)"))),
    "beings": Opt(ListOf(BEING), list),
    "elements": Opt(ListOf(ELEMENT), list),
    "protections": Opt(ListOf(PROTECTION), list),
    "orders": Opt(ListOf(ORDER), list),
}, about={
    "phases": "the phases of the turn, in order (default movement, conflict, effect, retreat)",
    "beings": "the beings (fleets, armies...)",
    "elements": "the elements (apparitions)",
    "protections": "protection granted by presence (B.5.2.5)",
    "orders": "moves and discoveries",
})

# `rulings new b5`: every field, with example values (docs/rulebooks/b5.md's document).
SAMPLE = {
    "rulebook": "b5", "edition": "errata", "phases": list(PHASES),
    "beings": [
        {"id": "Fleet 1", "type": "fleet", "field": "0412", "immune_to": ["MA"],
         "protected_from": ["PO", {"element": "WJ", "from": "conflict", "until": "effect"},
                            {"element": "MA", "effect": "drift", "from": "movement",
                             "until": "retreat"}],
         "can_retreat": True, "retreat_to": ["0413"]},
        {"id": "Druid", "type": "D", "field": "0412"},
    ],
    "elements": [{"id": "Maelstrom", "type": "MA", "field": "0412", "active": True,
                  "active_from": "conflict",
                  "destroys": ["fleet"], "effects": [{"name": "sinking", "destroys": ["fleet"]},
                                                     {"name": "drift", "destroys": []}],
                  "effect_phase": "effect", "effect_step": 2}],
    "protections": [{"by": "Druid", "from": "MA", "effect": "drift", "field": "0412",
                     "arrives": "conflict", "arrives_step": 1, "leaves": "retreat"}],
    "orders": [{"id": "o1", "being": "Fleet 1", "kind": "discovery", "to": "0413",
                "wins_preconflict": True}],
}


def _phases(state):
    """The turn's phases: the document's (distinct, with the retreat: DOCUMENT), or the
    default ones."""
    phases = state["phases"]
    return list(PHASES) if phases is None else list(phases)


# The input facts (vocabulary.lp), from which the bridge gives a state's facts and the
# analysis its witnesses' documents. The facts number the phases: a phase field's converters
# get the number of each phase name (context, from the document's phases or the default
# ones) or, reading facts back, the name of each number (context_of, from state_phase).
def _numbers(state):
    return {name: i for i, name in enumerate(_phases(state), 1)}


def _names(rows):
    phases = sorted((values for values, _ in rows.get("state_phase", ())), key=lambda v: v[1])
    return {i: name for i, (name, _) in enumerate(phases, 1)}


def _phase(path, default=None):
    """A phase field: its number; read back, its name."""
    return Field(path, lambda name, number: number[name], lambda i, name: name[i],
                 default=default)


def _is_span(effect):
    """Which entries of ``protected_from`` are spans (with ``effect`` or without): the
    element protected from, the effect if ``effect``, the phases it starts and ends in."""
    def when(entry):
        return isinstance(entry, dict) and (entry["effect"] is not None) == effect
    return when


def _span(entry, number):
    effect = () if entry["effect"] is None else (entry["effect"],)
    return (entry["element"], *effect, number.get(entry["from"], 1),
            number.get(entry["until"], len(number)))


def _span_back(values, name):
    *named, lo, hi = values
    return {**dict(zip(("element", "effect"), named)), "from": name[lo], "until": name[hi]}


def _phase_facts(state, number):
    return [("state_phase", phase, i) for phase, i in number.items()]


def _put_phases(document, rows, name):
    """The phases, left out when they are the default ones."""
    if list(name.values()) != list(PHASES):
        document["phases"] = list(name.values())


FACTS = Facts(
    "b5",
    records=(
        Records("beings",
                Fact("state_being", KEY, "type", "field"),
                Fact("state_immune_to", KEY, Every("immune_to")),
                Fact("state_protected_from", KEY,
                     Every("protected_from", when=lambda entry: isinstance(entry, str))),
                Fact("state_protected_span", KEY,
                     Every("protected_from", _span, _span_back, when=_is_span(False), width=3)),
                Fact("state_protected_effect", KEY,
                     Every("protected_from", _span, _span_back, when=_is_span(True), width=4)),
                Flag("state_cannot_retreat", "can_retreat", False),
                Present("state_retreat_listed", "retreat_to"),
                Fact("state_retreat_to", KEY, Every("retreat_to")),
                always=True),
        Records("elements",
                Fact("state_element", KEY, "type", "field"),
                Flag("state_element_active", "active", True, otherwise=False),
                Fact("state_element_active_from", KEY, _phase("active_from")),
                Fact("state_element_destroys", KEY, Every("destroys")),
                Fact("state_element_effect_phase", KEY, _phase("effect_phase", default=EFFECT)),
                Fact("state_element_effect_step", KEY, "effect_step"),
                nested=(Records("effects",
                                Fact("state_element_effect", OUTER, KEY),
                                Fact("state_element_effect_destroys", OUTER, KEY,
                                     Every("destroys")),
                                key="name"),)),
        Records("protections",
                Fact("state_protection", KEY, "by", "from", "field", _phase("arrives")),
                Fact("state_protection_leaves", KEY, _phase("leaves")),
                Fact("state_protection_effect", KEY, "effect"),
                Fact("state_protection_step", KEY, "arrives_step"),
                key="#0"),
        Records("orders",
                Fact("state_order", KEY, "being", Name("kind"), "to"),
                Fact("state_order_preconflict", KEY, Boolean("wins_preconflict"))),
    ),
    # the phases are the numbering itself, and a document of the default ones leaves them out
    custom=(Custom(("state_phase",), _phase_facts, _put_phases),),
    context=_numbers, context_of=_names, spec=DOCUMENT)


class B5(Rulebook):
    name = "b5"
    spec, sample = DOCUMENT, SAMPLE
    declared = FACTS
    description = ("immunity and protection against apparitions, with the changes to table "
                   "T.4 as errata (chapter B.5 of a play-by-mail game)")
    rule_files = ("vocabulary.lp", "immunity.lp", "protection.lp", "table.lp", "changes.lp",
                  "interpretation.lp")
    default_edition = "errata"
    kinds = (
        RulingKind("immune", ("being", "element"),
                   lambda r: f"{r['being']} is immune to {r['element']}: unaffected, every "
                             "action kept."),
        RulingKind("protected", ("being", "element", "from_phase"),
                   lambda r: f"{r['being']} is protected from {r['element']} from the "
                             f"{r['from_phase']} phase on."),
        RulingKind("protected_from_effect", ("being", "element", "effect", "from_phase"),
                   lambda r: f"{r['being']} is protected from the {r['effect']} of "
                             f"{r['element']} from the {r['from_phase']} phase on."),
        RulingKind("subject_to_effect", ("being", "element", "effect"),
                   lambda r: f"{r['being']} is still subject to the {r['effect']} of "
                             f"{r['element']}."),
        RulingKind("order_refused", ("order",),
                   lambda r: f"Order {r['order']} is not carried out and has no effect on a "
                             "conflict in its target field."),
        RulingKind("main_conflict_lost", ("order",),
                   lambda r: f"Discovery {r['order']} loses the main conflict about entering "
                             "the field."),
        RulingKind("must_retreat", ("being", "element"),
                   lambda r: f"{r['being']} must leave the field of {r['element']} by a retreat "
                             "in the retreat phase."),
        RulingKind("only_retreat_from", ("being", "phase"),
                   lambda r: f"From the {r['phase']} phase on, {r['being']} can only retreat."),
        RulingKind("destroyed", ("being", "element"),
                   lambda r: f"{r['being']} is destroyed by {r['element']}."),
        RulingKind("entry_forbidden", ("being", "field"),
                   lambda r: f"{r['being']} may not enter field {r['field']}."),
    )

    bounds = (
        Bound("max_beings", "--beings", ("max_beings",), 2, (0, 4),
              "most beings"),
        Bound("max_elements", "--elements", ("max_elements",), 2, (0, 3),
              "most elements (apparitions)"),
        Bound("max_orders", "--orders", ("max_orders",), 2, (0, 3),
              "most orders (moves and discoveries)"),
        Bound("max_protections", "--protections", ("max_protections",), 2, (0, 3),
              "most protections of others (a druid's, a galley's...)"),
        Bound("max_features", "--features", ("max_features",), 3, (0, 12),
              "most optional facts at once (immunities, protections and their spans, "
              "retreat limits, pre-conflicts, protections' ends, destructions)"),
    )
    # enumerate lists every situation once: one being, one element, one order, one protection
    # and two optional facts reach every ruling kind (destruction and retreat need
    # `destroys`, the effects of a protection an effect phase as well): 1,443 classes
    listing_bounds = {"max_beings": 1, "max_elements": 1, "max_orders": 1,
                      "max_protections": 1, "max_features": 2}
    # diff: no protection and one optional fact (B5-INT-3, which T4-1 brings, reads an
    # immunity to a CN or WJ, which only a being's own `immune_to`, an optional fact, declares)
    diff_bounds = {"max_protections": 0, "max_features": 1}

    def max_class_size(self, bounds):
        return max(bounds["max_beings"], bounds["max_elements"], bounds["max_orders"],
                   bounds["max_protections"])

    def space_facts(self, bounds):
        """The element types the tables know, for valid.lp."""
        return [fact("table_element_type", name) for name in sorted(self.table_types[1])]

    @cached_property
    def vocabulary(self):
        """The input facts (see vocabulary.lp), over the names the tables know and one they
        do not, three fields and the default phases; asp/b5/valid.lp says the rest."""
        from ..documents.inputs import (
            ANY,
            OPTIONAL,
            Input,
            Kind,
            Names,
            Obj,
            Ref,
            Union,
            Values,
            Vocabulary,
        )
        being_types, element_types = (Names(*sorted(types), "other")
                                      for types in self.table_types)
        fields = Names("field A", "field B", "field C")     # (a witness reads them)
        phase = Values(*range(1, len(PHASES) + 1))
        # the document's default first, so that a smallest witness leaves it out
        default = PHASES.index(EFFECT) + 1
        effect_phase = Values(default, *(i for i in phase.values if i != default))
        named = Union(element_types, Ref("element"))
        # A named effect: the names the tables give an effect (B.5.2.8's sinking and
        # petrification), at least two (each is any other name to an element of another
        # type). A protection from one names the element by its id (by its type it reads the
        # same), and an effect destroys a being by its id (by a type, the same rule as
        # `destroys`): the smaller domains keep the check within its timeout.
        effect = Names(*sorted(self.table_effects), *(("other",) if len(self.table_effects) < 2 else ()))
        step = Values(1, 2)
        being, element = Obj("being"), Obj("element")
        return Vocabulary(
            kinds=(Kind("being", "max_beings"), Kind("element", "max_elements"),
                   Kind("order", "max_orders", cube=False),
                   Kind("protection", "max_protections", cube=False)),
            inputs=(
                Input("state_being", (being, being_types, fields)),
                Input("state_immune_to", (being, named), ANY),
                Input("state_protected_from", (being, named), ANY),
                Input("state_protected_span", (being, named, phase, phase), ANY),
                Input("state_protected_effect", (being, Ref("element"), effect, phase, phase),
                      ANY),
                Input("state_cannot_retreat", (being,), OPTIONAL),
                Input("state_retreat_listed", (being,), OPTIONAL),
                Input("state_retreat_to", (being, fields), ANY),
                Input("state_element", (element, element_types, fields)),
                Input("state_element_active", (element,), OPTIONAL, usual=True),
                # The second phase only: a ruling depends on it only through whether the
                # element is active in the order phase (the first); from its effect phase on,
                # and so in the retreat phase, the last of the default phases, it is active
                # (valid.lp), and the first is the default.
                Input("state_element_active_from", (element, Values(2)), OPTIONAL),
                Input("state_element_destroys", (element, Union(being_types, Ref("being"))),
                      ANY),
                Input("state_element_effect_phase", (element, effect_phase)),
                Input("state_element_effect_step", (element, step), OPTIONAL),
                Input("state_element_effect", (element, effect), ANY),
                Input("state_element_effect_destroys", (element, effect, Union(being_types, Ref("being"))),
                      ANY),
                Input("state_protection", (Obj("protection"), Ref("being", "element"), named,
                                           fields, phase)),
                Input("state_protection_leaves", (Obj("protection"), phase), OPTIONAL),
                Input("state_protection_effect", (Obj("protection"), effect), OPTIONAL),
                Input("state_protection_step", (Obj("protection"), step), OPTIONAL),
                Input("state_order", (Obj("order"), Ref("being"),
                                      Values(Const("move"), Const("discovery")), fields)),
                Input("state_order_preconflict", (Obj("order"), Values(True, False)),
                      OPTIONAL),
            ),
            fixed=tuple(("state_phase", (name, i)) for i, name in enumerate(PHASES, 1)),
            features="max_features")

    def validate(self, document):
        state = DOCUMENT.check(document, "")
        phases = _phases(state)
        index = {name: i for i, name in enumerate(phases, 1)}

        def phase(name, path):
            if name is not None and name not in index:
                raise InputError(f"unknown phase {shown(name)} (phases: {', '.join(phases)})", path)
            return index.get(name)

        # Beings and elements share one namespace, so that protections[].by names one thing.
        beings = Registry("being")
        beings.declare_all(state["beings"], "beings")
        names = Registry("being or element")
        names.declare_all(state["beings"], "beings")
        names.declare_all(state["elements"], "elements")
        for i, b in enumerate(state["beings"]):
            for j, entry in enumerate(b["protected_from"]):
                if isinstance(entry, dict):
                    path = f"beings[{i}].protected_from[{j}]"
                    lo = phase(entry["from"], f"{path}.from") or 1
                    hi = phase(entry["until"], f"{path}.until") or len(phases)
                    if hi < lo:
                        raise InputError(f"{shown(entry['until'])} comes before {shown(entry['from'])}",
                                         f"{path}.until")
            for j, field in enumerate(b["retreat_to"] or ()):
                if field == b["field"]:
                    raise InputError("a retreat leaves the field: this is the being's own "
                                     "field", f"beings[{i}].retreat_to[{j}]")
        for i, e in enumerate(state["elements"]):
            effect_names = Registry("effect")
            for j, w in enumerate(e["effects"]):
                effect_names.declare(w["name"], f"elements[{i}].effects[{j}].name")
            path = f"elements[{i}].effect_phase"
            if e["effect_phase"] is None and EFFECT not in index:
                raise InputError(f"missing (required: the phases have no {EFFECT!r})", path)
            effect = phase(e["effect_phase"] or EFFECT, path)
            path = f"elements[{i}].active_from"
            active_from = phase(e["active_from"], path)
            if active_from is not None and active_from > effect:
                raise InputError(f"its effect phase, {shown(phases[effect - 1])}, comes before "
                                 f"{shown(e['active_from'])}: its effect cannot set in before "
                                 "it is active", path)
        for i, p in enumerate(state["protections"]):
            path = f"protections[{i}]"
            names.require(p["by"], f"{path}.by")
            arrives = phase(p["arrives"], f"{path}.arrives")
            leaves = phase(p["leaves"], f"{path}.leaves")
            if leaves is not None and leaves < arrives:
                raise InputError(f"{shown(p['leaves'])} comes before {shown(p['arrives'])}",
                                 f"{path}.leaves")
        Registry("order").declare_all(state["orders"], "orders")
        self._check_references(state)
        field_of = {b["id"]: b["field"] for b in state["beings"]}
        for i, o in enumerate(state["orders"]):
            path = f"orders[{i}]"
            beings.require(o["being"], f"{path}.being")
            if o["to"] == field_of[o["being"]]:
                raise InputError("the being is already in this field", f"{path}.to")
        state["phases"] = phases
        return state

    @cached_property
    def table_types(self):
        """The being types and element types the rule book's tables know (the chapter's
        examples, T.4 and its changes in every edition), read from the grounded encoding."""
        control = ground(self.encoding, [])
        beings, elements = set(), set()
        for name in ("example", "entry"):
            for atom in control.symbolic_atoms.by_signature(name, 4):
                _, _, being_type, element_type = atom.symbol.arguments
                beings.add(being_type.string)
                elements.add(element_type.string)
        for atom in control.symbolic_atoms.by_signature("no_immunity_to", 1):
            elements.add(atom.symbol.arguments[0].string)
        return frozenset(beings), frozenset(elements)

    @cached_property
    def table_effects(self):
        """The names of the named effects the tables know (an example protecting from one
        effect of an element only: B.5.2.8's king from the WJ's petrification, the galley's
        field from the MA's sinking), read from the grounded encoding."""
        control = ground(self.encoding, [])
        return frozenset(atom.symbol.arguments[1].arguments[0].string
                         for name in ("example", "entry")
                         for atom in control.symbolic_atoms.by_signature(name, 4)
                         if atom.symbol.arguments[1].arguments)

    def _check_references(self, state):
        """Every element an immunity or protection names resolves: an element id of the
        document, the type of one of its elements, or an element type the tables know (an
        immunity to nothing of the kind is a slip, e.g. an element's id misspelt). An element's
        ``destroys`` names being types, an open set, and is not a reference."""
        _, element_types = self.table_types
        elements = element_types | {e["id"] for e in state["elements"]} | \
            {e["type"] for e in state["elements"]}

        named = []
        for i, b in enumerate(state["beings"]):
            for key in ("immune_to", "protected_from"):
                for j, entry in enumerate(b[key]):
                    named.append((entry["element"], f"beings[{i}].{key}[{j}].element")
                                 if isinstance(entry, dict) else
                                 (entry, f"beings[{i}].{key}[{j}]"))
        named += [(p["from"], f"protections[{i}].from")
                  for i, p in enumerate(state["protections"])]
        for name, path in named:
            if name not in elements:
                raise InputError(f"unknown element or element type {shown(name)}: neither an "
                                 "id of this document, nor the type of one, nor a type the "
                                 "tables know", path)
        # A named effect is an effect of an element the entry names (its id or its type).
        effects = []
        for i, b in enumerate(state["beings"]):
            for j, entry in enumerate(b["protected_from"]):
                if isinstance(entry, dict) and entry["effect"] is not None:
                    effects.append((entry["element"], entry["effect"],
                                    f"beings[{i}].protected_from[{j}].effect"))
        effects += [(p["from"], p["effect"], f"protections[{i}].effect")
                    for i, p in enumerate(state["protections"]) if p["effect"] is not None]
        for name, effect, path in effects:
            if not any(effect == w["name"] for e in state["elements"]
                       if name in (e["id"], e["type"]) for w in e["effects"]):
                raise InputError(f"unknown effect {shown(effect)}: no element {shown(name)} "
                                 "names it among its effects", path)
