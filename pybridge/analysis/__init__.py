"""Analysis over a rulebook's state space: check, enumerate, diff, errata.

The rule files are the ones that give rulings: the bridge indexes every atom of them by a
*world* (see :mod:`.worlds`), so that one grounding can hold the same state under two
editions (diff) or two related states (an invariant such as monotonicity), and the
rulebook's ``space.lp`` generates the states with choice rules instead of facts.
"""
