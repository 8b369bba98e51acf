"""The command line: output format, ordering, stdin, exit codes, help texts.

Through ``click.testing.CliRunner`` (stdout and stderr are separate in click 8.2+); a couple of
subprocess tests check what only a real process shows (the console script, a closed pipe).
"""

import glob
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import pybridge
from pybridge.cli.main import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE_DIR = os.path.join(ROOT, "examples", "redemption")
EXAMPLES = sorted(glob.glob(os.path.join(EXAMPLE_DIR, "*.yaml")))
THREE = os.path.join(EXAMPLE_DIR, "three_character_battle.yaml")
AMBIGUOUS = os.path.join(EXAMPLE_DIR, "mutual_grants_ambiguous.yaml")
INCONSISTENT = os.path.join(EXAMPLE_DIR, "odd_grant_cycle_inconsistent.yaml")
TARGETING = os.path.join(EXAMPLE_DIR, "targeting.yaml")

RULE_IDS = ["RED-IMM-1", "RED-IMM-2", "RED-IMM-3", "RED-IMM-4", "RED-IMM-5", "RED-IMM-6",
            "RED-BAT-0", "RED-BAT-1", "RED-BAT-2", "RED-INT-1", "RED-INT-2", "RED-INT-3"]


def invoke(runner, *args, input=None):
    return runner.invoke(cli, list(args), input=input, catch_exceptions=False)


def json_lines(result):
    text = result.stdout
    assert text.endswith("\n")
    return [json.loads(line) for line in text.split("\n")[:-1]]


def expected_line(path, source=None):
    """The line of one document; ``source``: as given among several (issue 51: each line
    names its source when several documents are ruled)."""
    result = pybridge.rule(path)
    return json.dumps(result if source is None else {"source": source, **result},
                      ensure_ascii=False)


# --- the acceptance case -------------------------------------------------------------------

def test_three_character_battle_acceptance(runner):
    result = invoke(runner, "rule", "--format", "json", THREE)
    assert result.exit_code == 0, result.output
    (ruled,) = json_lines(result)
    assert ruled["rulebook"] == "redemption"
    assert ruled["status"] == "ok"
    rulings = ruled["rulings"]
    states = [r for r in rulings if r["kind"] == "battle_state"]
    assert states == [{"kind": "battle_state", "state": "heroes_winning",
                       "because": ["RED-BAT-1", "RED-BAT-2"]}]
    defeated = {r["character"]: r["because"] for r in rulings if r["kind"] == "being_defeated"}
    assert defeated == {"Shieldbearer": ["RED-BAT-1"], "Giant": ["RED-BAT-1"]}
    assert "Lightbearer" not in json.dumps([r for r in rulings if r["kind"] != "battle_state"])
    assert "alternatives" not in ruled and "conflict" not in ruled


def test_three_character_battle_as_text(runner):
    result = invoke(runner, "rule", "--format", "text", THREE)
    assert result.exit_code == 0
    text = result.stdout
    assert "heroes winning" in text
    assert "[RED-BAT-1, RED-BAT-2]" in text
    lines = text.splitlines()
    assert any("Shieldbearer" in line and line.endswith("[RED-BAT-1]") for line in lines)
    assert any("Giant" in line and line.endswith("[RED-BAT-1]") for line in lines)
    assert not any("Lightbearer" in line for line in lines)


# --- several states -------------------------------------------------------------------------

def test_several_states_one_line_each_in_the_order_given(runner):
    order = list(reversed(EXAMPLES)) + [THREE]   # not sorted, and one file twice
    result = invoke(runner, "rule", "--format", "json", *order)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    lines = result.stdout.split("\n")
    assert lines[-1] == ""
    assert lines[:-1] == [expected_line(path, path) for path in order]


def test_bad_state_among_good_ones(runner, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("rulebook: redemption\ncharacters:\n"
                   "  - {id: A, alignment: good, strength: strong, toughness: 1}\n",
                   encoding="utf-8")
    missing = str(tmp_path / "missing.yaml")
    order = [THREE, str(bad), AMBIGUOUS, missing, INCONSISTENT]
    result = invoke(runner, "rule", "--format", "json", *order)
    assert result.exit_code == 2
    lines = json_lines(result)
    assert len(lines) == len(order)
    assert lines[0] == {"source": THREE, **pybridge.rule(THREE)}
    assert lines[2] == {"source": AMBIGUOUS, **pybridge.rule(AMBIGUOUS)}
    assert lines[4] == {"source": INCONSISTENT, **pybridge.rule(INCONSISTENT)}
    assert set(lines[1]) == {"source", "error"}
    assert lines[1]["source"] == str(bad)
    assert lines[1]["error"].startswith(f"{bad}: characters[0].strength: expected an integer")
    assert lines[3]["source"] == missing
    assert lines[3]["error"].startswith(f"{missing}: ")
    errors = result.stderr.splitlines()
    assert errors == [f"error: {lines[1]['error']}", f"error: {lines[3]['error']}"]
    assert "Traceback" not in result.output


def test_bad_state_among_good_ones_as_text(runner, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("rulebook: nosuch\n", encoding="utf-8")
    result = invoke(runner, "rule", "--format", "text", THREE, str(bad), TARGETING)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {bad}: rulebook: unknown rulebook 'nosuch' "
        f"(available: redemption, hkk, b5, chronopia)"]
    assert f"{THREE}: redemption" in result.stdout
    assert f"{TARGETING}: redemption" in result.stdout
    assert str(bad) not in result.stdout


# --- standard input -------------------------------------------------------------------------

THREE_DOC = pybridge.load(THREE)


@pytest.mark.parametrize("text", [
    yaml.safe_dump(THREE_DOC, sort_keys=False),
    json.dumps(THREE_DOC),
    json.dumps(THREE_DOC, indent=2),
], ids=["yaml", "json", "json-indented"])
def test_stdin(runner, text):
    result = invoke(runner, "rule", "--format", "json", "-", input=text)
    assert result.exit_code == 0, result.output
    assert result.stdout == expected_line(THREE) + "\n"


def test_stdin_between_files(runner):
    result = invoke(runner, "rule", "--format", "json", TARGETING, "-", AMBIGUOUS,
                    input=json.dumps(THREE_DOC))
    assert result.exit_code == 0, result.output
    assert result.stdout.split("\n")[:-1] == [
        expected_line(TARGETING, TARGETING), expected_line(THREE, "-"),
        expected_line(AMBIGUOUS, AMBIGUOUS)]


def test_stdin_with_unquoted_on_key(runner):
    text = ("rulebook: redemption\nphase: preparation\ncharacters:\n"
            "  - {id: Scout, alignment: good, strength: 3, toughness: 3}\n"
            "cards:\n  - {id: Curse, alignment: evil, type: curse}\n"
            "abilities:\n  - {id: grab, on: Curse, target: Scout}\n")
    result = invoke(runner, "rule", "--format", "json", "-", input=text)
    assert result.exit_code == 0, result.output
    (ruled,) = json_lines(result)
    assert [(r["ability"], r["legal"]) for r in ruled["rulings"]] == [("grab", True)]


# --- formats --------------------------------------------------------------------------------

def test_default_format_off_a_terminal_is_json(runner):
    result = invoke(runner, "rule", THREE)
    assert result.exit_code == 0
    assert result.stdout == expected_line(THREE) + "\n"


@pytest.mark.parametrize("path,cited", [
    (THREE, "[RED-BAT-1, RED-BAT-2]"),
    (TARGETING, "[RED-IMM-2]"),
    (AMBIGUOUS, "[RED-IMM-2, RED-IMM-4]"),
    (INCONSISTENT, "[RED-IMM-1, RED-IMM-2, RED-IMM-4]"),
], ids=os.path.basename)
def test_text_format_cites_rule_ids_in_brackets(runner, path, cited):
    result = invoke(runner, "rule", "--format", "text", path)
    assert result.exit_code == 0
    assert cited in result.stdout
    with pytest.raises(json.JSONDecodeError):
        json.loads(result.stdout)


def test_text_format_names_each_source_when_several(runner):
    result = invoke(runner, "rule", "--format", "text", THREE, TARGETING)
    assert result.exit_code == 0
    assert result.stdout.index(THREE) < result.stdout.index(TARGETING)


def test_edition_option(runner):
    result = invoke(runner, "rule", "--format", "json", "--edition", "literal", THREE)
    assert result.exit_code == 0
    assert json_lines(result)[0]["edition"] == "literal"


# --- exit codes and statuses ----------------------------------------------------------------

@pytest.mark.parametrize("path,status", [
    (THREE, "ok"), (AMBIGUOUS, "ambiguous"), (INCONSISTENT, "inconsistent"),
], ids=["ok", "ambiguous", "inconsistent"])
def test_exit_zero_for_every_status(runner, path, status):
    result = invoke(runner, "rule", "--format", "json", path)
    assert result.exit_code == 0, result.output
    (ruled,) = json_lines(result)
    assert ruled["status"] == status
    assert ("alternatives" in ruled) == (status == "ambiguous")
    assert ("conflict" in ruled) == (status == "inconsistent")


def test_ambiguous_and_inconsistent_outputs(runner):
    result = invoke(runner, "rule", "--format", "json", AMBIGUOUS, INCONSISTENT)
    ambiguous, inconsistent = json_lines(result)
    assert ambiguous["rulings"] == []
    assert [[r["immunity"] for r in a] for a in ambiguous["alternatives"]] == \
        [["gift-a"], ["gift-b"]]
    assert inconsistent["rulings"] == []
    assert inconsistent["conflict"] == ["RED-IMM-1", "RED-IMM-2", "RED-IMM-4"]


@pytest.mark.parametrize("args", [
    ["rule"],                                        # no STATE
    ["rule", "--format", "yaml", THREE],             # bad --format value
    ["rule", "--format"],                            # --format without a value
    ["rule", "--colour", THREE],                     # unknown option
    ["rulebooks", "--format", "xml"],
    ["rulebooks", "b5", "extra"],                  # one RULEBOOK at most
    ["judge", THREE],                                # unknown command
], ids=["no-state", "bad-format", "format-without-value", "unknown-option",
        "rulebooks-bad-format", "rulebooks-extra-argument", "unknown-command"])
def test_usage_errors_exit_2(runner, args):
    result = invoke(runner, *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert "Error" in result.stderr
    assert "Traceback" not in result.output


def test_no_command_shows_usage(runner):
    result = invoke(runner)
    assert result.exit_code in (0, 2)
    assert "Usage:" in result.output
    assert "rule" in result.output and "rulebooks" in result.output


def test_version(runner):
    result = invoke(runner, "--version")
    assert result.exit_code == 0
    assert result.stdout.strip()


# --- help -----------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [[], ["rule"], ["rulebooks"]], ids=["group", "rule", "rulebooks"])
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_shows_an_example(runner, args, flag):
    result = invoke(runner, *args, flag)
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert "rulings " in result.stdout.split("Example", 1)[1]
    assert result.stderr == ""


def test_group_help_lists_the_commands(runner):
    text = invoke(runner, "--help").stdout
    assert "rule " in text and "rulebooks" in text


# --- rulebooks ------------------------------------------------------------------------------

def test_rulebooks_json(runner):
    result = invoke(runner, "rulebooks", "--format", "json")
    assert result.exit_code == 0
    listing = json.loads(result.stdout)
    assert listing == pybridge.rulebooks()
    (redemption,) = [book for book in listing if book["rulebook"] == "redemption"]
    assert redemption["default_edition"] == "literal"
    assert "literal" in [edition["name"] for edition in redemption["editions"]]
    # The digest's IDs in source order, then the rule of the alternative edition.
    assert [rule["id"] for rule in redemption["rules"]] == RULE_IDS + ["RED-BAT-1-NEG"]
    assert all(rule["summary"] and "\n" not in rule["summary"] for rule in redemption["rules"])
    (literal,) = [e for e in redemption["editions"] if e["name"] == "literal"]
    assert sorted(literal["rules"]) == sorted(RULE_IDS)
    (negative,) = [e for e in redemption["editions"] if e["name"] == "negative_counts"]
    assert sorted(negative["rules"]) == sorted(RULE_IDS + ["RED-BAT-1-NEG"])


def test_rulebooks_text(runner):
    result = invoke(runner, "rulebooks", "--format", "text")
    assert result.exit_code == 0
    text = result.stdout
    assert text.startswith("redemption")
    assert "literal" in text
    for rule_id in RULE_IDS:
        assert sum(line.split()[:1] == [rule_id] for line in text.splitlines()) == 1, rule_id


def test_rulebooks_default_is_json_off_a_terminal(runner):
    assert json.loads(invoke(runner, "rulebooks").stdout) == pybridge.rulebooks()


# --- real processes (few: they are slow) ----------------------------------------------------

def test_console_script_runs_the_acceptance_case():
    # pip puts console scripts beside the interpreter (PATH may lag behind, e.g. pyenv shims).
    script = Path(sys.executable).parent / "rulings"
    assert script.exists(), "the console script 'rulings' is not installed"
    completed = subprocess.run([str(script), "rule", "--format", "json", THREE],
                               capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == expected_line(THREE) + "\n"


@pytest.mark.slow
def test_closed_pipe_is_not_an_internal_error(tmp_path):
    """``rulings rule ... | head -1``: the reader going away is no error of ours."""
    with subprocess.Popen(
        [sys.executable, "-m", "pybridge", "rule", "--format", "json", *(EXAMPLES * 60)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
    ) as process:
        first = process.stdout.readline()
        process.stdout.close()
        stderr = process.stderr.read().decode("utf-8", "replace")
        process.wait(timeout=120)
    assert json.loads(first)["rulebook"] == "redemption"
    assert "Traceback" not in stderr
    assert "internal error" not in stderr, stderr
