"""Progress in each analysis's own words (issue 28, item 5): coverage says "reached" or
"unreachable", once per rule (a rule no ruling cites is searched twice, and its line is
written once, with the second search's word); errata says "contradiction", never
"violated"."""

import io
import re

import pytest

from pybridge import api
from pybridge.cli.progress import Progress


def screen(text):
    """The lines a terminal shows at the end: ``\\r\\033[K`` clears the line being
    written."""
    lines, current = [], ""
    for piece in re.split(r"(\r\033\[K|\n)", text):
        if piece == "\n":
            lines.append(current)
            current = ""
        elif piece == "\r\033[K":
            current = ""
        else:
            current += piece
    return lines + ([current] if current else [])


def words_by_id(text):
    found = {}
    for line in screen(text):
        name, _, rest = line.strip().partition(" ... ")
        found.setdefault(name, []).append(rest.rsplit(" (", 1)[0])
    return found


@pytest.mark.slow
def test_coverage_says_reached_or_unreachable_once_per_rule():
    stream = io.StringIO()
    bounds = {"max_beings": 1, "max_elements": 1, "max_orders": 0, "max_protections": 0,
              "max_features": 0}
    report = api.coverage("b5", bounds, progress=Progress(stream))
    said = words_by_id(stream.getvalue())
    assert set(said) == {rule["id"] for rule in report["rules"]}
    assert all(len(words) == 1 for words in said.values()), said
    assert {rule["id"]: [rule["status"]] for rule in report["rules"]} == said
    # without orders no order can be refused (B.5.2.6): both words are seen
    assert said["B.5.2.6"] == ["unreachable"]
    assert "reached" in {words[0] for words in said.values()}


def test_errata_says_contradiction():
    stream = io.StringIO()
    report = api.errata("hkk", progress=Progress(stream))
    said = words_by_id(stream.getvalue())
    found = {entry["id"] for entry in report["contradictions"]}
    assert found and all(said[i] == ["contradiction"] for i in found)
    assert "violated" not in stream.getvalue() and "holds" not in stream.getvalue()
