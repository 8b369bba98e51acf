"""From answer sets to the output contract: rulings with named fields and sorted citations."""

import json

from .symbols import from_symbol, unwrapped


def decode(rulebook, symbols, value=from_symbol, world=False):
    """The rulings of one answer set, sorted; unrelated symbols are ignored. ``value``
    turns each field's symbol into a Python value; ``world``: the symbols carry a world
    as their first argument (ruling(W, R), because(W, R, ID)), which is skipped."""
    terms, because, answers = {}, {}, {}
    skip = 1 if world else 0
    for symbol in symbols:
        name = symbol.name
        if name == "answers":
            arguments = symbol.arguments[skip:]
            if len(arguments) == 2:
                answers.setdefault(arguments[0], []).append(arguments[1])
        elif name == "ruling":
            arguments = symbol.arguments[skip:]
            if len(arguments) == 1:
                term = arguments[0]
                inner, query = unwrapped(term)
                kind = rulebook.kind_by_name.get(inner.name)
                if kind is not None:
                    fields = inner.arguments
                    if len(fields) == len(kind.fields):
                        terms[term] = (kind, fields, query)
        elif name == "because":
            arguments = symbol.arguments[skip:]
            if len(arguments) == 2:
                because.setdefault(arguments[0], set()).add(arguments[1].string)
    order = rulebook.encoding.rule_order
    rulings = []
    named = getattr(rulebook, "answers_queries", False)
    for term, (kind, fields, own) in terms.items():
        cited = sorted(because.get(term, ()), key=lambda i: (order.get(i, 1e9), i))
        # a rulebook whose rulings answer queries: the query first, once per query answered
        # (a ruling of one query, of_query(Q, R), names it itself)
        extra = named and "query" not in kind.fields
        if own is not None:
            queries = [value(own)]
        else:
            queries = sorted({value(q) for q in answers.get(term, ())}, key=str) or [None] \
                if extra else [None]
        for query in queries:
            ruling = {"kind": kind.name, "query": query} if extra else {"kind": kind.name}
            for name, argument in zip(kind.fields, fields):
                ruling[name] = value(argument)
            ruling["because"] = cited
            rulings.append(ruling)
    return sorted(rulings, key=lambda r: sort_key(rulebook, r))


def sort_key(rulebook, ruling):
    """A ruling's place in a list of rulings: its kind's, then its fields', then its citations."""
    rank = {bool: 0, int: 1, str: 2}
    values = [v for k, v in ruling.items() if k not in ("kind", "because")]
    return (rulebook.kind_order[ruling["kind"]],
            tuple((rank.get(type(v), 3), v) for v in values), ruling["because"])


def canonical(ruling):
    return json.dumps(ruling, ensure_ascii=False, sort_keys=True)


def assemble(rulebook, edition, outcome, explain=False):
    """The result object of one state (see docs/architecture.md, "The JSON result of `rule`"); ``explain``: each
    ruling with its ``why`` tree (pybridge/engine/explain.py; the outcome solved explaining)."""
    result = {"rulebook": rulebook.name, "edition": edition, "status": outcome.status}
    if outcome.status == "inconsistent":
        result["rulings"] = []
        result["conflict"] = list(outcome.conflict)
        return result
    decoded = [decode(rulebook, answer_set, world=outcome.world)
               for answer_set in outcome.answer_sets]
    if len(decoded) == 1:
        result["rulings"] = decoded[0]
        return _explained(rulebook, result, outcome, decoded) if explain else result
    common = set.intersection(*({canonical(r) for r in rulings} for rulings in decoded))
    result["rulings"] = [r for r in decoded[0] if canonical(r) in common]
    if outcome.status == "ambiguous":
        alternatives = [[r for r in rulings if canonical(r) not in common] for rulings in decoded]
        result["alternatives"] = sorted(alternatives, key=lambda a: [canonical(r) for r in a])
        if outcome.truncated:
            result["alternatives_truncated"] = True
    return _explained(rulebook, result, outcome, decoded) if explain else result


def _explained(rulebook, result, outcome, decoded):
    from .explain import attach
    return attach(rulebook, result, outcome.answer_sets, decoded)
