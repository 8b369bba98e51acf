"""Printing results: one JSON object per line, or text that reads like a judge's ruling."""

import json

from . import books as registry


def to_json(result):
    """Deterministic JSON: fixed key order, no dependence on hashing or the clock."""
    return json.dumps(result, ensure_ascii=False)


def _cite(ids):
    return f" [{', '.join(ids)}]" if ids else ""


def _lines(book, rulings, indent):
    for ruling in rulings:
        kind = book.kind_by_name[ruling["kind"]]
        yield f"{indent}{kind.text(ruling)}{_cite(ruling['because'])}"


def to_text(result, source=None):
    book = registry.get(result["rulebook"])
    head = f"{source}: " if source else ""
    lines = [f"{head}{result['rulebook']} (edition {result['edition']}): {result['status']}"]
    if result["status"] == "inconsistent":
        lines.append("  No ruling: these rules cannot all hold in this state"
                     f"{_cite(result['conflict'])}.")
        return "\n".join(lines)
    if not result["rulings"] and result["status"] == "ok":
        lines.append("  Nothing to rule on.")
    lines.extend(_lines(book, result["rulings"], "  "))
    for number, alternative in enumerate(result.get("alternatives", ()), 1):
        lines.append(f"  Reading {number} of {len(result['alternatives'])} also gives:")
        lines.extend(_lines(book, alternative, "    ") if alternative else ["    nothing more."])
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
