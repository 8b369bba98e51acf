"""Bounds of a rulebook's state space: declared by the rulebook, given on the command line,
passed to clingo as constants (numbers only: no user text reaches the program)."""

import re

from ..errors import InputError
from ..fields import Fields
from ..schema import shown

# ASCII digits only: \d would take other scripts' digits too (Arabic-Indic ٣ is 3 to int())
_RANGE = re.compile(r"^\s*(-?[0-9]+)\s*\.\.\s*(-?[0-9]+)\s*$", re.ASCII)
_DIGITS = 12        # longer numbers are beyond every bound's limits: refused unconverted


def _number(text, option):
    """An integer from its decimal text, refusing thousands of digits before converting."""
    if not re.fullmatch(r"-?[0-9]+", text):
        raise ValueError(text)
    if len(text.lstrip("-")) > _DIGITS:
        raise InputError(f"a {len(text.lstrip('-'))}-digit number is out of range", option)
    return int(text)


class Bound(Fields):
    name: str            # key in JSON and in the API, e.g. "values"
    option: str          # command-line option, e.g. "--values"
    consts: tuple        # clingo constants: one for a number, two (lo, hi) for a range
    default: object      # an int, or a (lo, hi) tuple
    limits: tuple        # smallest and largest value allowed
    help: str

    @property
    def is_range(self):
        return len(self.consts) == 2

    def parse(self, value):
        """The bound's value from an int, a (lo, hi) pair or a string ``LO..HI``."""
        lo_limit, hi_limit = self.limits
        if self.is_range:
            if isinstance(value, str):
                match = _RANGE.match(value)
                if not match:
                    raise InputError(f"expected LO..HI, got {shown(value)}", self.option)
                value = (_number(match.group(1), self.option),
                         _number(match.group(2), self.option))
            lo, hi = value
            if lo > hi:
                raise InputError(f"empty range {lo}..{hi}", self.option)
            if lo < lo_limit or hi > hi_limit:
                raise InputError(f"{lo}..{hi} is out of range ({lo_limit}..{hi_limit})",
                                 self.option)
            return (lo, hi)
        try:
            value = _number(value.strip(), self.option) if isinstance(value, str) else int(value)
        except (TypeError, ValueError):
            raise InputError(f"expected an integer, got {shown(value)}", self.option) from None
        if not lo_limit <= value <= hi_limit:
            raise InputError(f"{value} is out of range ({lo_limit}..{hi_limit})", self.option)
        return value

    def show(self, value):
        return f"{value[0]}..{value[1]}" if self.is_range else value


class Bounds:
    """Values for every bound of a rulebook (defaults where not given)."""

    def __init__(self, specs, given=None, defaults=None):
        """``defaults`` overrides the specs' defaults (enumeration uses smaller ones)."""
        given = {k: v for k, v in (given or {}).items() if v is not None}
        unknown = set(given) - {spec.name for spec in specs}
        if unknown:
            raise InputError(f"unknown bound(s): {', '.join(sorted(unknown))}", "bounds")
        defaults = defaults or {}
        self.specs = specs
        self.values = {spec.name: spec.parse(given.get(spec.name,
                                                       defaults.get(spec.name, spec.default)))
                       for spec in specs}

    def __getitem__(self, name):
        return self.values[name]

    def constants(self):
        """clingo ``-c`` arguments."""
        arguments = []
        for spec in self.specs:
            value = self.values[spec.name]
            numbers = value if spec.is_range else (value,)
            for const, number in zip(spec.consts, numbers):
                arguments += ["-c", f"{const}={int(number)}"]
        return arguments

    def describe(self):
        return {spec.name: spec.show(self.values[spec.name]) for spec in self.specs}
