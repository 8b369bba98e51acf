"""Rules you can look up (issue 15, item 4): the source passage and gloss beside every rule
ID, ``rulings rulebooks RULEBOOK`` and ``rulings explain RULE-ID``.

The quotes are kept honest here: every fragment of every passage must occur, whitespace
normalised, in the source document the rulebook's digest names (rules/<book>.md,
"Source: `../seeds/....txt`"), read from tests/sources/: copies of ../shared/rules and
../shared/seeds, so that the check runs from a clean clone (RULINGS_SHARED points elsewhere).
Expected values below are read from the rule files and the
editions (asp/<book>/editions.lp), not from the program's output.
"""

import json
import os
import re
from pathlib import Path

import pytest

import pybridge
from pybridge.books import RULEBOOKS, get
from pybridge.cli.main import cli
from pybridge.engine.encoding import Rule, annotated_rule, asp_root

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("RULINGS_SHARED", ROOT / "tests" / "sources"))
ALL_IDS = [(name, rule.id) for name, book in RULEBOOKS.items() for rule in book.encoding.rules]


def normalised(text):
    return " ".join(text.split())


def seed_of(name):
    """The source document of a rulebook, as its digest names it (whitespace normalised)."""
    digest = SHARED / "rules" / f"{name}.md"
    (seed,) = re.findall(r"^Source: `\.\./seeds/([^`]+)`", digest.read_text(encoding="utf-8"),
                         re.M)
    return normalised((SHARED / "seeds" / seed).read_text(encoding="utf-8"))


# --- the passages beside the rules -----------------------------------------------------------

@pytest.mark.parametrize("name, rule_id", ALL_IDS, ids=[i for _, i in ALL_IDS])
def test_every_rule_id_has_a_quoted_source_and_a_gloss(name, rule_id):
    (rule,) = [r for r in get(name).encoding.rules if r.id == rule_id]
    assert rule.source and rule.gloss, rule_id
    assert rule.no_source is None       # every ID of the four rulebooks quotes a passage
    assert rule.fragments and all(rule.fragments)
    assert "«" not in rule.source and "»" not in rule.source


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_every_quoted_fragment_occurs_in_the_rulebooks_source(name):
    seed = seed_of(name)
    missing = [(rule.id, fragment) for rule in get(name).encoding.rules
               for fragment in rule.fragments if normalised(fragment) not in seed]
    assert missing == []


def test_a_wrong_quote_is_caught():
    # The check above would fail for a quote that is off by one word (the seed says "same").
    rule = annotated_rule("RED-IMM-6", "x", [
        "% source: «- Characters cannot be immune to cards of the other alignment.»",
        "% gloss: g"])
    assert normalised(rule.fragments[0]) not in seed_of("redemption")


def test_annotations_are_read_with_their_continuation_lines():
    rule = annotated_rule("X-1", "summary", [
        "% source: «Ha egy lap immunis valamire, akkor … Minden",
        "%   immunitás állandóan működő képesség.»",
        "% gloss: If a card is immune to something,",
        "%     it is not affected.",
        "%  still the gloss? no: a line indented by two spaces goes on, so yes",
        "% A plain comment ends them.",
        "%   not part of the gloss",
        "a :- in_force(\"X-1\")."])
    assert rule == Rule("X-1", "summary",
                        "Ha egy lap immunis valamire, akkor … Minden immunitás állandóan működő "
                        "képesség.",
                        "If a card is immune to something, it is not affected. still the gloss? "
                        "no: a line indented by two spaces goes on, so yes")
    assert rule.fragments == ("Ha egy lap immunis valamire, akkor",
                              "Minden immunitás állandóan működő képesség.")


def test_a_rule_without_a_passage_says_why():
    rule = annotated_rule("X-2", "s", ["% source: none (the game's background rule)",
                                       "% gloss: assumed by the source"])
    assert (rule.source, rule.no_source, rule.gloss) == \
        (None, "none (the game's background rule)", "assumed by the source")
    assert rule.fragments == ()
    assert annotated_rule("X-3", "s", ["x :- y."]) == Rule("X-3", "s")


def test_the_annotations_leave_the_code_alone():
    # Only comment lines were added: every source/gloss line starts with %.
    for name in RULEBOOKS:
        for path in (asp_root() / name).glob("*.lp"):
            for line in path.read_text(encoding="utf-8").splitlines():
                if "source: «" in line or "% gloss:" in line:
                    assert line.startswith("% "), (path, line)


def test_rule_ids_are_unique_across_the_rulebooks():
    ids = [rule_id for _, rule_id in ALL_IDS]
    assert len(ids) == len(set(ids))


# --- the lines of the encoding ---------------------------------------------------------------

@pytest.mark.parametrize("name, rule_id", ALL_IDS, ids=[i for _, i in ALL_IDS])
def test_explain_lines_are_the_files_lines_and_hold_every_mention(name, rule_id):
    info = pybridge.api.rule_info(rule_id)
    assert info["rulebook"] == name
    listed = {(entry["file"], entry["line"]): entry["text"] for entry in info["lines"]}
    for (file, number), text in listed.items():
        lines = (asp_root() / file).read_text(encoding="utf-8").splitlines()
        assert lines[number - 1].rstrip() == text
        assert not re.match(r"^%\s*(source|gloss):", text)
    # Every line of code naming the ID in quotes (the guard, citations, editions) and every
    # comment "% [ID]" is among them.
    for path in sorted((asp_root() / name).glob("*.lp")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = not line.lstrip().startswith("%")
            if (code and f'"{rule_id}"' in line) or \
                    re.match(rf"^%\s*\[{re.escape(rule_id)}\]", line):
                assert (f"{name}/{path.name}", number) in listed, (path.name, number, line)


def test_explain_red_imm_6():
    info = pybridge.api.rule_info("RED-IMM-6")
    assert info["rulebook"] == "redemption"
    assert info["summary"].startswith("Default condition: a character cannot be immune")
    # editions.lp: literal is every rule but the alternative, negative_counts every rule.
    assert info["editions"] == ["literal", "negative_counts"]
    assert info["default_edition"] == "literal"
    assert info["source"] == "- Characters cannot be immune to cards of the same alignment."
    files = {entry["file"] for entry in info["lines"]}
    assert "redemption/immunity.lp" in files
    (first,) = [e for e in info["lines"] if e["text"].startswith("% [RED-IMM-6] Default")]
    # the statement right under the comment and its source and gloss (four lines) follows it
    following = [e for e in info["lines"] if e["file"] == first["file"]
                 and e["line"] > first["line"]][0]
    assert following["text"].startswith('excluded(H, X) :- in_force("RED-IMM-6")')


@pytest.mark.parametrize("rule_id, editions", [
    ("T4-7", ["errata"]),                  # a change: not in original (editions.lp)
    ("T4-7-ORIG", ["original"]),           # an alternative: not in errata
    ("B.5.1", ["errata", "original"]),
    ("HKK-132.6-I", ["intended"]),
    ("HKK-132.6", ["literal", "intended"]),
    ("C36-CRIT-EXACT", ["crit_exactly_3"]),
    ("RED-BAT-1-NEG", ["negative_counts"]),
])
def test_explain_gives_the_editions_the_rule_is_in(rule_id, editions):
    assert pybridge.api.rule_info(rule_id)["editions"] == editions


def test_a_statement_over_several_lines_is_listed_whole():
    lines = pybridge.api.rule_info("C36-CRIT-EXACT")["lines"]
    alternatives = [e["line"] for e in lines if e["file"] == "chronopia/alternatives.lp"]
    text = (asp_root() / "chronopia" / "alternatives.lp").read_text(encoding="utf-8")
    # dice_result(...) :- in_force("C36-CRIT-EXACT"),\n        dice_result(...).  : both lines
    numbered = text.splitlines()
    (start,) = [i for i, line in enumerate(numbered, 1)
                if line.startswith('dice_result(Q, first, 1, R, "C36-CRIT-EXACT")')]
    assert {start, start + 1} <= set(alternatives)
    assert numbered[start].strip().endswith(".")


# --- the commands -----------------------------------------------------------------------------

def invoke(runner, *args):
    return runner.invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_rulebooks_one_json_is_that_rulebooks_entry(runner, name):
    result = invoke(runner, "rulebooks", name, "--format", "json")
    assert result.exit_code == 0, result.output
    book = json.loads(result.stdout)
    (expected,) = [b for b in pybridge.rulebooks() if b["rulebook"] == name]
    assert book == expected == pybridge.api.rulebook(name)
    assert [r["id"] for r in book["rules"]] == list(get(name).encoding.rule_ids)


def test_rulebooks_one_text_lists_only_that_one(runner):
    result = invoke(runner, "rulebooks", "b5", "--format", "text")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("b5: ")
    assert "  edition errata (default): " in result.stdout
    assert [line for line in lines if not line.startswith("  ")] == [lines[0]]
    assert sum(line.split()[:1] == ["T4-7-ORIG"] for line in lines) == 1
    assert "RED-BAT-1" not in result.stdout


def test_rulebooks_without_argument_lists_all(runner):
    result = invoke(runner, "rulebooks", "--format", "text")
    heads = [line.split(":")[0] for line in result.stdout.splitlines() if not line.startswith("  ")]
    assert heads == list(RULEBOOKS)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_rulebooks_unknown_name_is_one_line_exit_2(runner, fmt):
    result = invoke(runner, "rulebooks", "monopoly", "--format", fmt)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == ("error: RULEBOOK: unknown rulebook 'monopoly' "
                             "(available: redemption, hkk, b5, chronopia)\n")


def test_explain_text(runner):
    result = invoke(runner, "explain", "RED-IMM-6", "--format", "text")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "RED-IMM-6 (rulebook redemption)"
    assert lines[1].startswith("Summary: Default condition: a character cannot be immune")
    assert "Editions: literal (default), negative_counts" in lines
    assert "Source: «- Characters cannot be immune to cards of the same alignment.»" in lines
    assert any(line.startswith("Gloss: Default condition: a character cannot be immune") for line in lines)
    encoding = lines[lines.index("Encoding (asp/):") + 1:]
    assert encoding[0] == "  redemption/immunity.lp"
    assert re.match(r"^    +\d+  % \[RED-IMM-6\] Default condition", encoding[1])


def test_explain_json_is_rule_info(runner):
    result = invoke(runner, "explain", "HKK-132.2", "--format", "json")
    assert result.exit_code == 0
    info = json.loads(result.stdout)
    assert info == pybridge.api.rule_info("HKK-132.2")
    assert list(info) == ["rulebook", "id", "summary", "default_edition", "editions", "source",
                          "gloss", "lines"]
    assert info["source"] == ("Ha egy adott támadási forma célzást is igényel, akkor az arra "
                              "immunis lapot lehet vele célozni, de nem lesz rá hatással.")
    assert info["gloss"].startswith("If an attack form also needs targeting")


def test_explain_accepts_rulebook_colon_id(runner):
    plain = invoke(runner, "explain", "T4-7", "--format", "json").stdout
    assert invoke(runner, "explain", "b5:T4-7", "--format", "json").stdout == plain


@pytest.mark.parametrize("args, message", [
    (["red-bat-1"], "error: RULE-ID: unknown rule ID 'red-bat-1' (did you mean: RED-BAT-1, "),
    (["b5:RED-BAT-1"], "error: RULE-ID: unknown rule ID 'RED-BAT-1' in rulebook b5 (it is a "
                       "rule of redemption)"),
    (["go:T4-1"], "error: RULE-ID: unknown rulebook 'go' (available: redemption, hkk, b5, "
                  "chronopia)"),
    (["QQQQ"], "error: RULE-ID: unknown rule ID 'QQQQ' ('rulings rulebooks' lists the rule IDs)"),
    ([""], "error: RULE-ID: expected a rule ID such as RED-BAT-1"),
])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_explain_unknown_id_is_one_line_exit_2(runner, args, message, fmt):
    result = invoke(runner, "explain", *args, "--format", fmt)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1


def test_explain_suggests_the_ids_one_edit_away(runner):
    # There is no 132.15 in the Kódex; 132.1 and 132.16 are one character away from it.
    result = invoke(runner, "explain", "HKK-132.15")
    assert result.exit_code == 2
    suggested = re.search(r"did you mean: (.*)\?\)$", result.stderr.strip()).group(1).split(", ")
    assert {"HKK-132.1", "HKK-132.16"} <= set(suggested) and len(suggested) <= 3


def test_explain_without_id_is_a_usage_error(runner):
    result = invoke(runner, "explain")
    assert result.exit_code == 2 and "Missing argument 'RULE-ID'" in result.stderr


@pytest.mark.parametrize("args", [["explain"], ["rulebooks"]])
def test_help_shows_an_example(runner, args):
    result = invoke(runner, *args, "--help")
    assert result.exit_code == 0
    assert "rulings " + args[0] in result.stdout.split("Example", 1)[1]


def test_explain_output_is_deterministic(runner):
    first = invoke(runner, "explain", "C38-HORROR", "--format", "text").stdout
    assert invoke(runner, "explain", "C38-HORROR", "--format", "text").stdout == first
