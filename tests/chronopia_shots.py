"""Builders and lookups for the chronopia targeting and shooting tests.

Conventions of these tests (unless a test says otherwise): the shooter stands at the origin,
facing +y (facing 90), in a unit of its own ("Archers", army "Orcs"); enemies are of army
"Men" and stand ahead of it, well away from every other line of fire. Size class 2 (a base
of 1 inch, height 2 inches) unless stated. Rulings are compared as tuples: the kind, then its
fields in the order the docs/rulebooks/chronopia.md lists them, e.g. ``("hit_number", "Archer", "Knight", 8)``.
"""

import pybridge
from ruling_tuples import fields_of, tuple_maker

FIELDS = fields_of("chronopia")
as_tuple = tuple_maker(FIELDS)


def model(ident, army="Men", position=(0, 10), facing=270, size=2, unit=None, stats=None,
          **extra):
    found = {"id": ident, "army": army, "size": size, "position": list(position),
             "facing": facing}
    if unit is not None:
        found["unit"] = unit
    if stats:
        found["stats"] = dict(stats)
    found.update(extra)
    return found


def shooter(ident="Archer", rs=12, position=(0, 0), facing=90, unit="Archers", army="Orcs",
            **extra):
    stats = extra.pop("stats", {})
    return model(ident, army=army, position=position, facing=facing, unit=unit,
                 stats={"rs": rs, **stats}, **extra)


def weapon(short=10, medium=20, maximum=30, damage=3, adds_strength=None):
    found = {"short": short, "medium": medium, "max": maximum, "damage": damage}
    if adds_strength is not None:
        found["adds_strength"] = adds_strength
    return found


LONG = weapon(short=40, medium=50, maximum=60)   # every target in these tests at short range


def shoot(who="Archer", target=None, arms=LONG, roll=None, ident="q"):
    body = {"shooter": who, "weapon": arms}
    if target is not None:
        body["target"] = target
    found = {"id": ident, "shoot": body}
    if roll is not None:
        found["roll"] = roll
    return found


def state(models, queries=(), sight=(), edition=None):
    doc = {"rulebook": "chronopia", "models": list(models), "queries": list(queries)}
    if sight:
        doc["sight"] = list(sight)
    if edition is not None:
        doc["edition"] = edition
    return doc


def rule(doc, edition=None):
    result = pybridge.rule(doc, edition=edition)
    assert result["status"] == "ok", result
    name = edition or doc.get("edition") or "crit_3_or_less"
    assert result["edition"] == name
    if name == "crit_3_or_less":       # a rule out of force is never cited
        for ruling in result["rulings"]:
            assert "C36-CRIT-EXACT" not in ruling["because"], ruling
    return result


def of(result, kind):
    return {as_tuple(r) for r in result["rulings"] if r["kind"] == kind}


def legal(result, who="Archer"):
    """The targets ``who`` may shoot at, each with whether it needs an LD test first."""
    return {t[2]: t[3] for t in of(result, "legal_target") if t[1] == who}


def refused(result, who="Archer"):
    return {t[2] for t in of(result, "target_refused") if t[1] == who}


def because(result, ruling):
    (match,) = [r for r in result["rulings"] if as_tuple(r) == ruling]
    return match["because"]


def value(result, kind, who="Archer", target=None):
    """The value of the one ruling ``kind`` (hit_number, save_number, ...) of ``who``."""
    found = {t[-1] for t in of(result, kind)
             if t[1] == who and (target is None or t[2] == target)}
    assert len(found) <= 1, found
    return found.pop() if found else None


def chances(result, query="q", die="first"):
    """{result: faces} of the query's die (no roll given), checked to be one d20."""
    found = {}
    for t in of(result, "chance"):
        _, q, d, outcome, count, faces = t
        if q == query and d == die:
            assert faces == 20, t
            assert outcome not in found, t
            found[outcome] = count
    if found:
        assert sum(found.values()) == 20, found
    return found


def outcome(result, query="q"):
    found = {t[2] for t in of(result, "outcome") if t[1] == query}
    assert len(found) <= 1, found
    return found.pop() if found else None
