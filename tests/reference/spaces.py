"""A plain-Python brute force of the state space a rulebook's input vocabulary declares.

Written from the declaration semantics of ``pybridge/documents/inputs.py`` (its docstrings), the books'
``vocabulary`` properties and ``asp/<book>/valid.lp``, without looking at the generator
(``pybridge/analysis/generate.py``), so that a test can check one against the other.

A state: for each kind, objects ``kind 1..n`` (``least <= n <= bound``); for each input and
each key (the leading Obj arguments, over the objects of its kinds) exactly one fact from the
candidates (ONE), at most one (OPTIONAL), or any subset (ANY); Ref arguments range over the
objects present, Ints over the bound constants, Names/Values over the listed values, Tagged and
Union and Joint as declared. ``features`` bounds how many OPTIONAL and ANY facts a state holds at
once, a ``usual`` OPTIONAL fact counting by its absence. ``fixed`` facts are in every state
and left out here. valid.lp's constraints are restated in Python (``VALID``).

A *situation* is an orbit under renaming the objects of each interchangeable kind (references
moving along); numbered kinds (hkk's events) keep their order. A situation is represented by
its canonical form: the least sorted fact tuple over every renaming.

Values are written as comparable keys: an object ``(0, kind, i)``, an integer ``(1, n)``, a
tagged term ``(2, name, key)``, any other symbol ``(3, text)``; a fact is ``(name, key, ...)``.
Documents (``out`` lines, witnesses) are mapped to the same keys through the book's
``validate`` and ``facts`` and the declared domains (:func:`document_form`).
"""

import collections
import copy
import functools
import itertools
from math import inf

from clingo import SymbolType

from pybridge.documents.inputs import ONE, OPTIONAL, Ints, Joint, Obj, Ref, Tagged, Union, Values
from pybridge.engine.symbols import to_symbol

# --------------------------------------------------------------------------- values and bounds

def symbol_key(symbol):
    if symbol.type == SymbolType.Number:
        return (1, symbol.number)
    return (3, str(symbol))


def constants(book, given):
    """{clingo constant: int} for the bounds ``given`` ({name: int, (lo, hi) or "lo..hi"};
    the book's listing defaults, then its defaults, for the others)."""
    out = {}
    listing = getattr(book, "listing_bounds", None) or {}
    for bound in book.bounds:
        value = given.get(bound.name, listing.get(bound.name, bound.default))
        if isinstance(value, str):
            lo, hi = value.split("..")
            value = (int(lo), int(hi))
        if len(bound.consts) == 2:
            out.update(zip(bound.consts, value))
        else:
            (name,) = bound.consts
            out[name] = value
    return out


def expand(domain, objects, consts):
    """Every value (key) of an argument domain; a Joint gives tuples of keys."""
    if isinstance(domain, (Obj, Ref)):
        return [o for kind in domain.kinds for o in objects[kind]]
    if isinstance(domain, Values):           # Names too
        return [symbol_key(to_symbol(v)) for v in domain.values]
    if isinstance(domain, Ints):
        return [(1, n) for n in range(consts[domain.lo], consts[domain.hi] + 1)]
    if isinstance(domain, Tagged):
        return [(2, domain.name, inner) for inner in expand(domain.inner, objects, consts)]
    if isinstance(domain, Union):
        return [v for option in domain.options for v in expand(option, objects, consts)]
    if isinstance(domain, Joint):
        return [row for option in domain.options
                for row in itertools.product(*(expand(d, objects, consts) for d in option))]
    raise TypeError(domain)


def candidate_facts(declared, key, objects, consts):
    """The facts of input ``declared`` about one key (a tuple of objects)."""
    rest = declared.args[len(key):]
    assert not any(isinstance(d, Obj) for d in rest), declared
    facts = []
    for row in itertools.product(*(expand(d, objects, consts) for d in rest)):
        flat = []
        for domain, value in zip(rest, row):
            flat.extend(value if isinstance(domain, Joint) else (value,))
        facts.append((declared.name,) + key + tuple(flat))
    return facts


def features_of(vocabulary, facts, objects):
    """How many OPTIONAL and ANY facts a state has (a usual fact: its absence per key)."""
    count = 0
    for declared in vocabulary.inputs:
        if declared.many == ONE:
            continue
        present = [f for f in facts if f[0] == declared.name]
        if declared.usual:
            keys = {f[1:1 + declared.key_length] for f in present}
            count += sum(1 for key in _keys(declared, objects) if key not in keys)
        else:
            count += len(present)
    return count


def _keys(declared, objects):
    return list(itertools.product(*(expand(d, objects, {})
                                    for d in declared.args[:declared.key_length])))


# --------------------------------------------------------------------------- the space

def labelled_states(book, given):
    """Every state of the space, objects numbered 1..n per kind: (objects, facts) with
    ``objects`` {kind: [object keys]} and ``facts`` a tuple of fact tuples."""
    vocabulary = book.vocabulary
    consts = constants(book, given)
    most = consts[vocabulary.features] if vocabulary.features else inf
    valid = VALID[book.name](book)
    kinds = vocabulary.kinds
    for counts in itertools.product(*(range(k.least, consts[k.bound] + 1) for k in kinds)):
        objects = {k.name: [(0, k.name, i) for i in range(1, n + 1)]
                   for k, n in zip(kinds, counts)}
        slots, pool = [], []      # one choice per slot; any subset of the pool
        for declared in vocabulary.inputs:
            for key in _keys(declared, objects):
                facts = candidate_facts(declared, key, objects, consts)
                if declared.many == ONE:
                    slots.append([((f,), 0) for f in facts])
                elif declared.usual:
                    slots.append([((f,), 0) for f in facts] + [((), 1)])
                else:
                    group = (declared.name, key) if declared.many == OPTIONAL else None
                    pool.extend((f, group) for f in facts)
        for choice in itertools.product(*slots):
            cost = sum(c for _, c in choice)
            if cost > most:
                continue
            base = tuple(f for fs, _ in choice for f in fs)
            for size in range(0, min(most - cost, len(pool)) + 1):
                for extra in itertools.combinations(pool, size):
                    groups = [g for _, g in extra if g is not None]
                    if len(groups) != len(set(groups)):
                        continue                    # OPTIONAL: at most one per key
                    facts = base + tuple(f for f, _ in extra)
                    if valid(facts):
                        yield objects, facts


def canonical(vocabulary, objects, facts):
    """The least sorted image of ``facts`` under every renaming of the objects of each
    interchangeable kind."""
    movable = [k.name for k in vocabulary.kinds if not k.numbered and len(objects[k.name]) > 1]
    if not movable:
        return tuple(sorted(facts))
    best = None
    for perms in itertools.product(*(itertools.permutations(range(1, len(objects[k]) + 1))
                                     for k in movable)):
        mapping = {}
        for kind, perm in zip(movable, perms):
            for i, j in enumerate(perm, 1):
                mapping[(0, kind, i)] = (0, kind, j)
        image = tuple(sorted(tuple(_move(v, mapping) for v in f) for f in facts))
        if best is None or image < best:
            best = image
    return best


def _move(value, mapping):
    if isinstance(value, tuple):
        if value[0] == 0:
            return mapping.get(value, value)
        if value[0] == 2:
            return (2, value[1], _move(value[2], mapping))
    return value


def situations(book, given):
    """{canonical form: (objects, facts) of its first labelled state} over the space."""
    forms = {}
    for objects, facts in labelled_states(book, given):
        forms.setdefault(canonical(book.vocabulary, objects, facts), (objects, facts))
    return forms


def labelled_count(book, given):
    return sum(1 for _ in labelled_states(book, given))


# --------------------------------------------------------------------------- documents

@functools.lru_cache(maxsize=None)
def _declared(book):
    """{input name: Input}, and the fixed facts as (name, arguments) pairs."""
    vocabulary = book.vocabulary
    fixed = frozenset((name, tuple(to_symbol(v) for v in row)) for name, row in vocabulary.fixed)
    return {i.name: i for i in vocabulary.inputs}, fixed


def document_facts(book, document):
    """The input facts of a document as (name, arguments, Input) triples, its fixed facts
    checked (exactly the vocabulary's) and left out."""
    facts = book.facts(book.validate(copy.deepcopy(document)))
    declared, fixed = _declared(book)
    rest, seen = [], set()
    for symbol in facts:
        name, arguments = symbol.name, tuple(symbol.arguments)
        if name in declared:
            rest.append((name, arguments, declared[name]))
        else:
            seen.add((name, arguments))
    assert seen == fixed, (seen, fixed)
    return rest


def document_form(book, document):
    """(objects, facts in keys, ids) of a document: ``ids`` {identifier: object key}."""
    vocabulary = book.vocabulary
    parsed = [(name, declared.split(arguments), declared)
              for name, arguments, declared in document_facts(book, document)]
    kind_of = {}
    for _, parts, declared in parsed:
        for domain, argument in zip(declared.args, parts):
            if isinstance(domain, Obj) and len(domain.kinds) == 1:
                kind_of.setdefault(argument, set()).add(domain.kind)
    ids, objects = {}, {k.name: [] for k in vocabulary.kinds}
    for kind in vocabulary.kinds:
        mine = sorted(s for s, ks in kind_of.items() if kind.name in ks)
        for i, s in enumerate(mine, 1):
            assert s not in ids, f"{s} is an object of two kinds"
            if kind.numbered:
                assert s.number == i, f"{kind.name} numbered with a gap: {mine}"
            ids[s] = (0, kind.name, i)
            objects[kind.name].append(ids[s])
    facts = []
    for name, parts, declared in parsed:
        row = []
        for domain, argument in zip(declared.args, parts):
            if isinstance(domain, Joint):
                value = next((tuple(_key(d, a, ids) for d, a in zip(option, argument))
                              for option in domain.options
                              if all(_key(d, a, ids) is not None
                                     for d, a in zip(option, argument))), None)
                assert value is not None, f"{name}{parts}: {argument} outside {domain}"
                row.extend(value)
            else:
                value = _key(domain, argument, ids)
                assert value is not None, f"{name}{parts}: {argument} outside {domain}"
                row.append(value)
        facts.append((name,) + tuple(row))
    return objects, tuple(facts), {str(s) if s.type != SymbolType.String else s.string: o
                                   for s, o in ids.items()}


_PLAIN = {}


def _key(domain, symbol, ids):
    """The key of a document's argument in ``domain``, or None when outside it."""
    if isinstance(domain, (Obj, Ref)):
        found = ids.get(symbol)
        return found if found is not None and found[1] in domain.kinds else None
    if isinstance(domain, (Values, Ints)):
        try:
            return _PLAIN[domain, symbol]
        except KeyError:
            pass
        if isinstance(domain, Values):
            found = symbol_key(symbol) if symbol in _symbols(domain) else None
        else:
            found = (1, symbol.number) if symbol.type == SymbolType.Number else None
        _PLAIN[domain, symbol] = found
        return found
    if isinstance(domain, Tagged):
        if symbol.type == SymbolType.Function and symbol.name == domain.name and \
                len(symbol.arguments) == 1:
            inner = _key(domain.inner, symbol.arguments[0], ids)
            return None if inner is None else (2, domain.name, inner)
        return None
    if isinstance(domain, Union):
        for option in domain.options:
            found = _key(option, symbol, ids)
            if found is not None:
                return found
        return None
    raise TypeError(domain)


@functools.lru_cache(maxsize=None)
def _symbols(domain):
    return frozenset(to_symbol(v) for v in domain.values)


def document_canonical(book, document):
    objects, facts, _ = document_form(book, document)
    return canonical(book.vocabulary, objects, facts)


def in_bounds(book, given, objects, facts):
    """Whether a state (from a document) lies in the space: object counts, every fact a
    candidate of its input and key, ONE and OPTIONAL respected, the features bound and
    valid.lp."""
    vocabulary = book.vocabulary
    consts = constants(book, given)
    for kind in vocabulary.kinds:
        if not kind.least <= len(objects[kind.name]) <= consts[kind.bound]:
            return False
    counts = tuple(len(objects[k.name]) for k in vocabulary.kinds)
    candidates, slots = _candidates(book, tuple(sorted(consts.items())), counts)
    if len(set(facts)) != len(facts) or not all(f in candidates for f in facts):
        return False
    taken = collections.Counter(candidates[f] for f in facts)
    for slot, many in slots.items():
        if many == ONE and taken[slot] != 1 or many == OPTIONAL and taken[slot] > 1:
            return False
    most = consts[vocabulary.features] if vocabulary.features else inf
    return features_of(vocabulary, facts, objects) <= most and VALID[book.name](book)(facts)


@functools.lru_cache(maxsize=None)
def _candidates(book, consts, counts):
    """For objects numbered 1..n per kind: {candidate fact: (input, key)} and
    {(input, key): ONE, OPTIONAL or ANY}."""
    vocabulary, consts = book.vocabulary, dict(consts)
    objects = {k.name: [(0, k.name, i) for i in range(1, n + 1)]
               for k, n in zip(vocabulary.kinds, counts)}
    candidates, slots = {}, {}
    for declared in vocabulary.inputs:
        for key in _keys(declared, objects):
            slots[declared.name, key] = declared.many
            for f in candidate_facts(declared, key, objects, consts):
                candidates[f] = (declared.name, key)
    return candidates, slots


# --------------------------------------------------------------------------- valid.lp

def _chains_acyclic(edges):
    """No object reaches itself along ``edges`` (a dict: object -> the one it is on)."""
    for start in edges:
        seen, current = set(), start
        while current in edges:
            current = edges[current]
            if current == start or current in seen:
                return False
            seen.add(current)
    return True


def _rows(facts, name):
    return [f[1:] for f in facts if f[0] == name]


def _valid_redemption(book):
    """asp/redemption/valid.lp: no card is played on itself, directly or through a chain,
    and none is immune to itself by name."""
    def valid(facts):
        holders = dict(_rows(facts, "state_immunity"))
        if any(to == (2, "card", holders.get(i)) for i, to in _rows(facts, "state_immunity_to")):
            return False
        return _chains_acyclic(dict(_rows(facts, "state_played_on")))
    return valid


def _hkk_forbidden(facts):
    """asp/hkk/valid.lp's start states the Kódex forbids: an enchantment on a card immune to
    enchantments from the start that grants it neither the enchantment nor the source immunity
    (132.6 "a lapra nem tehető bűbáj"), poison counters on a card immune to poison from the
    start (132.3). Immune from the start: its own immunity, or a grant no declared immunity
    could make powerless (a source's or a level-up's, body part's or item's on a creature by
    source immunity, an enchantment's by enchantment or magic immunity, a mental one's by
    mental immunity too), or one of source immunity, or by a card granting itself such a
    blocker."""
    def c(name):
        return (3, name)
    kind = dict(_rows(facts, "state_card"))
    on = dict(_rows(facts, "state_on"))
    subtypes = set(_rows(facts, "state_subtype"))
    grants = set(_rows(facts, "state_immunity_granted_by"))        # (card, kind, granter)
    granted = {(card, k) for card, k, _ in grants}
    declared = set(_rows(facts, "state_immunity")) | set(_rows(facts, "state_cannot_be_affected_by"))
    own = {i for i in _rows(facts, "state_immunity") if i not in granted} | \
        set(_rows(facts, "state_immunity_own")) | set(_rows(facts, "state_cannot_be_affected_by"))
    gained_from = set()                                           # (granter, card, kind)
    granters = dict(_rows(facts, "state_event_granted_by"))
    for event, card, k in _rows(facts, "state_event"):
        if event in granters:
            gained_from.add((granters[event], card, k))
    gained_from |= {(g, card, k) for card, k, g in grants}

    def blockers(g, card):
        if kind.get(g) == c("source") or (kind.get(g) in (c("level_up"), c("body_part"), c("item"))
                                          and on.get(g) == card and kind.get(card) == c("creature")):
            return {c("source")}
        if kind.get(g) == c("enchantment"):
            return {c("enchantment"), c("magic")} | (
                {c("mental_spell")} if (g, c("mental")) in subtypes else set())
        return set()

    def immune(card, k):
        if (card, k) in own:
            return True
        for holder, kk, g in grants:
            if (holder, kk) != (card, k):
                continue
            b = blockers(g, card)
            if k == c("source") or any((g, card, x) in gained_from for x in b) or \
                    not any((card, x) in declared for x in b):
                return True
        return False

    for x, host in on.items():
        if kind.get(x) == c("enchantment") and immune(host, c("enchantment")) and \
                (host, c("enchantment"), x) not in grants and (host, c("source"), x) not in grants:
            return True
    return any(name == c("poison") and count[1] > 0 and immune(card, c("poison"))
               for card, name, count in _rows(facts, "state_counter"))


def _valid_hkk(book):
    """asp/hkk/valid.lp: no card on itself through a chain; one faction and one colour at
    most, one number per counter kind; an immunity granted only when the card has it, its
    own besides a grant (state_immunity_own) only beside one; the start states the Kódex forbids
    (:func:`_hkk_forbidden`); damage modifiers numbered 0, 1, ... one number each; a damage
    element only on an effect that deals damage."""
    def valid(facts):
        if not _chains_acyclic(dict(_rows(facts, "state_on"))):
            return False
        for name in ("state_property", "state_counter"):
            pairs = [r[:2] for r in _rows(facts, name)]
            if len(pairs) != len(set(pairs)):
                return False
        immunities = set(_rows(facts, "state_immunity"))
        granted = {r[:2] for r in _rows(facts, "state_immunity_granted_by")}
        if not granted <= immunities or not set(_rows(facts, "state_immunity_own")) <= granted:
            return False
        if _hkk_forbidden(facts):
            return False
        damaging = {r[0] for r in _rows(facts, "state_effect_damage")}
        if any(r[0] not in damaging for r in _rows(facts, "state_effect_damage_element")):
            return False
        modifiers = [r[:2] for r in _rows(facts, "state_effect_modifier")]
        if len(modifiers) != len(set(modifiers)):
            return False
        for effect, (_, position) in modifiers:
            if position > 0 and (effect, (1, position - 1)) not in modifiers:
                return False
        return True
    return valid


def _valid_b5(book):
    """asp/b5/valid.lp: spans run forward; a protection does not leave before it arrives; a
    retreat leaves the being's field into listed fields; an order leaves the being's field and
    only a discovery has a pre-conflict; a named element is an element of the state, the type
    of one, or a type the tables know; a named effect is one its element has; an element
    becomes active only if it is, and no later than its effect phase."""
    known = {symbol_key(to_symbol(name)) for name in book.table_types[1]}
    discovery = symbol_key(to_symbol(_const("discovery")))

    def valid(facts):
        field = {b: f for b, _, f in _rows(facts, "state_being")}
        if any(lo[1] > hi[1] for _, _, lo, hi in _rows(facts, "state_protected_span")):
            return False
        arrives = {k: a for k, _, _, _, a in _rows(facts, "state_protection")}
        if any(leaves[1] < arrives[k][1] for k, leaves in _rows(facts, "state_protection_leaves")):
            return False
        listed = {b for (b,) in _rows(facts, "state_retreat_listed")}
        for b, f in _rows(facts, "state_retreat_to"):
            if f == field[b] or b not in listed:
                return False
        orders = {o: (b, kind, f) for o, b, kind, f in _rows(facts, "state_order")}
        if any(f == field[b] for b, _, f in orders.values()):
            return False
        if any(orders[o][1] != discovery for o, _ in _rows(facts, "state_order_preconflict")):
            return False
        names = set(known)
        for e, kind, _ in _rows(facts, "state_element"):
            names |= {e, kind}
        named = [r[1] for r in _rows(facts, "state_immune_to")]
        named += [r[1] for r in _rows(facts, "state_protected_from")]
        named += [r[1] for r in _rows(facts, "state_protected_span")]
        named += [r[2] for r in _rows(facts, "state_protection")]
        if not all(x in names for x in named):
            return False
        # a named effect is an effect of its element; a protection from one names an element
        # (its id or its type) that has it; its span runs forward
        effects = set(_rows(facts, "state_element_effect"))
        if any((e, w) not in effects for e, w, _ in _rows(facts, "state_element_effect_destroys")):
            return False
        type_of = {e: k for e, k, _ in _rows(facts, "state_element")}
        having = effects | {(type_of[e], w) for e, w in effects}
        for _, x, w, lo, hi in _rows(facts, "state_protected_effect"):
            if lo[1] > hi[1] or (x, w) not in having:
                return False
        source = {k: x for k, _, x, _, _ in _rows(facts, "state_protection")}
        if not all((source[k], w) in having for k, w in _rows(facts, "state_protection_effect")):
            return False
        # an element becomes active only if it is active, and no later than its effect phase
        active = {e for (e,) in _rows(facts, "state_element_active")}
        effect_at = {e: i for e, i in _rows(facts, "state_element_effect_phase")}
        return all(e in active and a[1] <= effect_at[e][1]
                   for e, a in _rows(facts, "state_element_active_from"))
    return valid


def _const(name):
    from pybridge.engine.symbols import Const
    return Const(name)


VALID = {"redemption": _valid_redemption, "hkk": _valid_hkk, "b5": _valid_b5}
