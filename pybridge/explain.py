"""Explanations: the "why" tree of each ruling, assembled from the solver's ``says`` atoms.

The rule files say what each rule contributes (asp/core/explain.lp documents the atoms); this
module only reads them from an answer set and fills the templates. Nothing is recomputed: a
number in an explanation is one the solver derived.

A node is ``{"rule": ID, "says": sentence, "facts": {key: value}, "why": [nodes]}``; facts
hold the step's values (``says_fact``), its sums as lists of ``{"name", "value"}`` addends
(``says_part``) and its lists of names (``says_item``). A value ``inches(N)`` is a length of N
thousandths of an inch (how lengths reach the rules): it reads "12.04 inches", and in facts it
is the number of inches (12.04).
"""

import json
import re

from clingo import SymbolType

from .results import unwrapped
from .symbols import from_symbol, identifier

SAYS = frozenset(("says", "says_fact", "says_part", "says_item", "says_for", "says_under"))
_MARK = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _inches(symbol):
    """The thousandths of a length ``inches(N)``, or None for any other value."""
    if symbol.type == SymbolType.Function and symbol.name == "inches" \
            and len(symbol.arguments) == 1 and symbol.arguments[0].type == SymbolType.Number:
        return symbol.arguments[0].number
    return None


def _decimal(thousandths):
    """A length in inches, exact: 12000 -> 12, 12040 -> 12.04, -500 -> -0.5."""
    whole, part = divmod(abs(thousandths), 1000)
    sign = "-" if thousandths < 0 else ""
    return f"{sign}{whole}" + (f".{part:03d}".rstrip("0") if part else "")


def _value(symbol):
    """A fact's value in JSON: a length as its number of inches, any other as from_symbol."""
    thousandths = _inches(symbol)
    if thousandths is None:
        return from_symbol(symbol)
    return json.loads(_decimal(thousandths))


def _text(symbol):
    """How a value reads in a sentence: an identifier as given, a vocabulary name with its
    underscores as spaces, a number in digits, a length in inches ("12.04 inches")."""
    thousandths = _inches(symbol)
    if thousandths is not None:
        return f"{_decimal(thousandths)} {'inch' if thousandths == 1000 else 'inches'}"
    if symbol.type == SymbolType.String:
        return symbol.string
    if symbol.type == SymbolType.Number:
        return str(symbol.number)
    if symbol.type == SymbolType.Function and not symbol.arguments:
        return symbol.name.replace("_", " ")
    return identifier(symbol)


def _key(symbol):
    return symbol.string if symbol.type == SymbolType.String else symbol.name


class _Atoms:
    """The explanation atoms of one answer set, by node."""

    def __init__(self, symbols):
        self.says, self.facts, self.parts, self.items = {}, {}, {}, {}
        self.children, self.top = {}, {}
        for symbol in symbols:
            name, args = symbol.name, symbol.arguments
            if name not in SAYS:
                continue
            if name == "says" and len(args) == 3:
                self.says.setdefault(args[0], set()).add((args[1].string, args[2].string))
            elif name == "says_fact" and len(args) == 3:
                self.facts.setdefault(args[0], {}).setdefault(_key(args[1]), set()).add(args[2])
            elif name == "says_part" and len(args) == 5:
                self.parts.setdefault(args[0], {}).setdefault(_key(args[1]), []).append(
                    (args[2], args[3], args[4]))
            elif name == "says_item" and len(args) == 4:
                self.items.setdefault(args[0], {}).setdefault(_key(args[1]), []).append(
                    (args[2], args[3]))
            elif name == "says_under" and len(args) == 2:
                self.children.setdefault(args[0], set()).add(args[1])
            elif name == "says_for" and len(args) == 2:
                self.top.setdefault(args[0], set()).add(args[1])


def _fill(template, values):
    """The template with each {key} filled; a key with no value is a list with no item."""
    return _MARK.sub(lambda m: values.get(m.group(1), "none"), template)


def _nodes(atoms, terms, order, path):
    """The nodes of the steps ``terms`` (each step once on a path: no cycle), sorted by rule
    (in catalogue order) and sentence."""
    out = []
    for term in terms:
        if term in path:
            continue
        facts, values = {}, {}
        for key, found in sorted(atoms.facts.get(term, {}).items()):
            found = sorted(found)        # one value, or (rarely) several: a list
            facts[key] = _value(found[0]) if len(found) == 1 else [_value(v) for v in found]
            values[key] = ", ".join(_text(v) for v in found)
        for key, parts in sorted(atoms.parts.get(term, {}).items()):
            parts = sorted(parts)
            facts[key] = [{"name": from_symbol(t), "value": _value(v)} for _, t, v in parts]
            joiner = " + " if all(v.type == SymbolType.Number for _, _, v in parts) else ", "
            values[key] = joiner.join(f"{_text(t)} {_text(v)}" for _, t, v in parts) or "none"
        for key, items in sorted(atoms.items.get(term, {}).items()):
            items = sorted(items)
            facts[key] = [from_symbol(t) for _, t in items]
            values[key] = ", ".join(_text(t) for _, t in items) or "none"
        below = _nodes(atoms, atoms.children.get(term, ()), order, path | {term})
        for rule_id, template in atoms.says.get(term, ()):
            out.append({"rule": rule_id, "says": _fill(template, values), "facts": facts,
                        "why": below})
    return sorted(out, key=lambda n: (order.get(n["rule"], 1e9), n["rule"], n["says"],
                                      _canonical(n)))


def _canonical(node):
    return json.dumps(node, ensure_ascii=False, sort_keys=True)


def _ruling_key(kind, values):
    return (kind, *(json.dumps(v) for v in values))


def explanations(rulebook, symbols):
    """For one answer set: the why tree of each ruling, by ruling key (kind and fields)."""
    atoms = _Atoms(symbols)
    order = rulebook.encoding.rule_order
    found = {}
    for term, nodes in atoms.top.items():
        inner, query = unwrapped(term)
        kind = rulebook.kind_by_name.get(inner.name)
        if kind is None or len(inner.arguments) != len(kind.fields):
            continue
        key = _ruling_key(kind.name, [from_symbol(a) for a in inner.arguments])
        own = None if query is None else from_symbol(query)
        found[(own, key)] = _nodes(atoms, nodes, order, frozenset())
    return found


def key_of(rulebook, ruling):
    kind = rulebook.kind_by_name[ruling["kind"]]
    return _ruling_key(kind.name, [ruling[f] for f in kind.fields])


def _tree(tree, rulebook, ruling):
    """The why of a ruling: its query's own (of_query(Q, R)) or, failing that, its term's."""
    key = key_of(rulebook, ruling)
    own = ruling.get("query") if "query" not in rulebook.kind_by_name[ruling["kind"]].fields \
        else None
    found = tree.get((own, key)) if own is not None else None
    return found if found is not None else tree.get((None, key), [])


def attach(rulebook, result, answer_sets, decoded):
    """Give each ruling of ``result`` its ``why``: a ruling of one reading (an alternative)
    the tree of that reading's answer set; a ruling common to every reading the steps its
    trees share (or, where they share none, the first reading's tree)."""
    trees = [explanations(rulebook, answer_set) for answer_set in answer_sets]
    for rulings, tree in zip(decoded, trees):
        for ruling in rulings:
            ruling["why"] = _tree(tree, rulebook, ruling)
    if len(trees) > 1:
        for ruling in result["rulings"]:
            each = [_tree(tree, rulebook, ruling) for tree in trees]
            shared = set.intersection(*({_canonical(n) for n in nodes} for nodes in each))
            common = [n for n in each[0] if _canonical(n) in shared]
            ruling["why"] = common or each[0]
    return result
