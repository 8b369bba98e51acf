"""Grounding a state with the encoding and solving it under an edition.

The encoding's parsed statements are added to a fresh control per state (no re-parsing),
the state's facts and the rule catalogue enter through the backend, and the edition's rule
IDs are ``in_force/1`` facts, so the grounder works out all the state and the edition decide
(a sum has one value, not every value the editions could give it). One grounding answers:
the rulings (one answer set), or an ambiguity (several answer sets, projected on the shown
atoms). A state without answer set is grounded once more with ``in_force/1`` as assumptions,
for an unsatisfiable core over them (the rules in conflict), minimised by deletion.
"""

import clingo

from ..documents.fields import Fields
from .encoding import silent
from .symbols import fact

MAX_ANSWER_SETS = 64


class Outcome(Fields):
    status: str                  # ok | ambiguous | inconsistent
    answer_sets: list            # shown symbols of each answer set (ok: exactly one)
    conflict: tuple = ()         # rule IDs, when inconsistent
    truncated: bool = False      # more answer sets than MAX_ANSWER_SETS
    world: bool = False          # the symbols carry a world first: ruling(W, R)


def ground(encoding, facts, in_force=None, explaining=False):
    """A control holding the encoding grounded on ``facts`` (symbols): with ``in_force``
    (a set of rule IDs) for that edition alone, the IDs given as facts, and only the rules
    that state can fire (pybridge/engine/relevance.py); without it for every edition,
    in_force/1 free externals to be assumed. ``explaining`` (with ``in_force``):
    the rules' explanations are grounded too (asp/core/explain.lp)."""
    if in_force is None:
        return _grounded(encoding.statements, facts, encoding.rule_ids, in_force)
    facts = list(facts)
    relevant = encoding.explaining_relevant if explaining else encoding.fixed_relevant
    present = {(symbol.name, len(symbol.arguments)) for symbol in facts} | {("rule_id", 1)}
    return _grounded(relevant.text(present, in_force), facts, encoding.rule_ids, in_force)


def _grounded(statements, facts, rule_ids, in_force, show=None):
    """The parsed ``statements`` (or the same program as text) grounded with ``facts``, the
    rule catalogue ``rule_ids`` and, unless ``in_force`` is None, its IDs as in_force/1 facts
    (``show``: extra #show text)."""
    control = clingo.Control(["--project=show"], logger=silent)
    if isinstance(statements, str):
        control.add("base", [], statements)
    else:
        from clingo import ast
        with ast.ProgramBuilder(control) as builder:
            for statement in statements:
                builder.add(statement)
    if show is not None:
        control.add("base", [], show)
    with control.backend() as backend:
        for symbol in facts:
            backend.add_rule([backend.add_atom(symbol)])
        for rule_id in rule_ids:
            backend.add_rule([backend.add_atom(fact("rule_id", rule_id))])
            if in_force is not None and rule_id in in_force:
                backend.add_rule([backend.add_atom(fact("in_force", rule_id))])
    control.ground([("base", [])])
    return control


def assumptions(encoding, in_force):
    return [(fact("in_force", rule_id), rule_id in in_force) for rule_id in encoding.rule_ids]


def solve(encoding, facts, in_force, explaining=False):
    """Solve the state ``facts`` with the rule IDs ``in_force``. It is grounded for that
    edition alone; only a state without answer set is grounded again for every edition, to
    find the rules in conflict. ``explaining``: each answer set also holds its explanation
    atoms (says*, not shown: the answer sets are told apart by their rulings alone)."""
    control = ground(encoding, facts, in_force, explaining)
    control.configuration.solve.models = str(MAX_ANSWER_SETS + 1)
    answer_sets = []

    def on_model(model):
        symbols = list(model.symbols(shown=True))
        if explaining:
            symbols += [s for s in model.symbols(atoms=True) if s.name.startswith("says")]
        answer_sets.append(frozenset(symbols))
    result = control.solve(on_model=on_model)
    if result.unsatisfiable:
        control = ground(encoding, facts)
        return Outcome("inconsistent", [], conflict=minimal_conflict(control, encoding, in_force))
    truncated = len(answer_sets) > MAX_ANSWER_SETS
    answer_sets = answer_sets[:MAX_ANSWER_SETS]
    status = "ok" if len(answer_sets) == 1 else "ambiguous"
    return Outcome(status, answer_sets, truncated=truncated)


def is_unsat(control, encoding, in_force):
    control.configuration.solve.models = "1"
    return control.solve(assumptions=assumptions(encoding, in_force)).unsatisfiable


def minimal_conflict(control, encoding, in_force):
    """A minimal set of rule IDs that cannot hold together on this state.

    Start from the unsatisfiable core of the full edition, then drop each ID whose removal
    (with every other rule out of force) keeps the program unsatisfiable.
    """
    literal_of = {}
    for rule_id in encoding.rule_ids:
        atom = control.symbolic_atoms[fact("in_force", rule_id)]
        if atom is not None:
            literal_of[atom.literal] = rule_id
    core = []
    control.configuration.solve.models = "1"
    control.solve(assumptions=assumptions(encoding, in_force), on_core=core.extend)
    conflict = [i for i in encoding.rule_ids if i in {literal_of.get(lit) for lit in core}]
    for rule_id in list(conflict):
        trial = [i for i in conflict if i != rule_id]
        if is_unsat(control, encoding, set(trial)):
            conflict = trial
    return tuple(conflict)


def solve_batch(encoding, world_statements, states, in_force):
    """Solve many states under one edition in one grounding: ``states`` holds each state's
    facts made for its world (``symbols.in_world``: state k is world k + 1), ``in_force``
    the edition's rule IDs. Each state is a world of the world-indexed encoding
    (``world_statements``: in_force shared and given as facts, so the grounder drops the
    rules out of force), and no state sees another's atoms. One answer set means every state
    has exactly one: their Outcomes. Otherwise (a state without answer set, or one with
    several) None: the caller solves the states one by one to tell which.
    """
    facts = [symbol for world, state in enumerate(states, 1)
             for symbol in (fact("world", world), *state)]
    control = _grounded(world_statements, facts, encoding.rule_ids, in_force,
                        show="#show ruling/2. #show because/3. #show answers/3.")
    control.configuration.solve.models = "2"
    models = []
    control.solve(on_model=lambda model: models.append(model.symbols(shown=True)))
    if len(models) != 1:
        return None
    per_world = [[] for _ in states]
    for symbol in models[0]:          # ruling(W, R), because(W, R, ID), answers(W, R, Q)
        per_world[symbol.arguments[0].number - 1].append(symbol)
    return [Outcome("ok", [symbols], world=True) for symbols in per_world]
