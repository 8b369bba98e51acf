"""A bound of a rulebook's state space, as the rulebook declares it (its option, clingo
constants, default and limits) and parses a value given for it; the analysis
(:mod:`pybridge.analysis.bounds`) holds the values of every bound of a run."""

import re

from ..documents.fields import Fields
from ..documents.schema import shown
from ..errors import InputError

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
