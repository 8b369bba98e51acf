"""``rulings report`` for each analysis of each rulebook (issue 28's acceptance: "works for
each analysis of each rulebook, opens offline"): the JSON each analysis prints, at small
bounds, made into a page that fetches nothing, with one picture (inline SVG) per witness
the JSON holds, and every invariant, contradiction, class, change or rule ID in it."""

import json
import re

import pytest

from shared_results import shared
from test_coverage import LARGER
from test_report import Page, offline, run

SMALL = {
    "redemption": ("--characters", "2", "--cards", "0", "--abilities", "1", "--features", "0"),
    "hkk": ("--cards", "1", "--reactions", "0"),
    "b5": ("--beings", "1", "--elements", "1", "--protections", "0"),
    "chronopia": ("--models", "1"),
}
# b5's diff at SMALL's bounds has 282 changes (564 pictures, each ruled again with its
# explanation: 30 s of drawing); without optional facts it has 34, as many kinds of page
DIFFED = {**SMALL, "b5": (*SMALL["b5"], "--features", "0")}
# listings of some tens of classes (each is a picture on the page)
LISTED = {
    "redemption": ("--characters", "2", "--immunities", "1", "--abilities", "0",
                   "--features", "0"),
    "hkk": ("--cards", "1", "--effects", "1", "--reactions", "0", "--properties", "1"),
    "b5": ("--beings", "1", "--elements", "1", "--protections", "0", "--orders", "0",
           "--features", "1"),
    "chronopia": ("--models", "1"),
}
EDITIONS = {"redemption": ("literal", "negative_counts"), "hkk": ("literal", "intended"),
            "b5": ("original", "errata"), "chronopia": ("crit_3_or_less", "crit_exactly_3")}
ANALYSES = ("check", "errata", "enumerate", "diff", "coverage")


def _command(analysis, rulebook):
    """The analysis at small bounds; coverage at its defaults in the edition whose search
    tests/test_coverage.py runs (shared: made once a session, whichever test asks first)."""
    if analysis == "coverage":
        edition = LARGER[rulebook][0] if rulebook in LARGER else "errata"
        return ("coverage", rulebook, "--edition", edition, "--format", "json")
    bounds = {"enumerate": LISTED, "diff": DIFFED}.get(analysis, SMALL)
    args = [analysis, rulebook, *bounds[rulebook]]
    if analysis == "diff":
        before, after = EDITIONS[rulebook]
        args += ["--from", before, "--to", after]
    return (*args, "--format", "json")


def _document(value):
    return isinstance(value, dict) and "rulebook" in value


def _pictures(analysis, result):
    """How many pictures the page must hold: one per witness the JSON gives (an invariant's
    counterexample, the state after, the smallest state it is tested in; a contradiction's,
    a class's and a rule's witness), two per diff change (under each edition)."""
    if analysis == "check":
        return sum(_document(i.get("witness")) + _document(i.get("witness_after"))
                   + _document((i.get("premise") or {}).get("witness"))
                   for i in result["invariants"])
    if analysis == "errata":
        return sum(_document(c.get("witness")) for c in result["contradictions"])
    if analysis == "enumerate":
        return len(result["classes"])
    if analysis == "diff":
        return 2 * len(result["changed"])
    return sum(_document(r.get("witness")) for r in result["rules"])


def _names(result):
    """What the page must name: each entry's id (invariant, rule) or each class's rulings."""
    for key in ("invariants", "contradictions", "rules"):
        for entry in result.get(key, ()):
            if "id" in entry:
                yield entry["id"]


@pytest.mark.slow
@pytest.mark.parametrize("rulebook", list(SMALL))
@pytest.mark.parametrize("analysis", ANALYSES)
def test_a_report_of_each_analysis_of_each_rulebook(analysis, rulebook):
    printed = shared(*_command(analysis, rulebook))
    assert printed.exit_code in (0, 1, 3), printed.output
    result = json.loads(printed.stdout)
    page = run("report", "-", input=printed.stdout)
    assert page.exit_code == 0, page.output
    parsed = Page(page.stdout)
    offline(parsed)
    words = " ".join(parsed.text)
    assert rulebook in words
    for name in _names(result):
        assert name in words, name
    pictures = _pictures(analysis, result)
    assert parsed.tags.count("svg") == pictures, (analysis, rulebook)
    # and each witness's document, as YAML to copy
    assert len(re.findall("rulebook: " + rulebook, words)) == pictures
