"""``rulings report`` (issue 28, item 2): one self-contained HTML file per analysis, from the
analysis run by it or from the JSON the analysis printed."""

import json
import re
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from pybridge.cli.main import cli

SMALL_CHECK = ["check", "redemption", "--characters", "2", "--cards", "0", "--abilities", "1",
               "--features", "0", "--invariant", "RED-INV-1", "--invariant", "RED-INV-3"]


class Page(HTMLParser):
    """What a page holds: its tags, its attributes' values, its text."""

    def __init__(self, text):
        super().__init__()
        self.tags, self.attributes, self.text = [], [], []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attributes += attrs

    def handle_data(self, data):
        self.text.append(data)


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def offline(page):
    """Nothing the page would fetch: no script, no link, no source or address elsewhere."""
    assert "script" not in page.tags and "link" not in page.tags and "iframe" not in page.tags
    for name, value in page.attributes:
        assert not name.startswith("on"), name
        if name in ("src", "href") or name.endswith(":href"):
            assert value.startswith("#"), (name, value)


def test_a_check_report_has_each_invariant_with_its_status_and_witnesses(tmp_path):
    out = tmp_path / "check.html"
    result = run("report", "-o", str(out), *SMALL_CHECK)
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    page = Page(text)
    offline(page)
    words = " ".join(page.text)
    assert "RED-INV-1" in words and "RED-INV-3" in words and "holds" in words
    # each invariant that holds shows the smallest state where it is tested: its picture
    # (inline SVG), its document (YAML) and its rulings
    assert page.tags.count("svg") >= 2
    assert "rulebook: redemption" in words
    assert "rulings check redemption --characters 2" in words


def test_the_report_reads_the_json_the_command_printed(tmp_path):
    printed = run(*SMALL_CHECK, "--format", "json", "-q")
    assert printed.exit_code == 0
    out = tmp_path / "piped.html"
    result = run("report", "-", "-o", str(out), input=printed.stdout)
    assert result.exit_code == 0, result.output
    ran = run("report", *SMALL_CHECK)
    # the same page but the command and time the run adds to the head
    strip = re.compile(r"<tr><th>(command|time)</th><td>[^<]*</td></tr>")
    assert strip.sub("", out.read_text(encoding="utf-8")) == strip.sub("", ran.stdout)


def test_a_diff_report_shows_each_change_before_and_after_side_by_side():
    result = run("report", "diff", "redemption", "--from", "literal", "--to",
                 "negative_counts")
    assert result.exit_code == 0, result.output
    page = Page(result.stdout)
    offline(page)
    report = json.loads(run("diff", "redemption", "--from", "literal", "--to",
                            "negative_counts", "--format", "json").stdout)
    changes = len(report["changed"])
    assert changes > 1
    assert page.tags.count("svg") == 2 * changes        # the witness in each edition
    assert result.stdout.count('<div class="pair">') == changes


# (two characters, no card, immunity or ability: the battle rules are reached, the others not)
TINY_COVERAGE = ("coverage", "redemption", "--characters", "2", "--cards", "0",
                 "--immunities", "0", "--abilities", "0", "--features", "0")


def test_a_coverage_report_has_a_row_per_rule():
    printed = run(*TINY_COVERAGE, "--format", "json", "-q")
    report = json.loads(printed.stdout)
    # (the report runs an analysis itself as in the tests above; here it reads the JSON)
    result = run("report", "-", input=printed.stdout)
    # written, whatever coverage found (a rule is unreachable: coverage itself exits 1)
    assert printed.exit_code == 1 and result.exit_code == 0, result.output
    assert {r["status"] for r in report["rules"]} == {"reached", "unreachable"}
    rows = re.findall(r'<tr><td><a href="#([^"]+)">', result.stdout)
    assert rows == [rule["id"] for rule in report["rules"]]


def test_identifiers_in_the_json_are_text_never_markup():
    bad = '<script>alert(1)</script>"'
    result = {"rulebook": "redemption", "edition": "literal", "bounds": {}, "invariants": [
        {"id": "RED-INV-9", "description": bad, "status": "violated", "rules": [],
         "witness": {"rulebook": "redemption", "characters": [
             {"id": bad, "alignment": "good", "strength": 1, "toughness": 1}]}}]}
    page = run("report", "-", input=json.dumps(result))
    assert page.exit_code == 0, page.output
    offline(Page(page.stdout))
    assert "<script>" not in page.stdout


@pytest.mark.parametrize("text", ["[]", '{"rulebook": "redemption"}', "not json: ["])
def test_what_is_no_analysis_is_refused(text):
    result = run("report", "-", input=text)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
