"""Assertions on the one-line errors of the CLI, for the bad-input tests of every rulebook."""

import json

import pytest

import pybridge
import typed_yaml
from pybridge.cli.main import cli
from pybridge.errors import InputError


def assert_one_error(result, expected_prefix, fragment=None):
    """Exit 2, ``error:`` lines on stderr (a document's errors are reported together, at most
    InputError.MOST), the first starting with ``expected_prefix``, no traceback."""
    assert "Traceback" not in result.output
    assert "Traceback" not in result.stderr
    assert result.exit_code == 2, (result.exit_code, result.output, result.stderr)
    lines = result.stderr.splitlines()
    assert 1 <= len(lines) <= InputError.MOST, result.stderr
    assert result.stderr == "".join(f"{line}\n" for line in lines)
    assert all(line.startswith("error: ") for line in lines), result.stderr
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
    errors = [line[len("error: "):] for line in result.stderr.splitlines()]
    assert record["source"] == source and record["error"] == stderr_line[len("error: "):]
    # several errors of the document: every one, as on stderr
    assert record.get("errors", errors[:1]) == errors


# --- running the CLI on documents written to files ------------------------------------------

def run(runner, *args, input=None):
    return runner.invoke(cli, list(args), input=input, catch_exceptions=False)


def _write(tmp_path, document, fmt, name="state"):
    if fmt == "yaml":
        target = tmp_path / f"{name}.yaml"
        target.write_text(typed_yaml.dump(document, allow_unicode=True, sort_keys=False),
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



def check_cli_file(runner, tmp_path, name, data, path, fragment):
    """A bad file (bytes) gives exit 2 and one error line (naming ``path`` when given) that
    does not echo the input, with the same error as a JSON line on stdout."""
    source = _file(tmp_path, name, data)
    result = run(runner, "rule", "--format", "json", source)
    prefix = f"error: {source}: {path}: " if path else f"error: {source}: "
    line = assert_one_error(result, prefix, fragment)
    assert_json_error_line(result, source, line)
    assert len(line) < 500, "the message should not echo the input"
    assert "set_int_max_str_digits" not in line
    assert "9" * 50 not in line and "1" * 50 not in line and "7" * 50 not in line


def check_library_file(tmp_path, name, data, path, fragment):
    """The same bad file through the library: an InputError naming the file and the path."""
    source = _file(tmp_path, name, data)
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(source)
    error = caught.value
    assert error.source == source
    if path is not None:
        assert error.path == path
    if fragment is not None:
        assert fragment in error.message
    assert "\n" not in str(error)


def check_handwritten_yaml(runner, tmp_path, data, path, fragment):
    """Hand-written YAML (bytes) with a bad field: the CLI and the library name ``path``."""
    source = _file(tmp_path, "state.yaml", data)
    result = run(runner, "rule", "--format", "json", source)
    line = assert_one_error(result, f"error: {source}: {path}: ", fragment)
    assert_json_error_line(result, source, line)
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(source)
    assert caught.value.path == path
    assert caught.value.source == source
