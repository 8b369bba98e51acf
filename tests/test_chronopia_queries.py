"""Issue 24, item 3: every ruling belongs to its query.

A state document may ask several questions (queries) at once. The source rules each action
on its own: a spell's level, whether it may be resisted, a shot's weapon and roll, a morale
test's causer belong to that spell, shot or test, not to another one the same model takes.
So two queries in one document must each get exactly the rulings they get when asked alone,
and the expected values below are worked out per query from the source sentence (quoted in
each test), not read off the tool.

Every test states both: the explicit expected rulings of each query, and the strong form
(each query's rulings in the two-query document equal its rulings asked alone, citations
included).
"""

import chronopia_shots as shots
import pybridge
from test_chronopia_magic import ENEMY, KNIGHT, NECRO, SHAMAN, pre, summon
from test_chronopia_magic import cast as plain_cast
from test_chronopia_magic import state as magic_state
from test_chronopia_magic_source_readings import cast as cast_with_reach
from test_chronopia_magic_source_readings import knight, shaman
from test_chronopia_morale import causer, doc, morale, spears

FIELDS = shots.FIELDS


def ruled(document):
    result = pybridge.rule(document)
    assert result["status"] == "ok", result
    return result["rulings"]


def per_query(rulings, query, *kinds):
    """The rulings answering ``query`` as tuples (kind first, then its fields, no query)."""
    return {(r["kind"],) + tuple(r[f] for f in FIELDS[r["kind"]] if f != "query")
            for r in rulings if r.get("query") == query and (not kinds or r["kind"] in kinds)}


def assert_alone_equals_beside(document):
    """Each query's rulings (citations included) in ``document`` are those it gets alone."""
    together = ruled(document)
    for query in document["queries"]:
        alone = ruled({**document, "queries": [query]})
        beside = [r for r in together if r.get("query") == query["id"]]
        assert beside == alone, (query["id"], beside, alone)
    assert {r.get("query") for r in together} <= {q["id"] for q in document["queries"]}


# --- C37-TARGET / C37-CAST / C37-RESIST: two spells by one caster at one target ------------

def two_spells():
    # test_chronopia_magic_source_readings: Shaman (MG 12) at the origin facing +x, the Knight
    # (LD 9) 5 inches ahead, in sight. "near": a level-3 resistable spell of range 6 (5 <= 6:
    # in range); "far": the same spell with range 4 (5 > 4: out of range).
    return doc([shaman(), knight(5)], cast_with_reach(ident="near", range=6),
               cast_with_reach(ident="far", range=4))


def test_C37_TARGET_two_spells_at_one_target_are_legal_and_illegal_each_for_itself():
    # "Normalerweise muss eine Figur innerhalb der LOS und Reichweite des Magiers sein, um
    # als mögliches Ziel zu gelten": the range is the spell's own, so the spell of range 6
    # may target the Knight 5 inches away, the spell of range 4 may not.
    rulings = ruled(two_spells())
    assert per_query(rulings, "near", "spell_target") == {("spell_target", "Shaman", "Knight", True)}
    assert per_query(rulings, "far", "spell_target") == {("spell_target", "Shaman", "Knight", False)}
    assert_alone_equals_beside(two_spells())


def test_C37_RESIST_an_illegal_target_gets_no_resist_number_beside_a_legal_one():
    # C37-CAST/C37-RESIST: cast on MG 12 - 3 = 9, resisted on LD 9 - 3 = 6, for the spell
    # that may be cast; "far" may not be cast on the Knight at all (C37-TARGET), so it has
    # no cast number and no resist number to roll.
    rulings = ruled(two_spells())
    assert per_query(rulings, "near", "cast_number", "resist_number") == {
        ("cast_number", "Shaman", 9), ("resist_number", "Shaman", "Knight", 6)}
    assert per_query(rulings, "far", "cast_number", "resist_number") == set()


def resistable_and_not():
    # test_chronopia_magic: Shaman (MG 12, LD 8) at the origin, the Knight (LD 9) 10 inches
    # ahead; level-3 spells, "r" resistable, "n" not.
    return magic_state([SHAMAN, KNIGHT], plain_cast(ident="r"),
                       plain_cast(ident="n", resistable=False))


def test_C37_RESIST_a_spell_without_resistance_gets_no_resist_number_beside_one_with_it():
    # "Um zu bestimmen, ob eine Figur der Wirkung eines Zauber widerstehen kann, wird die
    # Stufe des Spruches von ihrer Führungswert (FG) abgezogen"; C37-CAST: "Bei Sprüchen die
    # keinen Rettungswurf erlauben ...": a spell that allows no resistance has no resist
    # number. "r" (resistable, level 3): 9 - 3 = 6. "n" (not resistable): none.
    rulings = ruled(resistable_and_not())
    assert per_query(rulings, "r", "resist_number") == {("resist_number", "Shaman", "Knight", 6)}
    assert per_query(rulings, "n", "resist_number") == set()
    assert per_query(rulings, "n", "cast_number") == {("cast_number", "Shaman", 9)}
    assert_alone_equals_beside(resistable_and_not())


# --- C37-SUMMON: each summoning its own placement ---------------------------------------------

def two_summonings():
    # NECRO (MG 11, 3 actions, test_chronopia_magic) put at (10, 10). "in": placed 4 inches
    # away ((14, 10)); "out": 4.1 inches away ((10, 14.1)).
    return magic_state([dict(NECRO, position=[10, 10]), ENEMY], summon(ident="in", placed_at=(14, 10)),
                       summon(ident="out", placed_at=(10, 14.1)))


def test_C37_SUMMON_each_summoning_gets_its_own_placement_ruling():
    # "wird die beschworene Figur im Umkreis von 4 Inch um Beschwörer aufgestellt": 4 inches
    # is within (C-INT-1), 4.1 is not. Both are allowed (none summoned so far, 3 actions).
    rulings = ruled(two_summonings())
    assert per_query(rulings, "in", "summon") == {("summon", "Necromancer", True, True)}
    assert per_query(rulings, "out", "summon") == {("summon", "Necromancer", False, True)}
    assert_alone_equals_beside(two_summonings())


# --- C37-PRE: each pre-battle spell its own allowance -----------------------------------------

def two_pre_battle_spells():
    return magic_state([SHAMAN, KNIGHT], pre(ident="ok"), pre(ident="unmarked", marked=False))


def test_C37_PRE_an_unmarked_spell_is_refused_beside_an_allowed_one_and_costs_nothing():
    # "Nur Sprüche, die den Begriff „Vor Dem Kampf“ in ihrer Beschreibung haben, können vor
    # dem Kampf gewirkt werden. ... Durch das Wirken des Zaubers verzichtet der Magier auf
    # seine erste Aktivierungsrunde": the marked spell is allowed and costs the first
    # activation; the unmarked one is not cast, so it costs nothing.
    rulings = ruled(two_pre_battle_spells())
    assert per_query(rulings, "ok") == {("pre_battle", "Shaman", True),
                                        ("skips_first_activation", "Shaman")}
    assert per_query(rulings, "unmarked") == {("pre_battle", "Shaman", False)}
    assert_alone_equals_beside(two_pre_battle_spells())


# --- C38-FEAR: a pass against one causer is no pass against another ---------------------------

def two_causers():
    # One Spears model (LD 9) at the origin facing +x; the Troll 3 inches ahead, the Ogre at
    # (2, -2) (2.83 inches, in the front arc): both cause fear within 4 inches, in sight.
    # The Spears passed a fear test against the Troll earlier.
    models = spears(1, ld=(9,)) + [causer(x=3), causer("Ogre", x=2, y=-2)]
    passed = [{"factor": "fear", "causer": "Troll"}]
    return doc(models, morale("Spears", "fear", causer="Troll", passed=passed, ident="troll"),
               morale("Spears", "fear", causer="Ogre", passed=passed, ident="ogre"))


def test_C38_FEAR_passed_before_against_one_causer_does_not_spare_the_test_against_another():
    # "Erfolg: ... Für den Rest der Schlacht muss es gegen die Figur, gegen das es seinen
    # Probe bestanden hat, keine Moralprobe mehr ablegen": no test against the Troll;
    # against the Ogre the Spears test fear on their LD, 9.
    rulings = ruled(two_causers())
    assert per_query(rulings, "troll", "no_test", "morale_test") == {
        ("no_test", "Spears", "fear", "passed_before")}
    assert per_query(rulings, "ogre", "no_test", "morale_test") == {
        ("morale_test", "Spears", "fear", "fear", 9)}
    assert_alone_equals_beside(two_causers())


# --- C36-SAVE / C36-MELEE: each shot its own weapon -------------------------------------------

SHORT = shots.weapon(short=5, medium=20, maximum=30, damage=5)


def two_weapons():
    # The melee of test_chronopia_shooting: the Troll (AR 14, size 3) 10 inches ahead of the
    # Archer (RS 12), in contact with two friendly Swords. "long": short range 40, damage 3;
    # "short": short range 5, medium 20 (10 inches: -4), damage 5.
    document = shots.state([], [])
    base = __import__("test_chronopia_shooting").melee()
    document["models"] = base["models"]
    document["queries"] = [shots.shoot(target="Troll", ident="long"),
                           shots.shoot(target="Troll", arms=SHORT, ident="short")]
    return document


def test_C36_SAVE_each_weapon_gives_its_own_save_number():
    # "Man zieht den SCH-Wert der Waffe des Angreifers vom eigenen Rüstungswert ab": 14 - 3 =
    # 11 against the long weapon, 14 - 5 = 9 against the short one.
    rulings = ruled(two_weapons())
    assert per_query(rulings, "long", "save_number") == {("save_number", "Archer", "Troll", 11)}
    assert per_query(rulings, "short", "save_number") == {("save_number", "Archer", "Troll", 9)}
    assert_alone_equals_beside(two_weapons())


def test_C36_MELEE_each_weapon_gives_its_own_friendly_fire_number():
    # "Der Spieler muss dann einen FW-Wurf gegen die nächste, das Ziel angreifende,
    # befreundete Einheit innerhalb der LOS durchführen. Dieser Wurf wird dann mit einer +1
    # für jedes befreundete Modell im Nahkampf mit dem Ziel modifiziert": an RS roll, with
    # the shot's range modifier: long 12 + 0 + 2 = 14, short 12 - 4 + 2 = 10 (Sword 1).
    rulings = ruled(two_weapons())
    assert per_query(rulings, "long", "friendly_fire_number", "hit_number") == {
        ("friendly_fire_number", "Archer", "Sword 1", 14), ("hit_number", "Archer", "Troll", 10)}
    assert per_query(rulings, "short", "friendly_fire_number", "hit_number") == {
        ("friendly_fire_number", "Archer", "Sword 1", 10), ("hit_number", "Archer", "Troll", 6)}


# --- C36-CRIT: the excellent success is the roll's own ----------------------------------------

def javelin_and_bow():
    # Archer RS 5; the Knight 10 inches ahead in the open. "javelin": short range 10 (-0):
    # hit number 5, rolled 1. "bow": short 5, medium 20 (-4): hit number 1.
    knight = shots.model("Knight", position=(0, 10), stats={"ar": 10})
    javelin = shots.weapon(short=10, medium=20, maximum=30)
    return shots.state([shots.shooter(rs=5), knight],
                       [shots.shoot(target="Knight", arms=javelin, roll=1, ident="javelin"),
                        shots.shoot(target="Knight", arms=SHORT, ident="bow")])


def test_C36_CRIT_an_unmodified_1_is_excellent_by_its_own_hit_number_beside_a_low_one():
    # "Sollte nach allen Abzügen auf den FW-Wurf eine 3 als Ergebnis herauskommen, gilt dies
    # als zu schwierig um als perfekter Schuss durchzugehen": judged on the roll's own
    # modified value. The javelin's is 5 (above 3): its 1 is an excellent success; the bow's
    # is 1 (3 or less): its 1 would be an ordinary hit.
    rulings = ruled(javelin_and_bow())
    assert per_query(rulings, "javelin", "hit_number", "excellent_possible", "outcome") == {
        ("hit_number", "Archer", "Knight", 5), ("excellent_possible", "Archer", "Knight", True),
        ("outcome", "excellent")}
    assert per_query(rulings, "bow", "hit_number", "excellent_possible") == {
        ("hit_number", "Archer", "Knight", 1), ("excellent_possible", "Archer", "Knight", False)}
    assert_alone_equals_beside(javelin_and_bow())
