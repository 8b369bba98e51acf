"""``pybridge.enumerate_states`` against a plain-Python brute force of the same state space.

The space (asp/redemption/space.lp, restated here without reading the encoding): heroes
hero1..heroG and evil characters evil1..evilE, G >= 1, E >= 1, G + E <= max_characters, all
in battle, phase battle; each character has a strength in ``values`` and a toughness in
``toughness``; for each ordered pair (S, T) of opposing characters there is no immunity, an
active one (used in phase battle, duration phase) or an expired one (used in phase
preparation, duration phase). Two states are one *situation* when renumbering the heroes among
themselves and the evil characters among themselves (carrying stats and immunities along)
maps one onto the other; the enumeration counts each situation once.

The brute force below lists every state, keeps one canonical form per situation (the least
image under all renumberings) and rules it with the independent reference
``tests/reference/redemption.py``. The bounds are small so that each case runs in seconds.
"""

import collections
import functools
import io
import itertools
import json

import pytest

import pybridge
from reference.redemption import rule_battle  # tests/ is on sys.path under pytest

BATTLE_STATES = {"heroes_winning", "stalemate", "mutual_destruction", "evil_winning"}
NONE, ACTIVE, EXPIRED = 0, 1, 2

# (max_characters, values, toughness)
ONE_ON_ONE = (2, (0, 1), (0, 1))              # no symmetry at all: 4 * 4 * 3**2 = 144 states
ONE_ON_ONE_NEGATIVE = (2, (-1, 1), (0, 1))    # negative strengths: RED-IMM-3 keeps them
IMMUNITIES_ONLY = (3, (0, 0), (0, 0))         # every difference is in the immunities
STRENGTHS = (3, (0, 1), (0, 0))               # differences in strength and immunities
THREE = (3, (-1, 1), (0, 1))                  # all four battle states occur
FOUR = (4, (0, 0), (0, 0))                    # two on each side; three on one side
CASES = [ONE_ON_ONE, ONE_ON_ONE_NEGATIVE, IMMUNITIES_ONLY, STRENGTHS, THREE, FOUR]


def case_id(case):
    max_characters, (vlo, vhi), (tlo, thi) = case
    return f"{max_characters}-values{vlo}..{vhi}-tough{tlo}..{thi}"


IDS = [case_id(case) for case in CASES]
# Writing every state (``out``) costs far more than counting, so the per-state tests use the
# smaller cases; the counts are checked on all of them.
OUT_CASES = [ONE_ON_ONE, ONE_ON_ONE_NEGATIVE, IMMUNITIES_ONLY, STRENGTHS]
OUT_IDS = [case_id(case) for case in OUT_CASES]


def bounds_dict(case):
    max_characters, (vlo, vhi), (tlo, thi) = case
    return {"max_characters": max_characters, "values": f"{vlo}..{vhi}",
            "toughness": f"{tlo}..{thi}"}


# --------------------------------------------------------------------------- brute force

def canonical(heroes, evil, hero_imm, evil_imm):
    """The least image of a state under every renumbering of each side.

    ``heroes``/``evil``: (strength, toughness) per character in number order;
    ``hero_imm[i][j]`` / ``evil_imm[j][i]``: the immunity of hero i to evil j / of evil j to
    hero i (NONE, ACTIVE or EXPIRED).
    """
    g, e = len(heroes), len(evil)
    best = None
    for p in itertools.permutations(range(g)):
        for q in itertools.permutations(range(e)):
            image = (g, e,
                     tuple(heroes[p[i]] for i in range(g)),
                     tuple(evil[q[j]] for j in range(e)),
                     tuple(hero_imm[p[i]][q[j]] for i in range(g) for j in range(e)),
                     tuple(evil_imm[q[j]][p[i]] for i in range(g) for j in range(e)))
            if best is None or image < best:
                best = image
    return best


def document(key):
    """A state document for a canonical form, written like the witnesses the CLI prints."""
    g, e, heroes, evil, hero_imm, evil_imm = key
    hero_ids = [f"hero{i + 1}" for i in range(g)]
    evil_ids = [f"evil{j + 1}" for j in range(e)]
    characters = [{"id": cid, "alignment": "good", "strength": s, "toughness": t}
                  for cid, (s, t) in zip(hero_ids, heroes)]
    characters += [{"id": cid, "alignment": "evil", "strength": s, "toughness": t}
                   for cid, (s, t) in zip(evil_ids, evil)]
    pairs = []
    for i in range(g):
        for j in range(e):
            pairs.append((hero_ids[i], evil_ids[j], hero_imm[i * e + j]))
            pairs.append((evil_ids[j], hero_ids[i], evil_imm[i * e + j]))
    immunities = [{"id": f"imm({holder},{to})", "holder": holder, "to": to,
                   "phase": "battle" if kind == ACTIVE else "preparation", "duration": "phase"}
                  for holder, to, kind in sorted(pairs) if kind != NONE]
    doc = {"rulebook": "redemption", "phase": "battle", "characters": characters}
    if immunities:
        doc["immunities"] = immunities
    return doc


def key_of(doc, case):
    """The canonical form of a state document from the space; fails when it is outside."""
    max_characters, (vlo, vhi), (tlo, thi) = case
    assert doc["rulebook"] == "redemption"
    assert doc.get("phase", "battle") == "battle"
    assert set(doc) <= {"rulebook", "phase", "characters", "immunities", "edition"}, doc
    heroes = [c for c in doc["characters"] if c["alignment"] == "good"]
    evil = [c for c in doc["characters"] if c["alignment"] == "evil"]
    assert heroes and evil and len(heroes) + len(evil) <= max_characters, doc
    assert [c["id"] for c in heroes] == [f"hero{i + 1}" for i in range(len(heroes))], doc
    assert [c["id"] for c in evil] == [f"evil{j + 1}" for j in range(len(evil))], doc
    for c in doc["characters"]:
        assert vlo <= c["strength"] <= vhi and tlo <= c["toughness"] <= thi, c
        assert c.get("in_battle", True) is True
    side = {c["id"]: c["alignment"] for c in doc["characters"]}
    kinds = {}
    for m in doc.get("immunities", ()):
        assert side[m["holder"]] != side[m["to"]], m          # opposing characters only
        assert m.get("duration", "phase") == "phase" and m.get("granted_by") is None, m
        assert m["phase"] in ("battle", "preparation"), m
        assert (m["holder"], m["to"]) not in kinds, m           # at most one per ordered pair
        kinds[m["holder"], m["to"]] = ACTIVE if m["phase"] == "battle" else EXPIRED
    hero_imm = [[kinds.get((h["id"], v["id"]), NONE) for v in evil] for h in heroes]
    evil_imm = [[kinds.get((v["id"], h["id"]), NONE) for h in heroes] for v in evil]
    stats = lambda cs: [(c["strength"], c["toughness"]) for c in cs]  # noqa: E731
    return canonical(stats(heroes), stats(evil), hero_imm, evil_imm)


def reference_summary(doc):
    """What the reference says about a state, in the terms the class rulings can be read in:
    battle state, its citation, how many heroes / evil characters are being defeated, how
    many immunities have expired."""
    ruled = rule_battle(doc)
    side = {c["id"]: c["alignment"] for c in doc["characters"]}
    expired = sum(1 for m in doc.get("immunities", ()) if m["phase"] != doc.get("phase", "battle"))
    return (ruled["battle_state"], tuple(sorted(ruled["because"])),
            sum(1 for d in ruled["being_defeated"] if side[d] == "good"),
            sum(1 for d in ruled["being_defeated"] if side[d] == "evil"),
            expired)


@functools.lru_cache(maxsize=None)
def bruteforce(case):
    """{canonical form: reference summary} over every situation of the space."""
    max_characters, (vlo, vhi), (tlo, thi) = case
    stats = [(s, t) for s in range(vlo, vhi + 1) for t in range(tlo, thi + 1)]
    forms = set()
    for g in range(1, max_characters):
        for e in range(1, max_characters - g + 1):
            for heroes in itertools.product(stats, repeat=g):
                for evil in itertools.product(stats, repeat=e):
                    for flat_h in itertools.product((NONE, ACTIVE, EXPIRED), repeat=g * e):
                        hero_imm = [flat_h[i * e:(i + 1) * e] for i in range(g)]
                        for flat_e in itertools.product((NONE, ACTIVE, EXPIRED), repeat=g * e):
                            evil_imm = [flat_e[j * g:(j + 1) * g] for j in range(e)]
                            forms.add(canonical(heroes, evil, hero_imm, evil_imm))
    return {key: reference_summary(document(key)) for key in forms}


# --------------------------------------------------------------------------- the enumeration

@functools.lru_cache(maxsize=None)
def enumerated(case):
    """The API's enumeration and, for OUT_CASES, its ``out`` lines (one JSON object per
    state; None otherwise)."""
    if case not in OUT_CASES:
        return pybridge.enumerate_states("redemption", bounds_dict(case)), None
    out = io.StringIO()
    result = pybridge.enumerate_states("redemption", bounds_dict(case), out=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    return result, lines


ALIGNMENT_LABEL = {"good": "hero", "evil": "evil"}


def abstract(rulings, doc):
    """Rulings with identifiers left out: characters become hero/evil, immunities imm."""
    side = {c["id"]: ALIGNMENT_LABEL[c["alignment"]] for c in doc["characters"]}
    immunity_ids = {m["id"] for m in doc.get("immunities", ())}
    abstracted = []
    for ruling in rulings:
        ruling = dict(ruling)
        assert ruling["kind"] in ("battle_state", "being_defeated", "immunity_inactive"), ruling
        if "character" in ruling:
            ruling["character"] = side[ruling["character"]]
        if "immunity" in ruling:
            assert ruling["immunity"] in immunity_ids, ruling
            ruling["immunity"] = "imm"
        abstracted.append(ruling)
    return as_multiset(abstracted)


def as_multiset(rulings):
    return sorted(json.dumps(r, sort_keys=True) for r in rulings)


def class_summary(rulings):
    """The reference-comparable summary of a class's abstracted rulings."""
    (state,) = [r for r in rulings if r["kind"] == "battle_state"]
    defeated = collections.Counter(r["character"] for r in rulings if r["kind"] == "being_defeated")
    assert set(defeated) <= {"hero", "evil"}
    inactive = [r for r in rulings if r["kind"] == "immunity_inactive"]
    assert all(r["reason"] == "expired" and r["immunity"] == "imm" for r in inactive), inactive
    return (state["state"], tuple(sorted(state["because"])), defeated["hero"], defeated["evil"],
            len(inactive))


def cost(doc):
    """Smallest witness first: fewest characters, smallest absolute values, fewest immunities."""
    return (len(doc["characters"]),
            sum(abs(c["strength"]) + abs(c["toughness"]) for c in doc["characters"]),
            len(doc.get("immunities", ())))


# --------------------------------------------------------------------------- tests

def test_bruteforce_counts_worked_out_by_hand():
    # One character a side: no renumbering applies, 4 stats each and 3 choices per direction.
    assert len(bruteforce(ONE_ON_ONE)) == 4 * 4 * 3 ** 2
    # Immunities only, at most three characters: 1 against 1 gives 3**2 = 9 states; 2 against
    # 1 gives 3**4 = 81 states, of which 9 are fixed by swapping the two (equal rows), so
    # (81 + 9) / 2 = 45 situations; the same again for 1 against 2.
    assert len(bruteforce(IMMUNITIES_ONLY)) == 9 + 45 + 45


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_total_counts_each_situation_once(case):
    result, _ = enumerated(case)
    assert result["rulebook"] == "redemption"
    assert result["bounds"] == bounds_dict(case)
    assert result["complete"] is True
    assert result["exact_symmetry"] is True      # at most 3 characters on a side here
    assert sum(c["count"] for c in result["classes"]) == result["total"]
    assert result["total"] == len(bruteforce(case))


@pytest.mark.parametrize("case", OUT_CASES, ids=OUT_IDS)
def test_out_lines_are_exactly_one_state_per_situation(case):
    result, lines = enumerated(case)
    assert len(lines) == result["total"]
    states = collections.defaultdict(list)
    for line in lines:
        states[key_of(line["state"], case)].append(line["state"])
    duplicated = [found for found in states.values() if len(found) > 1]
    assert not duplicated, (
        f"{len(duplicated)} situations listed more than once; these states are one situation "
        f"(renumber the characters): " + " | ".join(json.dumps(s) for s in duplicated[0]))
    assert set(states) == set(bruteforce(case))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_counts_per_battle_state_match_bruteforce(case):
    result, _ = enumerated(case)
    counted = collections.Counter()
    for c in result["classes"]:
        (state,) = [r["state"] for r in c["rulings"] if r["kind"] == "battle_state"]
        counted[state] += c["count"]
    expected = collections.Counter(summary[0] for summary in bruteforce(case).values())
    assert counted == expected


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_counts_per_outcome_match_bruteforce(case):
    # Finer: battle state with its citation, heroes and evil characters being defeated and
    # expired immunities, per class.
    result, _ = enumerated(case)
    counted = collections.Counter()
    for c in result["classes"]:
        counted[class_summary(c["rulings"])] += c["count"]
    expected = collections.Counter(bruteforce(case).values())
    assert counted == expected


@pytest.mark.parametrize("case", OUT_CASES, ids=OUT_IDS)
def test_each_out_line_agrees_with_the_reference(case):
    _, lines = enumerated(case)
    for line in lines:
        state, rulings = line["state"], line["rulings"]
        ruled = rule_battle(state)
        battle = [r for r in rulings if r["kind"] == "battle_state"]
        assert [r["state"] for r in battle] == [ruled["battle_state"]], line
        defeated = {r["character"] for r in rulings if r["kind"] == "being_defeated"}
        assert defeated == ruled["being_defeated"], line


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_class_witnesses_rule_to_their_class(case):
    result, _ = enumerated(case)
    situations = bruteforce(case)
    seen = set()
    for c in result["classes"]:
        witness = c["witness"]
        key = key_of(witness, case)                       # a state of the space
        assert situations[key] == class_summary(c["rulings"])
        ruled = pybridge.rule(witness)
        assert ruled["status"] == "ok"
        assert ruled["edition"] == result["edition"]
        assert abstract(ruled["rulings"], witness) == as_multiset(c["rulings"]), witness
        seen.add(json.dumps(c["rulings"], sort_keys=True))
    assert len(seen) == len(result["classes"])           # classes are distinct


@pytest.mark.parametrize("case", OUT_CASES, ids=OUT_IDS)
def test_class_witness_is_a_smallest_state_of_its_class(case):
    result, lines = enumerated(case)
    smallest = {}
    for line in lines:
        klass = json.dumps(abstract(line["rulings"], line["state"]))
        smallest[klass] = min(smallest.get(klass, (999,)), cost(line["state"]))
    assert len(smallest) == len(result["classes"])
    for c in result["classes"]:
        assert cost(c["witness"]) == smallest[json.dumps(as_multiset(c["rulings"]))], c


def test_all_four_battle_states_occur_with_three_characters():
    result, _ = enumerated(THREE)
    states = {r["state"] for c in result["classes"] for r in c["rulings"]
              if r["kind"] == "battle_state"}
    assert states == BATTLE_STATES
    assert {summary[0] for summary in bruteforce(THREE).values()} == BATTLE_STATES
    # Three characters are really used: some class witness has two on one side.
    assert any(len(c["witness"]["characters"]) == 3 for c in result["classes"])
