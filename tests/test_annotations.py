"""Explanations generated from the rules' annotations (pybridge/annotations.py, issue 26)."""

import re

import pytest
from clingo import ast

from pybridge.annotations import generated
from pybridge.encoding import RULE_COMMENT


def _generate(tmp_path, text):
    path = tmp_path / "rules.lp"
    path.write_text(text, encoding="utf-8")
    statements = []
    ast.parse_files([str(path)], statements.append)
    return [str(s) for s in generated(path, statements, RULE_COMMENT)]


def test_an_annotation_takes_its_rules_body_and_its_sections_id(tmp_path):
    assert _generate(tmp_path, """
% [X-1] A rule.
a(C) :- b(C), not c.
%! says(a(C), "{who} is a").
%! says_item(a(C), who, D, D) :- d(C, D).
""") == ['says(a(C),"X-1","{who} is a") :- explaining = 1; b(C); not c.',
         "says_item(a(C),who,D,D) :- explaining = 1; b(C); not c; d(C,D)."]


def test_an_annotation_belongs_to_the_rule_right_above_it_and_may_span_lines(tmp_path):
    assert _generate(tmp_path, """
% [X-1] First.
a :- b.
% [X-2] Second.
c :- d,
     e.
%! says(c,
%!      "c holds").
""") == ['says(c,"X-2","c holds") :- explaining = 1; d; e.']


def test_says_with_its_rule_id_is_kept_as_written(tmp_path):
    assert _generate(tmp_path, """
% [X-1] A rule.
a(P) :- p(P).
%! says(a(P), P, "by {P}").
""") == ['says(a(P),P,"by {P}") :- explaining = 1; p(P).']


def test_no_annotation_no_explanation(tmp_path):
    assert _generate(tmp_path, "% [X-1] A rule.\na :- b.\n") == []


@pytest.mark.parametrize("text, message", [
    ('%! says(a, "x").\na :- b.\n', "needs a rule above it"),
    ('% [X-1] A rule.\na :- b.\n%! a :- c.\n', "must be a says* atom"),
    ('a :- b.\n%! says(a, "x").\n', "needs a % [ID] section"),
    ('% [X-1] A rule.\na :- b.\n%! says(a, "x"\n', "cannot parse"),
])
def test_a_misplaced_or_malformed_annotation_is_an_error_naming_its_line(tmp_path, text,
                                                                          message):
    with pytest.raises(ValueError, match=r"rules\.lp:\d+: .*" + re.escape(message)):
        _generate(tmp_path, text)
