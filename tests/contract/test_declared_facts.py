"""The input facts are declared once (pybridge/books/declared.py): a rulebook's
``facts()`` and ``document()`` both follow from its declarations, so they must be inverse.
Every example of every registered rulebook goes to facts, back to a document, and to facts
again: the same facts, and a document the rulebook validates. (The analysis's own round trip,
from states of the generated space, is tests/contract/test_state_spaces.py's.)"""

from pathlib import Path

import pytest

from pybridge.books import RULEBOOKS
from pybridge.books.declared import (
    KEY,
    OUTER,
    Boolean,
    Elements,
    Every,
    Fact,
    Facts,
    Field,
    Flag,
    Items,
    Name,
    Present,
    Records,
    Which,
)
from pybridge.documents.loading import load_document
from pybridge.engine.symbols import Const, fact
from pybridge.errors import InputError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _valid(book, path):
    try:
        return book.validate(load_document(str(path)))
    except InputError:
        return None                      # an example of an input error: it has no facts


def _examples():
    for name, book in RULEBOOKS.items():
        for path in sorted((EXAMPLES / name).glob("*.yaml")):
            if _valid(book, path) is not None:
                yield pytest.param(name, path, id=f"{name}/{path.stem}")


@pytest.mark.parametrize(("name", "path"), list(_examples()))
def test_every_example_goes_to_facts_and_back(name, path):
    book = RULEBOOKS[name]
    state = _valid(book, path)
    facts = book.facts(state)
    document = book.document(facts)
    if book.witness_inputs:
        # Its source facts (chronopia's positions) are no facts of a document: the bridge
        # gives what it derives from them instead. Without them the document read back is
        # not valid (an analysis witness has them: tests/contract/test_state_spaces.py), so its
        # declared facts are compared.
        declared = book.declared.facts(document)
        assert sorted(map(str, declared)) == sorted(map(str, book.declared.facts(state)))
        assert book.document(declared) == document
        return
    again = book.facts(book.validate(document))
    assert sorted(map(str, again)) == sorted(map(str, facts)), document
    assert book.document(again) == document


def test_every_rulebook_declares_its_document_and_facts():
    for name, book in RULEBOOKS.items():
        assert isinstance(book.declared, Facts), name
        assert book.declared.rulebook == name
        assert book.spec.fields["rulebook"].values == (name,)    # books.base.state_document
        assert f"(default {book.default_edition};" in book.spec.about["edition"], name
        assert book.default_edition in book.encoding.editions, name


# The declarations themselves, on a small made-up document.
TOY = Facts(
    "toy",
    Fact("state_phase", Name("phase")),
    records=(
        Records("units",
                Fact("state_unit", KEY, Name("side"), "size"),
                Fact("state_leader", KEY, "leader"),
                Fact("state_tag", KEY, Every("tags")),
                Fact("state_count", KEY, Items("counts")),
                Fact("state_roll", KEY, Const("first"), "roll.first"),
                Fact("state_roll", KEY, Const("again"), "roll.again"),
                Flag("state_hidden", "visible", False),
                Flag("state_ready", "ready", True, otherwise=False),
                # a list of two shapes: a plain name, or a record of two arguments
                Fact("state_mark", KEY, Every("marks", when=lambda m: isinstance(m, str))),
                Fact("state_mark_at", KEY,
                     Every("marks", lambda m, _: (m["mark"], m["at"]),
                           lambda v, _: {"mark": v[0], "at": v[1]},
                           when=lambda m: isinstance(m, dict), width=2)),
                Fact("state_speed", KEY, Field("speed", default=1)),
                Present("state_routed", "route"),
                Fact("state_route", KEY, Every("route")),
                Fact("state_span", KEY, Elements("span", 2)),
                Fact("state_at", KEY, Elements("at", 2), source=True),
                always=True),
        Records("orders", Fact("state_order", KEY, "unit"), key="#1"),
        # records of one of two kinds, a field each
        Records("plays",
                Fact("state_play", KEY, Which(("move", "hold"))),
                Fact("state_pace", KEY, "move.speed", within="move"),
                Fact("state_pace", KEY, "hold.speed", within="hold"),
                Fact("state_via", KEY, Every("move.via"), within="move", otherwise=[]),
                Flag("state_braced", "hold.braced", otherwise=False, within="hold")),
        # records identified by a pair of fields, each field optional
        Records("links",
                Fact("state_link_cost", KEY, "cost"),
                Fact("state_link_open", KEY, Boolean("open")),
                key=("a", "b"), any_makes=True),
        Records("squads",
                Fact("state_pair", KEY,
                     Every("pairs", lambda v, _: tuple(v), lambda v, _: list(v), width=2)),
                Fact("state_step", KEY, Every("steps", numbered=0)),
                Fact("state_note", KEY, Every("notes", order=str)),
                nested=(Records("grants", Fact("state_grant", OUTER, "what"),
                                Fact("state_grant_by", OUTER, "what", "by"), key=None),)),
    ))


# Every of two arguments, of positions (read back in place, 10 after 9) and sorted (by str,
# not the facts' repr); records without a key, read back by joining their facts (each
# record gives its own: state_grant("s1","v") twice).
SQUADS = [{"id": "s1", "pairs": [[1, 2]], "steps": list(range(10, -1, -1)),
           "notes": ["a", "a b"],
           "grants": [{"what": "v", "by": "p"}, {"what": "v", "by": "q"}, {"what": "w"}]}]
SQUAD_FACTS = ['state_pair("s1",1,2)', 'state_note("s1","a")', 'state_note("s1","a b")',
               'state_grant("s1","v")', 'state_grant("s1","v")',
               'state_grant("s1","w")', 'state_grant_by("s1","v","p")',
               'state_grant_by("s1","v","q")'] + [f'state_step("s1",{i},{10 - i})'
                                                 for i in range(11)]


def test_a_declaration_gives_facts_and_reads_them_back():
    document = {
        "phase": "battle",
        "units": [{"id": "u1", "side": "red", "size": 3, "leader": "Ann", "tags": ["a", "b"],
                   "counts": {"x": 1}, "roll": {"first": 4, "again": 2}, "visible": False,
                   "ready": True, "marks": ["m", {"mark": "n", "at": 2}], "speed": 3,
                   "route": ["p", "q"]},
                  {"id": "u2", "side": "blue", "size": 1, "visible": True, "ready": False,
                   "route": []}],
        "orders": [{"unit": "u2"}, {"unit": "u1"}],
        "squads": SQUADS,
    }
    facts = TOY.facts(document)
    assert sorted(map(str, facts)) == sorted([
        "state_phase(battle)", 'state_unit("u1",red,3)', 'state_leader("u1","Ann")',
        'state_tag("u1","a")', 'state_tag("u1","b")', 'state_count("u1","x",1)',
        'state_roll("u1",first,4)', 'state_roll("u1",again,2)', 'state_hidden("u1")',
        'state_ready("u1")', 'state_mark("u1","m")', 'state_mark_at("u1","n",2)',
        'state_speed("u1",3)', 'state_routed("u1")', 'state_route("u1","p")',
        'state_route("u1","q")', 'state_unit("u2",blue,1)', 'state_speed("u2",1)',
        'state_routed("u2")', 'state_order(1,"u2")', 'state_order(2,"u1")'] + SQUAD_FACTS)
    back = TOY.document(facts)
    # an absent optional field stays absent, one with a default is written out, as is a
    # flag with an "otherwise" and a list given empty; a record keyed by position comes back
    # in its place, without its key
    assert back == {
        "rulebook": "toy", "phase": "battle",
        "units": [{"id": "u1", "side": "red", "size": 3, "leader": "Ann", "tags": ["a", "b"],
                   "counts": {"x": 1}, "roll": {"first": 4, "again": 2}, "visible": False,
                   "ready": True, "marks": ["m", {"mark": "n", "at": 2}], "speed": 3,
                   "route": ["p", "q"]},
                  {"id": "u2", "side": "blue", "size": 1, "ready": False, "speed": 1,
                   "route": []}],
        "orders": [{"unit": "u2"}, {"unit": "u1"}], "squads": SQUADS}


def test_a_fact_of_another_list_makes_no_record():
    """Only the first declaration of a list makes its records: a shared fact
    (state_leader of a unit) does not invent an order."""
    facts = TOY.facts({"phase": "battle", "units": [{"id": "u1", "side": "red", "size": 1,
                                                     "leader": "Ann"}], "orders": []})
    assert "orders" not in TOY.document(facts)
    assert [u["id"] for u in TOY.document(facts)["units"]] == ["u1"]


def test_kinds_pairs_and_sources():
    """A record of one of several kinds (Which, within, otherwise), records keyed by a pair
    (any of their facts makes one), a list of fixed length (Elements), and a source fact:
    read back, never made."""
    document = {
        "units": [{"id": "u1", "side": "red", "size": 1, "span": [2, 3], "at": [5, 6]}],
        "plays": [{"id": "p1", "move": {"speed": 4, "via": ["x", "y"]}},
                  {"id": "p2", "hold": {"speed": 1, "braced": True}},
                  {"id": "p3", "move": {"speed": 2, "via": []}}],
        "links": [{"a": "u1", "b": "u2", "cost": 3}, {"a": "u2", "b": "u1", "open": False}],
    }
    facts = TOY.facts(document)
    assert sorted(map(str, facts)) == sorted([
        'state_unit("u1",red,1)', 'state_speed("u1",1)', 'state_span("u1",2,3)',
        'state_play("p1",move)', 'state_pace("p1",4)', 'state_via("p1","x")', 'state_via("p1","y")',
        'state_play("p2",hold)', 'state_pace("p2",1)', 'state_braced("p2")',
        'state_play("p3",move)', 'state_pace("p3",2)', 'state_link_cost("u1","u2",3)',
        'state_link_open("u2","u1",false)'])
    assert TOY.witness_inputs == (("state_at", 3),)
    with_source = facts + [fact("state_at", "u1", 5, 6)]
    back = TOY.document(with_source)
    assert back["units"] == [{"id": "u1", "side": "red", "size": 1, "span": [2, 3],
                              "at": [5, 6], "ready": False, "speed": 1}]
    assert back["plays"] == [{"id": "p1", "move": {"speed": 4, "via": ["x", "y"]}},
                             {"id": "p2", "hold": {"speed": 1, "braced": True}},
                             {"id": "p3", "move": {"speed": 2, "via": []}}]
    assert back["links"] == document["links"]
    assert TOY.document(facts)["units"][0].get("at") is None
