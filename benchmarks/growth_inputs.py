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


def hkk_counters_on_one_card(n):
    """One creature holding n kinds of counters (every other one without effect on it), and n
    effects each putting one of those kinds on it."""
    counters = {f"k{i}": 1 for i in range(n)}
    cards = [{"id": "C0", "kind": "creature", "counters": counters,
              "counters_without_effect": [f"k{i}" for i in range(0, n, 2)]},
             {"id": "C1", "kind": "creature"}]
    effects = [{"id": f"F{i}", "by": "C1", "target": "C0", "counter": f"k{i}"}
               for i in range(n)]
    return "counters.json", json.dumps({"rulebook": "hkk", "cards": cards, "effects": effects})


def hkk_reaction_bans(n):
    """One creature banning reactions from n factions, and n reactions to it, each by a card of
    its own faction (every other one banned)."""
    cards = [{"id": "D", "kind": "creature",
              "no_reactions_from": [{"faction": f"f{i}"} for i in range(0, 2 * n, 2)]}]
    cards += [{"id": f"R{i}", "kind": "reaction", "faction": f"f{i}"} for i in range(n)]
    reactions = [{"id": f"r{i}", "by": f"R{i}", "to": "D"} for i in range(n)]
    return "bans.json", json.dumps({"rulebook": "hkk", "cards": cards, "reactions": reactions})


def hkk_removals(n):
    """One creature gaining fire and poison immunity n times in turn, each granted by an item
    put on it, and source immunity halfway; n effects each taking one of the three away, and
    n fire-damage effects on it."""
    kinds = ("fire", "poison", "source")
    cards = [{"id": "C0", "kind": "creature"}, {"id": "C1", "kind": "creature"},
             {"id": "S", "kind": "source", "subtypes": ["fire"]}]
    cards += [{"id": f"I{i}", "kind": "item", "on": "C0"} for i in range(n)]
    events = [{"gain_immunity": {"card": "C0", "kind": kinds[i % 2], "granted_by": f"I{i}"}}
              for i in range(n)]
    events.insert(n // 2, {"gain_immunity": {"card": "C0", "kind": "source"}})
    effects = [{"id": f"X{i}", "by": "C1", "target": "C0", "removes_immunity": kinds[i % 3]}
               for i in range(n)]
    effects += [{"id": f"F{i}", "by": "S", "target": "C0", "damage": 1} for i in range(n)]
    return "removals.json", json.dumps({"rulebook": "hkk", "cards": cards, "events": events,
                                        "effects": effects})


def hkk_enchantment_grants(n):
    """One creature with n enchantments on it, each granting it fire or poison immunity in turn
    by an event, enchantment immunity gained halfway (the enchantments fall off, their grants
    end, the later ones are void), and n fire-damage effects on it."""
    kinds = ("fire", "poison")
    cards = [{"id": "C0", "kind": "creature"}, {"id": "S", "kind": "source", "subtypes": ["fire"]}]
    cards += [{"id": f"E{i}", "kind": "enchantment", "on": "C0"} for i in range(n)]
    events = [{"gain_immunity": {"card": "C0", "kind": kinds[i % 2], "granted_by": f"E{i}"}}
              for i in range(n)]
    events.insert(n // 2, {"gain_immunity": {"card": "C0", "kind": "enchantment"}})
    effects = [{"id": f"F{i}", "by": "S", "target": "C0", "damage": 1} for i in range(n)]
    return "enchantment_grants.json", json.dumps({"rulebook": "hkk", "cards": cards,
                                                  "events": events, "effects": effects})


def b5_fields(n):
    """n fields, each with two fleets protected from maelstroms and two maelstroms that
    destroy fleets (the rulings are n x 8: each field is ruled on its own)."""
    beings = [{"id": f"B{f}.{j}", "type": "fleet", "field": f"F{f}", "protected_from": ["MA"]}
              for f in range(n) for j in range(2)]
    elements = [{"id": f"E{f}.{j}", "type": "MA", "field": f"F{f}", "destroys": ["fleet"]}
                for f in range(n) for j in range(2)]
    return "fields.json", json.dumps({"rulebook": "b5", "beings": beings,
                                      "elements": elements})


def b5_presence_protections(n):
    """n fleets in one field with a maelstrom that sinks fleets, and n druids elsewhere, each
    protecting the field from maelstroms (B.5.2.5), arriving in the four phases in turn."""
    phases = ("movement", "conflict", "effect", "retreat")
    beings = [{"id": f"B{i}", "type": "fleet", "field": "F"} for i in range(n)]
    beings += [{"id": f"D{i}", "type": "D", "field": "G"} for i in range(n)]
    elements = [{"id": "M", "type": "MA", "field": "F", "destroys": ["fleet"]}]
    protections = [{"by": f"D{i}", "from": "MA", "field": "F", "arrives": phases[i % 4]}
                   for i in range(n)]
    return "presence.json", json.dumps({"rulebook": "b5", "beings": beings,
                                        "elements": elements, "protections": protections})


def redemption_abilities(n):
    """n heroes each immune to {alignment: evil}; n evil characters each with a card on it,
    and an ability on each card targeting a hero (every ability is ruled illegal)."""
    name, text = redemption_selectors(n)
    document = json.loads(text)
    document["abilities"] = [{"id": f"A{i}", "on": f"C{i}", "target": f"H{i}"}
                             for i in range(n)]
    return "abilities.json", json.dumps(document)


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


CHRONOPIA_WEAPON = {"short": 10, "medium": 20, "max": 40, "damage": 3}


def _chronopia(models, queries, **more):
    return json.dumps({"rulebook": "chronopia", "models": models, "queries": queries, **more})


def _chronopia_enemies(n, **more):
    """n enemy models in ten units on chronopia_models's grid, before a model at (0, 0)."""
    return [{"id": f"M{i}", "army": "B", "unit": f"U{i % 10}", "size": 2,
             "position": [5 + 2 * (i // 20), -20 + 2 * (i % 20)], "facing": 180, **more}
            for i in range(n)]


def chronopia_shoot_queries(n):
    """One shooter and n enemy models in ten units; a shoot query with a roll at each."""
    models = [{"id": "S", "army": "A", "size": 2, "position": [0, 0], "facing": 0,
               "stats": {"rs": 12}}] + _chronopia_enemies(n, stats={"ar": 10})
    queries = [{"id": f"q{i}", "roll": 1 + i % 20,
                "shoot": {"shooter": "S", "target": f"M{i}", "weapon": CHRONOPIA_WEAPON}}
               for i in range(n)]
    return "shoot_queries.json", _chronopia(models, queries)


def chronopia_passed(n):
    """A fear test of one model against a fear-causer, with n earlier passed tests (fear,
    terror and horror in turn) against n other causers standing aside."""
    factors = ("fear", "terror", "horror")
    models = [{"id": "U", "army": "A", "size": 2, "position": [0, 0], "facing": 0,
               "stats": {"ld": 8}},
              {"id": "F", "army": "B", "size": 2, "position": [3, 0], "facing": 180,
               "causes": "fear"}]
    models += [{"id": f"C{i}", "army": "B", "size": 2,
                "position": [-20 - 2 * (i // 50), 2 * (i % 50)], "facing": 0,
                "causes": factors[i % 3]} for i in range(n)]
    passed = [{"factor": factors[i % 3], "causer": f"C{i}"} for i in range(n)]
    query = {"id": "q", "morale": {"unit": "U", "factor": "fear", "causer": "F",
                                   "passed": passed}}
    return "passed.json", _chronopia(models, [query])


def chronopia_sight(n):
    """One shooter and n enemy models in ten units, a sight entry (light cover) to each."""
    models = [{"id": "S", "army": "A", "size": 2, "position": [0, 0], "facing": 0,
               "stats": {"rs": 12}}] + _chronopia_enemies(n)
    sight = [{"from": "S", "to": f"M{i}", "cover": "light"} for i in range(n)]
    query = {"shoot": {"shooter": "S", "weapon": CHRONOPIA_WEAPON}}
    return "sight.json", _chronopia(models, [query], sight=sight)


def chronopia_casts(n):
    """One caster and n enemy models in ten units; a spell with a roll cast at each."""
    models = [{"id": "S", "army": "A", "size": 2, "position": [0, 0], "facing": 0,
               "individual": True, "stats": {"mg": 14}}] + _chronopia_enemies(n, stats={"ld": 9})
    queries = [{"id": f"q{i}", "roll": 1 + i % 20,
                "cast": {"caster": "S", "target": f"M{i}",
                         "spell": {"level": 1 + i % 5, "resistable": True, "offensive": True,
                                   "range": 24}}}
               for i in range(n)]
    return "casts.json", _chronopia(models, queries)


def chronopia_terror_unit(n):
    """One unit of n models in ranks of 20 before a terror-causer; one terror test."""
    models = [{"id": "T", "army": "B", "size": 3, "position": [0, 0], "facing": 90,
               "causes": "terror", "stats": {"ld": 10}}]
    models += [{"id": f"M{i}", "army": "A", "unit": "U", "size": 2,
                "position": [-20 + 2 * (i % 20), 5 + 2 * (i // 20)], "facing": 270,
                "stats": {"ld": 5 + i % 5}} for i in range(n)]
    query = {"id": "q", "morale": {"unit": "U", "factor": "terror", "causer": "T"}}
    return "terror_unit.json", _chronopia(models, [query])


def chronopia_fear_tests(n):
    """n single-model units in ranks of 20 before a fear-causer, each testing fear of it."""
    models = [{"id": "F", "army": "B", "size": 3, "position": [0, 0], "facing": 90,
               "causes": "fear"}]
    models += [{"id": f"M{i}", "army": "A", "size": 2,
                "position": [-20 + 2 * (i % 20), 2 + 2 * (i // 20)], "facing": 270,
                "stats": {"ld": 5 + i % 5}} for i in range(n)]
    queries = [{"id": f"q{i}", "morale": {"unit": f"M{i}", "factor": "fear", "causer": "F"}}
               for i in range(n)]
    return "fear_tests.json", _chronopia(models, queries)


def chronopia_unit_shooters(n):
    """n shooters of one unit in ranks of 20, each shooting (a query each) at a unit of ten."""
    models = [{"id": f"S{i}", "army": "A", "unit": "U", "size": 2,
               "position": [-20 + 2 * (i % 20), -2 * (i // 20)], "facing": 90,
               "stats": {"rs": 12}} for i in range(n)]
    models += [{"id": f"M{i}", "army": "B", "unit": "E", "size": 2,
                "position": [-9 + 2 * i, 10], "facing": 270, "stats": {"ar": 10}}
               for i in range(10)]
    queries = [{"id": f"q{i}", "shoot": {"shooter": f"S{i}", "weapon": CHRONOPIA_WEAPON}}
               for i in range(n)]
    return "unit_shooters.json", _chronopia(models, queries)


def chronopia_control(n):
    """One summoner's control query over n summoned units (every other one paid, every
    fourth forced to activate first)."""
    models = [{"id": "S", "army": "A", "size": 2, "position": [0, 0], "facing": 90,
               "individual": True, "stats": {"mg": 12, "actions": 2}}]
    models += [{"id": f"M{i}", "army": "A", "unit": f"U{i}", "size": 2,
                "position": [-100 + 2 * (i % 100), 5 + 2 * (i // 100)], "facing": 90}
               for i in range(n)]
    units = [f"U{i}" for i in range(n)]
    query = {"id": "q", "control": {"summoner": "S", "units": units, "paid": units[::2],
                                    "forced_first": units[1::4]}}
    return "control.json", _chronopia(models, [query])


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
# chronopia's kinds of issue 51 (each also with --explain)
CHRONOPIA_KINDS = [
    ("chronopia: shoot queries from one shooter", chronopia_shoot_queries,
     (512, 1024, 2048, 4096), "queries (and their targets)", ()),
    ("chronopia: passed tests of a morale query", chronopia_passed, (1024, 2048, 4096, 8192),
     "passed entries (and their causers)", ()),
    ("chronopia: sight entries", chronopia_sight, (512, 1024, 2048, 4096),
     "sight entries (and models)", ()),
    ("chronopia: casts", chronopia_casts, (512, 1024, 2048, 4096), "casts (and targets)", ()),
    ("chronopia: one unit's terror test", chronopia_terror_unit, (256, 512, 1024, 2048),
     "models of the unit", ()),
    ("chronopia: fear tests of single models", chronopia_fear_tests, (256, 512, 1024, 2048),
     "single-model units (one test each)", ()),
    ("chronopia: shooters of one unit", chronopia_unit_shooters, (128, 256, 512, 1024),
     "shooters (one query each)", ()),
    ("chronopia: one control query", chronopia_control, (2048, 4096, 8192, 16384),
     "summoned units", ()),
]
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
    ("hkk: counter kinds on one card", hkk_counters_on_one_card, (1024, 2048, 4096, 8192),
     "counter kinds (and effects)", ()),
    ("hkk: reaction bans", hkk_reaction_bans, (1024, 2048, 4096, 8192),
     "bans (and reactions)", ()),
    ("hkk: removals and granted gains", hkk_removals, (512, 1024, 2048, 4096),
     "events (and removing and damage effects)", ()),
    ("hkk: enchantment grants by events", hkk_enchantment_grants, (512, 1024, 2048, 4096),
     "enchantments (and events, damage effects)", ()),
    ("b5: beings in one field", b5_beings, (200, 400, 800, 1600), "beings (4 elements)", ()),
    ("b5: fields", b5_fields, (200, 400, 800, 1600), "fields (2 beings, 2 elements each)", ()),
    ("b5: presence protections in one field", b5_presence_protections, (128, 256, 512, 1024),
     "fleets (and protections)", ()),
    ("redemption: abilities", redemption_abilities, (512, 1024, 2048, 4096),
     "heroes (and evil characters, cards, abilities)", ()),
    ("chronopia: models, one shooter", chronopia_models, (200, 400, 800, 1600), "models", ()),
    *CHRONOPIA_KINDS,
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
    ("hkk --explain: counter kinds on one card", hkk_counters_on_one_card,
     (256, 512, 1024, 2048), "counter kinds (and effects)", EXPLAIN),
    ("hkk --explain: reaction bans", hkk_reaction_bans, (256, 512, 1024, 2048),
     "bans (and reactions)", EXPLAIN),
    ("hkk --explain: removals and granted gains", hkk_removals, (128, 256, 512, 1024),
     "events (and removing and damage effects)", EXPLAIN),
    ("hkk --explain: enchantment grants by events", hkk_enchantment_grants,
     (128, 256, 512, 1024), "enchantments (and events, damage effects)", EXPLAIN),
    ("b5 --explain: fields", b5_fields, (100, 200, 400, 800),
     "fields (2 beings, 2 elements each)", EXPLAIN),
    ("b5 --explain: presence protections in one field", b5_presence_protections,
     (32, 64, 128, 256), "fleets (and protections)", EXPLAIN),
    ("redemption --explain: abilities", redemption_abilities, (512, 1024, 2048, 4096),
     "heroes (and evil characters, cards, abilities)", EXPLAIN),
    ("chronopia --explain: models, one shooter", chronopia_models, (200, 400, 800, 1600),
     "models", EXPLAIN),
    *((name.replace("chronopia:", "chronopia --explain:"), make, sizes, unit, EXPLAIN)
      for name, make, sizes, unit, _ in CHRONOPIA_KINDS),
    ("JSON: escaped quotes", json_escaped_quotes, (80, 160, 320, 640), "KB", ()),
    ("YAML: aliases of one long string", yaml_aliases, (25, 50, 100, 200), "thousand aliases",
     ()),
    ("a long identifier", long_identifier, (2, 4, 8, 16), "MB", ()),
]
QUICK_SIZES = 2          # --quick: the first two sizes of each kind
