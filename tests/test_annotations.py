"""Explanations generated from the rules' annotations (pybridge/engine/annotations.py, issue 26)."""

import re

import pytest
from clingo import ast

from pybridge.engine.annotations import generated
from pybridge.engine.encoding import RULE_COMMENT


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


def test_head_stands_for_the_atom_the_rule_derives_in_place_of_its_body(tmp_path):
    assert _generate(tmp_path, """
% [X-1] Two rules, one atom.
a(C, x) :- b(C).
a(C, x) :- c(C), not d.
%! says(a(C), "{who} is a") :- head, e(C).
%! says_fact(a(C), who, C) :- f(C), head.
""") == ['says(a(C),"X-1","{who} is a") :- explaining = 1; a(C,x); e(C).',
         "says_fact(a(C),who,C) :- explaining = 1; f(C); a(C,x)."]


def test_a_section_annotation_has_its_own_body_and_its_sections_id(tmp_path):
    assert _generate(tmp_path, """
% [X-1] First.
a :- b.
% [X-2] Second, whose rules come later.
% source: «the text»
%! says(c(C), "c holds") :- c(C).
%! says_under(c(C), d) :- c(C), not e.
c(1) :- d.
%! says(c(1), "by the rule").
% [X-2] (the same section again, beside the rules it is about)
%! says_fact(c(C), n, C) :- c(C).
""") == ['says(c(C),"X-2","c holds") :- explaining = 1; c(C).',
         "says_under(c(C),d) :- explaining = 1; c(C); not e.",
         'says(c(1),"X-2","by the rule") :- explaining = 1; d.',
         "says_fact(c(C),n,C) :- explaining = 1; c(C)."]


def test_a_block_above_a_files_first_rule_annotates_the_file(tmp_path):
    assert _generate(tmp_path, """
% Views, no rule IDs: a step about thing T names it.
%! says_fact(N, thing, T) :- says_thing(N, T).
%! says_relation(a, "is a"; b, "is b").
a :- b.
""") == ["says_fact(N,thing,T) :- explaining = 1; says_thing(N,T).",
         'says_relation(a,"is a";b,"is b") :- explaining = 1.']


def test_a_blocks_rule_may_end_lines_above_it(tmp_path):
    assert _generate(tmp_path, """
% [X-1] A rule.
a(C) :- b(C).
% (its explanation, below)
%! says(a(C), "a").
""") == ['says(a(C),"X-1","a") :- explaining = 1; b(C).']


@pytest.mark.parametrize("text, message", [
    ('%! says(a, "x").\na :- b.\n', "needs a % [ID] section"),
    ('% [X-1] A rule.\na :- b.\n%! a :- c.\n', "must be a says* atom"),
    ('a :- b.\n%! says(a, "x").\n', "needs a % [ID] section"),
    ('% [X-1] A rule.\na :- b.\n%! says(a, "x"\n', "cannot parse"),
    ('% [X-1] A rule.\n%! says(a, "x") :- head.\na :- b.\n', "a section annotation has none"),
    ('% [X-1] A rule.\na; c :- b.\n%! says(a, "x") :- head.\n', "whose head is one atom"),
    ('% [X-1] A rule.\n{ a } :- b.\n%! says(a, "x") :- head.\n', "whose head is one atom"),
    ('% [X-1] A rule.\na :- b.\n%! says(a, "x") :- not head.\n', "not negated"),
    ('% [X-1] A rule.\na :- b.\n%! says(a, "x") :- head, head.\n', "once"),
    ('% [X-1] A rule.\n%! says(a(X), "x") :- not b(X).\na :- b.\n', "unsafe"),
    ('% [X-1] A rule.\na(X) :- b(X).\n%! says(a(Y), "x").\n', "unsafe"),
])
def test_a_misplaced_or_malformed_annotation_is_an_error_naming_its_line(tmp_path, text,
                                                                          message):
    with pytest.raises(ValueError, match=r"rules\.lp:\d+: .*" + re.escape(message)):
        _generate(tmp_path, text)


def test_an_error_names_the_line_of_the_annotation_in_its_block(tmp_path):
    text = '% [X-1] A rule.\na(X) :- b(X).\n%! says(a(X), "x").\n%! says(a(Y), "y").\n'
    with pytest.raises(ValueError, match=r"rules\.lp:4: .*unsafe"):
        _generate(tmp_path, text)
    text = '% [X-1] A rule.\na(X) :- b(X).\n%! says(a(X), "x").\n%! says(a(X) "y").\n'
    with pytest.raises(ValueError, match=r"rules\.lp:4: cannot parse"):
        _generate(tmp_path, text)


@pytest.mark.parametrize("rulebook, folder", [("hkk", "hkk"), ("b5", "b5"),
                                              ("redemption", "redemption"),
                                              ("chronopia", "chronopia"),
                                              ("redemption", "core")])
def test_no_explanation_of_the_rulebook_is_written_by_hand(rulebook, folder):
    """Issue 26: every rulebook's says* rules, and asp/core's, are generated from annotations
    (``folder``: the directory of asp/ whose files are checked)."""
    from pybridge.books import get
    from pybridge.engine.encoding import asp_root, explains
    folder = str(asp_root() / folder)
    encoding = get(rulebook).encoding
    assert [str(s) for s in encoding.written
            if explains(s) and s.location.begin.filename.startswith(folder)] == []
    assert any(explains(s) for s in encoding.with_explanations)
