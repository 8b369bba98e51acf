"""hkk's explanation sentences held to the document's facts (issue 52, section 4).

Every sentence of every example, under both editions, that states a damage sum ("would deal
6 (damage 3 + modifier 2 + modifier 1), but it deals Gate ...") or a card's kind ("Gate, a
building,") is read against the document: the sum adds up, its damage and modifiers are the
effect's (HKK-132.0: "a sebzés mértéke" is the effect's, modified), and the kind is the
card's. The facts are read here from the document, not from the tool.
"""

import re
from pathlib import Path

import pytest

import pybridge
from pybridge.documents.loading import load_document
from pybridge.engine.explain import expanded

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples" / "hkk").glob("*.yaml"))
EDITIONS = ("literal", "intended")
SUM = re.compile(r"(\S+) of (.+?) \(\w+\) would deal (-?\d+) \(damage (-?\d+)"
                 r"((?: [+-] modifier -?\d+)*)\), but it deals (.+?) ")
KIND = re.compile(r"(?:^|[:;(] |, and )([^,;:()]+), an? (creature|building|enchantment|item|"
                  r"spell|source|event|character)\b,")


def sentences(result):
    for ruling in result["rulings"]:
        stack = list(expanded(ruling.get("why", []), result.get("shared", {})))
        while stack:
            step = stack.pop()
            yield step["says"]
            stack.extend(step.get("why", []))


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_HKK_132_0_damage_sums_and_kinds_in_sentences_are_the_documents(path, edition):
    document = load_document(str(path))
    cards = {c["id"]: c for c in document.get("cards", [])}
    effects = document.get("effects", [])
    result = pybridge.rule(str(path), edition=edition, explain=True)
    for says in sentences(result):
        for name, by, total, damage, modifiers, target in SUM.findall(says):
            (effect,) = [e for e in effects if e["id"] == name and e["by"] == by]
            assert effect["target"] == target, says
            parts = [int(m) for m in re.findall(r"modifier (-?\d+)", modifiers)]
            assert int(damage) == effect["damage"], says
            assert sorted(parts) == sorted(effect.get("damage_modifiers", [])), says
            assert int(total) == int(damage) + sum(parts), says
        for name, kind in KIND.findall(says):
            if name in cards:
                assert cards[name].get("kind") == kind, says


def test_the_patterns_read_the_sentences_they_are_for():
    # the two patterns on the sentences of one example, so that a change of wording cannot
    # leave the test above reading nothing
    path = str(EXAMPLES[0].parent / "cannot_be_damaged.yaml")
    says = list(sentences(pybridge.rule(path, explain=True)))
    assert any(SUM.search(s) for s in says)
    assert any(KIND.search(s) for s in says)
    # and a false sum is caught
    wrong = "hit of Ogre (damage) would deal 7 (damage 3 + modifier 2 + modifier 1), but it deals Gate "
    (_, _, total, damage, modifiers, _), = SUM.findall(wrong)
    parts = [int(m) for m in re.findall(r"modifier (-?\d+)", modifiers)]
    assert int(total) != int(damage) + sum(parts)
