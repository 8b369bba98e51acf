"""Typed conversion between Python values and clingo symbols, in one place.

Going in, identifiers (any user string) become ``String`` symbols, integers ``Number``, and
the fixed vocabulary of a rulebook (alignments, phases, ...) constants built with
``Function``: no user text is ever pasted into program text. Coming out, symbols turn back
into strings, integers, booleans and vocabulary names.
"""

from dataclasses import dataclass

from clingo import Function, Number, String, SymbolType


@dataclass(frozen=True)
class Const:
    """A name of the rulebook's own vocabulary (``good``, ``battle``): a clingo constant."""

    name: str


@dataclass(frozen=True)
class Term:
    """A compound term ``name(arg, ...)``, e.g. ``card("H1")`` or ``brigade("Blue")``."""

    name: str
    args: tuple


def to_symbol(value):
    if isinstance(value, bool):
        return Function("true" if value else "false")
    if isinstance(value, int):
        return Number(value)
    if isinstance(value, str):
        return String(value)
    if isinstance(value, Const):
        return Function(value.name)
    if isinstance(value, Term):
        return Function(value.name, [to_symbol(a) for a in value.args])
    raise TypeError(f"no symbol for {value!r}")


def fact(predicate, *args):
    """The symbol of the fact ``predicate(args...)``."""
    return Function(predicate, [to_symbol(a) for a in args])


def from_symbol(symbol):
    """A Python value for an output symbol: str, int, bool or a vocabulary name (str)."""
    if symbol.type == SymbolType.String:
        return symbol.string
    if symbol.type == SymbolType.Number:
        return symbol.number
    if symbol.type == SymbolType.Function and not symbol.arguments:
        if symbol.name in ("true", "false"):
            return symbol.name == "true"
        return symbol.name
    return str(symbol)
