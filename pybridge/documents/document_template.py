"""``rulings new``: a commented YAML template of a rulebook's state document.

Written from the rulebook's document spec and its sample document (``Rulebook.sample``, a
valid document using every field): a required field with the sample's value; an optional one
commented out (``# key: value  # description (optional)``), so that deleting the ``# `` in
front of it gives it back. A field the sample leaves out is not written (the sample uses
every field somewhere). Records and lists of records are written as blocks (the sections of the
document, a query's kind); every other value on one line, in YAML's flow style. An optional
field stays written (not commented out) when the document would be refused without it (a
morale test's causer, a unit other fields name): every field is tried in turn, and the
template is exactly as valid as the sample.
"""

import copy

import yaml

from ..errors import InputError
from .schema import ListOf, OneKey, Opt, Record


def template(book):
    """The template's text for ``book`` (a Rulebook)."""
    sample = book.sample
    commented = set()
    # the last first: a field another one needs (a sight entry's `to`) is tried once the
    # fields needing it are commented out
    for path in reversed(list(_optional_paths(book.spec, sample, ()))):
        if _accepted(book, _without(sample, commented | {path})):
            commented.add(path)
    lines = [f"# yaml-language-server: $schema={book.name}.schema.json",
             f"# A state document of the {book.name} rulebook: {book.description}.",
             "# Required fields hold an example value; delete the '# ' in front of an optional",
             "# field to give it. Check it: rulings validate FILE; schema for editors:",
             f"# rulings schema {book.name} -o {book.name}.schema.json",
             ""]
    lines += _record_lines(book.spec, sample, (), commented, 0)
    return "\n".join(lines) + "\n"


def _accepted(book, document):
    try:
        book.validate(document)
    except InputError:
        return False
    return True


def _block(spec):
    """The record spec a value is written as a block with, or None (one line)."""
    spec = spec.spec if isinstance(spec, Opt) else spec
    if isinstance(spec, ListOf):
        spec = spec.item
    return spec if isinstance(spec, (Record, OneKey)) else None


def _options(spec):
    return spec.fields if isinstance(spec, Record) else spec.options


def _optional_paths(spec, value, path):
    """Paths (tuples of keys and indices) of the optional fields the sample gives, in the
    order they are written; a block's own optional fields, not the block."""
    for key, declared in _options(spec).items():
        if key not in value:
            continue
        inner = _block(declared)
        if inner is None:
            if isinstance(declared, Opt):
                yield path + (key,)
        elif isinstance(value[key], list):
            for index, item in enumerate(value[key]):
                yield from _optional_paths(inner, item, path + (key, index))
        else:
            yield from _optional_paths(inner, value[key], path + (key,))


def _without(document, paths):
    document = copy.deepcopy(document)
    for path in paths:
        node = document
        for step in path[:-1]:
            node = node[step]
        del node[path[-1]]
    return document


def _flow(value):
    """A value on one line, YAML flow style (strings quoted where YAML needs it)."""
    text = yaml.safe_dump([value], default_flow_style=True, allow_unicode=True,
                          sort_keys=False, width=10**6).strip()
    return text[1:-1]


def _record_lines(spec, value, path, commented, indent):
    """The lines of a record (or a one-key selector) at ``indent``."""
    lines, pad = [], " " * indent
    about = spec.about
    for key, declared in _options(spec).items():
        note = about.get(key, "")
        optional = isinstance(declared, Opt)
        if key not in value:
            continue
        inner = _block(declared)
        given = value[key]
        if inner is None:
            line = f"{key}: {_flow(given)}  # {note}" + (" (optional)" if optional else "")
            lines.append(f"{pad}# {line}" if path + (key,) in commented else pad + line)
            continue
        lines.append(f"{pad}{key}:  # {note}" + (" (optional)" if optional else ""))
        if isinstance(given, list):
            for index, item in enumerate(given):
                body = _record_lines(inner, item, path + (key, index), commented, indent + 4)
                lines += _item(body, indent + 2)
        else:
            lines += _record_lines(inner, given, path + (key,), commented, indent + 2)
    return lines


def _item(body, indent):
    """A list item: ``- `` in front of its first written line (or alone on its line when
    that line is commented out)."""
    first = next((i for i, line in enumerate(body) if not line.lstrip().startswith("#")), None)
    if first != 0:
        return [" " * indent + "-"] + body
    return [" " * indent + "- " + body[0][indent + 2:]] + body[1:]

