"""Rulebook ``chronopia``: ranged targeting, shooting, magic and morale (Chronopia, chapter
3.6-3.8). Schema (the contract of docs/rulebooks/chronopia.md, plus crews, mounts, radii,
terrain on a line of fire and the magic and morale query kinds), references, geometry (this
package's ``geometry``) and fact mapping; its ruling kinds are in ``kinds``. Rules live in
``asp/chronopia/``."""

from fractions import Fraction
from functools import cache, cached_property

from ...documents.schema import (
    AllOf,
    AnyOf,
    Bool,
    Enum,
    Given,
    Inside,
    Int,
    Is,
    ListOf,
    Not,
    Num,
    Opt,
    Record,
    Registry,
    Requires,
    Str,
    shown,
)
from ...engine.symbols import Const, fact
from ...errors import InputError
from ..base import Rulebook, state_document
from ..bound import Bound
from ..declared import (
    KEY,
    OUTER,
    Boolean,
    Custom,
    Elements,
    Every,
    Fact,
    Facts,
    Field,
    Flag,
    Name,
    Records,
    Which,
)
from .geometry import (
    UNIT,
    Board,
    Cells,
    _sign_root_difference,
    base_touches_segment,
    distance_units,
    gap_to_line,
    in_front,
    segment_distance_units,
    segments_meet,
    units,
)
from .kinds import KINDS
from .lines import Lines

FACTORS = ("panic", "fear", "terror", "horror")
CAUSES = ("fear", "terror", "horror")
STATS = ("rs", "ld", "mg", "ar", "st", "actions")


class Length(Num):
    """A length in inches, exact to a thousandth (lengths reach the rules in thousandths of
    an inch, so that every comparison there is exact: geometry.py). JSON Schema's
    ``multipleOf: 0.001`` is not exact on binary floats (0.043 / 0.001 is not a whole number
    there): the schema leaves the decimals to validation."""

    def check(self, value, path):
        exact = super().check(value, path)
        if (exact * UNIT).denominator != 1:
            raise InputError(f"{value!r} has more than 3 decimals (lengths are exact to "
                             "0.001 inch)", path)
        return exact


LENGTH = Length(lo=0, hi=10_000)
COORDINATE = Num(lo=-10_000, hi=10_000)
STAT = Int(lo=-100, hi=100)
ROLL = Int(lo=1, hi=20)


class Point(ListOf):
    """``[x, y]`` in inches."""

    json_schema_extra = {"minItems": 2, "maxItems": 2}

    def __init__(self):
        super().__init__(COORDINATE)

    def check(self, value, path):
        point = super().check(value, path)
        if len(point) != 2:
            raise InputError(f"expected [x, y], got {len(point)} number(s)", path)
        return tuple(point)


MODEL = Record({
    "id": Str(), "unit": Opt(Str()), "army": Str(), "individual": Opt(Bool(), False),
    "size": Int(lo=1, hi=5), "position": Point(), "facing": Num(lo=-360, hi=360),
    "height": Opt(LENGTH), "altitude": Opt(LENGTH), "elevation": Opt(Length(lo=-10_000, hi=10_000)),
    "panicked": Opt(Bool(), False), "hidden": Opt(Bool(), False),
    "mounted": Opt(Bool(), False), "chariot": Opt(Bool(), False),
    "crew": Opt(ListOf(Record({"ld": STAT}, about={"ld": "a crew member's LD"})), list),
    "mount": Opt(Record({"ld": STAT}, about={"ld": "the mount's LD"})),
    "causes": Opt(Enum(CAUSES)), "fear_radius": Opt(LENGTH), "command_range": Opt(LENGTH),
    "immune": Opt(ListOf(Enum(FACTORS)), list),
    "stats": Opt(Record({name: Opt(STAT) for name in STATS}, about={
        "rs": "ranged skill", "ld": "leadership", "mg": "magic", "ar": "armour",
        "st": "strength", "actions": "actions per activation"}), dict),
}, about={
    "id": "the model's id (any non-empty text)",
    "unit": "its unit (default: its own id; an individual is its own unit)",
    "army": "its army",
    "individual": "whether it is an individual (default false)",
    "size": "size class 1..5 (base diameter 0.75, 1, 1.5, 2, 3 inches)",
    "position": "[x, y] in inches",
    "facing": "degrees, counter-clockwise from the +x axis (90: towards +y)",
    "height": "inches (default: the size class in inches)",
    "altitude": "a flier's altitude marker, inches (0: on the ground)",
    "elevation": "height of the ground it stands on, inches",
    "panicked": "whether it is panicked (default false)",
    "hidden": "whether it is hidden (default false)",
    "mounted": "a mounted model: shoots in 360 degrees (default false)",
    "chariot": "a chariot with crew: shoots in 360 degrees (default false)",
    "crew": "a chariot's crew (morale: their highest LD)",
    "mount": "a mount's own values (never used for morale)",
    "causes": "fear, terror or horror",
    "fear_radius": "inches (default 4)",
    "command_range": "an individual's command range, inches (default 4)",
    "immune": "morale factors it is immune to",
    "stats": "its stats, integers; one a query's ruling reads is required (the shooter's rs, "
             "st for a weapon adding strength, actions for a rate of fire, ld for an LD test; "
             "the caster's mg, actions for a spell's actions; a resisting target's ld; the "
             "summoner's mg and actions)",
})
GIVEN_FOR_A_PAIR = ("los", "cover", "half_visible", "wall_height", "wood")
SIGHT = Record({
    "from": Str(), "to": Opt(Str()), "los": Opt(Bool()),
    "cover": Opt(Enum(("none", "light", "heavy"))), "half_visible": Opt(Bool()),
    "wall_height": Opt(LENGTH), "wood": Opt(LENGTH), "engaged_with": Opt(ListOf(Str())),
}, about={
    "from": "the model looking",
    "to": "the model looked at (required for los, cover, half_visible, wall_height, wood)",
    "los": "line of sight given (overrides the geometry, not the arc)",
    "cover": "none, light or heavy (overrides terrain cover)",
    "half_visible": "whether the target is at least half visible",
    "wall_height": "height of a wall or hedge on the line, inches",
    "wood": "inches of wood on the line",
    "engaged_with": "models in melee contact with it (overrides base contact)",
}, rules=(Requires(AnyOf(tuple(map(Given, GIVEN_FOR_A_PAIR))), Given("to"), "to",
                   "missing (required for los, cover, half_visible, wall_height and wood)"),))
# A rate of fire (FR, C36-RATE) S/A: S shots with one action in every A actions.
RATE = Record({"shots": Int(lo=1, hi=20), "actions": Int(lo=1, hi=20)}, about={
    "shots": "shots with one action (the S of an FR S/A)",
    "actions": "in every so many actions (the A of an FR S/A)"})
# A piece of terrain (C36-COVER, C36-LOS-WALL): a segment on the table with a kind and a
# height. wall: walls, hedges, rocks and other massive terrain; scrub: thorn scrub and
# undergrowth.
TERRAIN_KINDS = ("wall", "scrub")
TERRAIN = Record({"id": Str(), "kind": Enum(TERRAIN_KINDS), "from": Point(), "to": Point(),
                  "height": LENGTH}, about={
    "id": "the piece's id (any non-empty text)",
    "kind": "wall (walls, hedges, rocks: massive terrain) or scrub (thorn scrub, undergrowth)",
    "from": "[x, y] of one end of the piece, inches", "to": "[x, y] of its other end",
    "height": "its height, inches"})
WEAPON = Record({"short": LENGTH, "medium": LENGTH, "max": LENGTH,
                 "damage": STAT, "adds_strength": Opt(Bool(), False), "rate": Opt(RATE)},
                about={
    "short": "short range, inches", "medium": "medium range, inches",
    "max": "maximum range, inches", "damage": "the weapon's damage",
    "adds_strength": "whether the shooter's ST adds to the damage (default false)",
    "rate": "its rate of fire FR S/A as {shots: S, actions: A} (absent: not ruled)"})
# A cast spell's reach (C37-TARGET): its range in inches (not given: any distance), whether it
# needs line of sight and whether its range limits it ("brauchen nur die Sichtlinie").
SPELL = Record({"level": Int(lo=0, hi=10), "resistable": Bool(), "offensive": Bool(),
                "range": Opt(LENGTH), "needs_los": Opt(Bool(), True),
                "needs_range": Opt(Bool(), True), "self_only": Opt(Bool(), False),
                "actions": Opt(Int(lo=1, hi=100))}, about={
    "level": "the spell's level 0..10", "resistable": "whether it can be resisted",
    "offensive": "whether it is offensive",
    "range": "its range, inches (absent: any distance)",
    "needs_los": "false: it needs no line of sight, and then a range (default true)",
    "needs_range": "false: it works at any distance within line of sight (default true)",
    "self_only": "its range is SELBST: the caster may cast it only on itself (default false)",
    "actions": "the actions it takes to cast, all in one activation (absent: not ruled)"},
    rules=(Requires(Is("self_only", (True,)), Not(Given("range")), "range",
                    "a self_only spell's range is SELBST: no range in inches beside it"),
           Requires(Is("needs_los", (False,)), Is("needs_range", (True,)), "needs_range",
                    "a spell needs line of sight or range (needs_los and needs_range both "
                    "false)"),
           Requires(Is("needs_los", (False,)), Given("range"), "range",
                    "missing (required when needs_los is false)")))
PASSED = Record({"factor": Enum(CAUSES), "causer": Opt(Str()), "excellent": Opt(Bool(), False)},
                about={"factor": "the factor of the passed test", "causer": "the model causing it",
                       "excellent": "passed with an excellent success (default false)"})
KIND_SPECS = {
    "shoot": Record({"shooter": Str(), "target": Opt(Str()), "weapon": WEAPON,
                     "ld_roll": Opt(ROLL)}, about={
        "shooter": "the model shooting",
        "target": "the model shot at (absent: the numbers for every legal target)",
        "weapon": "the weapon's ranges and damage",
        "ld_roll": "the d20 of the LD test to shoot at a target of opportunity (C36-PRI-F)"},
        rules=(Requires(Given("ld_roll"), Given("target"), "ld_roll",
                        "an LD test is of a named target (target missing)"),)),
    "cast": Record({"caster": Str(), "target": Str(), "spell": SPELL,
                    "actions_spent": Opt(Int(lo=0, hi=100))}, about={
        "caster": "the model casting", "target": "the model cast on (may be the caster)",
        "spell": "the spell's level and reach",
        "actions_spent": "actions the caster has spent this activation before this spell "
                         "(default 0; with the spell's actions)"},
        rules=(Requires(Given("actions_spent"), Inside("spell", Given("actions")),
                        "actions_spent", "needs the spell's actions (spell.actions missing)"),)),
    "morale": Record({"unit": Str(), "factor": Enum(FACTORS), "causer": Opt(Str()),
                      "retest": Opt(Bool(), False), "starting_strength": Opt(Int(lo=1)),
                      "losses_last_round": Opt(Bool(), False),
                      "passed": Opt(ListOf(PASSED), list), "table_roll": Opt(ROLL)}, about={
        "unit": "the unit tested (a unit or a single model)",
        "factor": "panic, fear, terror or horror",
        "causer": "the model causing it (required except for panic)",
        "retest": "a later round's test (default false)",
        "starting_strength": "the unit's starting strength (panic)",
        "losses_last_round": "whether it had losses last round (panic; default false)",
        "passed": "earlier passed tests this battle",
        "table_roll": "a second d20, on the horror table (horror only)"},
        rules=(Requires(Not(Is("factor", ("panic",))), Given("causer"), "causer",
                        lambda body: f"missing (required for {body['factor']})"),
               Requires(Given("table_roll"), Is("factor", ("horror",)), "table_roll",
                        "only a horror test rolls on the horror table"))),
    "pre_battle": Record({"caster": Str(), "marked": Bool(), "concentrate": Opt(Bool(), False),
                          "army_spells_cast": Opt(Int(lo=0), 0)}, about={
        "caster": "the model casting before the battle", "marked": "whether it is marked",
        "concentrate": "whether it concentrates (default false)",
        "army_spells_cast": "spells its army has cast before the battle (default 0)"}),
    "summon": Record({"summoner": Str(), "spell": Record({"level": Int(lo=0, hi=10)},
                                                         about={"level": "the spell's level"}),
                      "placed_at": Opt(Point()), "summoned_so_far": Opt(Int(lo=0), 0)}, about={
        "summoner": "the model summoning", "spell": "the summoning spell",
        "placed_at": "[x, y] where the summoned unit is placed, inches",
        "summoned_so_far": "units it has summoned so far (default 0)"}),
    "control": Record({"summoner": Str(), "units": ListOf(Str(), unique="unit"),
                       "paid": Opt(ListOf(Str(), unique="unit"), list),
                       "forced_first": Opt(ListOf(Str(), unique="unit"), list)}, about={
        "summoner": "the model controlling summoned units", "units": "its summoned units",
        "paid": "units whose control is paid", "forced_first": "units forced to act first"}),
    "rampage": Record({"unit": Str(), "summoner_dead": Opt(Bool(), False),
                       "summoner_takes_control": Opt(Bool(), True)}, about={
        "unit": "the summoned unit", "summoner_dead": "whether its summoner is dead "
        "(default false)", "summoner_takes_control": "whether the summoner takes a 1 to keep "
        "control (default true)"}),
}
QUERY = Record({"id": Opt(Str()), "roll": Opt(ROLL), "reroll": Opt(Int(lo=2, hi=20)),
                **{kind: Opt(spec) for kind, spec in KIND_SPECS.items()}}, about={
    "id": "the query's id (default: its position, queries[i])",
    "roll": "an unmodified d20 (absent: the chances of every roll)",
    "reroll": "a rampage's re-roll after a 1 the summoner does not take",
    "shoot": "may a model shoot, and with what numbers",
    "cast": "may a model cast a spell on another, and with what numbers",
    "morale": "a unit's morale test",
    "pre_battle": "may a model cast before the battle",
    "summon": "may a model summon",
    "control": "what keeping control of summoned units costs",
    "rampage": "does a summoned unit rampage"}, exactly_one=tuple(KIND_SPECS), rules=(
    # a re-roll exists only on a rampage whose 1 the living summoner does not take
    Requires(Given("reroll"), Given("rampage"), "reroll", "only a rampage query has a re-roll"),
    Requires(Given("reroll"), Inside("rampage", AllOf((Is("summoner_dead", (False,)),
                                                       Is("summoner_takes_control", (False,))))),
             "reroll", "a re-roll follows only a 1 that a living summoner does not take "
                       "(summoner_takes_control: false)"),
    Requires(Given("reroll"), Is("roll", (None, 1)), "reroll",
             lambda q: f"a re-roll follows only a roll of 1 (the roll is {q['roll']})")))
DOCUMENT = state_document("chronopia", "crit_3_or_less", {
    "models": Opt(ListOf(MODEL), list),
    "sight": Opt(ListOf(SIGHT), list),
    "terrain": Opt(ListOf(TERRAIN), list),
    "queries": Opt(ListOf(QUERY), list),
}, about={
    "models": "the models on the table",
    "sight": "per-pair facts the geometry cannot give; they override it",
    "terrain": "pieces of terrain as segments (cover and walls from the geometry)",
    "queries": "the questions to rule on: each exactly one of its kinds",
})

# `rulings new chronopia`: every field, with example values (docs/rulebooks/chronopia.md's document).
SAMPLE = {
    "rulebook": "chronopia", "edition": "crit_3_or_less",
    "models": [
        {"id": "Archer 1", "unit": "Orc Archers", "army": "Orcs", "individual": False,
         "size": 2, "position": [0, 0], "facing": 90, "height": 2, "altitude": 0,
         "elevation": 0, "panicked": False, "hidden": False, "immune": ["panic"],
         "stats": {"rs": 12, "ld": 10, "mg": 0, "ar": 14, "st": 3, "actions": 2}},
        {"id": "Shaman", "army": "Orcs", "individual": True, "size": 2, "position": [-3, 0],
         "facing": 90, "command_range": 4, "stats": {"mg": 15, "ld": 9, "actions": 3}},
        {"id": "Imp", "unit": "Imps", "army": "Orcs", "size": 1, "position": [-3, 3],
         "facing": 90, "causes": "horror", "fear_radius": 4},
        {"id": "Giant", "unit": "Giants", "army": "Dwarves", "size": 4, "position": [0, 10],
         "facing": 270, "causes": "terror", "fear_radius": 6, "immune": ["fear"]},
        {"id": "Chariot", "army": "Dwarves", "size": 3, "position": [6.5, 14], "facing": 270,
         "chariot": True, "crew": [{"ld": 9}, {"ld": 7}]},
        {"id": "Knight", "unit": "Knights", "army": "Dwarves", "size": 2, "mounted": True,
         "mount": {"ld": 3}, "position": [-6, 14], "facing": 270, "elevation": 1.5,
         "stats": {"ld": 9}},
    ],
    "sight": [
        {"from": "Archer 1", "to": "Giant", "los": True, "cover": "light",
         "half_visible": True, "wall_height": 1.5, "wood": 2.5},
        {"from": "Shaman", "engaged_with": ["Imp"]},
    ],
    "terrain": [
        {"id": "Wall", "kind": "wall", "from": [-2, 8], "to": [2, 8], "height": 1.5},
    ],
    "queries": [
        {"id": "shot", "roll": 4,
         "shoot": {"shooter": "Archer 1", "target": "Giant",
                   "weapon": {"short": 10, "medium": 20, "max": 30, "damage": 3,
                              "adds_strength": False, "rate": {"shots": 1, "actions": 2}},
                   "ld_roll": 8}},
        {"id": "bolt",
         "cast": {"caster": "Shaman", "target": "Knight",
                  "spell": {"level": 3, "resistable": True, "offensive": True, "range": 24,
                            "needs_los": True, "needs_range": True, "self_only": False,
                            "actions": 2},
                  "actions_spent": 0}},
        {"id": "dread",
         "morale": {"unit": "Knight", "factor": "horror", "causer": "Imp", "retest": False,
                    "starting_strength": 1, "losses_last_round": False,
                    "passed": [{"factor": "fear", "causer": "Giant", "excellent": False}],
                    "table_roll": 7}},
        {"id": "prep",
         "pre_battle": {"caster": "Shaman", "marked": True, "concentrate": False,
                        "army_spells_cast": 0}},
        {"id": "call",
         "summon": {"summoner": "Shaman", "spell": {"level": 2}, "placed_at": [-3, 5],
                    "summoned_so_far": 0}},
        {"id": "bind",
         "control": {"summoner": "Shaman", "units": ["Imps", "Giants"], "paid": ["Imps"],
                     "forced_first": ["Giants"]}},
        {"id": "loose", "roll": 1, "reroll": 5,
         "rampage": {"unit": "Imps", "summoner_dead": False, "summoner_takes_control": False}},
    ],
}


def Inches(path):
    """A length: inches in the document, thousandths of an inch in the facts (geometry.py)."""
    return Field(path, lambda value, _: units(value), lambda value, _: _inches(value))


def XY(path, to=None, back=None):
    """A point ``[x, y]``, an argument each."""
    return Elements(path, 2, to, back)


def _engagement_facts(state, _):
    """Melee contact as given (it overrides base contact): the model giving it, and each
    pair both ways (shooting.lp)."""
    out = []
    for s in state.get("sight", ()):
        if s.get("engaged_with") is not None:
            a = s["from"]
            out.append(("state_engagement_given", a))
            for other in s["engaged_with"]:
                out += [("state_engaged_given", a, other), ("state_engaged_given", other, a)]
    return out


def _engagement_put(doc, rows, _):
    """A sight entry per model giving engagement, each pair once: by the first of the two
    that gives engagement; the entries in the order of (from, to) (None for these)."""
    engaging = {a for (a,), _ in rows.get("state_engagement_given", ())}
    engaged = [values for values, _ in rows.get("state_engaged_given", ())]
    sight = doc.get("sight", []) + [
        {"from": a, "engaged_with": [b for x, b in engaged
                                     if x == a and not (b in engaging and b < a)]}
        for (a,), _ in rows.get("state_engagement_given", ())]
    if sight:
        doc["sight"] = sorted(sight, key=_sight_order)


def _sight_order(entry):
    return repr((entry["from"], entry.get("to")))


PASSED_PREDICATES = (("state_morale_passed", False), ("state_morale_passed_excellent", True))


def _passed_facts(state, _):
    """Earlier passed tests: a predicate for each excellence, "" for no causer."""
    return [("state_morale_passed_excellent" if p.get("excellent") else "state_morale_passed",
             q["id"], Const(p["factor"]), p.get("causer") or "")
            for q in state.get("queries", ()) if q.get("morale") is not None
            for p in q["morale"].get("passed") or ()]


def _passed_put(doc, rows, _):
    bodies = {q["id"]: q["morale"] for q in doc.get("queries", ()) if "morale" in q}
    for predicate, excellent in PASSED_PREDICATES:
        for (query, factor, causer), _ in rows.get(predicate, ()):
            if query in bodies:
                entry = {"factor": factor, "excellent": excellent}
                if causer != "":
                    entry["causer"] = causer
                bodies[query].setdefault("passed", []).append(entry)


def _query_order(query):
    """Queries read back: by kind, then by id."""
    return next(i for i, kind in enumerate(KIND_SPECS) if kind in query), repr(query["id"])


# The input facts (vocabulary.lp), from which the bridge gives a document's facts and the
# analysis its witnesses' documents. Positions, facings, terrain ends and a summoning's
# placement are sources: the rules read the geometry the bridge derives from them
# (Chronopia.facts), a witness has them (witness_inputs).
FACTS = Facts(
    "chronopia",
    records=(
        Records("models",
                Fact("state_model", KEY, "unit", "army", "size"),
                Fact("state_position", KEY, XY("position"), source=True),
                Fact("state_facing", KEY, "facing", source=True),
                *(Flag(f"state_{flag}", flag)
                  for flag in ("individual", "panicked", "hidden", "mounted", "chariot")),
                *(Fact("state_stat", KEY, Const(stat), f"stats.{stat}") for stat in STATS),
                Fact("state_mount_ld", KEY, "mount.ld"),
                Fact("state_causes", KEY, Name("causes")),
                Fact("state_immune", KEY, Every("immune", lambda factor, _: Const(factor))),
                *(Fact(f"state_{key}", KEY, Inches(key))
                  for key in ("fear_radius", "command_range", "height", "altitude",
                              "elevation")),
                nested=(Records("crew", Fact("state_crew_ld", OUTER, KEY, "ld"), key="#0"),),
                always=True),
        Records("sight",
                Fact("state_los_given", KEY, Boolean("los")),
                Fact("state_cover", KEY, Name("cover")),
                Fact("state_half_visible", KEY, Boolean("half_visible")),
                Fact("state_wall", KEY, Inches("wall_height")),
                Fact("state_wood", KEY, Inches("wood")),
                key=("from", "to"), order=_sight_order, any_makes=True),
        Records("terrain",
                Fact("state_terrain", KEY, Name("kind"), Inches("height")),
                Fact("state_terrain_at", KEY, *(XY(end, lambda v, _: units(v),
                                                   lambda v, _: _inches(v))
                                                for end in ("from", "to")), source=True)),
        Records("queries",
                Fact("state_query", KEY, Which(KIND_SPECS)),
                *(Fact("state_roll", KEY, Const(die), path) for die, path in (
                    ("first", "roll"), ("reroll", "reroll"), ("ld", "shoot.ld_roll"),
                    ("table", "morale.table_roll"))),
                # shoot
                Fact("state_shoot", KEY, "shoot.shooter"),
                Fact("state_shoot_target", KEY, "shoot.target"),
                Fact("state_weapon", KEY, *(Inches(f"shoot.weapon.{r}")
                                            for r in ("short", "medium", "max")),
                     "shoot.weapon.damage"),
                Flag("state_weapon_adds_strength", "shoot.weapon.adds_strength"),
                Fact("state_weapon_rate", KEY, "shoot.weapon.rate.shots",
                     "shoot.weapon.rate.actions"),
                # cast
                Fact("state_cast", KEY, "cast.caster", "cast.target"),
                Fact("state_spell", KEY, "cast.spell.level", within="cast"),
                Flag("state_spell_resistable", "cast.spell.resistable", otherwise=False,
                     within="cast"),
                Flag("state_spell_offensive", "cast.spell.offensive", otherwise=False,
                     within="cast"),
                Fact("state_spell_range", KEY, Inches("cast.spell.range")),
                Flag("state_spell_without_los", "cast.spell.needs_los", False),
                Flag("state_spell_any_distance", "cast.spell.needs_range", False),
                Flag("state_spell_self_only", "cast.spell.self_only"),
                Fact("state_spell_actions", KEY, "cast.spell.actions"),
                Fact("state_cast_spent", KEY, "cast.actions_spent"),
                # morale (its passed tests: _passed_facts)
                Fact("state_morale", KEY, "morale.unit", Name("morale.factor")),
                Fact("state_morale_causer", KEY, "morale.causer"),
                Flag("state_morale_retest", "morale.retest"),
                Fact("state_morale_start", KEY, "morale.starting_strength"),
                Flag("state_morale_losses_last_round", "morale.losses_last_round"),
                # pre_battle
                Fact("state_pre_battle", KEY, "pre_battle.caster"),
                Flag("state_pre_battle_marked", "pre_battle.marked", otherwise=False,
                     within="pre_battle"),
                Flag("state_pre_battle_concentrate", "pre_battle.concentrate",
                     otherwise=False, within="pre_battle"),
                Fact("state_pre_battle_army_cast", KEY, "pre_battle.army_spells_cast"),
                # summon (the distance to its placement: Chronopia.facts)
                Fact("state_summon", KEY, "summon.summoner"),
                Fact("state_spell", KEY, "summon.spell.level", within="summon"),
                Fact("state_summon_count", KEY, "summon.summoned_so_far"),
                Fact("state_summon_at", KEY, XY("summon.placed_at"), source=True),
                # control
                Fact("state_control", KEY, "control.summoner"),
                *(Fact(predicate, KEY, Every(f"control.{key}"), within="control",
                       otherwise=[])
                  for predicate, key in (("state_control_unit", "units"),
                                         ("state_control_paid", "paid"),
                                         ("state_control_forced", "forced_first"))),
                # rampage
                Fact("state_rampage", KEY, "rampage.unit"),
                Flag("state_rampage_summoner_dead", "rampage.summoner_dead", otherwise=False,
                     within="rampage"),
                Flag("state_rampage_no_control", "rampage.summoner_takes_control", False,
                     otherwise=True, within="rampage"),
                order=_query_order),
    ),
    custom=(Custom(("state_engagement_given", "state_engaged_given"), _engagement_facts,
                   _engagement_put),
            Custom(("state_morale_passed", "state_morale_passed_excellent"), _passed_facts,
                   _passed_put)),
    spec=DOCUMENT)


class Chronopia(Rulebook):
    name = "chronopia"
    spec, sample = DOCUMENT, SAMPLE
    declared = FACTS
    description = ("ranged targeting, shooting, magic and fear/terror/horror morale "
                   "(Chronopia, chapter 3.6-3.8)")
    core_files = ("dice.lp",)
    rule_files = ("vocabulary.lp", "rate.lp", "targeting.lp", "shooting.lp", "magic.lp",
                  "morale.lp", "interpretation.lp", "alternatives.lp", "queries.lp",
                  "expressible.lp", "terrain.lp")
    answers_queries = True      # each ruling names the query it answers (queries.lp)
    default_edition = "crit_3_or_less"
    kinds = KINDS
    bounds = (
        Bound("max_models", "--models", ("max_models",), 3, (1, 4),
              "most models on the grid (each with a unit, an army, a size, a facing)"),
        Bound("max_queries", "--queries", ("max_queries",), 2, (0, 3),
              "most queries (shoot, cast, morale, pre_battle, summon, control, rampage)"),
        Bound("max_terrain", "--terrain", ("max_terrain",), 1, (0, 1),
              "most pieces of terrain (the grid's one segment, a wall or scrub)"),
        Bound("max_features", "--features", ("max_features",), 3, (0, 12),
              "most optional facts at once (stats, flags of models, sight entries, "
              "causes, immunities, heights, a query's options, ...)"),
    )
    # enumerate lists every state: one model, a query, no optional facts (no stats)
    listing_bounds = {"max_models": 1, "max_queries": 1, "max_features": 0, "max_terrain": 0}
    # diff lists only the states that change: a shooter with its RS and a target (RS 3 or
    # 10, minus range and cover: a modified RS below 3)
    diff_bounds = {"max_models": 2, "max_features": 1}

    def max_class_size(self, bounds):
        return max(bounds["max_models"], bounds["max_queries"])

    def space_facts(self, bounds):
        return list(space_facts())

    @cached_property
    def vocabulary(self):
        return vocabulary()

    def validate(self, document):
        state = DOCUMENT.check(document, "")
        models = Registry("model")
        models.declare_all(state["models"], "models")
        by_id = {m["id"]: m for m in state["models"]}
        for m in state["models"]:
            if m["unit"] is None:
                m["unit"] = m["id"]
        units = {m["unit"] for m in state["models"]}
        spots = {}
        for i, m in enumerate(state["models"]):
            spot = tuple(m["position"])
            if spot in spots:
                raise InputError(f"the same spot as {spots[spot]}: two models cannot stand "
                                 "there", f"models[{i}].position")
            spots[spot] = f"models[{i}]"
        armies = {}
        for i, m in enumerate(state["models"]):
            first = armies.setdefault(m["unit"], (m["army"], i))
            if first[0] != m["army"]:
                raise InputError(f"army {shown(m['army'])}, but models[{first[1]}] of the "
                                 f"same unit {shown(m['unit'])} is of army {shown(first[0])}: "
                                 "a unit's models are of one army", f"models[{i}].army")
        for i, m in enumerate(state["models"]):
            if m["unit"] in by_id and m["unit"] != m["id"]:
                raise InputError(f"{shown(m['unit'])} is another model's id: a unit's name must "
                                 "not name a different model", f"models[{i}].unit")
        seen_pairs = {}
        for i, s in enumerate(state["sight"]):
            path = f"sight[{i}]"
            models.require(s["from"], f"{path}.from")
            models.require(s["to"], f"{path}.to")
            if s["to"] == s["from"]:
                raise InputError("a model and itself", f"{path}.to")
            pair = (s["from"], s["to"])
            if pair in seen_pairs:
                raise InputError(f"a second sight entry for {shown(s['from'])} and "
                                 f"{shown(s['to']) if s['to'] is not None else repr('melee contact')} "
                                 f"(also at {seen_pairs[pair]})", path)
            seen_pairs[pair] = path
            for j, other in enumerate(s["engaged_with"] or ()):
                models.require(other, f"{path}.engaged_with[{j}]")
                if other == s["from"]:
                    raise InputError("a model engaged with itself", f"{path}.engaged_with[{j}]")
        Registry("terrain").declare_all(state["terrain"], "terrain")
        for i, t in enumerate(state["terrain"]):
            if t["from"] == t["to"]:
                raise InputError("the same point as its other end: a piece of terrain is a "
                                 "segment", f"terrain[{i}].to")
        Registry("query").declare_or_name(state["queries"], "queries")
        index = {m["id"]: i for i, m in enumerate(state["models"])}
        for i, q in enumerate(state["queries"]):
            path = f"queries[{i}]"
            q["kind"] = next(k for k in KIND_SPECS if q[k] is not None)  # QUERY: exactly one
            _check_query(q, f"{path}.{q['kind']}", models, units, by_id)
            _require_stats(q, f"{path}.{q['kind']}", state["models"], index)
        return state

    def facts(self, state):
        """The document's facts (FACTS) and the geometry derived from its positions."""
        out = self.declared.facts(state)
        models = state["models"]
        board = Board({m["id"]: m["position"] for m in models})
        cells = Cells(board, CELL)
        index = {m["id"]: i for i, m in enumerate(models)}
        by_id = {m["id"]: m for m in models}
        contact = _base_contact(models, board, cells, index, by_id)
        lines = Lines(board, models)
        looks, shooters = _lookers(state, board, contact, by_id)
        out += [fact("state_looks", ident) for ident in sorted(looks)]
        measured = set()
        # A model that looks: a distance, an arc and a line of fire to each model it looks at.
        for a in models:
            if a["id"] not in looks:
                continue
            looked = [by_id[b] for b in sorted(looks[a["id"]], key=index.get)]
            for b in looked:
                # (once: a target's distance to a model on its line may be listed already)
                _measure(out, measured, board, a["id"], b["id"])
                if in_front(a["position"], a["facing"], b["position"]):
                    out.append(fact("state_in_front", a["id"], b["id"]))
                for c, low, high in lines.witnesses(a, b):
                    out += [fact("state_on_line", a["id"], b["id"], c, high),
                            fact("state_on_line_floor", a["id"], b["id"], c, low)]
                    # whether a model on the line is a friend or an enemy (C36-LOS-MODELS,
                    # C36-CORRIDOR) needs the distance to it (vocabulary.lp: related/2); the
                    # target's dead zone (C36-DEAD) the distance from the target to a model
                    # on the line at another elevation
                    _measure(out, measured, board, a["id"], c)
                    if _elevation(b) != _elevation(by_id[c]):
                        _measure(out, measured, board, b["id"], c)
            if a["id"] in shooters:
                out += _order_facts(board, a, looked, index)
        out += _distance_facts_of(board, sorted(_asked_pairs(state, board, cells) - measured,
                                                key=lambda p: (index[p[0]], index[p[1]])))
        out += [fact("state_base_contact", a, b) for a, b in contact]
        out += _terrain_facts(state, looks, by_id, index)
        out += _placement_facts(state, by_id)
        return out


# Cells of 4 inches find the models near a model (geometry.Cells): bases touch within 3
# inches (two size-5 bases). What stands on a line of fire: lines.Lines.
CELL = 4
CONTACT_REACH = 3
# C36-PRI-B: an individual within 4 inches of a warband friendly to it.
JOIN_REACH = 4


def _elevation(m):
    return m["elevation"] or 0


def _distance_facts(board, a, b):
    low, high = board.distance_units(a, b)
    return [fact("state_ground_distance", a, b, high),
            fact("state_ground_distance_floor", a, b, low)]


def _distance_facts_of(board, pairs):
    return [f for a, b in pairs for f in _distance_facts(board, a, b)]


def _measure(out, measured, board, a, b):
    if (a, b) not in measured:
        measured.add((a, b))
        out += _distance_facts(board, a, b)


def _asked_pairs(state, board, cells):
    """The pairs of models, other than from a model that looks, whose distance a rule reads:
    from an individual to the models of its army within 4 inches (C36-PRI-B: a warband it may
    join; a flier's altitude only lengthens a distance), from an individual of a morale
    group's army outside the group to the group's models (C38-TEST: lending its LD), and
    from each model of a morale group to the causer (C38-FEAR, C38-TERROR: whether it is
    within the radius)."""
    models = state["models"]
    by_id = {m["id"]: m for m in models}
    pairs = set()
    for t in models:
        if not t["individual"]:
            continue
        for m in cells.around(t["id"], JOIN_REACH):
            if m != t["id"] and by_id[m]["army"] == t["army"] \
                    and board.squared(t["id"], m) <= JOIN_REACH * JOIN_REACH:
                pairs.add((t["id"], m))
    groups = _groups(state)
    for q in state["queries"]:
        if q["kind"] != "morale":
            continue
        members = groups.get(q["morale"]["unit"], [q["morale"]["unit"]])
        causer = q["morale"]["causer"]
        if causer is not None:
            pairs.update((m, causer) for m in members if m != causer)
        for i in models:
            if i["individual"] and i["id"] not in members:
                pairs.update((i["id"], m) for m in members if by_id[m]["army"] == i["army"])
    return pairs


def _base_contact(models, board, cells, index, by_id):
    """The pairs of models whose bases touch, both ways, in the document's order."""
    pairs = []
    for a in models:
        touching = sorted(set(cells.around(a["id"], CONTACT_REACH)) - {a["id"]},
                          key=index.get)
        pairs += [(a["id"], b) for b in touching
                  if board.touch(a["id"], a["size"], b, by_id[b]["size"])]
    return pairs


def _order_facts(board, a, looked, index):
    """The exact order of the models a shooter a looks at (``looked``, in the document's
    order; index: the document's order) by distance from it: by ground distance, and by
    ground distance plus their altitude (C36-FLY's measure, a's own altitude being common to
    all): rank 0 the nearest, equal distances one rank. With each order, the models in that
    order (equal ranks in the document's order), one after another: all of them
    (state_*_next) and those of each unit (state_*_unit_next)."""
    others = [b["id"] for b in looked]
    unit = {b["id"]: b["unit"] for b in looked}
    lift = {b["id"]: b["altitude"] for b in looked if b["altitude"]}
    out = []
    ground = board.order(a["id"], others)
    for name, order in (("ground", ground),
                        ("flight", board.order(a["id"], others, lift) if lift else ground)):
        out += [fact(f"state_{name}_order", a["id"], b, rank) for b, rank in order.items()]
        walk = sorted(order, key=lambda b: (order[b], index[b]))
        out += [fact(f"state_{name}_next", a["id"], b, c) for b, c in zip(walk, walk[1:])]
        last = {}
        for c in walk:
            if unit[c] in last:
                out.append(fact(f"state_{name}_unit_next", a["id"], last[unit[c]], c))
            last[unit[c]] = c
    return out


def _inches(thousandths):
    """A length of the rules (thousandths of an inch) as a document's number."""
    inches = Fraction(thousandths, UNIT)
    return int(inches) if inches.denominator == 1 else float(inches)


def _lookers(state, board, contact, by_id):
    """({model that looks: the ids of the models it looks at}, the shooters): the models whose
    lines of sight a query needs (lines of fire are computed for them only: all triples of a
    large battle would cost the cube of its models). A shooter looks at every model of
    another army (target priority ranks them: targeting.lp), every model in melee (a friend
    in melee with its target, C36-MELEE: shooting.lp; ``contact``: the pairs whose bases
    touch) and the targets its queries name; a caster at its spell's target (C37-TARGET,
    magic.lp); a model of a morale test's group at the test's causer, for fear and terror
    only from within the causer's larger radius (morale.lp reads a line of sight to the
    causer only from within the radius, C38-FEAR, C38-TERROR; horror has none, C38-HORROR);
    a summoner and a pre-battle caster at none (their rules read no line of sight)."""
    models = state["models"]
    members = _groups(state)
    looks, shooters = {}, set()
    for q in state["queries"]:
        body = q[q["kind"]]
        if q["kind"] == "shoot":
            shooters.add(body["shooter"])
            looks.setdefault(body["shooter"], set()).update({body["target"]} - {None})
        elif q["kind"] == "cast":
            looks.setdefault(body["caster"], set()).update({body["target"]} - {body["caster"]})
        elif q["kind"] == "morale":
            causer = body["causer"]
            reach = None if causer is None or body["factor"] == "horror" \
                else _morale_reach(by_id[causer])
            for m in members.get(body["unit"], [body["unit"]]):
                seen = causer not in (None, m) and (
                    reach is None or board.distance_units(m, causer)[1] <= reach)
                looks.setdefault(m, set()).update({causer} if seen else ())
        else:
            for key in ("caster", "summoner"):
                if key in body:
                    looks.setdefault(body[key], set())
    if shooters:
        melee = {m for pair in contact if by_id[pair[0]]["army"] != by_id[pair[1]]["army"]
                 for m in pair}
        melee.update(m for s in state["sight"] if s["engaged_with"]
                     for m in (s["from"], *s["engaged_with"]))
        armies = {}
        for m in models:
            armies.setdefault(m["army"], set()).add(m["id"])
        others = {army: set(by_id) - ids for army, ids in armies.items()}
        for a in shooters:
            looks[a] |= others[by_id[a]["army"]] | (melee - {a})
    return looks, shooters


def _morale_reach(causer):
    """The larger of a causer's fear radius (default 4 inches, C38-FEAR) and terror radius
    (twice its size, C38-TERROR), in thousandths: no fear or terror test reads a line of
    sight from farther."""
    fear = units(causer["fear_radius"]) if causer["fear_radius"] is not None else 4 * UNIT
    return max(fear, 2 * UNIT * causer["size"])


def _groups(state):
    """{unit: its models' ids}."""
    members = {}
    for m in state["models"]:
        members.setdefault(m["unit"], []).append(m["id"])
    return members


def _check_query(q, path, models, units, by_id):
    body = q[q["kind"]]
    for key in ("shooter", "target", "caster", "summoner", "causer"):
        if key in body:
            models.require(body[key], f"{path}.{key}")
    kind = q["kind"]
    if kind == "shoot":
        if body["target"] == body["shooter"]:
            raise InputError("a model cannot shoot at itself", f"{path}.target")
        weapon = body["weapon"]
        if not weapon["short"] <= weapon["medium"] <= weapon["max"]:
            raise InputError("expected short <= medium <= max", f"{path}.weapon")
    elif kind == "cast":
        spent, actions = body["actions_spent"], by_id[body["caster"]]["stats"].get("actions")
        if spent is not None and actions is not None and spent > actions:
            raise InputError(f"{spent} is more than the caster's {actions} actions",
                             f"{path}.actions_spent")
    elif kind == "morale":
        if body["unit"] not in units and body["unit"] not in by_id:
            raise InputError(f"unknown unit or model {shown(body['unit'])}", f"{path}.unit")
        causer = body["causer"]
        if causer is not None and (causer == body["unit"] or by_id[causer]["unit"] == body["unit"]):
            raise InputError("the causer is in the tested group", f"{path}.causer")
        for j, passed in enumerate(body["passed"]):
            models.require(passed["causer"], f"{path}.passed[{j}].causer")
    elif kind == "control":
        own = set(body["units"])
        for key in ("units", "paid", "forced_first"):
            for j, unit in enumerate(body[key]):     # (each once: KIND_SPECS)
                if unit not in units:
                    raise InputError(f"unknown unit {shown(unit)}", f"{path}.{key}[{j}]")
                if key != "units" and unit not in own:
                    raise InputError(f"{shown(unit)} is not among the summoner's units",
                                     f"{path}.{key}[{j}]")
    elif kind == "rampage":
        if body["unit"] not in units:
            raise InputError(f"unknown unit {shown(body['unit'])}", f"{path}.unit")


def _needed_stats(q):
    """(model, stat, role, rule) for each stat a ruling of the query reads. The source gives
    none of them a default (a missing RS is not 0): the document must give them."""
    kind, body = q["kind"], q[q["kind"]]
    if kind == "shoot":
        yield body["shooter"], "rs", "the shooter", "C36-HIT"
        if body["weapon"]["rate"] is not None:
            yield body["shooter"], "actions", "the shooter of a weapon with a rate of fire", \
                "C36-RATE"
        if body["ld_roll"] is not None:
            yield body["shooter"], "ld", "the shooter taking an LD test", "C36-PRI-F"
        if body["weapon"]["adds_strength"]:
            yield body["shooter"], "st", "the shooter of a weapon that adds strength", "C36-SAVE"
    elif kind == "cast":
        yield body["caster"], "mg", "the caster", "C37-CAST"
        if body["spell"]["actions"] is not None:
            yield body["caster"], "actions", "the caster of a spell with an action cost", \
                "C37-CAST"
        if body["spell"]["resistable"]:
            yield body["target"], "ld", "the target of a spell it may resist", "C37-RESIST"
    elif kind == "summon":
        yield body["summoner"], "mg", "the summoner", "C37-SUMMON"
        yield body["summoner"], "actions", "the summoner", "C37-SUMMON"


def _require_stats(q, path, models, index):
    """Each stat the query's rulings read is given (index: {model id: its place})."""
    for model, stat, role, rule in _needed_stats(q):
        i = index[model]
        if models[i]["stats"].get(stat) is None:
            raise InputError(f"missing (required: {shown(model)} is {role} in {path}, and "
                             f"{rule} needs its {stat.upper()})", f"models[{i}].stats.{stat}")


def _terrain_facts(state, looks, by_id, index):
    """Each piece of terrain (C36-COVER, asp/chronopia/terrain.lp) that crosses the line of
    fire from a model that looks to a model it looks at (state_terrain_between: the segments
    between the two centres meet, touching counts); for such a model and piece, its distance
    from the piece (up and down) and whether its base touches it."""
    pieces = state["terrain"]
    if not pieces:
        return []
    out = []
    models = state["models"]
    near = {}
    for a in models:
        if a["id"] not in looks:
            continue
        for b in sorted(looks[a["id"]], key=index.get):
            b = by_id[b]
            for t in pieces:
                if segments_meet(a["position"], b["position"], t["from"], t["to"]):
                    out.append(fact("state_terrain_between", a["id"], b["id"], t["id"]))
                    near.setdefault((b["id"], t["id"]), None)
    piece = {t["id"]: t for t in pieces}
    for b, w in near:
        m, t = by_id[b], piece[w]
        low, high = segment_distance_units(m["position"], t["from"], t["to"])
        out += [fact("state_terrain_near", b, w, high), fact("state_terrain_near_floor", b, w, low)]
        if base_touches_segment(m["position"], m["size"], t["from"], t["to"]):
            out.append(fact("state_terrain_contact", b, w))
    return out


def _placement_facts(state, models):
    """A summoning's placement (C37-SUMMON): its distance from the summoner (up and down)."""
    out = []
    for q in state["queries"]:
        body = q["summon"]
        if body is not None and body["placed_at"] is not None:
            low, high = distance_units(models[body["summoner"]]["position"], body["placed_at"])
            out += [fact("state_summon_placed", q["id"], high),
                    fact("state_summon_placed_floor", q["id"], low)]
    return out


# The state space's grid (the points a model or a summoning's placement may take, in inches)
# and the values its inputs range over, chosen around the rules' distinctions, for a looker
# at (0, 0) facing +y: 4 inches (fear radius, command range, joining a warband, summoning,
# the short range of the space's weapon 4/8/12) exactly and beyond (4, 4); 8 and 12 inches
# exactly (medium and maximum range, C36-PRI-D, a spell's 12-inch range) and just beyond
# (8.9, 12.6, 13); behind (0, -4); a model on the line to (0, 8) touching it (0, 4) or off
# it by an inch less its base (1, 4: within an inch of an enemy's line; a friend's corridor
# is narrower than half an inch for a size-3 base); bases in contact (an inch apart: sizes
# 2 and 2, or 1 and 3); an elevation of 4 inches makes a dead zone 4 inches deep; an
# altitude of 4 inches lengthens a distance by as much.
GRID = ((0, 0), (0, 1), (0, 4), (1, 4), (4, 4), (0, 8), (1, 8), (-4, 8), (0, 12), (4, 12),
        (0, 13), (0, -4))
GRID_FACINGS = (90, 270)
GRID_SIZES = (1, 2, 3)
GRID_ALTITUDES = (4000,)
# The grid's piece of terrain (thousandths): across the line from (0, 0) to (0, 8) and (1, 8)
# half an inch before them (a size-2 base touches it, a size-1 base does not), 3.5 inches
# from (0, 4) seen from (0, 8), 4.5 inches from (0, 12); 1.5 inches high: taller than a
# size-1 model, lower than a size-2 one.
GRID_TERRAIN = ((-2000, 7500, 2000, 7500),)
TERRAIN_HEIGHT = 1500
QUERY_KINDS = ("shoot", "cast", "morale", "pre_battle", "summon", "control", "rampage")
WEAPON = (4000, 8000, 12000, 2)
STAT_VALUES = (("rs", (10, 3)), ("ld", (7, 12)), ("mg", (10,)), ("ar", (6,)), ("st", (2,)),
               ("actions", (1,)))


@cache
def space_facts():
    """The grid's geometry (asp/chronopia/derived.lp), computed by the same functions as a
    document's; once per process (a tuple: every grounding of a search reads it, a coverage
    about 160 times an edition, 0.1 s each)."""
    out = []
    squares = set()
    for p, (x, y) in enumerate(GRID):
        out.append(fact("space_xy", p, x, y))
    for p, a in enumerate(GRID):
        for q, b in enumerate(GRID):
            squares.add((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2)
            low, high = distance_units(a, b)
            out += [fact("space_ground", p, q, high), fact("space_ground_floor", p, q, low)]
            if p == q:
                continue
            out += [fact("space_front", p, f, q) for f in GRID_FACINGS if in_front(a, f, b)]
            board = Board({0: a, 1: b})
            out += [fact("space_touch", p, s, q, t) for s in GRID_SIZES for t in GRID_SIZES
                    if board.touch(0, s, 1, t)]
            for r, c in enumerate(GRID):
                if r in (p, q):
                    continue
                for size in GRID_SIZES:
                    gap = gap_to_line(a, b, c, size)
                    if gap is not None:
                        out.append(fact("space_gap", p, q, r, size, *gap))
    for segment in GRID_TERRAIN:
        ends = [Fraction(v, UNIT) for v in segment]
        start, end = ends[:2], ends[2:]
        for p, a in enumerate(GRID):
            low, high = segment_distance_units(a, start, end)
            out.append(fact("space_seg_near", p, *segment, low, high))
            out += [fact("space_seg_touch", p, s, *segment) for s in GRID_SIZES
                    if base_touches_segment(a, s, start, end)]
            out += [fact("space_cross", p, q, *segment) for q, b in enumerate(GRID)
                    if q != p and segments_meet(a, b, start, end)]
    lifts = {0, *GRID_ALTITUDES, *(-x for x in GRID_ALTITUDES)}
    for sb in sorted(squares):
        for sc in sorted(squares):
            for lift in sorted(lifts):
                out.append(fact("space_compare", sb, sc, lift,
                                _sign_root_difference(Fraction(sb), Fraction(sc),
                                                      Fraction(lift, UNIT))))
    return tuple(out)


def vocabulary():
    """The input facts (see vocabulary.lp) over the grid and the values above; the geometry
    the rules read is derived from the positions (asp/chronopia/derived.lp, as the bridge
    derives it); asp/chronopia/valid.lp says what else a valid document obeys."""
    from ...documents.inputs import (
        ANY,
        OPTIONAL,
        Input,
        Joint,
        Kind,
        Names,
        Numbers,
        Obj,
        Ref,
        Union,  # only the analysis needs them
        Values,
        Vocabulary,
    )
    model, any_model = Obj("model"), Ref("model")
    queries = Obj(*QUERY_KINDS)
    unit = Union(Names("unit A"), any_model)       # (names a witness reads)
    point = Joint(*((Numbers(x), Numbers(y)) for x, y in GRID))
    factor = Values(*map(Const, FACTORS))
    causes = Values(*map(Const, CAUSES))
    boolean = Values(True, False)
    stat = Joint(*((Values(Const(name)), Numbers(*values)) for name, values in STAT_VALUES))
    passed = (Obj("morale"), causes, Union(any_model, Values("")))

    def flag(key, name):
        return Input(name, (key,), OPTIONAL)

    def sight(name, values):
        return Input(name, (model, model, values), OPTIONAL)
    return Vocabulary(
        kinds=(Kind("model", "max_models", least=1), Kind("terrain", "max_terrain", cube=False),
               *(Kind(kind, "max_queries", cube=False) for kind in QUERY_KINDS)),
        inputs=(
            Input("state_model", (model, unit, Names("army A", "army B"), Numbers(*GRID_SIZES))),
            Input("state_position", (model, point), source=True),
            Input("state_facing", (model, Numbers(*GRID_FACINGS)), source=True),
            *(flag(model, f"state_{name}") for name in
              ("individual", "panicked", "hidden", "mounted", "chariot")),
            Input("state_stat", (model, stat), ANY),
            Input("state_mount_ld", (model, Numbers(7)), OPTIONAL),
            Input("state_crew_ld", (model, Numbers(0), Numbers(12)), ANY),
            Input("state_causes", (model, causes), OPTIONAL),
            Input("state_fear_radius", (model, Numbers(8000)), OPTIONAL),
            Input("state_command_range", (model, Numbers(8000)), OPTIONAL),
            Input("state_immune", (model, factor), ANY),
            Input("state_height", (model, Numbers(3000)), OPTIONAL),
            Input("state_elevation", (model, Numbers(4000)), OPTIONAL),
            Input("state_altitude", (model, Numbers(*GRID_ALTITUDES)), OPTIONAL),
            sight("state_los_given", boolean),
            sight("state_cover", Values(*map(Const, ("none", "light", "heavy")))),
            sight("state_half_visible", boolean),
            sight("state_wall", Numbers(1500)),
            sight("state_wood", Numbers(1000, 3000)),
            flag(model, "state_engagement_given"),
            Input("state_engaged_given", (model, any_model), ANY),
            Input("state_terrain", (Obj("terrain"), Values(*map(Const, TERRAIN_KINDS)),
                                    Numbers(TERRAIN_HEIGHT))),
            Input("state_terrain_at", (Obj("terrain"), Joint(*(tuple(map(Numbers, s))
                                                               for s in GRID_TERRAIN))),
                  source=True),
            Input("state_query", (queries, Values(*map(Const, QUERY_KINDS)))),
            Input("state_roll", (queries, Values(*map(Const, ("first", "reroll", "table", "ld"))),
                                       Numbers(1, 20)), ANY),
            Input("state_shoot", (Obj("shoot"), any_model)),
            Input("state_shoot_target", (Obj("shoot"), any_model), OPTIONAL),
            Input("state_weapon", (Obj("shoot"), Joint(tuple(Numbers(v) for v in WEAPON)))),
            flag(Obj("shoot"), "state_weapon_adds_strength"),
            Input("state_weapon_rate", (Obj("shoot"), Joint((Numbers(1), Numbers(2)))),
                  OPTIONAL),
            Input("state_cast", (Obj("cast"), any_model, any_model)),
            Input("state_spell", (Obj("cast", "summon"), Numbers(2))),
            *(flag(Obj("cast"), f"state_spell_{name}") for name in
              ("resistable", "offensive", "without_los", "any_distance", "self_only")),
            Input("state_spell_range", (Obj("cast"), Numbers(12000)), OPTIONAL),
            Input("state_spell_actions", (Obj("cast"), Numbers(1, 2)), OPTIONAL),
            Input("state_cast_spent", (Obj("cast"), Numbers(1)), OPTIONAL),
            Input("state_morale", (Obj("morale"), unit, factor)),
            Input("state_morale_causer", (Obj("morale"), any_model), OPTIONAL),
            flag(Obj("morale"), "state_morale_retest"),
            Input("state_morale_start", (Obj("morale"), Numbers(2)), OPTIONAL),
            flag(Obj("morale"), "state_morale_losses_last_round"),
            Input("state_morale_passed", passed, ANY),
            Input("state_morale_passed_excellent", passed, ANY),
            Input("state_pre_battle", (Obj("pre_battle"), any_model)),
            flag(Obj("pre_battle"), "state_pre_battle_marked"),
            flag(Obj("pre_battle"), "state_pre_battle_concentrate"),
            Input("state_pre_battle_army_cast", (Obj("pre_battle"), Numbers(0, 1))),
            Input("state_summon", (Obj("summon"), any_model)),
            Input("state_summon_count", (Obj("summon"), Numbers(0, 1))),
            Input("state_summon_at", (Obj("summon"), point), OPTIONAL, source=True),
            Input("state_control", (Obj("control"), any_model)),
            Input("state_control_unit", (Obj("control"), unit), ANY),
            Input("state_control_paid", (Obj("control"), unit), ANY),
            Input("state_control_forced", (Obj("control"), unit), ANY),
            Input("state_rampage", (Obj("rampage"), unit)),
            flag(Obj("rampage"), "state_rampage_summoner_dead"),
            flag(Obj("rampage"), "state_rampage_no_control"),
        ),
        features="max_features",
        derived=(("state_looks", 1), ("state_ground_distance", 3),
                 ("state_ground_distance_floor", 3), ("state_ground_order", 3),
                 ("state_flight_order", 3), ("state_ground_next", 3),
                 ("state_ground_unit_next", 3), ("state_flight_next", 3),
                 ("state_flight_unit_next", 3), ("state_in_front", 2), ("state_on_line", 4),
                 ("state_on_line_floor", 4), ("state_base_contact", 2),
                 ("state_summon_placed", 2), ("state_summon_placed_floor", 2),
                 ("state_terrain_between", 3), ("state_terrain_near", 3),
                 ("state_terrain_near_floor", 3), ("state_terrain_contact", 2)))
