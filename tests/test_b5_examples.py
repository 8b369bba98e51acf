"""Every b5 example runs, names the rule it shows and gives the rulings its comment promises.

The expectations restate each example's own comment (worked out there by hand from chapter
B.5 and the T.4 changes, ../shared/rules/b5.md, and docs/rulebooks/b5.md's contract). A ruling is a
tuple: the kind, then its fields in the order the docs/rulebooks/b5.md lists them, e.g.
``("protected", "Flotte Nord", "Mahlstrom 0412", "movement")``. ``exact``: all the rulings;
``only``: for each kind named, the exact set of that kind; ``has``: rulings that must
be there; ``cites``: IDs each named ruling's ``because`` must contain.
"""

import re
from pathlib import Path

import pytest

import pybridge
from ruling_tuples import B5_CONTRACT, tuple_maker

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "b5"
FIELDS = B5_CONTRACT
as_tuple = tuple_maker(FIELDS)

FLEET, MAEL, DRUID = "Flotte Sturmvogel", "Mahlstrom 0412", "Druide Aldan"
UNICORN, KING, WJ = "Einhorn Silbermähne", "König Ardan", "Weiße Jungfrau"
NORTH, SOUTH, GALLEY = "Flotte Nord", "Flotte Süd", "Galeere Seeadler"
WE = "Wacht am Pass"

B5 = {
    "druid_protects_fleet_in_maelstrom.yaml": dict(
        exact={("protected", FLEET, MAEL, "conflict"), ("only_retreat_from", FLEET, "effect"),
               ("must_retreat", FLEET, MAEL)},
        cites={("protected", FLEET, MAEL, "conflict"): ["B.5.2.1", "B.5.2.2", "B.5.2.5"],
               ("only_retreat_from", FLEET, "effect"): ["B.5.2.7"],
               ("must_retreat", FLEET, MAEL): ["B.5.2.7", "B5-INT-4"]}),
    "unicorn_refused_cn_field.yaml": dict(
        exact={("protected", UNICORN, "Chaosnebel", "movement"),
               ("entry_forbidden", UNICORN, "0521"), ("order_refused", "Zug 7")},
        cites={("protected", UNICORN, "Chaosnebel", "movement"): ["B.5.2.1", "B.5.2.2", "T4-8"],
               ("entry_forbidden", UNICORN, "0521"): ["T4-1"],
               ("order_refused", "Zug 7"): ["B.5.2.6", "T4-1"]}),
    "discovery_wins_preconflict.yaml": dict(
        exact={("protected", "Flotte Möwe", "Mahlstrom 0414", "movement"),
               ("main_conflict_lost", "Entdeckung 3")},
        cites={("protected", "Flotte Möwe", "Mahlstrom 0414", "movement"): ["B.5.2.1",
                                                                            "B.5.2.2"],
               ("main_conflict_lost", "Entdeckung 3"): ["B.5.2.6"]}),
    "retreat_field_and_none.yaml": dict(
        only={"immune": {("immune", GALLEY, MAEL)},
              "protected": set(),
              "protected_from_effect": {
                  ("protected_from_effect", NORTH, MAEL, "sinking", "movement"),
                  ("protected_from_effect", SOUTH, MAEL, "sinking", "movement")},
              "must_retreat": {("must_retreat", NORTH, MAEL)},
              "destroyed": {("destroyed", SOUTH, MAEL)},
              "order_refused": set(), "main_conflict_lost": set(), "entry_forbidden": set()},
        has={("only_retreat_from", NORTH, "effect")},
        cites={("immune", GALLEY, MAEL): ["B.5.1", "B.5.2.8", "B5-INT-1"],
               ("protected_from_effect", NORTH, MAEL, "sinking", "movement"):
                   ["B.5.2.4", "B.5.2.8", "B5-INT-1"],
               ("protected_from_effect", SOUTH, MAEL, "sinking", "movement"):
                   ["B.5.2.4", "B.5.2.8", "B5-INT-1"],
               ("must_retreat", NORTH, MAEL): ["B.5.2.7", "B5-INT-4"],
               ("only_retreat_from", NORTH, "effect"): ["B.5.2.7"],
               ("destroyed", SOUTH, MAEL): ["B.5.2.7", "B5-INT-4"]}),
    "galley_sinking_only.yaml": dict(
        exact={("immune", GALLEY, MAEL),
               ("protected_from_effect", NORTH, MAEL, "sinking", "movement"),
               ("subject_to_effect", NORTH, MAEL, "whirl"), ("destroyed", NORTH, MAEL)},
        cites={("protected_from_effect", NORTH, MAEL, "sinking", "movement"):
               ["B.5.2.4", "B.5.2.8", "B5-INT-1"],
               ("subject_to_effect", NORTH, MAEL, "whirl"): ["B.5.2.4"],
               ("destroyed", NORTH, MAEL): ["B.5.2.3"]}),
    "inactive_cn_no_ban.yaml": dict(
        exact={("protected", UNICORN, "Pest 0520", "movement"),
               ("protected", UNICORN, "Chaosnebel", "movement"),
               ("must_retreat", UNICORN, "Pest 0520"), ("only_retreat_from", UNICORN, "effect")},
        cites={("protected", UNICORN, "Chaosnebel", "movement"): ["T4-8"],
               ("must_retreat", UNICORN, "Pest 0520"): ["B.5.2.7"]}),
    "hindered_with_a_free_retreat_field.yaml": dict(
        exact={("protected", UNICORN, "Pest 0520", "movement"),
               ("protected", UNICORN, "Chaosnebel", "movement"),
               ("entry_forbidden", UNICORN, "0521"),
               ("must_retreat", UNICORN, "Pest 0520"), ("only_retreat_from", UNICORN, "effect")},
        cites={("entry_forbidden", UNICORN, "0521"): ["T4-1"],
               ("must_retreat", UNICORN, "Pest 0520"): ["B.5.2.7"]}),
    "apparition_active_later.yaml": dict(
        exact={("protected", UNICORN, "Chaosnebel", "movement"),
               ("protected", "Flotte Kranich", "Chaosnebel", "movement"),
               ("must_retreat", "Flotte Kranich", "Chaosnebel"),
               ("only_retreat_from", "Flotte Kranich", "effect")},
        cites={("must_retreat", "Flotte Kranich", "Chaosnebel"): ["B.5.2.7"],
               ("protected", UNICORN, "Chaosnebel", "movement"): ["T4-8"]}),
    "king_wj_errata.yaml": dict(
        edition="errata",
        exact={("destroyed", KING, WJ)},
        cites={("destroyed", KING, WJ): ["B.5.2.3"]}),
    "king_wj_original.yaml": dict(
        edition="original",
        exact={("protected_from_effect", KING, WJ, "petrification", "movement"),
               ("subject_to_effect", KING, WJ, "curse"), ("must_retreat", KING, WJ),
               ("only_retreat_from", KING, "effect")},
        cites={("protected_from_effect", KING, WJ, "petrification", "movement"):
               ["B.5.2.1", "B.5.2.2", "B.5.2.4", "B.5.2.8", "B5-INT-1"],
               ("subject_to_effect", KING, WJ, "curse"): ["B.5.2.4"],
               ("must_retreat", KING, WJ): ["B.5.2.7", "B5-INT-4"],
               ("only_retreat_from", KING, "effect"): ["B.5.2.7"]}),
    "protected_too_late_to_be_banned.yaml": dict(
        exact={("protected", "Flotte Kormoran", "Chaosnebel", "retreat"),
               ("protected", "Flotte Reiher", "Chaosnebel", "conflict")},
        cites={("protected", "Flotte Kormoran", "Chaosnebel", "retreat"): ["B.5.2.1",
                                                                          "B.5.2.4"],
               ("protected", "Flotte Reiher", "Chaosnebel", "conflict"): ["B.5.2.1",
                                                                         "B.5.2.2",
                                                                         "B.5.2.5"]}),
    "druid_after_the_sinking.yaml": dict(
        exact={("protected_from_effect", "Flotte Sturmvogel", "Mahlstrom 0412", "sinking", "effect"),
               ("subject_to_effect", "Flotte Sturmvogel", "Mahlstrom 0412", "drift"),
               ("subject_to_effect", "Flotte Sturmvogel", "Mahlstrom 0412", "sinking"),
               ("destroyed", "Flotte Sturmvogel", "Mahlstrom 0412"),
               ("protected_from_effect", "Flotte Möwe", "Mahlstrom 0413", "sinking", "effect"),
               ("subject_to_effect", "Flotte Möwe", "Mahlstrom 0413", "drift"),
               ("must_retreat", "Flotte Möwe", "Mahlstrom 0413"),
               ("only_retreat_from", "Flotte Möwe", "effect")},
        cites={("protected_from_effect", "Flotte Sturmvogel", "Mahlstrom 0412", "sinking",
                "effect"): ["B.5.2.1", "B.5.2.2", "B.5.2.4", "B.5.2.5"],
               ("subject_to_effect", "Flotte Möwe", "Mahlstrom 0413", "drift"): ["B.5.2.4"],
               ("destroyed", "Flotte Sturmvogel", "Mahlstrom 0412"): ["B.5.2.3", "B5-INT-4",
                                                                     "B.5.2.5"],
               ("must_retreat", "Flotte Möwe", "Mahlstrom 0413"): ["B.5.2.7", "B5-INT-4"]}),
    "we_bt_and_kd.yaml": dict(
        exact={("immune", WE, "Kältebann"), ("destroyed", WE, "Blitzsturm")},
        cites={("immune", WE, "Kältebann"): ["B.5.1", "T4-7"],
               ("destroyed", WE, "Blitzsturm"): ["B.5.2.3"]}),
}


def test_every_example_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("*.yaml")) == sorted(B5)
    assert len(B5) >= 6


def test_the_king_pair_is_one_state_under_two_editions():
    errata = pybridge.load(EXAMPLES / "king_wj_errata.yaml")
    original = pybridge.load(EXAMPLES / "king_wj_original.yaml")
    assert errata.pop("edition") == "errata"
    assert original.pop("edition") == "original"
    assert errata == original
    # The caller's edition overrides the document's own.
    assert pybridge.rule(errata, edition="original")["rulings"] == \
        pybridge.rule(EXAMPLES / "king_wj_original.yaml")["rulings"]
    assert pybridge.rule(original)["rulings"] == \
        pybridge.rule(EXAMPLES / "king_wj_errata.yaml")["rulings"]


def test_the_guards_rule_the_other_way_round_in_the_original_edition():
    # T4-7-ORIG, as the example's comment says: immune to bt, destroyed by kd.
    result = pybridge.rule(EXAMPLES / "we_bt_and_kd.yaml", edition="original")
    assert {as_tuple(r) for r in result["rulings"]} == \
        {("immune", WE, "Blitzsturm"), ("destroyed", WE, "Kältebann")}


@pytest.mark.parametrize("name", sorted(B5))
def test_b5_example(name):
    path = EXAMPLES / name
    text = path.read_text(encoding="utf-8")
    assert re.search(r"^# .*\b(B\.5\.\d|T4-\d)", text, re.M), "each example's comment names its rule"
    assert re.search(r"^# Expected:", text, re.M), "each example's comment says what to expect"
    expected = B5[name]
    result = pybridge.rule(path)
    assert result["status"] == "ok", result
    assert result["edition"] == expected.get("edition", "errata")
    got = {as_tuple(r) for r in result["rulings"]}
    if "exact" in expected:
        assert got == expected["exact"]
    for kind, rulings in expected.get("only", {}).items():
        assert {r for r in got if r[0] == kind} == rulings, kind
    assert expected.get("has", set()) <= got
    for ruling, cited in expected.get("cites", {}).items():
        (match,) = [r for r in result["rulings"] if as_tuple(r) == ruling]
        assert set(cited) <= set(match["because"]), (ruling, match["because"])
