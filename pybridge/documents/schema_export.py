"""A rulebook's state documents as a JSON Schema (draft 2020-12), generated from the specs
that validate them (:mod:`pybridge.documents.schema`, the records of ``pybridge/books/<book>.py``) and
the editions of its encoding, so that the schema cannot drift from validation.

What validation checks beyond a single value and its record (references to ids, duplicate
ids, cycles, totals, comparisons between fields, phases named by the document) has no place
in a JSON Schema: the schema accepts such documents and ``rulings validate`` refuses them.

The schema's ``$id`` is ``https://rulings.invalid/schema/<rulebook>.json``: a stable name
(``.invalid`` is a reserved top-level domain: nothing is fetched from it); editors read the
schema from a file written by ``rulings schema RULEBOOK -o FILE``.
"""

import json

from .schema import (
    AllOf,
    AnyOf,
    Bool,
    Either,
    Enum,
    Given,
    Inside,
    Int,
    Is,
    ListOf,
    MapOf,
    Not,
    Num,
    OneKey,
    Opt,
    Record,
    Str,
)

DIALECT = "https://json-schema.org/draft/2020-12/schema"
ID = "https://rulings.invalid/schema/{}.json"

# Str refuses the empty text, NUL and unpaired surrogates (text that is not valid Unicode);
# a surrogate pair written in JSON (\ud83d\ude00) is one character there. A number is
# text too: YAML reads a plain scalar in a text field as its text (an id 007 is "007", a
# field 0412 is "0412", as editors cannot know), while a JSON number there is refused by
# validation only.
TEXT = {"type": ["string", "number"], "minLength": 1,
        "pattern": "^[^\\u0000\\ud800-\\udfff]*$"}


def schema_id(book):
    return ID.format(book.name)


def json_schema(book):
    """The JSON Schema (a dict) of ``book``'s state documents."""
    schema = to_json_schema(book.spec)
    editions = list(book.encoding.editions)
    edition = schema["properties"]["edition"]
    edition.update({"type": ["string", "null"], "enum": editions + [None]})
    for key in ("minLength", "pattern"):
        edition.pop(key, None)
    return {"$schema": DIALECT, "$id": schema_id(book),
            "title": f"rulings state document: {book.name}",
            "description": f"A state document of the {book.name} rulebook: "
                           f"{book.description}.",
            **schema}


def dumps(schema):
    """The schema as text: sorted keys, two-space indent, one newline at the end."""
    return json.dumps(schema, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def to_json_schema(spec):
    """The JSON Schema of one spec (a dict); a spec class may add keywords of its own
    (``json_schema_extra``, e.g. chronopia's points: exactly two numbers)."""
    schema = _schema(spec)
    schema.update(getattr(spec, "json_schema_extra", {}))
    return schema


def _schema(spec):
    if isinstance(spec, Str):
        return dict(TEXT)
    if isinstance(spec, Bool):
        return {"type": "boolean"}
    if isinstance(spec, Enum):
        return {"type": "string", "enum": list(spec.values)}
    if isinstance(spec, Int):
        return {"type": "integer", "minimum": spec.lo, "maximum": spec.hi}
    if isinstance(spec, Num):
        return {"type": "number", "minimum": spec.lo, "maximum": spec.hi}
    if isinstance(spec, ListOf):
        schema = {"type": "array", "items": to_json_schema(spec.item)}
        # uniqueItems only where no item can be a number: YAML reads a plain 1 and 1.0 (or
        # 0412 and 412) in a text list as two texts, JSON Schema as equal numbers
        if spec.unique and "number" not in schema["items"].get("type", ()):
            schema["uniqueItems"] = True
        if spec.contains:
            schema["contains"] = {"const": spec.contains[0]}
        return schema
    if isinstance(spec, MapOf):
        return {"type": "object", "propertyNames": to_json_schema(spec.key),
                "additionalProperties": to_json_schema(spec.value)}
    if isinstance(spec, Record):
        return _record(spec)
    if isinstance(spec, OneKey):
        return {"type": "object", "minProperties": 1, "maxProperties": 1,
                "additionalProperties": False,
                "properties": {key: _described(to_json_schema(inner), spec.about.get(key))
                               for key, inner in spec.options.items()}}
    if isinstance(spec, Either):
        return {"anyOf": [to_json_schema(spec.plain), to_json_schema(spec.selector)]}
    raise TypeError(f"no JSON Schema for {type(spec).__name__}")


def _record(spec):
    """Unknown keys are refused; an optional key may be absent or null (null is absent);
    a required key must be given and not null."""
    properties, required = {}, []
    for key, declared in spec.fields.items():
        if isinstance(declared, Opt):
            schema = _nullable(to_json_schema(declared.spec))
            default = declared.default() if callable(declared.default) else declared.default
            if default is not None:
                schema["default"] = default
        else:
            schema = to_json_schema(declared)
            required.append(key)
        properties[key] = _described(schema, spec.about.get(key))
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    if spec.exactly_one:
        schema["oneOf"] = [_condition(spec, Given(key)) for key in spec.exactly_one]
    if spec.rules:
        schema["allOf"] = [{"if": _condition(spec, rule.when), "then": _condition(spec, rule.then)}
                           for rule in spec.rules]
    return schema


def _condition(spec, condition):
    """A condition between the fields of a record (schema.Requires) as a JSON Schema of the
    record: an absent or null field has its default."""
    if isinstance(condition, Given):
        return {"required": [condition.key],
                "properties": {condition.key: {"not": {"type": "null"}}}}
    if isinstance(condition, Is):
        declared = spec.fields[condition.key]
        default = declared.default if isinstance(declared, Opt) else None
        values = list(condition.values)
        if default in values or None in values:     # absent or null is allowed
            return {"properties": {condition.key: {"enum": [v for v in values if v is not None]
                                                   + [None]}}}
        return {"required": [condition.key], "properties": {condition.key: {"enum": values}}}
    if isinstance(condition, Inside):
        declared = spec.fields[condition.key]
        inner = declared.spec if isinstance(declared, Opt) else declared
        return {"required": [condition.key],
                "properties": {condition.key: _condition(inner, condition.condition)}}
    if isinstance(condition, Not):
        return {"not": _condition(spec, condition.condition)}
    if isinstance(condition, AnyOf):
        return {"anyOf": [_condition(spec, c) for c in condition.conditions]}
    if isinstance(condition, AllOf):
        return {"allOf": [_condition(spec, c) for c in condition.conditions]}
    raise TypeError(f"no JSON Schema for {type(condition).__name__}")


def _nullable(schema):
    kind = schema.get("type")
    if kind is not None:
        schema["type"] = (kind if isinstance(kind, list) else [kind]) + ["null"]
        if "enum" in schema:
            schema["enum"] = schema["enum"] + [None]
        return schema
    return {"anyOf": [schema, {"type": "null"}]}


def _described(schema, description):
    return {"description": description, **schema} if description else schema
