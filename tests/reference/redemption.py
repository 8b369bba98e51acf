"""Independent plain-Python reference for the redemption battle rules.

Written from ``/work/shared/rules/redemption.md`` (the rule IDs), the seed text and the
project's interpretation decisions, without looking at the ASP encoding, so that a property
test can check one against the other. Covers the ``literal`` edition, battle part only:
battle state and who is being defeated. Targeting (RED-IMM-2), grants (``granted_by``,
RED-IMM-4) and selector immunities (RED-INT-2) are out of scope and refused.

Cost: linear in the size of the state, apart from each defender's covered subtrees
(side totals are computed once; each defender only subtracts what it is immune to).
"""

PHASE_INDEX = {"draw": 0, "upkeep": 1, "preparation": 2, "battle": 3, "discard": 4}

BAT0, BAT1, BAT2, IMM3 = "RED-BAT-0", "RED-BAT-1", "RED-BAT-2", "RED-IMM-3"


def _active(immunity, phase):
    """[RED-IMM-5, RED-INT-3] Is an immunity in force in the current ``phase``?

    ``phase`` duration (the default, RED-IMM-5): only in the phase it was used in.
    ``turn``: from the phase it was used in to the end of the turn (draw < upkeep <
    preparation < battle < discard). ``game``: always.
    """
    used = immunity.get("phase") or phase
    duration = immunity.get("duration") or "phase"
    if duration == "phase":
        return used == phase
    if duration == "turn":
        return PHASE_INDEX[used] <= PHASE_INDEX[phase]
    return True


def rule_battle(doc):
    """Rule a redemption battle: ``{"battle_state", "being_defeated", "procedure"}``.

    ``procedure`` is "RED-BAT-0", "RED-BAT-1" or None; the extra key ``because`` is the set of
    rule IDs the battle_state ruling should cite (None without a battle).

    No battle (no good or no evil character in battle, whatever the phase):
    ``battle_state`` and ``procedure`` are None and nobody is being defeated.

    [RED-INT-1] Contributions: a character contributes its base strength/toughness; every
    card played on it, directly or through a chain of cards, contributes its bonuses to it,
    except the strength of a card its host is immune to (RED-IMM-1: not affected by the
    strength on the cards to which it is immune; the immunity names the card or a card it is
    played on, and the card is not of the host's alignment). Leaving out a card's strength,
    outside a one-on-one decided by RED-IMM-3, makes the battle state cite RED-IMM-1 and
    RED-INT-1.

    [RED-IMM-1, RED-IMM-6, RED-INT-1] Defender D is immune to contribution X (a character
    card or a card in its chain) when an active immunity of D names the character X counts
    for (its whole strength: every card on it, whatever its alignment, RED-BAT-1's "strength
    of the characters"), or names X or a card X is (transitively) played on and X is not
    D's alignment (neutral never is), that named card itself not being of D's alignment
    (RED-IMM-6: such an immunity has no effect).

    [RED-BAT-1] S(D) = opposing side's total strength minus the contributions D is immune
    to; T(D) = the toughness total of D's side; D is being defeated iff S(D) >= T(D). The
    procedure is RED-BAT-1 when there are more than two characters in battle and some
    character leaves out at least one opposing contribution, or the strength of a card
    played on itself (RED-IMM-1: it is not "affected by strength ... on the cards to which
    it is immune", so the strength the other side faces changes: "a battle that is affected
    by an immune ability"), otherwise RED-BAT-0 (the numbers are the same: [RED-BAT-0] side
    against side).

    [RED-IMM-3] Exactly two characters in battle: if D is immune to the opposing character
    A itself, S(D) is A's total strength (base and every card on it, whatever its alignment)
    when that is negative, and zero otherwise ("treated as zero unless it is negative");
    RED-IMM-3 is then cited whenever some D is immune to A.

    [RED-BAT-2] State: all of both sides defeated ``mutual_destruction``; all heroes only
    ``evil_winning``; all evil only ``heroes_winning``; otherwise ``stalemate``.
    """
    phase = doc.get("phase") or "battle"
    align = {}
    fighters = []  # in-battle characters: (id, alignment)
    for c in doc.get("characters") or ():
        cid = c["id"]
        align[cid] = c["alignment"]
        if c.get("in_battle", True):
            fighters.append((cid, c["alignment"]))
    in_battle = {cid for cid, _ in fighters}
    if not any(a == "good" for _, a in fighters) or not any(a == "evil" for _, a in fighters):
        return {"battle_state": None, "being_defeated": set(), "procedure": None,
                "because": None}

    # [RED-INT-1] strength/toughness contributions, and the played-on forest of cards.
    strength = {}
    toughness = {}
    for c in doc.get("characters") or ():
        strength[c["id"]] = c["strength"]
        toughness[c["id"]] = c["toughness"]
    cards = doc.get("cards") or ()
    host = {}
    children = {}
    for k in cards:
        kid = k["id"]
        align[kid] = k["alignment"]
        strength[kid] = k.get("strength") or 0
        toughness[kid] = k.get("toughness") or 0
        on = k.get("played_on")
        if on is not None:
            host[kid] = on
            children.setdefault(on, []).append(kid)

    # Root character of each contribution (None when a chain of cards ends on no character).
    root = {c["id"]: c["id"] for c in doc.get("characters") or ()}
    for k in cards:
        chain = []
        cur = k["id"]
        while cur not in root and cur in host:
            chain.append(cur)
            cur = host[cur]
        r = root.get(cur)
        for x in chain:
            root[x] = r
        root.setdefault(cur, r)

    # [RED-IMM-5, RED-INT-3, RED-IMM-6] named targets of each in-battle defender's active
    # immunities that can have an effect (not the holder itself, not of its alignment).
    named = {}
    for m in doc.get("immunities") or ():
        if not isinstance(m["to"], str) or m.get("granted_by") is not None:
            raise NotImplementedError("selector immunities and grants are out of scope")
        h, x = m["holder"], m["to"]
        if h not in in_battle or x == h or align.get(x) == align[h]:
            continue
        if _active(m, phase):
            named.setdefault(h, []).append(x)

    # [RED-IMM-1, RED-INT-1] a card in battle whose host character is immune to it (or to a
    # card it is played on), not of the host's alignment, adds no strength to its host.
    self_ignored = set()
    for k in cards:
        x, r = k["id"], root.get(k["id"])
        if r is None or r not in in_battle or align[x] == align[r]:
            continue
        cur = x
        while cur != r:
            if cur in named.get(r, ()) and align[cur] != align[r]:
                self_ignored.add(x)
                break
            cur = host[cur]

    side_strength = {"good": 0, "evil": 0}
    side_toughness = {"good": 0, "evil": 0}
    char_total = {cid: 0 for cid in in_battle}  # each in-battle character's total strength
    for x, r in root.items():
        if r is not None and r in in_battle:
            side = align[r]
            side_toughness[side] += toughness[x]
            if x not in self_ignored:
                side_strength[side] += strength[x]
                char_total[r] += strength[x]

    two = len(fighters) == 2
    affected = bool(self_ignored)
    imm3 = False
    card_cited = bool(self_ignored)  # [RED-IMM-1, RED-INT-1] a card's strength left out
    defeated = set()
    for d, side in fighters:
        other = "evil" if side == "good" else "good"
        s = side_strength[other]
        targets = named.get(d)
        if targets:
            # [RED-IMM-1, RED-INT-1] leave out each covered opposing contribution once.
            ignored = 0
            left_out = False
            cards_left_out = False
            immune_to_char = None
            covered = set()
            for t in targets:
                r = root.get(t)
                if r is None or r not in in_battle or align[r] != other:
                    continue  # contributes nothing against D
                if t == r:
                    immune_to_char = r
                stack = [t]
                while stack:
                    x = stack.pop()
                    # [RED-BAT-1, RED-IMM-3] a character D is immune to is left out whole,
                    # every card on it whatever its alignment; [RED-IMM-6] through a card,
                    # not a card of D's own alignment
                    if t == r or align[x] != side:
                        covered.add(x)
                    stack.extend(children.get(x, ()))
            for x in covered:
                if x not in self_ignored:
                    ignored += strength[x]
                    left_out = True
                    cards_left_out = cards_left_out or x != root.get(x)
            s -= ignored
            if left_out:
                affected = True
            if two and immune_to_char is not None:
                imm3 = True  # [RED-IMM-3] compare A's strength with D's toughness
                s = min(char_total[immune_to_char], 0)
            elif cards_left_out:
                card_cited = True
        if s >= side_toughness[side]:
            defeated.add(d)

    heroes = all(d in defeated for d, a in fighters if a == "good")
    evil = all(d in defeated for d, a in fighters if a == "evil")
    if heroes and evil:
        state = "mutual_destruction"
    elif heroes:
        state = "evil_winning"
    elif evil:
        state = "heroes_winning"
    else:
        state = "stalemate"
    procedure = BAT1 if (affected and not two) else BAT0
    result = {"battle_state": state, "being_defeated": defeated, "procedure": procedure}
    result["because"] = {IMM3, procedure, BAT2} if imm3 else {procedure, BAT2}
    if card_cited:
        result["because"] |= {"RED-IMM-1", "RED-INT-1"}
    return result
