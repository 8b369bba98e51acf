"""Bad chronopia input never produces a traceback: exit code 2 and one line ``error: ...`` naming
the path.

Every case below is a malformed chronopia state document (docs/rulebooks/chronopia.md;
schema and cross-references in ``pybridge/books/chronopia.py``). Through the CLI (``rulings
rule --format json FILE``) each must give exit code 2, exactly one line on stderr of the form
``error: FILE: PATH: message`` (for problems with the file as a whole: ``error: FILE:
message``), the same error as a ``{"source", "error"}`` line on stdout, and no traceback.
Through the library, ``pybridge.rule(document)`` raises ``pybridge.InputError`` whose ``.path``
is PATH.

Document-level cases run three times: written as YAML, written as JSON, and passed to the
library as a Python object. Each is a single mistake in an otherwise valid document (BASE,
which itself is ruled ``ok``), so the path it must name is the one place the mistake is.
NaN and infinities cannot be written as JSON (the JSON reader refuses them as a whole-file
error, see FILE_CASES), so those cases are YAML and library only, as are non-string keys.
"""

import copy
import json
import subprocess
import sys

import pytest
import yaml

import pybridge
from document_edits import add_key, drop, edits, parent, put, whole
from error_checks import (
    _file,
    _write,
    assert_json_error_line,
    assert_one_error,
    check_cli_document,
    check_cli_file,
    check_handwritten_yaml,
    check_library_file,
    run,
)

# A valid document touching every record kind, every query kind and nearly every field, so
# that each case is a single edit away from it.
#   models:  0 Archer 1, 1 Archer 2 (unit Orc Archers), 2 Shaman (individual), 3 Imp (unit
#            Imps, causes horror), 4 Giant (unit Giants, causes terror), 5 Chariot (crew),
#            6 Knight (unit Knights, mounted)
#   sight:   0 a pair with every per-pair fact, 1 an engagement without `to`
#   queries: 0 shoot, 1 cast, 2 morale (fear), 3 morale (horror, table_roll), 4 pre_battle,
#            5 summon, 6 control, 7 rampage (roll 1, reroll)
BASE = {
    "rulebook": "chronopia",
    "edition": "crit_3_or_less",
    "models": [
        {"id": "Archer 1", "unit": "Orc Archers", "army": "Orcs", "individual": False,
         "size": 2, "position": [0, 0], "facing": 90, "height": 2, "altitude": 0,
         "elevation": 0, "panicked": False, "hidden": False, "immune": ["panic"],
         "stats": {"rs": 12, "ld": 10, "mg": 0, "ar": 14, "st": 3, "actions": 2}},
        {"id": "Archer 2", "unit": "Orc Archers", "army": "Orcs", "size": 2,
         "position": [2, 0], "facing": 90, "stats": {"rs": 12, "ld": 10}},
        {"id": "Shaman", "army": "Orcs", "individual": True, "size": 2, "position": [-3, 0],
         "facing": 90, "command_range": 4, "stats": {"mg": 15, "ld": 9, "actions": 3}},
        {"id": "Imp", "unit": "Imps", "army": "Orcs", "size": 1, "position": [-3, 3],
         "facing": 90, "causes": "horror", "fear_radius": 4},
        {"id": "Giant", "unit": "Giants", "army": "Dwarves", "size": 4, "position": [0, 10],
         "facing": 270, "height": 3.5, "altitude": 0, "causes": "terror", "fear_radius": 6,
         "immune": ["fear", "panic"], "stats": {"ld": 8, "ar": 12}},
        {"id": "Chariot", "army": "Dwarves", "size": 3, "position": [6.5, 14], "facing": 270,
         "chariot": True, "crew": [{"ld": 9}, {"ld": 7}], "stats": {"ar": 13}},
        {"id": "Knight", "unit": "Knights", "army": "Dwarves", "size": 2, "mounted": True,
         "mount": {"ld": 3}, "position": [-6, 14], "facing": 270, "elevation": 1.5,
         "stats": {"ld": 9}},
    ],
    "sight": [
        {"from": "Archer 1", "to": "Giant", "los": True, "cover": "light",
         "half_visible": True, "wall_height": 1.5, "wood": 2.5},
        {"from": "Archer 2", "engaged_with": ["Knight"]},
    ],
    "queries": [
        {"id": "shot", "roll": 4,
         "shoot": {"shooter": "Archer 1", "target": "Giant",
                   "weapon": {"short": 10, "medium": 20, "max": 30, "damage": 3,
                              "adds_strength": False}}},
        {"id": "bolt",
         "cast": {"caster": "Shaman", "target": "Knight",
                  "spell": {"level": 3, "resistable": True, "offensive": True, "range": 24,
                            "needs_los": False, "needs_range": True}}},
        {"id": "nerve",
         "morale": {"unit": "Orc Archers", "factor": "fear", "causer": "Giant",
                    "retest": False, "starting_strength": 2, "losses_last_round": False,
                    "passed": [{"factor": "fear", "causer": "Giant", "excellent": False}]}},
        {"id": "dread", "roll": 12,
         "morale": {"unit": "Knight", "factor": "horror", "causer": "Imp", "table_roll": 7}},
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

# The shared schema's wording (pybridge/documents/schema.py); None: only the path counts.
STRING = "expected a string"
NON_EMPTY = "non-empty"
INTEGER = "expected an integer"
NUMBER = "expected a number"
FINITE = "expected a finite number"
BOOLEAN = "expected true or false"
LIST = "expected a list"
MAPPING = "expected a mapping"
ONE_OF = "expected one of"
RANGE = "out of range"
MISSING = "missing"
UNKNOWN_KEY = "unknown key"
DUPLICATE = "duplicate id"
POINT = "expected [x, y]"
EXACTLY_ONE = "exactly one of"

SHOOT = "queries[0].shoot"
CAST = "queries[1].cast"
FEAR = "queries[2].morale"
HORROR = "queries[3].morale"
PRE = "queries[4].pre_battle"
SUMMON = "queries[5].summon"
CONTROL = "queries[6].control"
RAMPAGE = "queries[7].rampage"
WEAPON = f"{SHOOT}.weapon"
SPELL = f"{CAST}.spell"
PASSED = f"{FEAR}.passed[0]"


def case(name, edit, path, fragment=None, yaml_only=False):
    return pytest.param(edit, path, fragment, yaml_only, id=name)


NAN = float("nan")
INF = float("inf")

DOCUMENT_CASES = [
    # ---- unknown keys, at every level
    case("unknown-top-level-key", put("units", []), "units", UNKNOWN_KEY),
    case("singular-model-key", put("model", []), "model", UNKNOWN_KEY),
    case("b5-key-in-chronopia", put("beings", []), "beings", UNKNOWN_KEY),
    case("unknown-model-key", put("models[1].strength", 3), "models[1].strength", UNKNOWN_KEY),
    case("model-key-wrong-case", put("models[0].Unit", "Orc Archers"), "models[0].Unit",
         UNKNOWN_KEY),
    case("model-ld-outside-stats", put("models[2].ld", 9), "models[2].ld", UNKNOWN_KEY),
    case("unknown-stat", put("models[0].stats.wp", 5), "models[0].stats.wp", UNKNOWN_KEY),
    case("stat-wrong-case", put("models[4].stats.LD", 8), "models[4].stats.LD", UNKNOWN_KEY),
    case("unknown-crew-key", put("models[5].crew[1].rs", 10), "models[5].crew[1].rs",
         UNKNOWN_KEY),
    case("unknown-mount-key", put("models[6].mount.ar", 10), "models[6].mount.ar", UNKNOWN_KEY),
    case("unknown-sight-key", put("sight[0].range", 10), "sight[0].range", UNKNOWN_KEY),
    case("misspelt-engaged-with", put("sight[1].engaged", ["Knight"]), "sight[1].engaged",
         UNKNOWN_KEY),
    case("unknown-query-key", put("queries[1].kind", "cast"), "queries[1].kind", UNKNOWN_KEY),
    case("shoot-field-at-query-level", put("queries[0].target", "Giant"), "queries[0].target",
         UNKNOWN_KEY),
    case("unknown-query-kind", put("queries[4].melee", {"attacker": "Giant"}),
         "queries[4].melee", UNKNOWN_KEY),
    case("unknown-shoot-key", put(f"{SHOOT}.range", 12), f"{SHOOT}.range", UNKNOWN_KEY),
    case("roll-inside-shoot", put(f"{SHOOT}.roll", 4), f"{SHOOT}.roll", UNKNOWN_KEY),
    case("unknown-cast-key", put(f"{CAST}.level", 3), f"{CAST}.level", UNKNOWN_KEY),
    case("unknown-morale-key", put(f"{FEAR}.ld", 10), f"{FEAR}.ld", UNKNOWN_KEY),
    case("unknown-pre-battle-key", put(f"{PRE}.target", "Knight"), f"{PRE}.target",
         UNKNOWN_KEY),
    case("unknown-summon-key", put(f"{SUMMON}.unit", "Imps"), f"{SUMMON}.unit", UNKNOWN_KEY),
    case("unknown-control-key", put(f"{CONTROL}.cost", 2), f"{CONTROL}.cost", UNKNOWN_KEY),
    case("unknown-rampage-key", put(f"{RAMPAGE}.summoner", "Shaman"), f"{RAMPAGE}.summoner",
         UNKNOWN_KEY),
    case("unknown-weapon-key", put(f"{WEAPON}.long", 40), f"{WEAPON}.long", UNKNOWN_KEY),
    case("unknown-spell-key", put(f"{SPELL}.reach", 12), f"{SPELL}.reach", UNKNOWN_KEY),
    case("cast-spell-key-in-summon-spell", put(f"{SUMMON}.spell.resistable", False),
         f"{SUMMON}.spell.resistable", UNKNOWN_KEY),
    case("unknown-passed-key", put(f"{PASSED}.unit", "Orc Archers"), f"{PASSED}.unit",
         UNKNOWN_KEY),
    case("integer-top-level-key", add_key((), 5), "5", UNKNOWN_KEY, yaml_only=True),
    case("integer-model-key", add_key(("models", 0), 7), "models[0].7", UNKNOWN_KEY,
         yaml_only=True),
    case("integer-query-key", add_key(("queries", 0), 1), "queries[0].1", UNKNOWN_KEY,
         yaml_only=True),

    # ---- wrong types: strings expected
    case("integer-model-id", put("models[0].id", 1), "models[0].id", STRING),
    case("null-model-id", put("models[3].id", None), "models[3].id", STRING),
    case("empty-model-id", put("models[2].id", ""), "models[2].id", NON_EMPTY),
    case("integer-unit", put("models[0].unit", 3), "models[0].unit", STRING),
    case("empty-unit", put("models[1].unit", ""), "models[1].unit", NON_EMPTY),
    case("integer-army", put("models[1].army", 2), "models[1].army", STRING),
    case("list-army", put("models[4].army", ["Dwarves"]), "models[4].army", STRING),
    case("integer-sight-from", put("sight[0].from", 5), "sight[0].from", STRING),
    case("integer-sight-to", put("sight[0].to", 5), "sight[0].to", STRING),
    case("integer-engaged-with-entry", put("sight[1].engaged_with[0]", 1),
         "sight[1].engaged_with[0]", STRING),
    case("integer-query-id", put("queries[0].id", 1), "queries[0].id", STRING),
    case("empty-query-id", put("queries[2].id", ""), "queries[2].id", NON_EMPTY),
    case("list-shooter", put(f"{SHOOT}.shooter", ["Archer 1"]), f"{SHOOT}.shooter", STRING),
    case("integer-shoot-target", put(f"{SHOOT}.target", 4), f"{SHOOT}.target", STRING),
    case("integer-caster", put(f"{CAST}.caster", 1), f"{CAST}.caster", STRING),
    case("integer-cast-target", put(f"{CAST}.target", 3), f"{CAST}.target", STRING),
    case("integer-morale-unit", put(f"{FEAR}.unit", 1), f"{FEAR}.unit", STRING),
    case("boolean-causer", put(f"{FEAR}.causer", True), f"{FEAR}.causer", STRING),
    case("integer-passed-causer", put(f"{PASSED}.causer", 4), f"{PASSED}.causer", STRING),
    case("integer-pre-battle-caster", put(f"{PRE}.caster", 2), f"{PRE}.caster", STRING),
    case("integer-summoner", put(f"{SUMMON}.summoner", 2), f"{SUMMON}.summoner", STRING),
    case("integer-control-summoner", put(f"{CONTROL}.summoner", 2), f"{CONTROL}.summoner",
         STRING),
    case("integer-control-unit", put(f"{CONTROL}.units[0]", 1), f"{CONTROL}.units[0]", STRING),
    case("integer-paid-entry", put(f"{CONTROL}.paid[0]", 1), f"{CONTROL}.paid[0]", STRING),
    case("integer-forced-entry", put(f"{CONTROL}.forced_first[0]", 1),
         f"{CONTROL}.forced_first[0]", STRING),
    case("mapping-rampage-unit", put(f"{RAMPAGE}.unit", {"id": "Imps"}), f"{RAMPAGE}.unit",
         STRING),
    case("integer-edition", put("edition", 3), "edition", STRING),

    # ---- wrong types: numbers expected
    case("string-size", put("models[0].size", "2"), "models[0].size", INTEGER),
    case("float-size", put("models[1].size", 2.5), "models[1].size", INTEGER),
    case("boolean-size", put("models[3].size", True), "models[3].size", INTEGER),
    case("string-facing", put("models[0].facing", "90"), "models[0].facing", NUMBER),
    case("boolean-facing", put("models[4].facing", False), "models[4].facing", NUMBER),
    case("string-height", put("models[0].height", "2"), "models[0].height", NUMBER),
    case("boolean-altitude", put("models[0].altitude", True), "models[0].altitude", NUMBER),
    case("string-elevation", put("models[6].elevation", "low"), "models[6].elevation", NUMBER),
    case("string-fear-radius", put("models[4].fear_radius", "6in"), "models[4].fear_radius",
         NUMBER),
    case("list-command-range", put("models[2].command_range", [4]), "models[2].command_range",
         NUMBER),
    case("string-coordinate", put("models[0].position[0]", "0"), "models[0].position[0]",
         NUMBER),
    case("null-coordinate", put("models[1].position[1]", None), "models[1].position[1]",
         NUMBER),
    case("boolean-coordinate", put("models[2].position[0]", True), "models[2].position[0]",
         NUMBER),
    case("nested-coordinate", put("models[0].position", [[0, 0]]), "models[0].position[0]",
         NUMBER),
    case("string-wall-height", put("sight[0].wall_height", "1.5"), "sight[0].wall_height",
         NUMBER),
    case("list-wood", put("sight[0].wood", [2.5]), "sight[0].wood", NUMBER),
    case("string-weapon-short", put(f"{WEAPON}.short", "10"), f"{WEAPON}.short", NUMBER),
    case("boolean-weapon-max", put(f"{WEAPON}.max", True), f"{WEAPON}.max", NUMBER),
    case("float-damage", put(f"{WEAPON}.damage", 3.5), f"{WEAPON}.damage", INTEGER),
    case("string-stat", put("models[0].stats.rs", "12"), "models[0].stats.rs", INTEGER),
    case("float-stat", put("models[2].stats.mg", 14.5), "models[2].stats.mg", INTEGER),
    case("integral-float-stat", put("models[4].stats.ld", 8.0), "models[4].stats.ld", INTEGER),
    case("string-crew-ld", put("models[5].crew[0].ld", "9"), "models[5].crew[0].ld", INTEGER),
    case("boolean-mount-ld", put("models[6].mount.ld", True), "models[6].mount.ld", INTEGER),
    case("string-roll", put("queries[0].roll", "4"), "queries[0].roll", INTEGER),
    case("float-roll", put("queries[3].roll", 12.0), "queries[3].roll", INTEGER),
    case("string-reroll", put("queries[7].reroll", "5"), "queries[7].reroll", INTEGER),
    case("string-table-roll", put(f"{HORROR}.table_roll", "7"), f"{HORROR}.table_roll",
         INTEGER),
    case("string-spell-level", put(f"{SPELL}.level", "3"), f"{SPELL}.level", INTEGER),
    # the spell's reach (C37-TARGET): range in inches, needs_los and needs_range booleans
    case("string-spell-range", put(f"{SPELL}.range", "12"), f"{SPELL}.range", NUMBER),
    case("boolean-spell-range", put(f"{SPELL}.range", True), f"{SPELL}.range", NUMBER),
    case("spell-range-negative", put(f"{SPELL}.range", -0.1), f"{SPELL}.range", RANGE),
    case("spell-range-a-list", put(f"{SPELL}.range", [12]), f"{SPELL}.range", NUMBER),
    case("string-needs-los", put(f"{SPELL}.needs_los", "yes"), f"{SPELL}.needs_los", BOOLEAN),
    case("integer-needs-los", put(f"{SPELL}.needs_los", 1), f"{SPELL}.needs_los", BOOLEAN),
    case("string-needs-range", put(f"{SPELL}.needs_range", "false"), f"{SPELL}.needs_range",
         BOOLEAN),
    case("spell-needs-neither-los-nor-range", put(f"{SPELL}.needs_range", False),
         f"{SPELL}.needs_range", "line of sight or range"),
    case("spell-without-los-and-without-range", drop(f"{SPELL}.range"), f"{SPELL}.range",
         MISSING),
    case("float-summon-level", put(f"{SUMMON}.spell.level", 2.5), f"{SUMMON}.spell.level",
         INTEGER),
    case("string-starting-strength", put(f"{FEAR}.starting_strength", "2"),
         f"{FEAR}.starting_strength", INTEGER),
    case("float-army-spells-cast", put(f"{PRE}.army_spells_cast", 0.5),
         f"{PRE}.army_spells_cast", INTEGER),
    case("boolean-summoned-so-far", put(f"{SUMMON}.summoned_so_far", True),
         f"{SUMMON}.summoned_so_far", INTEGER),
    case("string-placed-at-coordinate", put(f"{SUMMON}.placed_at[1]", "5"),
         f"{SUMMON}.placed_at[1]", NUMBER),

    # ---- wrong types: booleans expected ('yes' is a string, not YAML 1.1's true)
    case("yes-individual", put("models[2].individual", "yes"), "models[2].individual", BOOLEAN),
    case("yes-panicked", put("models[0].panicked", "yes"), "models[0].panicked", BOOLEAN),
    case("yes-hidden", put("models[0].hidden", "yes"), "models[0].hidden", BOOLEAN),
    case("yes-mounted", put("models[6].mounted", "yes"), "models[6].mounted", BOOLEAN),
    case("yes-chariot", put("models[5].chariot", "yes"), "models[5].chariot", BOOLEAN),
    case("integer-chariot", put("models[5].chariot", 1), "models[5].chariot", BOOLEAN),
    case("yes-los", put("sight[0].los", "yes"), "sight[0].los", BOOLEAN),
    case("string-true-los", put("sight[0].los", "true"), "sight[0].los", BOOLEAN),
    case("yes-half-visible", put("sight[0].half_visible", "yes"), "sight[0].half_visible",
         BOOLEAN),
    case("yes-adds-strength", put(f"{WEAPON}.adds_strength", "yes"), f"{WEAPON}.adds_strength",
         BOOLEAN),
    case("yes-resistable", put(f"{SPELL}.resistable", "yes"), f"{SPELL}.resistable", BOOLEAN),
    case("integer-offensive", put(f"{SPELL}.offensive", 0), f"{SPELL}.offensive", BOOLEAN),
    case("yes-retest", put(f"{FEAR}.retest", "yes"), f"{FEAR}.retest", BOOLEAN),
    case("yes-losses-last-round", put(f"{FEAR}.losses_last_round", "yes"),
         f"{FEAR}.losses_last_round", BOOLEAN),
    case("yes-passed-excellent", put(f"{PASSED}.excellent", "yes"), f"{PASSED}.excellent",
         BOOLEAN),
    case("yes-marked", put(f"{PRE}.marked", "yes"), f"{PRE}.marked", BOOLEAN),
    case("null-marked", put(f"{PRE}.marked", None), f"{PRE}.marked", BOOLEAN),
    case("yes-concentrate", put(f"{PRE}.concentrate", "yes"), f"{PRE}.concentrate", BOOLEAN),
    case("yes-summoner-dead", put(f"{RAMPAGE}.summoner_dead", "yes"),
         f"{RAMPAGE}.summoner_dead", BOOLEAN),
    case("no-summoner-takes-control", put(f"{RAMPAGE}.summoner_takes_control", "no"),
         f"{RAMPAGE}.summoner_takes_control", BOOLEAN),

    # ---- wrong types: lists expected
    case("models-a-mapping", put("models", {"id": "Archer 1"}), "models", LIST),
    case("sight-a-mapping", put("sight", {"from": "Archer 1", "to": "Giant"}), "sight", LIST),
    case("queries-a-mapping", put("queries", {"shoot": {}}), "queries", LIST),
    case("queries-a-string", put("queries", "shot"), "queries", LIST),
    case("position-a-string", put("models[0].position", "0, 0"), "models[0].position", LIST),
    case("position-a-mapping", put("models[1].position", {"x": 2, "y": 0}),
         "models[1].position", LIST),
    case("position-a-number", put("models[2].position", 3), "models[2].position", LIST),
    case("immune-a-string", put("models[0].immune", "panic"), "models[0].immune", LIST),
    case("crew-a-mapping", put("models[5].crew", {"ld": 9}), "models[5].crew", LIST),
    case("engaged-with-a-string", put("sight[1].engaged_with", "Knight"),
         "sight[1].engaged_with", LIST),
    case("passed-a-mapping", put(f"{FEAR}.passed", {"factor": "fear", "causer": "Giant"}),
         f"{FEAR}.passed", LIST),
    case("control-units-a-string", put(f"{CONTROL}.units", "Imps"), f"{CONTROL}.units", LIST),
    case("paid-a-string", put(f"{CONTROL}.paid", "Imps"), f"{CONTROL}.paid", LIST),
    case("forced-first-a-string", put(f"{CONTROL}.forced_first", "Giants"),
         f"{CONTROL}.forced_first", LIST),
    case("placed-at-a-string", put(f"{SUMMON}.placed_at", "-3, 5"), f"{SUMMON}.placed_at",
         LIST),

    # ---- wrong types: mappings expected
    case("document-is-a-list", whole([BASE]), "document", MAPPING),
    case("model-a-string", put("models[1]", "Archer 2"), "models[1]", MAPPING),
    case("model-null", put("models[0]", None), "models[0]", MAPPING),
    case("sight-entry-a-list", put("sight[0]", ["Archer 1", "Giant"]), "sight[0]", MAPPING),
    case("query-a-string", put("queries[0]", "shot"), "queries[0]", MAPPING),
    case("stats-a-list", put("models[0].stats", [12, 10]), "models[0].stats", MAPPING),
    case("mount-an-integer", put("models[6].mount", 3), "models[6].mount", MAPPING),
    case("crew-member-an-integer", put("models[5].crew[0]", 9), "models[5].crew[0]", MAPPING),
    case("weapon-a-string", put(f"{WEAPON}", "bow"), WEAPON, MAPPING),
    case("spell-an-integer", put(f"{SPELL}", 3), SPELL, MAPPING),
    case("summon-spell-an-integer", put(f"{SUMMON}.spell", 2), f"{SUMMON}.spell", MAPPING),
    case("passed-entry-a-string", put(f"{PASSED}", "fear"), PASSED, MAPPING),
    case("shoot-body-a-string", put("queries[0].shoot", "Archer 1"), SHOOT, MAPPING),
    case("morale-body-a-list", put("queries[2].morale", ["Orc Archers", "fear"]), FEAR,
         MAPPING),
    case("rampage-body-true", put("queries[7].rampage", True), RAMPAGE, MAPPING),

    # ---- numbers: position is a list of exactly two numbers
    case("position-one-number", put("models[0].position", [0]), "models[0].position", POINT),
    case("position-three-numbers", put("models[1].position", [2, 0, 0]), "models[1].position",
         POINT),
    case("position-empty", put("models[4].position", []), "models[4].position", POINT),
    case("placed-at-one-number", put(f"{SUMMON}.placed_at", [5]), f"{SUMMON}.placed_at", POINT),
    # ---- numbers: NaN and infinities (YAML .nan/.inf; JSON cannot write them)
    case("nan-coordinate", put("models[0].position[0]", NAN), "models[0].position[0]", FINITE,
         yaml_only=True),
    case("inf-coordinate", put("models[4].position[1]", INF), "models[4].position[1]", FINITE,
         yaml_only=True),
    case("minus-inf-coordinate", put("models[1].position[0]", -INF), "models[1].position[0]",
         FINITE, yaml_only=True),
    case("inf-facing", put("models[0].facing", INF), "models[0].facing", FINITE,
         yaml_only=True),
    case("nan-facing", put("models[4].facing", NAN), "models[4].facing", FINITE,
         yaml_only=True),
    case("inf-height", put("models[0].height", INF), "models[0].height", FINITE,
         yaml_only=True),
    case("inf-elevation", put("models[6].elevation", -INF), "models[6].elevation", FINITE,
         yaml_only=True),
    case("nan-wood", put("sight[0].wood", NAN), "sight[0].wood", FINITE, yaml_only=True),
    case("inf-weapon-max", put(f"{WEAPON}.max", INF), f"{WEAPON}.max", FINITE, yaml_only=True),
    case("inf-placed-at", put(f"{SUMMON}.placed_at[0]", INF), f"{SUMMON}.placed_at[0]", FINITE,
         yaml_only=True),
    case("inf-stat", put("models[0].stats.rs", INF), "models[0].stats.rs", INTEGER,
         yaml_only=True),
    # ---- numbers: coordinates within +-10000
    case("coordinate-beyond-10000", put("models[0].position[0]", 10000.5),
         "models[0].position[0]", RANGE),
    case("coordinate-below-minus-10000", put("models[1].position[1]", -10001),
         "models[1].position[1]", RANGE),
    case("coordinate-a-million", put("models[4].position[1]", 1_000_000),
         "models[4].position[1]", RANGE),
    case("placed-at-beyond-10000", put(f"{SUMMON}.placed_at[1]", 10001),
         f"{SUMMON}.placed_at[1]", RANGE),
    case("elevation-beyond-10000", put("models[6].elevation", 10000.1), "models[6].elevation",
         RANGE),
    case("elevation-below-minus-10000", put("models[0].elevation", -10001),
         "models[0].elevation", RANGE),
    # ---- numbers: lengths are not negative (nor beyond 10000)
    case("negative-height", put("models[0].height", -1), "models[0].height", RANGE),
    case("negative-altitude", put("models[4].altitude", -0.5), "models[4].altitude", RANGE),
    case("negative-fear-radius", put("models[4].fear_radius", -1), "models[4].fear_radius",
         RANGE),
    case("negative-command-range", put("models[2].command_range", -4),
         "models[2].command_range", RANGE),
    case("negative-wall-height", put("sight[0].wall_height", -1.5), "sight[0].wall_height",
         RANGE),
    case("negative-wood", put("sight[0].wood", -0.1), "sight[0].wood", RANGE),
    case("negative-weapon-short", put(f"{WEAPON}.short", -1), f"{WEAPON}.short", RANGE),
    case("negative-weapon-medium", put(f"{WEAPON}.medium", -20), f"{WEAPON}.medium", RANGE),
    case("negative-weapon-max", put(f"{WEAPON}.max", -30), f"{WEAPON}.max", RANGE),
    case("height-beyond-10000", put("models[0].height", 10001), "models[0].height", RANGE),
    case("fear-radius-beyond-10000", put("models[3].fear_radius", 10000.5),
         "models[3].fear_radius", RANGE),
    case("weapon-max-beyond-10000", put(f"{WEAPON}.max", 20000), f"{WEAPON}.max", RANGE),
    # ---- numbers: size 1..5, facing -360..360
    case("size-zero", put("models[0].size", 0), "models[0].size", RANGE),
    case("size-six", put("models[4].size", 6), "models[4].size", RANGE),
    case("size-negative", put("models[3].size", -1), "models[3].size", RANGE),
    case("facing-above-360", put("models[0].facing", 361), "models[0].facing", RANGE),
    case("facing-just-above-360", put("models[4].facing", 360.5), "models[4].facing", RANGE),
    case("facing-below-minus-360", put("models[6].facing", -361), "models[6].facing", RANGE),
    case("facing-720", put("models[1].facing", 720), "models[1].facing", RANGE),
    # ---- numbers: stats -100..100 (crew, mount and weapon damage too)
    case("stat-101", put("models[0].stats.rs", 101), "models[0].stats.rs", RANGE),
    case("stat-minus-101", put("models[0].stats.ld", -101), "models[0].stats.ld", RANGE),
    case("stat-actions-huge", put("models[2].stats.actions", 10**6), "models[2].stats.actions",
         RANGE),
    case("stat-mg-101", put("models[2].stats.mg", 101), "models[2].stats.mg", RANGE),
    case("stat-ar-minus-101", put("models[4].stats.ar", -101), "models[4].stats.ar", RANGE),
    case("stat-st-101", put("models[0].stats.st", 101), "models[0].stats.st", RANGE),
    case("crew-ld-101", put("models[5].crew[1].ld", 101), "models[5].crew[1].ld", RANGE),
    case("mount-ld-minus-101", put("models[6].mount.ld", -101), "models[6].mount.ld", RANGE),
    case("damage-101", put(f"{WEAPON}.damage", 101), f"{WEAPON}.damage", RANGE),
    # ---- numbers: dice
    case("roll-zero", put("queries[0].roll", 0), "queries[0].roll", RANGE),
    case("roll-21", put("queries[3].roll", 21), "queries[3].roll", RANGE),
    case("roll-negative", put("queries[1].roll", -1), "queries[1].roll", RANGE),
    case("table-roll-zero", put(f"{HORROR}.table_roll", 0), f"{HORROR}.table_roll", RANGE),
    case("table-roll-21", put(f"{HORROR}.table_roll", 21), f"{HORROR}.table_roll", RANGE),
    case("reroll-one", put("queries[7].reroll", 1), "queries[7].reroll", RANGE),
    case("reroll-zero", put("queries[7].reroll", 0), "queries[7].reroll", RANGE),
    case("reroll-21", put("queries[7].reroll", 21), "queries[7].reroll", RANGE),
    # ---- numbers: spell levels 0..10, counts
    case("spell-level-minus-1", put(f"{SPELL}.level", -1), f"{SPELL}.level", RANGE),
    case("spell-level-11", put(f"{SPELL}.level", 11), f"{SPELL}.level", RANGE),
    case("summon-level-11", put(f"{SUMMON}.spell.level", 11), f"{SUMMON}.spell.level", RANGE),
    case("summon-level-minus-1", put(f"{SUMMON}.spell.level", -1), f"{SUMMON}.spell.level",
         RANGE),
    case("starting-strength-zero", put(f"{FEAR}.starting_strength", 0),
         f"{FEAR}.starting_strength", RANGE),
    case("army-spells-cast-negative", put(f"{PRE}.army_spells_cast", -1),
         f"{PRE}.army_spells_cast", RANGE),
    case("summoned-so-far-negative", put(f"{SUMMON}.summoned_so_far", -1),
         f"{SUMMON}.summoned_so_far", RANGE),

    # ---- missing required keys
    case("missing-rulebook", drop("rulebook"), "rulebook", MISSING),
    case("missing-model-id", drop("models[0].id"), "models[0].id", MISSING),
    case("missing-model-army", drop("models[1].army"), "models[1].army", MISSING),
    case("missing-model-size", drop("models[2].size"), "models[2].size", MISSING),
    case("missing-model-position", drop("models[3].position"), "models[3].position", MISSING),
    case("missing-model-facing", drop("models[4].facing"), "models[4].facing", MISSING),
    case("empty-model", put("models[1]", {}), "models[1].id", MISSING),
    case("missing-crew-ld", drop("models[5].crew[0].ld"), "models[5].crew[0].ld", MISSING),
    case("missing-mount-ld", drop("models[6].mount.ld"), "models[6].mount.ld", MISSING),
    case("missing-sight-from", drop("sight[1].from"), "sight[1].from", MISSING),
    case("missing-shooter", drop(f"{SHOOT}.shooter"), f"{SHOOT}.shooter", MISSING),
    case("missing-weapon", drop(f"{WEAPON}"), WEAPON, MISSING),
    case("missing-weapon-short", drop(f"{WEAPON}.short"), f"{WEAPON}.short", MISSING),
    case("missing-weapon-medium", drop(f"{WEAPON}.medium"), f"{WEAPON}.medium", MISSING),
    case("missing-weapon-max", drop(f"{WEAPON}.max"), f"{WEAPON}.max", MISSING),
    case("missing-weapon-damage", drop(f"{WEAPON}.damage"), f"{WEAPON}.damage", MISSING),
    case("missing-caster", drop(f"{CAST}.caster"), f"{CAST}.caster", MISSING),
    case("missing-cast-target", drop(f"{CAST}.target"), f"{CAST}.target", MISSING),
    case("missing-spell", drop(f"{SPELL}"), SPELL, MISSING),
    case("missing-spell-level", drop(f"{SPELL}.level"), f"{SPELL}.level", MISSING),
    case("missing-spell-resistable", drop(f"{SPELL}.resistable"), f"{SPELL}.resistable",
         MISSING),
    case("missing-spell-offensive", drop(f"{SPELL}.offensive"), f"{SPELL}.offensive", MISSING),
    case("missing-morale-unit", drop(f"{FEAR}.unit"), f"{FEAR}.unit", MISSING),
    case("missing-morale-factor", drop(f"{HORROR}.factor"), f"{HORROR}.factor", MISSING),
    case("missing-passed-factor", drop(f"{PASSED}.factor"), f"{PASSED}.factor", MISSING),
    case("missing-causer-for-fear", drop(f"{FEAR}.causer"), f"{FEAR}.causer", MISSING),
    case("null-causer-for-fear", put(f"{FEAR}.causer", None), f"{FEAR}.causer", MISSING),
    case("missing-causer-for-horror", drop(f"{HORROR}.causer"), f"{HORROR}.causer", MISSING),
    case("missing-causer-for-terror", edits(put(f"{FEAR}.factor", "terror"),
                                            drop(f"{FEAR}.causer")),
         f"{FEAR}.causer", MISSING),
    case("missing-pre-battle-caster", drop(f"{PRE}.caster"), f"{PRE}.caster", MISSING),
    case("missing-pre-battle-marked", drop(f"{PRE}.marked"), f"{PRE}.marked", MISSING),
    case("missing-summoner", drop(f"{SUMMON}.summoner"), f"{SUMMON}.summoner", MISSING),
    case("missing-summon-spell", drop(f"{SUMMON}.spell"), f"{SUMMON}.spell", MISSING),
    case("missing-summon-spell-level", drop(f"{SUMMON}.spell.level"),
         f"{SUMMON}.spell.level", MISSING),
    case("missing-control-summoner", drop(f"{CONTROL}.summoner"), f"{CONTROL}.summoner",
         MISSING),
    case("missing-control-units", drop(f"{CONTROL}.units"), f"{CONTROL}.units", MISSING),
    case("missing-rampage-unit", drop(f"{RAMPAGE}.unit"), f"{RAMPAGE}.unit", MISSING),

    # ---- duplicate ids
    case("duplicate-model", put("models[1].id", "Archer 1"), "models[1].id", DUPLICATE),
    case("duplicate-model-last", put("models[6].id", "Shaman"), "models[6].id", DUPLICATE),
    case("duplicate-model-far-apart", put("models[5].id", "Archer 2"), "models[5].id",
         DUPLICATE),
    case("duplicate-query", put("queries[1].id", "shot"), "queries[1].id", DUPLICATE),
    # two models cannot stand on one spot (issue 12)
    case("two-models-on-one-spot", put("models[2].position", [0, 0]), "models[2].position",
         "the same spot as models[0]"),
    case("duplicate-query-last", put("queries[7].id", "bind"), "queries[7].id", DUPLICATE),

    # ---- unknown references
    case("unknown-sight-from", put("sight[0].from", "ghost"), "sight[0].from", "'ghost'"),
    case("unknown-sight-to", put("sight[0].to", "ghost"), "sight[0].to", "'ghost'"),
    case("sight-to-a-unit", put("sight[0].to", "Giants"), "sight[0].to", "'Giants'"),
    case("sight-from-differs-by-case", put("sight[1].from", "archer 2"), "sight[1].from",
         "'archer 2'"),
    case("unknown-engaged-with", put("sight[1].engaged_with[0]", "ghost"),
         "sight[1].engaged_with[0]", "'ghost'"),
    case("unknown-engaged-with-second", put("sight[1].engaged_with", ["Knight", "ghost"]),
         "sight[1].engaged_with[1]", "'ghost'"),
    case("unknown-shooter", put(f"{SHOOT}.shooter", "ghost"), f"{SHOOT}.shooter", "'ghost'"),
    case("shooter-a-unit", put(f"{SHOOT}.shooter", "Orc Archers"), f"{SHOOT}.shooter",
         "'Orc Archers'"),
    case("unknown-shoot-target", put(f"{SHOOT}.target", "ghost"), f"{SHOOT}.target",
         "'ghost'"),
    case("shoot-target-a-unit", put(f"{SHOOT}.target", "Giants"), f"{SHOOT}.target",
         "'Giants'"),
    case("shoot-target-a-query", put(f"{SHOOT}.target", "bolt"), f"{SHOOT}.target", "'bolt'"),
    case("unknown-caster", put(f"{CAST}.caster", "ghost"), f"{CAST}.caster", "'ghost'"),
    case("unknown-cast-target", put(f"{CAST}.target", "ghost"), f"{CAST}.target", "'ghost'"),
    case("cast-target-a-unit", put(f"{CAST}.target", "Knights"), f"{CAST}.target",
         "'Knights'"),
    case("unknown-pre-battle-caster", put(f"{PRE}.caster", "ghost"), f"{PRE}.caster",
         "'ghost'"),
    case("unknown-summoner", put(f"{SUMMON}.summoner", "ghost"), f"{SUMMON}.summoner",
         "'ghost'"),
    case("unknown-control-summoner", put(f"{CONTROL}.summoner", "ghost"),
         f"{CONTROL}.summoner", "'ghost'"),
    case("unknown-causer", put(f"{FEAR}.causer", "ghost"), f"{FEAR}.causer", "'ghost'"),
    case("causer-a-unit", put(f"{HORROR}.causer", "Imps"), f"{HORROR}.causer", "'Imps'"),
    case("unknown-passed-causer", put(f"{PASSED}.causer", "ghost"), f"{PASSED}.causer",
         "'ghost'"),
    case("unknown-morale-unit", put(f"{FEAR}.unit", "ghost"), f"{FEAR}.unit", "'ghost'"),
    case("morale-unit-differs-by-case", put(f"{FEAR}.unit", "orc archers"), f"{FEAR}.unit",
         "'orc archers'"),
    case("morale-unit-is-an-army", put(f"{HORROR}.unit", "Dwarves"), f"{HORROR}.unit",
         "'Dwarves'"),
    case("morale-unit-is-a-query", put(f"{HORROR}.unit", "shot"), f"{HORROR}.unit", "'shot'"),
    case("unknown-control-unit", put(f"{CONTROL}.units[1]", "ghost"), f"{CONTROL}.units[1]",
         "'ghost'"),
    case("control-unit-is-a-model-of-a-unit", put(f"{CONTROL}.units[0]", "Imp"),
         f"{CONTROL}.units[0]", "'Imp'"),
    case("unknown-paid", put(f"{CONTROL}.paid[0]", "ghost"), f"{CONTROL}.paid[0]", "'ghost'"),
    case("unknown-forced-first", put(f"{CONTROL}.forced_first[0]", "ghost"),
         f"{CONTROL}.forced_first[0]", "'ghost'"),
    case("unknown-rampage-unit", put(f"{RAMPAGE}.unit", "ghost"), f"{RAMPAGE}.unit", "'ghost'"),
    case("rampage-unit-is-a-model-of-a-unit", put(f"{RAMPAGE}.unit", "Imp"), f"{RAMPAGE}.unit",
         "'Imp'"),
    # ---- control: paid and forced_first among the summoner's units
    case("paid-not-among-units", put(f"{CONTROL}.paid[0]", "Knights"), f"{CONTROL}.paid[0]",
         "'Knights'"),
    case("second-paid-not-among-units", put(f"{CONTROL}.paid", ["Imps", "Orc Archers"]),
         f"{CONTROL}.paid[1]", "'Orc Archers'"),
    case("forced-first-not-among-units", put(f"{CONTROL}.forced_first[0]", "Shaman"),
         f"{CONTROL}.forced_first[0]", "'Shaman'"),
    case("paid-with-no-units", put(f"{CONTROL}.units", []), f"{CONTROL}.paid[0]", "'Imps'"),

    # ---- one query kind per query
    case("query-with-no-kind", put("queries[0]", {"id": "shot", "roll": 4}), "queries[0]",
         EXACTLY_ONE),
    case("empty-query", put("queries[4]", {}), "queries[4]", EXACTLY_ONE),
    case("query-kind-null", put("queries[1].cast", None), "queries[1]", EXACTLY_ONE),
    case("query-with-two-kinds",
         put("queries[0].cast", {"caster": "Shaman", "target": "Knight",
                                 "spell": {"level": 3, "resistable": True, "offensive": True}}),
         "queries[0]", EXACTLY_ONE),
    case("rampage-and-control-in-one-query",
         put("queries[7].control", {"summoner": "Shaman", "units": ["Imps"]}),
         "queries[7]", EXACTLY_ONE),

    # ---- weapon bands
    case("short-beyond-medium", put(f"{WEAPON}.short", 25), WEAPON, "short <= medium <= max"),
    case("medium-beyond-max", put(f"{WEAPON}.medium", 35), WEAPON, "short <= medium <= max"),
    case("short-beyond-max", put(f"{WEAPON}.max", 5), WEAPON, "short <= medium <= max"),
    case("medium-beyond-max-by-a-tenth", put(f"{WEAPON}.medium", 30.1), WEAPON,
         "short <= medium <= max"),

    # ---- sight entries
    case("los-without-to", drop("sight[0].to"), "sight[0].to", MISSING),
    case("cover-without-to", put("sight[1].cover", "heavy"), "sight[1].to", MISSING),
    case("los-false-without-to", put("sight[1].los", False), "sight[1].to", MISSING),
    case("half-visible-without-to", put("sight[1].half_visible", False), "sight[1].to",
         MISSING),
    case("wall-without-to", put("sight[1].wall_height", 1), "sight[1].to", MISSING),
    case("wood-without-to", put("sight[1].wood", 0), "sight[1].to", MISSING),
    case("sight-to-itself", put("sight[0].to", "Archer 1"), "sight[0].to", "itself"),
    case("engaged-sight-to-itself", put("sight[1].to", "Archer 2"), "sight[1].to", "itself"),
    # DISAGREEMENT (fails at present): the same mistake as ``to`` == ``from`` (refused above,
    # "a model and itself"), but in engaged_with: chronopia.py accepts a model in melee with
    # itself and emits state_engaged_given(A, A); the ruling comes back "ok".
    case("engaged-with-itself", put("sight[1].engaged_with", ["Knight", "Archer 2"]),
         "sight[1].engaged_with[1]"),

    # ---- dice belonging to other queries
    case("table-roll-on-fear", put(f"{FEAR}.table_roll", 5), f"{FEAR}.table_roll",
         "horror table"),
    case("table-roll-on-terror", put(f"{HORROR}.factor", "terror"), f"{HORROR}.table_roll",
         "horror table"),
    case("table-roll-on-panic", edits(put(f"{FEAR}.factor", "panic"),
                                      put(f"{FEAR}.table_roll", 20)),
         f"{FEAR}.table_roll", "horror table"),
    case("reroll-on-shoot", put("queries[0].reroll", 5), "queries[0].reroll", "rampage"),
    case("reroll-on-cast", put("queries[1].reroll", 2), "queries[1].reroll", "rampage"),
    case("reroll-on-control", put("queries[6].reroll", 20), "queries[6].reroll", "rampage"),
    case("reroll-on-horror-morale", put("queries[3].reroll", 7), "queries[3].reroll",
         "rampage"),
    case("reroll-summoner-takes-control", put(f"{RAMPAGE}.summoner_takes_control", True),
         "queries[7].reroll", "summoner_takes_control"),
    case("reroll-summoner-takes-control-by-default", drop(f"{RAMPAGE}.summoner_takes_control"),
         "queries[7].reroll", "summoner_takes_control"),
    case("reroll-summoner-dead", put(f"{RAMPAGE}.summoner_dead", True), "queries[7].reroll",
         "summoner_takes_control"),
    case("reroll-after-a-2", put("queries[7].roll", 2), "queries[7].reroll", "roll of 1"),
    case("reroll-after-a-20", put("queries[7].roll", 20), "queries[7].reroll", "roll of 1"),

    # ---- enum values
    case("unknown-factor", put(f"{FEAR}.factor", "courage"), f"{FEAR}.factor", ONE_OF),
    case("factor-wrong-case", put(f"{HORROR}.factor", "Horror"), f"{HORROR}.factor", ONE_OF),
    case("integer-factor", put(f"{FEAR}.factor", 1), f"{FEAR}.factor", ONE_OF),
    case("passed-factor-panic", put(f"{PASSED}.factor", "panic"), f"{PASSED}.factor", ONE_OF),
    case("passed-factor-unknown", put(f"{PASSED}.factor", "dread"), f"{PASSED}.factor", ONE_OF),
    case("causes-panic", put("models[4].causes", "panic"), "models[4].causes", ONE_OF),
    case("causes-wrong-case", put("models[3].causes", "Horror"), "models[3].causes", ONE_OF),
    case("causes-a-list", put("models[4].causes", ["terror"]), "models[4].causes", ONE_OF),
    case("unknown-immune-entry", put("models[0].immune[0]", "courage"), "models[0].immune[0]",
         ONE_OF),
    case("immune-entry-wrong-case", put("models[4].immune", ["fear", "Panic"]),
         "models[4].immune[1]", ONE_OF),
    case("immune-entry-integer", put("models[4].immune[0]", 1), "models[4].immune[0]", ONE_OF),
    case("unknown-cover", put("sight[0].cover", "partial"), "sight[0].cover", ONE_OF),
    case("cover-wrong-case", put("sight[0].cover", "Heavy"), "sight[0].cover", ONE_OF),
    case("cover-boolean", put("sight[0].cover", True), "sight[0].cover", ONE_OF),
    case("rulebook-wrong-case", put("rulebook", "Chronopia"), "rulebook", "unknown rulebook"),
    case("unknown-edition", put("edition", "nope"), "edition", "unknown edition 'nope'"),
    case("b5-edition", put("edition", "errata"), "edition", "unknown edition 'errata'"),
]


CLI_DOCUMENT_CASES = [
    pytest.param(fmt, *case.values, id=f"{case.id}-{fmt}")
    for case in DOCUMENT_CASES for fmt in ("yaml", "json")
    if not (case.values[3] and fmt == "json")
]


def test_case_names_are_unique():
    names = [c.id for c in DOCUMENT_CASES]
    assert len(names) == len(set(names))


# ---------------------------------------------------------------------------------------------
# Valid documents: each bad case is one edit away from a document the rulebook accepts, and
# the boundaries of every range are inside it.

VALID = [
    pytest.param(lambda doc: doc, id="base"),
    pytest.param(whole({"rulebook": "chronopia"}), id="rulebook-only"),
    pytest.param(whole({"rulebook": "chronopia", "models": [], "sight": [], "queries": []}),
                 id="empty-lists"),
    pytest.param(put("edition", "crit_exactly_3"), id="edition-crit-exactly-3"),
    pytest.param(drop("edition"), id="edition-default"),
    pytest.param(put("models[0].position", [10000, -10000]), id="coordinates-at-the-limits"),
    pytest.param(put("models[1].position", [2.25, 0.05]), id="decimal-coordinates"),
    pytest.param(put("models[0].facing", 360), id="facing-360"),
    pytest.param(put("models[0].facing", -360), id="facing-minus-360"),
    pytest.param(put("models[3].size", 5), id="size-5"),
    pytest.param(put("models[4].size", 1), id="size-1"),
    pytest.param(edits(put("models[0].stats.rs", 100), put("models[0].stats.ld", -100)),
                 id="stats-at-the-limits"),
    pytest.param(put("models[0].height", 0), id="zero-height"),
    pytest.param(put("models[6].elevation", -3), id="negative-elevation"),
    pytest.param(edits(put("sight[0].wood", 0), put("sight[0].wall_height", 0)),
                 id="zero-terrain"),
    pytest.param(put("queries[0].roll", 20), id="roll-20"),
    pytest.param(put(f"{HORROR}.table_roll", 1), id="table-roll-1"),
    pytest.param(put("queries[7].reroll", 2), id="reroll-2"),
    pytest.param(put("queries[7].reroll", 20), id="reroll-20"),
    pytest.param(put(f"{SPELL}.level", 0), id="spell-level-0"),
    pytest.param(put(f"{SPELL}.level", 10), id="spell-level-10"),
    pytest.param(put(f"{SPELL}.range", 0), id="spell-range-0"),
    pytest.param(edits(drop(f"{SPELL}.range"), drop(f"{SPELL}.needs_los"),
                       drop(f"{SPELL}.needs_range")), id="spell-reach-defaults"),
    pytest.param(edits(put(f"{SPELL}.needs_los", True), put(f"{SPELL}.needs_range", False)),
                 id="spell-los-only-with-a-range-given"),
    pytest.param(put(f"{CAST}.target", "Shaman"), id="spell-on-the-caster-itself"),
    pytest.param(edits(put(f"{WEAPON}.short", 30), put(f"{WEAPON}.medium", 30)),
                 id="weapon-bands-equal"),
    pytest.param(put(f"{WEAPON}.damage", -100), id="damage-minus-100"),
    pytest.param(drop(f"{SHOOT}.target"), id="shoot-without-target"),
    pytest.param(edits(put(f"{FEAR}.factor", "panic"), drop(f"{FEAR}.causer")),
                 id="panic-without-causer"),
    pytest.param(put(f"{FEAR}.unit", "Archer 2"), id="morale-unit-a-model-id"),
    pytest.param(put(f"{HORROR}.unit", "Knights"), id="morale-unit-a-unit"),
    pytest.param(drop(f"{PASSED}.causer"), id="passed-without-causer"),
    pytest.param(put(f"{CONTROL}.units", ["Imps", "Giants", "Shaman"]),
                 id="individual-is-its-own-unit"),
    pytest.param(drop("queries[0].id"), id="query-without-id"),
    pytest.param(drop("queries[7].reroll"), id="rampage-without-reroll"),
    pytest.param(put("sight[1].engaged_with", []), id="engaged-with-nobody"),
    pytest.param(put("queries[2].id", "Archer 1"), id="query-id-equal-to-a-model-id"),
    # an id may be written like another query's position when that one has an id of its own,
    # or none (it is then named "queries[1] (no id)")
    pytest.param(put("queries[0].id", "queries[7]"), id="query-named-like-a-named-position"),
    pytest.param(edits(drop("queries[1].id"), put("queries[0].id", "queries[1]")),
                 id="query-named-like-an-unnamed-position"),
]


@pytest.mark.parametrize("edit", VALID)
def test_valid_document(edit):
    result = pybridge.rule(edit(copy.deepcopy(BASE)))
    assert result["rulebook"] == "chronopia"
    assert result["status"] in ("ok", "ambiguous", "inconsistent")


def test_base_document_is_ruled_ok():
    result = pybridge.rule(copy.deepcopy(BASE))
    assert result["status"] == "ok"
    assert {r["kind"] for r in result["rulings"]} >= {
        "legal_target", "hit_number", "cast_number", "resist_number", "pre_battle", "summon",
        "control_cost", "morale_test", "outcome", "chance"}


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_base_document_is_valid_through_the_cli(runner, tmp_path, fmt):
    source = _write(tmp_path, copy.deepcopy(BASE), fmt)
    result = run(runner, "rule", "--format", "json", source)
    assert result.exit_code == 0, (result.output, result.stderr)
    assert result.stderr == ""
    record = json.loads(result.stdout)
    assert record["rulebook"] == "chronopia" and record["status"] == "ok"


def test_explicit_null_for_optional_fields_is_absent():
    document = copy.deepcopy(BASE)
    for key in ("unit", "individual", "height", "altitude", "elevation", "panicked", "hidden",
                "immune"):
        document["models"][0][key] = None
    document["models"][1]["stats"] = None       # Archer 1 shoots: its RS is needed (issue 15)
    for key in ("crew", "chariot"):
        document["models"][5][key] = None
    document["models"][6]["mount"] = None
    document["models"][4]["causes"] = None
    document["models"][4]["fear_radius"] = None
    document["models"][2]["command_range"] = None
    for key in ("los", "cover", "half_visible", "wall_height", "wood"):
        document["sight"][0][key] = None
    document["queries"][0]["shoot"]["target"] = None
    document["queries"][0]["shoot"]["weapon"]["adds_strength"] = None
    document["queries"][2]["morale"]["passed"] = None
    document["queries"][3]["morale"]["table_roll"] = None
    document["queries"][6]["control"]["paid"] = None
    document["queries"][7]["reroll"] = None
    document["queries"][1]["cast"]["spell"]["needs_range"] = None
    document["edition"] = None
    assert pybridge.rule(document)["rulebook"] == "chronopia"


# ---------------------------------------------------------------------------------------------
# Bad documents, through the CLI and through the library.

@pytest.mark.parametrize("fmt,edit,path,fragment,yaml_only", CLI_DOCUMENT_CASES)
def test_cli_reports_bad_document(runner, tmp_path, fmt, edit, path, fragment, yaml_only):
    check_cli_document(runner, tmp_path, edit(copy.deepcopy(BASE)), fmt, path, fragment)


@pytest.mark.parametrize("edit,path,fragment,yaml_only", DOCUMENT_CASES)
def test_library_raises_input_error_with_path(edit, path, fragment, yaml_only):
    document = edit(copy.deepcopy(BASE))
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(document)
    error = caught.value
    assert error.path == path, (error.path, error.message)
    assert error.source is None
    if fragment is not None:
        assert fragment in error.message, error.message
    assert "\n" not in str(error)
    assert str(error) == f"{path}: {error.message}"


@pytest.mark.parametrize("path,first", [("models[1].id", "models[0].id"),
                                        ("models[6].id", "models[2].id"),
                                        ("queries[1].id", "queries[0].id"),
                                        ("queries[7].id", "queries[6].id")])
def test_duplicate_names_the_first_occurrence(path, first):
    original = parent(copy.deepcopy(BASE), first)[0]["id"]
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(put(path, original)(copy.deepcopy(BASE)))
    assert caught.value.path == path
    assert first in caught.value.message


def test_unknown_edition_names_the_editions():
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(put("edition", "nope")(copy.deepcopy(BASE)))
    assert "crit_3_or_less" in caught.value.message
    assert "crit_exactly_3" in caught.value.message


def test_unknown_edition_option(runner, tmp_path):
    source = _write(tmp_path, copy.deepcopy(BASE), "yaml")
    result = run(runner, "rule", "--format", "json", "--edition", "errata", source)
    line = assert_one_error(result, "error: ")
    assert "--edition: unknown edition 'errata'" in line
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(copy.deepcopy(BASE), edition="errata")
    assert caught.value.path == "--edition"


def test_hostile_reference_in_error_is_one_line():
    document = put(f"{SHOOT}.target", 'gh\nost").\n#show')(copy.deepcopy(BASE))
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(document)
    assert caught.value.path == f"{SHOOT}.target"
    assert "\n" not in str(caught.value)


def test_self_containing_python_list_is_a_plain_error():
    """A Python caller can pass a list that contains itself: a path error, not a recursion."""
    document = copy.deepcopy(BASE)
    loop = []
    loop.append(loop)
    document["models"][0]["position"] = loop
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(document)
    assert caught.value.path == "models[0].position[0]"


@pytest.mark.parametrize("path", ["models[0].size", "models[0].facing", "models[0].position[1]",
                                  "models[0].stats.ld", "models[0].height",
                                  "sight[0].wood", f"{WEAPON}.max", f"{WEAPON}.damage",
                                  "queries[0].roll", "queries[7].reroll",
                                  f"{SPELL}.level", f"{SUMMON}.placed_at[0]",
                                  f"{FEAR}.starting_strength", "models[0].id",
                                  "sight[0].los"])
@pytest.mark.parametrize("sign", [1, -1], ids=["positive", "negative"])
def test_huge_python_integer_names_its_path(path, sign):
    """Python ints past 4300 digits cannot even be printed; the error still names the path."""
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(put(path, sign * 10**5000)(copy.deepcopy(BASE)))
    assert caught.value.path == path
    assert "9" * 50 not in str(caught.value) and "0" * 50 not in str(caught.value)
    assert len(str(caught.value)) < 200


# ---------------------------------------------------------------------------------------------
# Handwritten YAML: what a person types.

_MODEL = b"  - {id: A, army: Orcs, size: 2, position: [0, 0], facing: 90"

RAW_CASES = [
    pytest.param(b"rulebook: chronopia\nmodels:\n" + _MODEL + b", hidden: yes}\n",
                 "models[0].hidden", BOOLEAN, id="yaml-1.1-yes"),
    pytest.param(b"rulebook: chronopia\nmodels:\n" + _MODEL + b", mounted: on}\n",
                 "models[0].mounted", BOOLEAN, id="yaml-1.1-on"),
    pytest.param(b"rulebook: chronopia\nmodels:\n" + _MODEL + b"}\n"
                 b"  - {id: B, army: Orcs, size: 2, position: [0, 4], facing: 90}\n"
                 b"sight:\n  - {from: A, to: B, los: no}\n",
                 "sight[0].los", BOOLEAN, id="yaml-1.1-no"),
    pytest.param(b"rulebook: chronopia\nmodels:\n"
                 b"  - {id: A, army: Orcs, size: 2, position: 0 0, facing: 90}\n",
                 "models[0].position", LIST, id="position-without-brackets"),
    pytest.param(b"rulebook: chronopia\nmodels:\n"
                 b"  - {id: A, army: Orcs, size: 2, position: [0; 0], facing: 90}\n",
                 "models[0].position[0]", NUMBER, id="position-with-semicolon"),
    pytest.param(b"rulebook: chronopia\nmodels:\n"
                 b"  - {id: A, army: Orcs, size: 2, position: [0, 0], facing: 90deg}\n",
                 "models[0].facing", NUMBER, id="facing-with-unit"),
    pytest.param(b"rulebook: chronopia\nmodels:\n"
                 b"  - {id: A, army: Orcs, size: 2, position: [0, .inf], facing: 90}\n",
                 "models[0].position[1]", FINITE, id="yaml-inf-coordinate"),
    pytest.param(b"rulebook: chronopia\nmodels:\n"
                 b"  - {id: A, army: Orcs, size: 2, position: [0, 0], facing: .NaN}\n",
                 "models[0].facing", FINITE, id="yaml-nan-facing"),
    pytest.param(b"rulebook: chronopia\nmodels:\n"
                 b"  - {id: A, army: Orcs, size: 2, position: [1.0e+400, 0], facing: 90}\n",
                 "models[0].position[0]", RANGE, id="yaml-overflowing-float"),
    # (a plain 2001-01-01 is text, YAML 1.2's core schema has no dates: a valid army name,
    # tests/test_input_messages.py)
    pytest.param(b"rulebook: chronopia\nmodels:\n" + _MODEL + b", size: 3}\n",
                 "models[0].size", "duplicate key 'size'", id="duplicate-key-in-model"),
    pytest.param(b"rulebook: chronopia\nmodels:\n" + _MODEL + b"}\n"
                 b"  - id: A\n    army: Elves\n    size: 1\n    position: [1, 1]\n"
                 b"    facing: 0\n",
                 "models[1].id", DUPLICATE, id="duplicate-model-block-style"),
    pytest.param(b"rulebook: chronopia\nmodels:\n" + _MODEL + b"}\n"
                 b"queries:\n  - {id: q, rampage: {unit: A}, roll: 1, reroll: 4}\n",
                 "queries[0].reroll", "summoner_takes_control", id="reroll-taken-by-default"),
    pytest.param(b"rulebook: chronopia\nmodels:\n" + _MODEL + b"}\n"
                 b"queries:\n  - {id: q, morale: {unit: A, factor: fear}}\n",
                 "queries[0].morale.causer", MISSING, id="fear-without-causer"),
    pytest.param(b"rulebook: chronopia\nmodels:\n" + _MODEL + b"}\n"
                 b"queries:\n  - id: q\n    shoot:\n      shooter: A\n"
                 b"      weapon: {short: 10, medium: 20, max: 30, damage: 3}\n"
                 b"    cast: {caster: A, target: A, spell: {level: 1, resistable: false, "
                 b"offensive: false}}\n",
                 "queries[0]", EXACTLY_ONE, id="two-kinds-block-style"),
]


@pytest.mark.parametrize("data,path,fragment", RAW_CASES)
def test_cli_reports_bad_handwritten_yaml(runner, tmp_path, data, path, fragment):
    check_handwritten_yaml(runner, tmp_path, data, path, fragment)


# ---------------------------------------------------------------------------------------------
# Problems with the file as a whole, in chronopia documents: (file name, bytes, path or None,
# message fragment). With a path the line is ``error: FILE: PATH: ...``; without,
# ``error: FILE: ...``.

def _deep_position(depth):
    """A document whose first model's first coordinate is a list nested ``depth`` times."""
    return (b"rulebook: chronopia\nmodels:\n  - {id: A, army: Orcs, size: 2, facing: 90, "
            b"position: [" + b"[" * depth + b"]" * depth + b", 0]}\n")


def _bomb_in_immune():
    """A billion-laughs alias tree built inside models' immune lists: the first expansion is
    already a wrong entry (a list where a factor belongs)."""
    levels = "abcdefghi"
    lines = [b"rulebook: chronopia\nmodels:\n",
             b"  - {id: m0, army: O, size: 1, position: [0, 0], facing: 0, "
             b"immune: &a [fear, fear, fear, fear, fear, fear, fear, fear, fear]}\n"]
    for i, (prev, name) in enumerate(zip(levels, levels[1:]), start=1):
        lines.append(f"  - {{id: m{i}, army: O, size: 1, position: [0, {i}], facing: 0, "
                     f"immune: &{name} [".encode()
                     + b", ".join([f"*{prev}".encode()] * 10) + b"]}\n")
    return b"".join(lines)


_JSON_MODEL = (b'{"rulebook": "chronopia", "models": [{"id": "A", "army": "Orcs", '
               b'"size": 2, "facing": 90, "position": ')

FILE_CASES = [
    pytest.param("state.yaml", b"", None, "empty", id="empty-yaml-file"),
    pytest.param("state.json", b"", None, "empty", id="empty-json-file"),
    pytest.param("state.yaml", b"\n \n\t\n", None, "empty", id="whitespace-only"),
    pytest.param("state.yaml", b"# rulebook: chronopia\n", None, "empty", id="commented-out"),
    pytest.param("state.yaml", b"rulebook: chronopia\nmodels:\n  - {id: Sch\xfctze, army: O, "
                 b"size: 1, position: [0, 0], facing: 0}\n", None, "UTF-8",
                 id="latin-1-model-id"),
    pytest.param("state.yaml", b"rulebook: chronopia\nmodels:\n  - {id: A, army: \xff\xfe, "
                 b"size: 1, position: [0, 0], facing: 0}\n", None, "UTF-8",
                 id="invalid-bytes-in-army"),
    pytest.param("state.json", b'{"rulebook": "chronopia", "models": [{"id": "Sch\xc3", '
                 b'"army": "O", "size": 1, "position": [0, 0], "facing": 0}]}', None, "UTF-8",
                 id="truncated-utf8-in-json"),
    pytest.param("state.yaml", "rulebook: chronopia\n".encode("utf-16"), None, "UTF-8",
                 id="utf-16-file"),
    pytest.param("state.yaml", b"rulebook: chronopia\nmodels: &m [*m]\n", None,
                 "invalid YAML", id="recursive-alias-models"),
    pytest.param("state.yaml", b"rulebook: chronopia\nmodels:\n  - {id: A, army: O, size: 1, "
                 b"facing: 0, position: &p [0, *p]}\n", None, "invalid YAML",
                 id="recursive-alias-position"),
    pytest.param("state.yaml", b"rulebook: chronopia\nqueries:\n  - &q {id: q, rampage: "
                 b"{unit: *q}}\n", None, "invalid YAML", id="recursive-alias-query"),
    pytest.param("state.yaml", b"rulebook: chronopia\nmodels: *nowhere\n", None,
                 "invalid YAML", id="undefined-alias"),
    pytest.param("state.yaml", _bomb_in_immune(), "models[1].immune[0]", ONE_OF,
                 id="alias-bomb-in-immune"),
    pytest.param("state.yaml", _deep_position(55), "models[0].position[0]", NUMBER,
                 id="deep-but-parseable"),
    pytest.param("state.yaml", _deep_position(200), None, "nested too deeply",
                 id="nested-too-deeply-yaml"),
    pytest.param("state.json", _JSON_MODEL + b"[" * 50000 + b"]" * 50000 + b"}]}", None, None,
                 id="nested-too-deeply-json"),
    pytest.param("state.yaml", b"rulebook: chronopia\nmodels:\n  - {id: A, army: O, size: "
                 + b"9" * 5000 + b", position: [0, 0], facing: 0}\n", "models[0].size", RANGE,
                 id="5000-digit-size-yaml"),
    pytest.param("state.json", _JSON_MODEL + b"[" + b"9" * 5000 + b", 0]}]}",
                 "models[0].position[0]", RANGE, id="5000-digit-coordinate-json"),
    pytest.param("state.yaml", b"rulebook: chronopia\nmodels:\n  - {id: A, army: O, size: 1, "
                 b"position: [0, -" + b"1" * 400 + b"], facing: 0}\n", "models[0].position[1]",
                 RANGE, id="400-digit-negative-coordinate"),
    pytest.param("state.yaml", b"rulebook: chronopia\nmodels:\n  - {id: A, army: O, size: 1, "
                 b"position: [0, 0], facing: 0, stats: {ld: " + b"7" * 5000 + b"}}\n",
                 "models[0].stats.ld", RANGE, id="5000-digit-stat"),
    pytest.param("state.json", b'{"rulebook": "chronopia", "queries": [{"roll": '
                 + b"7" * 5000 + b"}]}", "queries[0].roll", RANGE, id="5000-digit-roll"),
    # read as written, as YAML reads it (issue 51): 1e400, not the inf it overflows to
    pytest.param("state.json", _JSON_MODEL + b"[1e400, 0]}]}", "models[0].position[0]",
                 "1e400 is out of range", id="json-overflowing-float"),
    pytest.param("state.yaml", b"rulebook: chronopia\nmodels:\n  - {id: A, army: O, size: 1, "
                 b"position: [0, 0], facing: " + b"1" * 5000 + b".5}\n", "models[0].facing",
                 RANGE, id="5000-digit-decimal-facing"),
    # JSON has no NaN or Infinity: the reader refuses them for the file as a whole (as for
    # b5's json-nan case), before the schema could name the field.
    pytest.param("state.json", _JSON_MODEL + b"[NaN, 0]}]}", None, "NaN",
                 id="json-nan-coordinate"),
    pytest.param("state.json", b'{"rulebook": "chronopia", "models": [{"id": "A", '
                 b'"army": "O", "size": 1, "position": [0, 0], "facing": Infinity}]}', None,
                 "Infinity", id="json-infinite-facing"),
    pytest.param("state.yaml", b"rulebook: chronopia\n---\nrulebook: chronopia\n", None,
                 "several", id="several-documents"),
    pytest.param("state.yaml", b"rulebook: chronopia\nrulebook: chronopia\n", None,
                 "duplicate key", id="duplicate-rulebook-key"),
    pytest.param("state.yaml", b"rulebook: chronopia\nmodels:\n  - !!python/object:os.system "
                 b"{}\n", None, "invalid YAML", id="python-tag"),
]


@pytest.mark.parametrize("name,data,path,fragment", FILE_CASES)
def test_cli_reports_bad_file(runner, tmp_path, name, data, path, fragment):
    check_cli_file(runner, tmp_path, name, data, path, fragment)


@pytest.mark.parametrize("name,data,path,fragment", FILE_CASES)
def test_library_reports_bad_file(tmp_path, name, data, path, fragment):
    check_library_file(tmp_path, name, data, path, fragment)


@pytest.mark.parametrize("name,data", [
    pytest.param("deep.yaml", b"rulebook: chronopia\nmodels: " + b"[" * 100_000
                 + b"]" * 100_000 + b"\n", id="yaml"),
    pytest.param("deep.json", b'{"rulebook": "chronopia", "queries": ' + b"[" * 100_000
                 + b"]" * 100_000 + b"}", id="json"),
    pytest.param("deep.yaml", b"rulebook: chronopia\nqueries:\n  - {id: q, shoot: "
                 + b"{weapon: " * 100_000 + b"x" + b"}" * 100_000 + b"}\n", id="yaml-mappings"),
])
def test_deeply_nested_chronopia_document_does_not_crash(tmp_path, name, data):
    """Run in a subprocess: a C parser's recursion can overflow the C stack."""
    target = _file(tmp_path, name, data)
    completed = subprocess.run(
        [sys.executable, "-m", "pybridge", "rule", "--format", "json", target],
        capture_output=True, text=True, timeout=120,
    )
    assert "Traceback" not in completed.stderr
    assert completed.returncode == 2, (completed.returncode, completed.stderr[-500:])
    lines = completed.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {target}: "), completed.stderr[-500:]
    assert len(lines[0]) < 500


# ---------------------------------------------------------------------------------------------
# Standard input and the text format with chronopia documents.

@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_bad_chronopia_document_on_stdin(runner, fmt):
    document = put(f"{CONTROL}.paid[0]", "Knights")(copy.deepcopy(BASE))
    text = yaml.safe_dump(document) if fmt == "yaml" else json.dumps(document)
    result = run(runner, "rule", "--format", "json", "-", input=text)
    line = assert_one_error(result, f"error: <stdin>: {CONTROL}.paid[0]: ", "'Knights'")
    assert_json_error_line(result, "-", line)


def test_text_format_error_is_only_on_stderr(runner, tmp_path):
    source = _write(tmp_path, drop("models[4].facing")(copy.deepcopy(BASE)), "yaml")
    result = run(runner, "rule", "--format", "text", source)
    assert_one_error(result, f"error: {source}: models[4].facing: ", MISSING)
    assert result.stdout == ""


def test_one_error_per_document_among_several(runner, tmp_path):
    """A bad chronopia document among good ones: its own error line; the others are ruled."""
    good = _write(tmp_path, copy.deepcopy(BASE), "yaml", name="good")
    bad = _write(tmp_path, put("queries[0].reroll", 5)(copy.deepcopy(BASE)), "json", name="bad")
    result = run(runner, "rule", "--format", "json", good, bad)
    assert "Traceback" not in result.output + result.stderr
    assert result.exit_code == 2, (result.exit_code, result.output, result.stderr)
    errors = result.stderr.splitlines()
    assert len(errors) == 1 and errors[0].startswith(f"error: {bad}: queries[0].reroll: "), \
        errors
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 2
    assert records[0]["rulebook"] == "chronopia"
    assert records[1] == {"source": bad, "error": errors[0][len("error: "):]}
