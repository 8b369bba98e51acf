"""b5's ``why_not(R, ID)`` atoms (the why_not convention of asp/core/rulings.lp, issue 24 item 8): in a state, a ruling R
the chapter would give is not given because a change of the errata edition (rule ID) blocks
it. They are read by ``rulings diff`` to name the rule behind a ruling that vanishes.

Expected atoms are reasoned from the source (../shared/seeds/000_062556bb7cf8d404.txt):
- B.5.2.8 «Ein König ist geschützt vor der Versteinerung einer WJ» against T4-11 «K ist nicht
  geschützt vor der WJ.»: the change wins (B5-INT-2), so in the errata edition the king's
  protection from the WJ, and what B.5.2.6/B.5.2.7 and T4-1 would do with it, are not given,
  because of T4-11 and B5-INT-2. In the original edition neither is in force: no why_not.
- T4-1 «Es gibt keine Immunität gegen CN oder WJ, bestenfalls Schutz»: a declared immunity
  to a CN or WJ gives no ``immune`` ruling (B.5.1 would give one), because of T4-1 and its
  reading B5-INT-3; its protection rulings exist because of B5-INT-3 (also_cites).
"""


import pybridge
from pybridge.books import get
from pybridge.engine.solving import ground


def why_not(doc, edition="errata"):
    """The why_not atoms of a document's one answer set, as (ruling text, rule ID) pairs."""
    book = get("b5")
    facts = book.facts(book.validate(doc))
    control = ground(book.encoding, facts, set(book.encoding.editions[edition].rule_ids))
    found = []
    control.solve(on_model=lambda m: found.append(
        {(str(a.arguments[0]), a.arguments[1].string)
         for a in m.symbols(atoms=True) if a.name == "why_not" and len(a.arguments) == 2}))
    assert len(found) == 1
    return found[0]


def rulings(doc, edition="errata"):
    result = pybridge.rule(doc, edition=edition)
    return {(r["kind"], *(v for k, v in r.items() if k not in ("kind", "because"))): r["because"]
            for r in result["rulings"]}


def king(**extra):
    return {"id": "King", "type": "K", "field": "f", **extra}


def wj(field="f", **extra):
    return {"id": "Virgin", "type": "WJ", "field": field, **extra}


def doc(beings, elements, orders=()):
    d = {"rulebook": "b5", "beings": list(beings), "elements": list(elements)}
    if orders:
        d["orders"] = list(orders)
    return d


BOTH = {"T4-11", "B5-INT-2"}


def ids_for(atoms, ruling):
    return {i for r, i in atoms if r == ruling}


# B.5.2.8 protects the king from the WJ's petrification only («vor der Versteinerung einer
# WJ»): a WJ whose effect of that name petrifies kings.
PETRIFIES = {"effects": [{"name": "petrification", "destroys": ["K"]}]}


def test_T4_11_B5_INT_2_why_not_the_kings_protection_from_the_wj():
    # A king in the field of a WJ with a petrification (that destroys nothing): the original
    # edition gives protected_from_effect(King, Virgin, petrification, movement) by B.5.2.8;
    # the errata edition does not, because of T4-11 (the row) and B5-INT-2 (the change wins).
    state = doc([king()], [wj(effects=[{"name": "petrification"}])])
    given = ("protected_from_effect", "King", "Virgin", "petrification", "movement")
    assert given in rulings(state, "original")
    assert given not in rulings(state, "errata")
    assert ids_for(why_not(state), 'protected_from_effect("King","Virgin","petrification","movement")') \
        == BOTH
    assert why_not(state, "original") == set()
    # A WJ with no petrification: B.5.2.8 protects the king from nothing of it, so T4-11
    # takes nothing away.
    assert why_not(doc([king()], [wj()])) == set()


def test_T4_11_B5_INT_2_why_not_must_retreat_where_the_wj_destroys_the_king():
    # The WJ petrifies the king: protected (original) he must retreat and may only retreat
    # from the effect phase (B.5.2.7); unprotected (errata) he is destroyed (B.5.2.3). The
    # retreat and the limit are not given because of T4-11 and B5-INT-2.
    state = doc([king()], [wj(**PETRIFIES)])
    assert ("must_retreat", "King", "Virgin") in rulings(state, "original")
    assert ("only_retreat_from", "King", "effect") in rulings(state, "original")
    assert ("destroyed", "King", "Virgin") in rulings(state, "errata")
    atoms = why_not(state)
    assert ids_for(atoms, 'must_retreat("King","Virgin")') == BOTH
    assert ids_for(atoms, 'only_retreat_from("King","effect")') == BOTH
    assert why_not(state, "original") == set()
    # A WJ that destroys the king as a whole, not by a petrification: the example would not
    # guard him in the original either, so T4-11 is not why he is not retreating.
    whole = doc([king()], [wj(destroys=["K"], effects=[{"name": "petrification"}])])
    assert ("destroyed", "King", "Virgin") in rulings(whole, "original")
    assert ids_for(why_not(whole), 'must_retreat("King","Virgin")') == set()


def test_T4_11_B5_INT_2_why_not_a_refused_move_into_the_wj_field():
    # A move order into the field of a WJ that petrifies kings: protected from the
    # petrification in the order phase the king's order would be refused (B.5.2.6, «vor der
    # es geschützt»). With T4-11 nothing refuses it. T4-1's ban needs protection from the WJ
    # itself («das geschützte Wesen»), and the example's is from one effect: no entry ban
    # would be given either.
    state = doc([king(field="g")], [wj(**PETRIFIES)], [{"id": "o1", "being": "King",
                                                         "kind": "move", "to": "f"}])
    assert ("order_refused", "o1") in rulings(state, "original")
    assert not [r for r in rulings(state, "errata") if r[0] in ("order_refused", "entry_forbidden")]
    atoms = why_not(state)
    assert ids_for(atoms, 'order_refused("o1")') == BOTH
    assert ids_for(atoms, 'entry_forbidden("King","f")') == set()
    assert ids_for(atoms, 'main_conflict_lost("o1")') == set()


def test_T4_11_B5_INT_2_why_not_a_lost_main_conflict_unless_the_preconflict_was_lost():
    # A discovery: protected, it would lose the main conflict (B.5.2.6), unless it lost the
    # pre-conflict and never reaches the main conflict.
    order = {"id": "d1", "being": "King", "kind": "discovery", "to": "f"}
    state = doc([king(field="g")], [wj(**PETRIFIES)], [order])
    assert ids_for(why_not(state), 'main_conflict_lost("d1")') == BOTH
    lost = doc([king(field="g")], [wj(**PETRIFIES)], [{**order, "wins_preconflict": False}])
    assert ids_for(why_not(lost), 'main_conflict_lost("d1")') == set()


def test_T4_11_why_not_needs_a_king_and_a_wj():
    # Boundary: another type facing the WJ (a J, protected by T4-10) or the king facing a CN
    # (no change revokes anything there): no why_not.
    assert why_not(doc([{"id": "J1", "type": "J", "field": "f"}], [wj()])) == set()
    assert why_not(doc([king()], [{"id": "Cn", "type": "CN", "field": "f"}])) == set()
    # A king with his own protection from the WJ (a fact of the state, B.5.2.2) is protected
    # in both editions: the change takes away only the table's protection, and the ruling is
    # given, so the why_not of that exact ruling is not stated.
    own = doc([king(protected_from=["WJ"])], [wj()])
    assert ("protected", "King", "Virgin", "movement") in rulings(own, "errata")
    assert ids_for(why_not(own), 'protected("King","Virgin","movement")') == set()


def test_B5_INT_3_T4_1_why_not_immune_to_a_cn():
    # Declared immune to a CN: original gives immune (B.5.1); errata gives protected only,
    # and says why not immune: T4-1 and B5-INT-3. The errata's protection cites B5-INT-3.
    state = doc([{"id": "Fleet", "type": "fleet", "field": "f", "immune_to": ["CN"]}],
                [{"id": "Cn", "type": "CN", "field": "f"}])
    assert ("immune", "Fleet", "Cn") in rulings(state, "original")
    errata = rulings(state, "errata")
    assert ("immune", "Fleet", "Cn") not in errata
    assert "B5-INT-3" in errata[("protected", "Fleet", "Cn", "movement")]
    assert ids_for(why_not(state), 'immune("Fleet","Cn")') == {"T4-1", "B5-INT-3"}
    assert why_not(state, "original") == set()


def test_B5_INT_3_the_retreat_of_a_demoted_immunity_cites_it():
    # The CN destroys the fleet: immune (original) nothing happens; in the errata edition the
    # demoted immunity is a protection for the whole turn, so the fleet must retreat
    # (B.5.2.7), a ruling that exists because of B5-INT-3.
    state = doc([{"id": "Fleet", "type": "fleet", "field": "f", "immune_to": ["CN"]}],
                [{"id": "Cn", "type": "CN", "field": "f", "destroys": ["fleet"]}])
    errata = rulings(state, "errata")
    assert "B5-INT-3" in errata[("must_retreat", "Fleet", "Cn")]
    assert "B5-INT-3" in errata[("only_retreat_from", "Fleet", "effect")]
    trapped = doc([{"id": "Fleet", "type": "fleet", "field": "f", "immune_to": ["CN"],
                    "can_retreat": False}],
                  [{"id": "Cn", "type": "CN", "field": "f", "destroys": ["fleet"]}])
    assert "B5-INT-3" in rulings(trapped, "errata")[("destroyed", "Fleet", "Cn")]


def test_B5_INT_3_why_not_needs_cn_or_wj():
    # Boundary: an immunity to a MA is an immunity in both editions: no why_not.
    state = doc([{"id": "Fleet", "type": "fleet", "field": "f", "immune_to": ["MA"]}],
                [{"id": "M", "type": "MA", "field": "f"}])
    assert why_not(state) == set()
