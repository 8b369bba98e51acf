"""Reading state documents: YAML or JSON, from a path or ``-`` (stdin).

Only syntax is checked here; the shape of the document is the schema's business.
"""

import json
import re
import sys

import yaml

from .errors import InputError

try:  # the C loader is much faster on large documents; fall back to pure Python
    _BaseLoader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _BaseLoader = yaml.SafeLoader


class _StrictLoader(_BaseLoader):
    """safe_load that refuses duplicate keys instead of keeping the last one, and reads
    booleans as YAML 1.2 does: only true/false (so a key ``on:`` stays the string "on")."""


_BOOL_TAG = "tag:yaml.org,2002:bool"
_StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != _BOOL_TAG]
    for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
}
_StrictLoader.add_implicit_resolver(
    _BOOL_TAG, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def _construct_mapping(loader, node, deep=False):
    loader.flatten_mapping(node)
    seen = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            if key in seen:
                raise InputError(
                    f"duplicate key {key!r} at line {key_node.start_mark.line + 1}"
                )
            seen[key] = True
        except TypeError:  # unhashable key: the schema will reject it by position
            pass
    return yaml.constructor.SafeConstructor.construct_mapping(loader, node, deep=deep)


_StrictLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping
)


def read_source(source):
    """The raw bytes of ``source`` (a path, or ``-`` for standard input)."""
    if source == "-":
        return sys.stdin.buffer.read()
    try:
        with open(source, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        raise InputError("no such file", source=source) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a state document", source=source) from None
    except OSError as error:
        raise InputError(f"cannot read ({error.strerror})", source=source) from None


def parse_document(data, source="-"):
    """Parse bytes as JSON (``*.json``) or YAML (anything else; YAML reads most JSON too)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(
            f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})",
            source=source,
        ) from None
    if not text.strip():
        raise InputError("empty document", source=source)
    try:
        if str(source).lower().endswith(".json"):
            return _parse_json(text)
        return _parse_yaml(text)
    except InputError as error:
        raise error.located(source) from None
    except RecursionError:
        raise InputError("nested too deeply", source=source) from None


def load_document(source):
    """Read and parse one state document."""
    return parse_document(read_source(source), source)


def _parse_json(text):
    def pairs(items):
        result = {}
        for key, value in items:
            if key in result:
                raise InputError(f"duplicate key {key!r}")
            result[key] = value
        return result

    try:
        return json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as error:
        raise InputError(
            f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}"
        ) from None
    except ValueError as error:  # e.g. integers with too many digits
        raise InputError(f"invalid JSON: {error}") from None


def _parse_yaml(text):
    try:
        documents = list(yaml.load_all(text, Loader=_StrictLoader))
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = error.problem or error.context or "syntax error"
        raise InputError(f"invalid YAML{where}: {problem}") from None
    except yaml.YAMLError as error:
        raise InputError(f"invalid YAML: {error}") from None
    except ValueError as error:  # e.g. integers with too many digits
        raise InputError(f"invalid YAML: {error}") from None
    documents = [d for d in documents if d is not None]
    if not documents:
        raise InputError("empty document")
    if len(documents) > 1:
        raise InputError("expected one document, found several (separated by ---)")
    return documents[0]
