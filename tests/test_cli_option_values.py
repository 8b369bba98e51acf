"""Command-line values that used to slip through (issue 12): non-finite timeouts, bounds with
thousands of digits. Each is refused with exit 2 and one line, before any work starts."""

import pytest
from click.testing import CliRunner

from pybridge.cli.main import cli

HUGE = "9" * 5000


def invoke(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("command", [
    ("check", "redemption"), ("errata", "redemption"), ("enumerate", "redemption"),
    ("diff", "redemption", "--from", "literal", "--to", "negative_counts")])
@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "Infinity", "0", "-1", "0.09"])
def test_timeout_must_be_a_finite_positive_number(command, value):
    result = invoke(*command, "--timeout", value)
    assert result.exit_code == 2
    assert "--timeout" in result.output and "finite number of seconds" in result.output
    assert "NaN" not in result.stdout and "Infinity" not in result.stdout


def test_timeout_at_its_lower_limit_is_accepted():
    result = invoke("check", "redemption", "--timeout", "0.1", "--characters", "2",
                    "--invariant", "RED-INV-1", "--format", "json")
    assert result.exit_code in (0, 3)     # RED-INV-1 holds, or is unknown in 0.1 s
    assert '"timeout": 0.1' in result.stdout


@pytest.mark.parametrize("option, value, message", [
    ("--values", f"0..{HUGE}", "a 5000-digit number is out of range"),
    ("--values", f"-{HUGE}..0", "a 5000-digit number is out of range"),
    ("--characters", HUGE, "a 5000-digit number is out of range"),
    ("--characters", f"x{HUGE}", "expected an integer"),
])
def test_bounds_with_thousands_of_digits_are_refused_in_one_short_line(option, value, message):
    result = invoke("check", "redemption", option, value)
    assert result.exit_code == 2
    assert message in result.output
    assert "internal error" not in result.output
    assert len(result.output) < 300 and result.output.count("\n") == 1


def test_a_bound_of_twelve_digits_is_read_and_checked_against_its_limits():
    result = invoke("check", "redemption", "--characters", "999999999999")
    assert result.exit_code == 2
    assert "999999999999 is out of range" in result.output
