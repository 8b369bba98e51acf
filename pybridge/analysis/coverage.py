"""``rulings coverage``: for every rule ID in force, the smallest state of the space where the
rule contributes to a ruling, or that no state within the bounds has one. A rule contributes
when a ruling cites it, or, for a rule no ruling can cite (one that keeps a ruling from
being given, like an exception), when taking it out of force changes the state's rulings.
Each rule is a search like an invariant's (:mod:`.check`: cube by cube, the smallest first;
a cube that cannot hold a smaller state is not searched)."""

from .check import check_parts
from .program import analysis

STATUS = {"violated": "reached", "holds": "unreachable", "unknown": "unknown"}


def coverage(book, bounds, edition, timeout=None, progress=None, workers=1, scheduler=None):
    in_force = set(book.encoding.editions[edition].rule_ids)
    program = analysis(book)
    parts = [part for part in program.coverage if part.id in in_force]
    # progress in coverage's words, one line per rule: a rule no ruling cites is searched
    # again (is it needed?), and its line says the word of that search
    cited = progress.worded({"violated": "reached", "holds": None}) if progress else None
    needed = progress.worded({"violated": "reached", "holds": "unreachable"}) \
        if progress else None
    entries = check_parts(book, "coverage", parts, bounds, edition, timeout, cited,
                          workers, scheduler)
    uncited = [part for part, entry in zip(program.coverage_absent_of(parts), entries)
               if entry["status"] == "holds"]
    absent = dict(zip((p.id for p in uncited),
                      check_parts(book, "coverage_absent", uncited, bounds, edition, timeout,
                                  needed, workers, scheduler)))
    rules = []
    for entry in entries:
        how = "cited"
        if entry["id"] in absent and absent[entry["id"]]["status"] != "holds":
            entry, how = absent[entry["id"]], "needed"
        rule = {"id": entry["id"], "status": STATUS[entry["status"]]}
        if entry["status"] == "violated":
            rule["how"] = how
            rule["witness"] = entry["witness"]
            rule["smallest"] = entry["smallest"]
            if how == "cited":
                rule["rulings"] = [r for r in entry["rulings"] if entry["id"] in r["because"]]
            else:       # the rulings given with the rule and without it
                rule["rulings"] = [r for r in entry["rulings"]
                                   if r not in entry["rulings_without"]]
                rule["rulings_without"] = [r for r in entry["rulings_without"]
                                           if r not in entry["rulings"]]
        if entry.get("interrupted"):
            rule["interrupted"] = True
        if "reason" in entry:
            rule["reason"] = entry["reason"]
        rules.append(rule)
    reached = sum(r["status"] == "reached" for r in rules)
    return {"rules": rules, "reached": reached, "total": len(rules)}
