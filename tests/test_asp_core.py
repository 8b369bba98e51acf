"""Unit tests of the shared ASP files of asp/core/ (issue 26, item 4), in clintest's style.

Each test loads one core file (and, where it needs one, another core file it works with),
adds a tiny inline program of facts, grounds and solves it with clingo's Python API, and
asserts on the atoms of the answer sets: a model contains (or does not contain) an atom,
every model satisfies a property, or there are so many models. The expected values follow
from the contract a file's comments state and the inline program; each is reasoned in a
comment beside it. clintest is not a dependency: the helpers below are all it takes.
"""

import itertools

import clingo
import pytest

from pybridge.engine.encoding import asp_root

CORE = asp_root() / "core"


def control(files, program="", consts=None, arguments=(), messages=None):
    """A grounded control: the core ``files`` (names in asp/core/) and ``program``, with
    ``consts`` given as ``-c name=value`` (over any #const of the files)."""
    options = ["0", *arguments]
    for name, value in (consts or {}).items():
        options += ["-c", f"{name}={value}"]
    logger = (lambda code, message: messages.append((code, message))) \
        if messages is not None else (lambda code, message: None)
    ctl = clingo.Control(options, logger=logger)
    for name in files:
        ctl.load(str(CORE / name))
    _annotations(ctl, [CORE / name for name in files])
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    return ctl


def _annotations(ctl, paths):
    """Add the explanation rules the annotations of ``paths`` give (pybridge/engine/annotations.py:
    a file's ``%! says...`` lines, which clingo reads as comments)."""
    from clingo import ast

    from pybridge.engine.annotations import generated
    from pybridge.engine.encoding import RULE_COMMENT
    statements = []
    ast.parse_files([str(p) for p in paths], statements.append, logger=lambda *_: None)
    with ast.ProgramBuilder(ctl) as builder:
        for path in paths:
            for rule in generated(path, statements, RULE_COMMENT):
                builder.add(rule)


def _symbols(model, shown):
    return frozenset(str(s) for s in (model.symbols(shown=True) if shown
                                      else model.symbols(atoms=True)))


def _assumptions(assume):
    return [(clingo.parse_term(atom), value) for atom, value in (assume or {}).items()]


def models(files, program="", consts=None, assume=None, shown=False):
    """Every answer set, as a frozenset of its atoms (``shown``: of what it shows) written
    as clingo writes them; ``assume`` maps atoms (text) to the truth value assumed."""
    ctl = control(files, program, consts)
    found = []
    with ctl.solve(yield_=True, assumptions=_assumptions(assume)) as handle:
        for model in handle:
            found.append(_symbols(model, shown))
    return found


def only(files, program="", consts=None, assume=None, shown=False):
    """The single answer set (asserting there is exactly one)."""
    found = models(files, program, consts, assume, shown)
    assert len(found) == 1, found
    return found[0]


def optimal(files, program, consts=None):
    """The optimal answer sets (all of them, optN) and their cost vectors."""
    ctl = control(files, program, consts, arguments=["--opt-mode=optN"])
    found = []
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            if model.optimality_proven:
                found.append((_symbols(model, False), list(model.cost)))
    return found


def named(atoms, *names):
    """The atoms of ``atoms`` whose predicate is one of ``names``."""
    return {a for a in atoms if a.split("(")[0] in names}


# --------------------------------------------------------------------------------------
# dice.lp

D20 = """
dice_die(q, d, 1, 20).
dice_result(q, d, F, hit, "R1") :- dice_face(q, d, F), F <= 12.
dice_result(q, d, F, miss, "R1") :- dice_face(q, d, F), F > 12.
"""


def test_dice_an_unrolled_d20_has_each_of_its_faces():
    atoms = only(["dice.lp"], D20)
    # no state_roll: dice_face(q, d, F) for F = 1..20 and nothing else; dice_faces(q, d, 20 - 1 + 1)
    assert named(atoms, "dice_face") == {f"dice_face(q,d,{f})" for f in range(1, 21)}
    assert named(atoms, "dice_faces") == {"dice_faces(q,d,20)"}
    assert "dice_rolled(q,d)" not in atoms


def test_dice_an_unrolled_d20_counts_each_result_over_its_faces():
    atoms = only(["dice.lp"], D20)
    # hit on 1..12 (12 faces), miss on 13..20 (8 faces), both by R1, of 20
    assert named(atoms, "ruled_by") == {'ruled_by(chance(q,d,hit,12,20),"R1")',
                                        'ruled_by(chance(q,d,miss,8,20),"R1")'}


def test_dice_a_rolled_die_has_only_the_face_rolled_and_its_outcome():
    atoms = only(["dice.lp"], D20 + "state_roll(q, d, 5).")
    # face 5 only; 5 <= 12 is a hit; a rolled die gets an outcome, never a chance
    assert named(atoms, "dice_face") == {"dice_face(q,d,5)"}
    assert named(atoms, "ruled_by") == {'ruled_by(outcome(q,hit),"R1")'}
    assert not named(atoms, "dice_faces")


@pytest.mark.parametrize("face, result, other", [(12, "hit", "miss"), (13, "miss", "hit")])
def test_dice_the_boundary_faces_fall_on_either_side_of_the_comparison(face, result, other):
    atoms = only(["dice.lp"], D20 + f"state_roll(q, d, {face}).")
    # 12 <= 12 hits; 13 > 12 misses
    assert f'ruled_by(outcome(q,{result}),"R1")' in atoms
    assert f'ruled_by(outcome(q,{other}),"R1")' not in atoms


def test_dice_a_reroll_die_of_two_to_twenty_has_nineteen_faces():
    atoms = only(["dice.lp"], D20.replace("dice_die(q, d, 1, 20)", "dice_die(q, d, 2, 20)"))
    # faces 2..20: 19 of them; hit on 2..12 (11), miss on 13..20 (8)
    assert named(atoms, "dice_face") == {f"dice_face(q,d,{f})" for f in range(2, 21)}
    assert named(atoms, "dice_faces") == {"dice_faces(q,d,19)"}
    assert named(atoms, "ruled_by") == {'ruled_by(chance(q,d,hit,11,19),"R1")',
                                        'ruled_by(chance(q,d,miss,8,19),"R1")'}


def test_dice_a_chance_counts_the_faces_of_its_result_under_every_rule():
    program = """
    dice_die(q, d, 1, 20).
    dice_result(q, d, F, hit, "R1") :- dice_face(q, d, F), F <= 10.
    dice_result(q, d, F, hit, "R2") :- dice_face(q, d, F), F > 10, F <= 12.
    dice_result(q, d, F, miss, "R1") :- dice_face(q, d, F), F > 12.
    """
    atoms = only(["dice.lp"], program)
    # K counts the faces of the result whatever rule gives them (1..10 and 11..12: 12), and
    # the chance is cited by each rule that gives the result on some face
    assert named(atoms, "ruled_by") == {'ruled_by(chance(q,d,hit,12,20),"R1")',
                                        'ruled_by(chance(q,d,hit,12,20),"R2")',
                                        'ruled_by(chance(q,d,miss,8,20),"R1")'}


def test_dice_each_die_of_a_query_is_rolled_or_counted_on_its_own():
    program = """
    dice_die(q, d, 1, 20). dice_die(q, e, 1, 20). state_roll(q, d, 3).
    dice_result(q, D, F, hit, "R1") :- dice_face(q, D, F), F <= 12.
    dice_result(q, D, F, miss, "R1") :- dice_face(q, D, F), F > 12.
    """
    atoms = only(["dice.lp"], program)
    # d rolled 3 (a hit); e not rolled: its chances over its 20 faces
    assert named(atoms, "ruled_by") == {'ruled_by(outcome(q,hit),"R1")',
                                        'ruled_by(chance(q,e,hit,12,20),"R1")',
                                        'ruled_by(chance(q,e,miss,8,20),"R1")'}
    assert named(atoms, "dice_face") == {"dice_face(q,d,3)"} | {f"dice_face(q,e,{f})" for f in range(1, 21)}


SAYS = ("says", "says_for", "says_band", "says_fact", "says_item")


@pytest.mark.parametrize("files", [["dice.lp"], ["dice.lp", "explain.lp"]])
def test_dice_explains_nothing_unless_explaining_is_one(files):
    atoms = only(files, D20)
    # explaining undefined (dice.lp alone) or 0 (explain.lp's default): every says* rule
    # is guarded by explaining = 1
    assert not named(atoms, *SAYS)


def test_dice_explains_a_chance_by_the_band_of_faces_each_rule_gives_it():
    atoms = only(["dice.lp", "explain.lp"], D20, consts={"explaining": 1})
    band = 'band(q,d,hit,"R1")'
    # hit by R1 on 1..12: one band, low 1, high 12, 12 faces, no gap: "low to high"
    assert f"says_for(chance(q,d,hit,12,20),{band})" in atoms
    assert 'says_band(q,d,hit,"R1",1,12,12)' in atoms
    assert 'says_band(q,d,miss,"R1",13,20,8)' in atoms
    assert {a for a in named(atoms, "says") if a.startswith(f"says({band}")} == {
        f'says({band},"R1","a roll of {{low}} to {{high}} on the {{die}} d20: {{result}}")'}
    assert {a for a in named(atoms, "says_fact") if band in a} == {
        f"says_fact({band},low,1)", f"says_fact({band},high,12)",
        f"says_fact({band},die,d)", f"says_fact({band},result,hit)"}
    assert not named(atoms, "says_item")


def test_dice_explains_a_rolled_outcome_by_the_face_rolled():
    atoms = only(["dice.lp", "explain.lp"], D20 + "state_roll(q, d, 5).",
                 consts={"explaining": 1})
    band = 'band(q,d,hit,"R1")'
    # only face 5 gives a result: the band is 5..5, read "a roll of {low}", low = 5
    assert f"says_for(outcome(q,hit),{band})" in atoms
    assert named(atoms, "says_band") == {'says_band(q,d,hit,"R1",5,5,1)'}
    assert named(atoms, "says") == {
        f'says({band},"R1","a roll of {{low}} on the {{die}} d20: {{result}}")'}
    assert f"says_fact({band},low,5)" in atoms


def test_dice_a_band_with_a_gap_lists_its_faces_one_by_one():
    program = """
    dice_die(q, d, 1, 20).
    dice_result(q, d, F, extreme, "R2") :- dice_face(q, d, F), F = 1.
    dice_result(q, d, F, extreme, "R2") :- dice_face(q, d, F), F = 20.
    dice_result(q, d, F, middle, "R2") :- dice_face(q, d, F), F > 1, F < 20.
    """
    atoms = only(["dice.lp", "explain.lp"], program, consts={"explaining": 1})
    extreme, middle = 'band(q,d,extreme,"R2")', 'band(q,d,middle,"R2")'
    # extreme on 1 and 20: 2 faces of 1..20, a gap: "{faces}", items 1 and 20; middle on
    # 2..19 runs without a gap: "low to high", no items
    assert 'says_band(q,d,extreme,"R2",1,20,2)' in atoms
    assert named(atoms, "says") == {
        f'says({extreme},"R2","a roll of {{faces}} on the {{die}} d20: {{result}}")',
        f'says({middle},"R2","a roll of {{low}} to {{high}} on the {{die}} d20: {{result}}")'}
    assert named(atoms, "says_item") == {f"says_item({extreme},faces,1,1)",
                                         f"says_item({extreme},faces,20,20)"}


# --------------------------------------------------------------------------------------
# symmetry.lp

def permutations_facts(largest):
    """space_perm(N, Id, I, J) for N = 1..largest, as pybridge/analysis/program.py gives
    them (itertools' order: Id 0 is the identity)."""
    return "".join(f"space_perm({n}, {number}, {i}, {j}).\n"
                   for n in range(1, largest + 1)
                   for number, perm in enumerate(itertools.permutations(range(1, n + 1)))
                   for i, j in zip(range(1, n + 1), perm))


def space(classes, attributes=("v",), key=("v",), optional=()):
    """A space of the ``classes`` ({class: [objects]}, numbered 1, 2, ... in order), each
    object with a value 0..1 for each of ``attributes`` (positions p(S, A)); its sort key
    the values of ``key`` in order; the objects ``optional`` may be out of use."""
    lines = []
    for k, objects in classes.items():
        for i, s in enumerate(objects, 1):
            lines.append(f"slot({s}, {k}, {i}).")
    for s in optional:
        lines.append(f"optional({s}). {{ used({s}) }}.")
    lines.append("#defined optional/1. used(S) :- slot(S, _, _), not optional(S).")
    lines.append("space_slot(S, K, I) :- slot(S, K, I), used(S).")
    for a in attributes:
        lines.append(f"1 {{ val(S, {a}, V) : V = 0..1 }} 1 :- space_slot(S, _, _).")
    lines.append("space_value(p(S, A), V) :- val(S, A, V).")
    lines.append("space_permutes(p(S, A), p(S2, A), E) :- space_image(E, S, S2), "
                 "val(S, A, _).")
    for n, a in enumerate(key, 1):
        lines.append(f"space_key(S, {n}, V) :- val(S, {a}, V).")
    return "\n".join(lines) + "\n"


def states(found):
    """Each model as its objects' values: {object: (value of each attribute in order)}."""
    result = []
    for atoms in found:
        values = {}
        for atom in sorted(named(atoms, "val")):
            s, _, v = clingo.parse_term(atom).arguments
            values.setdefault(str(s), []).append(v.number)
        result.append({s: tuple(v) for s, v in values.items()})
    return result


def situation(state, classes):
    """A state up to renaming the objects of each class: per class, its objects' values as
    a sorted list."""
    return tuple(tuple(sorted(state[s] for s in objects if s in state))
                 for objects in classes.values())


def solve_space(classes, lex_leader, largest, **options):
    perms = permutations_facts(largest) if lex_leader else ""    # as the bridge: only then
    found = models(["symmetry.lp"], space(classes, **options) + perms,
                   consts={"lex_leader": lex_leader})
    return [situation(s, classes) for s in states(found)]


def test_symmetry_lex_leader_keeps_one_state_of_two_interchangeable_objects():
    kept = solve_space({"k": ["s1", "s2"]}, lex_leader=1, largest=2)
    # values {0,1} for s1, s2: 4 states, 3 situations {0,0}, {0,1} ~ {1,0}, {1,1}
    assert len(kept) == 3
    assert sorted(kept) == [(((0,), (0,)),), (((0,), (1,)),), (((1,), (1,)),)]


def test_symmetry_lex_leader_is_the_default():
    found = models(["symmetry.lp"], space({"k": ["s1", "s2"]}) + permutations_facts(2))
    # #const lex_leader = 1: the same 3 states as above, without -c
    assert len(found) == 3


def test_symmetry_lex_leader_keeps_one_state_of_each_multiset_of_three_objects():
    kept = solve_space({"k": ["s1", "s2", "s3"]}, lex_leader=1, largest=3)
    # 8 states; a situation is how many of the 3 objects have value 1: 0..3, 4 of them
    assert len(kept) == 4 and len(set(kept)) == 4


def test_symmetry_each_group_element_renumbers_every_class_at_once():
    classes = {"k": ["s1", "s2"], "m": ["t1", "t2"]}
    kept = solve_space(classes, lex_leader=1, largest=2)
    # each class independently: 3 situations of its 2 objects, so 3 * 3 = 9 of 16 states
    assert len(kept) == 9 and len(set(kept)) == 9


def test_symmetry_the_group_is_the_product_of_the_classes_without_the_identity():
    program = space({"k": ["s1", "s2"], "m": ["t1", "t2", "t3"]}) + permutations_facts(3)
    atoms = models(["symmetry.lp"], program)[0]
    # 2! * 3! = 12 elements of the product, the all-identity one excluded: 11
    elements = named(atoms, "space_group_element")
    assert len(elements) == 11
    assert "space_group_element(((0,),0))" not in elements
    assert "space_identity(((0,),0))" in atoms


def test_symmetry_a_class_counts_only_its_objects_in_use():
    kept = solve_space({"k": ["s1", "s2"]}, lex_leader=1, largest=2, optional=["s2"])
    # s1 alone: 2 situations (0 or 1); s1 and s2: 3 situations; 5 in all
    assert len(kept) == 5 and len(set(kept)) == 5


def test_symmetry_lex_leader_is_exact_where_sorting_by_an_incomplete_key_is_not():
    classes = {"k": ["s1", "s2"]}
    exact = solve_space(classes, lex_leader=1, largest=2, attributes=("f", "v"))
    # each object (f, v) of 4 kinds; two objects: the multisets of 2 of 4 kinds, 10
    assert len(exact) == 10 and len(set(exact)) == 10
    sorted_only = solve_space(classes, lex_leader=0, largest=2, attributes=("f", "v"))
    # sorted by v only: v1 < v2 (4 pairs of f) or v1 = v2 (2 values * 4 pairs of f): 12,
    # every one of the 10 situations among them (sound), 2 of them twice (not exact)
    assert len(sorted_only) == 12
    assert set(sorted_only) == set(exact)


def test_symmetry_sorting_by_a_complete_key_compares_its_components_in_order():
    kept = solve_space({"k": ["s1", "s2"]}, lex_leader=0, largest=2,
                       attributes=("f", "v"), key=("v", "f"))
    # sorted by (v, f), the second component only where the first is equal: exactly the
    # sorted arrangement of each multiset, 10 states for 10 situations
    assert len(kept) == 10 and len(set(kept)) == 10


def test_symmetry_without_lex_leader_or_keys_no_state_is_removed():
    kept = solve_space({"k": ["s1", "s2"]}, lex_leader=0, largest=2, key=())
    # lex_leader = 0 and no space_key: no constraint applies, all 4 states remain
    assert len(kept) == 4


# --------------------------------------------------------------------------------------
# rulings.lp and in_force.lp

RULES = """
rule_id("A"). rule_id("B"). rule_id("C").
ruled_by(hit(x), "A") :- in_force("A").
also_cites(hit(x), "B") :- in_force("B").
"""
GUARDED = ["in_force.lp", "rulings.lp"]


def edition(*ids):
    return {f'in_force("{i}")': i in ids for i in "ABC"}


def test_rulings_a_guarded_ruling_is_given_with_its_citation_when_its_rule_is_in_force():
    atoms = only(GUARDED, RULES, assume=edition("A"))
    # A in force: ruled_by(hit(x), "A"), so ruling(hit(x)) and because(hit(x), "A")
    assert named(atoms, "ruling", "because") == {"ruling(hit(x))", 'because(hit(x),"A")'}


def test_rulings_a_guarded_ruling_is_not_given_when_its_rule_is_out_of_force():
    atoms = only(GUARDED, RULES, assume=edition("B", "C"))
    # A out of force: no ruled_by, so no ruling; also_cites alone gives no citation
    assert not named(atoms, "ruling", "because")


def test_rulings_an_also_cites_rule_adds_a_citation_to_a_given_ruling():
    atoms = only(GUARDED, RULES, assume=edition("A", "B"))
    # A and B: one ruling, cited by the rule that derives it and the one that explains it
    assert named(atoms, "ruling", "because") == {
        "ruling(hit(x))", 'because(hit(x),"A")', 'because(hit(x),"B")'}


def test_in_force_guards_are_free_externals_so_one_grounding_serves_every_edition():
    found = models(GUARDED, RULES)
    # three free externals, no assumption: every edition, 2^3 = 8 models; the ruling in the
    # 4 with A in force
    assert len(found) == 8
    assert len({frozenset(named(atoms, "in_force")) for atoms in found}) == 8
    assert all(("ruling(hit(x))" in atoms) == ('in_force("A")' in atoms) for atoms in found)


def test_in_force_an_id_not_listed_as_a_rule_id_is_never_in_force():
    found = models(GUARDED, RULES + 'ruled_by(miss(x), "Z") :- in_force("Z").')
    # in_force is external only for the listed rule_id/1: in_force("Z") is false everywhere
    assert all('in_force("Z")' not in atoms and "ruling(miss(x))" not in atoms
               for atoms in found)


def test_in_force_an_unsatisfiable_edition_has_a_core_of_the_conflicting_ids():
    program = RULES + 'ruled_by(miss(x), "C") :- in_force("C").\n' \
        ":- ruling(hit(x)), ruling(miss(x)).\n"
    ctl = control(GUARDED, program)
    cores = []
    result = ctl.solve(assumptions=_assumptions(edition("A", "B", "C")), on_core=cores.append)
    assert result.unsatisfiable
    literal_of = {a.literal: str(a.symbol) for a in ctl.symbolic_atoms.by_signature("in_force", 1)}
    (core,) = cores
    # A with C is unsatisfiable and any subset without either is not: both are in the core
    assert {'in_force("A")', 'in_force("C")'} <= {literal_of[abs(lit)] for lit in core}


def test_rulings_why_not_is_declared_so_a_rulebook_with_none_has_no_undefined_atom():
    program = "p(R) :- why_not(R, _).\n"
    messages = []
    control(["rulings.lp"], program, messages=messages)
    # #defined why_not/2: no "atom does not occur in any rule head" for it
    assert not [m for code, m in messages
                if code == clingo.MessageCode.AtomUndefined and "why_not" in m]
    messages = []
    control([], program, messages=messages)
    # without rulings.lp the grounder does say so (the logger listens)
    assert [m for code, m in messages if code == clingo.MessageCode.AtomUndefined]


def test_rulings_a_why_not_is_not_a_ruling_nor_shown():
    program = RULES + """
    ruled_by(miss(x), "A") :- in_force("A"), not in_force("C").
    why_not(miss(x), "C") :- in_force("A"), in_force("C").
    """
    atoms = only(GUARDED + ["display.lp"], program, assume=edition("A", "C"))
    # C keeps miss(x) from being given: a why_not, no ruling of miss(x), nothing cites C
    assert 'why_not(miss(x),"C")' in atoms
    assert "ruling(miss(x))" not in atoms
    assert named(atoms, "because") == {'because(hit(x),"A")'}
    shown = only(GUARDED + ["display.lp"], program, assume=edition("A", "C"), shown=True)
    # display.lp shows rulings and citations only
    assert shown == {"ruling(hit(x))", 'because(hit(x),"A")'}


# --------------------------------------------------------------------------------------
# display.lp

def test_display_shows_the_rulings_their_citations_and_answers_only():
    program = """
    ruled_by(hit(x), "A"). also_cites(hit(x), "B"). answers(hit(x), q1).
    why_not(miss(x), "C"). aux(1). state_weapon(x, bow). ruling(1, other).
    """
    shown = only(["rulings.lp", "display.lp"], program, shown=True)
    # ruling/1, because/2 (from ruled_by and also_cites) and answers/2; nothing else, not
    # ruling/2 (another arity)
    assert shown == {"ruling(hit(x))", 'because(hit(x),"A")', 'because(hit(x),"B")',
                     "answers(hit(x),q1)"}


# --------------------------------------------------------------------------------------
# analysis.lp

ANALYSED = """
ruling(1, hit(x)). because(1, hit(x), "A"). answers(1, hit(x), q1). witness_cost(3, 1, x).
ruled_by(1, hit(x), "A"). ruling(hit(x)). because(hit(x), "A"). state_weapon(1, x, bow).
world(1). aux.
"""


def test_analysis_shows_world_indexed_rulings_citations_answers_and_witness_costs_only():
    shown = only(["analysis.lp"], ANALYSED, shown=True)
    # ruling/2, because/3, answers/3, witness_cost/3: not the world-less forms, the inputs
    # (the bridge adds their #show), nor any auxiliary atom
    assert shown == {"ruling(1,hit(x))", 'because(1,hit(x),"A")', "answers(1,hit(x),q1)",
                     "witness_cost(3,1,x)"}


def test_analysis_an_input_predicate_shows_once_its_show_is_added():
    shown = only(["analysis.lp"], ANALYSED + "#show state_weapon/3.", shown=True)
    # the bridge's #show state_weapon/3 adds the input, so a model converts back to a state
    assert "state_weapon(1,x,bow)" in shown and "aux" not in shown


# --------------------------------------------------------------------------------------
# diff.lp

def test_diff_keeps_only_states_whose_rulings_differ_between_the_worlds():
    found = models(["diff.lp"], "{ ruling(1, a); ruling(2, a) }.")
    # of the 4 choices, the two where exactly one world gives a
    assert sorted(sorted(named(atoms, "ruling")) for atoms in found) == [
        ["ruling(1,a)"], ["ruling(2,a)"]]


def test_diff_with_the_same_rulings_in_both_worlds_has_no_model():
    # every ruling in both worlds (or neither): nothing changed, no state
    assert models(["diff.lp"], "ruling(1, a). ruling(2, a). ruling(1, b). ruling(2, b).") == []


def test_diff_declares_its_two_worlds():
    atoms = only(["diff.lp"], "ruling(1, a).")
    assert named(atoms, "world") == {"world(1)", "world(2)"}


def test_diff_shows_a_why_not_only_where_its_ruling_is_absent_and_the_other_world_gives_it():
    program = """
    ruling(1, a). why_not(2, a, "X"). why_not(1, a, "Y").
    why_not(1, b, "Z"). why_not(2, b, "Z").
    ruling(1, c). ruling(2, c). why_not(2, c, "W").
    """
    shown = only(["diff.lp", "analysis.lp"], program, shown=True)
    # a: absent from world 2, given by world 1: X shown; Y is of world 1, which gives a;
    # b: given by neither; c: given by both (so not a change either)
    assert named(shown, "why_not") == {'why_not(2,a,"X")'}


# --------------------------------------------------------------------------------------
# minimize.lp

def test_minimize_prefers_the_smallest_witness():
    program = """
    { obj(1..3) }.
    violation :- obj(2).
    :- not violation.
    witness_cost(3, 1, X) :- obj(X).
    """
    found = optimal(["minimize.lp"], program)
    # obj(2) is needed; every other object costs 1 more: the one optimum is obj(2) alone
    assert len(found) == 1
    atoms, cost = found[0]
    assert named(atoms, "obj") == {"obj(2)"} and cost == [1]


def test_minimize_a_higher_priority_outweighs_any_lower_one():
    program = """
    1 { few; many } 1.
    witness_cost(3, 1, o1).
    witness_cost(3, 1, o2) :- many.
    witness_cost(1, 5, v(o1)) :- few.
    """
    found = optimal(["minimize.lp"], program)
    # few: 1 object (priority 3) and rank 5 (priority 1); many: 2 objects, rank 0; the
    # objects come first: few, cost [1, 5] (highest priority first)
    assert [("few" in atoms, cost) for atoms, cost in found] == [(True, [1, 5])]


def test_minimize_sums_the_weights_of_distinct_tuples():
    program = """
    1 { three; one } 1.
    witness_cost(1, 2, t(1..3)) :- three.
    witness_cost(1, 4, u) :- one.
    """
    found = optimal(["minimize.lp"], program)
    # three: weight 2 for each of 3 tuples, 6 (not 2: the tuple T keeps them apart);
    # one: 4; the optimum is one, cost [4]
    assert [("one" in atoms, cost) for atoms, cost in found] == [(True, [4])]


# --------------------------------------------------------------------------------------
# explain.lp

EXPLAINED = """
ruled_by(hit(x), "A").
says_for(hit(x), step(x)) :- explaining = 1, ruled_by(hit(x), "A").
says(step(x), "A", "{target} is hit") :- explaining = 1, ruled_by(hit(x), "A").
says_fact(step(x), target, x) :- explaining = 1, ruled_by(hit(x), "A").
"""


def test_explain_explaining_is_zero_by_default_so_the_grounder_drops_explanations():
    ctl = control(["explain.lp"], EXPLAINED)
    # #const explaining = 0: the guard is false at grounding, no says* atom is even grounded
    assert not [a for a in ctl.symbolic_atoms if a.symbol.name.startswith("says")]


def test_explain_explaining_one_derives_the_explanations():
    atoms = only(["explain.lp"], EXPLAINED, consts={"explaining": 1})
    # -c explaining=1 (rule mode with --explain) overrides the #const: every says* rule fires
    assert named(atoms, *SAYS) == {"says_for(hit(x),step(x))",
                                   'says(step(x),"A","{target} is hit")',
                                   "says_fact(step(x),target,x)"}
