"""``rulings draw``, chronopia's picture: the table to scale, models, range bands, lines of
sight, cover and the numbers beside the models. The expected content comes from the examples'
comments (each test quotes the sentence it relies on) or, where no example has it (terrain,
a blocked line), from the source the rules quote; the numbers are checked against the
rulings and their explanation, never against the picture's own output."""

import math
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import yaml
from click.testing import CliRunner

from chronopia_shots import LONG, model, shoot, shooter, state
from draw_checks import SVG, example_path, examples
from pybridge import api
from pybridge.books.chronopia.geometry import BASE_DIAMETER
from pybridge.books.chronopia.kinds import REFUSALS
from pybridge.cli.main import cli
from test_cli_usability import imported_after

EXAMPLES = examples("chronopia")
TAGS = {"svg", "title", "style", "defs", "marker", "path", "rect", "text", "line", "circle"}


def example(name):
    return example_path("chronopia", name)


def parsed(source):
    return ET.fromstring(api.draw(source))


def scale(root):
    """px per inch, as the table says."""
    (table,) = [r for r in root.iter(f"{SVG}rect") if r.get("data-px-per-inch")]
    return float(table.get("data-px-per-inch"))


def circles(root):
    """The bases, by model."""
    return {c.get("data-model"): c for c in root.iter(f"{SVG}circle")
            if c.get("data-model") is not None}


def centre(circle):
    return float(circle.get("cx")), float(circle.get("cy"))


def sights(root):
    return {p.get("data-sight"): p for p in root.iter(f"{SVG}path")
            if p.get("data-sight") is not None}


def beside(root, ident):
    """The text elements of a model's label."""
    return [t for t in root.iter(f"{SVG}text") if t.get("data-model") == ident]


def words(root, ident):
    return " ".join(t.text for t in beside(root, ident))


def texts(root):
    return [t.text for t in root.iter(f"{SVG}text")]


def numbers(root, ident, attribute):
    return {t.get(attribute) for t in beside(root, ident) if t.get(attribute) is not None}


def classes(element):
    return set(element.get("class").split())


# --- every example ------------------------------------------------------------------------

def test_every_example_is_drawn_with_one_base_per_model():
    for path in EXAMPLES:
        with open(path, encoding="utf-8") as handle:
            document = yaml.safe_load(handle)
        root = parsed(path)
        bases = [c for c in root.iter(f"{SVG}circle") if c.get("data-model") is not None]
        assert sorted(c.get("data-model") for c in bases) == \
            sorted(m["id"] for m in document["models"]), path
        assert {t.tag.removeprefix(SVG) for t in root.iter()} <= TAGS, path


def test_every_number_beside_a_model_is_a_rulings():
    for path in EXAMPLES:
        result = api.rule(path, explain=True)
        root = parsed(path)
        for kind, attribute, who in (("hit_number", "data-hit", "target"),
                                     ("save_number", "data-save", "target"),
                                     ("friendly_fire_number", "data-friendly-fire", "friend")):
            ruled = {(r[who], str(r["value"])) for r in result["rulings"] if r["kind"] == kind}
            drawn = {(t.get("data-model"), t.get(attribute)) for t in root.iter(f"{SVG}text")
                     if t.get(attribute) is not None}
            assert drawn == ruled, (path, kind)


def test_the_picture_is_the_same_bytes_every_time():
    runner = CliRunner()
    for name in ("cover_and_range", "terror_facing_horror"):
        first = runner.invoke(cli, ["draw", example(name)])
        second = runner.invoke(cli, ["draw", example(name)])
        assert first.exit_code == 0, first.output
        assert first.stdout_bytes == second.stdout_bytes


# --- the table to scale --------------------------------------------------------------------

def test_twelve_inches_are_twelve_grid_squares():
    # twelve_inch_rule: "The Spears stand exactly 12 inches ahead of the Archer"
    root = parsed(example("twelve_inch_rule"))
    bases, inch = circles(root), scale(root)
    (ax, ay), (sx, sy) = centre(bases["Archer"]), centre(bases["Spear"])
    assert math.isclose(math.hypot(sx - ax, sy - ay), 12 * inch, abs_tol=0.02)
    # the grid's lines at y = 0 and y = 12 run through the two centres, 12 squares apart
    rows = {int(line.get("data-y")): float(line.get("y1")) for line in root.iter(f"{SVG}line")
            if line.get("data-y") is not None}
    assert math.isclose(rows[0], ay, abs_tol=0.02) and math.isclose(rows[12], sy, abs_tol=0.02)
    assert sum(1 for y in rows if 0 < y < 12) == 11
    assert all(math.isclose(rows[y + 1] - rows[y], -inch, abs_tol=0.02)
               for y in rows if y + 1 in rows)
    # "ahead": the rulebook's y grows upward (facing 90 is towards +y), and so does the table
    assert sy < ay
    # the line of sight to the Spear is labelled with the explanation's 12 inches
    labels = [t.text for t in root.iter(f"{SVG}text")
              if t.get("data-sight-label") == "Archer|Spear"]
    assert labels == ["12 in"]


def test_bases_have_their_size_class_diameter():
    # larger_target_behind_smaller: "The Ogre (size 4) stands 15 inches from the Archer behind
    # a Goblin (size 2) at 8.5 inches"; the schema: size class 1..5 is a base of 0.75, 1, 1.5,
    # 2, 3 inches
    root = parsed(example("larger_target_behind_smaller"))
    bases, inch = circles(root), scale(root)
    assert math.isclose(float(bases["Ogre"].get("r")), float(BASE_DIAMETER[4]) / 2 * inch)
    assert math.isclose(float(bases["Goblin"].get("r")), float(BASE_DIAMETER[2]) / 2 * inch)
    (ax, ay), (ox, oy) = centre(bases["Archer"]), centre(bases["Ogre"])
    assert math.isclose(math.hypot(ox - ax, oy - ay), 15 * inch, abs_tol=0.02)


def test_the_facing_tick_points_where_the_model_faces():
    # cover_and_range: the Archer faces 90 (towards +y: up), the Knight 270 (down)
    root = parsed(example("cover_and_range"))
    ticks = {line.get("data-facing"): line for line in root.iter(f"{SVG}line")
             if line.get("data-facing") is not None}
    up, down = ticks["Archer 1"], ticks["Knight"]
    assert float(up.get("y2")) < float(up.get("y1"))
    assert float(down.get("y2")) > float(down.get("y1"))
    assert any("y grows upward" in text for text in texts(root))


# --- shots ------------------------------------------------------------------------------------

def test_range_bands_hit_and_save_numbers_beside_the_target():
    # cover_and_range: "Archer 1 (RS 14) shoots at the Knight 15 inches away in heavy cover (a
    # crossbow: short 10, medium 20, max 30)"; "Archer 1: hit_number 14 - 4 - 4 = 6 (C36-HIT,
    # C36-RANGE, C36-COVER) ... save_number 14 - 3 = 11 (C36-SAVE)"; "heavy cover costs -4"
    root = parsed(example("cover_and_range"))
    inch = scale(root)
    assert numbers(root, "Knight", "data-hit") == {"6"}
    assert numbers(root, "Knight", "data-save") == {"11"}
    assert numbers(root, "Knight", "data-cover") == {"-4"}
    assert "heavy" in words(root, "Knight")
    rings = {}
    for element in root.iter():
        if element.get("data-range", "").startswith("Archer 1|"):
            if element.tag == f"{SVG}circle":
                reach = float(element.get("r"))
            else:
                reach = float(re.search(r"A ([\d.]+) ", element.get("d")).group(1))
            rings[element.get("data-range")] = reach
    assert math.isclose(rings["Archer 1|short|10"], 10 * inch)
    assert math.isclose(rings["Archer 1|medium|20"], 20 * inch)
    assert sights(root)["Archer 1|Knight"].get("data-verdict") == "legal"


def test_out_of_range_has_no_hit_number():
    # cover_and_range: "Archer 2 of the same unit shoots at it from 30.7 inches"; "Archer 2:
    # out_of_range (C36-RANGE), no hit number"
    root = parsed(example("cover_and_range"))
    line = sights(root)["Archer 2|Knight"]
    assert line.get("data-verdict") == "out_of_range"
    assert "clear" in classes(line)
    assert numbers(root, "Knight", "data-out-of-range") == {"true"}
    # the Knight's only hit number is Archer 1's (above): Archer 2 gives none
    assert numbers(root, "Knight", "data-hit") == {"6"}


def test_a_refused_target_says_why_and_has_no_numbers():
    # twelve_inch_rule: "the shot named at the Knight is refused (target_refused, reason
    # enemy_within_12, C36-PRI-D), so it has no hit number"
    root = parsed(example("twelve_inch_rule"))
    line = sights(root)["Archer|Knight"]
    assert line.get("data-verdict") == "refused"
    assert line.get("data-reason") == "enemy_within_12"
    assert {"clear", "refused"} <= classes(line)     # a priority, not a blocked line
    assert numbers(root, "Knight", "data-refused") == {"enemy_within_12"}
    assert REFUSALS["enemy_within_12"] in words(root, "Knight")
    assert not numbers(root, "Knight", "data-hit")
    # "the Spear is the only legal target"
    assert sights(root)["Archer|Spear"].get("data-verdict") == "legal"


def test_the_nearest_model_is_the_legal_target():
    # nearest_model_priority: "Soldier 1 is the only legal target ...; the shot named at the
    # Captain is refused (target_refused, C36-PRI-A). The volley at Soldier 1 ...: hit_number
    # 11 ...; save_number 12 - 3 = 9"; "(no model stands on another's line of fire)"
    root = parsed(example("nearest_model_priority"))
    lines = sights(root)
    assert lines["Archer|Soldier 1"].get("data-verdict") == "legal"
    assert lines["Archer|Captain"].get("data-verdict") == "refused"
    assert not any("blocked" in classes(line) for line in lines.values())
    assert numbers(root, "Soldier 1", "data-hit") == {"11"}
    assert numbers(root, "Soldier 1", "data-save") == {"9"}


def test_friendly_fire_number_beside_the_friend():
    # shooting_into_melee: "hit_number 12 - 2 = 10 ...; friendly_fire_number against Sword 1:
    # 12 + 2 = 14 (C36-MELEE, C-INT-2); save_number 14 - 3 = 11"
    root = parsed(example("shooting_into_melee"))
    assert numbers(root, "Sword 1", "data-friendly-fire") == {"14"}
    assert not numbers(root, "Sword 2", "data-friendly-fire")
    assert numbers(root, "Troll", "data-hit") == {"10"}
    assert numbers(root, "Troll", "data-save") == {"11"}
    # shooting_into_melee_friend_unseen: "hit_number 12 - 1 = 11 ...; no friendly_fire_number"
    unseen = parsed(example("shooting_into_melee_friend_unseen"))
    assert not [t for t in unseen.iter(f"{SVG}text") if t.get("data-friendly-fire")]
    assert numbers(unseen, "Troll", "data-hit") == {"11"}


def test_a_flier_within_12_inches_binds_the_shooter():
    # flier: "the shot named at Rider is refused (target_refused, C36-PRI-D). The shot at the
    # Bat ...: hit_number 11 (C36-HIT); ... save_number 9 - 3 = 6"
    root = parsed(example("flier"))
    assert sights(root)["Archer|Rider"].get("data-verdict") == "refused"
    assert numbers(root, "Bat", "data-hit") == {"11"}
    assert numbers(root, "Bat", "data-save") == {"6"}
    # the Bat flies at altitude 4, the Archer stands on a 5-inch hill (the state's numbers)
    assert "flies at 4 in" in words(root, "Bat")
    assert "elevation 5 in" in words(root, "Archer")


# --- blocked lines and terrain (no example has them: the source the rules quote) ---------------

def knight_behind(*pieces, extra=()):
    doc = state([shooter(), model("Knight", position=(0, 10), stats={"ar": 12}), *extra],
                [shoot(target="Knight", arms=LONG)])
    doc["terrain"] = list(pieces)
    return doc


def test_a_wall_taller_than_the_target_blocks_the_line_and_is_named():
    # C36-LOS-WALL: «Mauern und Hecken blockieren die LOS wenn sie grösser als das Ziel sind»;
    # the Knight (size 2) is 2 inches tall, the hedge 2.5 inches
    hedge = {"id": "Hedge", "kind": "wall", "from": [-3, 8], "to": [3, 8], "height": 2.5}
    root = parsed(knight_behind(hedge))
    line = sights(root)["Archer|Knight"]
    assert "blocked" in classes(line) and line.get("data-reason") == "behind_wall"
    label = " ".join(t.text for t in root.iter(f"{SVG}text")
                     if t.get("data-sight-label") == "Archer|Knight")
    assert "Hedge" in label and "2.5 in" in label
    (piece,) = [p for p in root.iter(f"{SVG}line") if p.get("data-terrain") == "Hedge"]
    assert "blocking" in classes(piece)
    assert not numbers(root, "Knight", "data-hit")


def test_a_model_on_the_line_blocks_it_and_is_ringed():
    # C36-LOS-MODELS (asp/chronopia/targeting.lp): a model whose base touches the line of fire
    # blocks it; a friend at (0.2, 5) stands on the line from (0, 0) to (0, 10)
    friend = model("Friend", army="Orcs", position=(0.2, 5), facing=90)
    root = parsed(knight_behind(extra=[friend]))
    line = sights(root)["Archer|Knight"]
    assert "blocked" in classes(line) and line.get("data-reason") == "model_in_the_way"
    rings = [c for c in root.iter(f"{SVG}circle") if c.get("data-blocks") == "Archer|Knight"]
    assert [c.get("data-model-blocking") for c in rings] == ["Friend"]
    assert centre(rings[0]) == centre(circles(root)["Friend"])


def test_scrub_on_the_line_gives_light_cover():
    # C36-COVER: «Hierzu zählen Dornengestrüpp, Unterholz und Dschungel. Eine Figur hinter
    # solchem Gelände steht in leichter Deckung»: -2; RS 12 at short range: 12 - 2 = 10
    thorns = {"id": "Thorns", "kind": "scrub", "from": [-3, 8], "to": [3, 8], "height": 1}
    root = parsed(knight_behind(thorns))
    assert "clear" in classes(sights(root)["Archer|Knight"])
    assert numbers(root, "Knight", "data-hit") == {"10"}
    assert numbers(root, "Knight", "data-cover") == {"-2"}
    assert "Thorns" in words(root, "Knight")
    (piece,) = [p for p in root.iter(f"{SVG}line") if p.get("data-terrain") == "Thorns"]
    assert {"ch-terrain", "scrub", "cover"} <= classes(piece)


# --- other queries ------------------------------------------------------------------------------

def test_spells_and_morale_tests_are_worded_below_and_beside():
    # cast_and_resist: "cast_number 15 - 4 = 11 (C37-CAST); resist_number 9 - 4 = 5
    # (C37-RESIST)"
    lines = texts(parsed(example("cast_and_resist")))
    assert any("Shaman casts on 11 or less." in line for line in lines)
    assert any("Knight resists Shaman's spell on 5 or less." in line for line in lines)
    # terror_facing_horror: "the Wraith tests the Lich's horror as terror on 10 ...; it is
    # immune to the Hound's fear ...; the Ghoul tests horror on 7" (a fear-causer treats only
    # horror's effects as terror's, issue 52)
    root = parsed(example("terror_facing_horror"))
    lines = texts(root)
    assert any("Wraith tests horror as terror on 10 or less." in line for line in lines)
    assert any("Wraith is immune to fear." in line for line in lines)
    assert any("Ghoul tests horror on 7 or less." in line for line in lines)
    assert "immune to fear" in words(root, "Wraith")
    links = {line.get("data-link") for line in root.iter(f"{SVG}line") if line.get("data-link")}
    assert {"Lich|Wraith", "Hound|Wraith", "Lich|Ghoul"} <= links


# --- identifiers are text ---------------------------------------------------------------------

HOSTILE = ['<script>alert(1)</script>', 'a"b', "c'd", "e&f", "]]>", "<!--x-->"]


def test_every_identifier_is_text_never_markup():
    names = sorted(f"m{i}{bad}" for i, bad in enumerate(HOSTILE))
    archer, knight, friend, hedge, bad_army, query = names
    document = {
        "rulebook": "chronopia",
        "models": [
            {"id": archer, "unit": "<u onload=x>", "army": "<b>&", "size": 2,
             "position": [0, 0], "facing": 90, "stats": {"rs": 12}},
            {"id": knight, "army": bad_army, "size": 2, "position": [0, 10], "facing": 270,
             "stats": {"ar": 12, "ld": 9}},
            {"id": friend, "army": "<b>&", "size": 2, "position": [4, 5], "facing": 90,
             "stats": {"mg": 12}},
        ],
        "terrain": [{"id": hedge, "kind": "scrub", "from": [-3, 8], "to": [3, 8],
                     "height": 1}],
        "queries": [
            {"id": query, "shoot": {"shooter": archer, "target": knight,
                                    "weapon": {"short": 10, "medium": 20, "max": 30,
                                               "damage": 3}}},
            {"id": "x</text><script>", "cast": {"caster": friend, "target": knight, "spell": {
                "level": 2, "resistable": True, "offensive": True}}},
        ],
    }
    text = api.draw(document)
    root = ET.fromstring(text)          # well-formed: nothing broke out of an attribute
    assert {element.tag.removeprefix(SVG) for element in root.iter()} <= TAGS
    assert "<script" not in text
    assert not [name for element in root.iter() for name in element.attrib
                if name.lower().startswith("on") or name.endswith("href")]
    assert set(circles(root)) == {archer, knight, friend}
    shown = texts(root)
    assert archer in shown and knight in shown and friend in shown
    assert any(hedge in line for line in shown)
    assert sights(root)[f"{archer}|{knight}"] is not None


def test_draw_imports_the_chronopia_picture_and_rule_does_not():
    assert "pybridge.draw.chronopia" in imported_after(["draw", example("flier")])
    assert not {m for m in imported_after(["rule", example("flier")])
                if m.startswith("pybridge.draw")}


def test_a_state_without_models_or_queries_draws_an_empty_table():
    root = ET.fromstring(api.draw({"rulebook": "chronopia"}))
    assert not circles(root)
    assert scale(root) > 0
    assert Fraction(root.get("width")) > 0
