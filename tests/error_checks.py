"""Assertions on the one-line errors of the CLI, for the bad-input tests of every rulebook."""

import json


def assert_one_error(result, expected_prefix, fragment=None):
    """Exit 2, one ``error:`` line on stderr starting with ``expected_prefix``, no traceback."""
    assert "Traceback" not in result.output
    assert "Traceback" not in result.stderr
    assert result.exit_code == 2, (result.exit_code, result.output, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert result.stderr == lines[0] + "\n"
    line = lines[0]
    assert line.startswith("error: "), line
    assert line.startswith(expected_prefix), (line, expected_prefix)
    if fragment is not None:
        assert fragment in line[len(expected_prefix):], (line, fragment)
    return line


def assert_json_error_line(result, source, stderr_line):
    """With --format json the same error is on stdout as ``{"source", "error"}``."""
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    record = json.loads(lines[0])
    assert record == {"source": source, "error": stderr_line[len("error: "):]}
