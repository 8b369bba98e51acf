"""Finding a rule by its ID across the rulebooks (``rulings explain``)."""

import difflib

from .. import books as registry
from ..documents.schema import shown
from ..errors import InputError


def find_rule(rule_id, path="RULE-ID"):
    """(rulebook, Rule) of ``rule_id``: an ID (unique across the rulebooks) or
    ``RULEBOOK:ID``. Unknown: an InputError naming up to three close IDs."""
    if not isinstance(rule_id, str) or not rule_id.strip():
        raise InputError("expected a rule ID such as RED-BAT-1", path)
    name, _, bare = rule_id.partition(":")
    if bare and name in registry.RULEBOOKS:
        candidates = [registry.RULEBOOKS[name]]
    elif bare:
        registry.get(name, path)         # refuses the unknown rulebook, listing the known
    else:
        candidates, bare = list(registry.RULEBOOKS.values()), rule_id
    for book in candidates:
        for rule in book.encoding.rules:
            if rule.id == bare:
                return book, rule
    if len(candidates) == 1:
        elsewhere = [b.name for b in registry.RULEBOOKS.values() if bare in b.encoding.rule_ids]
        where = f" in rulebook {candidates[0].name}"
        hint = f" (it is a rule of {elsewhere[0]})" if elsewhere else _suggestion(bare, candidates)
        raise InputError(f"unknown rule ID {shown(bare)}{where}{hint}", path)
    raise InputError(f"unknown rule ID {shown(bare)}{_suggestion(bare, candidates)}", path)


def _suggestion(rule_id, candidates):
    ids = [r.id for book in candidates for r in book.encoding.rules]
    by_upper = {i.upper(): i for i in ids}
    close = difflib.get_close_matches(rule_id.upper(), list(by_upper), n=3, cutoff=0.6)
    if close:
        return f" (did you mean: {', '.join(by_upper[c] for c in close)}?)"
    return " ('rulings rulebooks' lists the rule IDs)"
