"""``rulings draw`` for b5 (issue 28, item 1): fields with beings and elements, protections
as spans on the turn's timeline, orders as arrows; the expected content from the examples'
comments (what the rules give), quoted beside each assertion."""

import xml.etree.ElementTree as ET

import yaml

from draw_checks import SVG, example_path, examples
from pybridge import api

EXAMPLES = examples("b5")


def picture(name):
    return ET.fromstring(api.draw(example_path("b5", name)))


def tagged(root, tag, attribute):
    return {e.get(attribute): e for e in root.iter(f"{SVG}{tag}") if e.get(attribute)}


def texts(root):
    return [e.text for e in root.iter(f"{SVG}text")]


def test_immune_to_one_danger_and_destroyed_by_the_other():
    # we_bt_and_kd: "the guards are immune to the kd (immune, B.5.1 and T4-7) and,
    # unprotected, are destroyed by the bt (destroyed, B.5.2.3)"
    root = picture("we_bt_and_kd")
    guard = tagged(root, "rect", "data-being")["Wacht am Pass"]
    assert "defeated" in guard.get("class").split()
    assert "immune to Kältebann" in texts(root)
    assert "destroyed by Blitzsturm" in texts(root)
    assert set(tagged(root, "rect", "data-element")) == {"Kältebann", "Blitzsturm"}


def test_protections_are_spans_from_the_phase_they_begin():
    # protected_too_late_to_be_banned: "Kormoran is protected from the fog from the retreat
    # phase ..., Reiher from the conflict phase"; "no order is refused"
    root = picture("protected_too_late_to_be_banned")
    phases = {e.get("data-phase"): float(e.get("x")) for e in root.iter(f"{SVG}text")
              if e.get("data-phase")}
    spans = [e for e in root.iter(f"{SVG}rect") if e.get("data-span") == "protected"]
    starts = sorted(float(e.get("x")) for e in spans)
    # a span starts within the column of its phase (the phase's name is centred on it)
    assert len(starts) == 2
    assert abs(starts[0] - phases["conflict"]) < 80 and abs(starts[1] - phases["retreat"]) < 80
    orders = [p for p in root.iter(f"{SVG}path") if p.get("data-arrow") == "order"]
    assert sorted(p.get("data-id") for p in orders) == ["Zug 1", "Zug 2"]
    assert all("legal" in p.get("class").split() for p in orders)


def test_a_refused_order_is_a_red_arrow_and_its_being_may_not_enter():
    # unicorn_refused_cn_field: "entering 0521 is forbidden to it (entry_forbidden, T4-1); the
    # move is not carried out (order_refused, B.5.2.6 and T4-1)"
    root = picture("unicorn_refused_cn_field")
    (order,) = [p for p in root.iter(f"{SVG}path") if p.get("data-arrow") == "order"]
    assert "illegal" in order.get("class").split()
    assert "may not enter 0521" in texts(root)


def test_every_example_has_a_box_per_field_being_and_element():
    for path in EXAMPLES:
        with open(path, encoding="utf-8") as handle:
            document = yaml.safe_load(handle)
        root = ET.fromstring(api.draw(path))
        assert set(tagged(root, "rect", "data-being")) == {b["id"] for b in document["beings"]}
        assert set(tagged(root, "rect", "data-element")) == \
            {e["id"] for e in document.get("elements", [])}
        fields = {b["field"] for b in document["beings"]} | \
            {e["field"] for e in document.get("elements", [])}
        assert fields <= set(tagged(root, "rect", "data-field"))
        assert api.draw(path) == api.draw(path)


def test_identifiers_are_text_never_markup():
    bad = '<script>alert(1)</script>"&\''
    document = {"rulebook": "b5",
                "beings": [{"id": f"b{bad}", "type": "fleet", "field": "0412"}],
                "elements": [{"id": f"e{bad}", "type": "MA", "field": "0412",
                              "destroys": ["fleet"]}],
                "orders": [{"id": f"o{bad}", "being": f"b{bad}", "kind": "move",
                            "to": "0413"}]}
    text = api.draw(document)
    root = ET.fromstring(text)
    assert "<script" not in text
    assert {e.tag.removeprefix(SVG) for e in root.iter()} <= {
        "svg", "title", "style", "defs", "marker", "path", "rect", "text", "line"}
    assert not [n for e in root.iter() for n in e.attrib
                if n.lower().startswith("on") or n.endswith("href")]
    assert f"b{bad}" in texts(root) and f"e{bad}" in texts(root)
