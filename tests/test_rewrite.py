"""The rewrites of the parsed rule files (pybridge/engine/rewrite.py): program parts by question,
shared comparisons for one given state, and open comparisons for a theory solver
(pybridge/analysis/theory.py)."""

import clingo
import pytest
from clingo import ast

from pybridge.analysis.theory import open_comparisons
from pybridge.books import RULEBOOKS, get
from pybridge.engine.rewrite import PARTS, factor_bounds, select, split_complements


def parsed(text, filename="<string>"):
    """The statements of ``text`` (the leading ``#program base.`` the parser adds left out),
    located in ``filename``."""
    found = []
    ast.parse_string(text, found.append)
    return [s.update(location=_in(s.location, filename)) for s in found[1:]
            if s.ast_type != ast.ASTType.Comment]


def _in(location, filename):
    begin, end = location.begin, location.end
    return ast.Location(ast.Position(filename, begin.line, begin.column),
                        ast.Position(filename, end.line, end.column))


def answer_sets(statements, facts=""):
    control = clingo.Control(["0"])
    with ast.ProgramBuilder(control) as builder:
        for statement in parsed(facts) + list(statements):
            builder.add(statement)
    control.ground([("base", [])])
    found = []
    control.solve(on_model=lambda m: found.append(
        frozenset(str(s) for s in m.symbols(shown=True) if not s.name.startswith("_"))))
    return sorted(found, key=sorted)


def texts(statements):
    return [str(s) for s in statements if s.ast_type != ast.ASTType.Program]


# --- parts ----------------------------------------------------------------------------------

PROGRAM = """a.
#program values.
b :- a.
#program one_state.
d :- a.
#program base.
e :- a.
"""


def test_each_question_grounds_base_and_its_own_parts():
    statements = parsed(PROGRAM)
    assert texts(select(statements, "state")) == ["a.", "b :- a.", "d :- a.", "e :- a."]
    assert texts(select(statements, "chosen")) == ["a.", "b :- a.", "e :- a."]
    # a search over open values grounds base alone: no part holds a form of a rule of its own
    assert texts(select(statements, "open")) == ["a.", "e :- a."]
    assert set(PARTS) == {"state", "chosen", "open"}


def test_every_file_starts_in_base():
    first = parsed("#program values.\nc.", "one.lp")
    second = parsed("b.", "two.lp")
    assert texts(select(first + second, "open")) == ["b."]


def test_an_unknown_part_is_an_error_naming_its_line():
    with pytest.raises(ValueError, match=r"<string>:2: unknown program part 'valeus'"):
        select(parsed("a.\n#program valeus.\nb."), "state")


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_the_rule_files_use_only_known_parts(name):
    encoding = get(name).encoding
    for question in PARTS:
        select(encoding.written, question)       # raises on an unknown part


def test_no_rule_file_sets_a_solver_mode():
    # the question picks the parts; no constant tells a rule which solver runs it
    from pybridge.engine.encoding import asp_root
    for path in asp_root().rglob("*.lp"):
        text = path.read_text(encoding="utf-8")
        assert "#const search" not in text and "search =" not in text \
            and "search <" not in text and "search !=" not in text, path


# --- shared comparisons ---------------------------------------------------------------------

SHARED = """
side(D, S) :- d(D, S, _).
falls(D) :- d(D, S, I), #sum { W, X : c(X, O, W), O != S } >= I.
"""
FACTS = "d(1, a, 0). d(2, a, 2). d(3, b, 2). d(4, a, 2). c(x, a, 1). c(y, b, 2). c(z, b, -1)."


def test_a_comparison_the_instances_share_is_stated_once_per_bound():
    rules = factor_bounds(parsed(SHARED))
    shown = [str(r) for r in rules if r.ast_type == ast.ASTType.Rule]
    assert shown[1] == "_bound_0(I,S) :- d(D,S,I)."
    assert shown[2].startswith("_reaches_0(I,S) :- _bound_0(I,S); I <= #sum {")
    assert shown[3] == "falls(D) :- d(D,S,I); _reaches_0(I,S)."
    assert len(shown) == 4


def test_the_factored_program_has_the_same_answer_sets():
    # side a faces y and z, 2 - 1 = 1: its defender with bound 0 falls (1 >= 0), those with
    # bound 2 stand; side b faces x, 1 < 2: stands
    before = answer_sets(parsed(SHARED + "#show falls/1."), FACTS)
    after = answer_sets(factor_bounds(parsed(SHARED + "#show falls/1.")), FACTS)
    assert before == after == [frozenset({"falls(1)"})]


def test_the_boundary_of_the_bound_is_kept():
    # exactly at the bound (>=) falls; one below stands
    program = SHARED + "#show falls/1."
    at = "d(1, a, 1). c(y, b, 1)."
    below = "d(1, a, 2). c(y, b, 1)."
    assert answer_sets(factor_bounds(parsed(program)), at) == [frozenset({"falls(1)"})]
    assert answer_sets(factor_bounds(parsed(program)), below) == [frozenset()]


def test_nothing_to_share_is_left_as_written():
    for text in ("t(D, I) :- d(D, _, _), I = #sum { W, X : c(X, D, W) }.",      # assignment
                 "n(S) :- d(_, S, _), #count { X : c(X, S, _) } >= 1.",         # no other var
                 "g(D) :- d(D, _, I), #sum { W, X : c(X, D, W) } >= I."):       # own elements
        statements = parsed(text)
        assert [str(s) for s in factor_bounds(statements)] == [str(s) for s in statements]


def test_choices_keep_their_answer_sets():
    program = "{ d(1, a, 0); d(2, a, 2); d(3, b, 1) }.\n" + SHARED + "#show falls/1. #show d/3."
    facts = "c(x, a, 1). c(y, b, 2)."
    assert answer_sets(factor_bounds(parsed(program)), facts) == \
        answer_sets(parsed(program), facts)


def test_the_rule_path_of_redemption_shares_its_battle_comparison():
    # RED-BAT-1's sum, stated once with what each set leaves out, is split (the whole sum
    # against the bound plus what is left out) and the whole sum shared by every set
    fixed = [str(s) for s in get("redemption").encoding.fixed_statements]
    (reaches,) = [s for s in fixed if s.startswith("reaches(S,L) :-")]
    assert "_cut_" in reaches and "_reaches_" in reaches and "#sum" not in reaches
    (cut,) = [s for s in fixed if s.startswith("_cut_") and "discounted(L,X)" in s]
    assert "not discounted" not in cut


# --- sums that leave out what a set names -----------------------------------------------------

COMPLEMENT = """
falls(D) :- d(D, S, L), #sum { W, s(X) : c(X, O, W), O != S, not out(L, X);
                               -T, t(Y) : h(Y, S, T) } >= 0.
"""
# side a faces x (3) and y (-1), holds toughness 1; side b faces z (2), holds toughness 2
SETS = """c(x, b, 3). c(y, b, -1). c(z, a, 2). h(u, a, 1). h(v, b, 2).
d(1, a, none). d(2, a, one). d(3, a, two). d(4, b, none). d(5, a, three).
out(one, x). out(two, y). out(three, x). out(three, y). #show falls/1."""


def test_a_sum_without_what_a_set_names_is_split_into_the_whole_and_what_is_left_out():
    rules = [str(r) for r in split_complements(parsed(COMPLEMENT))]
    assert rules[0] == ("_cut_0(L,S,Cut) :- d(D,S,L); Cut = #sum { W,s(X): c(X,O,W), O != S, "
                        "out(L,X) }.")
    assert rules[1].startswith("falls(D) :- d(D,S,L); _cut_0(L,S,Cut); (0+Cut) <= #sum {")
    assert "not out" not in rules[1]


def test_the_split_sum_has_the_answer_sets_of_the_sum_as_written():
    # side a: 3 - 1 = 2 against toughness 1: none leaves out nothing, 2 >= 1, falls; one
    # leaves out x: -1 < 1, stands; two leaves out y: 3 >= 1, falls; three leaves out both:
    # 0 < 1, stands. Side b: 2 >= 2 (at the bound), falls.
    expected = [frozenset({"falls(1)", "falls(3)", "falls(4)"})]
    assert answer_sets(parsed(COMPLEMENT), SETS) == expected
    assert answer_sets(split_complements(parsed(COMPLEMENT)), SETS) == expected
    assert answer_sets(factor_bounds(split_complements(parsed(COMPLEMENT))), SETS) == expected


def test_a_set_whose_tuples_another_element_may_give_is_an_error():
    # W, X could be the tuple -T, t(Y) gives: leaving it out would not be a subtraction
    with pytest.raises(ValueError, match="told apart"):
        split_complements(parsed("f(D) :- d(D, L), #sum { W, X : c(X, W), not out(L, X); "
                                 "T, t(Y) : h(Y, T) } >= 0."))


def test_a_negation_the_rest_of_the_sum_reads_is_no_set():
    # L is read by the other element too: the sum depends on L throughout, nothing to split
    text = "f(D) :- d(D, L), #sum { W, s(X) : c(X, W), not out(L, X); T, t(Y) : h(Y, T, L) } >= 0."
    assert [str(s) for s in split_complements(parsed(text))] == [str(s) for s in parsed(text)]


# --- open comparisons -----------------------------------------------------------------------

POSITIONS = {("state_character", 5): {3, 4}}


def test_a_comparison_of_an_open_value_becomes_a_linear_constraint():
    rule = parsed("n :- state_character(1, C, _, S, _), S < 0.")[0]
    assert str(open_comparisons(rule, POSITIONS)) == \
        "n :- state_character(1,C,_,S,_); &sum { S } < 0."
    two = parsed("m :- state_character(1, C, _, S, T), S >= T.")[0]
    assert str(open_comparisons(two, POSITIONS)) == \
        "m :- state_character(1,C,_,S,T); &sum { S; (- T) } >= 0."


def test_other_comparisons_are_left_as_written():
    for text in ("n :- state_character(1, C, A, S, _), A != good.",    # not an open position
                 "n :- state_card(1, C, _, S, _), S < 0.",              # not an open input
                 "n :- state_character(1, C, _, S, _), not state_x(S), C < 2."):
        rule = parsed(text)[0]
        assert str(open_comparisons(rule, POSITIONS)) == str(rule)
