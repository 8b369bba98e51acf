"""Every explanation sentence of every b5 example, under every edition, held to the state's
facts (issue 52, section 4): the sentences of ``rule(example, explain=True)`` are parsed and
each claim they make that can be checked is checked against the document, with the facts
worked out here, independently of the encoding, from the document and the source
(tests/sources/seeds/000_062556bb7cf8d404.txt):

- a being's or an element's type and field, "(fleet, field 0412)";
- an element said to be "active" is active; one said to be in a field is there;
- "is immune to": the state declares it, or the chapter's examples or table T.4 (the edition's)
  do, and not to a CN or WJ under T4-1 («Es gibt keine Immunität gegen CN oder WJ»);
- "is protected from E (X) in the P phase": a protection of the being from E covers that phase;
- the named effects ("the sinking of E") are effects of E, and "still subject to" one means no
  protection of the being guards it;
- retreat fields: "can retreat to F" only for a listed field T4-1 does not forbid, "may not
  retreat to field F" only for a listed field holding an active CN or WJ the being is
  protected from, "nothing stops it leaving" only without `can_retreat: false` and a list,
  "other circumstances stop it leaving" only with `can_retreat: false`; never "may retreat to";
- T4-1's entry ban names an order's destination holding an active CN or WJ;
- phases "(phase N of M)" are the document's; the edition named is the one ruled by;
- a row of table T.4 is a change of the source in that edition; a chapter example is one of
  B.5.1 or B.5.2.8, with the one effect it names (the king's petrification, the galley's
  sinking).
"""

import copy
import re
from pathlib import Path

import pytest

import pybridge
from explain_checks import inlined, nodes

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "b5"
EDITIONS = ("errata", "original")
DEFAULT_PHASES = ("movement", "conflict", "effect", "retreat")

# The source's knowledge, written from the seed (not read from the encoding).
# «Ein D ist immun gegen einen MA, ein Einhorn ist immun gegen GA» (B.5.1); «eine Galeere ist
# immun gegen einen MA» (B.5.2.8); the changes to T.4: «Rr sind immun gegen TR», «Ho sind immun
# gegen TR», «Rs sind immun gegen UN», «Tr sind immun gegen SA», «We sind immun gegen (kd)
# [alt: (bt)]».
CHAPTER_IMMUNE = {("D", "MA"), ("Ein", "GA"), ("galley", "MA")}
T4_IMMUNE = {"errata": {("Rr", "TR"), ("Ho", "TR"), ("Rs", "UN"), ("Tr", "SA"), ("We", "kd")},
             "original": {("We", "bt")}}
# «Ho sind geschützt vor CN, WJ», «Ein ist geschützt vor PO, CN, WJ», «Dr ist geschützt vor PO,
# CN, WJ», «J ist geschützt vor CN, WJ» (errata only); «K ist nicht geschützt vor der WJ.»
T4_PROTECTED = {("Ho", "CN"), ("Ho", "WJ"), ("Ein", "PO"), ("Ein", "CN"), ("Ein", "WJ"),
                ("Dr", "PO"), ("Dr", "CN"), ("Dr", "WJ"), ("J", "CN"), ("J", "WJ")}
T4_ROWS = {"errata": {(t, "immune to", x) for t, x in T4_IMMUNE["errata"]}
           | {(t, "protected from", x) for t, x in T4_PROTECTED}
           | {("K", "not protected from", "WJ")},
           "original": {("We", "immune to", "bt")}}
# «Ein König ist geschützt vor der Versteinerung einer WJ» (B.5.2.8; T4-11 takes it away in
# the errata); «eine Galeere ... schützt andere Wesen vor dem Versinken»; «ein Gebäude schützt
# vor aufgezwungenen Bewegungen».
CHAPTER_EXAMPLES = {("D", "immune to", "MA", None), ("Ein", "immune to", "GA", None),
                    ("galley", "immune to", "MA", None),
                    ("K", "protected from", "WJ", "petrification"),
                    ("galley", "protects the other beings of its field from", "MA", "sinking"),
                    ("building", "protects the other beings of its field from",
                     "forced_movement", None)}
FIELD_PROTECTORS = {"galley": ("MA", "sinking"), "building": ("forced_movement", None)}
NO_IMMUNITY = ("CN", "WJ")      # T4-1, errata only


class State:
    """A document's facts, worked out from its fields and the source's knowledge above."""

    def __init__(self, doc, edition):
        self.edition = edition
        self.phases = list(doc.get("phases") or DEFAULT_PHASES)
        self.beings = {b["id"]: b for b in doc.get("beings", [])}
        self.elements = {e["id"]: e for e in doc.get("elements", [])}
        self.orders = doc.get("orders", [])
        self.protections = doc.get("protections", [])

    def index(self, phase):
        return self.phases.index(phase) + 1

    def names(self, x, e):
        return x in (e["id"], e["type"])

    def active(self, e):
        return e.get("active", True)

    def effects(self, e):
        return {w["name"] for w in e.get("effects", [])}

    def immune(self, b, e):
        b, e = self.beings[b], self.elements[e]
        if self.edition == "errata" and e["type"] in NO_IMMUNITY:
            return False
        return any(self.names(x, e) for x in b.get("immune_to", [])) or \
            (b["type"], e["type"]) in CHAPTER_IMMUNE | T4_IMMUNE[self.edition]

    def spans(self, b, e, effect=None):
        """The protections of the being from the element as a whole (effect None) or from
        its effect ``effect`` only, each (first phase, last phase, the moment it arrives in
        its first phase or None)."""
        being, el = self.beings[b], self.elements[e]
        last = len(self.phases)
        for x in being.get("protected_from", []):
            if isinstance(x, str):
                if effect is None and self.names(x, el):
                    yield 1, last, None
            elif x.get("effect") == effect and self.names(x["element"], el):
                yield (self.index(x["from"]) if x.get("from") else 1,
                       self.index(x["until"]) if x.get("until") else last, None)
        if effect is None and self.edition == "errata":
            if (being["type"], el["type"]) in T4_PROTECTED:
                yield 1, last, None
            if el["type"] in NO_IMMUNITY and any(self.names(x, el) for x in being.get("immune_to", [])):
                yield 1, last, None
        if (self.edition, being["type"], el["type"], effect) == \
                ("original", "K", "WJ", "petrification"):
            yield 1, last, None
        for p in self.protections:
            if p.get("effect") == effect and p["field"] == being["field"] and p["by"] != b and \
                    self.names(p["from"], el):
                yield self.index(p["arrives"]), last, p.get("arrives_step")
        for g in self.beings.values():
            if g["id"] != b and g["field"] == being["field"] and \
                    FIELD_PROTECTORS.get(g["type"]) == (el["type"], effect):
                yield 1, last, None

    def protected_at(self, b, e, i):
        """Protected from the element as a whole in phase i (1, 2, ...)."""
        return any(lo <= i <= hi for lo, hi, _ in self.spans(b, e))

    def guarded(self, b, e, effect):
        """A protection from the element, or from its effect, holds when its effect sets in
        (its phase; within the phase, its moment, B.5.2.5 «ab dem Moment (Zugphase, ZD)»)."""
        el = self.elements[e]
        i, t = self.index(el.get("effect_phase") or "effect"), el.get("effect_step")
        return any(lo < i <= hi or (lo == i <= hi and (step is None or t is None or step <= t))
                   for kind in (None, effect) for lo, hi, step in self.spans(b, e, kind))

    def forbidden(self, b, field):
        """T4-1 (errata): the field holds an active CN or WJ the being is protected from in the
        retreat phase."""
        return self.edition == "errata" and any(
            e["field"] == field and self.active(e) and e["type"] in NO_IMMUNITY and
            self.protected_at(b, e["id"], self.index("retreat"))
            for e in self.elements.values())

    def valid_retreats(self, b):
        return [f for f in self.beings[b].get("retreat_to") or () if not self.forbidden(b, f)]


def fields_of(text):
    return [f.strip() for f in text.split(",")] if text else []


def ids_in(text, known):
    """The ids of ``known`` a list in a sentence names, in order ("A, B")."""
    parts = fields_of(text)
    assert all(p in known for p in parts), (parts, sorted(known))
    return parts


def claims(says, state):
    """Check every claim of one sentence that can be checked; yield the kind of each one
    checked (so that a test can see the check is not vacuous)."""
    s = state
    assert "may retreat to" not in says, says
    for b, being in s.beings.items():
        q = re.escape(b)
        for t, f in re.findall(q + r" \(([^,()]+), field ([^)]+)\)", says):
            assert (t, f) == (being["type"], being["field"]), says
            yield "being"
        for t in re.findall(q + r" \(([^,()]+)\) is in field", says):
            assert t == being["type"], says
            yield "being"
    for e, el in s.elements.items():
        q = re.escape(e)
        for t, f in re.findall(q + r" \(([^,()]+), field ([^)]+)\)", says):
            assert (t, f) == (el["type"], el["field"]), says
            yield "element"
        for t, active in re.findall(q + r" \(([^,()]+)\)(, active)?", says):
            assert t == el["type"], says
            if active:
                assert s.active(el), says
                yield "active"
        for w in re.findall(r"the (\w+) of " + q, says):
            if w not in ("effect", "presence"):
                assert w in s.effects(el), says
                yield "effect"
        for w in re.findall(r"one effect of " + q + r" \([^)]*\), its (\w+),", says):
            assert w in s.effects(el), says
            yield "effect"
    # "X (T) is in field F with E (Y), active, which destroys ..., and is not immune to it"
    for m in re.finditer(r"^(.+?) \([^()]+\) is in field (\S+) with (.+?) \([^()]+\), active, "
                         r"which destroys .+, and is not immune to it$", says):
        b, f, e = m.groups()
        assert s.beings[b]["field"] == f == s.elements[e]["field"], says
        assert not s.immune(b, e), says
        yield "threat"
    for m in re.finditer(r"^(.+?) \([^()]+, field \S+\) is immune to (.+?) \(", says):
        assert s.immune(*m.groups()), says
        yield "immune"
    for m in re.finditer(r"^(.+?) is protected from (.+?) \((\w+)\) in the (\w+) phase", says):
        b, e, _, phase = m.groups()
        assert s.protected_at(b, e, s.index(phase)), says
        yield "protected"
    for m in re.finditer(r"no protection of (.+?) guards it from the (\w+) of (.+?) \(", says):
        b, w, e = m.groups()
        assert not s.guarded(b, e, w), says
        yield "subject"
    # T4-1: an order's destination, a retreat field
    for m in re.finditer(r"^(.+?) has an order into field (\S+), which holds (.+?), an active CN "
                         r"or WJ it is protected from in the order phase.*so \1 may not enter "
                         r"field \2$", says):
        b, f, holds = m.groups()
        assert s.edition == "errata" and [o for o in s.orders if o["being"] == b and o["to"] == f]
        for e in ids_in(holds, s.elements):
            el = s.elements[e]
            assert el["field"] == f and s.active(el) and el["type"] in NO_IMMUNITY, says
            assert s.protected_at(b, e, 1), says
        yield "entry ban"
    for m in re.finditer(r"^(.+?) lists field (\S+) among its retreat fields, but it holds (.+?), "
                         r"an active CN or WJ it is protected from in the retreat phase.*so \1 may "
                         r"not retreat to field \2$", says):
        b, f, holds = m.groups()
        assert f in (s.beings[b].get("retreat_to") or ()) and s.forbidden(b, f), says
        for e in ids_in(holds, s.elements):
            assert s.elements[e]["field"] == f and s.active(s.elements[e]), says
        yield "retreat ban"
    # B.5.2.7: what stops a being leaving, and where it can go
    for m in re.finditer(r"^(.+?) is not destroyed at once, and can retreat to (.+?): ", says):
        b, fields = m.groups()
        assert s.beings[b].get("can_retreat", True), says
        assert fields_of(fields) == s.valid_retreats(b) != [], says
        yield "can retreat"
    for m in re.finditer(r"^(.+?) is not destroyed at once: other circumstances stop it leaving "
                         r"the field actively, but it has a valid retreat field \((.+?)\)", says):
        b, fields = m.groups()
        assert s.beings[b].get("can_retreat", True) is False, says
        assert fields_of(fields) == s.valid_retreats(b) != [], says
        yield "hindered, a field free"
    for m in re.finditer(r"^(.+?) is not destroyed at once, and nothing stops it leaving", says):
        being = s.beings[m.group(1)]
        assert being.get("can_retreat", True) and being.get("retreat_to") is None, says
        yield "free"
    for m in re.finditer(r"^(.+?) would have to leave field (\S+) by a retreat .*but (.+): it is "
                         r"destroyed after all$", says):
        b, f, why = m.groups()
        being = s.beings[b]
        assert being["field"] == f, says
        if why.startswith("other circumstances stop it leaving and the state gives it no "
                          "retreat field"):
            assert being.get("can_retreat", True) is False and being.get("retreat_to") is None
        elif why.startswith("of its retreat fields"):
            listed = re.match(r"of its retreat fields \((.+?)\) none is valid$", why).group(1)
            assert fields_of(listed) == being["retreat_to"] and not s.valid_retreats(b), says
        else:
            assert why.startswith("its list of retreat fields is empty"), says
            assert being.get("retreat_to") == [], says
        yield "trapped"
    # an apparition that becomes active (or reaches its field) during the turn (B.5.2.7)
    for m in re.finditer(r"its order (.+?) into field (\S+) is carried out in the order phase "
                         r"\(\w+, phase 1 of \d+\), before (.+?) becomes active there, in the "
                         r"(\w+) phase", says):
        order, f, e, phase = m.groups()
        assert [o for o in s.orders if o["id"] == order and o["to"] == f], says
        el = s.elements[e]
        assert el["field"] == f and el.get("active_from") == phase != s.phases[0], says
        yield "inactive then"
    for m in re.finditer(r"^(.+?) becomes active, or reaches field (\S+), only in the (\w+) "
                         r"phase", says):
        el = s.elements[m.group(1)]
        assert (el["field"], el.get("active_from")) == m.groups()[1:], says
        yield "now active"
    # phases and editions
    for name, n, m in re.findall(r"(\w+) phase \(phase (\d+) of (\d+)\)", says) + \
            re.findall(r"\((\w+), phase (\d+) of (\d+)\)", says):
        assert s.phases[int(n) - 1] == name and int(m) == len(s.phases), says
        yield "phase"
    for edition in re.findall(r"edition (errata|original)", says):
        assert edition == s.edition, says
        yield "edition"
    # the source: rows of T.4 and the chapter's examples
    for m in re.finditer(r"row (\S+) \(type of being\), column (\S+) \(type of element\): \1 "
                         r"(immune to|protected from|not protected from) \2$", says):
        row, column, relation = m.groups()
        assert (row, relation, column) in T4_ROWS[s.edition], says
        yield "T.4 row"
    for m in re.finditer(r"^in field (\S+), the presence of (.+?) protects the other beings from "
                         r"(?:the (\w+) of )?(\S+?)(?: only)?$", says):
        f, protectors, effect, element = m.groups()
        for g in ids_in(protectors, s.beings):
            assert s.beings[g]["field"] == f, says
            assert FIELD_PROTECTORS.get(s.beings[g]["type"]) == (element, effect), says
        yield "field protector"
    for m in re.finditer(r"the example of (B\.5\.[\d.]+), chapter text, not table T\.4 \([^)]*\), "
                         r"type of being (\S+), type of element (\S+): \2 (.+?) (?:the (\w+) of )?"
                         r"\3(?: only, not from the \3 as a whole)?$", says):
        _, kind, element, relation, effect = m.groups()
        assert (kind, relation, element, effect) in CHAPTER_EXAMPLES, says
        yield "example"


def check_sentences(doc, result):
    state = State(doc, result["edition"])
    found = []
    for item in inlined(result)["rulings"]:
        for n in nodes(item["why"]):
            found += list(claims(n["says"], state))
    return found


CASES = [(path, edition) for path in sorted(EXAMPLES.glob("*.yaml")) for edition in EDITIONS]


@pytest.mark.parametrize("path, edition", CASES, ids=lambda c: getattr(c, "name", c))
def test_every_sentence_of_every_b5_example_is_true_of_its_state(path, edition):
    doc = pybridge.load(path)
    check_sentences(doc, pybridge.rule(copy.deepcopy(doc), edition=edition, explain=True))


def test_the_checks_are_not_vacuous():
    # Every kind of claim above is met by some example's sentence, and checked.
    seen = set()
    for path, edition in CASES:
        doc = pybridge.load(path)
        seen |= set(check_sentences(doc, pybridge.rule(copy.deepcopy(doc), edition=edition,
                                                        explain=True)))
    assert seen >= {"being", "element", "active", "effect", "threat", "immune", "protected",
                    "subject", "entry ban", "retreat ban", "can retreat", "hindered, a field free",
                    "free", "trapped", "phase", "edition", "T.4 row", "example",
                    "field protector", "inactive then", "now active"}, seen


def _result(name, edition="errata"):
    doc = pybridge.load(EXAMPLES / name)
    return doc, pybridge.rule(copy.deepcopy(doc), edition=edition, explain=True)


def _reworded(result, old, new):
    """The result with the first sentence holding ``old`` given ``new`` in its place."""
    wrong = inlined(copy.deepcopy(result))
    for item in wrong["rulings"]:
        for n in nodes(item["why"]):
            if old in n["says"]:
                n["says"] = n["says"].replace(old, new)
                return {**wrong, "shared": {}}
    raise AssertionError(f"no sentence holds {old!r}")


@pytest.mark.parametrize("name, old, new", [
    # the retreat ban's old sentence (issue 52): a forbidden field told as one it may go to
    ("hindered_with_a_free_retreat_field.yaml", "lists field 0521 among its retreat fields, but",
     "may retreat to field 0521, which"),
    # a hindered being told it "can retreat"
    ("hindered_with_a_free_retreat_field.yaml",
     "is not destroyed at once: other circumstances stop it leaving the field actively, but it "
     "has a valid retreat field (0519)", "is not destroyed at once, and can retreat to 0519"),
    # a valid field left out, or a forbidden one named
    ("hindered_with_a_free_retreat_field.yaml", "valid retreat field (0519)",
     "valid retreat field (0521)"),
    ("retreat_field_and_none.yaml", "can retreat to 0413", "can retreat to 0414"),
    # an effect the element does not have, a being's type, a phase
    ("galley_sinking_only.yaml", "from the whirl of Mahlstrom 0412", "from the drift of Mahlstrom 0412"),
    ("galley_sinking_only.yaml", "Flotte Nord (fleet, field 0412)", "Flotte Nord (galley, field 0412)"),
    ("galley_sinking_only.yaml", "effect phase (phase 3 of 4)", "retreat phase (phase 3 of 4)"),
    # the king's example is of the petrification, the galley's of the sinking
    ("king_wj_errata.yaml", "K not protected from WJ", "K protected from WJ"),
    ("galley_sinking_only.yaml", "from the sinking of MA only", "from the whirl of MA only"),
    # an apparition active later said to be active in the order phase
    ("apparition_active_later.yaml", "in the conflict phase (phase 2 of 4): no active",
     "in the movement phase (phase 1 of 4): no active"),
    # an inactive CN called active
    ("inactive_cn_no_ban.yaml", "Pest 0520 (PO), active", "Chaosnebel (CN), active"),
])
def test_the_check_catches_a_false_sentence(name, old, new):
    doc, result = _result(name, "original" if name == "king_wj_original.yaml" else "errata")
    check_sentences(doc, result)
    with pytest.raises(AssertionError):
        check_sentences(doc, _reworded(result, old, new))
