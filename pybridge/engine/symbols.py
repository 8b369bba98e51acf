"""Typed conversion between Python values and clingo symbols, in one place.

Going in, identifiers (any user string) become ``String`` symbols, integers ``Number``, and
the fixed vocabulary of a rulebook (alignments, phases, ...) constants built with
``Function``: no user text is ever pasted into program text. Coming out, symbols turn back
into strings, integers, booleans and vocabulary names.
"""

from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from clingo import Function, Number, String, SymbolType

from ..documents.fields import Fields


class Const(Fields):
    """A name of the rulebook's own vocabulary (``good``, ``battle``): a clingo constant."""

    name: str


class Term(Fields):
    """A compound term ``name(arg, ...)``, e.g. ``card("H1")`` or ``brigade("Blue")``."""

    name: str
    args: tuple


@lru_cache(maxsize=1 << 16)
def _atom(kind, value):
    """Symbols of plain values, cached (identifiers and numbers repeat from fact to fact)."""
    return Number(value) if kind is int else String(value)


@lru_cache(maxsize=1 << 12)
def _constant(name):
    return Function(name)


def to_symbol(value):
    kind = type(value)
    if kind is str or kind is int:
        return _atom(kind, value)
    if isinstance(value, bool):
        return Function("true" if value else "false")
    if isinstance(value, int):
        return Number(value)
    if isinstance(value, str):
        return String(value)
    if isinstance(value, Const):
        return _constant(value.name)
    if isinstance(value, Term):
        return Function(value.name, [to_symbol(a) for a in value.args])
    raise TypeError(f"no symbol for {value!r}")


_WORLD = ContextVar("world", default=None)


def fact(predicate, *args):
    """The symbol of the fact ``predicate(args...)``; inside :func:`in_world` the fact of
    that world, ``predicate(W, args...)`` (how many states are grounded together)."""
    world = _WORLD.get()
    if world is None:
        return Function(predicate, [to_symbol(a) for a in args])
    return Function(predicate, [world, *(to_symbol(a) for a in args)])


@contextmanager
def in_world(number):
    """Facts made in this block belong to world ``number`` (see worlds.py)."""
    token = _WORLD.set(Number(number))
    try:
        yield
    finally:
        _WORLD.reset(token)


@lru_cache(maxsize=1 << 16)
def from_symbol(symbol):
    """A Python value for an output symbol: str, int, bool or a vocabulary name (str);
    cached, as the same identifiers come back in ruling after ruling."""
    if symbol.type == SymbolType.String:
        return symbol.string
    if symbol.type == SymbolType.Number:
        return symbol.number
    if symbol.type == SymbolType.Function and not symbol.arguments:
        if symbol.name in ("true", "false"):
            return symbol.name == "true"
        return symbol.name
    return identifier(symbol)


def identifier(symbol):
    """The text of an identifier. Documents give strings; the state spaces of the analysis
    name objects with terms, written here as ``hero1`` for hero(1) and
    ``imm(hero1,evil1)`` for imm(hero(1), evil(1))."""
    if symbol.type == SymbolType.String:
        return symbol.string
    if symbol.type == SymbolType.Number:
        return str(symbol.number)
    if symbol.type == SymbolType.Function and symbol.name:
        arguments = symbol.arguments
        if not arguments:
            return symbol.name
        if len(arguments) == 1 and arguments[0].type == SymbolType.Number:
            return f"{symbol.name}{arguments[0].number}"
        return f"{symbol.name}({','.join(identifier(a) for a in arguments)})"
    return str(symbol)


def role(symbol):
    """An identifier with its identity left out (``hero(1)`` -> ``hero``); other values as
    :func:`from_symbol` gives them. Used to group states "ignoring identifiers"."""
    if symbol.type == SymbolType.Function and symbol.arguments:
        return symbol.name
    return from_symbol(symbol)


_UNPACKED = {}


def unpack(symbol):
    """``(name, values, arguments)`` of a fact symbol, values as Python (numbers as int,
    identifiers and names as str); cached, since analysis reads the same facts many times."""
    found = _UNPACKED.get(symbol)
    if found is None:
        arguments = tuple(symbol.arguments)
        values = tuple(a.number if a.type == SymbolType.Number else identifier(a)
                       for a in arguments)
        found = _UNPACKED[symbol] = (symbol.name, values, arguments)
    return found


def unwrapped(term):
    """A ruling term and the query it belongs to: ``of_query(Q, R)`` is R of query Q (a
    rulebook whose rulings answer queries, asp/chronopia/vocabulary.lp); any other term is
    itself, of no query of its own (None)."""
    if term.name == "of_query" and len(term.arguments) == 2:
        return term.arguments[1], term.arguments[0]
    return term, None
