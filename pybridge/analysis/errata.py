"""``rulings errata``: contradictions inside an edition.

A rulebook lists the contradictions its sources may hold in ``asp/<rulebook>/errata.lp``,
one program part each under ``% [ID] explanation``, deriving ``violation`` in a state where
two of its rules (or an erratum and the text it amends) cannot both hold; ``reading(W, ID)``
puts a further rule in force in world W, ``contradicts(ID)`` names the rule the violation
goes against. Each is searched for like an invariant's violation: the smallest witness, then
the rule IDs involved. Adding a rulebook's errata is adding data.
"""

from .check import check_parts
from .program import analysis


def errata(book, bounds, edition, timeout=None, progress=None, workers=1, scheduler=None):
    program = analysis(book)
    found = []
    if progress:
        progress = progress.worded({"violated": "contradiction", "holds": "none"})
    for entry in check_parts(book, "errata", program.errata, bounds, edition, timeout,
                             progress, workers, scheduler):
        if entry["status"] == "violated":
            found.append({"id": entry["id"], "rules": entry["rules"],
                          "compared_with": entry.get("compared_with", []),
                          "witness": entry["witness"], "explanation": entry["description"]})
        elif entry["status"] == "unknown":
            found.append({"id": entry["id"], "rules": [], "witness": None, "status": "unknown",
                          "explanation": entry["description"],
                          **({"interrupted": True} if entry.get("interrupted") else {}),
                          **({"reason": entry["reason"]} if "reason" in entry else {})})
    return {"rulebook": book.name, "edition": edition, "bounds": bounds.describe(),
            "contradictions": found}
