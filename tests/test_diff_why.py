"""`rulings diff` says why a ruling vanished (issue 24, item 8; the why_not/2 convention of
asp/core/rulings.lp).

A rule that keeps a ruling from being given derives ``why_not(R, ID)``. It is no ruling:
``rule`` never shows it. The diff shows it only for a ruling the other edition gives
(asp/core/diff.lp), and a changed group names, for every ruling it loses or gains, the rules
it cites (``because``, from the edition that gives it) and the ``why_not`` IDs of the edition
that does not. The first tests run tiny inline programs through the core files with plain
clingo; the last ones run hkk's diff with one why_not rule added (a mutant of the rule
files, as tests/mutants.py adds rules): no rulebook file is edited.
"""

import json

import clingo
import pytest
from click.testing import CliRunner
from clingo import Function, Number, String, ast

import pybridge
from pybridge.analysis import enumeration
from pybridge.analysis.models import WorldModel, changes, changes_key
from pybridge.analysis.program import Analysis
from pybridge.books import get
from pybridge.cli.main import cli
from pybridge.engine.encoding import asp_root
from pybridge.engine.worlds import add_worlds

CORE = asp_root() / "core"


def _parsed(text):
    statements = []
    ast.parse_string(text, statements.append)
    return statements


def _core(*names):
    return "".join((CORE / name).read_text(encoding="utf-8") for name in names)


def _warnings(control_text, worlds=False, extra=""):
    """The grounder's messages for ``control_text`` (world-indexed first when ``worlds``)."""
    messages = []
    control = clingo.Control(logger=lambda code, message: messages.append(message))
    statements = _parsed(control_text)
    if worlds:
        statements = add_worlds(statements)
    with ast.ProgramBuilder(control) as builder:
        for statement in statements + _parsed(extra):
            builder.add(statement)
    control.ground([("base", [])])
    return messages


RULE_FILE = """
rule_id("X-1"). rule_id("X-2"). rule_id("X-3").
ruled_by(f(a), "X-1") :- in_force("X-1").
"""


def test_why_not_is_declared_so_a_rulebook_with_none_grounds_without_an_undefined_atom():
    """A rulebook without any why_not rule: neither `rule` (the core files as they are) nor
    the diff (the same, indexed by worlds, with diff.lp, which reads why_not/3) is told of an
    undefined why_not. The logger does report an undefined atom (`zzz`), so it is listening."""
    program = _core("in_force.lp", "rulings.lp", "display.lp") + RULE_FILE
    assert not [m for m in _warnings(program) if "why_not" in m]
    diff = _warnings(program, worlds=True, extra=_core("diff.lp"))
    assert not [m for m in diff if "why_not" in m], diff
    assert any("zzz" in m for m in _warnings(program + "p :- zzz.\n"))


def _shown(text, in_force, arguments=()):
    control = clingo.Control(["--project=show", *arguments])
    control.add("base", [], text)
    control.ground([("base", [])])
    for rule_id in in_force:
        control.assign_external(Function("in_force", [String(rule_id)]), True)
    models = []
    control.solve(on_model=lambda m: models.append(sorted(map(str, m.symbols(shown=True)))))
    (model,) = models
    return model


def test_rule_never_shows_why_not_as_a_ruling():
    """`rule` shows ruling/1, because/2 and answers/2 only (display.lp): a why_not derived
    in the state is not in its output, and the ruling it blocks is not given."""
    program = _core("in_force.lp", "rulings.lp", "display.lp") + RULE_FILE + \
        'why_not(f(a), "X-2") :- in_force("X-2").\n'
    shown = _shown(program, ["X-2"])
    assert shown == []
    shown = _shown(program, ["X-1"])
    assert shown == ['because(f(a),"X-1")', "ruling(f(a))"]


def _diff_shown(text, world_1, world_2):
    """The why_not atoms the diff program shows for ``text`` (a rule file), with the IDs
    ``world_1`` in force in world 1 and ``world_2`` in world 2."""
    control = clingo.Control()
    statements = add_worlds(_parsed(_core("in_force.lp", "rulings.lp", "display.lp") + text)) \
        + _parsed(_core("diff.lp"))
    with ast.ProgramBuilder(control) as builder:
        for statement in statements:
            builder.add(statement)
    control.ground([("base", [])])
    for world, in_force in ((1, world_1), (2, world_2)):
        for rule_id in ("X-1", "X-2", "X-3"):
            control.assign_external(Function("in_force", [Number(world), String(rule_id)]),
                                    rule_id in in_force)
    models = []
    control.solve(on_model=lambda m: models.append(sorted(
        str(s) for s in m.symbols(shown=True) if s.name == "why_not")))
    return models


DIFF_FILE = RULE_FILE + """
ruled_by(f(a), "X-1") :- in_force("X-1"), not in_force("X-2").
why_not(f(a), "X-2") :- in_force("X-2").
why_not(g(a), "X-2") :- in_force("X-2").
ruled_by(h(a), "X-3") :- in_force("X-3").
why_not(h(a), "X-2") :- in_force("X-2").
"""


def test_diff_shows_a_why_not_only_for_a_ruling_the_other_world_gives():
    """World 1 (X-1, X-3) gives f(a) and h(a); world 2 (X-2, X-3) gives h(a) only. Its why_not
    of f(a) is shown (f(a) is lost); that of g(a), given by neither world, and that of h(a),
    given by both, are not, so that they cannot split a group of changes."""
    assert _diff_shown(DIFF_FILE, {"X-1", "X-3"}, {"X-2", "X-3"}) == \
        [['why_not(2,f(a),"X-2")']]
    # the other way round the same why_not explains a gained ruling, from world 1
    assert _diff_shown(DIFF_FILE, {"X-2", "X-3"}, {"X-1", "X-3"}) == \
        [['why_not(1,f(a),"X-2")']]
    # no change, no state: diff.lp requires one
    assert _diff_shown(DIFF_FILE, {"X-3"}, {"X-3"}) == []


# --- what a model of the diff loses and gains (pybridge/analysis/models.py) ------------------

HKK = get("hkk")


def _card(number):
    return Function("card", [Number(number)])


def _model(world_1, world_2, why_not=()):
    """A diff model of hkk: ``world_N`` the (term, because IDs) it gives, ``why_not`` the
    (world, term, ID) the diff shows."""
    symbols = []
    for world, given in ((1, world_1), (2, world_2)):
        for term, cited in given:
            symbols.append(Function("ruling", [Number(world), term]))
            symbols += [Function("because", [Number(world), term, String(i)]) for i in cited]
    symbols += [Function("why_not", [Number(w), t, String(i)]) for w, t, i in why_not]
    return WorldModel(symbols)


def _falls_off(x, host):
    return Function("falls_off", [_card(x), _card(host)])


def test_a_lost_ruling_names_its_because_and_the_why_not_of_the_edition_without_it():
    """HKK-132.6 makes card2 fall off card1 in world 1; world 2 says HKK-132.6-I keeps it."""
    model = _model([(_falls_off(2, 1), ["HKK-132.6"])], [],
                   [(2, _falls_off(2, 1), "HKK-132.6-I")])
    found = changes(HKK, model, True)
    assert found == {"lost": [{"kind": "falls_off", "card": "card", "from": "card",
                               "because": ["HKK-132.6"], "why_not": ["HKK-132.6-I"]}],
                     "gained": [], "recited": []}
    assert enumeration.rules(HKK, found) == ["HKK-132.6", "HKK-132.6-I"]
    # the witness's own identifiers, without abstraction
    assert changes(HKK, model, False)["lost"][0]["card"] == "card2"


def test_a_gained_ruling_names_its_because_and_the_why_not_of_the_edition_without_it():
    model = _model([], [(_falls_off(2, 1), ["HKK-132.6"])],
                   [(1, _falls_off(2, 1), "HKK-132.6-I")])
    found = changes(HKK, model, True)
    assert found["lost"] == [] and found["gained"] == [
        {"kind": "falls_off", "card": "card", "from": "card", "because": ["HKK-132.6"],
         "why_not": ["HKK-132.6-I"]}]


def test_a_ruling_both_editions_give_with_other_citations_is_recited():
    """A ruling given by both editions, citing different rules: the IDs one edition only
    cites are among the group's rules (redemption's stalemate cites RED-INT-2 in literal and
    RED-BAT-1-NEG in negative_counts, say); the citations both give are not."""
    model = _model([(_falls_off(2, 1), ["HKK-132.6", "HKK-132.0"])],
                   [(_falls_off(2, 1), ["HKK-132.6", "HKK-132.2"])])
    found = changes(HKK, model, True)
    assert found["lost"] == found["gained"] == []
    (recited,) = found["recited"]
    assert recited["because_before"] == ["HKK-132.0", "HKK-132.6"]
    assert recited["because_after"] == ["HKK-132.2", "HKK-132.6"]
    assert enumeration.rules(HKK, found) == ["HKK-132.0", "HKK-132.2"]


def test_the_class_of_a_change_ignores_identifiers_but_not_its_why_not():
    one = _model([(_falls_off(2, 1), ["HKK-132.6"])], [],
                 [(2, _falls_off(2, 1), "HKK-132.6-I")])
    renamed = _model([(_falls_off(1, 3), ["HKK-132.6"])], [],
                     [(2, _falls_off(1, 3), "HKK-132.6-I")])
    unexplained = _model([(_falls_off(2, 1), ["HKK-132.6"])], [])
    assert changes_key(HKK, one) == changes_key(HKK, renamed)
    assert changes_key(HKK, one) != changes_key(HKK, unexplained)


# --- hkk's diff with a why_not rule added (a mutant of its rule files) -----------------------

# [HKK-132.6-I] stays_on keeps an enchantment that grants its host the enchantment immunity;
# without it (literal) 132.6 makes it fall off: the why_not of that falls_off.
WHY_NOT_132_6_I = """
why_not(falls_off(X, H), "HKK-132.6-I") :- in_force("HKK-132.6-I"),
        granted_at(H, enchantment, X, enchantment), attached_before(X, H, enchantment).
"""
# a why_not of a term no edition gives (the host falling off its enchantment)
SPURIOUS = """
why_not(falls_off(H, X), "HKK-132.6-I") :- in_force("HKK-132.6-I"),
        granted_at(H, enchantment, X, enchantment).
"""
SMALL = {"max_cards": 2, "max_effects": 0, "max_reactions": 0, "max_events": 1,
         "damage": "0..0", "modifiers": "0..0", "max_properties": 2}


class _Mutant(Analysis):
    def __init__(self, book, text):
        super().__init__(book)
        self.text = text

    @property
    def encoding(self):
        return add_worlds(list(self.book.encoding.statements) + _parsed(self.text)[1:])


def _diff(monkeypatch, text, before="literal", after="intended"):
    if text:
        mutant = _Mutant(HKK, text)
        monkeypatch.setattr(enumeration, "analysis", lambda _book: mutant)
    report = pybridge.diff("hkk", before, after, bounds=SMALL, timeout=120)
    assert report["complete"]
    return report


@pytest.mark.slow
def test_HKK_132_6_I_diff_names_the_rule_that_keeps_the_enchantment_on(monkeypatch):
    """132.6 as intended: «kivéve, ha a forrásimmunitást a rátett bűbáj biztosítja számára»
    keeps the granting enchantment on its host, so literal's falls_off is lost; hkk's own
    why_not rule (asp/hkk) makes the group name HKK-132.6-I, in both directions, and a
    group's rules are exactly what its lost, gained and recited rulings name."""
    report = _diff(monkeypatch, "")
    assert any("HKK-132.6-I" in c["rules"] for c in report["changed"])
    assert any(r["kind"] == "falls_off" and r["because"] == ["HKK-132.6"]
               and r["why_not"] == ["HKK-132.6-I"] for c in report["changed"] for r in c["lost"])
    for change in report["changed"]:
        recited = {i for r in change["recited"]
                   for i in set(r["because_before"]) ^ set(r["because_after"])}
        assert set(change["rules"]) == {i for r in change["lost"] + change["gained"]
                                        for i in r["because"] + r["why_not"]} | recited
    back = _diff(monkeypatch, "", "intended", "literal")
    assert any(r["why_not"] == ["HKK-132.6-I"] for c in back["changed"] for r in c["gained"])


@pytest.mark.slow
def test_a_why_not_of_a_ruling_no_edition_gives_leaves_the_groups_as_they_are(monkeypatch):
    plain = _diff(monkeypatch, "")
    spurious = _diff(monkeypatch, SPURIOUS)
    assert spurious["changed"] == plain["changed"]


@pytest.mark.slow
def test_diff_text_says_what_is_lost_and_why_the_other_edition_does_not_give_it(monkeypatch):
    mutant = _Mutant(HKK, WHY_NOT_132_6_I)
    monkeypatch.setattr(enumeration, "analysis", lambda _book: mutant)
    args = ["diff", "hkk", "--from", "literal", "--to", "intended", "--format", "text"]
    for name, value in SMALL.items():
        args += [f"--{name.removeprefix('max_')}", str(value)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    # (the falling card and its host named as the group's witness names them)
    assert "           lost: card 2 falls off card 1. [HKK-132.6]; not given in intended " \
           "because HKK-132.6-I\n" in result.output
    # and the grant the fallen enchantment made is lost with it (issue 52: a continuous
    # ability ends with its card, HKK-132.0), so the group is by 132.0 as well
    assert "           lost: card 2 has fallen off, so it grants card 1 no enchantment " \
           "immunity. [HKK-132.0, HKK-132.6]\n" in result.output
    assert "           by HKK-132.0, HKK-132.6, HKK-132.6-I\n" in result.output
    text = CliRunner().invoke(cli, args[:2] + ["--from", "intended", "--to", "literal"]
                              + args[6:])
    assert "           gained: card 2 falls off card 1. [HKK-132.6]; not given in intended " \
           "because HKK-132.6-I\n" in text.output


@pytest.mark.slow
def test_diff_json_lists_lost_gained_and_recited_for_every_group():
    report = pybridge.diff("redemption", "literal", "negative_counts", timeout=120)
    for change in report["changed"]:
        assert {"lost", "gained", "recited", "rules"} <= set(change)
        for ruling in change["lost"]:
            assert {k: v for k, v in ruling.items() if k != "why_not"} in change["before"]
        for ruling in change["gained"]:
            assert {k: v for k, v in ruling.items() if k != "why_not"} in change["after"]
    assert json.dumps(report, sort_keys=True) == json.dumps(
        pybridge.diff("redemption", "literal", "negative_counts", timeout=120), sort_keys=True)
