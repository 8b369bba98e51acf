"""YAML is read with the 1.2 core schema (issue 12, items 3 and 12): integers are decimal only
(no octal ``010`` = 8, no sexagesimal ``1:30`` = 90, no hexadecimal, no underscores); a plain
scalar in a field declared as a string keeps its text (a b5 field ``0412`` is "0412"); an
explicitly tagged ``!!int`` is a number; a merge key's override is not a duplicate."""

import pytest

import pybridge
from pybridge.documents.loading import parse_document
from pybridge.errors import InputError


def read(text):
    return parse_document(text.encode(), "state.yaml")


def battle(strength, toughness="1"):
    return read("rulebook: redemption\ncharacters:\n"
                f"  - {{id: H, alignment: good, strength: {strength}, toughness: {toughness}}}\n"
                "  - {id: E, alignment: evil, strength: 0, toughness: 9}\n")


@pytest.mark.parametrize("text, value", [("010", 10), ("0010", 10), ("-07", -7), ("+5", 5),
                                         ("9", 9)])
def test_integers_are_decimal_whatever_their_leading_zeros(text, value):
    result = pybridge.rule(battle(text))
    assert result["status"] == "ok"
    assert battle(text)["characters"][0]["strength"] == value


@pytest.mark.parametrize("text", ["1:30", "0o17", "0x1F", "1_000", "0b101"])
def test_other_integer_notations_are_text_and_refused_as_numbers(text):
    with pytest.raises(InputError) as caught:
        pybridge.rule(battle(text))
    assert caught.value.path == "characters[0].strength"
    assert f"expected an integer, got a string '{text}'" in caught.value.message


def b5_fleet(field, retreat="0413", ident="Fleet 1"):
    return read(f"rulebook: b5\nbeings:\n  - {{id: {ident}, type: fleet, field: {field}, "
                f"retreat_to: [{retreat}]}}\n"
                f"elements:\n  - {{id: M, type: MA, field: {field}, destroys: [fleet]}}\n")


@pytest.mark.parametrize("field", ["0412", "0418", "412", "1.50", "1e3", ".inf",
                                   "9" * 400, "-0"])
def test_b5_a_plain_field_is_its_text_never_an_octal_number(field):
    # "0412" is the field 0412 (not 266 in octal, not 412): the fleet and the maelstrom share
    # it, so the fleet is destroyed in "0412" as written (no protection, B.5.2.3).
    result = pybridge.rule(b5_fleet(field))
    assert result["status"] == "ok"
    assert {"kind": "destroyed", "being": "Fleet 1", "element": "M",
            "because": ["B.5.2.3"]} in result["rulings"]


def test_b5_fields_that_differ_only_by_leading_zeros_are_different_fields():
    document = read("rulebook: b5\nbeings:\n  - {id: F, type: fleet, field: 0412}\n"
                    "elements:\n  - {id: M, type: MA, field: 412, destroys: [fleet]}\n")
    result = pybridge.rule(document)
    assert result["rulings"] == []     # the maelstrom is in another field


def test_a_plain_number_as_an_id_is_its_text():
    document = b5_fleet("0412", ident="007")
    result = pybridge.rule(document)
    assert {r.get("being") for r in result["rulings"]} == {"007"}


@pytest.mark.parametrize("tagged", ["!!int 7", "!!float 1.5", "!!int '0412'"])
def test_an_explicitly_tagged_number_is_a_number(tagged):
    with pytest.raises(InputError) as caught:
        pybridge.rule(read(f"rulebook: b5\nbeings:\n  - {{id: {tagged}, type: fleet, "
                           "field: A}\n"))
    assert caught.value.path == "beings[0].id"
    assert "expected a string" in caught.value.message


def test_a_plain_decimal_is_exact_in_a_number_field():
    # chronopia lengths are exact decimals: 12.10 is 121/10, however it is written.
    assert read("x: 12.10")["x"] == 12.1


def test_a_merge_key_override_is_not_a_duplicate():
    document = read("rulebook: redemption\ncharacters:\n"
                    "  - &h {id: H1, alignment: good, strength: 2, toughness: 2}\n"
                    "  - {<<: *h, id: H2}\n"
                    "  - {id: E, alignment: evil, strength: 1, toughness: 9}\n")
    assert [c["id"] for c in document["characters"]] == ["H1", "H2", "E"]
    assert document["characters"][1]["strength"] == 2
    assert pybridge.rule(document)["status"] == "ok"


def test_a_key_written_twice_next_to_a_merge_is_still_a_duplicate():
    document = read("rulebook: redemption\ncharacters:\n"
                    "  - &h {id: H1, alignment: good, strength: 2, toughness: 2}\n"
                    "  - {<<: *h, id: H2, id: H3}\n")
    with pytest.raises(InputError, match="duplicate key 'id'"):
        pybridge.rule(document)
