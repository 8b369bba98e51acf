"""The shape of an analysis's JSON, checked before the report reads any of it: every field
the report reads (pybridge/report/html.py), per analysis, with its type. A mistake is an
InputError naming its path (``invariants[0].id: expected a string, got an integer 1``), all
of a file's mistakes at once (InputError.of); a witness is a state document, a mapping (its
own fields are checked when it is ruled and drawn)."""

from ..documents.schema import got, join
from ..errors import InputError


class Kind:
    """A value of one type: ``words`` say which (``a string``), ``test`` tells."""

    def __init__(self, words, test):
        self.words, self.test = words, test

    def errors(self, value, path):
        return [] if self.test(value) else [_wrong(self.words, value, path)]


def _wrong(words, value, path):
    return InputError(f"expected {words}, {got(value)}", path)


def _number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


TEXT = Kind("a string", lambda value: isinstance(value, str))
INTEGER = Kind("an integer", lambda value: isinstance(value, int)
               and not isinstance(value, bool))
FLAG = Kind("true or false", lambda value: isinstance(value, bool))
WITNESS = Kind("a state document (a mapping) or null",
               lambda value: value is None or isinstance(value, dict))
SCALAR = Kind("a number or a string", lambda value: isinstance(value, str) or _number(value))


class Nullable:
    def __init__(self, spec):
        self.spec = spec

    def errors(self, value, path):
        return [] if value is None else self.spec.errors(value, path)


NUMBER_OR_NULL = Nullable(Kind("a number or null", _number))
TEXT_OR_NULL = Kind("a string or null", lambda value: value is None or isinstance(value, str))


class ListOf:
    def __init__(self, item):
        self.item = item

    def errors(self, value, path):
        if not isinstance(value, list):
            return [_wrong("a list", value, path)]
        return [error for index, item in enumerate(value)
                for error in self.item.errors(item, f"{path}[{index}]")]


class MappingOf:
    """A mapping of names to values of one kind (the bounds)."""

    def __init__(self, item):
        self.item = item

    def errors(self, value, path):
        if not isinstance(value, dict):
            return [_wrong("a mapping", value, path)]
        return [error for key, item in value.items()
                for error in self.item.errors(item, join(path, key))]


class Record:
    """A mapping with the keys the report reads: ``required`` ones and ``optional`` ones;
    any other key is left alone (the analyses add fields the report does not show)."""

    def __init__(self, required=None, optional=None):
        self.required, self.optional = required or {}, optional or {}

    def errors(self, value, path):
        if not isinstance(value, dict):
            return [_wrong("a mapping", value, path or "document")]
        found = []
        for key, spec in self.required.items():
            if key not in value:
                found.append(InputError("missing (the report reads it)", join(path, key)))
            else:
                found += spec.errors(value[key], join(path, key))
        for key, spec in self.optional.items():
            if key in value:
                found += spec.errors(value[key], join(path, key))
        return found


TEXTS = ListOf(TEXT)
HEAD = {"edition": TEXT_OR_NULL, "bounds": MappingOf(SCALAR), "timeout": NUMBER_OR_NULL}
LISTING = {**HEAD, "complete": FLAG}

SHAPES = {
    "check": Record({"rulebook": TEXT, "invariants": ListOf(Record(
        {"id": TEXT, "status": TEXT, "description": TEXT},
        {"rules": Nullable(TEXTS), "reason": TEXT_OR_NULL, "witness": WITNESS,
         "witness_after": WITNESS,
         "premise": Nullable(Record(optional={"witness": WITNESS}))}))}, HEAD),
    "errata": Record({"rulebook": TEXT, "contradictions": ListOf(Record(
        {"id": TEXT, "explanation": TEXT, "rules": TEXTS},
        {"status": TEXT, "witness": WITNESS}))}, HEAD),
    "enumerate": Record({"rulebook": TEXT, "classes": ListOf(Record(
        {"witness": WITNESS}, {"count": INTEGER, "says": TEXTS}))}, LISTING),
    "diff": Record({"rulebook": TEXT, "from": TEXT, "to": TEXT, "changed": ListOf(Record(
        {"witness": WITNESS},
        {"says_before": TEXTS, "says_after": TEXTS, "rules": TEXTS}))}, LISTING),
    "coverage": Record({"rulebook": TEXT, "reached": INTEGER, "total": INTEGER,
                        "rules": ListOf(Record({"id": TEXT, "status": TEXT},
                                               {"how": TEXT, "witness": WITNESS}))}, HEAD),
}


def checked(kind, result):
    """``result`` (the JSON of analysis ``kind``) if the report can read it, else one
    InputError naming each field that is missing or of the wrong type."""
    errors = SHAPES[kind].errors(result, "")
    if errors:
        raise InputError.of(errors)
    return result
