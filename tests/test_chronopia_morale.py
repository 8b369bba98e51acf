"""One test (at least) per chronopia morale rule ID (C38-*), with boundaries at every comparison.

Expected values are worked out by hand from the German source (section 3.8 "Moral" of
../shared/seeds/002_80e45203b1914d7b.txt), the digest (../shared/rules/chronopia.md) and the
contract in docs/rulebooks/chronopia.md (document schema, ruling kinds); the reasoning
is in a comment beside each expectation. Where the tool disagrees with the text, the test
states the text.

Rulings are compared as tuples: the kind, then its fields in the order the docs/rulebooks/chronopia.md lists them,
e.g. ``("morale_test", "Spears", "fear", "fear", 9)``. Geometry: the testing models stand on
the x axis or beside it facing +x (facing 0), the causer to their right facing them, so every
line of sight is clear and in the front arc unless a test says otherwise.
"""

import pytest

import pybridge

FIELDS = {
    "morale_test": ("unit", "factor", "treated_as", "value"),
    "immune": ("unit", "factor"),
    "no_test": ("unit", "factor", "reason"),
    "outcome": ("query", "result"),
    "chance": ("query", "die", "result", "in", "of"),
}
MORALE_KINDS = set(FIELDS)


# --- builders and lookups --------------------------------------------------------------------

def model(ident, x=0, y=0, unit=None, army="Men", size=2, facing=0, ld=None, **extra):
    m = {"id": ident, "army": army, "size": size, "position": [x, y], "facing": facing}
    if unit is not None:
        m["unit"] = unit
    if ld is not None:
        m["stats"] = {"ld": ld}
    m.update(extra)
    return m


def spears(n=2, ld=(9, 7), unit="Spears", x=0, **extra):
    """A unit of n models at x, two inches apart along y (0, 2, 4, ...), facing +x."""
    lds = list(ld) + [ld[-1]] * n
    return [model(f"{unit} {i + 1}", x=x, y=2 * i, unit=unit, ld=lds[i], **extra)
            for i in range(n)]


def causer(ident="Troll", x=4, y=0, causes="fear", size=2, army="Orcs", **extra):
    return model(ident, x=x, y=y, army=army, size=size, facing=180, causes=causes, **extra)


def morale(unit, factor, causer=None, roll=None, ident="q", **extra):
    body = {"unit": unit, "factor": factor, **extra}
    if causer is not None:
        body["causer"] = causer
    query = {"id": ident, "morale": body}
    if roll is not None:
        query["roll"] = roll
    return query


def doc(models, *queries, sight=()):
    d = {"rulebook": "chronopia", "models": list(models), "queries": list(queries)}
    if sight:
        d["sight"] = list(sight)
    return d


def rule(d):
    result = pybridge.rule(d)
    assert result["status"] == "ok", result
    return result["rulings"]


def tuples(rulings, kind=None):
    """The morale rulings as tuples (kind first), optionally only those of one kind."""
    return {(r["kind"],) + tuple(r[f] for f in FIELDS[r["kind"]])
            for r in rulings if r["kind"] in MORALE_KINDS and (kind is None or r["kind"] == kind)}


def because(rulings, kind, **fields):
    found = [r for r in rulings
             if r["kind"] == kind and all(r[k] == v for k, v in fields.items())]
    assert len(found) == 1, (kind, fields, rulings)
    return found[0]["because"]


def morale_tests(d):
    return tuples(rule(d), "morale_test")


def outcome(d, query="q"):
    return {r["result"] for r in rule(d) if r["kind"] == "outcome" and r["query"] == query}


def chances(d, query="q", die="first"):
    """{result: faces} of one die of one query; the faces must add up to the die's 20."""
    found = [r for r in rule(d)
             if r["kind"] == "chance" and r["query"] == query and r["die"] == die]
    assert all(r["of"] == 20 for r in found), found
    table = {r["result"]: r["in"] for r in found}
    assert not found or sum(table.values()) == 20, table
    return table


# --- C38-TEST ----------------------------------------------------------------------------------

def test_C38_TEST_unit_tests_against_its_highest_ld():
    # "immer gegen den höchsten FG-Wert innerhalb des betreffenden Verbandes": LD 9 and 7 -> 9.
    d = doc(spears(2, ld=(7, 9)), morale("Spears", "panic"))
    assert morale_tests(d) == {("morale_test", "Spears", "panic", "panic", 9)}
    assert because(rule(d), "morale_test", unit="Spears") == ["C38-TEST", "C38-PANIC"]


@pytest.mark.parametrize("roll, result", [
    (9, "passed"),   # "gleich dem FG-Wert oder darunter": 9 <= 9 passes
    (10, "panicked"),                         # 10 > 9: too high, the factor takes hold
    (2, "passed"),
    (19, "panicked"),
])
def test_C38_TEST_roll_equal_to_ld_passes_one_more_fails(roll, result):
    d = doc(spears(2, ld=(9, 7)), morale("Spears", "panic", roll=roll))
    assert outcome(d) == {result}
    assert set(because(rule(d), "outcome", query="q")) == {"C38-TEST", "C38-PANIC"}


def test_C38_TEST_mounted_model_uses_the_riders_ld_not_the_mounts():
    # "Berittene Einheiten benutzen die Werte des Reiters": rider LD 8, the mount's 12 unused.
    d = doc([model("Knight", ld=8, mounted=True, mount={"ld": 12})], morale("Knight", "panic"))
    assert morale_tests(d) == {("morale_test", "Knight", "panic", "panic", 8)}


def test_C38_TEST_chariot_uses_the_highest_crew_ld():
    # "den höchsten Führungswert der darin mitfahrenden Figuren": crew 7 and 11 -> 11 (not the
    # chariot's own 5).
    d = doc([model("Chariot", ld=5, chariot=True, crew=[{"ld": 7}, {"ld": 11}])],
            morale("Chariot", "panic"))
    assert morale_tests(d) == {("morale_test", "Chariot", "panic", "panic", 11)}


def test_C38_TEST_chariot_without_crew_given_uses_its_own_ld():
    # No crew listed: the model's own LD stands for the crew's.
    d = doc([model("Chariot", ld=6, chariot=True)], morale("Chariot", "panic"))
    assert morale_tests(d) == {("morale_test", "Chariot", "panic", "panic", 6)}


@pytest.mark.parametrize("x, value", [
    (-4, 12),     # the Captain is exactly 4 inches (the default command range) from Spears 1
    (-4.1, 8),    # 4.1 inches: out of command range, the unit's own LD 8
])
def test_C38_TEST_individual_within_command_range_lends_its_ld(x, value):
    # "Falls ein Verband in Kommandoreichweite einer Einzelfigur ist, darf dieser Verband deren
    # FG-Wert ... nutzen"; command range 4 inches by default (docs/rulebooks/chronopia.md), "within" inclusive.
    d = doc(spears(2, ld=(8, 8)) + [model("Captain", x=x, ld=12, individual=True)],
            morale("Spears", "panic"))
    assert morale_tests(d) == {("morale_test", "Spears", "panic", "panic", value)}


@pytest.mark.parametrize("x, value", [(-6, 12), (-6.1, 8)])
def test_C38_TEST_individual_with_a_stated_command_range(x, value):
    # A command range of 6 inches: 6.0 is within it, 6.1 is not.
    d = doc(spears(2, ld=(8, 8)) + [model("Captain", x=x, ld=12, individual=True,
                                           command_range=6)],
            morale("Spears", "panic"))
    assert morale_tests(d) == {("morale_test", "Spears", "panic", "panic", value)}


def test_C38_TEST_individual_lends_only_to_its_own_army_and_only_a_higher_ld():
    # An enemy individual lends nothing; a friendly one with a lower LD does not lower the
    # unit's (the unit "darf" use it: it keeps its own 9).
    d = doc(spears(2, ld=(9, 9))
            + [model("Warlord", x=-2, y=-2, army="Orcs", ld=14, individual=True),
               model("Sergeant", x=-3, ld=6, individual=True)],
            morale("Spears", "panic"))
    assert morale_tests(d) == {("morale_test", "Spears", "panic", "panic", 9)}


def test_C38_TEST_the_lent_ld_is_the_highest_of_several_individuals():
    d = doc(spears(2, ld=(8, 8))
            + [model("Captain", x=-3, ld=11, individual=True),
               model("Hero", x=-2, y=3, ld=13, individual=True)],
            morale("Spears", "panic"))
    assert morale_tests(d) == {("morale_test", "Spears", "panic", "panic", 13)}


def test_C38_TEST_a_single_model_of_a_unit_tests_alone():
    # A model id that is no unit's name is that model alone: its own LD 7, not the unit's 9.
    d = doc(spears(2, ld=(9, 7)), morale("Spears 2", "panic"))
    assert morale_tests(d) == {("morale_test", "Spears 2", "panic", "panic", 7)}


@pytest.mark.parametrize("factor, causes, x", [
    ("panic", None, 4), ("fear", "fear", 4), ("terror", "terror", 4), ("horror", "horror", 4)])
def test_C38_TEST_chances_of_one_die_sum_to_20(factor, causes, x):
    models = spears(1, ld=(10,))
    if causes:
        models.append(causer(x=x, causes=causes))
    d = doc(models, morale("Spears 1" if factor == "horror" else "Spears", factor,
                           causer="Troll" if causes else None))
    table = chances(d)
    assert sum(table.values()) == 20 and len(table) == 4
    if factor == "horror":
        assert sum(chances(d, die="table").values()) == 20


# --- C38-PANIC ---------------------------------------------------------------------------------

@pytest.mark.parametrize("start, n, tested", [
    (6, 3, True),    # 3 of 6: exactly 50% -> "50 Prozent oder weniger": tests
    (6, 4, False),   # 4 of 6: one model more than half: no test
    (5, 2, True),    # 2 of 5: 40%
    (5, 3, False),   # 3 of 5: 60%
    (1, 1, False),   # at full strength
])
def test_C38_PANIC_exactly_half_tests_one_more_does_not(start, n, tested):
    d = doc(spears(n, ld=(9,)), morale("Spears", "panic", starting_strength=start))
    if tested:
        assert tuples(rule(d), "morale_test") == {("morale_test", "Spears", "panic", "panic", 9)}
        assert tuples(rule(d), "no_test") == set()
    else:
        assert tuples(rule(d)) == {("no_test", "Spears", "panic", "above_half")}
        assert because(rule(d), "no_test", unit="Spears") == ["C38-PANIC"]


def test_C38_PANIC_losses_last_round_test_above_half():
    # "oder nachdem sie schon in der letzten Runde solche Verluste erlitten hat": tests at 4 of 6.
    d = doc(spears(4, ld=(9,)),
            morale("Spears", "panic", starting_strength=6, losses_last_round=True))
    assert morale_tests(d) == {("morale_test", "Spears", "panic", "panic", 9)}


def test_C38_PANIC_without_starting_strength_the_test_is_due():
    d = doc(spears(4, ld=(9,)), morale("Spears", "panic"))
    assert morale_tests(d) == {("morale_test", "Spears", "panic", "panic", 9)}


def test_C38_PANIC_a_panicked_unit_tests_at_ld_minus_4():
    # "Während aller folgenden Runden ... mit -4 auf den FG-Wert": LD 10 -> 6, also above half.
    d = doc(spears(4, ld=(10,), panicked=True), morale("Spears", "panic", starting_strength=4))
    assert morale_tests(d) == {("morale_test", "Spears", "panic", "panic", 6)}
    # Faces: 1 acts normally, 20 flees, 2..6 passed (5), 7..19 panicked (13).
    assert chances(d) == {"acts_normally": 1, "flees_field": 1, "passed": 5, "panicked": 13}


@pytest.mark.parametrize("roll, result", [
    (1, "acts_normally"),   # "Hervorragender Erfolg": acts normally this round
    (20, "flees_field"),    # "Patzer": the whole unit flees the field
    (10, "passed"),         # equal to LD 10
    (11, "panicked"),       # one above
])
def test_C38_PANIC_results(roll, result):
    d = doc(spears(2, ld=(10,)), morale("Spears", "panic", roll=roll))
    assert outcome(d) == {result}


def test_C38_PANIC_results_at_extreme_ld():
    # LD 25: 1 and 20 are still special, every other face passes. LD 1: 2..19 all fail.
    high = doc(spears(1, ld=(25,)), morale("Spears", "panic"))
    assert chances(high) == {"acts_normally": 1, "flees_field": 1, "passed": 18}
    low = doc(spears(1, ld=(1,)), morale("Spears", "panic"))
    assert chances(low) == {"acts_normally": 1, "flees_field": 1, "panicked": 18}


def test_C38_PANIC_immune_to_panic():
    d = doc(spears(2, ld=(9,), immune=["panic"]), morale("Spears", "panic", roll=20))
    assert tuples(rule(d)) == {("immune", "Spears", "panic")}


def test_C38_PANIC_immunity_needs_every_model():
    models = spears(2, ld=(9,))
    models[0]["immune"] = ["panic"]
    d = doc(models, morale("Spears", "panic"))
    assert morale_tests(d) == {("morale_test", "Spears", "panic", "panic", 9)}


def test_C38_PANIC_a_causer_still_tests_panic():
    # The C38-IMM rules speak of fear, terror and horror only: a horror-causer tests panic.
    d = doc([model("Demon", ld=12, causes="horror")], morale("Demon", "panic"))
    assert morale_tests(d) == {("morale_test", "Demon", "panic", "panic", 12)}


# --- C38-FEAR ----------------------------------------------------------------------------------

@pytest.mark.parametrize("x, tested", [
    (4, True),      # exactly 4 inches: within the default fear radius
    (4.1, False),   # 4.1 inches: outside
])
def test_C38_FEAR_radius_4_inches_inclusive(x, tested):
    d = doc(spears(2, ld=(9, 7)) + [causer(x=x)], morale("Spears", "fear", causer="Troll"))
    if tested:
        assert tuples(rule(d)) >= {("morale_test", "Spears", "fear", "fear", 9)}
        assert tuples(rule(d), "no_test") == set()
    else:
        assert tuples(rule(d)) == {("no_test", "Spears", "fear", "out_of_reach")}


@pytest.mark.parametrize("x, tested", [(6, True), (6.1, False)])
def test_C38_FEAR_stated_fear_radius(x, tested):
    # "Wenn nicht anders erwähnt, beträgt dieser Radius der Furcht 4 Inch": here it is 6.
    d = doc(spears(1, ld=(9,)) + [causer(x=x, fear_radius=6)],
            morale("Spears", "fear", causer="Troll"))
    assert bool(morale_tests(d)) is tested


def test_C38_FEAR_needs_line_of_sight():
    # "Es muss eine LOS zum furchtauslösende Figur bestehen": within 3 inches but no LOS. The
    # causer is within reach but not seen: out_of_sight (issue 11; it was out_of_reach).
    d = doc(spears(1, ld=(9,)) + [causer(x=3)], morale("Spears", "fear", causer="Troll"),
            sight=[{"from": "Spears 1", "to": "Troll", "los": False}])
    assert tuples(rule(d)) == {("no_test", "Spears", "fear", "out_of_sight")}


@pytest.mark.parametrize("hidden", [True, False])
@pytest.mark.parametrize("factor,rule_id", [("fear", "C38-FEAR"), ("terror", "C38-TERROR"),
                                            ("horror", "C38-HORROR")])
def test_C38_a_hidden_causer_is_not_in_sight_C36_LOS_HIDDEN(factor, rule_id, hidden):
    # Fear: "Es muss eine LOS zum furchtauslösende Figur bestehen"; terror: in LOS; horror:
    # "jeder Figur das Sichtlinie zu ihnen hat". The source's list of "wann nun ein Ziel
    # sichtbar ist und wann nicht" begins with hidden models (C36-LOS-HIDDEN), as for a
    # spell's target (issue 24 item 5). A causer 3 inches ahead of Spears 1, within the fear
    # radius (4) and the terror radius (twice its size 3: 6): hidden, it is not seen and no
    # test is due; the same causer not hidden is seen, and the test is due.
    d = doc(spears(1, ld=(9,)) + [causer(x=3, causes=factor, size=3, hidden=hidden)],
            morale("Spears", factor, causer="Troll"))
    rulings = rule(d)
    if hidden:
        assert tuples(rulings) == {("no_test", "Spears", factor, "out_of_sight")}
        cited = because(rulings, "no_test", reason="out_of_sight")
        assert {rule_id, "C36-LOS-HIDDEN"} <= set(cited), cited
    else:
        assert tuples(rulings, "morale_test"), rulings
        assert not tuples(rulings, "no_test"), rulings


def test_C38_FEAR_the_model_in_reach_must_be_the_one_with_line_of_sight():
    # Spears 1 is in reach but faces away (no LOS); Spears 2 sees the Troll but is 5 inches
    # away: no model is both within the radius and in LOS. A model is within reach, but the
    # causer is not seen from it: out_of_sight (issue 11; it was out_of_reach).
    models = [model("Spears 1", x=0, y=0, unit="Spears", ld=9, facing=180),
              model("Spears 2", x=0, y=3, unit="Spears", ld=9, facing=0)]
    d = doc(models + [causer(x=4)], morale("Spears", "fear", causer="Troll"))
    assert tuples(rule(d)) == {("no_test", "Spears", "fear", "out_of_sight")}


def test_C38_FEAR_the_warband_tests_once():
    # "Der gesamte Kampfverband muss eine Probe ablegen, nicht jede einzelne Figur".
    d = doc(spears(3, ld=(7, 9, 8)) + [causer(x=3, y=2)], morale("Spears", "fear",
                                                                 causer="Troll"))
    assert morale_tests(d) == {("morale_test", "Spears", "fear", "fear", 9)}


def test_C38_FEAR_passed_before_against_that_causer():
    # "gegen die Figur, gegen das es seinen Probe bestanden hat, keine Moralprobe mehr".
    models = spears(1, ld=(9,)) + [causer(x=3)]
    d = doc(models, morale("Spears", "fear", causer="Troll",
                           passed=[{"factor": "fear", "causer": "Troll"}]))
    assert tuples(rule(d)) == {("no_test", "Spears", "fear", "passed_before")}


def test_C38_FEAR_passed_against_another_causer_still_tests():
    models = spears(1, ld=(9,)) + [causer(x=3), causer("Ogre", x=20, y=10)]
    d = doc(models, morale("Spears", "fear", causer="Troll",
                           passed=[{"factor": "fear", "causer": "Ogre"}]))
    assert morale_tests(d) == {("morale_test", "Spears", "fear", "fear", 9)}


def test_C38_FEAR_after_a_passed_terror_test_no_fear_test():
    # Terror pass: "keine Moralprobe mehr gegen Schrecken und Furcht" (any causer).
    models = spears(1, ld=(9,)) + [causer(x=3), causer("Wraith", x=20, y=10, causes="terror")]
    d = doc(models, morale("Spears", "fear", causer="Troll",
                           passed=[{"factor": "terror", "causer": "Wraith"}]))
    assert tuples(rule(d)) == {("no_test", "Spears", "fear", "terror_passed")}
    assert set(because(rule(d), "no_test", unit="Spears")) == {"C38-TERROR", "C38-FEAR"}


def test_C38_FEAR_retest_at_ld_minus_1():
    # "der FG-Wert für diese nachfolgenden Proben um -1 reduziert": 9 -> 8.
    d = doc(spears(1, ld=(9,)) + [causer(x=3)],
            morale("Spears", "fear", causer="Troll", retest=True))
    assert morale_tests(d) == {("morale_test", "Spears", "fear", "fear", 8)}
    # 2..8 passed (7), 9..19 afraid (11).
    assert chances(d) == {"hatred": 1, "frozen": 1, "passed": 7, "afraid": 11}


@pytest.mark.parametrize("roll, result", [
    (1, "hatred"),    # "Kritisch": Hatred against the fear-causer
    (20, "frozen"),   # "Patzer": frozen, no actions
    (9, "passed"),    # equal to LD 9
    (10, "afraid"),   # one above
])
def test_C38_FEAR_results(roll, result):
    d = doc(spears(1, ld=(9,)) + [causer(x=3)], morale("Spears", "fear", causer="Troll",
                                                        roll=roll))
    assert outcome(d) == {result}
    assert set(because(rule(d), "outcome", query="q")) == {"C38-TEST", "C38-FEAR"}


def test_C38_FEAR_immunity_to_panic_is_not_immunity_to_fear():
    # "Einheiten die immun gegen Panik sind, müssen nicht immer auch immun gegen Furcht sein".
    d = doc(spears(2, ld=(9,), immune=["panic"]) + [causer(x=3)],
            morale("Spears", "fear", causer="Troll"))
    assert morale_tests(d) == {("morale_test", "Spears", "fear", "fear", 9)}
    assert tuples(rule(d), "immune") == set()


def test_C38_FEAR_stated_immunity_to_fear():
    # "Ist eine Einheit immun gegen Furcht, wird dieses in den Sonderregeln ... erwähnt".
    d = doc(spears(2, ld=(9,), immune=["fear"]) + [causer(x=3)],
            morale("Spears", "fear", causer="Troll", roll=20))
    assert tuples(rule(d)) == {("immune", "Spears", "fear")}
    assert because(rule(d), "immune", unit="Spears") == ["C38-FEAR"]


def test_C38_FEAR_a_friendly_causer_causes_no_test():
    # "sobald ein Feindfigur in den Umkreis ... kommt": only enemies test (reading: no_test
    # with the reason not_enemy).
    d = doc(spears(1, ld=(9,)) + [causer(x=3, army="Men")],
            morale("Spears", "fear", causer="Troll"))
    assert tuples(rule(d)) == {("no_test", "Spears", "fear", "not_enemy")}


# --- C38-TERROR --------------------------------------------------------------------------------

@pytest.mark.parametrize("size, x, tested", [
    (2, 4, True),      # size 2: radius 2 x 2 = 4 inches, exactly 4 is within
    (2, 4.1, False),
    (3, 6, True),      # size 3: 6 inches
    (3, 6.1, False),
    (1, 2, True),      # size 1: 2 inches
    (1, 2.1, False),
])
def test_C38_TERROR_radius_twice_the_causers_size(size, x, tested):
    # "Dieser Radius hat die doppelte Grösse einer Figur in Inch und liegt innerhalb der LOS".
    d = doc(spears(1, ld=(9,)) + [causer(x=x, size=size, causes="terror")],
            morale("Spears", "terror", causer="Troll"))
    if tested:
        assert tuples(rule(d)) >= {("morale_test", "Spears", "terror", "terror", 9)}
        assert because(rule(d), "morale_test", unit="Spears") == ["C38-TEST", "C38-TERROR"]
    else:
        assert tuples(rule(d)) == {("no_test", "Spears", "terror", "out_of_reach")}


def test_C38_TERROR_needs_line_of_sight():
    # "Dieser Radius ... liegt innerhalb der LOS": 2 inches (within 4) but no LOS:
    # out_of_sight (issue 11; it was out_of_reach).
    d = doc(spears(1, ld=(9,)) + [causer(x=2, causes="terror")],
            morale("Spears", "terror", causer="Troll"),
            sight=[{"from": "Spears 1", "to": "Troll", "los": False}])
    assert tuples(rule(d)) == {("no_test", "Spears", "terror", "out_of_sight")}


def test_C38_TERROR_after_a_passed_terror_test_no_more_terror_tests():
    models = spears(1, ld=(9,)) + [causer(x=2, causes="terror"),
                                   causer("Wraith", x=20, y=10, causes="terror")]
    d = doc(models, morale("Spears", "terror", causer="Troll",
                           passed=[{"factor": "terror", "causer": "Wraith"}]))
    assert tuples(rule(d)) == {("no_test", "Spears", "terror", "terror_passed")}


def test_C38_TERROR_a_passed_fear_test_does_not_end_terror_tests():
    models = spears(1, ld=(9,)) + [causer(x=2, causes="terror")]
    d = doc(models, morale("Spears", "terror", causer="Troll",
                           passed=[{"factor": "fear", "causer": "Troll"}]))
    assert morale_tests(d) == {("morale_test", "Spears", "terror", "terror", 9)}


def test_C38_TERROR_retest_has_no_modifier():
    # The -1 for later tests is fear's; terror names none.
    d = doc(spears(1, ld=(9,)) + [causer(x=2, causes="terror")],
            morale("Spears", "terror", causer="Troll", retest=True))
    assert morale_tests(d) == {("morale_test", "Spears", "terror", "terror", 9)}


@pytest.mark.parametrize("roll, result", [
    (1, "hatred_unbreakable"),   # Hatred against the causer's army and Unbreakable
    (20, "flees_from_causer"),   # flees from the causer with its remaining actions
    (9, "passed"),
    (10, "terrified"),
])
def test_C38_TERROR_results(roll, result):
    d = doc(spears(1, ld=(9,)) + [causer(x=2, causes="terror")],
            morale("Spears", "terror", causer="Troll", roll=roll))
    assert outcome(d) == {result}


# --- C38-HORROR --------------------------------------------------------------------------------

def test_C38_HORROR_every_model_with_los_tests_with_its_own_ld():
    # "zwingen jeder Figur das Sichtlinie zu ihnen hat eine Moralprobe auf": three models in
    # LOS, each with its own LD (7, 9, 8), not the unit's 9; at 30 inches (no radius). Several
    # tests: no single die for the query.
    d = doc(spears(3, ld=(7, 9, 8)) + [causer(x=30, causes="horror")],
            morale("Spears", "horror", causer="Troll", roll=10))
    assert tuples(rule(d)) == {("morale_test", "Spears 1", "horror", "horror", 7),
                               ("morale_test", "Spears 2", "horror", "horror", 9),
                               ("morale_test", "Spears 3", "horror", "horror", 8)}


def test_C38_HORROR_only_models_with_los_test():
    # Spears 2 faces away: only Spears 1 tests, and its result is ruled on the roll.
    models = [model("Spears 1", y=0, unit="Spears", ld=8),
              model("Spears 2", y=2, unit="Spears", ld=11, facing=180)]
    d = doc(models + [causer(x=10, causes="horror")],
            morale("Spears", "horror", causer="Troll", roll=8))
    assert tuples(rule(d)) == {("morale_test", "Spears 1", "horror", "horror", 8),
                               ("outcome", "q", "only_fear")}


def test_C38_HORROR_no_model_with_los_no_test():
    # "jeder Figur das Sichtlinie zu ihnen hat": horror has no radius, so a causer no model
    # sees is out of sight (issue 11; it was out_of_reach).
    d = doc(spears(1, ld=(9,)) + [causer(x=5, causes="horror")],
            morale("Spears", "horror", causer="Troll"),
            sight=[{"from": "Spears 1", "to": "Troll", "los": False}])
    assert tuples(rule(d)) == {("no_test", "Spears", "horror", "out_of_sight")}


def test_C38_HORROR_passed_before_no_more_horror_tests():
    # "muss für den Rest der Schlacht keine Moralproben mehr gegen Horror ablegen".
    models = spears(1, ld=(9,)) + [causer(x=5, causes="horror"),
                                   causer("Lich", x=30, y=10, causes="horror")]
    d = doc(models, morale("Spears", "horror", causer="Troll",
                           passed=[{"factor": "horror", "causer": "Lich"}]))
    assert tuples(rule(d)) == {("no_test", "Spears", "horror", "passed_before")}


@pytest.mark.parametrize("factor, causes", [("fear", "fear"), ("terror", "terror")])
def test_C38_HORROR_passed_with_a_1_ends_fear_and_terror_tests(factor, causes):
    # "muss keine Moralproben gegen Furcht, Schrecken und Horror für den Rest der Schlacht".
    models = spears(1, ld=(9,)) + [causer(x=2, causes=causes),
                                   causer("Lich", x=30, y=10, causes="horror")]
    d = doc(models, morale("Spears", factor, causer="Troll",
                           passed=[{"factor": "horror", "causer": "Lich", "excellent": True}]))
    assert tuples(rule(d)) == {("no_test", "Spears", factor, "horror_excellent")}
    assert because(rule(d), "no_test", unit="Spears") == ["C38-HORROR"]


def test_C38_HORROR_passed_with_a_1_ends_horror_tests():
    models = spears(1, ld=(9,)) + [causer(x=5, causes="horror"),
                                   causer("Lich", x=30, y=10, causes="horror")]
    d = doc(models, morale("Spears", "horror", causer="Troll",
                           passed=[{"factor": "horror", "causer": "Lich", "excellent": True}]))
    # Both reasons hold: the earlier test was passed, and with a 1.
    assert tuples(rule(d)) == {("no_test", "Spears", "horror", "passed_before"),
                               ("no_test", "Spears", "horror", "horror_excellent")}


@pytest.mark.parametrize("roll, result", [
    (1, "steel_nerves"),    # "Nerven aus Stahl": acts normally, no more fear/terror/horror
    (20, "removed"),        # "wird vom Schlachtfeld entfernt"
    (9, "only_fear"),       # pass (equal to LD 9): "wird nur von Furcht erfasst"
    (10, "horror_table"),   # fail: "muss sofort auf der Horrortabelle würfeln"
])
def test_C38_HORROR_results(roll, result):
    d = doc([model("Scout", ld=9)] + [causer(x=10, causes="horror")],
            morale("Scout", "horror", causer="Troll", roll=roll))
    assert outcome(d) == {result}
    assert morale_tests(d) == {("morale_test", "Scout", "horror", "horror", 9)}


def test_C38_HORROR_chances():
    # LD 10: 1 steel nerves, 20 removed, 2..10 only fear (9), 11..19 horror table (9); the
    # table die is then rolled: four bands of five faces.
    d = doc([model("Scout", ld=10)] + [causer(x=10, causes="horror")],
            morale("Scout", "horror", causer="Troll"))
    assert chances(d) == {"steel_nerves": 1, "removed": 1, "only_fear": 9, "horror_table": 9}
    assert chances(d, die="table") == {"frozen": 5, "knocked_down": 5, "hides": 5,
                                       "berserk": 5}


@pytest.mark.parametrize("passed", [
    [{"factor": "terror", "causer": "Wraith"}],   # terror passed: no more fear tests at all
    [{"factor": "fear", "causer": "Troll"}],      # fear passed against this very causer
])
def test_C38_HORROR_pass_leaves_only_fear_which_may_be_over(passed):
    # "wird nur von Furcht erfasst" meets the earlier pass's end of fear tests (the digest's
    # known tension): the model is affected by nothing.
    models = [model("Scout", ld=9), causer(x=10, causes="horror"),
              causer("Wraith", x=30, y=10, causes="terror")]
    d = doc(models, morale("Scout", "horror", causer="Troll", roll=5, passed=passed))
    assert outcome(d) == {"unaffected"}


def test_C38_HORROR_pass_after_fear_passed_against_another_causer_is_only_fear():
    models = [model("Scout", ld=9), causer(x=10, causes="horror"),
              causer("Ogre", x=30, y=10, causes="fear")]
    d = doc(models, morale("Scout", "horror", causer="Troll", roll=5,
                           passed=[{"factor": "fear", "causer": "Ogre"}]))
    assert outcome(d) == {"only_fear"}


def test_C38_HORROR_a_horror_causer_in_a_mixed_unit_does_not_test():
    # The unit as a whole causes nothing (one model only), so it is not immune; but the
    # horror-causing model itself never tests against horror (C38-IMM-HORROR): only the other
    # model tests, and the dice rule on its test.
    models = [model("Cultist", y=0, unit="Cult", ld=7),
              model("Abomination", y=2, unit="Cult", ld=12, causes="horror"),
              causer(x=10, causes="horror")]
    d = doc(models, morale("Cult", "horror", causer="Troll", roll=7))
    assert tuples(rule(d)) == {("morale_test", "Cultist", "horror", "horror", 7),
                               ("immune", "Abomination", "horror"),
                               ("outcome", "q", "only_fear")}


def test_C38_HORROR_pass_by_a_model_immune_to_fear_leaves_it_unaffected():
    # Reading: "nur von Furcht erfasst" cannot touch a model immune to fear (stated immunity).
    d = doc([model("Scout", ld=9, immune=["fear"]), causer(x=10, causes="horror")],
            morale("Scout", "horror", causer="Troll", roll=5))
    assert outcome(d) == {"unaffected"}


@pytest.mark.parametrize("x", [4, 4.1, 20])
def test_C38_HORROR_a_fear_causer_in_a_mixed_unit_keeps_horrors_trigger(x):
    # "Horrorauslösende Figuren zwingen jeder Figur das Sichtlinie zu ihnen hat eine
    # Moralprobe auf": the fear-causing model treats only "die Effekte von Horror" as terror's
    # (C38-IMM-FEAR, issue 52), not the factor: it tests at any distance in sight, as the
    # other model does, each on its own LD. The Troll stands level with the Hound (y = 2), x
    # inches from it; the Cultist at (0, 0).
    models = [model("Cultist", y=0, unit="Cult", ld=7),
              model("Hound", y=2, unit="Cult", ld=10, causes="fear"),
              causer(x=x, y=2, causes="horror")]
    d = doc(models, morale("Cult", "horror", causer="Troll"))
    assert tuples(rule(d)) == {("morale_test", "Cultist", "horror", "horror", 7),
                               ("morale_test", "Hound", "horror", "horror", 10)}


# --- C38-HORROR-TABLE --------------------------------------------------------------------------

@pytest.mark.parametrize("table, result", [
    (1, "frozen"), (5, "frozen"),                 # 1-5: "erstarrt zur Salzsäule"
    (6, "knocked_down"), (10, "knocked_down"),    # 6-10: placed knocked down
    (11, "hides"), (15, "hides"),                 # 11-15: runs and hides
    (16, "berserk"), (20, "berserk"),             # 16-20: charges or shoots the nearest
])
def test_C38_HORROR_TABLE_bands(table, result):
    d = doc([model("Scout", ld=9), causer(x=10, causes="horror")],
            morale("Scout", "horror", causer="Troll", roll=12, table_roll=table))
    assert outcome(d) == {"horror_table", result}
    assert because(rule(d), "outcome", result=result) == ["C38-HORROR-TABLE"]


@pytest.mark.parametrize("roll, first", [(1, "steel_nerves"), (20, "removed"), (9, "only_fear")])
def test_C38_HORROR_TABLE_not_rolled_unless_the_test_fails(roll, first):
    # Only a failed horror test ("Versagen") goes to the table; 1, 20 and a pass do not.
    d = doc([model("Scout", ld=9), causer(x=10, causes="horror")],
            morale("Scout", "horror", causer="Troll", roll=roll, table_roll=3))
    assert outcome(d) == {first}
    assert chances(d, die="table") == {}


def test_C38_HORROR_TABLE_chances_when_the_table_die_is_not_rolled():
    d = doc([model("Scout", ld=9), causer(x=10, causes="horror")],
            morale("Scout", "horror", causer="Troll", roll=15))
    assert outcome(d) == {"horror_table"}
    # Four bands of five faces each.
    assert chances(d, die="table") == {"frozen": 5, "knocked_down": 5, "hides": 5,
                                       "berserk": 5}


def test_C38_HORROR_TABLE_not_rolled_when_no_face_can_fail():
    # LD 19: faces 2..19 all pass, so no roll can send the model to the table (reading: the
    # table die is rolled only when the first die can show an ordinary fail).
    d = doc([model("Scout", ld=19), causer(x=10, causes="horror")],
            morale("Scout", "horror", causer="Troll"))
    assert chances(d) == {"steel_nerves": 1, "removed": 1, "only_fear": 18}
    assert chances(d, die="table") == {}


# --- C38-IMM-FEAR ------------------------------------------------------------------------------

def test_C38_IMM_FEAR_fear_causers_are_immune_to_fear():
    # "Furchtverursachende Figuren sind gegen Furcht immun".
    d = doc(spears(2, ld=(9,), causes="fear") + [causer(x=3)],
            morale("Spears", "fear", causer="Troll", roll=20))
    assert tuples(rule(d)) == {("immune", "Spears", "fear")}
    assert because(rule(d), "immune", unit="Spears") == ["C38-IMM-FEAR"]


def test_C38_IMM_FEAR_terror_treated_as_fear():
    # "behandeln den Faktor Schrecken als wäre er Furcht": the causer (size 1: terror radius
    # 2 inches) stands 3 inches away, within fear's 4 inches; fear's results and its -1.
    d = doc(spears(1, ld=(9,), causes="fear") + [causer(x=3, size=1, causes="terror")],
            morale("Spears", "terror", causer="Troll", retest=True, roll=20))
    assert tuples(rule(d)) == {("morale_test", "Spears", "terror", "fear", 8),
                               ("outcome", "q", "frozen")}
    assert set(because(rule(d), "morale_test", unit="Spears")) == {
        "C38-TEST", "C38-TERROR", "C38-FEAR", "C38-IMM-FEAR"}


def test_C38_IMM_FEAR_terror_treated_as_fear_uses_the_fear_radius():
    d = doc(spears(1, ld=(9,), causes="fear") + [causer(x=4.1, size=3, causes="terror")],
            morale("Spears", "terror", causer="Troll"))
    # 4.1 inches: within terror's 6, but outside fear's 4.
    assert tuples(rule(d)) == {("no_test", "Spears", "terror", "out_of_reach")}


def test_C38_IMM_FEAR_horror_effects_treated_as_terror():
    # "... und die Effekte von Horror wie die von Schrecken" (the effects, where the same
    # sentence says "den Faktor Schrecken"): horror's trigger stays, "jeder Figur das
    # Sichtlinie zu ihnen hat" (each model, at any distance: 4.1 inches is outside terror's
    # radius of 4); a failure gives terror's effects, not the horror table; a pass leaves it
    # "nur von Furcht erfasst", and a fear-causer is immune to fear; the 1 is horror's.
    d = doc(spears(1, ld=(9,), causes="fear") + [causer(x=4.1, causes="horror")],
            morale("Spears", "horror", causer="Troll", roll=10, table_roll=3))
    assert tuples(rule(d)) == {("morale_test", "Spears 1", "horror", "horror", 9),
                               ("outcome", "q", "terrified")}
    for roll, result in ((9, "unaffected"), (1, "steel_nerves"), (20, "removed")):
        d = doc(spears(1, ld=(9,), causes="fear") + [causer(x=4.1, causes="horror")],
                morale("Spears", "horror", causer="Troll", roll=roll))
        assert outcome(d) == {result}, roll
    # two fear-causers: a test each, on its own LD (no dice: two tests)
    both = doc(spears(2, ld=(9, 7), causes="fear") + [causer(x=4, causes="horror")],
               morale("Spears", "horror", causer="Troll"))
    assert tuples(rule(both)) == {("morale_test", "Spears 1", "horror", "horror", 9),
                                  ("morale_test", "Spears 2", "horror", "horror", 7)}


def test_C38_IMM_FEAR_needs_every_model_to_cause_fear():
    models = spears(2, ld=(9,))
    models[0]["causes"] = "fear"
    d = doc(models + [causer(x=3)], morale("Spears", "fear", causer="Troll"))
    assert morale_tests(d) == {("morale_test", "Spears", "fear", "fear", 9)}


# --- C38-IMM-TERROR ----------------------------------------------------------------------------

@pytest.mark.parametrize("factor", ["fear", "terror"])
def test_C38_IMM_TERROR_terror_causers_are_immune_to_fear_and_terror(factor):
    # "Schreckenverursachende Figuren sind gegen Furcht und Schrecken immun".
    d = doc(spears(1, ld=(9,), causes="terror") + [causer(x=2, causes=factor)],
            morale("Spears", factor, causer="Troll", roll=20))
    assert tuples(rule(d)) == {("immune", "Spears", factor)}
    assert because(rule(d), "immune", unit="Spears") == ["C38-IMM-TERROR"]


def test_C38_IMM_TERROR_horror_treated_as_terror():
    # "... und behandeln den Faktor Horror als wäre er Schrecken".
    d = doc(spears(1, ld=(9,), causes="terror") + [causer(x=3, causes="horror")],
            morale("Spears", "horror", causer="Troll", roll=10))
    assert tuples(rule(d)) == {("morale_test", "Spears", "horror", "terror", 9),
                               ("outcome", "q", "terrified")}
    assert set(because(rule(d), "morale_test", unit="Spears")) == {
        "C38-TEST", "C38-HORROR", "C38-TERROR", "C38-IMM-TERROR"}


def test_C38_IMM_TERROR_a_unit_of_fear_and_terror_causers_causes_fear():
    # Every model causes fear or more: the unit causes fear (not terror).
    models = spears(2, ld=(9,))
    models[0]["causes"], models[1]["causes"] = "terror", "fear"
    d = doc(models + [causer(x=2, causes="terror")], morale("Spears", "terror", causer="Troll"))
    assert morale_tests(d) == {("morale_test", "Spears", "terror", "fear", 9)}


# --- C38-IMM-HORROR ----------------------------------------------------------------------------

@pytest.mark.parametrize("factor", ["fear", "terror", "horror"])
def test_C38_IMM_HORROR_horror_causers_are_immune_to_fear_terror_and_horror(factor):
    # "Figuren die Horror verursachen sind immun gegen Furcht, Schrecken und Horror".
    d = doc([model("Demon", ld=9, causes="horror"), causer(x=2, causes=factor)],
            morale("Demon", factor, causer="Troll", roll=20))
    assert tuples(rule(d)) == {("immune", "Demon", factor)}
    assert because(rule(d), "immune", unit="Demon") == ["C38-IMM-HORROR"]


RANK = {"fear": 1, "terror": 2, "horror": 3}


@pytest.mark.parametrize("own", ["fear", "terror", "horror"])
@pytest.mark.parametrize("factor", ["fear", "terror", "horror"])
def test_C38_IMM_HORROR_no_causer_tests_against_its_own_factor_or_a_lower_one(own, factor):
    # The invariant, over every pair: the causer is 2 inches away, in every reach.
    d = doc([model("Beast", ld=9, causes=own), causer(x=2, size=1, causes=factor)],
            morale("Beast", factor, causer="Troll"))
    found = tuples(rule(d))
    if RANK[factor] <= RANK[own]:
        assert found == {("immune", "Beast", factor)}
    else:
        # A lower causer facing a higher factor treats it one step down, except a fear-causer
        # facing horror: it treats only horror's "Effekte" as terror's, so its test is
        # horror's (C38-IMM-FEAR, issue 52).
        lower = "horror" if (own, factor) == ("fear", "horror") else \
            {2: "fear", 3: "terror"}[RANK[factor]]
        assert ("morale_test", "Beast", factor, lower, 9) in found
