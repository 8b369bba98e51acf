"""Assertions on the one-line errors of the CLI, for the bad-input tests of every rulebook."""

import json

import pytest
import yaml
from click.testing import CliRunner

from pybridge.cli.main import cli


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


# --- running the CLI on documents written to files ------------------------------------------

@pytest.fixture(scope="module")
def runner():
    return CliRunner()


def run(runner, *args, input=None):
    return runner.invoke(cli, list(args), input=input, catch_exceptions=False)


def _write(tmp_path, document, fmt, name="state"):
    if fmt == "yaml":
        target = tmp_path / f"{name}.yaml"
        target.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False),
                          encoding="utf-8")
    else:
        target = tmp_path / f"{name}.json"
        target.write_text(json.dumps(document), encoding="utf-8")
    return str(target)


def _file(tmp_path, name, data):
    target = tmp_path / name
    target.write_bytes(data)
    return str(target)



def check_cli_document(runner, tmp_path, document, fmt, path, fragment):
    """A bad document written as ``fmt`` gives exit 2 and one error line naming ``path``,
    with the same error as a JSON line on stdout."""
    source = _write(tmp_path, document, fmt)
    result = run(runner, "rule", "--format", "json", source)
    line = assert_one_error(result, f"error: {source}: {path}: ", fragment)
    assert_json_error_line(result, source, line)
