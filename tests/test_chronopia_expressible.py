"""What a chronopia document could not say before issue 24 (item 6), written from the source
(../shared/seeds/002_80e45203b1914d7b.txt) before the code: each test quotes the sentence it
rests on and reasons the expected ruling from it.

- SELBST spells (C37-TARGET): «Falls in der Spruchbeschreibung unter „Reichweite“ SELBST
  steht, kann ihn die zaubernde Figur nur auf sich selbst anwenden.»
- A weapon's rate of fire (C36-RATE): «Die Feuerrate (FR) in jedem Fernwaffenprofil gibt an,
  wie oft eine Waffe pro Handlung abgefeuert werden kann.»
- The LD roll of a target of opportunity (C36-PRI-F): «Will er den auf dem offenen Feld
  bekämpfen muss der Armbrustschütze einen erfolgreichen Wurf gegen seinen FG-Wert schaffen.
  Schafft er diesen nicht, verfällt die Handlung.»
- A spell's action cost (C37-CAST): «Handlungen: Dieser Wert gibt an, wie viele Handlungen
  zum Wirken eines Spruchs benötigt werden. Diese Handlungen müssen alle in der selben
  Aktivierungsrunde liegen» and «Eine Figur kann mehrere Sprüche während einer
  Aktivierungsrunde wirken, solange nicht die der Figur maximal mögliche Anzahl an Handlungen
  überschritten wird.»

Conventions of chronopia_shots.py: the shooter (or caster) at the origin facing +y, enemies
ahead of it.
"""

import functools

import pytest

import pybridge
from chronopia_shots import LONG, because, legal, model, of, outcome, rule, shoot, shooter, state
from ruling_tuples import fields_of

FIELDS = fields_of("chronopia")


def _queried_tuple(ruling):
    """A ruling of one query as a tuple: its kind, its query, then its fields."""
    return (ruling["kind"], ruling["query"]) + tuple(ruling[f] for f in FIELDS[ruling["kind"]])


def queried(result, kind):
    """The rulings ``kind`` with their query (each belongs to the query that asks it)."""
    return {_queried_tuple(r) for r in result["rulings"] if r["kind"] == kind}


def because_queried(result, ruling):
    (match,) = [r for r in result["rulings"] if _queried_tuple(r) == ruling]
    return match["because"]


def spell_cast(caster="Shaman", target="Knight", ident="c", roll=None, spent=None, **spell):
    body = {"caster": caster, "target": target,
            "spell": {"level": 3, "resistable": True, "offensive": True, **spell}}
    if spent is not None:
        body["actions_spent"] = spent
    found = {"id": ident, "cast": body}
    if roll is not None:
        found["roll"] = roll
    return found


def shaman(actions=None, **extra):
    stats = {"mg": 12, "ld": 8}
    if actions is not None:
        stats["actions"] = actions
    return model("Shaman", army="Orcs", position=(0, 0), facing=90, individual=True,
                 stats=stats, **extra)


KNIGHT = model("Knight", position=(0, 10), stats={"ld": 9})


def error(doc):
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(doc)
    return caught.value.path, str(caught.value)


# --- SELBST (C37-TARGET) ---------------------------------------------------------------------

def test_C37_TARGET_a_self_only_spell_on_another_model_is_refused():
    # "kann ihn die zaubernde Figur nur auf sich selbst anwenden": the knight, 10 inches away
    # in the caster's front arc and in plain sight, is still no target of a SELBST spell.
    result = rule(state([shaman(), KNIGHT], [spell_cast(self_only=True)]))
    assert of(result, "spell_target") == {("spell_target", "Shaman", "Knight", False)}
    assert "C37-TARGET" in because(result, ("spell_target", "Shaman", "Knight", False))
    # a target the spell may not have: no cast number, no resist number, no dice
    assert of(result, "cast_number") == of(result, "resist_number") == set()
    assert of(result, "chance") == of(result, "outcome") == set()


def test_C37_TARGET_a_self_only_spell_on_the_caster_itself_is_legal():
    # "nur auf sich selbst": on itself it is cast as usual: MG 12 - level 3 = 9.
    result = rule(state([shaman(), KNIGHT],
                        [spell_cast(target="Shaman", self_only=True, resistable=False,
                                    offensive=False)]))
    assert {t[-1] for t in of(result, "spell_target")} == {True}
    assert {t[-1] for t in of(result, "cast_number")} == {9}


def test_C37_TARGET_a_spell_not_self_only_reaches_the_other_model():
    # The boundary: the same cast without SELBST is legal (LOS and no range limit).
    result = rule(state([shaman(), KNIGHT], [spell_cast(self_only=False)]))
    assert {t[-1] for t in of(result, "spell_target")} == {True}
    assert {t[-1] for t in of(result, "cast_number")} == {9}


def test_C37_TARGET_a_self_only_spell_has_no_range_to_give():
    # The range of a SELBST spell is "SELBST" ("unter „Reichweite“ SELBST"): a range in
    # inches beside it says two things of one field.
    doc = state([shaman(), KNIGHT], [spell_cast(self_only=True, range=12)])
    path, message = error(doc)
    assert path == "queries[0].cast.spell.range"
    assert "self_only" in message


# --- C36-RATE: rate of fire ------------------------------------------------------------------

def rated(shots, per, actions, ident="q"):
    archer = shooter(stats={"actions": actions} if actions is not None else {})
    weapon = dict(LONG, rate={"shots": shots, "actions": per})
    return state([archer, model("Knight")], [shoot(target="Knight", arms=weapon, ident=ident)])


def shots(result, query="q"):
    found = {t for t in queried(result, "shots") if t[1] == query}
    assert len(found) <= 1, found
    return found.pop()[-1] if found else None


@pytest.mark.parametrize("rate,actions,expected", [
    # "Eine FR von 1/1 sagt aus, das man sie mit jeder Handlung einmal abfeuern kann."
    ((1, 1), 1, 1),
    ((1, 1), 2, 2),
    ((1, 1), 3, 3),
    # "So kann eine Figur mit zwei Handlungen und einem FR von 1/2 zuerst schiessen und sich
    # dann noch bewegen": two actions, one shot.
    ((1, 2), 2, 1),
    # "Eine Figur mit drei Handlungen und einer 1/2 FR kann sogar mit der ersten Handlung
    # schiessen, eine weitere mögliche Handlung ausführen (z.B. Zielen) und dann nochmal
    # feuern": three actions, two shots (the first and the third action).
    ((1, 2), 3, 2),
    # the boundaries around it: one action fires once (the weapon is ready at the first
    # action: "zuerst schiessen"); four actions fire at the first and the third, not again.
    ((1, 2), 1, 1),
    ((1, 2), 4, 2),
    ((1, 2), 5, 3),
    # once in three actions: the first and the fourth action
    ((1, 3), 3, 1),
    ((1, 3), 4, 2),
    # "wie oft eine Waffe pro Handlung abgefeuert werden kann": a rate of 2/1 fires twice
    # with each action.
    ((2, 1), 2, 4),
    # a model without actions fires nothing
    ((1, 1), 0, 0),
])
def test_C36_RATE_shots_in_one_activation(rate, actions, expected):
    result = rule(rated(*rate, actions))
    assert shots(result) == expected
    (ruling,) = [t for t in queried(result, "shots")]
    assert because_queried(result, ruling) == ["C36-RATE"]


def test_C36_RATE_no_rate_no_shots_ruling():
    # The source gives no default rate: without `rate` the document says nothing of it.
    result = rule(rated(1, 1, 2))
    doc = rated(1, 1, 2)
    del doc["queries"][0]["shoot"]["weapon"]["rate"]
    assert shots(rule(doc)) is None
    assert shots(result) == 2


def test_C36_RATE_each_query_its_own_weapon():
    # Two queries by one archer (2 actions) with weapons of rate 1/1 and 1/2: 2 and 1 shots,
    # each ruling under its own query.
    doc = rated(1, 1, 2, ident="bow")
    doc["queries"].append(shoot(target="Knight", ident="crossbow",
                                arms=dict(LONG, rate={"shots": 1, "actions": 2})))
    result = rule(doc)
    assert shots(result, "bow") == 2
    assert shots(result, "crossbow") == 1


def test_C36_RATE_needs_the_shooters_actions():
    path, message = error(rated(1, 2, None))
    assert path == "models[0].stats.actions"
    assert "C36-RATE" in message


@pytest.mark.parametrize("key,value", [("shots", 0), ("actions", 0), ("shots", 1.5)])
def test_C36_RATE_a_rate_is_of_whole_numbers_from_1(key, value):
    doc = rated(1, 2, 2)
    doc["queries"][0]["shoot"]["weapon"]["rate"][key] = value
    path, _ = error(doc)
    assert path == f"queries[0].shoot.weapon.rate.{key}"


# --- C36-PRI-F: the LD test of a target of opportunity ---------------------------------------

def opportunity(ld_roll=None, ld=9, target="Swordsman", cover_y=14):
    # The source's crossbowman (tests/test_chronopia_targeting.py): a spearman behind cover,
    # nearer but beyond 12 inches; a swordsman in the open, farther: a target of opportunity.
    archer = shooter(stats={"ld": ld} if ld is not None else {})
    body = shoot(target=target)
    if ld_roll is not None:
        body["shoot"]["ld_roll"] = ld_roll
    return state([archer, model("Spearman", unit="Spears", position=(0, cover_y)),
                  model("Swordsman", unit="Swords", position=(6, 20))], [body],
                 sight=[{"from": "Archer", "to": "Spearman", "cover": "light"}])


def ld_test(result):
    found = queried(result, "ld_test")
    assert len(found) <= 1, found
    return found.pop() if found else None


@pytest.mark.parametrize("roll,passed", [
    # "einen erfolgreichen Wurf gegen seinen FG-Wert": the roll equal to the LD passes (as
    # every test of this chapter: "gleich dem FG-Wert der Figur oder darunter"), one above fails.
    (9, True), (10, False), (2, True), (19, False),
    # The FG-Probe names no unmodified results: a 1 passes and a 20 fails here only because
    # they are at or below, above LD 9 (see the next test for LD 0 and 20).
    (1, True), (20, False),
])
def test_C36_PRI_F_ld_roll_passes_at_or_below_the_ld(roll, passed):
    result = rule(opportunity(roll))
    assert ld_test(result) == ("ld_test", "q", "Archer", "Swordsman", 9, passed)
    assert because_queried(result, ld_test(result)) == ["C36-PRI-F"]
    # still a target of opportunity
    assert legal(result) == {"Spearman": False, "Swordsman": True}
    if passed:
        # "Bei Erfolg werden die normalen Zielprioritäten nicht beachtet": the shot is made.
        assert {t[2] for t in of(result, "hit_number")} == {"Swordsman"}
    else:
        # "Schafft er diesen nicht, verfällt die Handlung": no shot, no numbers, no dice.
        assert of(result, "hit_number") == of(result, "save_number") == set()
        assert of(result, "chance") == of(result, "outcome") == set()
        assert of(result, "out_of_range") == set()


@pytest.mark.parametrize("ld,roll,passed", [
    # No rule of the FG-Probe makes a 1 pass or a 20 fail (C36-HIT's "Eine 1 ist ... ein
    # automatischer Treffer" and C37-CAST's excellent success are their own tests'): LD 0
    # fails even on a 1, LD 20 passes even on a 20.
    (0, 1, False), (1, 1, True), (20, 20, True), (19, 20, False)])
def test_C36_PRI_F_no_automatic_1_or_20_in_the_ld_test(ld, roll, passed):
    result = rule(opportunity(roll, ld=ld))
    assert ld_test(result)[-1] is passed


def test_C36_PRI_F_a_failed_ld_test_loses_the_action_and_the_hit_roll():
    # With the hit die rolled too, a failed LD test still makes no shot: no outcome.
    doc = opportunity(12)
    doc["queries"][0]["roll"] = 2
    result = rule(doc)
    assert ld_test(result)[-1] is False
    assert outcome(result) is None
    doc["queries"][0]["shoot"]["ld_roll"] = 5
    assert outcome(rule(doc)) == "hit"


def test_C36_PRI_F_no_ld_test_for_a_target_that_needs_none():
    # The spearman (the normal target) needs no LD test: an ld_roll given for it rules
    # nothing, and the shot is made.
    result = rule(opportunity(20, target="Spearman"))
    assert ld_test(result) is None
    assert {t[2] for t in of(result, "hit_number")} == {"Spearman"}


def test_C36_PRI_F_without_ld_roll_no_ld_test_ruling():
    result = rule(opportunity(None))
    assert ld_test(result) is None
    assert {t[2] for t in of(result, "hit_number")} == {"Swordsman"}


def test_C36_PRI_F_ld_roll_needs_a_named_target_and_the_shooters_ld():
    doc = opportunity(5)
    del doc["queries"][0]["shoot"]["target"]
    assert error(doc)[0] == "queries[0].shoot.ld_roll"
    path, message = error(opportunity(5, ld=None))
    assert path == "models[0].stats.ld"
    assert "C36-PRI-F" in message


# --- C37-CAST: a spell's actions in one activation -------------------------------------------

def costly(cost, actions, spent=None, roll=None):
    return state([shaman(actions), KNIGHT], [spell_cast(actions=cost, spent=spent, roll=roll)])


def cast_actions(result):
    found = queried(result, "cast_actions")
    assert len(found) <= 1, found
    return found.pop() if found else None


@pytest.mark.parametrize("cost,actions,spent,fits", [
    # "wie viele Handlungen zum Wirken eines Spruchs benötigt werden. Diese Handlungen müssen
    # alle in der selben Aktivierungsrunde liegen": a 2-action spell by a caster of 2 actions
    # fits, of 1 action does not (it cannot be spread over two rounds).
    (2, 2, 0, True), (2, 1, 0, False), (1, 1, 0, True), (3, 3, 0, True), (3, 2, 0, False),
    # "Eine Figur kann mehrere Sprüche während einer Aktivierungsrunde wirken, solange nicht
    # die der Figur maximal mögliche Anzahl an Handlungen überschritten wird": after a
    # 1-action spell, a caster of 3 actions has 2 left: a 2-action spell fits (exactly 3),
    # a 3-action spell would exceed them.
    (2, 3, 1, True), (3, 3, 1, False), (1, 3, 2, True), (1, 3, 3, False),
])
def test_C37_CAST_a_spell_fits_in_the_actions_left_this_activation(cost, actions, spent, fits):
    result = rule(costly(cost, actions, spent))
    assert cast_actions(result) == ("cast_actions", "c", "Shaman", cost, actions - spent, fits)
    assert "C37-CAST" in because_queried(result, cast_actions(result))
    if fits:
        assert {t[-1] for t in of(result, "cast_number")} == {9}
        assert {t[-1] for t in of(result, "resist_number")} == {6}
    else:
        # a spell it cannot cast this activation: no numbers and no dice
        assert of(result, "cast_number") == of(result, "resist_number") == set()
        assert of(result, "chance") == set()


def test_C37_CAST_a_spell_that_does_not_fit_has_no_outcome():
    assert outcome(rule(costly(2, 1, roll=5)), "c") is None
    assert outcome(rule(costly(2, 2, roll=5)), "c") == "success"


def test_C37_CAST_actions_spent_defaults_to_none():
    result = rule(costly(2, 2))
    assert cast_actions(result)[-2:] == (2, True)


def test_C37_CAST_no_action_cost_no_ruling():
    result = rule(state([shaman(3), KNIGHT], [spell_cast()]))
    assert cast_actions(result) is None


def test_C37_CAST_action_cost_needs_the_casters_actions():
    path, message = error(costly(2, None))
    assert path == "models[0].stats.actions"
    assert "C37-CAST" in message


def test_C37_CAST_actions_spent_needs_a_cost_and_no_more_than_the_caster_has():
    doc = state([shaman(3), KNIGHT], [spell_cast(spent=1)])
    assert error(doc)[0] == "queries[0].cast.actions_spent"
    path, message = error(costly(1, 3, spent=4))
    assert path == "queries[0].cast.actions_spent"
    assert "3" in message
    for bad in ({"actions": 0}, {"actions": 1.5}):
        doc = costly(1, 3)
        doc["queries"][0]["cast"]["spell"].update(bad)
        assert error(doc)[0] == "queries[0].cast.spell.actions"


# --- valid.lp states what validation refuses (the state space generates only valid states) ----

@functools.lru_cache(maxsize=1)
def _space_facts():
    from pybridge.analysis.bounds import Bounds
    from pybridge.books import get
    book = get("chronopia")
    return tuple(book.space_facts(Bounds(book.bounds)))


def _valid_lp_accepts(facts):
    import clingo

    from pybridge.engine.encoding import asp_root, silent
    control = clingo.Control(logger=silent)
    control.load(str(asp_root() / "chronopia" / "valid.lp"))
    with control.backend() as backend:
        for symbol in [clingo.parse_term(t) for t in facts] + list(_space_facts()):
            backend.add_rule([backend.add_atom(symbol)])
    control.ground([("base", [])])
    return control.solve().satisfiable


BASE_FACTS = ('state_model("a", "u", "x", 1)', 'state_model("b", "v", "y", 1)',
              'state_query("q", shoot)', 'state_shoot("q", "a")',
              'state_weapon("q", 4000, 8000, 12000, 2)', 'state_stat("a", rs, 10)',
              'state_query("c", cast)', 'state_cast("c", "a", "b")', 'state_spell("c", 2)',
              'state_stat("a", mg, 10)')


@pytest.mark.parametrize("reason,extra,mended", [
    ("an LD roll without a named target", ('state_roll("q", ld, 5)', 'state_stat("a", ld, 7)'),
     ('state_shoot_target("q", "b")',)),
    ("an LD roll without the shooter's LD", ('state_roll("q", ld, 5)',
                                             'state_shoot_target("q", "b")'),
     ('state_stat("a", ld, 7)',)),
    ("a rate of fire without the shooter's actions", ('state_weapon_rate("q", 1, 2)',),
     ('state_stat("a", actions, 1)',)),
    ("a SELBST spell with a range", ('state_spell_self_only("c")', 'state_spell_range("c", 1)'),
     None),
    ("a spell's actions without the caster's", ('state_spell_actions("c", 1)',),
     ('state_stat("a", actions, 1)',)),
    ("actions spent without the spell's actions", ('state_cast_spent("c", 1)',
                                                   'state_stat("a", actions, 1)'),
     ('state_spell_actions("c", 1)',)),
    ("more actions spent than the caster has", ('state_cast_spent("c", 2)',
                                                'state_spell_actions("c", 1)',
                                                'state_stat("a", actions, 1)'), None),
])
def test_valid_lp_refuses_what_validation_refuses(reason, extra, mended):
    assert _valid_lp_accepts(BASE_FACTS)
    assert not _valid_lp_accepts(BASE_FACTS + extra), reason
    if mended is not None:
        assert _valid_lp_accepts(BASE_FACTS + extra + mended), reason


# --- C36-FLY: a flier's line of sight from its altitude position ------------------------------
# «Wird die Sichtlinie eines Fliegers bestimmt, sollte ein Lineal oder Massband verwendet
# werden. Von der durch die Position der Figur und der Höhenstufe angegebenen gedachten
# Postion aus, wird dann festgestellt ob es eine Sichtlinie gibt.» The line runs from the
# flier's imagined position (its ground position, raised by its altitude marker) to the
# other model (its top: "auf Augenhöhe ... Auf Ziele, die man dann noch sieht"). A model on
# the ground whose top is lower than both ends of that line lies wholly beneath it and
# cannot block it; otherwise the models' usual rule holds ("Alle Figuren blockieren die
# Sichtlinie").

def flight(shooter_altitude=4, target_altitude=0, blocker_height=1, blocker_army="Orcs"):
    archer = shooter(position=(0, 0))
    if shooter_altitude:
        archer["altitude"] = shooter_altitude
    knight = model("Knight", position=(0, 10))
    if target_altitude:
        knight["altitude"] = target_altitude
    # a friend of the archer standing on the line of fire, its base touching it
    orc = model("Orc", army=blocker_army, unit="Orcs", position=(0, 5), size=1,
                height=blocker_height)
    return state([archer, knight, orc], [shoot(target="Knight")])


def test_C36_FLY_a_flier_sees_over_a_lower_model_on_the_ground():
    # From 4 inches up to the knight's top (2 inches), the line passes above a 1-inch orc.
    result = rule(flight())
    assert legal(result) == {"Knight": False}
    assert "C36-FLY" in because(result, ("legal_target", "Archer", "Knight", False))


def test_C36_FLY_a_model_as_tall_as_the_lower_end_still_blocks():
    # The orc's top at 2 inches reaches the line's lower end (the knight's top): it may stand
    # in the line near the knight, so it blocks as every model does; 1.999 does not.
    result = rule(flight(blocker_height=2))
    assert ("target_refused", "Archer", "Knight", "model_in_the_way") in \
        of(result, "target_refused")
    assert legal(rule(flight(blocker_height=1.999))) == {"Knight": False}


def test_C36_FLY_on_the_ground_every_model_blocks():
    # Altitude 0: no flier, no imagined position: the 1-inch orc blocks ("Alle Figuren
    # blockieren die Sichtlinie").
    result = rule(flight(shooter_altitude=0))
    assert ("target_refused", "Archer", "Knight", "model_in_the_way") in \
        of(result, "target_refused")


def test_C36_FLY_a_line_to_a_flier_passes_over_a_lower_model():
    # "Das gleiche gilt auch im umgekehrten Fall": a ground archer (top 2 inches) shooting
    # at a knight flying 4 inches up sees over the 1-inch orc; over a 2-inch orc it does not.
    assert legal(rule(flight(shooter_altitude=0, target_altitude=4))) == {"Knight": False}
    result = rule(flight(shooter_altitude=0, target_altitude=4, blocker_height=2))
    assert ("target_refused", "Archer", "Knight", "model_in_the_way") in \
        of(result, "target_refused")


def test_C36_FLY_an_enemy_beneath_the_line_does_not_stand_between():
    # "zwischen feindlichen Einheiten nicht hindurchschiessen": an enemy wholly beneath the
    # flier's line is not between the shooter and its target. (It is the nearer enemy, so
    # priority makes it the one to shoot first: the knight is refused for priority, not sight.)
    result = rule(flight(blocker_army="Men"))
    reasons = {t[3] for t in of(result, "target_refused") if t[2] == "Knight"}
    assert "model_in_the_way" not in reasons
