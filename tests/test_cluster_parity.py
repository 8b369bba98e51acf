"""Analysis by cubes on a Dask cluster gives the same JSON as one process (issue 13).

One LocalCluster of two worker processes serves the module (``scheduler=`` its address);
every analysis command of every rulebook, at bounds that split its space into several
cubes, must give byte-identical JSON (and the same --out lines) there and with one worker.
One CLI run starts its own cluster with ``--workers 2``. With one worker Dask is not even
imported.
"""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

import pybridge
from pybridge.analysis import cluster, cubes
from pybridge.analysis.cubes import Found, Verdict
from pybridge.analysis.program import analysis
from pybridge.books import get
from pybridge.cli.main import cli

distributed = pytest.importorskip("distributed")

# (rulebook, bounds for check/errata, bounds for listings, (from, to) editions). The checks
# run over several cubes in every rulebook; of the listings only redemption's has several
# cubes at a size a test can list (hkk's, b5's and chronopia's with two objects of a kind
# run to hundreds of thousands or millions of states): theirs go through the cluster as
# one task.
CASES = [
    ("redemption", {"max_characters": 3, "max_cards": 0, "max_abilities": 0,
                    "max_features": 1}, {"max_characters": 2, "values": "-1..0",
                                         "toughness": "0..0", "max_immunities": 1,
                                         "max_abilities": 0, "max_features": 0},
     ("literal", "negative_counts")),
    ("hkk", {"max_cards": 2, "max_properties": 2}, {"damage": "0..0", "max_properties": 1},
     ("literal", "intended")),
    ("b5", {"max_beings": 2, "max_elements": 1, "max_features": 1},
     {"max_orders": 0, "max_protections": 0, "max_features": 0},
     ("errata", "original")),
    ("chronopia", {"max_models": 2}, {}, ("crit_3_or_less", "crit_exactly_3")),
]
BOOKS = [case[0] for case in CASES]
# the listings: redemption's, split into cubes, and one that goes as one task (b5's, the
# quickest). hkk's and chronopia's go as one task too, on the same path as b5's: testing
# them as well cost 55 s and covered no other path of the cluster
LISTED = [case for case in CASES if case[0] in ("redemption", "b5")]
# redemption's diff over several cubes with changes (negative strengths make the editions
# differ once a third character is in the battle); the others' over their listing bounds
DIFF_BOUNDS = {"redemption": {"max_characters": 3, "values": "-1..0", "toughness": "0..0",
                              "max_immunities": 1}}


@pytest.fixture(scope="module")
def scheduler():
    import logging
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.CRITICAL)
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def _same(one, many):
    assert json.dumps(one, sort_keys=False) == json.dumps(many, sort_keys=False)


@pytest.mark.slow
@pytest.mark.parametrize("book,bounds,listing,editions", CASES, ids=BOOKS)
def test_check_and_errata_are_the_same_on_a_cluster(scheduler, book, bounds, listing, editions):
    assert len(cubes.find(get(book), _bounds(book, bounds))) > 1
    # two invariants: each is merged across the cubes on its own, so two show it as well as
    # all would (errata: all its contradictions)
    some = [invariant.id for invariant in analysis(get(book)).invariants[:2]]
    _same(pybridge.check(book, bounds, timeout=120, invariants=some),
          pybridge.check(book, bounds, timeout=120, invariants=some, scheduler=scheduler))
    _same(pybridge.errata(book, bounds, timeout=120),
          pybridge.errata(book, bounds, timeout=120, scheduler=scheduler))


@pytest.mark.slow
@pytest.mark.parametrize("book,bounds,listing,editions", LISTED, ids=[c[0] for c in LISTED])
def test_enumerate_and_diff_are_the_same_on_a_cluster(scheduler, book, bounds, listing, editions,
                                                      tmp_path):
    if book == "redemption":
        assert len(cubes.find(get(book), _bounds(book, listing, True))) > 1
    lines = []
    for name, where in (("one", None), ("many", scheduler)):
        with open(tmp_path / name, "w", encoding="utf-8") as out:
            lines.append(pybridge.enumerate_states(book, listing, timeout=300, out=out,
                                                   scheduler=where))
    one, many = lines
    assert one["complete"] and one["total"] > 0
    _same(one, many)
    written = (tmp_path / "one").read_text(encoding="utf-8")
    assert written == (tmp_path / "many").read_text(encoding="utf-8")
    assert len(written.splitlines()) == one["total"]
    # the situations (not counted), cube by cube on the cluster
    one = pybridge.enumerate_states(book, listing, timeout=300)
    assert one["complete"] and one["classes"]
    _same(one, pybridge.enumerate_states(book, listing, timeout=300, scheduler=scheduler))
    before, after = editions
    compared = DIFF_BOUNDS.get(book, listing)
    if book == "redemption":
        assert len(cubes.find(get(book), _bounds(book, compared, True))) > 1
    one = pybridge.diff(book, before, after, compared, timeout=300)
    assert one["complete"] and one["changed"]
    _same(one, pybridge.diff(book, before, after, compared, timeout=300, scheduler=scheduler))


def _bounds(book, values, listing=False):
    from pybridge.analysis.bounds import Bounds
    rulebook = get(book)
    return Bounds(rulebook.bounds, values, rulebook.listing_bounds if listing else None)


@pytest.mark.slow
def test_workers_option_starts_a_local_cluster_with_the_same_output():
    runner = CliRunner()
    # two invariants over several cubes (each is merged across its cubes on its own, so two
    # show it as well as all would: test_check_and_errata_are_the_same_on_a_cluster)
    args = ["check", "redemption", "--characters", "3", "--cards", "0", "--abilities", "0",
            "--features", "1", "--values", "0..3", "--format", "json", "--invariant",
            "RED-INV-1", "--invariant", "RED-INV-4b"]
    one = runner.invoke(cli, args)
    two = runner.invoke(cli, args + ["--workers", "2"])
    assert one.exit_code == two.exit_code == 0, two.output
    assert one.output == two.output


@pytest.mark.slow
def test_one_worker_does_not_import_dask():
    tiny = {"max_characters": 2, "max_cards": 0, "max_immunities": 1, "max_abilities": 0,
            "max_features": 0}
    code = (f"import sys, pybridge; pybridge.check('redemption', {tiny!r}); "
            f"pybridge.enumerate_states('redemption', {tiny!r}); "
            "print(any(m.split('.')[0] in ('dask', 'distributed') for m in sys.modules))")
    # a small check and listing: the question is what the process imports, not the proof
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


@pytest.mark.slow
def test_a_space_of_one_cube_starts_no_cluster_for_two_workers():
    """chronopia's listing at its defaults is one cube: nothing to share out, so --workers 2
    runs it in this process (no Dask imported), with the same output as one worker."""
    code = ("import json, sys, pybridge; "
            "one = pybridge.enumerate_states('chronopia'); "
            "two = pybridge.enumerate_states('chronopia', workers=2); "
            "print(json.dumps(one) == json.dumps(two), "
            "any(m.split('.')[0] in ('dask', 'distributed') for m in sys.modules))")
    assert len(cubes.find(get("chronopia"), _bounds("chronopia", {}, True))) == 1
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]


@pytest.mark.parametrize("value", ["0", "-1", "300", "two"])
def test_a_bad_number_of_workers_is_refused_naming_the_option(value):
    result = CliRunner().invoke(cli, ["check", "redemption", "--workers", value])
    assert result.exit_code == 2
    assert "--workers" in result.output
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch):
    # Dask tries again until the connect limit: 2 s here rather than 10
    monkeypatch.setattr(cluster, "CONNECT", 2)
    result = CliRunner().invoke(cli, ["check", "redemption", "--scheduler",
                                      "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    assert "--scheduler" in result.output and "Traceback" not in result.output


# --- merging cube results (no solver) ------------------------------------------------------

CUBES = [(("evil", 1), ("heroes", 1)), (("evil", 1), ("heroes", 2)), (("evil", 2), ("heroes", 1)),
         (("evil", 2), ("heroes", 2))]


def _found(cost, finished=True):
    return Found(True, finished, cost=cost, top=cost[0], symbols=(f"c{cost}",))


def test_the_smallest_witness_across_cubes_wins_ties_by_cube_order():
    verdict = Verdict(CUBES)
    verdict.add(2, _found((3, 1, 0)))
    verdict.add(1, _found((3, 1, 0)))
    verdict.add(0, Found(False, True))
    assert verdict.status() == "violated"
    assert verdict.winner() == 1            # same cost: the earlier cube
    verdict.add(3, _found((4, 0, 0)))
    assert verdict.winner() == 1            # more characters: not smaller


def test_cubes_that_cannot_hold_a_smaller_witness_are_not_wanted():
    verdict = Verdict(CUBES)
    assert all(verdict.wanted(i) for i in range(4))
    verdict.add(1, _found((3, 2, 1)))
    # four characters cannot beat three; two and three characters still can (or tie)
    assert [verdict.wanted(i) for i in range(4)] == [True, True, True, False]
    verdict.add(0, Found(False, True))
    verdict.add(2, Found(False, True))
    assert verdict.smallest()               # every cube that could hold a smaller one finished


def test_holds_needs_every_cube_and_a_cube_out_of_time_makes_it_unknown():
    verdict = Verdict(CUBES)
    for index in range(3):
        verdict.add(index, Found(False, True))
    assert verdict.status() == "unknown"    # cube 3 never reported
    verdict.add(3, Found(False, False))     # ... or ran out of time
    assert verdict.status() == "unknown"
    complete = Verdict(CUBES)
    for index in range(4):
        complete.add(index, Found(False, True))
    assert complete.status() == "holds"


def test_a_violation_beside_an_unfinished_cube_is_not_proven_smallest():
    verdict = Verdict(CUBES)
    verdict.add(0, Found(False, False))     # out of time: might hold a smaller witness
    verdict.add(1, _found((3, 0, 0)))
    verdict.add(2, Found(False, True))
    assert verdict.status() == "violated" and not verdict.smallest()


def test_workers_without_dask_installed_name_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)     # import fails as if absent
    result = CliRunner().invoke(cli, ["check", "redemption", "--workers", "2"])
    assert result.exit_code == 2
    assert "pip install -e '.[cluster]'" in result.output and "--workers" in result.output
