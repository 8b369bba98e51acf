"""Byte-identical output for every rulebook, across processes and hash seeds (issue 7, point 5).

``tests/test_determinism.py`` covers redemption's ``rule`` in depth; this module covers all
four rulebooks:

* ``rulings rule --format json`` on every example of a rulebook, and on copies of the
  examples with every identifier renamed (Unicode, quotes, dots: names whose hash order
  differs from the originals'), in separate processes under several ``PYTHONHASHSEED``
  values: the same bytes, one line per document, each line the same as ruling that
  document alone (no dependence on what else is in the same call);
* ``rulings check``, ``errata``, ``enumerate`` and ``diff`` at small bounds (``--beings 1
  --elements 1`` for b5, ``--models 1`` for chronopia, listings of a few hundred classes):
  the same bytes and exit code under every seed (a run another test shares counts as one,
  under the test process's own seed).
"""

import copy
import glob
import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

import pybridge
from pybridge.books import RULEBOOKS
from pybridge.cli.main import cli
from pybridge.documents.loading import load_document
from shared_results import shared
from sourced_lines import sourced

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOOKS = tuple(RULEBOOKS)         # every registered rulebook, in the registry's order
# an analysis under two seeds (each run costs seconds); rule is cheap: more chances to see
# hash order
SEEDS = ("0", "12345")
RULE_SEEDS = ("0", "1", "2", "3", "12345")
STATUSES = {"ok", "ambiguous", "inconsistent"}


def examples(book):
    return sorted(glob.glob(os.path.join(ROOT, "examples", book, "*.yaml")))


def run(args, seed):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    env.pop("RULINGS_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "pybridge", *args], capture_output=True,
                          env=env, cwd=ROOT, timeout=600)


# --------------------------------------------------------------------------- renamed examples

NAMES = ["Zed", "amy", "Émile", "∆ delta", "🛡 shield", "日本", 'Q"uote', "back\\slash", "a.b",
         "x: y", "ß", "Ω", "#show", "card(1)", "-1", "éé"]


def walk(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, path + (index,))


def renamed(doc, shift):
    """The document with every identifier (and every reference to it) renamed."""
    ids = sorted({node for path, node in walk(doc) if path and path[-1] == "id"
                  and isinstance(node, str)})
    names = {ident: f"{NAMES[(i + shift) % len(NAMES)]} {i}" for i, ident in enumerate(ids)}

    def rename(node):
        if isinstance(node, dict):
            return {key: rename(value) for key, value in node.items()}
        if isinstance(node, list):
            return [rename(value) for value in node]
        return names.get(node, node) if isinstance(node, str) else node

    return rename(copy.deepcopy(doc))


@pytest.fixture(scope="module")
def documents(tmp_path_factory):
    """Per rulebook: its examples and, for each, two renamed copies that are still valid
    and rule the same way (written as JSON files)."""
    directory = tmp_path_factory.mktemp("determinism-all")
    found = {}
    for book in BOOKS:
        paths = list(examples(book))
        for path in examples(book):
            original = pybridge.rule(path)
            doc = load_document(path)
            for shift in (3, 11):
                variant = renamed(doc, shift)
                try:
                    result = pybridge.rule(variant)
                except pybridge.InputError:
                    continue      # an id that is also a word of the vocabulary
                if result["status"] != original["status"]:
                    continue
                target = directory / f"{book}-{os.path.basename(path)}-{shift}.json"
                target.write_text(json.dumps(variant, ensure_ascii=False), encoding="utf-8")
                paths.append(str(target))
        found[book] = paths
    return found


@pytest.mark.slow
def test_renamed_copies_exist_for_every_rulebook(documents):
    for book in BOOKS:
        assert len(documents[book]) >= 2 * len(examples(book)), book


# --------------------------------------------------------------------------- rule


@pytest.mark.slow
@pytest.mark.parametrize("book", BOOKS)
def test_rule_bytes_are_identical_across_hash_seeds(book, documents):
    paths = documents[book]
    outputs = {}
    for seed in RULE_SEEDS:
        completed = run(["rule", "--format", "json", *paths], seed)
        assert completed.returncode == 0, completed.stderr.decode("utf-8", "replace")
        assert completed.stderr == b""
        outputs[seed] = completed.stdout
    reference = outputs[RULE_SEEDS[0]]
    for seed, output in outputs.items():
        assert output == reference, f"{book}: PYTHONHASHSEED={seed} gave different bytes"
    lines = reference.decode("utf-8").split("\n")
    assert lines[-1] == "" and len(lines) == len(paths) + 1
    for line in lines[:-1]:
        record = json.loads(line)
        assert record["rulebook"] == book and record["status"] in STATUSES


@pytest.mark.slow
@pytest.mark.parametrize("book", BOOKS)
def test_each_line_is_the_document_ruled_alone(book, documents):
    """One call over many documents gives, line by line, what one call per document gives,
    each line naming its document (in-process, under this process's hash seed)."""
    paths = documents[book]
    together = CliRunner().invoke(cli, ["rule", "--format", "json", *paths],
                                  catch_exceptions=False)
    assert together.exit_code == 0, together.stderr
    alone = []
    for path in paths:
        result = CliRunner().invoke(cli, ["rule", "--format", "json", path],
                                    catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
        alone.append(sourced(result.stdout, path))
    assert together.stdout == "".join(alone)


@pytest.mark.slow
@pytest.mark.parametrize("book", BOOKS)
def test_renamed_copies_rule_the_same_up_to_the_names(book, documents):
    """Renaming identifiers changes no ruling but the names (and the order that follows
    from sorting by name)."""
    for path in examples(book):
        original = pybridge.rule(path)
        doc = load_document(path)
        for shift in (3, 11):
            try:
                variant = pybridge.rule(renamed(doc, shift))
            except pybridge.InputError:
                continue
            back = {f"{NAMES[(i + shift) % len(NAMES)]} {i}": ident for i, ident in enumerate(
                sorted({node for p, node in walk(doc) if p and p[-1] == "id"}))}

            def restore(node):
                if isinstance(node, dict):
                    return {key: restore(value) for key, value in node.items()}
                if isinstance(node, list):
                    return [restore(value) for value in node]
                return back.get(node, node) if isinstance(node, str) else node

            key = lambda ruling: json.dumps(ruling, sort_keys=True, ensure_ascii=False)  # noqa
            assert variant["status"] == original["status"], path
            assert sorted(map(key, restore(variant["rulings"]))) == \
                sorted(map(key, original["rulings"])), path


# --------------------------------------------------------------------------- analysis

ANALYSIS = [
    ("check", "b5", "--beings", "1", "--elements", "1", "--protections", "0"),
    ("check", "chronopia", "--models", "1"),
    ("check", "hkk", "--cards", "1", "--reactions", "0"),
    ("check", "redemption", "--characters", "2", "--cards", "0", "--abilities", "1",
     "--features", "0"),
    ("enumerate", "chronopia"),
    ("enumerate", "b5", "--features", "0", "--protections", "0"),
    ("enumerate", "redemption", "--characters", "2", "--abilities", "0", "--features", "0"),
    ("errata", "b5", "--beings", "1", "--elements", "1", "--protections", "0"),
    ("errata", "hkk", "--cards", "1", "--reactions", "0"),
    ("diff", "b5", "--from", "original", "--to", "errata"),
    ("diff", "chronopia", "--from", "crit_3_or_less", "--to", "crit_exactly_3"),
]
# Commands another test runs too (shared_results): one of their runs is that one, made in a
# test process under its own hash seed (random: PYTHONHASHSEED is not set for the tests), the
# others in subprocesses. chronopia's default diff takes 12 s a run (b5's is
# tests/test_b5_analysis.py's); b5's and redemption's
# default listings take a minute or more a run, so they are listed smaller here (36 and 251
# classes, a few seconds a run): hash order is the same code at any bound, and
# tests/test_listing_defaults.py lists each at its defaults once.
# The small checks and errata are tests/test_report_every_analysis.py's runs.
SHARED_RUNS = {("diff", "chronopia", "--from", "crit_3_or_less", "--to", "crit_exactly_3"),
               ("diff", "b5", "--from", "original", "--to", "errata"),
               *(args for args in ANALYSIS if args[0] in ("check", "errata"))}


@pytest.mark.slow
@pytest.mark.parametrize("args", ANALYSIS, ids=" ".join)
def test_analysis_bytes_are_identical_across_hash_seeds(args):
    outputs = {}
    seeds = SEEDS
    if args in SHARED_RUNS:
        result = shared(*args, "--format", "json")
        assert result.output == result.stdout         # nothing on stderr
        outputs["the test process's"] = (result.exit_code, result.stdout.encode("utf-8"), b"")
        seeds = SEEDS[:1]
    for seed in seeds:
        completed = run([*args, "--format", "json"], seed)
        assert completed.returncode in (0, 1, 3), completed.stderr.decode("utf-8", "replace")
        if completed.returncode == 3:     # vacuous (a premise these bounds never meet), and
            # nothing unknown: a search that ran out of time need not end the same way twice
            statuses = {entry["status"] for entry in json.loads(completed.stdout)["invariants"]}
            assert "vacuous" in statuses and "unknown" not in statuses, statuses
        outputs[seed] = (completed.returncode, completed.stdout, completed.stderr)
    reference = outputs[SEEDS[0]]
    for seed, output in outputs.items():
        assert output[0] == reference[0], f"PYTHONHASHSEED={seed}: exit code {output[0]}"
        assert output[1] == reference[1], f"PYTHONHASHSEED={seed} gave different bytes"
        assert output[2] == reference[2], f"PYTHONHASHSEED={seed}: different stderr"
    summary = json.loads(reference[1])
    assert summary["rulebook"] == args[1]
    if args[0] == "check":
        assert summary["invariants"] and all(i["status"] in ("holds", "violated", "vacuous")
                                             for i in summary["invariants"])
    if args[0] in ("enumerate", "diff"):
        assert summary["complete"] is True
