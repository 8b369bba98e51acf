"""The same input gives byte-identical output: across runs, processes and hash seeds.

Python randomises string hashing per process (PYTHONHASHSEED), so anything that iterates a
set or dict of IDs in hash order would show up as different bytes between processes.
"""

import glob
import json
import os
import random
import subprocess
import sys

import pytest
from click.testing import CliRunner

import pybridge
from pybridge.cli.main import cli
from sourced_lines import sourced

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "redemption", "*.yaml")))
AMBIGUOUS = os.path.join(ROOT, "examples", "redemption", "mutual_grants_ambiguous.yaml")
INCONSISTENT = os.path.join(ROOT, "examples", "redemption", "odd_grant_cycle_inconsistent.yaml")


def test_examples_include_every_status():
    assert AMBIGUOUS in EXAMPLES and INCONSISTENT in EXAMPLES
    statuses = {pybridge.rule(path)["status"] for path in EXAMPLES}
    assert statuses == {"ok", "ambiguous", "inconsistent"}


def crowded_battle(seed):
    """Many characters, cards and immunities with IDs whose hash order varies by process."""
    rng = random.Random(seed)
    names = [f"{word}-{n}-Ü\"" for n, word in enumerate(
        ["Zed", "amy", "Émile", "bob", "∆", "Cy", "dora", "🛡", "eve", "Fay", "gus", "Hal"])]
    characters = [{"id": name, "alignment": "good" if i % 2 else "evil",
                   "strength": rng.randint(-2, 6), "toughness": rng.randint(0, 6),
                   "brigade": rng.choice(["Blue", "Red", "Black"])}
                  for i, name in enumerate(names)]
    cards = [{"id": f"card {i}", "alignment": rng.choice(["good", "evil", "neutral"]),
              "type": "enhancement", "played_on": rng.choice(names), "strength": rng.randint(0, 3)}
             for i in range(6)]
    immunities = []
    for i in range(8):
        holder = rng.choice(names)
        to = rng.choice([rng.choice(names), {"brigade": rng.choice(["Blue", "Red"])},
                         {"alignment": rng.choice(["good", "evil"])}])
        immunities.append({"id": f"ward {i}", "holder": holder, "to": to,
                           "duration": rng.choice(["phase", "turn", "game"])})
    abilities = [{"id": f"grab {i}", "on": f"card {i}", "target": rng.choice(names)}
                 for i in range(6)]
    return {"rulebook": "redemption", "characters": characters, "cards": cards,
            "immunities": immunities, "abilities": abilities}


@pytest.fixture(scope="module")
def crowded_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("determinism") / "crowded.json"
    path.write_text(json.dumps(crowded_battle(11), ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_crowded_battle_is_valid(crowded_file):
    assert pybridge.rule(crowded_file)["status"] in ("ok", "ambiguous", "inconsistent")


def _invoke(args):
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout_bytes


@pytest.mark.parametrize("path", [AMBIGUOUS, INCONSISTENT, EXAMPLES[0]],
                         ids=os.path.basename)
def test_in_process_runs_are_identical(path):
    args = ["rule", "--format", "json", path]
    first = _invoke(args)
    assert first == _invoke(args)
    assert first == _invoke(args)


def test_in_process_all_examples_twice(crowded_file):
    args = ["rule", "--format", "json", *EXAMPLES, crowded_file]
    first = _invoke(args)
    assert first == _invoke(args)
    assert len(first.decode("utf-8").splitlines()) == len(EXAMPLES) + 1


def test_library_results_are_equal_across_calls(crowded_file):
    for path in (AMBIGUOUS, INCONSISTENT, crowded_file):
        assert json.dumps(pybridge.rule(path)) == json.dumps(pybridge.rule(path))


def test_rulings_do_not_depend_on_document_order():
    """Rulings are sorted: permuting the records of a document changes no byte."""
    document = crowded_battle(11)
    expected = json.dumps(pybridge.rule(document), ensure_ascii=False)
    rng = random.Random(3)
    for _ in range(5):
        shuffled = {key: (rng.sample(value, len(value)) if isinstance(value, list) else value)
                    for key, value in document.items()}
        assert json.dumps(pybridge.rule(shuffled), ensure_ascii=False) == expected


def test_ambiguous_alternatives_are_in_a_fixed_order():
    result = pybridge.rule(AMBIGUOUS)
    assert result["status"] == "ambiguous"
    blocked = [[r["immunity"] for r in alternative] for alternative in result["alternatives"]]
    assert blocked == [["gift-a"], ["gift-b"]]


def test_inconsistent_conflict_is_fixed():
    result = pybridge.rule(INCONSISTENT)
    assert result["status"] == "inconsistent"
    assert result["conflict"] == ["RED-IMM-1", "RED-IMM-2", "RED-IMM-4"]


def _run_process(hash_seed, paths):
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    completed = subprocess.run(
        [sys.executable, "-m", "pybridge", "rule", "--format", "json", *paths],
        capture_output=True, env=env, cwd=ROOT, timeout=120,
    )
    assert completed.returncode == 0, completed.stderr.decode("utf-8", "replace")
    assert completed.stderr == b""
    return completed.stdout


@pytest.mark.slow
def test_identical_bytes_across_hash_seeds(crowded_file):
    paths = [*EXAMPLES, crowded_file]
    outputs = {seed: _run_process(seed, paths) for seed in ("0", "1", "12345", "random")}
    reference = outputs["0"]
    for seed, output in outputs.items():
        assert output == reference, f"PYTHONHASHSEED={seed} gave different bytes"
    lines = reference.decode("utf-8").splitlines()
    assert len(lines) == len(paths)
    assert [json.loads(line)["status"] for line in lines[:len(EXAMPLES)]] == \
        [pybridge.rule(path)["status"] for path in EXAMPLES]
    # the subprocesses agree with the library in this process, too (each line of several
    # documents names its own first)
    assert lines == [sourced(json.dumps(pybridge.rule(path), ensure_ascii=False), path)
                     for path in paths]
