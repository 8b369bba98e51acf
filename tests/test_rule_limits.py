"""No document can hold `rulings rule` (issue 25, items 1 and 6): a number is read exactly
from its decimal text but refused at once when it would need a huge denominator or more
than 4,300 digits; `rule` has a deadline of its own (--timeout) and the memory cap the
searches have; a bad number in one document of a batch is that document's exit 2 only."""

import json
import os
import resource
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from pybridge.documents.schema import MAX_DECIMALS, Num
from pybridge.documents.values import PlainFloat
from pybridge.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "redemption" / "three_character_battle.yaml"


def rulings(*args, stdin=None, cwd=None, timeout=120, preexec=None):
    return subprocess.run([sys.executable, "-m", "pybridge", *args], capture_output=True,
                          text=True, input=stdin, cwd=cwd, timeout=timeout,
                          preexec_fn=preexec)


def one_model(position, extra=""):
    return ("rulebook: chronopia\nmodels:\n"
            f"  - {{id: H, army: A, size: 1, position: [{position}, 0], facing: 90{extra}}}\n")


# --- item 1: the 100-byte document ---------------------------------------------------------

@pytest.mark.parametrize("number", ["1.5e-99999999", "1.5e-9999999", "1e-31",
                                    "0." + "0" * 30 + "1"])
def test_a_number_with_a_huge_denominator_is_refused_at_once(tmp_path, number):
    path = tmp_path / "x.yaml"
    path.write_text(one_model(number))
    assert len(path.read_bytes()) < 140 or number.startswith("0.")
    started = time.monotonic()
    for command in ("rule", "validate"):
        result = rulings(command, str(path))
        assert result.returncode == 2, result
        assert result.stderr.startswith(f"error: {path}: models[0].position[0]: "), result.stderr
        assert result.stderr.endswith(f" has more than {MAX_DECIMALS} decimals\n")
        assert result.stderr.count("\n") == 1
    # two processes of a few hundred milliseconds each, not 6.6 s or 245 s
    assert time.monotonic() - started < 30


def test_a_huge_exponent_upwards_is_out_of_range_at_once(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text(one_model("1.5e99999999"))
    result = rulings("validate", str(path))
    assert result.returncode == 2
    assert "models[0].position[0]: 1.5e99999999 is out of range (-10000..10000)" in result.stderr


@pytest.mark.parametrize("text, exact", [
    ("1e-30", Fraction(1, 10**30)),                 # exactly MAX_DECIMALS decimals: read
    ("0.5", Fraction(1, 2)), ("12.1", Fraction(121, 10)), ("1000e-3", Fraction(1)),
    ("1." + "0" * 5000, Fraction(1)),               # trailing zeros cost nothing
    ("0" * 5000 + "7.25", Fraction(29, 4)),         # nor leading ones
    ("0e99999999", Fraction(0)), ("-0.5e1", Fraction(-5)), ("1e4", Fraction(10_000)),
], ids=lambda value: value[:12] if isinstance(value, str) else None)
def test_numbers_within_the_limits_are_read_exactly(text, exact):
    value = PlainFloat(float(text))
    value.text = text
    assert Num(lo=-10_000, hi=10_000).check(value, "x") == exact


@pytest.mark.parametrize("text, problem", [
    ("1e-31", "has more than 30 decimals"), ("1.0001e4", "is out of range"),
    ("10000.0000000000000000000000000001", "10000.0000000000000000000000000001 is out of "
                                           r"range \(-10000..10000\)"),     # 30 decimals
    ("0.0000000000000000000000000000001", "has more than 30 decimals"),         # 31
])
def test_numbers_beyond_the_limits_are_refused(text, problem):
    value = PlainFloat(float(text))
    value.text = text
    with pytest.raises(InputError, match=problem):
        Num(lo=-10_000, hi=10_000).check(value, "x")


@pytest.mark.parametrize("text, lo, hi, problem", [
    ("-1e-323", 0, 100, r"-1e-323 is out of range \(0..100\)"),    # below a bound of 0
    ("1e-40", -100, 0, r"1e-40 is out of range \(-100..0\)"),     # above a bound of 0
    ("1e-40", 0, 100, "has more than 30 decimals"),              # inside: too fine
    ("-1e-40", -100, 100, "has more than 30 decimals"),
])
def test_a_number_too_fine_on_the_wrong_side_of_a_bound_is_out_of_range(text, lo, hi,
                                                                       problem):
    """However small, a negative number is below a lower bound of 0: that is its error."""
    value = PlainFloat(float(text))
    value.text = text
    with pytest.raises(InputError, match=problem):
        Num(lo=lo, hi=hi).check(value, "x")


def test_the_limit_applies_to_json_numbers_too(tmp_path):
    # JSON's 1e-300 is a float; its text (repr) has 300 decimals
    document = {"rulebook": "chronopia", "models": [
        {"id": "H", "army": "A", "size": 1, "position": [1e-300, 0], "facing": 90}]}
    path = tmp_path / "x.json"
    path.write_text(json.dumps(document))
    result = rulings("validate", str(path))
    assert result.returncode == 2 and "models[0].position[0]" in result.stderr


# --- item 6: a long decimal is that document's error, not the batch's -----------------------

def test_a_long_decimal_refuses_its_document_and_the_others_are_ruled(tmp_path):
    long = tmp_path / "long.yaml"
    long.write_text(one_model("0", ", height: 0." + "1" * 5000))
    result = rulings("rule", "--format", "json", str(EXAMPLE), str(long), str(EXAMPLE))
    assert result.returncode == 2, result
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 3
    assert lines[0] == lines[2] and lines[0]["status"] == "ok" and lines[0]["rulings"]
    assert lines[1]["source"] == str(long)
    assert "models[0].height: 0.111" in lines[1]["error"]
    assert "(5002 characters) has more than 30 decimals" in lines[1]["error"]
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr


# --- item 1: rule's own deadline and memory cap --------------------------------------------

def _many_models(path, count=20_000):
    # a shooter and 20,000 targets: about 2 s to rule on this machine, far beyond 0.1 s
    models = [{"id": "S", "army": "A", "size": 2, "position": [0, 0], "facing": 0,
               "stats": {"rs": 12}}]
    models += [{"id": f"M{i}", "army": "B", "unit": f"U{i % 10}", "size": 2,
                "position": [5 + 2 * (i // 200), -200 + 2 * (i % 200)], "facing": 180}
               for i in range(count)]
    path.write_text(json.dumps({"rulebook": "chronopia", "models": models, "queries": [
        {"shoot": {"shooter": "S",
                   "weapon": {"short": 10, "medium": 20, "max": 40, "damage": 3}}}]}))


def test_rule_reports_a_state_unknown_at_its_timeout(tmp_path):
    big = tmp_path / "big.json"
    _many_models(big)
    started = time.monotonic()
    result = rulings("rule", "--format", "json", "--timeout", "0.1", str(big))
    assert time.monotonic() - started < 20
    assert result.returncode == 3, result
    assert json.loads(result.stdout) == {"source": str(big), "status": "unknown",
                                         "reason": "not ruled within --timeout (0.1 s)"}
    assert result.stderr == f"{big}: unknown: not ruled within --timeout (0.1 s)\n"


def test_rule_has_a_default_timeout_shown_in_its_help():
    result = rulings("rule", "--help")
    assert "--timeout" in result.stdout and "120" in result.stdout


@pytest.mark.slow
def test_rule_caps_its_own_memory(tmp_path):
    # the cap of the analysis children (75% of the machine's memory) holds for rule too: a
    # ruling that needs more ends with the state unknown, exit 3, never a traceback. Run
    # under a lower hard limit, which the cap keeps, so that the test needs little memory:
    # a 60 MB identifier is copied several times over on its way to clingo.
    big = tmp_path / "long_id.json"
    big.write_text(json.dumps({"rulebook": "redemption", "characters": [
        {"id": "H" * (60 * 2**20), "alignment": "good", "strength": 1, "toughness": 1},
        {"id": "E", "alignment": "evil", "strength": 1, "toughness": 1}]}))

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (250 * 2**20, 250 * 2**20))

    result = rulings("rule", "--format", "json", "--max-size", "100", str(big),
                     preexec=limit)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, \
        result.stderr
    assert result.returncode == 3, result
    reason = "ran out of memory (the process may take 250 MiB)"
    assert json.loads(result.stdout) == {"source": str(big), "status": "unknown",
                                         "reason": reason}
    assert result.stderr == f"{big}: unknown: {reason}\n"


def test_the_cap_is_set_in_the_rule_process(tmp_path):
    script = ("import resource, sys\n"
              "from pybridge.cli import rule\n"
              "from click.testing import CliRunner\n"
              f"CliRunner().invoke(rule.rule_command, [{str(EXAMPLE)!r}])\n"
              "print(resource.getrlimit(resource.RLIMIT_AS)[0])\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=120)
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    cap = int(result.stdout.split()[-1])
    assert cap != resource.RLIM_INFINITY and cap <= total * 0.75
