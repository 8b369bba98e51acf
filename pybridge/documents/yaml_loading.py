"""Reading YAML state documents (imported only when a document is YAML): a strict safe
loader (YAML 1.2's core schema, duplicate keys kept for the schema's message, numbers that
keep their text). PyYAML (>= 6.0.4) refuses nesting beyond 1,000 levels itself, before its C
composer could recurse too deep; the document's own limit is checked on what it built
(:func:`pybridge.documents.loading.check_depth`)."""

import math
import re

import yaml

from ..errors import InputError
from .values import (
    HUGE_DIGITS,
    MAX_DEPTH,
    PlainFloat,
    PlainInt,
    TaggedText,
    WrittenFloat,
    huge,
    mapping,
)

# Documents read here, or from JSON, can be written back with PyYAML (and json) as plain
# numbers (the report writes a witness read from an analysis's JSON as YAML).
for _representer in (yaml.representer.SafeRepresenter, yaml.representer.Representer):
    _representer.add_representer(PlainInt, yaml.representer.SafeRepresenter.represent_int)
    for _kind in (PlainFloat, WrittenFloat):
        _representer.add_representer(_kind, yaml.representer.SafeRepresenter.represent_float)


try:  # the C loader is much faster on large documents; fall back to pure Python
    _BaseLoader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _BaseLoader = yaml.SafeLoader


class _StrictLoader(_BaseLoader):
    """safe_load that records duplicate keys instead of keeping the last one silently, and
    reads plain scalars with YAML 1.2's core schema: booleans only true/false (``on:`` stays
    the string "on"), integers only decimal (``010`` is 10, ``0o17`` and ``1:30`` are text:
    no octal, hexadecimal or sexagesimal), no underscores in numbers."""


_BOOL_TAG = "tag:yaml.org,2002:bool"
_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_MERGE_TAG = "tag:yaml.org,2002:merge"
# YAML 1.1's timestamps (``2001-12-14``) and value key (``=``) are not in 1.2's core schema:
# plain text, as every other scalar that is not null, a boolean or a number
_NOT_CORE = ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:value")
_StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers
            if tag not in (_BOOL_TAG, _INT_TAG, _FLOAT_TAG, *_NOT_CORE)]
    for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
}
_StrictLoader.add_implicit_resolver(
    _BOOL_TAG, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
# Plain scalars that read as numbers get tags of their own, so that they keep their text for
# fields declared as strings; an explicit ``!!int`` or ``!!float`` is a number and nothing else.
_PLAIN_INT_TAG = "tag:rulings,2026:plain-int"
_PLAIN_FLOAT_TAG = "tag:rulings,2026:plain-float"
_DECIMAL = re.compile(r"[-+]?[0-9]+")
_StrictLoader.add_implicit_resolver(_PLAIN_INT_TAG, re.compile(f"^{_DECIMAL.pattern}$"),
                                    list("-+0123456789"))
_StrictLoader.add_implicit_resolver(
    _PLAIN_FLOAT_TAG,
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
               r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+.0123456789"),
)


def _construct_map(loader, node):
    # Built in one step (deep), so a recursive alias is refused as unconstructable. A key
    # written twice is a duplicate; a key merged in (``<<: *anchor``) and written again is an
    # override, as YAML's merge key means: the written value wins.
    written = node.value
    loader.flatten_mapping(node)           # drops the merge keys from ``written`` in place,
    merged = len(node.value) - len(written)  # and puts what they merge in first
    data, duplicates = {}, []
    for position, (key_node, value_node) in enumerate(node.value):
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise InputError(f"a mapping key must be a plain value "
                             f"(line {key_node.start_mark.line + 1})") from None
        if key in data and position > merged and _written_before(node.value, merged, position,
                                                                  key, loader):
            duplicates.append((key, f" (line {key_node.start_mark.line + 1})"))
        data[key] = loader.construct_object(value_node, deep=True)
    return mapping(data, duplicates)


def _written_before(entries, merged, position, key, loader):
    """Was ``key`` written (not merged in) before ``position``? Asked only for a key seen
    twice, so a document without duplicates never pays for it."""
    return any(loader.construct_object(k, deep=True) == key
               for k, _ in entries[merged:position])


def _int(node, plain):
    text = node.value
    too_long = len(text) > HUGE_DIGITS and huge(text, plain)
    if too_long:
        return too_long
    if not _DECIMAL.fullmatch(text):          # an explicit !!int tag on other text
        return TaggedText("int", text)
    return _with_text(PlainInt, int(text, 10), text) if plain else int(text, 10)


def _with_text(kind, value, text):
    """A number of a plain scalar (PlainInt, PlainFloat), keeping the scalar's text."""
    number = kind(value)
    number.text = text
    return number


_SPECIAL = {".inf": math.inf, "+.inf": math.inf, "-.inf": -math.inf, ".nan": math.nan}


def _float(node, plain):
    text = node.value
    try:
        value = _SPECIAL[text.lower()] if text.lower() in _SPECIAL else float(text)
    except ValueError:                          # an explicit !!float tag on other text
        return TaggedText("float", text)
    return _with_text(PlainFloat, value, text) if plain else value


_StrictLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
# ``<<`` merges a mapping in where it is a key (flatten_mapping, above); anywhere else it is
# the text "<<"
_StrictLoader.add_constructor(_MERGE_TAG, lambda loader, node: loader.construct_scalar(node))
_StrictLoader.add_constructor(_INT_TAG, lambda loader, node: _int(node, False))
_StrictLoader.add_constructor(_FLOAT_TAG, lambda loader, node: _float(node, False))
_StrictLoader.add_constructor(_PLAIN_INT_TAG, lambda loader, node: _int(node, True))
_StrictLoader.add_constructor(_PLAIN_FLOAT_TAG, lambda loader, node: _float(node, True))


def parse_yaml(text):
    try:
        documents = list(yaml.load_all(text, Loader=_StrictLoader))
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = error.problem or error.context or "syntax error"
        if "nesting depth" in problem:      # PyYAML >= 6.0.4 stops nesting beyond 1,000
            line = f", line {mark.line + 1}" if mark else ""
            raise InputError(f"nested too deeply (more than {MAX_DEPTH} levels{line})") from None
        raise InputError(f"invalid YAML{where}: {problem}") from None
    except yaml.YAMLError as error:
        raise InputError(f"invalid YAML: {error}") from None
    documents = [d for d in documents if d is not None]
    if not documents:
        raise InputError("empty document")
    if len(documents) > 1:
        raise InputError("expected one document, found several (separated by ---)")
    return documents[0]
