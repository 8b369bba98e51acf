"""The program cache (pybridge/engine/program_cache.py): the text it keeps is the program the rule
files give, a changed file is a new entry, and a cache that cannot be written changes
nothing but the time."""

import json

import pytest
from clingo import ast

from pybridge import api
from pybridge.books import RULEBOOKS
from pybridge.engine import program_cache
from pybridge.engine.encoding import silent

EXAMPLE = "examples/redemption/three_character_battle.yaml"


def _texts(statements):
    return [str(s) for s in statements if s.ast_type != ast.ASTType.Comment]


@pytest.mark.parametrize("name", sorted(RULEBOOKS))
def test_the_cached_text_catalogue_and_editions_are_those_of_the_rule_files(name):
    encoding = RULEBOOKS[name].encoding
    for relevant, statements in ((encoding.fixed_relevant, encoding.fixed_statements),
                                 (encoding.explaining_relevant,
                                  encoding.explaining_statements)):
        reparsed = []
        ast.parse_string("\n".join(relevant.texts), reparsed.append, logger=silent)
        # parsing text begins with its own '#program base.'
        assert _texts(reparsed)[0] == "#program base."
        assert _texts(reparsed)[1:] == _texts(statements)
    assert encoding.editions == encoding._editions()
    assert encoding.rules == encoding._rules()


def test_a_second_reading_comes_from_the_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    paths = [tmp_path / "a.lp"]
    paths[0].write_text("a.")
    assert program_cache.cached("x", paths, lambda: ["computed"]) == ["computed"]
    (entry,) = tmp_path.glob("x-*.json")
    assert json.loads(entry.read_text())["value"] == ["computed"]
    assert program_cache.cached("x", paths, lambda: pytest.fail("not read")) == ["computed"]


def test_a_changed_file_is_a_new_entry(monkeypatch, tmp_path):
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    path = tmp_path / "a.lp"
    path.write_text("a.")
    program_cache.cached("x", [path], lambda: 1)
    path.write_text("b.")
    assert program_cache.cached("x", [path], lambda: 2) == 2
    assert len(list(tmp_path.glob("x-*.json"))) == 2


def test_a_cache_that_cannot_be_written_changes_nothing(monkeypatch, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("RULINGS_CACHE", str(blocked / "below"))     # under a file: cannot be made
    expected = api.rule(EXAMPLE)
    monkeypatch.setenv("RULINGS_CACHE", "off")
    assert api.rule(EXAMPLE) == expected


def test_off_writes_nothing(monkeypatch, tmp_path):
    monkeypatch.setenv("RULINGS_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert program_cache.cached("x", [], lambda: 3) == 3
    assert list(tmp_path.iterdir()) == []


def test_an_entry_kept_for_other_content_is_not_read(monkeypatch, tmp_path):
    # two contents whose entries share a file name (a clash of the name's checksum): the
    # entry says what it was kept for, and the other content is computed afresh
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path))
    path = tmp_path / "a.lp"
    path.write_text("a.")
    program_cache.cached("x", [path], lambda: 1)
    (entry,) = tmp_path.glob("x-*.json")
    stored = json.loads(entry.read_text())
    entry.write_text(json.dumps({"signature": stored["signature"] + "other", "value": 1}))
    assert program_cache.cached("x", [path], lambda: 2) == 2


# --- issue 25, item 5: a corrupted entry is never trusted; RULINGS_CACHE is a folder of its own

def _rule_cli(env_cache, *extra):
    import os
    import subprocess
    import sys
    env = dict(os.environ, RULINGS_CACHE=str(env_cache))
    from pathlib import Path
    example = Path(__file__).resolve().parents[1] / EXAMPLE
    return subprocess.run([sys.executable, "-m", "pybridge", "rule", "--format", "json",
                           str(example), *extra], capture_output=True, text=True, env=env,
                          timeout=120)


@pytest.mark.parametrize("corrupt", [
    lambda entry: {**entry, "value": []},                       # emptied: rulings [] before
    lambda entry: {**entry, "value": entry["value"] + [[":- :- .", None, [], []]]},  # syntax
    lambda entry: {**entry, "value": entry["value"][: len(entry["value"]) // 2]},  # cut short
    lambda entry: {key: value for key, value in entry.items() if key != "checksum"},
], ids=["emptied", "syntax-error", "cut-short", "no-checksum"])
def test_a_corrupted_entry_is_computed_afresh(tmp_path, corrupt):
    # whatever the example's rulings are (tests/test_examples.py reasons them), a corrupted
    # entry must give the rulings a clean cache gives, twice over, and be replaced
    expected = _rule_cli(tmp_path)
    assert expected.returncode == 0 and json.loads(expected.stdout)["rulings"], expected
    (entry_path,) = tmp_path.glob("redemption-fixed-*.json")
    entry = json.loads(entry_path.read_text())
    entry_path.write_text(json.dumps(corrupt(entry)))
    for _ in range(2):              # the first run replaces the entry; the second reads it
        again = _rule_cli(tmp_path)
        assert (again.returncode, again.stdout, again.stderr) == (0, expected.stdout, "")
    assert json.loads(entry_path.read_text())["value"] == entry["value"]


def test_a_truncated_entry_file_is_computed_afresh(tmp_path):
    expected = _rule_cli(tmp_path)
    (entry_path,) = tmp_path.glob("redemption-fixed-*.json")
    entry_path.write_bytes(entry_path.read_bytes()[:100])
    again = _rule_cli(tmp_path)
    assert (again.returncode, again.stdout, again.stderr) == (0, expected.stdout, "")


@pytest.mark.parametrize("value", ["/", "relative/cache", ".", "//"])
def test_a_root_or_relative_cache_folder_is_refused(tmp_path, value, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _rule_cli(value)
    assert result.returncode == 2, result
    assert result.stderr.startswith("error: RULINGS_CACHE: expected an absolute folder"), \
        result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []       # nothing written under the working folder
