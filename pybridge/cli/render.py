"""Printing results: one JSON object per line, or text that reads like a judge's ruling."""

import json

from .. import books as registry
from .printable import printable


def to_json(result):
    """Deterministic JSON: fixed key order, no dependence on hashing or the clock."""
    return json.dumps(result, ensure_ascii=False)


def counted(number, noun, plural=None):
    """``1 class``, ``2 classes``: a count with its noun in the right number."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def words(name):
    """A vocabulary name as words for a judge: ``being_defeated`` -> ``being defeated``."""
    return name.replace("_", " ") if isinstance(name, str) else name


def _cite(ids):
    return f" [{', '.join(ids)}]" if ids else ""


def _shown(ruling):
    """The ruling with its user-supplied strings escaped for a terminal."""
    return {k: printable(v) if isinstance(v, str) else v for k, v in ruling.items()}


def _lines(book, rulings, indent, shared=None):
    """One line per ruling; rulings that name the query they answer (chronopia) under a line
    per query, the queries in the order of their first ruling. ``shared``: the result's
    shared steps (pybridge/engine/explain.py) and the numbers of those already printed."""
    groups = {}
    for ruling in rulings:
        groups.setdefault(ruling.get("query"), []).append(ruling)
    for query, members in groups.items():
        inner = indent
        if query is not None and getattr(book, "answers_queries", False):
            yield f"{indent}{printable(query)}:"
            inner = indent + "  "
        for ruling in members:
            kind = book.kind_by_name[ruling["kind"]]
            yield f"{inner}{kind.text(_shown(ruling))}{_cite(ruling['because'])}"
            if "why" in ruling:
                sole = ruling["because"][0] if len(ruling["because"]) == 1 else None
                yield from _why_lines(ruling["why"], sole, inner + "  ", shared)


def _why_lines(nodes, parent_rule, indent, shared=None):
    """An explanation tree (``rulings rule --explain``), one step a line; a step's rule ID is
    left out where it is its parent's (or the ruling's only one). A shared step is printed
    where it is first met, numbered ("[2] the strength of ..."), and is "see [2] above"
    wherever it is met again."""
    for node in nodes:
        number = None
        if "ref" in node:
            steps, printed = shared
            number = node["ref"]
            if number in printed:
                yield f"{indent}see [{number}] above"
                continue
            printed.add(number)
            node = steps[number]
        tag = "" if node["rule"] == parent_rule else f" [{node['rule']}]"
        mark = "" if number is None else f"[{number}] "
        yield f"{indent}{mark}{printable(node['says'])}{tag}"
        yield from _why_lines(node["why"], node["rule"], indent + "  ", shared)


def to_text(result, source=None):
    book = registry.get(result["rulebook"])
    head = f"{printable(source)}: " if source else ""
    lines = [f"{head}{result['rulebook']} (edition {printable(result['edition'])}): "
             f"{result['status']}"]
    if result["status"] == "inconsistent":
        lines.append("  No ruling: these rules cannot all hold in this state"
                     f"{_cite(result['conflict'])}.")
        return "\n".join(lines)
    if not result["rulings"] and result["status"] == "ok":
        lines.append("  Nothing to rule on.")
    shared = (result.get("shared", {}), set())
    lines.extend(_lines(book, result["rulings"], "  ", shared))
    for number, alternative in enumerate(result.get("alternatives", ()), 1):
        lines.append(f"  Reading {number} of {len(result['alternatives'])} also gives:")
        lines.extend(_lines(book, alternative, "    ", shared) if alternative
                     else ["    nothing more."])
    return "\n".join(lines)


def rulebooks_text(listing):
    lines = []
    for book in listing:
        lines.append(f"{book['rulebook']}: {book['description']}")
        for edition in book["editions"]:
            mark = " (default)" if edition["name"] == book["default_edition"] else ""
            lines.append(f"  edition {edition['name']}{mark}: {edition['description']}")
        for rule in book["rules"]:
            lines.append(f"  {rule['id']:<12} {rule['summary']}")
    return "\n".join(lines)


def _bounds_text(result):
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in result["bounds"].items())


_NOT_FIELDS = ("kind", "because", "why_not", "because_before", "because_after")


def _ruling_text(ruling):
    """A ruling of a class (identifiers already replaced by kinds: every value is a word of
    the vocabulary, a number or a truth value), as words."""
    fields = [str(words(v)) for k, v in ruling.items() if k not in _NOT_FIELDS]
    cited = f" [{', '.join(ruling['because'])}]" if ruling.get("because") else ""
    return f"{words(ruling['kind'])} {' '.join(fields)}{cited}".strip()


def _rulings_text(rulings):
    return "; ".join(_ruling_text(r) for r in rulings) or "no rulings"


def _witness_text(document):
    return printable(json.dumps(document, ensure_ascii=False), backslashes=False)


def _other_reading(entry, result, lead):
    """The rules only a compared reading puts in force, named apart from the edition's."""
    other = entry.get("compared_with")
    return (f"{lead} the reading {', '.join(other)} (not in edition {result['edition']})"
            if other else "")


def _check_lines(result):
    lines = []
    for inv in result["invariants"]:
        status = inv["status"].upper() if inv["status"] == "violated" else inv["status"]
        lines.append(f"  {inv['id']} {status}: {inv['description']}")
        if inv["status"] == "violated":
            against = _other_reading(inv, result, "; compared with")
            lines.append(f"    rules involved: {', '.join(inv['rules'])}{against}")
            lines.append(f"    witness: {_witness_text(inv['witness'])}")
            if "witness_after" in inv:
                lines.append(f"    after:   {_witness_text(inv['witness_after'])}")
        elif inv["status"] == "unknown":
            why = inv.get("reason", "the search did not finish in time")
            lines.append(f"    ({why}: neither holds nor violated)")
        elif inv["status"] == "vacuous":
            lines.append("    (no state within the bounds meets its premise: it was never "
                         "tested)")
        elif inv.get("premise", {}).get("met"):
            lines.append(f"    tested in: {_witness_text(inv['premise']['witness'])}")
    return ":", lines


def _errata_lines(result):
    found, lines = result["contradictions"], []
    for item in found:
        if item.get("status") == "unknown":
            lines.append(f"  {item['id']} unknown "
                         f"({item.get('reason', 'the search did not finish')}): "
                         f"{item['explanation']}")
            continue
        against = _other_reading(item, result, ", against")
        lines.append(f"  {item['id']} [{', '.join(item['rules'])}]{against}: "
                     f"{item['explanation']}")
        lines.append(f"    witness: {_witness_text(item['witness'])}")
    return f": {counted(len(found), 'contradiction')}", lines


def _done(result):
    return "complete" if result["complete"] else \
        f"INCOMPLETE ({result.get('reason', 'stopped')})"


def _times(entry):
    """A class's count of states (counted), or a bullet."""
    return f"{entry['count']:>8} x" if "count" in entry else "       -"


def _says_text(says):
    """A class, as its witness's rulings in a judge's words."""
    return " ".join(says) if says else "no rulings"


def _enumerate_lines(result):
    lines = []
    for entry in result["classes"]:
        lines.append(f"  {_times(entry)} {_says_text(entry['says'])}")
        lines.append(f"           e.g. {_witness_text(entry['witness'])}")
    states = f"{counted(result['total'], 'state')} in " if "total" in result else ""
    return (f": {states}{counted(len(result['classes']), 'class', 'classes')}, "
            f"{_done(result)}", lines)


def _change_lines(entry, result):
    """What a change loses and gains, each with why the other edition does not give it."""
    lines = []
    said = entry.get("says_changes", {})        # in a judge's words, said of the witness
    for name, other in (("lost", result["to"]), ("gained", result["from"])):
        for ruling in said.get(name, ()):
            why = (f"; not given in {other} because {', '.join(ruling['why_not'])}"
                   if ruling["why_not"] else "")
            lines.append(f"           {name}: {ruling['says']} "
                         f"[{', '.join(ruling['because'])}]{why}")
    for ruling in said.get("recited", ()):
        lines.append(f"           recited: {ruling['says']} "
                     f"[{', '.join(ruling['because_before'])}] -> "
                     f"[{', '.join(ruling['because_after'])}]")
    return lines


def _diff_lines(result):
    lines = []
    for entry in result["changed"]:
        lines.append(f"  {_times(entry)} {_says_text(entry['says_before'])}")
        lines.append(f"           -> {_says_text(entry['says_after'])}")
        lines.extend(_change_lines(entry, result))
        if entry.get("rules"):
            lines.append(f"           by {', '.join(entry['rules'])}")
        lines.append(f"           e.g. {_witness_text(entry['witness'])}")
    states = ""
    if "total" in result:
        states = f"{result['total']} {'state changes' if result['total'] == 1 else 'states change'}, "
    return (f": {states}"
            f"{counted(len(result['changed']), 'kind of change', 'kinds of change')}, "
            f"{_done(result)}", lines)


def _coverage_lines(result):
    lines = []
    for rule in result["rules"]:
        if rule["status"] == "reached":
            how = "" if rule["how"] == "cited" else " (without it the rulings differ)"
            lines.append(f"  {rule['id']}: reached{how} by {_witness_text(rule['witness'])}")
        elif rule["status"] == "unreachable":
            lines.append(f"  {rule['id']}: unreachable within the bounds")
        else:
            lines.append(f"  {rule['id']}: unknown ({rule.get('reason', 'out of time')})")
    return (f": {result['reached']} of {counted(result['total'], 'rule')} reached", lines)


_ANALYSIS_LINES = {"check": _check_lines, "errata": _errata_lines,
                   "enumerate": _enumerate_lines, "diff": _diff_lines,
                   "coverage": _coverage_lines}


def analysis_text(kind, result):
    """Text for check, enumerate, diff and errata results."""
    if kind == "diff":
        head = f"{result['rulebook']} from {result['from']} to {result['to']}"
    else:
        head = f"{result['rulebook']} (edition {result['edition']})"
    summary, lines = _ANALYSIS_LINES[kind](result)
    return "\n".join([f"{head}, within {_bounds_text(result)}{summary}"] + lines)
