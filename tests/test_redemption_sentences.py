"""Redemption's explanation sentences held to the state's facts (issue 52, section 4).

RED-INT-2: an immunity may name its cards by a group (brigade, alignment, type). A sentence
"it selects X" must name only cards the group itself matches, read from the document here
(a character's type defaults to hero / evil_character: docs/rulebooks/redemption.md);
a card that is covered only because it is played on a selected card is "covered ..., played
on what it selects" (RED-INT-1), not selected. The states: every example, and battles built
for the sentence (the issue's case: {type: evil_character} covers an enhancement on the evil
character without selecting it).
"""

from pathlib import Path

import pytest

import pybridge
from pybridge.documents.loading import load_document
from pybridge.engine.explain import expanded

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples" / "redemption").glob("*.yaml"))


def hero(i, s, t, **more):
    return {"id": i, "alignment": "good", "strength": s, "toughness": t, **more}


def evil(i, s, t, **more):
    return {"id": i, "alignment": "evil", "strength": s, "toughness": t, **more}


BUILT = [
    # the case: the ward selects E by type; the Dagger is covered as played on E
    {"rulebook": "redemption", "phase": "battle",
     "characters": [hero("H1", 4, 3), hero("H2", 3, 3), evil("E", 1, 6)],
     "cards": [{"id": "Dagger", "alignment": "evil", "type": "enhancement", "played_on": "E",
                "strength": 2}],
     "immunities": [{"id": "ward", "holder": "H1", "to": {"type": "evil_character"},
                     "phase": "battle"}]},
    # a brigade that matches a card, not the character it is on
    {"rulebook": "redemption", "phase": "battle",
     "characters": [hero("H1", 4, 3), hero("H2", 3, 3), evil("E", 1, 6, brigade="Gray"),
                    evil("F", 2, 2, brigade="Gray")],
     "cards": [{"id": "Axe", "alignment": "evil", "type": "weapon", "brigade": "Crimson",
                "played_on": "E", "strength": 3},
               {"id": "Gem", "alignment": "neutral", "played_on": "Axe", "strength": 1}],
     "immunities": [{"id": "ward", "holder": "H1", "to": {"brigade": "Crimson"},
                     "phase": "battle"}]},
    # an alignment group, two holders sharing it (what it covers stated once, with the group:
    # "it selects what its immunities cover")
    {"rulebook": "redemption", "phase": "battle",
     "characters": [hero("H1", 1, 1), hero("H2", 1, 1), evil("E", 3, 9)],
     "cards": [{"id": "Horn", "alignment": "evil", "played_on": "E", "strength": 1}],
     "immunities": [{"id": "w1", "holder": "H1", "to": {"alignment": "evil"}, "phase": "battle"},
                    {"id": "w2", "holder": "H2", "to": {"alignment": "evil"}, "phase": "battle"}]},
]


def load(source):
    return source if isinstance(source, dict) else load_document(str(source))


def matches(selector, item, is_character):
    (key, value), = selector.items()
    if key == "type":
        default = ("hero" if item["alignment"] == "good" else "evil_character") \
            if is_character else None
        return item.get("type", default) == value
    return item.get(key) == value


def steps(result):
    for ruling in result["rulings"]:
        stack = list(expanded(ruling.get("why", []), result.get("shared", {})))
        while stack:
            step = stack.pop()
            yield step
            stack.extend(step.get("why", []))


@pytest.mark.parametrize("source", EXAMPLES + BUILT,
                         ids=[p.stem for p in EXAMPLES] + [f"built-{n}" for n in range(len(BUILT))])
def test_RED_INT_2_selects_names_only_what_the_group_matches(source):
    document = load(source)
    characters = {c["id"]: c for c in document.get("characters", [])}
    cards = {c["id"]: c for c in document.get("cards", [])}
    selectors = {}
    for immunity in document.get("immunities", []):
        if isinstance(immunity["to"], dict):
            selectors.setdefault(immunity["holder"], []).append(immunity["to"])
    result = pybridge.rule(document, explain=True)
    checked = 0     # sentences read
    for step in steps(result):
        if step["rule"] != "RED-INT-2" or "it selects" not in step["says"]:
            continue
        facts = step["facts"]
        checked += 1
        groups = selectors[facts["character"]]
        for name in facts.get("cards", []):
            item, is_character = (characters[name], True) if name in characters \
                else (cards[name], False)
            assert any(matches(g, item, is_character) for g in groups), (name, step["says"])
        for name in facts.get("played_on", []):
            assert name in cards and not any(matches(g, cards[name], False) for g in groups)
            host = cards[name]["played_on"]
            assert host in facts.get("cards", []) or host in facts.get("played_on", []), \
                (name, step["says"])
    if isinstance(source, dict):
        assert checked, "a built state must be explained by a selects sentence"
