"""A document's facts checked against its rulebook's input vocabulary
(:mod:`pybridge.documents.inputs`): the space the analysis generates and the facts the bridge
makes of a document cannot drift apart (the tests check every example). Apart from the
declarations because it reads clingo symbols, which the documents layer does not."""

from clingo import SymbolType

from ..documents.inputs import (
    ANY,
    ONE,
    Ints,
    Joint,
    Names,
    Numbers,
    Obj,
    Ref,
    Tagged,
    Union,
    Values,
)
from .symbols import to_symbol


def _member(domain, symbol, kinds_of):
    """Whether ``symbol`` (from a document's facts) lies in ``domain``; objects are any
    string or term naming one of the kinds (``kinds_of``: identifier -> kinds)."""
    if isinstance(domain, (Obj, Ref)):
        kinds = domain.kinds
        return bool(kinds_of.get(symbol, set()) & set(kinds))
    if isinstance(domain, Names):
        return symbol.type == SymbolType.String
    if isinstance(domain, Numbers):
        return symbol.type == SymbolType.Number
    if isinstance(domain, Values):
        return symbol in {to_symbol(v) for v in domain.values}
    if isinstance(domain, Ints):
        return symbol.type == SymbolType.Number
    if isinstance(domain, Tagged):
        return symbol.type == SymbolType.Function and symbol.name == domain.name and \
            len(symbol.arguments) == 1 and _member(domain.inner, symbol.arguments[0], kinds_of)
    if isinstance(domain, Union):
        return any(_member(option, symbol, kinds_of) for option in domain.options)
    if isinstance(domain, Joint):
        return any(all(_member(d, s, kinds_of) for d, s in zip(option, symbol))
                   for option in domain.options)
    raise TypeError(domain)


def conforms(vocabulary, facts):
    """The problems (a list of texts; empty: none) of a document's facts against the
    vocabulary: an undeclared predicate or arity, an argument outside its domain, an object
    without its ONE fact, two facts where one is allowed."""
    by_name = {i.name: i for i in vocabulary.inputs}
    fixed = {name for name, _ in vocabulary.fixed}
    derived = dict(vocabulary.derived)
    problems = []
    kinds_of = {}
    keyed = {}
    for symbol in facts:
        declared = by_name.get(symbol.name)
        if declared is None:
            if symbol.name in derived:
                if len(symbol.arguments) != derived[symbol.name]:
                    problems.append(f"{symbol}: expected {derived[symbol.name]} arguments")
            elif symbol.name not in fixed:
                problems.append(f"{symbol}: not an input of the vocabulary")
            continue
        if declared.source:
            problems.append(f"{symbol}: a source of derived facts, not a fact of a document")
            continue
        if len(symbol.arguments) != declared.arity:
            problems.append(f"{symbol}: expected {declared.arity} arguments")
            continue
        for domain, argument in zip(declared.args, declared.split(symbol.arguments)):
            if isinstance(domain, Obj) and len(domain.kinds) == 1:
                kinds_of.setdefault(argument, set()).add(domain.kind)
    for symbol in facts:
        declared = by_name.get(symbol.name)
        if declared is None or len(symbol.arguments) != declared.arity:
            continue
        for position, (domain, argument) in enumerate(zip(declared.args,
                                                           declared.split(symbol.arguments))):
            if not _member(domain, argument, kinds_of):
                problems.append(f"{symbol}: argument {position + 1} is outside its domain")
        key = tuple(symbol.arguments[:declared.key_length])
        keyed.setdefault((symbol.name, key), []).append(symbol)
    for declared in vocabulary.inputs:
        if declared.many == ANY or declared.source:
            continue
        for (name, key), found in keyed.items():
            if name == declared.name and len(found) > 1:
                problems.append(f"{name}{key}: {len(found)} facts where one is allowed")
        if declared.many == ONE and declared.key_length == 1 and \
                len(declared.args[0].kinds) == 1:
            kind = declared.args[0].kind
            for obj, kinds in kinds_of.items():
                if kind in kinds and (declared.name, (obj,)) not in keyed:
                    problems.append(f"{declared.name}: none for {obj}")
    return problems
