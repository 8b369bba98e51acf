"""Reading state documents: YAML or JSON, from a path or ``-`` (stdin).

Only syntax is checked here; the shape of the document is the schema's business. Two things
the parsers would otherwise lose are kept for the schema, so that its message can name the
field: a key given twice in one mapping (:class:`pybridge.documents.values.Mapping`) and an integer too
long to convert (:class:`pybridge.documents.values.HugeInt`).
"""

import json
import os
import re
import stat
import sys

from ..errors import InputError
from .values import MAX_DEPTH, WrittenFloat, huge, mapping

MIB = 2**20
MAX_BYTES = 64 * MIB    # the largest document read by default (rulings rule --max-size)


def _too_large(limit, source):
    return InputError(f"larger than {_mib(limit)}, the size limit for a document "
                      "(raise it with --max-size)", source=source)


def _mib(limit):
    return f"{limit // MIB} MiB" if limit % MIB == 0 else f"{limit} bytes"


def _read_limited(handle, limit, source):
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise _too_large(limit, source)
    return data


def read_source(source, limit=MAX_BYTES):
    """The raw bytes of ``source`` (a path, or ``-`` for standard input), at most ``limit``
    of them: a larger document is refused before it is read whole (a regular file by its
    size, a stream or device after ``limit`` bytes)."""
    if source == "-":
        return _read_limited(sys.stdin.buffer, limit, source)
    if source == "":
        raise InputError("no such file (the file name is empty)", source=source)
    try:
        with open(source, "rb") as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                raise _too_large(limit, source)
            return _read_limited(handle, limit, source)
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
            document = _parse_json(text)
        else:
            from .yaml_loading import parse_yaml  # PyYAML is imported for YAML only
            document = parse_yaml(text)
        check_depth(document)
        return document
    except InputError as error:
        raise error.located(source) from None
    except RecursionError:
        raise InputError(f"nested too deeply (more than {MAX_DEPTH} levels)",
                         source=source) from None


def check_depth(document):
    """Refuse a document nested more than MAX_DEPTH levels (a scalar is level 0, a list or
    mapping one more than its deepest item). The parsers stop far deeper nesting themselves
    (PyYAML beyond 1,000 levels, json at Python's recursion limit, both caught as "nested too
    deeply"); this walk has no recursion of its own, and a list or mapping that YAML aliases
    in many places is measured once, so a billion laughs costs its text's length."""
    heights = {}
    stack = [(document, False)]
    while stack:
        value, done = stack.pop()
        if not isinstance(value, (list, dict)) or (id(value) in heights and not done):
            continue
        items = value.values() if isinstance(value, dict) else value
        if done:
            height = 1 + max((heights.get(id(item), 0) for item in items), default=0)
            if height > MAX_DEPTH:
                raise InputError(f"nested too deeply (more than {MAX_DEPTH} levels)")
            heights[id(value)] = height
        else:
            heights[id(value)] = 0              # seen: its items are measured once
            stack.append((value, True))
            stack.extend((item, False) for item in items)


def load_document(source, limit=MAX_BYTES):
    """Read and parse one state document of at most ``limit`` bytes."""
    return parse_document(read_source(source, limit), source)


# One left-to-right pass over JSON's tokens: a string (an unterminated one runs to the end, so
# no position is scanned twice), a bracket, or a constant JSON does not allow.
_JSON_TOKENS = re.compile(r'"(?:[^"\\]+|\\.)*"?|[\[\]{}]|-?Infinity|NaN')


def _where_constant(text, name):
    """`` at line L, column C`` of the first ``name`` (NaN, Infinity) outside strings."""
    for match in _JSON_TOKENS.finditer(text):
        if match.group(0) == name:
            offset = match.start()
            line = text.count("\n", 0, offset) + 1
            return f" at line {line}, column {offset - text.rfind(chr(10), 0, offset)}"
    return ""


def _parse_json(text):
    def pairs(items):
        result, duplicates = {}, []
        for key, value in items:
            if key in result:
                duplicates.append((key, ""))
            result[key] = value
        return mapping(result, duplicates)

    def constant(name):
        raise InputError(f"invalid JSON{_where_constant(text, name)}: {name} is not a number")

    try:
        return json.loads(text, object_pairs_hook=pairs, parse_constant=constant,
                          parse_int=lambda digits: huge(digits, False) or int(digits),
                          parse_float=WrittenFloat)
    except json.JSONDecodeError as error:
        raise InputError(
            f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}"
        ) from None
