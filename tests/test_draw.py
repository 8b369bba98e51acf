"""``rulings draw`` (issue 28, item 1), redemption's picture: the expected content comes from
the examples' source readings (each example's comment quotes what the rules give), the
numbers from the explanation the picture must agree with."""

import os
import xml.etree.ElementTree as ET

import yaml
from click.testing import CliRunner

from draw_checks import ROOT, SVG, example_path, examples
from pybridge import api
from pybridge.cli.main import cli
from test_cli_usability import imported_after

EXAMPLES = examples("redemption")


def example(name):
    return example_path("redemption", name)


def parsed(text):
    return ET.fromstring(text)


def boxes(root, kind):
    """The rects of ``kind`` (character or card), by id."""
    return {rect.get(f"data-{kind}"): rect for rect in root.iter(f"{SVG}rect")
            if rect.get(f"data-{kind}") is not None}


def texts(root):
    return [element.text for element in root.iter(f"{SVG}text")]


def test_a_three_character_battle_shows_who_is_defeated_and_what_each_faces():
    # the example's reading: "Lightbearer (8/2) is immune to the only evil character, so no
    # strength counts against it; its ally Shieldbearer (6/6) faces all 11 strength against
    # the heroes' total toughness of 8. The evil character faces 14 strength against its 12
    # toughness. Expected: heroes_winning; Shieldbearer and Giant are being defeated."
    root = parsed(api.draw(example("three_character_battle")))
    assert "Heroes winning" in root.find(f"{SVG}title").text
    characters = boxes(root, "character")
    assert {c: r.get("data-defeated") for c, r in characters.items()} == {
        "Lightbearer": "false", "Shieldbearer": "true", "Giant": "true"}
    lines = texts(root)
    assert "faces 11 against toughness 8" in lines          # Shieldbearer
    assert "faces 14 against toughness 12" in lines         # Giant
    assert "faces 0 against toughness 8 (11 ignored)" in lines      # Lightbearer
    # the two sides face each other: heroes left, the evil character right
    assert float(characters["Giant"].get("x")) > float(characters["Lightbearer"].get("x"))
    # the immunity as an arrow
    arrows = [p for p in root.iter(f"{SVG}path") if p.get("data-arrow") == "immunity"]
    assert [a.get("data-id") for a in arrows] == ["light-shield"]


def test_a_card_is_stacked_under_the_character_it_is_played_on():
    # enhancement_bonus: "the Axe (an enhancement giving +5 on Brigand)"; "Page faces 3 < 4
    # (the heroes' total toughness), Squire faces 8 >= 4"
    root = parsed(api.draw(example("enhancement_bonus")))
    cards, characters = boxes(root, "card"), boxes(root, "character")
    axe, brigand = cards["Axe"], characters["Brigand"]
    assert float(axe.get("y")) > float(brigand.get("y")) + float(brigand.get("height")) - 1
    assert float(axe.get("x")) > float(brigand.get("x"))      # indented under its host
    assert float(axe.get("x")) < float(brigand.get("x")) + float(brigand.get("width"))
    assert "evil enhancement +5/+0" in texts(root)
    assert "faces 3 against toughness 4 (5 ignored)" in texts(root)
    assert "faces 8 against toughness 4" in texts(root)


def test_the_faced_numbers_are_the_explanations():
    for path in EXAMPLES:
        result = api.rule(path, explain=True)
        from pybridge.draw.why import facts_of
        faced = {f["character"]: (f["strength"], f["toughness"]) for rule, f in facts_of(result)
                 if rule.startswith("RED-BAT") and "character" in f and "toughness" in f}
        lines = texts(parsed(api.draw(path)))
        for strength, toughness in faced.values():
            assert any(line.startswith(f"faces {strength} against toughness {toughness}")
                       for line in lines), path


def test_every_example_is_drawn_with_a_box_per_character_and_card():
    for path in EXAMPLES:
        with open(path, encoding="utf-8") as handle:
            document = yaml.safe_load(handle)
        root = parsed(api.draw(path))
        assert set(boxes(root, "character")) == {c["id"] for c in document["characters"]}
        assert set(boxes(root, "card")) == {c["id"] for c in document.get("cards", [])}


def test_the_picture_is_the_same_bytes_every_time(tmp_path):
    runner = CliRunner()
    first = runner.invoke(cli, ["draw", example("targeting")])
    second = runner.invoke(cli, ["draw", example("targeting")])
    assert first.exit_code == 0, first.output
    assert first.stdout_bytes == second.stdout_bytes


HOSTILE = ['<script>alert(1)</script>', 'a"b', "c'd", "e&f", "]]>", "<!--x-->"]


def test_every_identifier_is_text_never_markup():
    names = {f"h{i}{bad}" for i, bad in enumerate(HOSTILE)}
    hero, evil, card, curse = sorted(names)[:4]
    document = {
        "rulebook": "redemption",
        "characters": [{"id": hero, "alignment": "good", "strength": 2, "toughness": 1},
                       {"id": evil, "alignment": "evil", "strength": 3, "toughness": 4,
                        "brigade": "<b>"}],
        "cards": [{"id": card, "alignment": "evil", "type": "<i>", "played_on": evil,
                   "strength": 1},
                  {"id": curse, "alignment": "evil"}],
        "immunities": [{"id": "<svg onload=alert(1)>", "holder": hero, "to": card},
                       {"id": "x</text><script>", "holder": hero, "to": {"brigade": "<b>"}}],
        "abilities": [{"id": "<a href='javascript:x'>", "on": curse, "target": hero}],
    }
    text = api.draw(document)
    root = parsed(text)            # well-formed: nothing broke out of an attribute or text
    tags = {element.tag.removeprefix(SVG) for element in root.iter()}
    assert tags <= {"svg", "title", "style", "defs", "marker", "path", "rect", "text", "line"}
    assert "<script" not in text
    # no element got an event handler or a link from an identifier
    assert not [name for element in root.iter() for name in element.attrib
                if name.lower().startswith("on") or name.endswith("href")]
    assert set(boxes(root, "character")) == {hero, evil}
    assert set(boxes(root, "card")) == {card, curse}
    assert hero in texts(root) and evil in texts(root)


def test_several_states_need_a_folder_and_get_a_picture_each(tmp_path):
    runner = CliRunner()
    refused = runner.invoke(cli, ["draw", example("targeting"), example("grant_blocked")])
    assert refused.exit_code == 2
    assert "-o PATH" in refused.output
    done = runner.invoke(cli, ["draw", example("targeting"), example("grant_blocked"),
                               "-o", str(tmp_path / "pictures")])
    assert done.exit_code == 0, done.output
    assert sorted(os.listdir(tmp_path / "pictures")) == ["grant_blocked.svg", "targeting.svg"]
    one = runner.invoke(cli, ["draw", example("targeting"), "-o", str(tmp_path / "one.svg")])
    assert one.exit_code == 0
    assert (tmp_path / "one.svg").read_text(encoding="utf-8") == \
        api.draw(example("targeting"))


def test_a_bad_document_is_refused_with_its_path(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("rulebook: redemption\ncharacters:\n  - {id: a, alignment: good, "
                    "strength: x, toughness: 1}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["draw", str(path)])
    assert result.exit_code == 2
    assert "characters[0].strength" in result.output


def test_rule_does_not_import_the_drawing_code():
    loaded = imported_after(["rule", example("three_character_battle")])
    assert not {m for m in loaded if m.startswith(("pybridge.draw", "pybridge.cli.draw"))}
    assert "pybridge.draw.redemption" in imported_after(
        ["draw", example("three_character_battle")])


README_PICTURES = {"redemption": "enhancement_bonus", "hkk": "fallen_card_grants_nothing",
                   "b5": "we_bt_and_kd", "chronopia": "cover_and_range"}


def test_the_readmes_pictures_are_what_draw_draws_now():
    # README: one picture per rulebook, the committed SVG regenerated and compared
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    for rulebook, name in README_PICTURES.items():
        assert f"(docs/pictures/{rulebook}.svg)" in readme
        path = os.path.join(ROOT, "docs", "pictures", f"{rulebook}.svg")
        with open(path, encoding="utf-8") as handle:
            committed = handle.read()
        drawn = api.draw(example_path(rulebook, name))
        assert committed == drawn, f"regenerate: rulings draw examples/{rulebook}/{name}.yaml " \
                                   f"-o docs/pictures/{rulebook}.svg"


def test_an_empty_state_of_every_rulebook_is_drawn():
    # (an enumeration's first class is often the state with nothing in it: b5's witness
    # {"rulebook": "b5", "beings": []} once stopped `rulings report` with an internal error)
    for rulebook in ("redemption", "hkk", "b5", "chronopia"):
        result = CliRunner().invoke(cli, ["draw", "-"], input=f"rulebook: {rulebook}\n")
        assert result.exit_code == 0, (rulebook, result.output)
        assert ET.fromstring(result.stdout).get("data-rulebook") == rulebook
