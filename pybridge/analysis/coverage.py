"""``rulings coverage``: for every rule ID in force, the smallest state of the space where a
ruling cites it (a witness document), or that no state within the bounds has one. Each rule
is a search like an invariant's (:mod:`.check`: cube by cube, the smallest first; a cube
that cannot hold a smaller state is not searched)."""

from .check import check_parts
from .program import analysis

STATUS = {"violated": "reached", "holds": "unreachable", "unknown": "unknown"}


def coverage(book, bounds, edition, timeout=None, progress=None, workers=1, scheduler=None):
    in_force = set(book.encoding.editions[edition].rule_ids)
    parts = [part for part in analysis(book).coverage if part.id in in_force]
    entries = check_parts(book, "coverage", parts, bounds, edition, timeout, progress,
                          workers, scheduler)
    rules = []
    for entry in entries:
        rule = {"id": entry["id"], "status": STATUS[entry["status"]]}
        if entry["status"] == "violated":
            rule["witness"] = entry["witness"]
            rule["smallest"] = entry["smallest"]
            rule["rulings"] = [r for r in entry["rulings"] if entry["id"] in r["because"]]
        if entry.get("interrupted"):
            rule["interrupted"] = True
        rules.append(rule)
    reached = sum(r["status"] == "reached" for r in rules)
    return {"rules": rules, "reached": reached, "total": len(rules)}
