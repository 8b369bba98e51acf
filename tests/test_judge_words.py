"""Listings that read like a judge (issue 28, item 5): a class is described by its witness's
rulings in the sentences `rule` uses, and witnesses name their objects by role ("hero 1",
"evil 2"), not by placeholder ("character1")."""

import json

import pytest
from click.testing import CliRunner

from pybridge import api
from pybridge.books import get
from pybridge.cli.main import cli
from shared_results import shared

SMALL = ["--characters", "2", "--immunities", "1", "--abilities", "0", "--features", "0"]


def listing(*args):
    """The JSON of ``rulings ARGS``, run once per session (the default diffs are the ones
    test_diff_citations.py, test_coverage.py and test_hkk_analysis.py read)."""
    result = shared(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def said_by_rule(book, document):
    """What `rule` says of a state, as a listing's class says it: each ruling's sentence
    with its citations."""
    return [f"{book.kind_by_name[r['kind']].text(r)} [{', '.join(r['because'])}]"
            for r in api.rule(document)["rulings"]]


def test_a_class_says_what_rule_says_of_its_witness():
    book = get("redemption")
    classes = listing("enumerate", "redemption", *SMALL)["classes"]
    assert len(classes) > 10
    for entry in classes:
        assert entry["says"] == said_by_rule(book, entry["witness"]), entry


def test_witnesses_name_characters_hero_and_evil():
    classes = listing("enumerate", "redemption", *SMALL)["classes"]
    for entry in classes:
        characters = entry["witness"]["characters"]
        heroes = [c["id"] for c in characters if c["alignment"] == "good"]
        evil = [c["id"] for c in characters if c["alignment"] == "evil"]
        assert heroes == [f"hero {n}" for n in range(1, len(heroes) + 1)]
        assert evil == [f"evil {n}" for n in range(1, len(evil) + 1)]
        for immunity in entry["witness"].get("immunities", []):
            assert immunity["id"].startswith("immunity ")


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


@pytest.mark.slow
def test_b5_witnesses_name_fields_by_letter():
    # "Witnesses use placeholder names (field "f", ...). Name by role: ... "field A"."
    # (the default listing, shared with tests/test_listing_defaults.py)
    classes = json.loads(shared("enumerate", "b5", "--format", "json").stdout)["classes"]
    fields = {b["field"] for entry in classes for b in entry["witness"].get("beings", [])}
    assert fields and fields <= {"field A", "field B", "field C"}, fields
    for entry in classes:
        assert not {"f", "g", "h"} & set(_strings(entry["witness"])), entry


@pytest.mark.slow
def test_chronopia_witnesses_name_armies_and_units_by_role():
    # (armies "a"/"b" and unit "u" were placeholders: "army A", "army B", "unit A"; a unit
    # named after a model reads as that model's name, "model 1")
    classes = listing("enumerate", "chronopia", "--models", "2", "--features", "1")["classes"]
    armies = {m["army"] for entry in classes for m in entry["witness"]["models"]}
    assert armies == {"army A", "army B"}, armies
    units = {m["unit"] for entry in classes for m in entry["witness"]["models"]}
    assert units <= {"unit A", "model 1", "model 2"} and "unit A" in units, units


def test_the_text_listing_names_no_placeholder():
    result = CliRunner().invoke(cli, ["enumerate", "redemption", *SMALL, "--format", "text"])
    assert result.exit_code == 0
    assert "character1" not in result.output and "being defeated character" not in result.output
    assert "hero 1 is being defeated." in result.output


def test_a_diff_says_before_and_after_in_the_same_words():
    book = get("redemption")
    report = listing("diff", "redemption", "--from", "literal", "--to", "negative_counts")
    assert report["changed"]
    for entry in report["changed"]:
        assert entry["says_before"] == said_by_rule(book, entry["witness"])
        after = api.rule(entry["witness"], edition="negative_counts")
        assert entry["says_after"] == [
            f"{book.kind_by_name[r['kind']].text(r)} [{', '.join(r['because'])}]"
            for r in after["rulings"]]
        # what it loses and gains, in the same sentences: a lost one is given before only
        before_words = {f"{book.kind_by_name[r['kind']].text(r)}"
                        for r in api.rule(entry["witness"])["rulings"]}
        after_words = {f"{book.kind_by_name[r['kind']].text(r)}" for r in after["rulings"]}
        changes = entry["says_changes"]
        assert {c["says"] for c in changes["lost"]} == before_words - after_words
        assert {c["says"] for c in changes["gained"]} == after_words - before_words


def test_every_hkk_diff_group_names_the_rule_that_made_the_difference():
    # issue 28, item 5: "hkk's diff groups name no rule that changed. Every group must say
    # which rule made the difference": the editions literal and intended differ in the
    # alternative readings of 132.6 and 132.8 (HKK-132.6-I, HKK-132.8-I)
    from pybridge.books import get
    editions = get("hkk").encoding.editions
    differ = set(editions["literal"].rule_ids) ^ set(editions["intended"].rule_ids)
    report = listing("diff", "hkk", "--from", "literal", "--to", "intended")
    assert report["complete"] and report["changed"]
    for entry in report["changed"]:
        assert set(entry["rules"]) & differ, entry["rules"]
