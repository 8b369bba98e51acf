"""Growth by input kind (issue 12): for each kind of input a document grows in, the time and
peak memory of one `rulings rule` process at doubling sizes, and the factor per doubling
(goal ≤ 2.2; above 3 is a defect). Each generator returns (file name, text) for size n."""

import json


def redemption_selectors(n):
    """n heroes each immune to {alignment: evil}; n evil characters each with a card on it."""
    characters = [{"id": f"{side}{i}", "alignment": alignment, "strength": 1, "toughness": 1}
                  for side, alignment in (("H", "good"), ("E", "evil")) for i in range(n)]
    cards = [{"id": f"C{i}", "alignment": "evil", "played_on": f"E{i}", "strength": 1}
             for i in range(n)]
    immunities = [{"holder": f"H{i}", "to": {"alignment": "evil"}} for i in range(n)]
    return "selectors.json", json.dumps({"rulebook": "redemption", "characters": characters,
                                         "cards": cards, "immunities": immunities})


def redemption_two_selectors(n):
    """n heroes each immune to {alignment: evil} and to {brigade: black}; n black evil
    characters each with a card on it."""
    name, text = redemption_selectors(n)
    document = json.loads(text)
    for c in document["characters"][n:]:
        c["brigade"] = "black"
    document["immunities"] += [{"holder": f"H{i}", "to": {"brigade": "black"}} for i in range(n)]
    return "two_selectors.json", json.dumps(document)


def redemption_named_and_selector(n):
    """n heroes each immune to {alignment: evil} and to one evil character by name; n evil
    characters each with a card on it (the named character is one the selector selects)."""
    name, text = redemption_selectors(n)
    document = json.loads(text)
    document["immunities"] += [{"holder": f"H{i}", "to": f"E{i}"} for i in range(n)]
    return "named_and_selector.json", json.dumps(document)


def redemption_one_holder(n):
    """One hero immune to n brigades, one evil character of each brigade."""
    characters = [{"id": "H", "alignment": "good", "strength": 1, "toughness": 1}]
    characters += [{"id": f"E{i}", "alignment": "evil", "strength": 1, "toughness": 1,
                    "brigade": f"b{i}"} for i in range(n)]
    immunities = [{"holder": "H", "to": {"brigade": f"b{i}"}} for i in range(n)]
    return "one_holder.json", json.dumps({"rulebook": "redemption", "characters": characters,
                                          "immunities": immunities})


def hkk_events(n):
    """n creatures, n events (each gains fire immunity in turn), n damage effects."""
    cards = [{"id": f"C{i}", "kind": "creature"} for i in range(n)]
    events = [{"gain_immunity": {"card": f"C{i}", "kind": "fire"}} for i in range(n)]
    effects = [{"id": f"F{i}", "by": f"C{(i + 1) % n}", "target": f"C{i}", "damage": 1}
               for i in range(n)]
    return "events.json", json.dumps({"rulebook": "hkk", "cards": cards, "events": events,
                                      "effects": effects})


def b5_beings(n):
    """n fleets in one field with four maelstroms that destroy fleets (the rulings are n × 4)."""
    beings = [{"id": f"B{i}", "type": "fleet", "field": "F"} for i in range(n)]
    elements = [{"id": f"E{i}", "type": "MA", "field": "F", "destroys": ["fleet"]}
                for i in range(4)]
    return "beings.json", json.dumps({"rulebook": "b5", "beings": beings,
                                      "elements": elements})


def hkk_gains_on_one_card(n):
    """One creature gaining fire and poison immunity n times in turn, and n damage effects on
    it (every effect meets immunities that n events gave)."""
    cards = [{"id": "C0", "kind": "creature"}, {"id": "C1", "kind": "creature"}]
    events = [{"gain_immunity": {"card": "C0", "kind": ("fire", "poison")[i % 2]}}
              for i in range(n)]
    effects = [{"id": f"F{i}", "by": "C1", "target": "C0", "damage": 1} for i in range(n)]
    return "gains.json", json.dumps({"rulebook": "hkk", "cards": cards, "events": events,
                                     "effects": effects})


def b5_fields(n):
    """n fields, each with two fleets protected from maelstroms and two maelstroms that
    destroy fleets (the rulings are n x 8: each field is ruled on its own)."""
    beings = [{"id": f"B{f}.{j}", "type": "fleet", "field": f"F{f}", "protected_from": ["MA"]}
              for f in range(n) for j in range(2)]
    elements = [{"id": f"E{f}.{j}", "type": "MA", "field": f"F{f}", "destroys": ["fleet"]}
                for f in range(n) for j in range(2)]
    return "fields.json", json.dumps({"rulebook": "b5", "beings": beings,
                                      "elements": elements})


def chronopia_models(n):
    """One shooter and n enemy models in ten units, on a grid in front of it."""
    models = [{"id": "S", "army": "A", "size": 2, "position": [0, 0], "facing": 0,
               "stats": {"rs": 12}}]
    models += [{"id": f"M{i}", "army": "B", "unit": f"U{i % 10}", "size": 2,
                "position": [5 + 2 * (i // 20), -20 + 2 * (i % 20)], "facing": 180}
               for i in range(n)]
    query = {"shoot": {"shooter": "S",
                       "weapon": {"short": 10, "medium": 20, "max": 40, "damage": 3}}}
    return "models.json", json.dumps({"rulebook": "chronopia", "models": models,
                                      "queries": [query]})


def json_escaped_quotes(n):
    """n KB of escaped quotes in an unterminated JSON string (refused: exit 2)."""
    return "quotes.json", '{"rulebook": "redemption", "x": "' + '\\"' * (512 * n)


def yaml_aliases(n):
    """n thousand characters whose brigade is an alias of one 10,000-character string."""
    lines = ["rulebook: redemption", "characters:",
             f"  - {{id: H0, alignment: good, strength: 1, toughness: 1, brigade: &b {'x' * 10000}}}"]
    lines += [f"  - {{id: H{i}, alignment: good, strength: 1, toughness: 1, brigade: *b}}"
              for i in range(1, 1000 * n)]
    lines.append("  - {id: E, alignment: evil, strength: 1, toughness: 1}")
    return "aliases.yaml", "\n".join(lines) + "\n"


def long_identifier(n):
    """A character whose id is n MB long."""
    document = {"rulebook": "redemption", "characters": [
        {"id": "H" * (n * 2**20), "alignment": "good", "strength": 1, "toughness": 1},
        {"id": "E", "alignment": "evil", "strength": 1, "toughness": 1}]}
    return "identifier.json", json.dumps(document)


# (name, generator, sizes, what n counts, extra options of `rulings rule`)
EXPLAIN = ("--explain",)
KINDS = [
    ("redemption: group selectors and cards", redemption_selectors, (125, 250, 500, 1000),
     "heroes (and evil characters)", ()),
    ("redemption: two selectors per hero", redemption_two_selectors, (125, 250, 500, 1000),
     "heroes (and evil characters)", ()),
    ("redemption: a selector and a named card per hero", redemption_named_and_selector,
     (125, 250, 500, 1000), "heroes (and evil characters)", ()),
    ("redemption: one holder's immunities", redemption_one_holder, (500, 1000, 2000, 4000),
     "immunities (and evil characters)", ()),
    ("hkk: events", hkk_events, (1000, 2000, 4000, 8000), "cards, events and effects", ()),
    ("hkk: gains on one card", hkk_gains_on_one_card, (250, 500, 1000, 2000),
     "events (and effects)", ()),
    ("b5: beings in one field", b5_beings, (200, 400, 800, 1600), "beings (4 elements)", ()),
    ("b5: fields", b5_fields, (200, 400, 800, 1600), "fields (2 beings, 2 elements each)", ()),
    ("chronopia: models, one shooter", chronopia_models, (200, 400, 800, 1600), "models", ()),
    ("redemption --explain: group selectors and cards", redemption_selectors,
     (125, 250, 500, 1000), "heroes (and evil characters)", EXPLAIN),
    ("redemption --explain: two selectors per hero", redemption_two_selectors,
     (125, 250, 500, 1000), "heroes (and evil characters)", EXPLAIN),
    ("redemption --explain: a selector and a named card per hero", redemption_named_and_selector,
     (125, 250, 500, 1000), "heroes (and evil characters)", EXPLAIN),
    ("hkk --explain: events", hkk_events, (250, 500, 1000, 2000), "cards, events and effects",
     EXPLAIN),
    ("hkk --explain: gains on one card", hkk_gains_on_one_card, (250, 500, 1000, 2000),
     "events (and effects)", EXPLAIN),
    ("b5 --explain: fields", b5_fields, (100, 200, 400, 800),
     "fields (2 beings, 2 elements each)", EXPLAIN),
    ("chronopia --explain: models, one shooter", chronopia_models, (200, 400, 800, 1600),
     "models", EXPLAIN),
    ("JSON: escaped quotes", json_escaped_quotes, (80, 160, 320, 640), "KB", ()),
    ("YAML: aliases of one long string", yaml_aliases, (25, 50, 100, 200), "thousand aliases",
     ()),
    ("a long identifier", long_identifier, (2, 4, 8, 16), "MB", ()),
]
QUICK_SIZES = 2          # --quick: the first two sizes of each kind
