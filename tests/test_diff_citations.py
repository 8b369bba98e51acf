"""Every rule of one edition only is named by its diff (issue 24, item 8).

For every registered rulebook and every ordered pair of its editions, `rulings diff` at its
default bounds must name, in some changed group's `rules`, every rule ID in force in one
edition and not the other: in the because of a ruling the group loses or gains, or as the
why_not of the edition that does not give it. An ID no state within the bounds can show is
listed, with the reason, in docs/analysis.md's table under "Rules a diff cannot name" (parsed
here): the test fails on an ID that is neither cited nor listed, and on a listed ID that is
cited after all (the table must stay true).
"""

import json
from pathlib import Path

import click
import pytest

import pybridge
from pybridge.cli.main import cli
from shared_results import shared

ANALYSIS = Path(__file__).resolve().parent.parent / "docs" / "analysis.md"
# seconds per diff (`rulings diff`'s default --timeout); chronopia's takes about 45 s at its
# defaults. The diffs are the command's at its defaults, run once for the session: the
# tests of tests/test_chronopia_analysis.py, test_coverage.py, test_b5_analysis.py and
# test_hkk_analysis.py that read the same diff share it.
TIMEOUT = 600
TABLE_HEAD = "| rulebook | from | to | rule | why no state within the bounds shows it |"


def exemptions():
    """{(rulebook, from, to): {rule ID: reason}} from docs/analysis.md's table."""
    lines = ANALYSIS.read_text(encoding="utf-8").splitlines()
    assert TABLE_HEAD in lines, "docs/analysis.md lost its table of rules a diff cannot name"
    found = {}
    for line in lines[lines.index(TABLE_HEAD) + 2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip().strip("`") for cell in line.strip("|").split("|")]
        assert len(cells) == 5 and all(cells), line
        rulebook, before, after, rule_id, reason = cells
        found.setdefault((rulebook, before, after), {})[rule_id] = reason
    return found


def pairs():
    """(rulebook, from, to, rule IDs of one edition only) for every ordered pair of editions
    of every registered rulebook."""
    found = []
    for book in pybridge.rulebooks():
        editions = {e["name"]: set(e["rules"]) for e in book["editions"]}
        for before in editions:
            for after in editions:
                if before != after:
                    found.append((book["rulebook"], before, after,
                                  editions[before] ^ editions[after]))
    return found


PAIRS = pairs()


def test_every_rulebook_with_two_editions_is_among_the_pairs():
    names = {book["rulebook"] for book in pybridge.rulebooks() if len(book["editions"]) > 1}
    assert names and names == {rulebook for rulebook, *_ in PAIRS}


def test_the_table_names_real_pairs_and_rules_of_one_edition_only():
    differing = {(rulebook, before, after): ids for rulebook, before, after, ids in PAIRS}
    for pair, listed in exemptions().items():
        assert pair in differing, pair
        assert set(listed) <= differing[pair], (pair, listed)


@pytest.mark.slow
@pytest.mark.parametrize("rulebook, before, after, differing", PAIRS,
                         ids=[f"{r}-{b}-{a}" for r, b, a, _ in PAIRS])
def test_diff_names_every_rule_of_one_edition_only(rulebook, before, after, differing):
    result = shared("diff", rulebook, "--from", before, "--to", after,
                        "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    # the command's default --timeout is the TIMEOUT these diffs are given
    command = cli.get_command(click.Context(cli), "diff")
    assert [p.default for p in command.params if p.name == "timeout"] == [TIMEOUT]
    assert report["complete"], "the diff did not finish within the timeout"
    cited = {rule_id for change in report["changed"] for rule_id in change["rules"]}
    exempt = exemptions().get((rulebook, before, after), {})
    assert not set(exempt) & cited, f"listed in docs/analysis.md but cited: {set(exempt) & cited}"
    missing = sorted(differing - cited - set(exempt))
    assert not missing, f"{rulebook} {before} -> {after}: no changed group names {missing}"
