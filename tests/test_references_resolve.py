"""References resolve or are refused (issue 12, item 5): in b5 an immunity or protection must
name an element of the document (its id or its type) or an element type the tables know; a
name that is none of these (a misspelt id) is an error naming its path, not a silent 'the
fleet is destroyed'."""

import pytest

import pybridge
from pybridge.errors import InputError


def fleet_in_maelstrom(**fleet):
    return {"rulebook": "b5",
            "beings": [{"id": "Fleet 1", "type": "fleet", "field": "0421", **fleet}],
            "elements": [{"id": "Maelstrom 0421", "type": "MA", "field": "0421",
                          "destroys": ["fleet"]}]}


@pytest.mark.parametrize("fleet, path", [
    ({"immune_to": ["Maelstrom 0412"]}, "beings[0].immune_to[0]"),
    ({"immune_to": ["MA", "Malestrom"]}, "beings[0].immune_to[1]"),
    ({"protected_from": ["Maelstrom 0412"]}, "beings[0].protected_from[0]"),
    ({"protected_from": [{"element": "XX", "from": "effect"}]},
     "beings[0].protected_from[0].element"),
])
def test_b5_an_immunity_or_protection_naming_nothing_is_refused(fleet, path):
    with pytest.raises(InputError) as caught:
        pybridge.rule(fleet_in_maelstrom(**fleet))
    assert caught.value.path == path
    assert "unknown element or element type" in caught.value.message


def test_b5_a_protection_from_nothing_known_is_refused():
    document = fleet_in_maelstrom()
    document["beings"].append({"id": "Druid", "type": "D", "field": "0420"})
    document["protections"] = [{"by": "Druid", "from": "Maelstorm", "field": "0421",
                                "arrives": "movement"}]
    with pytest.raises(InputError) as caught:
        pybridge.rule(document)
    assert caught.value.path == "protections[0].from"


@pytest.mark.parametrize("name", ["Maelstrom 0421", "MA", "WJ", "CN", "kd", "forced_movement"])
def test_b5_element_ids_their_types_and_table_types_resolve(name):
    # The element's id, its type, or a type the tables know (T.4's WJ, CN, kd; B.5.2.8's
    # forced movements) even when no such element is in this state.
    result = pybridge.rule(fleet_in_maelstrom(immune_to=[name]))
    assert result["status"] == "ok"


def test_b5_the_refused_name_is_echoed_cut():
    with pytest.raises(InputError) as caught:
        pybridge.rule(fleet_in_maelstrom(immune_to=["M" * 100_000]))
    assert len(str(caught.value)) < 300
    assert "(100000 characters)" in str(caught.value)


# --- valid input that was refused (issue 12, item 12) ---------------------------------------

def _chronopia(queries, second_position=(5, 0)):
    return {"rulebook": "chronopia", "models": [
        {"id": "A", "army": "X", "size": 2, "position": [0, 0], "facing": 0, "stats": {"ld": 8}},
        {"id": "B", "army": "Y", "size": 2, "position": list(second_position), "facing": 180,
         "causes": "fear"}], "queries": queries}


def test_chronopia_a_query_may_be_named_like_another_querys_position():
    # As redemption's immunities: the query without an id is then "queries[0] (no id)".
    fear = {"unit": "A", "factor": "fear", "causer": "B"}
    result = pybridge.rule(_chronopia([{"morale": fear}, {"id": "queries[0]", "morale": fear}]))
    assert result["status"] == "ok"


def test_chronopia_two_models_on_one_spot_are_refused():
    with pytest.raises(InputError) as caught:
        pybridge.rule(_chronopia([], second_position=(0, 0)))
    assert caught.value.path == "models[1].position"
    assert "the same spot as models[0]" in caught.value.message
