"""The published JSON Schema against validation: what may differ, and the check of one
document (issue 15, item 2). Used by tests/contract/test_schema_agreement.py, which compares them over
the examples, the bad-input edits, the shared builders and fuzz mutations, and by
tests/conftest.py, which compares them on every document any test rules or validates in
its own process (the documents the per-rule test files write inline included).

The schema never refuses a document validation accepts; it may accept one that validation
refuses only for a reason no JSON Schema can state (BEYOND_SCHEMA).
"""

import math
import re

import jsonschema

from pybridge import books
from pybridge.books import RULEBOOKS
from pybridge.documents.schema_export import json_schema
from pybridge.documents.values import Mapping, PlainFloat, PlainInt
from pybridge.errors import InputError, RulesFileError

BOOKS = tuple(RULEBOOKS)         # every registered rulebook, in the registry's order
SCHEMAS = {name: json_schema(books.get(name)) for name in BOOKS}
VALIDATORS = {name: jsonschema.Draft202012Validator(schema) for name, schema in SCHEMAS.items()}

# Why validation may refuse a document the schema accepts: what a JSON Schema cannot say.
# Each is a pattern of the error message (after the field's path).
BEYOND_SCHEMA = {
    # references and identity across records
    "a reference to an id no record declares":
        r"unknown (card|immunity|ability|effect|reaction|being|being or element|model|query)"
        r" ['\"]",     # the id as repr shows it: in double quotes when it holds a quote
    "a unit no model is in": r"unknown unit (or model )?['\"]",
    "an element neither declared nor known to the tables": r"unknown element or element type ",
    "a phase the document's phases do not list": r"unknown phase ",
    "an id declared twice": r"duplicate id ",
    "a text given twice in a list (uniqueItems would also refuse YAML's 1 and 1.0, two texts)":
        r".* twice \(also at [^)]*\)$",
    "a card put on itself through a chain": r".* would be put on itself \(a cycle\)$",
    "a chain of cards too long": r"a chain of more than \d+ cards",
    "a total beyond clingo's integers": r"the .* add up to \d+, beyond clingo's integer range",
    "two models on one spot": r"the same spot as models\[\d+\]",
    "a unit named like another model": r".* is another model's id",
    "a second sight entry for one pair": r"a second sight entry for ",
    "a unit that is not the summoner's": r".* is not among the summoner's units$",
    "the causer in the tested group": r"the causer is in the tested group$",
    "a stat of the model a query names, which a ruling reads (issue 15: not 0)":
        r"missing \(required: .* in queries\[\d+\]\.\w+, and [A-Z0-9-]+ needs its [A-Z]+\)$",
    # comparisons between two values of a document
    "a phase before another": r".* comes before ",
    "a being's own field": r"a retreat leaves the field: this is the being's own field$",
    "a being already in the field": r"the being is already in this field$",
    "a unit of two armies": r"army .*, but models\[\d+\] of the same unit .* is of army .*: "
                            r"a unit's models are of one army$",
    "what the Kódex forbids of a state (hkk: an enchantment on a card immune to enchantments, "
    "poison counters on a poison-immune card), from other fields of the document":
        r".* from the start \(cards\[\d+\]\.[a-z_]+\[\d+\]\): no (enchantment can be put on "
        r"it|poison counter can be on it) ",
    "a card immune to itself (the holder's id as the immunity's to)":
        r".* cannot be immune to itself$",
    "a model and itself": r"a model and itself$|a model engaged with itself$"
                          r"|a model cannot shoot at itself$",
    "weapon ranges out of order": r"expected short <= medium <= max$",
    "a piece of terrain whose ends are one point": r"the same point as its other end: ",
    "actions spent beyond the caster's actions (a stat of another record)":
        r"\d+ is more than the caster's -?\d+ actions$",
    "no effect phase among the document's phases":
        r"missing \(required: the phases have no 'effect'\)$",
    # numbers JSON Schema's data model cannot tell apart
    "a JSON number where text belongs (YAML reads a plain 0412 there as text)":
        r"expected a string, got an? (integer|number) |expected .* or a mapping with ",
    "an integral decimal (3.0, or 1.5e-99999999: 0.0 as a float, shown as written), an "
    "integer to JSON Schema":
        r"expected an integer, got a number -?[0-9.]+(?:[eE][-+]?[0-9]+)?$",
    "more than 3 decimals (multipleOf 0.001 is inexact on binary floats)":
        r".* has more than 3 decimals ",
    "more than 30 decimals (a decimal's text is read exactly; JSON Schema sees a float)":
        r".* has more than 30 decimals$",
}
BEYOND = re.compile("|".join(f"(?:{p})" for p in BEYOND_SCHEMA.values()))


# Deeper documents (the bad-input tests nest hundreds of levels) are not compared: the
# validator's recursion would need more stack than a test process has; a state document
# of any rulebook is at most 6 levels deep.
DEEPEST = 40
# Larger ones neither (a YAML alias bomb is a few lines that stand for billions of values,
# validation reads each shared value once; the growth tests' documents hold 100,000s)
LARGEST = 50_000


class NotJson(Exception):
    """A document JSON cannot hold (inf, nan, a key that is not text, a YAML duplicate key,
    a number too long to read): no JSON Schema verdict to compare."""


def as_json(value):
    """The document in JSON's data model, as an editor sees it (YAML numbers as numbers)."""
    return _as_json(value, 0, [LARGEST])


def _as_json(value, depth, budget):
    if depth > DEEPEST:
        raise NotJson("nested too deep")
    budget[0] -= 1
    if budget[0] < 0:
        raise NotJson("too large")
    if isinstance(value, Mapping) and value.duplicates:
        raise NotJson("a duplicate key")
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            raise NotJson("a key that is not text")
        return {key: _as_json(inner, depth + 1, budget) for key, inner in value.items()}
    if isinstance(value, list):
        return [_as_json(inner, depth + 1, budget) for inner in value]
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, PlainInt) or (isinstance(value, int) and not isinstance(value, bool)):
        if value.bit_length() > 14_000:      # beyond 4,300 digits: Python cannot write it
            raise NotJson("a number too long to write")
        return int(value)
    if isinstance(value, (PlainFloat, float)):
        if not math.isfinite(value):
            raise NotJson("not a finite number")
        return float(value)
    raise NotJson(type(value).__name__)       # HugeInt, test_bad_input_fuzzing.Raw, tuples...


def schema_errors(book, document):
    """The schema's first complaints about a document (JSON's data model), for messages."""
    return [f"{list(e.absolute_path)}: {e.message}"
            for e in VALIDATORS[book].iter_errors(as_json(document))][:3]


def disagreement(refused, accepted):
    """What is wrong when validation gives ``refused`` (its message, None: valid) and the
    schema ``accepted``: None when they agree as they must."""
    if refused is None and not accepted:
        return "the schema refuses a valid document"
    if refused is not None and accepted and not BEYOND.match(refused):
        return ("the schema accepts a document validation refuses for a reason JSON Schema "
                f"can state: {refused}")
    return None


class Observer:
    """Compares schema and validation on each document ``pybridge.api._prepare`` checks
    (what ``rule``, ``rule_all`` and ``check_document`` do before solving) while installed:
    ``found`` collects the disagreements. A document with an ``--edition`` override, of no
    known rulebook or that JSON cannot hold is not compared: the schema says nothing of the
    first, has no rulebook for the second, no data model for the third."""

    def __init__(self, prepare):
        self.prepare = prepare
        self.found = []
        self.compared = 0

    def __call__(self, state, edition):
        book = state.get("rulebook") if isinstance(state, dict) else None
        if edition is not None or not isinstance(book, str) or book not in BOOKS:
            return self.prepare(state, edition)
        try:
            document = as_json(state)
        except NotJson:
            return self.prepare(state, edition)
        accepted = VALIDATORS[book].is_valid(document)
        try:
            prepared = self.prepare(state, edition)
        except RulesFileError:      # a draft's (--rules), not the document's
            raise
        except InputError as error:
            self._compare(book, document, error.message, accepted)
            raise
        self._compare(book, document, None, accepted)
        return prepared

    def _compare(self, book, document, refused, accepted):
        self.compared += 1
        problem = disagreement(refused, accepted)
        if problem:
            self.found.append((book, problem, document))
