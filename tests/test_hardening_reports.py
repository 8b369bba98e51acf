"""Issue 51, section 3 ("Reports, cache and validation"): each item reproduced from outside (a
JSON file, a document, a command run through CliRunner or as a subprocess), now passing.

1. ``rulings report`` checks the shape of an analysis's JSON before reading it: exit 2 with
   the path of the field, never 70; a null timeout (the library's own errata) is "none".
2. Every field of the JSON is text in the page, never markup (coverage's reached/total were
   written raw).
3. A cache entry that is not a regular file of bounded size is a miss: a FIFO does not hang
   ``rule``, a link to /dev/zero is not read.
4. RULINGS_CACHE is resolved before the "not /" check (``/tmp/..`` is ``/``).
5. ``rulings validate`` has a deadline (--timeout): a FIFO no one writes to is "unknown".
6. A number is shown as written: ``1.5e-99999999`` is not "0.0", ``1e400`` not "inf".
7. ``rulings rule --format json`` with several documents: each line has its "source".
8. ``enumerate --count``/``--out`` list at most enumeration.MAX_STATES states, then stop
   incomplete and say why; never a false complete.
"""

import copy
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pybridge.analysis import enumeration
from pybridge.cli.main import cli
from pybridge.engine import program_cache
from test_report import Page, offline

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "redemption" / "three_character_battle.yaml"


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def refused(result, path):
    """Exit 2 with one clean ``error:`` line naming ``path`` (no traceback, no exit 70)."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert result.stderr.startswith("error: "), result.stderr
    assert f": {path}: " in result.stderr.splitlines()[0], result.stderr
    assert "Traceback" not in result.output and "internal error" not in result.stderr


# --- 1. the shape of the report's JSON -------------------------------------------------------

WITNESS = {"rulebook": "redemption", "characters": [
    {"id": "hero 1", "alignment": "good", "strength": 1, "toughness": 1},
    {"id": "evil 1", "alignment": "evil", "strength": 1, "toughness": 2}]}

# one small valid JSON of each analysis, as the analyses print it (fields the report reads)
VALID = {
    "check": {"rulebook": "redemption", "edition": "literal",
              "bounds": {"max_characters": 2, "values": "0..1"}, "timeout": 120.0,
              "invariants": [{"id": "RED-INV-1", "description": "one battle state",
                              "status": "violated", "witness": WITNESS, "rules": ["RED-BAT-2"],
                              "premise": {"met": True, "witness": WITNESS}}]},
    "errata": {"rulebook": "redemption", "edition": "literal", "bounds": {},
               "contradictions": [{"id": "RED-ERR-1", "rules": ["RED-IMM-1"],
                                   "witness": WITNESS, "explanation": "they disagree"}],
               "timeout": None},
    "enumerate": {"rulebook": "redemption", "edition": "literal", "bounds": {},
                  "counted": True, "total": 3, "complete": True,
                  "classes": [{"rulings": [], "says": ["evil 1 wins."], "witness": WITNESS,
                               "count": 3}]},
    "diff": {"rulebook": "redemption", "from": "literal", "to": "negative_counts",
             "bounds": {}, "complete": False,
             "changed": [{"says_before": [], "says_after": ["x"], "rules": ["RED-BAT-1"],
                          "witness": WITNESS}]},
    "coverage": {"rulebook": "redemption", "edition": "literal", "bounds": {}, "timeout": 1,
                 "rules": [{"id": "RED-BAT-0", "status": "reached", "how": "cited",
                            "witness": WITNESS}, {"id": "RED-IMM-1", "status": "unreachable"}],
                 "reached": 1, "total": 2},
}


def changed(kind, path, value):
    """VALID[kind] with the value at ``path`` (keys and indexes) set to ``value``."""
    result = copy.deepcopy(VALID[kind])
    place = result
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return result


@pytest.mark.parametrize("kind", sorted(VALID))
def test_each_valid_json_makes_a_page(kind):
    result = run("report", "-", input=json.dumps(VALID[kind]))
    assert result.exit_code == 0, result.output
    offline(Page(result.stdout))


BAD = [     # (kind, path changed, the value, the path the error names)
    ("check", ("bounds",), [1, 2], "bounds"),
    ("check", ("invariants",), [1], "invariants[0]"),
    ("check", ("timeout",), "x", "timeout"),
    ("check", ("timeout",), True, "timeout"),
    ("check", ("invariants", 0, "id"), 1, "invariants[0].id"),
    ("check", ("invariants", 0, "rules"), "RED-BAT-2", "invariants[0].rules"),
    ("check", ("invariants", 0, "premise"), [], "invariants[0].premise"),
    ("check", ("invariants", 0, "description"), {"a": 1}, "invariants[0].description"),
    ("check", ("edition",), ["literal"], "edition"),
    ("check", ("bounds", "values"), [0, 1], "bounds.values"),
    ("errata", ("contradictions", 0, "rules"), [1], "contradictions[0].rules[0]"),
    ("errata", ("contradictions",), {}, "contradictions"),
    ("enumerate", ("classes", 0, "says"), "evil 1 wins.", "classes[0].says"),
    ("enumerate", ("classes", 0, "count"), "3", "classes[0].count"),
    ("enumerate", ("complete",), "yes", "complete"),
    ("diff", ("from",), None, "from"),
    ("diff", ("changed", 0, "says_after"), [None], "changed[0].says_after[0]"),
    ("coverage", ("reached",), "1", "reached"),
    ("coverage", ("rules", 0), "RED-BAT-0", "rules[0]"),
    ("coverage", ("rules", 1, "status"), None, "rules[1].status"),
]


@pytest.mark.parametrize("kind, path, value, named", BAD,
                         ids=[f"{k}-{n}-{type(v).__name__}" for k, _, v, n in BAD])
def test_a_field_of_the_wrong_type_is_refused_naming_its_path(kind, path, value, named):
    refused(run("report", "-", input=json.dumps(changed(kind, path, value))), named)


def test_the_message_names_the_type_expected_and_the_value_got():
    result = run("report", "-", input=json.dumps(changed("check", ("invariants", 0, "id"), 1)))
    assert result.stderr == ("error: <stdin>: invariants[0].id: expected a string, got an "
                             "integer 1\n")


def test_a_missing_field_is_named():
    broken = copy.deepcopy(VALID["coverage"])
    del broken["total"]
    refused(run("report", "-", input=json.dumps(broken)), "total")


def test_a_top_level_list_is_refused():
    result = run("report", "-", input="[{}]")
    assert result.exit_code == 2 and result.stderr.startswith("error: ")


def test_a_witness_is_a_document_never_a_path_to_another_file(tmp_path):
    # a path to a valid document, where the JSON should hold the document itself
    bad = changed("check", ("invariants", 0, "witness"), str(EXAMPLE))
    refused(run("report", "-", input=json.dumps(bad)), "invariants[0].witness")


def test_a_witness_that_cannot_be_ruled_is_named_by_its_path_in_the_json(tmp_path):
    wrong = copy.deepcopy(WITNESS)
    wrong["characters"][1]["strength"] = "x"
    source = tmp_path / "check.json"
    source.write_text(json.dumps(changed("check", ("invariants", 0, "premise", "witness"),
                                         wrong)))
    result = run("report", str(source))
    refused(result, "invariants[0].premise.witness.characters[1].strength")
    assert result.stderr.startswith(f"error: {source}: ")
    # the diff's witness under an edition the rulebook does not have: its key is named
    refused(run("report", "-", input=json.dumps(changed("diff", ("to",), "no_such"))), "to")


def test_the_librarys_own_errata_json_with_a_null_timeout_is_reported(tmp_path):
    import pybridge
    found = pybridge.errata("b5", {"max_beings": 1, "max_elements": 1, "max_protections": 0})
    assert found["timeout"] is None
    source = tmp_path / "errata.json"
    source.write_text(json.dumps(found))
    result = run("report", str(source))
    assert result.exit_code == 0, result.output
    assert "<tr><th>timeout</th><td>none</td></tr>" in result.stdout


def _paths(value, path=()):
    """Every path into ``value`` (keys and indexes), the value itself first."""
    yield path
    items = value.items() if isinstance(value, dict) else \
        enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from _paths(item, (*path, key))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=6)


@st.composite
def mutated(draw):
    """A valid report JSON with one value replaced (or one key taken out)."""
    result = copy.deepcopy(VALID[draw(st.sampled_from(sorted(VALID)))])
    path = draw(st.sampled_from(list(_paths(result))[1:]))
    place = result
    for step in path[:-1]:
        place = place[step]
    if isinstance(place, dict) and draw(st.booleans()):
        del place[path[-1]]
    else:
        place[path[-1]] = draw(JSON_VALUES)
    return result


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_report_json_exits_0_or_2_never_70(result):
    outcome = run("report", "-", input=json.dumps(result))
    assert outcome.exit_code in (0, 2), (outcome.exit_code, outcome.output, outcome.exception)
    if outcome.exit_code == 2:
        assert outcome.stderr.startswith("error: ") and "Traceback" not in outcome.output
    else:
        offline(Page(outcome.stdout))


# --- 2. every field escaped ------------------------------------------------------------------

REFRESH = '<meta http-equiv="refresh" content="0; url=https://example.com/">'


def test_markup_in_reached_or_total_never_reaches_the_page():
    for field in ("reached", "total"):
        result = run("report", "-", input=json.dumps(changed("coverage", (field,), REFRESH)))
        refused(result, field)
        assert "refresh" not in result.stdout


def test_the_coverage_heading_is_escaped_whatever_it_is_given():
    from pybridge.report.html import _coverage
    sections = _coverage({**VALID["coverage"], "reached": REFRESH, "total": "<b>"})
    assert "<meta" not in sections[0] and "&lt;meta http-equiv=&quot;refresh" in sections[0]


MARKUP = '<meta http-equiv="refresh" content="0"><script>x()</script><img src=//e.com>"\''
KEEP = {"rulebook", "edition", "from", "to", "alignment"}     # read as names: must be valid


def _marked(value, key=None):
    """Every string of a report JSON (but the names the report must resolve) made markup;
    identifiers in the witnesses too (they are text of any characters)."""
    if isinstance(value, dict):
        return {k: _marked(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_marked(item, key) for item in value]
    if isinstance(value, str) and key not in KEEP:
        return f"{MARKUP} {value}"
    return value


@pytest.mark.parametrize("kind", sorted(VALID))
def test_a_page_holds_no_markup_it_did_not_write_itself(kind):
    marked = _marked(VALID[kind])
    marked["bounds"] = {MARKUP: MARKUP}
    if kind == "check":
        marked["invariants"][0]["reason"] = MARKUP
    result = run("report", "-", input=json.dumps(marked))
    assert result.exit_code == 0, result.output
    page = Page(result.stdout)
    offline(page)
    # the two meta tags of the head (charset, CSP); no script, no image
    assert page.tags.count("meta") == 2 and "img" not in page.tags
    assert MARKUP in "".join(page.text)


# --- 3. and 4. the program cache -------------------------------------------------------------

def _rule(cache, timeout=120):
    env = dict(os.environ, RULINGS_CACHE=str(cache))
    return subprocess.run([sys.executable, "-m", "pybridge", "rule", "--format", "json",
                           "--timeout", "30", str(EXAMPLE)], capture_output=True, text=True,
                          env=env, timeout=timeout)


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    """The example ruled with a fresh cache: the output every run must give."""
    cache = tmp_path_factory.mktemp("clean")
    ruled = _rule(cache)
    assert ruled.returncode == 0, ruled
    return ruled.stdout


def _entries(cache):
    return sorted(cache.glob("redemption-*.json"))


def _too_large(path):
    path.touch()
    os.truncate(path, program_cache.MAX_ENTRY + 1)      # sparse: takes no room


@pytest.mark.parametrize("make", [
    os.mkfifo, lambda path: os.symlink("/dev/zero", path), Path.mkdir, _too_large,
], ids=["fifo", "link-to-dev-zero", "folder", "too-large"])
def test_an_entry_that_is_no_regular_file_of_bounded_size_is_a_miss(tmp_path, clean, make):
    assert _rule(tmp_path).stdout == clean
    entries = _entries(tmp_path)
    assert entries
    for entry in entries:
        entry.unlink()
        make(entry)
    started = time.monotonic()
    again = _rule(tmp_path, timeout=60)
    assert (again.returncode, again.stdout, again.stderr) == (0, clean, "")
    assert time.monotonic() - started < 30
    for entry in entries:       # replaced by a regular entry, but a folder (left alone)
        assert entry.is_dir() or (entry.is_file() and not entry.is_symlink())
        if entry.is_file():
            assert entry.stat().st_size < program_cache.MAX_ENTRY


def test_the_entry_reader_reads_a_regular_file_only(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    link = tmp_path / "link.json"
    os.symlink("/dev/zero", link)
    plain = tmp_path / "plain.json"
    plain.write_text('{"a": 1}')
    assert program_cache._read_entry(fifo) is None        # at once, not blocked
    with pytest.raises(OSError):
        program_cache._read_entry(link)                    # not followed (ELOOP)
    assert program_cache._read_entry(plain) == '{"a": 1}'


@pytest.mark.parametrize("value", ["/tmp/..", "/tmp/../..", "//tmp/../", "LINK"])
def test_a_cache_folder_that_resolves_to_the_root_is_refused(tmp_path, value):
    if value == "LINK":
        os.symlink("/", tmp_path / "root")
        value = str(tmp_path / "root")
    before = set(os.listdir("/"))
    result = _rule(value)
    assert result.returncode == 2, result
    assert result.stderr.startswith("error: RULINGS_CACHE: expected an absolute folder "
                                    "other than /"), result.stderr
    assert "(which is /)" in result.stderr and "Traceback" not in result.stderr
    assert set(os.listdir("/")) == before


def test_a_cache_folder_is_used_resolved(tmp_path, monkeypatch):
    (tmp_path / "real").mkdir()
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path / "real" / ".." / "real"))
    assert program_cache.directory() == (tmp_path / "real").resolve()


# --- 5. validate has a deadline --------------------------------------------------------------

def test_validate_does_not_wait_for_ever_on_a_fifo(tmp_path):
    fifo = tmp_path / "state.yaml"
    os.mkfifo(fifo)
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "pybridge", "validate", "--format", "json",
                             "--timeout", "1", str(EXAMPLE), str(fifo), str(EXAMPLE)],
                            capture_output=True, text=True, timeout=60)
    assert time.monotonic() - started < 30
    assert result.returncode == 3, result
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[0] == {"source": str(EXAMPLE), "valid": True}
    reason = "not checked within --timeout (1 s)"
    assert lines[1:] == [{"source": str(fifo), "status": "unknown", "reason": reason},
                         {"source": str(EXAMPLE), "status": "unknown", "reason": reason}]
    assert f"{fifo}: unknown: {reason}" in result.stderr


def test_validate_reads_a_fifo_someone_writes_to(tmp_path):
    fifo = tmp_path / "state.yaml"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"cat '{EXAMPLE}' > '{fifo}'"])
    try:
        result = run("validate", "--format", "json", str(fifo))
    finally:
        writer.wait(timeout=30)
    assert result.exit_code == 0 and json.loads(result.stdout)["valid"] is True


def test_a_bad_document_before_an_unread_one_still_exits_2(tmp_path):
    fifo = tmp_path / "state.yaml"
    os.mkfifo(fifo)
    result = subprocess.run([sys.executable, "-m", "pybridge", "validate", "--format", "json",
                             "--timeout", "1", str(ROOT / "examples" / "broken.yaml"),
                             str(fifo)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result
    assert json.loads(result.stdout.splitlines()[-1])["status"] == "unknown"


# --- 6. numbers as written -------------------------------------------------------------------

DOCUMENT = {"rulebook": "redemption", "characters": [
    {"id": "a", "alignment": "good", "strength": 1, "toughness": 1}]}


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
@pytest.mark.parametrize("written", ["1.5e-99999999", "1e400", "-0.0", "2.50"])
def test_a_number_in_an_integer_field_is_shown_as_written(tmp_path, suffix, written):
    text = json.dumps(DOCUMENT).replace('"strength": 1', f'"strength": {written}')
    source = tmp_path / f"state{suffix}"
    source.write_text(text)
    result = run("rule", "--format", "json", str(source))
    assert result.exit_code == 2
    assert result.stderr == (f"error: {source}: characters[0].strength: expected an integer, "
                             f"got a number {written}\n")


def test_a_long_number_is_cut_in_the_message(tmp_path):
    written = "1." + "5" * 10_000
    source = tmp_path / "state.json"
    source.write_text(json.dumps(DOCUMENT).replace('"strength": 1', f'"strength": {written}'))
    result = run("rule", str(source))
    assert result.exit_code == 2 and len(result.stderr) < 200, result.stderr
    assert "got a number 1.5555" in result.stderr


def test_a_json_decimal_is_read_exactly_from_its_text(tmp_path):
    # a decimal field (chronopia's facing): 1.5e-99999999 is refused, not read as 0
    document = {"rulebook": "chronopia", "models": [
        {"id": "A", "army": "Orcs", "size": 2, "position": [0, 0], "facing": 0,
         "stats": {"ld": 8}}]}
    source = tmp_path / "state.json"
    source.write_text(json.dumps(document).replace('"facing": 0', '"facing": 1.5e-99999999'))
    result = run("validate", str(source))
    assert result.exit_code == 2
    assert "models[0].facing: 1.5e-99999999 has more than 30 decimals" in result.stderr


def test_a_json_number_is_no_string(tmp_path):
    source = tmp_path / "state.json"
    source.write_text(json.dumps(DOCUMENT).replace('"id": "a"', '"id": 1.50'))
    result = run("rule", str(source))
    assert result.stderr.endswith("characters[0].id: expected a string, got a number 1.50\n")


# --- 7. the source of each line of several documents -----------------------------------------

def test_each_line_names_its_source_when_several_documents_are_ruled(tmp_path):
    other = ROOT / "examples" / "redemption" / "enhancement_bonus.yaml"
    broken = ROOT / "examples" / "broken.yaml"
    together = run("rule", "--format", "json", str(EXAMPLE), str(broken), str(other))
    lines = [json.loads(line) for line in together.stdout.splitlines()]
    assert [line["source"] for line in lines] == [str(EXAMPLE), str(broken), str(other)]
    for line, alone in ((lines[0], EXAMPLE), (lines[2], other)):
        single = json.loads(run("rule", "--format", "json", str(alone)).stdout)
        assert "source" not in single       # one document: the library's result as it is
        assert line == {"source": str(alone), **single}
        assert list(line)[0] == "source"


# --- 8. enumerate --count is bounded ---------------------------------------------------------

SMALL = ("redemption", "--characters", "2", "--immunities", "1", "--abilities", "0",
         "--features", "0")


def test_the_most_states_a_run_lists_is_bounded_and_said_before_it_starts():
    assert enumeration.MAX_STATES <= 250_000
    for command in ("enumerate", "diff"):
        help_text = " ".join(run(command, "--help").stdout.split())
        assert f"at most {enumeration.MAX_STATES:,}, then the listing stops incomplete" \
            in help_text


@pytest.mark.parametrize("text", [False, True])
def test_a_count_that_reaches_the_most_stops_incomplete_and_says_why(tmp_path, monkeypatch,
                                                                     text):
    monkeypatch.setattr(enumeration, "MAX_STATES", 500)
    out = tmp_path / "states.jsonl"
    result = run("enumerate", *SMALL, "--count", "-o", str(out), "-q",
                 "--format", "text" if text else "json")
    assert result.exit_code == 3, result.output
    assert len(out.read_text(encoding="utf-8").splitlines()) == 500
    if text:
        assert "INCOMPLETE (stopped at 500 states" in result.stdout
        return
    summary = json.loads(result.stdout)
    assert summary["complete"] is False and summary["total"] == 500
    assert summary["reason"].startswith("stopped at 500 states")
    assert sum(entry["count"] for entry in summary["classes"]) == 500


def test_a_count_below_the_most_is_complete(monkeypatch):
    monkeypatch.setattr(enumeration, "MAX_STATES", 10**6)
    summary = json.loads(run("enumerate", *SMALL, "--count", "-q", "--format", "json").stdout)
    assert summary["complete"] is True and "reason" not in summary
    assert summary["total"] < 10**6


def test_a_diff_count_is_bounded_too(monkeypatch):
    monkeypatch.setattr(enumeration, "MAX_STATES", 50)
    result = run("diff", "redemption", "--from", "literal", "--to", "negative_counts",
                 "--count", "-q", "--format", "json")
    assert result.exit_code == 3, result.output
    summary = json.loads(result.stdout)
    assert summary["complete"] is False and summary["total"] == 50


def test_a_count_out_of_time_is_incomplete_never_complete():
    result = run("enumerate", "redemption", "--count", "--timeout", "2", "-q",
                 "--format", "json")
    assert result.exit_code == 3, result.output
    assert json.loads(result.stdout)["complete"] is False
