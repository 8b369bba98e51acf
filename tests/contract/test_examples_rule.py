"""The contract of ``rule`` on every example of every registered rulebook: a ruling of a
kind the rulebook declares, with its fields, and cited by rule IDs of that rulebook's
edition; an explanation for every ruling. What each example rules is specified by the
rulebook's own tests (tests/test_<rulebook>_examples.py); a new rulebook's examples are
covered here without editing a list."""

from pathlib import Path

import pytest

import pybridge
from pybridge.books import RULEBOOKS

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
STATUSES = {"ok", "ambiguous", "inconsistent"}


def _examples():
    for name in RULEBOOKS:
        for path in sorted((EXAMPLES / name).glob("*.yaml")):
            yield pytest.param(name, path, id=f"{name}/{path.stem}")


def test_every_rulebook_has_examples():
    for name in RULEBOOKS:
        assert sorted((EXAMPLES / name).glob("*.yaml")), name


@pytest.mark.parametrize(("name", "path"), list(_examples()))
def test_every_example_rules_by_its_rulebooks_kinds_and_rule_ids(name, path):
    book = RULEBOOKS[name]
    try:
        result = pybridge.rule(str(path))
    except pybridge.InputError as error:     # an example of an input error: a path named
        assert str(error) and error.path is not None, path
        return
    assert result["rulebook"] == name and result["status"] in STATUSES, result
    edition = book.encoding.editions[result["edition"]].rule_ids
    for ruling in result["rulings"]:
        kind = book.kind_by_name[ruling["kind"]]
        assert set(kind.fields) <= set(ruling), ruling
        assert ruling["because"] and set(ruling["because"]) <= set(edition), ruling
        assert kind.text({k: v for k, v in ruling.items() if k != "because"})
    if result["status"] == "ok":
        explained = pybridge.rule(str(path), explain=True)
        assert [r["kind"] for r in explained["rulings"]] == \
            [r["kind"] for r in result["rulings"]]
        assert all(r.get("why") for r in explained["rulings"]), path
