"""The docs are checked (issue 26, item 5): the README is short, its test command is what CI
runs, and every transcript in README.md and docs/ is what the command prints.

A transcript is a fenced block whose first line starts with ``$ rulings``. Each ``$ `` line
is a command (a ``# comment`` after it is dropped), the lines up to the next ``$ `` line its
output as a terminal shows it: text format unless the command asks for another, standard
error and output together. In the expected output a line ``...`` (indented or not) stands for
any number of lines, and ``...`` inside a line for any text. Commands run in-process in a
fresh folder that holds a link to examples/, so files a command writes (``-o``) land there.
Transcripts of the whole-space commands (check, errata, enumerate, diff, coverage) are slow.
"""

import json
import re
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import pybridge.cli.output
from pybridge.cli.main import cli
from pybridge.cli.render import analysis_text
from shared_results import shared

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SLOW = {"check", "errata", "enumerate", "diff", "coverage"}
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)


def transcripts():
    """(page, line, [(command, expected lines)]) for every transcript of every page."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            block = match.group(1).splitlines()
            if not block or not block[0].startswith("$ rulings"):
                continue
            steps = []
            for line in block:
                if line.startswith("$ "):
                    steps.append((line[2:], []))
                else:
                    steps[-1][1].append(line)
            found.append((page.relative_to(ROOT), text.count("\n", 0, match.start()) + 2, steps))
    return found


def param(page, line, steps):
    slow = any(shlex.split(command, comments=True)[1] in SLOW for command, _ in steps)
    return pytest.param(steps, id=f"{page}:{line}", marks=[pytest.mark.slow] if slow else [])


def matches(expected, actual):
    """Whether the lines ``actual`` are what ``expected`` shows, ``...`` as a wildcard."""
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if line.strip() == "..." else
        "[^\n]*?".join(map(re.escape, line.split("..."))) + r"\n"
        for line in expected)
    return re.fullmatch(pattern, "".join(line + "\n" for line in actual)) is not None


class _Terminal:
    """The sys module as pybridge.cli.output sees it, with standard output a terminal (the
    transcripts show what a terminal shows)."""

    class _Stream:
        def __init__(self, stream):
            self._stream = stream

        def isatty(self):
            return True

        def __getattr__(self, name):
            return getattr(self._stream, name)

    def __getattr__(self, name):
        return getattr(sys, name)

    @property
    def stdout(self):
        return self._Stream(sys.stdout)


def test_the_readme_is_at_most_150_lines():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 150


def test_ci_runs_the_readmes_test_command():
    # the README's set-up: two indented commands, the second installs and runs the tests
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^    (python3 -m pip install .*)$", readme, re.M)
    assert len(commands) == 2 and "[test]" in commands[1], commands
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert commands[1] in ci, (commands[1], ci)


def test_the_pages_have_transcripts():
    # a page that lost its fences (or a renamed docs/) would leave nothing to test
    found = transcripts()
    assert {"README.md", "docs/explanations.md", "docs/analysis.md"} <= {
        str(page) for page, _, _ in found}
    assert len(found) >= 20


def test_the_wildcards_match_what_they_say():
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "  ...", "b"], ["a", "b"])
    assert matches(["x: {...}"], ["x: {1, 2}"])
    assert not matches(["a", "b"], ["a", "c"])
    assert not matches(["a"], ["a", "b"])
    assert not matches(["x: {...}"], ["x: [1]"])
    assert not matches(["a...b"], ["a", "b"])          # within a line, ... spans no line break


def _as_json(args):
    """A whole-space command's arguments with its output in JSON, or None when it writes a
    file or asks for JSON itself (its transcript is then run as it is)."""
    if args[0] not in SLOW or {"-o", "--out", "-q", "--quiet"} & set(args):
        return None
    args = list(args)
    if "--format" in args:
        at = args.index("--format")
        if args[at + 1] != "text":
            return None
        del args[at:at + 2]
    return (*args, "--format", "json")


def _searched(args):
    """What a terminal shows of a whole-space command, from the search other tests share
    (shared_results: the JSON of the same command, made once a session) in the text the
    command makes of it (render.analysis_text: test_a_search_reads_the_same_from_its_json
    shows that it is what the command prints); None for any other command."""
    wanted = _as_json(args)
    if wanted is None:
        return None
    result = shared(*wanted)
    assert result.exit_code != 70 and "Traceback" not in result.output, result.output
    assert result.output == result.stdout, result.output       # nothing on stderr
    return analysis_text(args[0], json.loads(result.stdout)).splitlines()


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ("check", "hkk", "--cards", "1", "--reactions", "0"),
    ("errata", "hkk", "--cards", "1", "--reactions", "0"),
    ("enumerate", "b5", "--beings", "1", "--elements", "1", "--protections", "0",
     "--orders", "0"),
    ("diff", "redemption", "--characters", "2", "--from", "literal", "--to",
     "negative_counts"),
    ("coverage", "redemption", "--characters", "1", "--cards", "0", "--immunities", "0",
     "--abilities", "0", "--features", "0")])
def test_a_search_reads_the_same_from_its_json(args, monkeypatch):
    # what _searched relies on: a whole-space command's text on a terminal is the text of
    # its JSON, line for line (each analysis, small bounds)
    monkeypatch.setattr(pybridge.cli.output, "sys", _Terminal())
    text = CliRunner().invoke(cli, [*args, "--format", "text"])
    printed = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert text.exit_code == printed.exit_code and text.exit_code in (0, 1, 3), text.output
    assert text.output.splitlines() == \
        analysis_text(args[0], json.loads(printed.stdout)).splitlines()


@pytest.mark.parametrize("steps", [param(*t) for t in transcripts()])
def test_transcript_is_what_the_command_prints(steps, tmp_path, monkeypatch):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pybridge.cli.output, "sys", _Terminal())
    for command, expected in steps:
        args = shlex.split(command, comments=True)
        assert args[0] == "rulings", command
        actual = _searched(args[1:])
        if actual is None:
            result = CliRunner().invoke(cli, args[1:], prog_name="rulings")
            assert result.exit_code != 70 and not (
                result.exception and not isinstance(result.exception, SystemExit)), result.output
            actual = result.output.splitlines()
        assert matches(expected, actual), (
            f"$ {command}\n--- the page shows:\n" + "\n".join(expected)
            + "\n--- the command prints:\n" + "\n".join(actual))
