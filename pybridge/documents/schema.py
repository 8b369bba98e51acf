"""A small declarative schema for state documents.

Each spec checks one value at a path and returns it normalised (defaults filled in). Errors
are :class:`InputError` naming the path, e.g. ``characters[2].strength: expected an integer``.
Shared by every rulebook; rulebook modules only declare their records and cross-references.
"""

import contextlib
import contextvars
import difflib
import functools
import itertools
import math
import re
from typing import Any

from ..errors import InputError
from .fields import Factory, Fields
from .values import HugeInt, TaggedText, plain_text, written

# Numbers must stay summable in clingo's 32-bit integers: every single value is bounded here,
# and rulebooks bound totals where they add values up.
INT_LIMIT = 1_000_000
CLINGO_MAX = 2**31 - 1


def _digits(number):
    """How many decimal digits an int has, without converting it to text (Python refuses to
    convert ints beyond 4,300 digits)."""
    number = abs(number)
    estimate = max(1, int(number.bit_length() * 0.30102999566398120) + 1)
    return estimate - 1 if estimate > 1 and number < 10 ** (estimate - 1) else estimate


SHOWN = 60      # an echoed value is cut to this many characters, with its length


def shown(value):
    """A value echoed in a message (repr): a long string is cut to its first SHOWN
    characters and its length, so an error line never repeats a 10 MB identifier."""
    if isinstance(value, str) and len(value) > SHOWN:
        return f"{value[:SHOWN]!r}... ({len(value)} characters)"
    text = written(value)
    if isinstance(value, (int, float)) and len(text) > SHOWN:      # a number as written
        return f"{text[:SHOWN]}... ({len(text)} characters)"
    return text


def _show(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None or isinstance(value, (list, dict)):
        return ""
    if isinstance(value, int) and not isinstance(value, HugeInt) and abs(value) >= 10**15:
        return f"({_digits(value)} digits)"
    text = written(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _got(value):
    """``got a string 'x'``, ``got nothing``, ``got a 400-digit number``..."""
    if isinstance(value, HugeInt):
        return f"got {value!r}"
    if isinstance(value, TaggedText):
        number = "a decimal integer" if value.tag == "int" else "a number"
        return f"got !!{value.tag} {shown(value.text)}, which is not {number}"
    names = ((bool, "a boolean"), (int, "an integer"), (float, "a number"), (str, "a string"),
             (type(None), "nothing"))
    kind = next((name for kind, name in names if isinstance(value, kind)), None)
    if kind is None:
        kind = "a list" if isinstance(value, list) else \
            "a mapping" if isinstance(value, dict) else type(value).__name__
    text = _show(value)
    return f"got {kind} {text}" if text else f"got {kind}"


got = _got      # for messages about a document outside a schema (pybridge.api)


def _key(key):
    """A mapping key as it appears in a path: as written, or escaped (repr) when it holds
    line breaks, other control characters or unpaired surrogates (one printable line)."""
    if not isinstance(key, str):
        return _show(key) or "null"
    if len(key) > SHOWN:        # a message is one short line, whatever a document holds
        return shown(key)
    if key.isprintable() and not any("\ud800" <= c <= "\udfff" for c in key):
        return key
    return repr(key)


def _refuse_duplicates(value, path):
    for key, where in getattr(value, "duplicates", ()):
        raise InputError(f"duplicate key {shown(key)}{where}", join(path, _key(key)))


def join(path, key):
    return f"{path}.{key}" if path else str(key)


def suggestion(given, choices):
    """`` (did you mean 'effect'?)`` when ``given`` is close to one of ``choices``."""
    if not isinstance(given, str):
        return ""
    close = difflib.get_close_matches(given, [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def checked_each(checks):
    """Run every ``(function, argument...)`` of ``checks``; their results in order, or one
    InputError naming every error they raised (InputError.of): a document's mistakes are
    reported together, not one per run."""
    results, errors = [], []
    for function, *arguments in checks:
        try:
            results.append(function(*arguments))
        except InputError as error:
            errors.append(error)
            results.append(None)
            if len(errors) >= InputError.MOST:     # enough to report: stop looking
                break
    if errors:
        raise InputError.of(errors)
    return results


class Spec(Fields):
    def check(self, value, path):  # pragma: no cover - interface
        raise NotImplementedError


class Str(Spec):
    """A non-empty string (identifiers: any characters at all)."""

    def check(self, value, path):
        value = plain_text(value)
        if not isinstance(value, str):
            raise InputError(f"expected a string, {_got(value)}", path)
        if not value:
            raise InputError("expected a non-empty string", path)
        problem = _text_problem(value)
        if problem:
            raise InputError(problem, path)
        return value


@functools.lru_cache(maxsize=4096)
def _text_problem(value):
    """What is wrong with a text, checked once per distinct text (a YAML alias repeats one
    long string many times; its hash is computed once and kept by the string itself)."""
    if "\0" in value:
        return "a NUL character is not allowed in text"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "not valid Unicode text (an unpaired surrogate)"
    return None


class Int(Spec):
    lo: int = -INT_LIMIT
    hi: int = INT_LIMIT

    def check(self, value, path):
        if isinstance(value, HugeInt) or (isinstance(value, int) and not isinstance(value, bool)
                                          and not self.lo <= value <= self.hi):
            shown = value if isinstance(value, int) and abs(value) < 10**15 else \
                f"a {_digits(value) if isinstance(value, int) else value.digits}-digit number"
            raise InputError(f"{shown} is out of range ({self.lo}..{self.hi})", path)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(f"expected an integer, {_got(value)}", path)
        return int(value)


class Num(Spec):
    """A finite number (integer or decimal) within ``lo..hi``, returned exact as a Fraction of
    its decimal text (1.1 is 11/10, not the nearest binary float)."""

    lo: int = -INT_LIMIT
    hi: int = INT_LIMIT

    def check(self, value, path):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                isinstance(value, HugeInt):
            if isinstance(value, HugeInt):
                raise InputError(f"{shown(value)} is out of range ({self.lo}..{self.hi})", path)
            raise InputError(f"expected a number, {_got(value)}", path)
        text = getattr(value, "text", None)     # as written (YAML's plain scalars, JSON)
        if isinstance(value, float) and not math.isfinite(value) and \
                (text is None or text.lstrip("+-").startswith(".")):
            raise InputError(f"expected a finite number, got {value}", path)
        from fractions import Fraction  # 1.4 ms to import: only when a document has one
        exact = Fraction(int(value)) if isinstance(value, int) else \
            _exact_decimal(text or repr(value), self, path)
        if not self.lo <= exact <= self.hi:
            raise InputError(f"{_cut(text) if text else _show(value)} is out of range "
                             f"({self.lo}..{self.hi})", path)
        return exact


MAX_DECIMALS = 30      # far finer than any table is measured; a number's exact value stays small
_DECIMAL_TEXT = re.compile(r"([-+]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([-+]?)0*([0-9]+))?")


def _exact_decimal(text, spec, path):
    """The exact value (a Fraction) of a decimal's text, refusing at once, from the text's
    shape alone, one with more than MAX_DECIMALS decimals or far out of ``spec``'s range:
    ``1.5e-99999999`` would need a 10**99999999 denominator, and Python refuses to convert
    more than 4,300 digits. Trailing zeros (``1.000…``) and leading ones cost nothing."""
    from fractions import Fraction
    match = _DECIMAL_TEXT.fullmatch(text)
    if match is None:                   # not a decimal's text: cannot come from the loaders
        raise InputError(f"expected a number, got {_cut(text)}", path)
    sign, whole, part, exponent_sign, exponent = match.groups()
    digits = (whole or "") + (part or "")
    significant = digits.rstrip("0")
    if not significant.lstrip("0"):
        return Fraction(0)
    if exponent and len(exponent) > 9:   # the exponent alone is far beyond either limit
        scale = (-1 if exponent_sign == "-" else 1) * 10**10
    else:
        scale = (-1 if exponent_sign == "-" else 1) * int(exponent or "0")
    scale += len(digits) - len(significant) - len(part or "")     # value = significant * 10**scale
    if -scale > MAX_DECIMALS:
        if (spec.lo >= 0 if sign == "-" else spec.hi <= 0):
            # however small, it is on the wrong side of a bound: that is what to say
            raise InputError(f"{_cut(text)} is out of range ({spec.lo}..{spec.hi})", path)
        raise InputError(f"{_cut(text)} has more than {MAX_DECIMALS} decimals", path)
    significant = significant.lstrip("0")
    if len(significant) + scale > len(str(max(abs(spec.lo), abs(spec.hi)))):
        raise InputError(f"{_cut(text)} is out of range ({spec.lo}..{spec.hi})", path)
    mantissa = int(significant) * (-1 if sign == "-" else 1)
    return Fraction(mantissa * 10**scale) if scale >= 0 else Fraction(mantissa, 10**-scale)


def _cut(text):
    """A number's text in a message: whole up to 40 characters, else its start and length."""
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text)} characters)"


class Bool(Spec):
    def check(self, value, path):
        if not isinstance(value, bool):
            raise InputError(f"expected true or false, {_got(value)}", path)
        return value


class Enum(Spec):
    values: tuple

    def check(self, value, path):
        value = plain_text(value)
        if not isinstance(value, str) or value not in self.values:
            raise InputError(f"expected one of {', '.join(self.values)}, {_got(value)}"
                             f"{suggestion(value, self.values)}", path)
        return value


class ListOf(Spec):
    item: Spec
    unique: str = ""        # items are distinct; what an item is called in the error ("phase")
    contains: tuple = ()    # (value, message): an item must be this value

    def check(self, value, path):
        if not isinstance(value, list):
            raise InputError(f"expected a list, {_got(value)}", path)
        items = checked_each((self.item.check, v, f"{path}[{i}]") for i, v in enumerate(value))
        if self.unique:
            seen = {}
            for i, item in enumerate(items):
                if item in seen:
                    raise InputError(f"{self.unique} {shown(item)} twice (also at "
                                     f"{path}[{seen[item]}])", f"{path}[{i}]")
                seen[item] = i
        if self.contains and self.contains[0] not in items:
            raise InputError(self.contains[1], path)
        return items


class MapOf(Spec):
    """A mapping from names (checked by ``key``) to values (checked by ``value``)."""

    key: Spec
    value: Spec

    def check(self, value, path):
        if not isinstance(value, dict):
            raise InputError(f"expected a mapping, {_got(value)}", path)
        _refuse_duplicates(value, path)
        result = {}
        for name, inner in value.items():
            name = plain_text(name)
            if not isinstance(name, str):
                raise InputError(f"expected a name as key, {_got(name)}", join(path, _key(name)))
            result[self.key.check(name, join(path, _key(name)))] = \
                self.value.check(inner, join(path, _key(name)))
        return result


class Opt(Fields):
    """An optional field with a default (``None``: absent stays absent)."""

    spec: Spec
    default: Any = None


# Conditions between the fields of one record, for Requires (evaluated on the checked
# record, defaults filled in; pybridge/documents/schema_export.py states them in JSON Schema).
class Given(Fields):
    """The field is given (not null)."""

    key: str

    def holds(self, record):
        return record[self.key] is not None


class Is(Fields):
    """The field's value (its default when absent or null) is one of ``values``."""

    key: str
    values: tuple

    def holds(self, record):
        return record[self.key] in self.values


class Inside(Fields):
    """The record under ``key`` is given and ``condition`` holds in it."""

    key: str
    condition: Any

    def holds(self, record):
        return record[self.key] is not None and self.condition.holds(record[self.key])


class Not(Fields):
    condition: Any

    def holds(self, record):
        return not self.condition.holds(record)


class AnyOf(Fields):
    conditions: tuple

    def holds(self, record):
        return any(c.holds(record) for c in self.conditions)


class AllOf(Fields):
    conditions: tuple

    def holds(self, record):
        return all(c.holds(record) for c in self.conditions)


class Requires(Fields):
    """When ``when`` holds in a record, ``then`` must: otherwise the error ``message`` (a
    text, or a function of the checked record) at the record's field ``at``."""

    when: Any
    then: Any
    at: str
    message: Any

    def check(self, record, path):
        if self.when.holds(record) and not self.then.holds(record):
            message = self.message(record) if callable(self.message) else self.message
            raise InputError(message, join(path, self.at))


class Record(Spec):
    """A mapping with known keys: required specs, or :class:`Opt` for optional ones."""

    fields: dict = Factory(dict)
    about: dict = Factory(dict)       # key -> one-line description (schema, template)
    exactly_one: tuple = ()     # optional keys of which exactly one is given (not null)
    rules: tuple = ()           # Requires: conditions between its fields, in this order

    def __post_init__(self):
        unknown = set(self.about) - set(self.fields)
        assert not unknown, f"descriptions of undeclared keys: {sorted(unknown)}"
        # (key, spec to check a given value with, optional?, default) once, not per value
        self._plan = [(key, spec.spec if isinstance(spec, Opt) else spec,
                       isinstance(spec, Opt), spec.default if isinstance(spec, Opt) else None)
                      for key, spec in self.fields.items()]

    def check(self, value, path):
        if not isinstance(value, dict):
            raise InputError(f"expected a mapping, {_got(value)}", path or "document")
        _refuse_duplicates(value, path)
        fields = self.fields
        unknown = itertools.islice((key for key in value if key not in fields), InputError.MOST)
        errors = [InputError(f"unknown key{suggestion(key, fields)} (expected one of: "
                             f"{', '.join(fields)})", join(path, _key(key))) for key in unknown]
        result = {}
        for key, inner, optional, default in self._plan:
            if len(errors) >= InputError.MOST:
                break
            given = value.get(key)
            try:
                if given is not None or (key in value and not optional):
                    result[key] = inner.check(given, f"{path}.{key}" if path else key)
                elif optional:
                    result[key] = default() if callable(default) else default
                else:
                    raise InputError("missing (required)", join(path, key))
            except InputError as error:
                errors.append(error)
        if errors:
            raise InputError.of(errors)
        if self.exactly_one and \
                sum(result[key] is not None for key in self.exactly_one) != 1:
            raise InputError(f"expected exactly one of: {', '.join(self.exactly_one)}",
                             path or "document")
        for rule in self.rules:
            rule.check(result, path)
        return result


class OneKey(Spec):
    """A mapping with exactly one of the given keys, e.g. a selector ``{brigade: red}``."""

    options: dict
    about: dict = Factory(dict)       # key -> one-line description

    def check(self, value, path):
        if isinstance(value, dict):
            _refuse_duplicates(value, path)
        if not isinstance(value, dict) or len(value) != 1:
            raise InputError(
                f"expected a mapping with exactly one of: {', '.join(self.options)}", path
            )
        ((key, inner),) = value.items()
        if key not in self.options:
            raise InputError(
                f"unknown key{suggestion(key, self.options)} (expected one of: "
                f"{', '.join(self.options)})",
                join(path, _key(key)),
            )
        return {key: self.options[key].check(inner, join(path, key))}


class Either(Spec):
    """A plain string (for instance a card id) or a mapping: a :class:`OneKey` selector or a
    :class:`Record`."""

    plain: Spec
    selector: Spec
    plain_name: str = "a card id"

    def check(self, value, path):
        value = plain_text(value)
        if isinstance(value, dict):
            return self.selector.check(value, path)
        if isinstance(value, str):
            return self.plain.check(value, path)
        keys = getattr(self.selector, "options", None) or self.selector.fields
        what = "one of" if isinstance(self.selector, OneKey) else "keys"
        raise InputError(f"expected {self.plain_name} or a mapping with {what}: "
                         f"{', '.join(keys)}", path)


_FOUND = contextvars.ContextVar("reference_errors", default=None)


@contextlib.contextmanager
def every_reference_error():
    """Within it, a Registry's errors (a duplicate id, an unknown reference) are kept, not
    raised, so that a document's every such error is reported at once: the block yields the
    list they are kept in (:func:`validated` raises them together)."""
    found = []
    token = _FOUND.set(found)
    try:
        yield found
    finally:
        _FOUND.reset(token)


def _refuse(error):
    found = _FOUND.get()
    if found is None:
        raise error
    found.append(error)


def validated(validate, document):
    """``validate(document)`` with every duplicate id and unknown reference reported at once,
    in the order found, and with them the error another check raised, if one did (one
    InputError: the first, the others in ``more``). A check that fails because a reference
    it reads is unknown (a KeyError, say) adds nothing: the unknown reference is the error."""
    with every_reference_error() as found:
        try:
            checked = validate(document)
        except InputError as error:
            raise InputError.of([*found, error]) from None
        except Exception:
            if not found:
                raise
            checked = None
    if found:
        raise InputError.of(found)
    return checked


class Registry:
    """Identifiers declared in a document, to check uniqueness and references."""

    def __init__(self, what):
        self.what = what
        self.where = {}

    def declare(self, ident, path):
        if ident in self.where:
            _refuse(InputError(f"duplicate id {shown(ident)} (also at {self.where[ident]})",
                               path))
            return
        self.where[ident] = path

    def declare_all(self, items, section):
        """Declare the ``id`` of every record of a list (``cards[i].id``)."""
        for i, item in enumerate(items):
            self.declare(item["id"], f"{section}[{i}].id")

    def declare_or_name(self, items, section, key="id"):
        """Declare the ids the records of a list give; a record without one is named by
        its position (``queries[2]``), made unlike every id given (`` (no id)`` appended),
        so that an id may be written like another record's position."""
        for i, item in enumerate(items):
            if item[key] is not None:
                self.declare(item[key], f"{section}[{i}].{key}")
        for i, item in enumerate(items):
            if item[key] is None:
                item[key] = f"{section}[{i}]"
                while item[key] in self:
                    item[key] += " (no id)"
                self.declare(item[key], f"{section}[{i}]")

    def require(self, ident, path):
        """``ident`` must be declared; None (an optional reference left out) passes."""
        if ident is not None and ident not in self.where:
            _refuse(InputError(f"unknown {self.what} {shown(ident)}"
                               f"{suggestion(ident, self.where)}", path))

    def __contains__(self, ident):
        return ident in self.where


def check_sum(values, path, what):
    """Refuse totals that clingo's 32-bit integers cannot hold."""
    total = sum(abs(v) for v in values)
    if total > CLINGO_MAX:
        raise InputError(
            f"the {what} add up to {total}, beyond clingo's integer range ({CLINGO_MAX})", path
        )


MAX_CHAIN = 32


def refuse_cycles(items, key, section):
    """Refuse records put on themselves through ``key`` (``played_on``, ``on``), directly or
    through a chain, and chains longer than MAX_CHAIN (no game stacks cards so high, and the
    rules follow chains to their end); the error names ``section[i].key``."""
    host = {item["id"]: item[key] for item in items}
    for i, item in enumerate(items):
        seen, current = {item["id"]}, item[key]
        while current is not None:
            if current in seen:
                raise InputError(f"{shown(item['id'])} would be put on itself (a cycle)",
                                 f"{section}[{i}].{key}")
            if len(seen) > MAX_CHAIN:
                raise InputError(f"a chain of more than {MAX_CHAIN} cards put on each other",
                                 f"{section}[{i}].{key}")
            seen.add(current)
            current = host.get(current)
