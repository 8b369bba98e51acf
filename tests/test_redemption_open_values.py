"""Redemption's searches over open values (clingcon): the battle rules over integer variables
(asp/redemption/battle.lp, its sums made clingcon's by pybridge/analysis/open_sums.py) against the
document rules, state by state, and the proofs they make affordable.

In a check the strengths and toughness of characters and cards are integer variables
(``Ints(open=True)`` in Redemption.vocabulary): the generated space names each by its fact
(``open(state_character, character(1), 2)``), and the battle comparisons are linear
constraints over them. The states here come from the same generated space with values
chosen (the values part, whose rulings tests/contract/test_state_spaces.py shows to be `rule`'s); each is
pinned in the open search by its facts and by the bounds its values reach, and must get the
same rulings.
"""

import pytest

import pybridge
from pybridge.analysis.bounds import Bounds
from pybridge.analysis.models import WorldModel
from pybridge.analysis.program import analysis
from pybridge.analysis.search import run
from pybridge.analysis.theory import Theory
from pybridge.books import get
from pybridge.documents.inputs import Ints

BOOK = get("redemption")
# two characters of a side and one of the other, a card, two immunities, an ability: every
# battle procedure (one on one, RED-BAT-0 side against side, RED-BAT-1), cards for and
# against, negative totals (RED-IMM-3, RED-BAT-1-NEG)
SPACE = Bounds(BOOK.bounds, {"max_characters": 3, "max_cards": 1, "max_immunities": 2,
                             "max_abilities": 1, "values": "-2..3", "toughness": "0..2",
                             "bonuses": "-1..1", "max_features": 2})
# the open integers of each input (their argument positions), as the vocabulary declares them
OPEN = {i.name: tuple(j for j, d in enumerate(i.args) if isinstance(d, Ints) and d.open)
        for i in BOOK.vocabulary.inputs}
_CONTROLS = {}


def _as_text(symbol):
    return symbol.name, tuple(str(a) for a in symbol.arguments)


def _open_form(fact):
    """A state fact (world-less) as the open search names it, and its values."""
    name, arguments = fact
    values = {}
    arguments = list(arguments)
    for position in OPEN.get(name, ()):
        variable = f"open({name},{arguments[0]},{position})"
        values[variable] = int(arguments[position])
        arguments[position] = variable
    return (name, tuple(arguments)), values


def _controls(edition):
    if edition not in _CONTROLS:
        program = analysis(BOOK)
        plain = program.control(SPACE, worlds=[1], listing=False)
        plain.configuration.solve.models = "1"
        plain.configuration.solver.rand_freq = "1"
        plain.configuration.solver.sign_def = "rnd"
        theory = Theory.of(BOOK.vocabulary)
        open_ = program.control(SPACE, worlds=[1], theory=theory, listing=False)
        _CONTROLS[edition] = (program, plain, open_, theory)
    return _CONTROLS[edition]


def _pins(control, facts, values):
    """The state as assumptions on the open search's choices: each world-less input atom,
    and for each value the bounds it reaches (witness_cost at_least/at_most atoms)."""
    declared = {i.name: i.arity for i in BOOK.vocabulary.inputs}
    pins = []
    for atom in control.symbolic_atoms:
        symbol = atom.symbol
        if atom.is_fact:
            continue
        if declared.get(symbol.name) == len(symbol.arguments):
            key = (symbol.name, tuple(str(a).replace(" ", "") for a in symbol.arguments))
            pins.append((symbol, key in facts))
        elif symbol.name == "witness_cost" and symbol.arguments[2].name in ("at_least", "at_most"):
            variable, bound = symbol.arguments[2].arguments
            value = values.get(str(variable).replace(" ", ""))
            if value is None:
                continue
            reached = value >= bound.number if symbol.arguments[2].name == "at_least" \
                else value <= -bound.number
            pins.append((symbol, reached))
    return pins


def _rulings(symbols):
    return sorted(str(s.arguments[1]) for s in symbols if s.name == "ruling")


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["literal", "negative_counts"])
def test_RED_BAT_1_RED_IMM_3_open_values_rule_as_chosen_values(edition):
    """120 random states (seeds 1..120) of the generated space: the search over open values,
    pinned to the state, gives exactly the rulings of the search with the values chosen."""
    program, plain, open_, theory = _controls(edition)
    in_force = program.assumptions({1: set(BOOK.encoding.editions[edition].rule_ids)})
    compared = set()
    for seed in range(1, 121):
        plain.configuration.solver.seed = str(seed)
        with plain.solve(assumptions=in_force, yield_=True) as handle:
            symbols = next(iter(handle)).symbols(shown=True)
        world = WorldModel(symbols)
        facts, values = set(), {}
        for symbol in world.state[1]:
            fact, found = _open_form(_as_text(symbol))
            facts.add((fact[0], tuple(a.replace(" ", "") for a in fact[1])))
            values.update(found)
        pins = in_force + _pins(open_, facts, values)
        search = run(open_, pins, theory=theory)
        assert search.satisfiable, world.document(BOOK, 1)
        if _rulings(search.models[-1]) != _rulings(symbols):
            # a state with several readings (two grants blocking each other, RED-IMM-4):
            # each search found one; the chosen one must be a reading of the open search
            chosen = set(_rulings(symbols))
            readings = [(a.symbol, str(a.symbol.arguments[1]) in chosen)
                        for a in open_.symbolic_atoms.by_signature("ruling", 2)]
            search = run(open_, pins + readings, theory=theory)
            assert search.satisfiable, world.document(BOOK, 1)
            assert _rulings(search.models[-1]) == _rulings(symbols), world.document(BOOK, 1)
        compared.add(str(sorted(map(str, symbols))))
    assert len(compared) > 80       # the seeds reach different states


def _invariant(bounds, name="RED-INV-5", edition=None):
    result = pybridge.check("redemption", bounds, edition=edition, invariants=[name],
                            timeout=120)
    return result["invariants"][0]


@pytest.mark.slow
def test_RED_INV_5_proof_at_six_characters_over_open_values():
    """A proof the open values make affordable: every battle of up to six characters (every
    split of sides), strengths and toughness 0..6, with two immunities of every kind (to a
    card or a selector, in any phase, of any duration); no cards, abilities or optional
    facts (measured: 10 s; with values chosen the search does not finish in 120 s)."""
    entry = _invariant({"max_characters": 6, "max_cards": 0, "max_abilities": 0,
                        "max_features": 0, "values": "0..6", "toughness": "0..6"})
    assert entry["status"] == "holds"
