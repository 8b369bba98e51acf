"""Fuzzing ``rulings rule`` with mutated state documents of every rulebook (issue 7, point 3).

Each test starts from the valid examples of a rulebook (``examples/<book>/*.yaml``), mutates
one (or the text of one), writes it to a file as YAML or JSON and runs
``rulings rule --format json FILE`` in-process. Whatever the input, the CLI must

* exit 0 (rulings computed: one JSON object with a status) or 2 (bad input), never 1 and
  never with an exception;
* on exit 2, write exactly one line ``error: FILE: ...`` on stderr (no traceback) and the
  same error as one ``{"source", "error"}`` line on stdout;
* on a structured mutation (a node replaced, a key deleted or added, an id duplicated, a
  reference broken), name the path of the field: the mutated path, a prefix of it (the
  enclosing record), or a field inside the value put there.

Mutations of the whole text (truncation, random and non-UTF-8 bytes, empty files, recursive
aliases, nesting thousands of levels deep) need only the one-line error, with the kind of
error named where the mutation determines it. Several edited documents in one call must give,
byte for byte, what each gives alone (valid, ambiguous, inconsistent or refused).

The integer tests put a number beyond the documented bounds (±1,000,000 per value, tighter
per field in chronopia) at every integer (and chronopia number) of every example: exit 2, a
range message naming the path. In-range values whose totals are accepted must never wrap
around in clingo's 32-bit arithmetic.

Runs are derandomised (the same examples every run); each call has a time limit, so a hang
fails the test instead of stalling the suite.
"""

import copy
import glob
import json
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
from contextlib import contextmanager

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import typed_yaml  # tests/ is on sys.path under pytest
from pybridge.books import RULEBOOKS
from pybridge.cli.main import cli
from pybridge.documents.loading import load_document
from pybridge.errors import InputError
from reference.redemption import rule_battle
from sourced_lines import sourced

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOOKS = tuple(RULEBOOKS)         # every registered rulebook, in the registry's order
EXAMPLES = {
    book: [(os.path.basename(path), load_document(path))
           for path in sorted(glob.glob(os.path.join(ROOT, "examples", book, "*.yaml")))]
    for book in BOOKS
}
STATUSES = {"ok", "ambiguous", "inconsistent"}
M = 1_000_000
CLINGO_MAX = 2**31 - 1
TIME_LIMIT = 30          # seconds per CLI call: far beyond any of these documents

FUZZ = settings(max_examples=75, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.large_base_example])
FEW = settings(FUZZ, max_examples=25)


def test_every_rulebook_has_examples():
    for book in BOOKS:
        assert len(EXAMPLES[book]) >= 5, book


# --------------------------------------------------------------------------- documents


class Raw:
    """A literal written into the document text as is (integers too long for json.dumps and
    yaml.safe_dump, recursive aliases, nesting thousands of levels deep)."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return f"Raw({self.text[:30]!r}{'...' if len(self.text) > 30 else ''})"


HUGE = Raw("1" + "0" * 5000)            # 10**5000
HUGE_NEGATIVE = Raw("-" + "9" * 5000)


def walk(node, path=()):
    """Every (path, node) of a document, the root first; a path is a tuple of keys/indices."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, path + (index,))


def render(path):
    """A path as the CLI names it: ``characters[2].strength``; a key that is not one
    printable line is shown escaped, as Python's repr shows it."""
    text = ""
    for step in path:
        if isinstance(step, int) and not isinstance(step, bool):
            text += f"[{step}]"
        else:
            step = str(step)
            if not step.isprintable() or any("\ud800" <= c <= "\udfff" for c in step):
                step = repr(step)
            text = f"{text}.{step}" if text else step
    return text or "document"


def at(doc, path):
    for step in path:
        doc = doc[step]
    return doc


def put(doc, path, value):
    if not path:
        return value
    at(doc, path[:-1])[path[-1]] = value
    return doc


def _finite(node):
    return all(not (isinstance(n, float) and not math.isfinite(n)) for _, n in walk(node))


def serialise(doc, fmt):
    """The document as UTF-8 bytes: ``json`` or ``yaml`` (block style); :class:`Raw` values
    are spliced in as text."""
    raws = []

    def mark(node):
        if isinstance(node, Raw):
            raws.append(node.text)
            return f"RAWLITERAL{len(raws) - 1}X"
        if isinstance(node, dict):
            return {key: mark(value) for key, value in node.items()}
        if isinstance(node, list):
            return [mark(value) for value in node]
        return node

    marked = mark(doc)
    if fmt == "json":
        text = json.dumps(marked, ensure_ascii=False)
        pattern = r'"RAWLITERAL(\d+)X"'
    else:
        text = typed_yaml.dump(marked, allow_unicode=True, sort_keys=False, width=4096)
        pattern = r"RAWLITERAL(\d+)X"
    text = re.sub(pattern, lambda m: raws[int(m.group(1))], text)
    return text.encode("utf-8")


# --------------------------------------------------------------------------- running the CLI


class Hang(BaseException):
    """A CLI call ran past TIME_LIMIT (BaseException: the CLI's own handler must not eat it)."""


@contextmanager
def time_limit(seconds):
    def alarm(_signum, _frame):
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_rule(data, suffix):
    """``rulings rule --format json FILE`` in-process on ``data`` (bytes) written to FILE;
    returns (result, FILE)."""
    with tempfile.TemporaryDirectory(prefix="rulings-fuzz-") as directory:
        path = os.path.join(directory, "state" + suffix)
        with open(path, "wb") as handle:
            handle.write(data)
        with time_limit(TIME_LIMIT):
            result = CliRunner().invoke(cli, ["rule", "--format", "json", path])
    return result, path


def outcome(result, source):
    """Check the invariants every run must keep; returns None on exit 0, otherwise the error
    message after ``error: FILE: `` (one line)."""
    exception = result.exception
    assert exception is None or isinstance(exception, SystemExit), repr(exception)
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    assert result.exit_code in (0, 2), (result.exit_code, result.stderr[:2000])
    if result.exit_code == 0:
        assert result.stderr == ""
        assert result.stdout.count("\n") == 1 and result.stdout.endswith("\n"), \
            result.stdout[:2000]
        record = json.loads(result.stdout)
        assert record["status"] in STATUSES, record
        return None
    # a line per error (a document's errors are reported together, at most InputError.MOST),
    # each ending in a "\n", with no carriage return that would rewrite it
    assert result.stderr.endswith("\n"), result.stderr[:2000]
    lines = result.stderr[:-1].split("\n")
    assert 1 <= len(lines) <= InputError.MOST, result.stderr[:2000]
    prefix = f"error: {source}: "
    for each in lines:
        assert "\r" not in each, each
        assert each.startswith(prefix), each[:2000]
    line = lines[0]
    assert result.stdout.count("\n") == 1 and result.stdout.endswith("\n"), result.stdout[:2000]
    record = json.loads(result.stdout)
    assert record["source"] == source and record["error"] == line[len("error: "):]
    assert record.get("errors", [record["error"]]) == [each[len("error: "):] for each in lines]
    message = line[len(prefix):]
    assert message.strip(), line
    return message


def names_related_path(message, path):
    """The error names ``path``, an enclosing record of it, or a field inside it."""
    if any(message.startswith(render(path[:k]) + ": ") for k in range(1, len(path) + 1)):
        return True
    return any(message.startswith(render(path) + sep) for sep in (".", "["))


_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def names_some_path(message, *docs):
    """The error starts with a field path (``document`` or ``key[.key|[i]]*: ``) that leads
    through one of ``docs`` (its last step may be missing: a missing key is named so)."""
    head = message.split(": ", 1)[0]
    if head == "document":
        return True
    steps = [int(index) if index else key for key, index in _STEP.findall(head)]
    if not steps or render(steps) != head:
        return False
    for doc in docs:
        node, ok = doc, True
        for step in steps[:-1]:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                ok = False
                break
        if ok and isinstance(node, (dict, list)):
            return True
    return False


def category(value):
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float, Raw)):
        return "number"
    if value is None:
        return "none"
    if isinstance(value, str):
        return "str"
    if isinstance(value, list):
        return "list"
    return "dict"


# --------------------------------------------------------------------------- strategies

books = pytest.mark.parametrize("book", BOOKS)
formats = st.sampled_from(["yaml", "json"])


def example(book):
    return st.sampled_from(EXAMPLES[book]).map(lambda item: (item[0], copy.deepcopy(item[1])))


def nested_list(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


def nested_dict(depth):
    value = {"leaf": 1}
    for _ in range(depth):
        value = {"k": value}
    return value


small_scalars = st.one_of(st.integers(-5, 5), st.text(max_size=6), st.booleans(), st.none())
WRONG_VALUES = st.one_of(
    st.integers(-10, 10),
    st.integers(),
    st.integers(max_value=-1),
    st.sampled_from([10**40, -10**40, 2**31, -2**31 - 1, 2**63, HUGE, HUGE_NEGATIVE]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([float("inf"), float("-inf"), float("nan"), 0.5, -0.0, 1e300]),
    st.booleans(),
    st.none(),
    st.text(max_size=20),
    st.just(""),
    st.sampled_from(["\x00", " ", "null", "true", "0", "-1", "1e5", "[]", "{}"]),
    st.lists(small_scalars, max_size=4),
    st.dictionaries(st.text(min_size=1, max_size=6), small_scalars, max_size=3),
    st.dictionaries(st.text(min_size=1, max_size=4),
                    st.dictionaries(st.text(min_size=1, max_size=4), small_scalars,
                                    min_size=1, max_size=2), min_size=1, max_size=2),
    st.integers(2, 40).map(nested_list),
    st.integers(2, 40).map(nested_dict),
)


def write(doc, fmt):
    """YAML when the document holds inf or nan (JSON has no such numbers)."""
    if fmt == "json" and not _finite(doc):
        fmt = "yaml"
    return serialise(doc, fmt), "." + fmt


# --------------------------------------------------------------------------- structured mutations


@pytest.mark.slow
@books
@FUZZ
@given(data=st.data())
def test_a_node_replaced_by_a_wrong_typed_value(book, data):
    name, doc = data.draw(example(book), label="example")
    original = copy.deepcopy(doc)
    paths = [path for path, _ in walk(doc) if path]
    path = data.draw(st.sampled_from(paths), label="path")
    old = at(doc, path)
    value = data.draw(WRONG_VALUES, label="value")
    put(doc, path, value)
    fmt = data.draw(formats, label="format")
    result, source = run_rule(*write(doc, fmt))
    message = outcome(result, source)
    if message is None:
        return
    assert names_related_path(message, path) or names_some_path(message, doc, original), message
    # A raw number literal is written plain, and YAML 1.2 reads a plain scalar in a string
    # field as its text: no type mismatch there (other numbers are written typed, !!int).
    as_text = fmt == "yaml" and isinstance(value, Raw) and category(old) == "str"
    if category(value) not in (category(old), "none") and not as_text:
        assert names_related_path(message, path), (render(path), message)


@books
@FUZZ
@given(data=st.data())
def test_a_key_deleted(book, data):
    name, doc = data.draw(example(book), label="example")
    original = copy.deepcopy(doc)
    paths = [path for path, _ in walk(doc) if path]
    path = data.draw(st.sampled_from(paths), label="path")
    del at(doc, path[:-1])[path[-1]]
    result, source = run_rule(*write(doc, data.draw(formats, label="format")))
    message = outcome(result, source)
    if message is None:
        return
    assert names_related_path(message, path) or names_some_path(message, doc, original), message
    if path[-1] in ("id", "rulebook") or "missing (required)" in message:
        assert names_related_path(message, path), (render(path), message)


# any text but NEL (U+0085): PyYAML's emitter folds it into a space inside quoted keys
KEY_TEXT = st.text(st.characters(blacklist_characters="\x85", blacklist_categories=("Cs",)),
                   min_size=1, max_size=12)


@books
@FUZZ
@given(data=st.data())
def test_an_unknown_key_added(book, data):
    name, doc = data.draw(example(book), label="example")
    mappings = [path for path, node in walk(doc) if isinstance(node, dict)]
    where = data.draw(st.sampled_from(mappings), label="mapping")
    key = "zz" + data.draw(KEY_TEXT, label="key")     # no field of any rulebook starts so
    value = data.draw(st.one_of(small_scalars, WRONG_VALUES), label="value")
    at(doc, where)[key] = value
    result, source = run_rule(*write(doc, data.draw(formats, label="format")))
    message = outcome(result, source)
    free_names = book == "hkk" and where[-1:] == ("counters",)   # a mapping of any names
    if free_names:
        if message is not None:
            assert names_related_path(message, where + (key,)), message
        return
    assert message is not None, "an unknown key was accepted"
    assert names_related_path(message, where + (key,)), (render(where + (key,)), message)


@books
@FUZZ
@given(data=st.data())
def test_a_duplicate_key(book, data):
    """The same key twice in one mapping (text level: a parsed dict cannot hold it)."""
    name, doc = data.draw(example(book), label="example")
    mappings = [path for path, node in walk(doc) if isinstance(node, dict) and node]
    where = data.draw(st.sampled_from(mappings), label="mapping")
    key = data.draw(st.sampled_from(sorted(at(doc, where), key=str)), label="key")
    value = data.draw(st.one_of(st.just(at(doc, where)[key]), small_scalars), label="value")
    at(doc, where)["DUPLICATEKEYMARKER"] = value
    fmt = data.draw(formats, label="format")
    text = serialise(doc, fmt).decode("utf-8")
    assert text.count("DUPLICATEKEYMARKER") == 1
    text = text.replace('"DUPLICATEKEYMARKER"' if fmt == "json" else "DUPLICATEKEYMARKER",
                        json.dumps(key, ensure_ascii=False))
    result, source = run_rule(text.encode("utf-8"), "." + fmt)
    message = outcome(result, source)
    assert message is not None, "a duplicate key was accepted"
    # The rulebook is read first, to choose the schema: a second, bad rulebook value is
    # reported as such (still naming the field).
    said = "duplicate key" if where + (key,) != ("rulebook",) else ""
    assert message.startswith(render(where + (key,)) + ": " + said), \
        (render(where + (key,)), message)


@books
@FUZZ
@given(data=st.data())
def test_a_duplicate_id(book, data):
    name, doc = data.draw(example(book), label="example")
    items = [path for path, node in walk(doc)
             if isinstance(node, dict) and "id" in node and path and isinstance(path[-1], int)]
    path = data.draw(st.sampled_from(items), label="item")
    section = at(doc, path[:-1])
    position = data.draw(st.integers(0, len(section)), label="position")
    section.insert(position, copy.deepcopy(at(doc, path)))
    result, source = run_rule(*write(doc, data.draw(formats, label="format")))
    message = outcome(result, source)
    assert message is not None, "a duplicate id was accepted"
    assert "duplicate" in message, message
    assert message.startswith(render(path[:-1]) + "["), (render(path[:-1]), message)


@books
@FUZZ
@given(data=st.data())
def test_a_reference_to_an_unknown_id(book, data):
    name, doc = data.draw(example(book), label="example")
    ids = {node for path, node in walk(doc) if path and path[-1] == "id"}
    references = [path for path, node in walk(doc)
                  if path and path[-1] != "id" and isinstance(node, str) and node in ids]
    if not references:
        return
    path = data.draw(st.sampled_from(references), label="reference")
    unknown = data.draw(st.text(min_size=1, max_size=10).map(lambda s: "no such " + s)
                        .filter(lambda s: s not in ids), label="unknown")
    put(doc, path, unknown)
    result, source = run_rule(*write(doc, data.draw(formats, label="format")))
    message = outcome(result, source)
    assert message is not None, f"{render(path)}: an unknown id was accepted"
    assert names_related_path(message, path), (render(path), message)


def test_every_rulebook_has_references():
    for book in BOOKS:
        found = 0
        for _, doc in EXAMPLES[book]:
            ids = {node for path, node in walk(doc) if path and path[-1] == "id"}
            found += sum(1 for path, node in walk(doc)
                         if path and path[-1] != "id" and isinstance(node, str) and node in ids)
        assert found, book


def _seen_values(book):
    """The scalars each field name holds across a rulebook's examples."""
    seen = {}
    for _, doc in EXAMPLES[book]:
        for path, node in walk(doc):
            names = [step for step in path if isinstance(step, str)]
            if names and not isinstance(node, (dict, list)):
                seen.setdefault(names[-1], set()).add(node)
    return {name: sorted(values, key=repr) for name, values in seen.items()}


SEEN = {book: _seen_values(book) for book in BOOKS}


@st.composite
def edited_document(draw, book):
    """An example with a few leaves replaced: mostly by values the same field holds in some
    example (or a nearby number, a flag flipped, another identifier of the document), so
    that many stay valid and rule differently; sometimes by a wrong-typed value."""
    name, doc = draw(example(book), label="example")
    ids = sorted({n for p, n in walk(doc) if p and p[-1] == "id" and isinstance(n, str)})
    leaves = [path for path, node in walk(doc)
              if path and path[-1] != "id" and not isinstance(node, (dict, list))]
    for _ in range(draw(st.integers(0, 3), label="edits")):
        path = draw(st.sampled_from(leaves), label="path")
        old = at(doc, path)
        field = [step for step in path if isinstance(step, str)][-1]
        options = [st.sampled_from(SEEN[book][field])] if old not in ids else []
        if isinstance(old, bool):
            options.append(st.booleans())
        elif isinstance(old, int):
            options.append(st.integers(old - 3, old + 3))
        elif isinstance(old, float) and math.isfinite(old) and abs(old) < 1e300:
            options.append(st.floats(old - 3, old + 3))
        elif isinstance(old, str) and ids:
            options.append(st.sampled_from(ids))
        wrong = draw(st.integers(0, 9), label="wrong-typed if 0") == 0 or not options
        value = draw(WRONG_VALUES if wrong else st.one_of(options), label="value")
        put(doc, path, value)
    return doc


@pytest.mark.slow
@books
@FEW
@given(data=st.data())
def test_many_documents_in_one_call_rule_each_as_alone(book, data):
    """``rule`` over several documents (valid, ambiguous, inconsistent or invalid) gives,
    document by document, the bytes of ruling each alone; exit 2 if any was refused."""
    docs = data.draw(st.lists(edited_document(book), min_size=2, max_size=6), label="documents")
    fmt = data.draw(formats, label="format")
    with tempfile.TemporaryDirectory(prefix="rulings-fuzz-") as directory:
        paths = []
        for number, doc in enumerate(docs):
            text, suffix = write(doc, fmt)
            paths.append(os.path.join(directory, f"state{number}{suffix}"))
            with open(paths[-1], "wb") as handle:
                handle.write(text)
        alone = []
        for path in paths:
            with time_limit(TIME_LIMIT):
                result = CliRunner().invoke(cli, ["rule", "--format", "json", path])
            outcome(result, path)
            alone.append(result)
        with time_limit(TIME_LIMIT):
            together = CliRunner().invoke(cli, ["rule", "--format", "json", *paths])
    assert together.exception is None or isinstance(together.exception, SystemExit), \
        repr(together.exception)
    assert together.exit_code == max(result.exit_code for result in alone), together.stderr
    assert together.stdout == "".join(sourced(result.stdout, path)
                                      for result, path in zip(alone, paths))
    assert together.stderr == "".join(result.stderr for result in alone)


# --------------------------------------------------------------------------- whole-text mutations


@st.composite
def document_text(draw, book):
    name, doc = draw(example(book), label="example")
    fmt = draw(formats, label="format")
    return serialise(doc, fmt), "." + fmt


@books
@FUZZ
@given(data=st.data())
def test_truncated_text(book, data):
    text, suffix = data.draw(document_text(book))
    cut = data.draw(st.integers(0, len(text) - 1), label="cut")
    result, source = run_rule(text[:cut], suffix)
    message = outcome(result, source)
    if cut == 0:
        assert message == "empty document"


@books
@FUZZ
@given(data=st.data())
def test_random_bytes_inserted(book, data):
    text, suffix = data.draw(document_text(book))
    where = data.draw(st.integers(0, len(text)), label="where")
    noise = data.draw(st.binary(min_size=1, max_size=12), label="bytes")
    overwrite = data.draw(st.booleans(), label="overwrite")
    mutated = text[:where] + noise + text[where + (len(noise) if overwrite else 0):]
    result, source = run_rule(mutated, suffix)
    message = outcome(result, source)
    try:
        mutated.decode("utf-8")
    except UnicodeDecodeError:
        assert message is not None and "not UTF-8" in message, message


NON_UTF8 = st.sampled_from([b"\xff", b"\xfe", b"\x80", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80",
                            b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\xa0\xa1"])


@books
@FEW
@given(data=st.data())
def test_non_utf8_bytes(book, data):
    text, suffix = data.draw(document_text(book))
    where = data.draw(st.integers(0, len(text)), label="where")
    mutated = text[:where] + data.draw(NON_UTF8, label="bytes") + text[where:]
    result, source = run_rule(mutated, suffix)
    message = outcome(result, source)
    assert message is not None and message.startswith("not UTF-8 text"), message


EMPTY = [b"", b" ", b"\n\n", b"\t\r\n", b"\xef\xbb\xbf", b"\xef\xbb\xbf\n", b"# only a comment\n",
         b"---\n", b"---\n...\n", b"~\n", b"null\n"]


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
@pytest.mark.parametrize("data", EMPTY, ids=repr)
def test_empty_documents(data, suffix):
    result, source = run_rule(data, suffix)
    message = outcome(result, source)
    assert message is not None


RECURSIVE = ["&a [*a]", "&a {k: *a}", "&a [1, [2, *a]]", "&a {k: [*a]}", "&a [{k: *a}]"]


@books
@FEW
@given(data=st.data())
def test_recursive_yaml_aliases(book, data):
    name, doc = data.draw(example(book), label="example")
    paths = [path for path, _ in walk(doc)]
    path = data.draw(st.sampled_from(paths), label="path")
    alias = data.draw(st.sampled_from(RECURSIVE), label="alias")
    doc = put(doc, path, Raw(alias))
    result, source = run_rule(serialise(doc, "yaml"), ".yaml")
    message = outcome(result, source)
    assert message is not None
    if path == () and alias.startswith("&a ["):
        # a list holding itself is a list: not the mapping a document must be
        assert message == ("document: expected a mapping with a 'rulebook' field (a state "
                           "document), got a list"), message
    else:
        assert "recursive" in message, message


def deep_text(kind, depth):
    if kind == "flow-list":
        return "[" * depth + "]" * depth
    if kind == "flow-map":
        return '{"a": ' * depth + "1" + "}" * depth
    if kind == "flow-mixed":
        return '[{"a": ' * depth + "1" + "}]" * depth
    return "- " * depth + "x"          # block sequences, YAML only


@books
@FEW
@given(data=st.data())
def test_deeply_nested_input(book, data):
    name, doc = data.draw(example(book), label="example")
    fmt = data.draw(formats, label="format")
    kinds = ["flow-list", "flow-map", "flow-mixed"] + (["block"] if fmt == "yaml" else [])
    kind = data.draw(st.sampled_from(kinds), label="kind")
    depth = data.draw(st.integers(1_000, 5_000), label="depth")
    nested = deep_text(kind, depth)
    path = ()
    if kind == "block" or data.draw(st.booleans(), label="whole document"):
        text = nested if kind != "block" else nested + "\n"
    else:
        paths = [path for path, _ in walk(doc) if path]
        path = data.draw(st.sampled_from(paths), label="path")
        text = serialise(put(doc, path, Raw(nested)), fmt).decode("utf-8")
    result, source = run_rule(text.encode("utf-8"), "." + fmt)
    message = outcome(result, source)
    assert message is not None
    if fmt == "yaml":
        assert "nested too deeply" in message, message
    else:
        # JSON has no depth limit of its own: it is refused at Python's recursion limit, or
        # parsed and refused by the schema where the nesting starts
        assert "nested too deeply" in message or (
            names_related_path(message, path) if path else names_some_path(message, {})), message


LINE_BREAKS = ["a\nb", "a\rb", "line\r\nbreak", "\n"]


@books
def test_a_key_with_a_line_break_still_gives_one_line(book):
    """An unknown key is named in the error: a line break in it must not split the line."""
    failures = []
    for key in LINE_BREAKS:
        for fmt in ("yaml", "json"):
            doc = copy.deepcopy(EXAMPLES[book][0][1])
            doc[key] = 1
            result, source = run_rule(serialise(doc, fmt), "." + fmt)
            try:
                message = outcome(result, source)
                assert message is not None and "unknown key" in message, message
            except AssertionError:
                failures.append((key, fmt, result.exit_code, result.stderr))
    assert not failures, failures


@books
def test_a_key_with_an_unpaired_surrogate(book):
    """JSON can spell an unpaired surrogate (``\\ud800``); values holding one are refused
    by name, and so must keys be: the error line must still be writable as UTF-8."""
    name, doc = EXAMPLES[book][0]
    text = json.dumps(doc)[:-1] + ', "\\ud800": 1}'
    result, source = run_rule(text.encode("ascii"), ".json")
    message = outcome(result, source)
    assert message is not None, message


@pytest.mark.parametrize("fmt, kind", [
    (fmt, kind) for fmt in ("yaml", "json") for kind in ("flow-list", "flow-map", "flow-mixed")
] + [("yaml", "block"), ("yaml", "block-indented")])
def test_nesting_a_hundred_thousand_levels_deep_in_a_subprocess(fmt, kind):
    """Far deeper than Python's recursion limit, in a process of its own: a crash of a C
    parser (a stack overflow) shows as a signal instead of taking the test run down."""
    depth = 100_000
    if kind == "block-indented":
        depth = 3_000        # indentation grows quadratically with the depth
        text = "x:\n" + "".join("  " * level + "- \n" for level in range(1, depth))
    else:
        text = deep_text(kind, depth) + "\n"
    with tempfile.TemporaryDirectory(prefix="rulings-fuzz-") as directory:
        path = os.path.join(directory, "deep." + fmt)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        completed = subprocess.run([sys.executable, "-m", "pybridge", "rule", "--format", "json",
                                    path], capture_output=True, timeout=120, cwd=ROOT)
    stderr = completed.stderr.decode("utf-8", "replace")
    assert completed.returncode == 2, (completed.returncode, stderr[-2000:])
    assert stderr.count("\n") == 1 and stderr.startswith(f"error: {path}: "), stderr[-2000:]
    assert "nested too deeply" in stderr, stderr


def test_alias_expansion_bomb():
    """A billion laughs (nine levels of nine aliases) is refused at once, never expanded."""
    lines = ["rulebook: redemption", "characters:",
             "  - &a0 {id: A, alignment: good, strength: 1, toughness: 1}"]
    for level in range(1, 10):
        lines.append(f"  - &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    lines.append("cards: [" + ", ".join(["*a9"] * 9) + "]")
    result, source = run_rule(("\n".join(lines) + "\n").encode("utf-8"), ".yaml")
    assert outcome(result, source) == "characters[1]: expected a mapping, got a list"


# --------------------------------------------------------------------------- numbers out of range

# Documented bounds (docs/rulebooks/redemption.md: "Numbers are bounded to ±1,000,000"; chronopia: stats -100..100,
# sizes 1..5, dice 1..20, spell levels 0..10, facing ±360, lengths 0..10,000 and coordinates
# ±10,000 inches) by (rulebook, field): the field is the last key of the path, or the key
# holding the list of the value (position[0], damage_modifiers[3]).
BOUNDS = {
    ("redemption", "characters", "strength"): (-M, M),
    ("redemption", "characters", "toughness"): (0, M),
    ("redemption", "cards", "strength"): (-M, M),
    ("redemption", "cards", "toughness"): (-M, M),
    ("hkk", "counters"): (0, M),
    ("hkk", "damage"): (0, M),
    ("hkk", "damage_modifiers"): (-M, M),
    ("hkk", "cost"): (0, M),
    **{("chronopia", stat): (-100, 100) for stat in ("rs", "ld", "mg", "ar", "st", "actions",
                                                     "damage")},
    ("chronopia", "size"): (1, 5),
    ("chronopia", "roll"): (1, 20),
    ("chronopia", "table_roll"): (1, 20),
    ("chronopia", "reroll"): (2, 20),
    ("chronopia", "level"): (0, 10),
    ("chronopia", "facing"): (-360, 360),
    ("chronopia", "position"): (-10_000, 10_000),
    ("chronopia", "placed_at"): (-10_000, 10_000),
    ("chronopia", "elevation"): (-10_000, 10_000),
    **{("chronopia", length): (0, 10_000) for length in (
        "height", "altitude", "fear_radius", "command_range", "short", "medium", "max",
        "wall_height", "wood")},
    ("chronopia", "starting_strength"): (1, M),
    ("chronopia", "army_spells_cast"): (0, M),
    ("chronopia", "summoned_so_far"): (0, M),
    ("b5", "effect_step"): (1, 1000),     # docs/rulebooks/b5.md: the ZD, "whole numbers from 1 to 1,000"
    ("b5", "arrives_step"): (1, 1000),
}
# chronopia fields that take decimals (everything measured in inches or degrees)
DECIMAL = {"facing", "position", "placed_at", "elevation", "height", "altitude",
           "fear_radius", "command_range", "short", "medium", "max", "wall_height", "wood"}


def field_of(path):
    names = [step for step in path if isinstance(step, str)]
    return names[-1]


def bounds_of(book, path):
    field = field_of(path)
    if book == "redemption":
        return BOUNDS[(book, path[0], field)]
    if book == "hkk" and path[-2:-1] == ("counters",):
        return BOUNDS[(book, "counters")]
    return BOUNDS[(book, field)]


def numbers(book):
    """Paths of every number (integers; in chronopia decimals too) in the examples."""
    found = []
    for index, (_, doc) in enumerate(EXAMPLES[book]):
        for path, node in walk(doc):
            if isinstance(node, (int, float)) and not isinstance(node, bool):
                found.append((index, path))
    return found


def test_every_number_of_the_examples_has_documented_bounds():
    for book in BOOKS:
        for _index, path in numbers(book):
            bounds_of(book, path)   # KeyError: a field this test does not know
    assert all(numbers(book) for book in BOOKS)   # b5's are its ZDs (arrives_step, effect_step)


def beyond(lo, hi, decimal):
    outside = [st.integers(min_value=hi + 1), st.integers(max_value=lo - 1),
               st.integers(min_value=M + 1), st.integers(max_value=-M - 1),
               st.sampled_from([hi + 1, lo - 1, 2**31, -2**31 - 1, 10**40, -10**40, HUGE,
                                HUGE_NEGATIVE])]
    if decimal:
        outside += [st.floats(min_value=hi, exclude_min=True, allow_infinity=False),
                    st.floats(max_value=lo, exclude_max=True, allow_infinity=False)]
    return st.one_of(outside)


@pytest.mark.parametrize("book", BOOKS)
@settings(FUZZ, max_examples=100)
@given(data=st.data())
def test_numbers_beyond_their_bounds_are_refused(book, data):
    index, path = data.draw(st.sampled_from(numbers(book)), label="number")
    lo, hi = bounds_of(book, path)
    decimal = book == "chronopia" and field_of(path) in DECIMAL
    value = data.draw(beyond(lo, hi, decimal), label="value")
    doc = copy.deepcopy(EXAMPLES[book][index][1])
    put(doc, path, value)
    result, source = run_rule(*write(doc, data.draw(formats, label="format")))
    message = outcome(result, source)
    assert message is not None, f"{render(path)} = {value!r} was accepted"
    assert message.startswith(render(path) + ": "), (render(path), message)
    assert "out of range" in message, message


# --------------------------------------------------------------------------- totals within range


@st.composite
def hkk_damage(draw):
    """One hit with a damage and a list of modifiers (each within ±1,000,000), totals up to
    and beyond what clingo's 32-bit integers hold."""
    damage = draw(st.integers(0, M), label="damage")
    count = draw(st.sampled_from([0, 1, 5, 1_000, 1_073, 1_074, 1_500, 2_146, 2_147, 2_200]),
                 label="modifiers")
    value = draw(st.one_of(st.integers(-M, M), st.sampled_from([M, -M, M - 1])), label="each")
    doc = {"rulebook": "hkk",
           "cards": [{"id": "Orc", "kind": "creature"}, {"id": "Knight", "kind": "creature"}],
           "effects": [{"id": "hit", "by": "Orc", "target": "Knight", "targeted": False,
                        "damage": damage, "damage_modifiers": [value] * count}]}
    return doc, damage + value * count, damage + abs(value) * count


@pytest.mark.slow
@FUZZ
@given(case=hkk_damage(), fmt=formats)
def test_hkk_damage_totals_never_wrap_around(case, fmt):
    """Accepted damage totals come out exact: max(0, damage + modifiers), never wrapped."""
    doc, total, magnitude = case
    result, source = run_rule(*write(doc, fmt))
    message = outcome(result, source)
    if magnitude > CLINGO_MAX:
        assert message is not None and message.startswith("effects[0].damage: "), message
        return
    assert message is None, message
    rulings = json.loads(result.stdout)["rulings"]
    amounts = [r["amount"] for r in rulings if r["kind"] == "damage"]
    assert amounts == [max(0, total)], (total, amounts)


@st.composite
def crowded_extreme_battle(draw):
    """Battles of up to ~4,300 characters at the extremes of the value range, with a few
    immunities: side totals near clingo's 32-bit limit."""
    sides = {}
    characters = []
    for alignment in ("good", "evil"):
        count = draw(st.sampled_from([1, 2, 700, 1_073, 2_147]), label=f"{alignment} count")
        strength = draw(st.sampled_from([M, -M, M - 1, 0, 1]), label=f"{alignment} strength")
        toughness = draw(st.sampled_from([M, 0, M - 1]), label=f"{alignment} toughness")
        sides[alignment] = [f"{alignment}{i}" for i in range(count)]
        characters += [{"id": ident, "alignment": alignment, "strength": strength,
                        "toughness": toughness} for ident in sides[alignment]]
    immunities = []
    for number in range(draw(st.integers(0, 3), label="immunities")):
        holder_side = draw(st.sampled_from(["good", "evil"]))
        other = "evil" if holder_side == "good" else "good"
        immunities.append({"id": f"ward{number}",
                           "holder": draw(st.sampled_from(sides[holder_side][:3])),
                           "to": draw(st.sampled_from(sides[other][:3]))})
    return {"rulebook": "redemption", "characters": characters, "immunities": immunities}


@pytest.mark.slow
@settings(FUZZ, max_examples=12)
@given(doc=crowded_extreme_battle())
def test_redemption_extreme_totals_agree_with_the_reference(doc):
    """Totals near 2**31 give the same battle as the plain-Python reference, or a range
    error: never a wrapped-around sum."""
    result, source = run_rule(serialise(doc, "json"), ".json")
    message = outcome(result, source)
    strengths = sum(abs(c["strength"]) for c in doc["characters"])
    toughnesses = sum(abs(c["toughness"]) for c in doc["characters"])
    if max(strengths, toughnesses) > CLINGO_MAX:
        assert message is not None and message.startswith("characters: "), message
        return
    assert message is None, message
    rulings = json.loads(result.stdout)["rulings"]
    expected = rule_battle(doc)
    assert [r["state"] for r in rulings if r["kind"] == "battle_state"] == \
        [expected["battle_state"]]
    assert {r["character"] for r in rulings if r["kind"] == "being_defeated"} == \
        set(expected["being_defeated"])
