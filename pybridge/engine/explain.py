"""Explanations: the "why" tree of each ruling, assembled from the solver's ``says`` atoms.

The rule files say what each rule contributes (asp/core/explain.lp documents the atoms); this
module only reads them from an answer set and fills the templates. Nothing is recomputed: a
number in an explanation is one the solver derived.

A node is ``{"rule": ID, "says": sentence, "facts": {key: value}, "why": [nodes]}``; facts
hold the step's values (``says_fact``), its sums as lists of ``{"name", "value"}`` addends
(``says_part``; an addend whose text is a tuple ``(X, words...)`` also has a ``"note"``,
the words) and its lists of names (``says_item``). A value ``inches(N)`` is a length of N
thousandths of an inch (how lengths reach the rules): it reads "12.04 inches", and in facts it
is the number of inches (12.04).

A step the rules state once (``says_once``: a side's total, a procedure that every ruling of a
battle rests on) is not repeated under each step it is a reason of: the result holds it once,
``"shared": {"1": node, "2": node, ...}``, and where it is a reason the ``why`` list holds
``{"ref": "1"}``. A shared node is a node as any other (its own ``why`` may refer to further
shared nodes). The numbers follow the order in which a reader meets the steps: depth first
through the rulings, then the alternatives' rulings, a shared node's own reasons right after
its first reference. The same step in two readings of an ambiguous state is one shared node
when it says the same in both, two when not. A result without any shared step has no
``shared`` key. :func:`expanded` gives a tree with each reference replaced by its node.
"""

import hashlib
import json
import re

from clingo import SymbolType

from .symbols import from_symbol, identifier, unwrapped

SAYS = frozenset(("says", "says_fact", "says_part", "says_item", "says_for", "says_under",
                  "says_once"))
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


def _noted(text):
    """An addend's name and what it is (its note's words), or None: a text ``(X, W1, W2...)``
    names X and says "W1 W2 ..." of it (``(Axe, enhancement, on, Brigand)``)."""
    if _tuple(text) and len(text.arguments) >= 2:
        return text.arguments[0], " ".join(_words(word) for word in text.arguments[1:])
    return text, None


def _tuple(symbol):
    return symbol.type == SymbolType.Function and not symbol.name


def _words(symbol):
    """A note's words: a tuple's (nested or not) in order, each as it reads."""
    if _tuple(symbol):
        return " ".join(_words(word) for word in symbol.arguments)
    return _text(symbol)


def _addend(text, value):
    """An addend in JSON: its name and value, and its note when it has one."""
    name, note = _noted(text)
    out = {"name": from_symbol(name), "value": _value(value)}
    if note is not None:
        out["note"] = note
    return out


def _addend_text(text, value):
    """How an addend reads: "Brigand 3", or with its note "Axe 5 (enhancement on Brigand)"."""
    name, note = _noted(text)
    return f"{_text(name)} {_text(value)}" + (f" ({note})" if note is not None else "")


def _key(symbol):
    return symbol.string if symbol.type == SymbolType.String else symbol.name


class _Atoms:
    """The explanation atoms of one answer set, by node."""

    def __init__(self, symbols):
        self.says, self.facts, self.parts, self.items = {}, {}, {}, {}
        self.children, self.top, self.once = {}, {}, set()
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
            elif name == "says_once" and len(args) == 1:
                self.once.add(args[0])


def _fill(template, values):
    """The template with each {key} filled; a key with no value is a list with no item."""
    return _MARK.sub(lambda m: values.get(m.group(1), "none"), template)


class _Tree:
    """The nodes of one answer set's steps. A shared step (says_once) is built once, into
    ``shared`` (its content key -> node), and referred to as ``{"ref": key}``: the key is a
    digest of what the node says, its facts and (by their keys) its reasons, so that the same
    step in two readings is one shared node exactly when it says the same."""

    def __init__(self, atoms, order):
        self.atoms, self.order = atoms, order
        self.shared, self._built, self._sort = {}, {}, {}

    def nodes(self, terms, path):
        """The nodes of the steps ``terms`` (each step once on a path: no cycle), sorted by
        rule (in catalogue order) and sentence; a shared step as its references."""
        out = []
        for term in terms:
            if term in path:
                continue
            if term in self.atoms.once:
                out.extend(self._references(term))
            else:
                out.extend(self._steps(term, path))
        return sorted(out, key=self._rank)

    def _references(self, term):
        keys = self._built.get(term)
        if keys is None:
            self._built[term] = ()             # (a reference to itself below is cut)
            keys = []
            for built in self._steps(term, frozenset()):     # the same wherever it is met
                key = hashlib.sha256(_canonical(built).encode()).hexdigest()[:20]
                self.shared.setdefault(key, built)
                self._sort[key] = self._rank(built)
                keys.append(key)
            self._built[term] = tuple(keys)
        return [{"ref": key} for key in keys]

    def _rank(self, node):
        if "ref" in node:
            return self._sort[node["ref"]]
        return (self.order.get(node["rule"], 1e9), node["rule"], node["says"], _canonical(node))

    def _steps(self, term, path):
        atoms = self.atoms
        facts, values = {}, {}
        for key, found in sorted(atoms.facts.get(term, {}).items()):
            found = sorted(found)        # one value, or (rarely) several: a list
            facts[key] = _value(found[0]) if len(found) == 1 else [_value(v) for v in found]
            values[key] = ", ".join(_text(v) for v in found)
        for key, parts in sorted(atoms.parts.get(term, {}).items()):
            parts = sorted(parts)
            facts[key] = [_addend(t, v) for _, t, v in parts]
            joiner = " + " if all(v.type == SymbolType.Number for _, _, v in parts) else ", "
            values[key] = joiner.join(_addend_text(t, v) for _, t, v in parts) or "none"
        for key, items in sorted(atoms.items.get(term, {}).items()):
            items = sorted(items)
            facts[key] = [from_symbol(t) for _, t in items]
            values[key] = ", ".join(_text(t) for _, t in items) or "none"
        below = self.nodes(atoms.children.get(term, ()), path | {term})
        return [{"rule": rule_id, "says": _fill(template, values), "facts": facts, "why": below}
                for rule_id, template in sorted(atoms.says.get(term, ()))]


def _canonical(node):
    return json.dumps(node, ensure_ascii=False, sort_keys=True)


def _ruling_key(kind, values):
    return (kind, *(json.dumps(v) for v in values))


def _explanations(rulebook, symbols):
    """For one answer set: the why tree of each ruling, by ruling key (kind and fields), and
    the shared nodes its trees refer to (by content key)."""
    atoms = _Atoms(symbols)
    tree = _Tree(atoms, rulebook.encoding.rule_order)
    found = {}
    for term, nodes in atoms.top.items():
        inner, query = unwrapped(term)
        kind = rulebook.kind_by_name.get(inner.name)
        if kind is None or len(inner.arguments) != len(kind.fields):
            continue
        key = _ruling_key(kind.name, [from_symbol(a) for a in inner.arguments])
        own = None if query is None else from_symbol(query)
        found[(own, key)] = tree.nodes(nodes, frozenset())
    return found, tree.shared


def explanations(rulebook, symbols):
    """For one answer set: the why tree of each ruling, by ruling key (kind and fields); a
    shared step as a reference by its content key."""
    return _explanations(rulebook, symbols)[0]


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
    trees share (or, where they share none, the first reading's tree). The shared steps they
    refer to go to ``result["shared"]``, numbered in reading order."""
    built = [_explanations(rulebook, answer_set) for answer_set in answer_sets]
    trees = [tree for tree, _ in built]
    shared = {key: node for _, nodes in built for key, node in nodes.items()}
    for rulings, tree in zip(decoded, trees):
        for ruling in rulings:
            ruling["why"] = _tree(tree, rulebook, ruling)
    if len(trees) > 1:
        for ruling in result["rulings"]:
            each = [_tree(tree, rulebook, ruling) for tree in trees]
            common = set.intersection(*({_canonical(n) for n in nodes} for nodes in each))
            kept = [n for n in each[0] if _canonical(n) in common]
            ruling["why"] = kept or each[0]
    _number(result, shared)
    return result


def _number(result, shared):
    """Replace each content key by the number of the shared node, in the order a reader
    meets the references (depth first, a shared node's reasons after its first reference),
    and give the result the nodes referred to."""
    numbers, out = {}, {}

    def walk(nodes):
        for node in nodes:
            if "ref" in node:
                key = node["ref"]
                if key not in numbers:
                    numbers[key] = number = str(len(numbers) + 1)
                    out[number] = target = dict(shared[key])
                    target["why"] = [dict(n) for n in target["why"]]
                    walk(target["why"])
                node["ref"] = numbers[key]
            else:
                node["why"] = [dict(n) for n in node["why"]]
                walk(node["why"])

    everything = list(result["rulings"]) + [r for alt in result.get("alternatives", ())
                                            for r in alt]
    for ruling in everything:
        ruling["why"] = [dict(n) for n in ruling["why"]]
        walk(ruling["why"])
    if out:
        result["shared"] = out


def expanded(why, shared):
    """The tree ``why`` with each reference replaced by the shared node it names (itself
    expanded): the tree as it would be without sharing (its size may be the square)."""
    out = []
    for node in why:
        node = shared[node["ref"]] if "ref" in node else node
        out.append({**node, "why": expanded(node["why"], shared)})
    return out
