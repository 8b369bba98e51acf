"""hkk behaviours an independent reading of Kódex chapter 132 found wrong (issue 11, items 3-6).

Each expectation was written from the Hungarian source (../shared/seeds/001_834235207642f3b2.txt)
before the tool was run; the sentence it rests on is quoted, with an English gloss, above it.
"""

import json

import pytest
from click.testing import CliRunner

from mutants import check_mutant
from pybridge.books import get
from pybridge.cli.main import cli
from test_hkk_rules import (
    affects,
    attach,
    because,
    can_target,
    card,
    counters,
    damage,
    effect,
    falls_off,
    gain,
    ineffective,
    kept,
    removed,
    rule,
    rule_without,
    state,
)

BOOK = get("hkk")


# --- item 3: an effect without effect removes no immunity (HKK-132.0, HKK-132.11) -------------
# "Ha egy lap immunis valamire, akkor az adott támadási forma nincs rá semmilyen hatással"
# (if a card is immune to something, that attack form has no effect on it whatsoever): taking
# an immunity away is an effect, so a form the card is immune to takes none away.

def _salamander(*immunities, strip_by="Drain", **strip):
    """Salamander with the given immunities; `strip` (by a plain source unless said otherwise)
    would take its fire immunity away; a fire creature hits it for 4 (fire damage, 132.9)."""
    return state([card("Salamander", immunities=[{"kind": k} for k in immunities]),
                  card("Drain", "source"), card("Hex", "spell"), card("Drake", subtypes=["fire"])],
                 [effect("strip", strip_by, "Salamander", removes_immunity="fire", **strip),
                  effect("hit", "Drake", "Salamander", damage=4, targeted=False)])


def test_HKK_132_0_a_source_the_card_is_immune_to_takes_no_immunity_away():
    # Immune to sources and fire; the plain source Drain would take fire immunity away. The
    # source has no effect at all: fire immunity stays, the fire hit deals 0 ("az ilyen típusú
    # sebzések ... nem okoznak neki sebzést", 132.9). Not HKK-132.2-K's case: fire immunity
    # does not protect against a plain source, source immunity does.
    result = rule(_salamander("source", "fire"))
    assert removed(result) == set()
    assert affects(result) == {"strip": False, "hit": True}
    assert because(result, "affects", effect="strip") == ["HKK-132.0", "HKK-132.5"]
    assert kept(result) == set()
    assert damage(result) == {"hit": 0}


def test_HKK_132_0_boundary_without_the_blocking_immunity_the_source_takes_it_away():
    # Only fire immunity: nothing stops the plain source, the immunity is gone, the hit deals 4.
    result = rule(_salamander("fire"))
    assert removed(result) == {("Salamander", "fire", "strip")}
    # The removal is an effect on the card (132.0); 132.2-K, which only forbids a removal, does
    # not decide it (issue 52, item 4).
    assert because(result, "immunity_removed", by="strip") == ["HKK-132.0"]
    assert affects(result)["strip"] is True
    assert damage(result) == {"hit": 4}


def test_HKK_132_0_boundary_a_form_the_immunity_does_not_block_takes_it_away():
    # Source-immune, but the remover is a spell: sources only are blocked (132.5).
    result = rule(_salamander("source", "fire", strip_by="Hex"))
    assert removed(result) == {("Salamander", "fire", "strip")}
    assert damage(result) == {"hit": 4}


def test_HKK_132_0_cannot_be_affected_by_wording_protects_the_immunities_too():
    # "Az immunis (valamire) és nem lehet rá hatni (valamivel) egymással ekvivalens" (132.1).
    doc = state([card("Salamander", cannot_be_affected_by=["source"], immunities=[{"kind": "fire"}]),
                 card("Drain", "source")],
                [effect("strip", "Drain", "Salamander", removes_immunity="fire")])
    assert removed(rule(doc)) == set()


def test_HKK_132_0_an_immune_card_gets_no_counter_damage_or_attachment_from_the_form():
    # "nincs rá semmilyen hatással": a source that would strip fire immunity, burn for 3 and
    # put a doom counter does nothing of it to a source-immune card.
    doc = state([card("Knight", immunities=[{"kind": "source"}, {"kind": "fire"}]),
                 card("Drain", "source")],
                [effect("all", "Drain", "Knight", removes_immunity="fire", damage=3,
                        counter="doom")])
    result = rule(doc)
    assert removed(result) == set()
    assert damage(result) == {"all": 0}
    assert counters(result) == {"all": (False, False)}


def test_HKK_132_0_removals_happen_together_one_does_not_open_the_way_for_another():
    # Reading (docs/rulebooks/hkk.md): the spell takes source immunity away, but the source strips against
    # the immunities held before any removal: source immunity still blocks it, so fire stays.
    doc = state([card("Salamander", immunities=[{"kind": "source"}, {"kind": "fire"}]),
                 card("Hex", "spell"), card("Drain", "source"), card("Drake", subtypes=["fire"])],
                [effect("unsource", "Hex", "Salamander", removes_immunity="source"),
                 effect("unfire", "Drain", "Salamander", removes_immunity="fire"),
                 effect("hit", "Drake", "Salamander", damage=4, targeted=False)])
    result = rule(doc)
    assert removed(result) == {("Salamander", "source", "unsource")}
    assert affects(result) == {"unsource": True, "unfire": False, "hit": True}
    assert damage(result) == {"hit": 0}


def _scout(targeted=True, untargetable_by="spell"):
    """Scout, immune to enchantments and untargetable by one form; a spell would take the
    enchantment immunity away, then a curse is put on the Scout."""
    return state([card("Scout", immunities=[{"kind": "enchantment"}],
                       untargetable_by=[untargetable_by]),
                  card("Dispel", "spell"), card("Curse", "enchantment")],
                 [effect("dispel", "Dispel", "Scout", removes_immunity="enchantment",
                         targeted=targeted),
                  effect("curse", "Curse", "Scout", attach=True, targeted=False)])


def test_HKK_132_11_a_spell_that_cannot_target_the_card_takes_no_immunity_away():
    # "a megadott támadási forma célpontjának nem lehet a lapot választani": the targeted
    # spell cannot choose the Scout, so it never acts on it; enchantment immunity stays and
    # the Curse cannot be put on it ("a lapra nem tehető bűbáj", 132.6).
    result = rule(_scout())
    assert can_target(result) == {"dispel": False}
    assert removed(result) == set()
    assert affects(result) == {"dispel": False, "curse": False}
    assert because(result, "affects", effect="dispel") == ["HKK-132.11"]
    assert attach(result) == {"curse": (False, False)}


def test_HKK_132_11_boundary_an_effect_that_needs_no_target_is_not_stopped():
    # Only choosing the card as target is forbidden: untargeted, the spell takes it away and
    # the Curse goes on and takes effect.
    result = rule(_scout(targeted=False))
    assert can_target(result) == {}
    assert removed(result) == {("Scout", "enchantment", "dispel")}
    assert attach(result) == {"curse": (True, True)}
    assert because(result, "attach", effect="curse") == ["HKK-132.0"]


def test_HKK_132_11_boundary_untargetable_by_another_form_the_spell_takes_it_away():
    result = rule(_scout(untargetable_by="source"))
    assert can_target(result) == {"dispel": True}
    assert removed(result) == {("Scout", "enchantment", "dispel")}


def test_HKK_132_11_a_spell_that_cannot_target_places_no_counter_and_attaches_nothing():
    doc = state([card("Scout", untargetable_by=["any"]), card("Web", "enchantment")],
                [effect("web", "Web", "Scout", attach=True, counter="doom", damage=2)])
    result = rule(doc)
    assert attach(result) == {"web": (False, False)}
    assert counters(result) == {"web": (False, False)}
    assert damage(result) == {"web": 0}


# --- item 4: falling off is decided at the moment of gaining (HKK-132.5.1) --------------------
# "Ha egy lap a forrásimmunitást utólag szerezte, az ekkor esetlegesen rajta lévő bűbájok
# leesnek róla, kivéve, ha a forrásimmunitást a rátett bűbáj biztosítja számára" (the
# enchantments on it *then* fall off, except the one that grants it the source immunity):
# the grants that count are those present when it is gained.

def _paladin(*events):
    return state([card("Paladin"), card("Halo", "enchantment", on="Paladin"),
                  card("Rust", "enchantment", on="Paladin"), card("Rune", "item"),
                  card("Well", "source")],
                 [effect("well", "Well", "Paladin")], events=list(events))


def test_HKK_132_5_1_a_later_grant_does_not_rescue_an_enchantment_that_fell_off():
    # Event 1 (Rune): Halo does not grant it then, so Halo and Rust fall. Event 2 says Halo
    # grants source immunity: Halo is gone, the grant is ruled ineffective (docs/rulebooks/hkk.md's reading).
    result = rule(_paladin(gain("Paladin", "source", granted_by="Rune"),
                           gain("Paladin", "source", granted_by="Halo")))
    assert falls_off(result) == {("Halo", "Paladin"), ("Rust", "Paladin")}
    assert ineffective(result) == {("Paladin", "source", "Halo")}
    assert because(result, "grant_ineffective", granted_by="Halo") == ["HKK-132.5.1"]
    assert affects(result) == {"well": False}      # the immunity from the Rune holds


def test_HKK_132_5_1_boundary_the_grant_at_the_same_event_saves_it():
    result = rule(_paladin(gain("Paladin", "source", granted_by="Halo")))
    assert falls_off(result) == {("Rust", "Paladin")}
    assert ineffective(result) == set()


def test_HKK_132_5_1_a_grant_by_a_fallen_card_gives_no_immunity():
    # Event 1: enchantment immunity (Rune), all enchantments fall ("a lapra nem tehető bűbáj
    # ... leesnek róla", 132.6). Event 2: source immunity "granted by" the fallen Halo: it is
    # not gained, so the Well's source affects the Paladin.
    result = rule(_paladin(gain("Paladin", "enchantment", granted_by="Rune"),
                           gain("Paladin", "source", granted_by="Halo")))
    assert falls_off(result) == {("Halo", "Paladin"), ("Rust", "Paladin")}
    assert ineffective(result) == {("Paladin", "source", "Halo")}
    assert because(result, "grant_ineffective", granted_by="Halo") == ["HKK-132.6"]
    assert affects(result) == {"well": True}


def test_HKK_132_5_1_boundary_an_earlier_grant_counts_at_the_later_gain():
    # Event 1: Halo grants source immunity (Rust falls). Event 2: enchantment immunity from the
    # Rune; as written 132.6 keeps an enchantment granting source immunity: Halo's grant is
    # present then, Halo stays.
    result = rule(_paladin(gain("Paladin", "source", granted_by="Halo"),
                           gain("Paladin", "enchantment", granted_by="Rune")))
    assert falls_off(result) == {("Rust", "Paladin")}
    assert ineffective(result) == set()


def test_HKK_132_6_as_written_a_source_grant_made_later_does_not_keep_the_enchantment():
    # 132.6 "Ha a lap az immunitást utólag szerezte, az ekkor ... rajta lévő bűbájok leesnek":
    # at event 1 Halo grants no source immunity, so it falls; event 2 cannot undo that.
    result = rule(_paladin(gain("Paladin", "enchantment", granted_by="Rune"),
                           gain("Paladin", "source", granted_by="Halo")), edition="literal")
    assert ("Halo", "Paladin") in falls_off(result)


def test_HKK_132_6_I_intended_a_later_grant_of_the_immunity_does_not_keep_it_either():
    # Intended edition: the enchantment granting the immunity being gained stays — granting
    # it at that moment. Ward grants enchantment immunity only at event 2, after falling off.
    doc = state([card("Knight"), card("Ward", "enchantment", on="Knight"), card("Rune", "item")],
                events=[gain("Knight", "enchantment", granted_by="Rune"),
                        gain("Knight", "enchantment", granted_by="Ward")])
    result = rule(doc, edition="intended")
    assert falls_off(result) == {("Ward", "Knight")}
    assert ineffective(result) == {("Knight", "enchantment", "Ward")}


def test_HKK_132_8_I_intended_a_later_grant_does_not_keep_a_mental_enchantment():
    doc = state([card("Sage"), card("Calm", "enchantment", subtypes=["mental"], on="Sage"),
                 card("Rune", "item")],
                events=[gain("Sage", "mental_spell", granted_by="Rune"),
                        gain("Sage", "mental_spell", granted_by="Calm")])
    result = rule(doc, edition="intended")
    assert falls_off(result) == {("Calm", "Sage")}
    assert because(result, "grant_ineffective", granted_by="Calm") == ["HKK-132.8"]


# --- item 5: items and body parts on a source-immune creature (HKK-132.5.1-K) ------------------
# "A forrásimmunitással rendelkező lényre is tehető szintlépés, testrész vagy # tárgy, de ezek a
# lényre semmilyen hatással nincsenek, kivéve, ha a forrásimmunitást is a rátett lap biztosítja"
# (they can be put on a source-immune creature, but have no effect on it whatsoever, unless the
# card put on it grants the source immunity): their own abilities on it included.

def _golem(kind="creature", immune=True, grant=None, on="Golem"):
    immunities = [{"kind": "source", **({"granted_by": grant} if grant else {})},
                  {"kind": "fire"}] if immune else [{"kind": "fire"}]
    return state([card("Golem", kind, immunities=immunities), card("Squire"),
                  card("Sword", "item", on=on), card("Claw", "body_part", on="Golem"),
                  card("Rank", "level_up", on="Golem")],
                 [effect("slash", "Sword", "Golem", damage=2, counter="doom"),
                  effect("grip", "Claw", "Golem", removes_immunity="fire", targeted=False),
                  effect("rank", "Rank", "Golem", targeted=False)])


def test_HKK_132_5_1_K_abilities_of_cards_put_on_it_have_no_effect_on_the_creature():
    result = rule(_golem())
    assert affects(result) == {"slash": False, "grip": False, "rank": False}
    assert because(result, "affects", effect="slash") == ["HKK-132.5.1-K"]
    assert damage(result) == {"slash": 0}
    assert because(result, "damage", effect="slash") == ["HKK-132.5.1-K"]
    assert counters(result) == {"slash": (False, False)}
    assert removed(result) == set()                # the body part takes no immunity away
    assert can_target(result) == {"slash": True}    # nothing makes it untargetable


def test_HKK_132_5_1_K_boundary_the_card_that_grants_the_immunity_has_effect():
    result = rule(_golem(grant="Sword"))
    assert affects(result) == {"slash": True, "grip": False, "rank": False}
    assert damage(result) == {"slash": 2}
    assert counters(result) == {"slash": (True, True)}


def test_HKK_132_5_1_K_boundary_an_item_not_put_on_it_is_not_named():
    # "ezek" are the cards put on the creature; an item on the Squire is no source and acts.
    result = rule(_golem(on="Squire"))
    assert affects(result)["slash"] is True
    assert damage(result) == {"slash": 2}


def test_HKK_132_5_1_K_boundary_without_source_immunity_they_act():
    result = rule(_golem(immune=False))
    assert affects(result) == {"slash": True, "grip": True, "rank": True}
    assert removed(result) == {("Golem", "fire", "grip")}


def test_HKK_132_5_1_K_boundary_the_supplement_names_a_creature_not_a_building():
    # "A forrásimmunitással rendelkező lényre": lény, a creature. A building is covered only
    # by 132.5 (sources), and an item is no source (reading, docs/rulebooks/hkk.md).
    result = rule(_golem(kind="building"))
    assert affects(result)["slash"] is True


def test_HKK_132_5_1_K_source_immunity_gained_by_an_event_counts_too():
    doc = _golem(immune=False)
    doc["events"] = [gain("Golem", "source")]
    result = rule(doc)
    assert affects(result) == {"slash": False, "grip": False, "rank": False}


# --- item 6: citations (HKK-132.12, HKK-132.11, HKK-132.2-K) ---------------------------------

def test_HKK_132_12_ordinary_damage_does_not_cite_it():
    # 132.12 is about "Nem lehet megsebezni": no such ability, no 132.12. Plain damage is what
    # is dealt to a card nothing makes immune (132.0); 2 - 5 deals 0, 2 + 1 deals 3.
    doc = state([card("Squire"), card("Orc"), card("Knight", cannot_be_damaged_by=["spell"])],
                [effect("hit", "Orc", "Squire", damage=2, damage_modifiers=[1]),
                 effect("weak", "Orc", "Squire", damage=2, damage_modifiers=[-5]),
                 effect("knight", "Orc", "Knight", damage=1)])
    result = rule(doc)
    assert damage(result) == {"hit": 3, "weak": 0, "knight": 1}
    for name in ("hit", "weak", "knight"):
        assert because(result, "damage", effect=name) == ["HKK-132.0"], name


def test_HKK_132_12_boundary_damage_it_stops_cites_it():
    doc = state([card("Knight", cannot_be_damaged_by=["spell"]), card("Bolt", "spell")],
                [effect("bolt", "Bolt", "Knight", damage=1)])
    assert because(rule(doc), "damage", effect="bolt") == ["HKK-132.12"]


def test_HKK_132_12_an_immunity_stops_damage_even_with_132_12_out_of_force():
    # 132.0 "nincs rá semmilyen hatással" alone gives the 0.
    doc = state([card("Knight", immunities=[{"kind": "source"}]), card("Well", "source")],
                [effect("burn", "Well", "Knight", damage=3)])
    assert damage(rule_without(doc, "HKK-132.12")) == {"burn": 0}


def test_HKK_132_11_can_target_true_does_not_cite_it_when_nothing_is_untargetable():
    # Nothing is "Célozhatatlan": 132.11 plays no part; the choice is allowed as 132.2 allows
    # even an immune card to be chosen (reading, docs/rulebooks/hkk.md).
    doc = state([card("Squire"), card("Bolt", "spell")], [effect("bolt", "Bolt", "Squire")])
    result = rule(doc)
    assert can_target(result) == {"bolt": True}
    assert because(result, "can_target", effect="bolt") == ["HKK-132.2"]


def test_HKK_132_11_boundary_untargetable_cites_it():
    doc = state([card("Scout", untargetable_by=["spell"]), card("Bolt", "spell")],
                [effect("bolt", "Bolt", "Scout")])
    assert because(rule(doc), "can_target", effect="bolt") == ["HKK-132.11"]


def test_HKK_132_2_K_rulings_changed_by_a_removal_do_not_cite_it():
    # Knight loses enchantment immunity to a source (it does not protect against a source,
    # 132.2-K's exception does not apply); the Curse then affects it and goes on. Its rulings
    # rest on the removal, an effect on the Knight (132.0); 132.2-K only forbids a removal
    # ("a képesség az ilyen immunitást nem veheti el") and is cited where it does (issue 52,
    # item 4: it was cited here, for a removal that succeeded).
    doc = state([card("Knight", immunities=[{"kind": "enchantment"}]), card("Drain", "source"),
                 card("Curse", "enchantment"), card("Bolt", "spell")],
                [effect("strip", "Drain", "Knight", removes_immunity="enchantment"),
                 effect("curse", "Curse", "Knight", attach=True),
                 effect("bolt", "Bolt", "Knight", damage=1)])
    result = rule(doc)
    assert removed(result) == {("Knight", "enchantment", "strip")}
    assert because(result, "immunity_removed", by="strip") == ["HKK-132.0"]
    assert because(result, "affects", effect="curse") == ["HKK-132.0"]
    assert because(result, "attach", effect="curse") == ["HKK-132.0"]
    assert because(result, "affects", effect="bolt") == ["HKK-132.0"]
    assert because(result, "affects", effect="strip") == ["HKK-132.0"]


def test_HKK_132_2_K_a_kept_immunity_gives_no_removal_ruling():
    doc = state([card("Knight", immunities=[{"kind": "source"}]), card("Drain", "source")],
                [effect("strip", "Drain", "Knight", removes_immunity="source")])
    result = rule(doc)
    assert kept(result) == {"strip"}
    assert removed(result) == set()


def test_HKK_132_2_K_the_removal_reads_as_text(tmp_path):
    doc = state([card("Knight", immunities=[{"kind": "fire"}]), card("Drain", "source")],
                [effect("strip", "Drain", "Knight", removes_immunity="fire")])
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(doc))
    result = CliRunner().invoke(cli, ["rule", str(path), "--format", "text"])
    assert result.exit_code == 0, result.output
    assert "Effect strip takes the fire immunity of Knight away. [HKK-132.0]\n" \
        in result.output


# --- HKK-INV-6 --------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("text", [
    # the old rule: any removal of a held immunity that does not protect against the effect
    'removed_by(E, T, K) :- state_effect_removes_immunity(E, K), target(E, T), '
    'held_now(T, K), not kept(E).',
    # a counter placed whatever the target's immunity
    'ruled_by(counter(E, true, true), "HKK-132.13") :- state_effect_counter(E, _).',
    # damage dealt by an effect that cannot choose its target
    'ruled_by(damage(E, D), "HKK-132.0") :- unreached(E), state_effect_damage(E, D), D > 0.',
])
def test_HKK_INV_6_a_broken_rule_set_is_caught(monkeypatch, text):
    entry = check_mutant(monkeypatch, BOOK, "HKK-INV-6", text)
    assert entry["status"] == "violated", entry
    assert entry["witness"]["rulebook"] == "hkk"


# --- citations an independent reviewer found wrong or missing -------------------------------

from test_hkk_rules import reaction  # noqa: E402


def test_HKK_132_13_is_not_cited_for_a_counter_on_a_card_without_the_property():
    # 132.13 ("rákerülhet ... jelző, de annak nincs rá semmilyen hatása": the counter can be
    # put on it but has no effect) speaks of a card with this property. The Toad has none:
    # the poison counter is placed and takes effect, by 132.0's plain "has an effect".
    plain = rule(state([card("Toad"), card("Viper")],
                       [effect("bite", "Viper", "Toad", counter="poison")]))
    assert because(plain, "counter", effect="bite") == ["HKK-132.0"]
    # Boundary: with the property, 132.13 is what makes the counter powerless.
    inert = rule(state([card("Toad", counters_without_effect=["poison"]), card("Viper")],
                       [effect("bite", "Viper", "Toad", counter="poison")]))
    assert because(inert, "counter", effect="bite") == ["HKK-132.13"]


def test_HKK_132_2_K_an_item_cannot_take_away_the_source_immunity_that_makes_it_powerless():
    # 132.5.1-K: an item on a source-immune creature has no effect on it; 132.2-K: "egy
    # olyan immunitást, ami védelmet jelent ez ellen a képesség ellen ... nem veheti el" (an
    # ability cannot take away an immunity that protects against that very ability). The
    # Amulet's ability trying to remove the Knight's source immunity is that case.
    result = rule(state(
        [card("Knight", immunities=[{"kind": "source"}]), card("Amulet", "item", on="Knight"),
         card("Well", "source")],
        [effect("amulet", "Amulet", "Knight", removes_immunity="source", targeted=False),
         effect("well", "Well", "Knight")]))
    assert "HKK-132.2-K" in because(result, "immunity_kept", effect="amulet")
    assert because(result, "affects", effect="well")[0] == "HKK-132.0"   # still immune


def test_HKK_132_14_K2_an_automatic_reaction_under_a_ban_cites_the_supplement():
    # 132.14-K2: "ez az automatikus reakciókra is vonatkozik" (this applies to automatic
    # reactions too): the sentence that bans the automatic Echo, besides 132.14's ban.
    result = rule(state(
        [card("Dragon", no_reactions_from=["any"]), card("Seer"), card("Echo", "reaction")],
        reactions=[reaction("echo", "Echo", "Dragon", automatic=True, created_by="Seer")]))
    cited = because(result, "can_react", reaction="echo")
    assert "HKK-132.14" in cited and "HKK-132.14-K2" in cited
