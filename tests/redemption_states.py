"""Small builders for redemption state documents used by the tests."""


def hero(ident, strength, toughness, **extra):
    return {"id": ident, "alignment": "good", "strength": strength, "toughness": toughness, **extra}


def evil(ident, strength, toughness, **extra):
    return {"id": ident, "alignment": "evil", "strength": strength, "toughness": toughness, **extra}


def state(characters=(), cards=(), immunities=(), abilities=(), **extra):
    return {"rulebook": "redemption", "characters": list(characters), "cards": list(cards),
            "immunities": list(immunities), "abilities": list(abilities), **extra}


def kinds(result, kind):
    return [r for r in result["rulings"] if r["kind"] == kind]


def battle_state(result):
    states = kinds(result, "battle_state")
    assert len(states) <= 1, states
    return states[0]["state"] if states else None


def defeated(result):
    return {r["character"] for r in kinds(result, "being_defeated")}


def because(result, kind, **fields):
    """The citations of the one ruling of ``kind`` whose fields match."""
    found = [r for r in kinds(result, kind) if all(r[k] == v for k, v in fields.items())]
    assert len(found) == 1, (kind, fields, result["rulings"])
    return found[0]["because"]


def inactive(result):
    return {(r["immunity"], r["reason"]) for r in kinds(result, "immunity_inactive")}


def targets(result):
    return {(r["ability"], r["target"]): r["legal"] for r in kinds(result, "target")}
