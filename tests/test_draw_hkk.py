"""``rulings draw`` for hkk: the expected content comes from the examples' comments (each
quotes what the rules give), the numbers from the rulings and the explanation the picture
must agree with."""

import xml.etree.ElementTree as ET

import yaml
from click.testing import CliRunner

from draw_checks import SVG, example_path, examples
from pybridge import api
from pybridge.cli.main import cli
from pybridge.draw.why import facts_of

EXAMPLES = examples("hkk")


def example(name):
    return example_path("hkk", name)


def drawn(name):
    return ET.fromstring(api.draw(example(name)))


def cards(root):
    """The card boxes, by id."""
    return {rect.get("data-card"): rect for rect in root.iter(f"{SVG}rect")
            if rect.get("data-card") is not None}


def inside(root, card):
    """The badges [kind, words, struck or not] and the other lines of ``card``'s box: the
    elements drawn after its rect, in order, before the next card's box (a badge's words are
    the texts in its colour after it, one or more lines)."""
    badges, lines, within = [], [], False
    for element in root:
        if element.get("data-card") is not None:
            within = element.get("data-card") == card
        elif within and element.get("data-badge") is not None:
            badges.append([element.get("data-badge"), None, element.get("opacity") is not None])
        elif within and element.tag == f"{SVG}text" and element.get("fill") and badges:
            badges[-1][1] = " ".join(filter(None, [badges[-1][1], element.text]))
        elif within and element.tag == f"{SVG}text":
            lines.append(element.text)
    return [tuple(badge) for badge in badges], lines


def arrows(root, kind):
    return {path.get("data-id"): path for path in root.iter(f"{SVG}path")
            if path.get("data-arrow") == kind}


def label(root, ident):
    (text,) = [t.text for t in root.iter(f"{SVG}text") if t.get("data-label") == ident]
    return text


def events(root):
    """The timeline's boxes: number -> the lines written in it."""
    found, current = {}, None
    for element in root:
        if element.get("data-event") is not None:
            current = found.setdefault(int(element.get("data-event")), [])
        elif current is not None and element.tag == f"{SVG}text":
            current.append(element.text)
    return {number: lines[1:] for number, lines in found.items()}   # past the number


def test_an_immune_card_is_targeted_but_not_affected_and_fire_damage_is_zero():
    # fire_immunity: "The Salamander is immune to fire." "Expected: the Volcano's eruption
    # does not affect the Salamander (affects false, HKK-132.0 with HKK-132.9) though it may
    # target it (HKK-132.2); the Drake's hit deals 0 damage (HKK-132.9); the Orc's hit deals 4
    # (4 with no modifiers); both hits affect it (affects true)."
    root = drawn("fire_immunity")
    assert inside(root, "Salamander")[0] == [("immunity", "immune to fire", False)]
    effects = arrows(root, "effect")
    assert list(effects) == ["eruption", "drake-hit", "orc-hit"]
    assert "may target" in label(root, "eruption")
    assert "does not affect" in label(root, "eruption")
    assert "illegal" in effects["eruption"].get("class").split()
    for hit in ("drake-hit", "orc-hit"):
        assert "affects" in label(root, hit).split(": ")[1].split(" · ")
        assert "legal" in effects[hit].get("class").split()
    assert "damage 0" in label(root, "drake-hit")
    assert "damage 4" in label(root, "orc-hit")
    title = root.find(f"{SVG}title").text
    assert title.startswith("3 effects: 2 affect their target, 1 does not")


def test_untargetable_and_immune_are_two_badges_and_the_arrow_says_both():
    # immune_and_untargetable: "the Phantom is both immune to sources and untargetable by
    # sources." "Expected: status ok; drain may not choose its target (can_target legal false,
    # HKK-132.11); drain does not affect the Phantom (affects false, ...)."
    root = drawn("immune_and_untargetable")
    assert inside(root, "Phantom")[0] == [("immunity", "immune to source", False),
                                          ("untargetable", "untargetable by source", False)]
    assert inside(root, "Well of Shadows")[0] == []
    assert label(root, "drain") == "drain: may not target · does not affect"


def test_a_card_that_cannot_be_damaged_takes_no_damage_whatever_modifies_it():
    # cannot_be_damaged: "The Gate (a building) cannot be damaged; the Ogre hits it for 3, with
    # modifiers +2 and +1 that would raise the damage to 3 + 2 + 1 = 6. Expected: the Ogre's
    # hit deals 0 damage (damage amount 0, HKK-132.12). The Gate holds no immunity, so the hit
    # may target it and affects it"
    root = drawn("cannot_be_damaged")
    assert inside(root, "Gate")[0] == [("cannot_be_damaged", "cannot be damaged", False)]
    assert label(root, "hit") == "hit: may target · affects · damage 0 (would be 6)"
    # the 6 is the explanation's, not added up here
    result = api.rule(example("cannot_be_damaged"), explain=True)
    assert {f["modified"] for _, f in facts_of(result) if "modified" in f} == {6}


def test_what_is_put_on_a_card_is_stacked_under_it_and_its_grants_are_struck():
    # disarmed_by_source_immunity: "The Amulet (an item) and the Rank (a level-up) are put on
    # it; the Amulet grants it fire immunity, the Rank poison immunity." "Expected: the Amulet
    # and the Rank grant nothing (grant_without_effect, HKK-132.5.1-K); the hit deals its full
    # 4 (no fire immunity, HKK-132.0); the poison counter is placed and takes effect (...);
    # the Aura cannot be put on the Golem and does not affect it (attach allowed false, ...)"
    root = drawn("disarmed_by_source_immunity")
    boxes = cards(root)
    golem = boxes["Golem"]
    for card in ("Amulet", "Rank"):
        box = boxes[card]
        assert float(box.get("y")) >= float(golem.get("y")) + float(golem.get("height"))
        assert float(golem.get("x")) < float(box.get("x")) < \
            float(golem.get("x")) + float(golem.get("width"))     # indented under its host
    badges, lines = inside(root, "Golem")
    assert badges == [("immunity", "immune to source", False),
                      ("immunity", "immune to fire · granted by Amulet", True),
                      ("immunity", "immune to poison · granted by Rank", True)]
    assert "without effect: Amulet has no effect on Golem" in lines
    assert "without effect: Rank has no effect on Golem" in lines
    assert "damage 4" in label(root, "hit")
    assert "counter placed, takes effect" in label(root, "bite")
    assert label(root, "aura") == "aura: does not affect · cannot be put on it"
    assert "illegal" in arrows(root, "effect")["aura"].get("class").split()


def test_a_removed_immunity_is_struck_and_one_not_reached_is_kept():
    # no_effect_no_removal: "no immunity removed from the Salamander, and the fire hit deals it
    # 0 (HKK-132.9). drain-shade takes the Shade's fire immunity away (immunity_removed,
    # HKK-132.0: an effect on the Shade ...): the hit on the Shade deals 4."
    root = drawn("no_effect_no_removal")
    badges, lines = inside(root, "Shade")
    assert badges == [("immunity", "immune to fire", True)]
    assert "removed by drain-shade" in lines
    assert not [struck for _, _, struck in inside(root, "Salamander")[0] if struck]
    assert "removes fire immunity" in label(root, "drain-shade")
    assert "removes" not in label(root, "drain")
    assert "may not target" in label(root, "dispel")
    assert "damage 0" in label(root, "hit") and "damage 4" in label(root, "hit-shade")


def test_the_events_are_a_timeline_in_order_with_what_falls_off_at_each():
    # fallen_card_grants_nothing: "First it gains source immunity from a Rune (not on it);
    # afterwards an event says the Halo grants it source immunity. Expected: the Halo and the
    # Curse of Rust fall off at the first event (falls_off, HKK-132.5.1); the later grant by
    # the fallen Halo is ruled ineffective (grant_ineffective, HKK-132.5.1)"
    root = drawn("fallen_card_grants_nothing")
    timeline = events(root)
    assert list(timeline) == [1, 2]
    assert timeline[1][:2] == ["Paladin gains source immunity", "granted by Rune"]
    assert {"Halo falls off Paladin", "Curse of Rust falls off Paladin"} <= set(timeline[1])
    assert timeline[2][:2] == ["Paladin gains source immunity", "granted by Halo"]
    assert not [line for line in timeline[2] if "falls off" in line]
    assert any(line.startswith("ineffective") for line in timeline[2])
    # the boxes follow the order: the first event left of (or above) the second
    boxes = {int(r.get("data-event")): r for r in root.iter(f"{SVG}rect")
             if r.get("data-event")}
    assert float(boxes[1].get("x")) < float(boxes[2].get("x"))
    badges, _ = inside(root, "Paladin")
    assert [struck for _, _, struck in badges] == [False, True]       # the Halo's grant
    assert all("out" in cards(root)[c].get("class").split() for c in ("Halo", "Curse of Rust"))


def test_poison_counters_fall_off_at_the_event_with_the_explanations_count():
    # poison_immunity_gained: "The Toad carries 2 poison counters, then gains poison immunity
    # from the Antidote Charm (an item on it) by an event." "Expected: the poison counters fall
    # off the Toad (counters_removed Toad poison, HKK-132.3); the bite's poison counter is not
    # placed and so has no effect (counter placed false, effective false, HKK-132.3); the bite
    # may target the Toad (HKK-132.2) but does not affect it"
    root = drawn("poison_immunity_gained")
    assert "2 poison counters fall off Toad" in events(root)[1]
    assert label(root, "bite") == "bite: may target · does not affect · counter not placed"
    badges, _ = inside(root, "Toad")
    assert badges == [("immunity", "immune to poison · event 1 · granted by Antidote Charm",
                       False)]


def test_the_literal_and_intended_editions_differ_on_the_ward():
    # literal: "Expected: the Ward falls off the Knight and the Curse falls off the Knight
    # ...; the Ward's grant ends with it"; intended: "Expected: the Curse falls off the Knight
    # (falls_off, HKK-132.6); the Ward does not fall off"
    literal = drawn("self_granted_enchantment_immunity_literal")
    intended = drawn("self_granted_enchantment_immunity_intended")
    assert set(events(literal)[1][2:]) == {"ended: Ward has fallen off",
                                           "Ward falls off Knight", "Curse falls off Knight"}
    assert events(intended)[1][2:] == ["Curse falls off Knight"]
    assert "out" in cards(literal)["Ward"].get("class").split()
    assert "out" not in cards(intended)["Ward"].get("class").split()
    assert "edition intended" in intended.find(f"{SVG}title").text


def test_reactions_are_arrows_labelled_with_what_they_may_do():
    # elenios_ban_automatic_reaction: "Expected: echo may not react (can_react false, ...);
    # echo waits (HKK-132.14-K2); echo inherits from Elenios Seer (HKK-132.16); trick may react
    # (can_react true)."
    root = drawn("elenios_ban_automatic_reaction")
    reactions = arrows(root, "reaction")
    assert list(reactions) == ["echo", "trick"]
    assert label(root, "echo") == \
        "echo (automatic): may not react · waits · inherits from Elenios Seer"
    assert label(root, "trick") == "trick: may react"
    assert "illegal" in reactions["echo"].get("class").split()
    assert "legal" in reactions["trick"].get("class").split()


def test_untargetable_only_by_the_named_form():
    # untargetable: "The Scout is untargetable by spells and holds no immunity." "Expected: bolt
    # may not choose its target (...); beacon may (can_target legal true). Nothing shields the
    # Scout, so the beacon affects it"
    root = drawn("untargetable")
    assert inside(root, "Scout")[0] == [("untargetable", "untargetable by spell", False)]
    assert label(root, "bolt").startswith("bolt: may not target")
    assert label(root, "beacon") == "beacon: may target · affects"


def test_every_example_draws_a_box_per_card_an_arrow_per_effect_and_reaction():
    for path in EXAMPLES:
        with open(path, encoding="utf-8") as handle:
            document = yaml.safe_load(handle)
        root = ET.fromstring(api.draw(path))
        ids = [c["id"] for c in document["cards"]]
        assert sorted(cards(root)) == sorted(ids), path
        assert len([r for r in root.iter(f"{SVG}rect") if r.get("data-card")]) == len(ids)
        assert list(arrows(root, "effect")) == [e["id"] for e in document.get("effects", [])]
        assert list(arrows(root, "reaction")) == [r["id"] for r in document.get("reactions", [])]
        assert list(events(root)) == list(range(1, len(document.get("events", [])) + 1))


def test_the_damage_on_the_picture_is_the_rulings():
    for path in EXAMPLES:
        result = api.rule(path, explain=True)
        root = ET.fromstring(api.draw(path))
        for ruling in result["rulings"]:
            if ruling["kind"] == "damage":
                assert f"damage {ruling['amount']}" in label(root, ruling["effect"]), path


def test_the_picture_is_the_same_bytes_every_time():
    runner = CliRunner()
    first = runner.invoke(cli, ["draw", example("no_effect_no_removal")])
    second = runner.invoke(cli, ["draw", example("no_effect_no_removal")])
    assert first.exit_code == 0, first.output
    assert first.stdout_bytes == second.stdout_bytes
    assert first.stdout_bytes.startswith(b"<svg")


HOSTILE = ['<script>alert(1)</script>', 'a"b', "c'd", "e&f", "]]>", "<!--x-->"]


def test_every_identifier_is_text_never_markup():
    host, source, item, spell = (f"h{i}{bad}" for i, bad in enumerate(HOSTILE[:4]))
    document = {
        "rulebook": "hkk",
        "cards": [{"id": host, "kind": "creature", "faction": "<b>", "colour": "x&y",
                   "counters": {"<i>poison": 1}, "immunities": [{"kind": "fire",
                                                                  "granted_by": item}],
                   "no_reactions_from": [{"faction": "<svg onload=alert(1)>"}]},
                  {"id": item, "kind": "item", "on": host},
                  {"id": source, "kind": "source", "subtypes": ["fire"]},
                  {"id": spell, "kind": "spell", "spell_type": "<script>"}],
        "effects": [{"id": "<a href='javascript:x'>", "by": source, "target": host},
                    {"id": "]]><!--", "by": item, "target": source, "damage": 1}],
        "reactions": [{"id": "x</text><script>", "by": spell, "to": host,
                       "created_by": item}],
        "events": [{"gain_immunity": {"card": host, "kind": "poison", "granted_by": item}}],
    }
    text = api.draw(document)
    root = ET.fromstring(text)     # well-formed: nothing broke out of an attribute or text
    tags = {element.tag.removeprefix(SVG) for element in root.iter()}
    assert tags <= {"svg", "title", "style", "defs", "marker", "path", "rect", "text", "line"}
    assert "<script" not in text
    assert not [name for element in root.iter() for name in element.attrib
                if name.lower().startswith("on") or name.endswith("href")]
    assert sorted(cards(root)) == sorted([host, item, source, spell])
    written = [t.text for t in root.iter(f"{SVG}text")]
    assert host in written and "spell · spell_type <script>" in written
    assert list(arrows(root, "effect")) == ["<a href='javascript:x'>", "]]><!--"]
    assert list(arrows(root, "reaction")) == ["x</text><script>"]


def test_rule_does_not_import_hkk_drawing():
    from test_cli_usability import imported_after
    assert "pybridge.draw.hkk" not in imported_after(["rule", example("fire_immunity")])
    assert "pybridge.draw.hkk" in imported_after(["draw", example("fire_immunity")])


def test_a_cost_an_immunity_to_a_card_and_a_damage_element_are_drawn():
    # immune_to_a_card: "the Knight is immune to the Dragon ({card: Dragon}), and to
    # reactions"; rulings and badges name an immunity to a card card(X).
    root = drawn("immune_to_a_card")
    assert inside(root, "Knight")[0] == [("immunity", "immune to card(Dragon)", False),
                                         ("immunity", "immune to reaction", False)]
    assert "does not affect" in label(root, "breath") and "damage 0" in label(root, "breath")
    # damage_element: "The Wand ... has a direct-damage ability dealing fire damage"; the
    # Drake's bite names no element.
    root = drawn("damage_element")
    assert "fire damage 0 (would be 3)" in label(root, "zap")
    assert "fire damage 0 (would be 3)" in label(root, "breath")
    assert "damage 3" in label(root, "bite") and "fire" not in label(root, "bite")
    # cost_ban: "The Wizard cannot be reacted to with reactions of cost 1 ({cost: 1})".
    root = drawn("cost_ban")
    assert "no reactions from: cost 1" in inside(root, "Wizard")[1]
    assert "reaction · cost 1" in inside(root, "Spark")[1]
    assert "may not react" in label(root, "spark") and "may react" in label(root, "flicker")
