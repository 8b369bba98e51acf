"""The public Python API. The CLI is a thin layer over these functions."""

import atexit
from pathlib import Path

from . import books as registry
from .documents.loading import MAX_BYTES, load_document
from .documents.schema import shown, validated
from .engine.results import assemble
from .engine.solving import solve, solve_batch
from .engine.symbols import in_world
from .errors import InputError


def load(source, max_bytes=MAX_BYTES):
    """A state document (a Python object) read from a path or ``-`` (stdin); one larger
    than ``max_bytes`` is refused (InputError) before it is read whole."""
    return load_document(str(source), max_bytes)


def rule(state, edition=None, explain=False):
    """The rulings for one state: a document (dict), or a path to a YAML/JSON file.

    ``edition`` overrides the document's own ``edition`` field. Raises InputError for bad
    input; returns ``{"rulebook", "edition", "status", "rulings", ...}`` otherwise.
    ``explain``: each ruling also has ``why``, its explanation tree (pybridge/engine/explain.py).
    """
    return _on_document(state, lambda document: _rule_document(document, edition, explain)[0])


def _on_document(state, work):
    """``work(document)`` for a document (dict) or a path to one (read; an error then names
    the file). Only the caller's own argument may be a path: what a file or a request holds
    is a document, never read as a path (anything but a mapping is refused by
    books.for_document)."""
    if isinstance(state, (str, Path)):
        source = str(state)
        try:
            return work(load(source))
        except InputError as error:
            raise error if error.source else error.located(source) from None
    return work(state)


def _rule_document(state, edition, explain=False):
    """The result of ruling one document, and its checked state (and rulebook)."""
    book, name, checked = _prepare(state, edition)
    outcome = solve(book.encoding, book.facts(checked), set(book.encoding.editions[name].rule_ids),
                    explaining=explain)
    return assemble(book, name, outcome, explain), book, checked


def draw(state, edition=None):
    """One state's picture, SVG text: a document (dict), or a path to a YAML/JSON file.
    Drawn from the checked state and its rulings with their explanation (pybridge/draw)."""
    return _on_document(state, lambda document: drawn(document, edition))[1]


def drawn(state, edition=None):
    """One state document (a mapping: never a path) ruled with its explanation (as
    ``rule(state, edition, explain=True)``) and its picture, from the one ruling:
    ``(result, svg)``. The explorer and the report hand it what a request or a JSON file
    holds."""
    from .draw import draw as picture

    def both(document):
        result, book, checked = _rule_document(document, edition, explain=True)
        return result, picture(book, checked, result)
    return both(state)


def _prepare(state, edition):
    """The rulebook, the edition's name and the checked state of one state document."""
    book = registry.for_document(state)
    checked = validated(book.validate, state)
    name, where = (edition, "--edition") if edition is not None else (checked.get("edition"), "edition")
    name = name or book.default_edition
    editions = book.encoding.editions
    if name not in editions:
        raise InputError(f"unknown edition {shown(name)} (expected one of: {', '.join(editions)})",
                         where)
    return book, name, checked


BATCH = 500      # states read, grounded and solved together by rule_all


def rule_all(sources, edition=None, max_bytes=MAX_BYTES, explain=False):
    """The rulings for many states (paths, ``-`` or documents), in order: yields for each
    ``(source, result)`` or ``(source, InputError)``. States of a rulebook are grounded and
    solved together, BATCH at a time (one grounding instead of one each); a batch holding
    an ambiguous or inconsistent state is solved state by state. The results are the same
    as :func:`rule`'s. ``explain``: as for :func:`rule` (each state is solved on its own)."""
    sources = list(sources)
    for start in range(0, len(sources), BATCH):
        yield from _rule_batch(sources[start:start + BATCH], edition, max_bytes, explain)


def _rule_batch(sources, edition, max_bytes, explain=False):
    prepared = []
    for source in sources:
        try:
            document = load(source, max_bytes) if isinstance(source, (str, Path)) else source
            prepared.append(_prepare(document, edition))
        except InputError as error:
            if isinstance(source, (str, Path)) and not error.source:
                error = error.located(str(source))
            prepared.append(error)
    results = [None] * len(sources)
    groups = {}      # states of one rulebook under one edition are solved together
    for index, item in enumerate(prepared):
        if not isinstance(item, InputError):
            groups.setdefault((item[0].name, item[1]), []).append(index)
    for indices in groups.values():
        book, name, _ = prepared[indices[0]]
        in_force = set(book.encoding.editions[name].rule_ids)
        outcomes = None
        if len(indices) > 1 and not explain:
            states = []
            for world, index in enumerate(indices, 1):
                with in_world(world):
                    states.append(book.facts(prepared[index][2]))
            outcomes = solve_batch(book.encoding, _world_statements(book), states, in_force)
        for k, index in enumerate(indices):
            checked = prepared[index][2]
            outcome = outcomes[k] if outcomes is not None else \
                solve(book.encoding, book.facts(checked), in_force, explaining=explain)
            results[index] = assemble(book, name, outcome, explain)
    for source, item, result in zip(sources, prepared, results):
        yield source, (item if isinstance(item, InputError) else result)


_WORLD_STATEMENTS = {}
# clingo ASTs, dropped at exit while clingo.ast is still there to release them (it is imported
# late, on first use, so the interpreter's teardown would clear it before this module)
atexit.register(_WORLD_STATEMENTS.clear)


def _world_statements(book):
    """The rulebook's encoding indexed by worlds for a batch of states under one edition:
    in_force is shared by the worlds and given as facts (no externals), so the grounder
    drops the rules out of force; so are the program's own constant facts."""
    if book not in _WORLD_STATEMENTS:       # by the book: a book with drafts is another
        from .engine.worlds import SHARED, add_worlds, static_predicates
        statements = book.encoding.fixed_statements
        shared = SHARED | {"in_force"} | static_predicates(statements)
        _WORLD_STATEMENTS[book] = add_worlds(statements, shared)
    return _WORLD_STATEMENTS[book]


def rulebooks():
    """Every rulebook with its editions and rule catalogue (IDs and one-line summaries)."""
    return [_catalogue(book) for book in registry.RULEBOOKS.values()]


def rulebook(name):
    """One rulebook (by name) with its editions and rule catalogue, as :func:`rulebooks`
    gives it; an unknown name is an InputError listing the known ones."""
    return _catalogue(registry.get(name, "RULEBOOK"))


def vocabulary(name):
    """What a draft for rulebook ``name`` may read: its input predicates, public derived
    predicates and ruling terms, each with its arguments' meanings (`rulings vocabulary`;
    pybridge/books/draft_vocabulary.py); an unknown name is an InputError."""
    from .books.draft_vocabulary import listing
    return listing(registry.get(name, "RULEBOOK"))


def _catalogue(book):
    encoding = book.encoding
    return {
        "rulebook": book.name,
        "description": book.description,
        "default_edition": book.default_edition,
        "editions": [{"name": e.name, "description": e.description,
                      "rules": list(e.rule_ids)} for e in encoding.editions.values()],
        "rules": [{"id": r.id, "summary": r.summary} for r in encoding.rules],
    }


def rule_info(rule_id):
    """One rule by its ID (or ``RULEBOOK:ID``): its rulebook, summary, the editions it is in,
    the source passage it encodes (quoted exactly, in the source's language) with an English
    gloss, and the lines of the encoding that belong to it (pybridge/catalogue/rule_lines.py).
    An unknown ID is an InputError naming the closest IDs."""
    from .catalogue.lookup import find_rule
    from .catalogue.rule_lines import rule_lines

    book, rule = find_rule(rule_id)
    editions = book.encoding.editions
    info = {"rulebook": book.name, "id": rule.id, "summary": rule.summary,
            "default_edition": book.default_edition,
            "editions": [name for name, e in editions.items() if rule.id in e.rule_ids],
            "source": rule.source, "gloss": rule.gloss}
    if rule.no_source is not None:
        info["no_source"] = rule.no_source
    info["lines"] = rule_lines(book, rule.id)
    return info


def _analysis_args(rulebook, bounds, edition, listing=False, option="--edition"):
    """The rulebook, its bounds (``listing``: the smaller defaults for listing every state)
    and the edition, checked (``option`` names it in an error)."""
    book = registry.get(rulebook, "RULEBOOK")
    if not book.bounds:
        raise InputError(f"rulebook {shown(book.name)} has no state space yet: only "
                         "'rulings rule' is available for it", "RULEBOOK")
    editions = book.encoding.editions
    edition = edition or book.default_edition
    if edition not in editions:
        raise InputError(f"unknown edition {shown(edition)} (expected one of: {', '.join(editions)})",
                         option)
    defaults = None if not listing else \
        {**book.listing_bounds, **book.diff_bounds} if listing == "diff" else book.listing_bounds
    from .analysis.bounds import Bounds  # analysis is imported by analysis only
    return book, Bounds(book.bounds, bounds, defaults), edition


def validate_analysis(rulebook, bounds=None, edition=None, listing=False):
    """Refuse an unknown rulebook, edition or bound (:class:`InputError`) before any work."""
    _analysis_args(rulebook, bounds, edition, listing)


def _cluster_args(workers, scheduler):
    """``workers`` (1: this process only) and ``scheduler`` (a Dask address), checked."""
    from .analysis.cluster import validate

    validate(workers, scheduler)
    return {"workers": workers, "scheduler": scheduler}


def check(rulebook, bounds=None, edition=None, timeout=None, progress=None, invariants=None,
          workers=1, scheduler=None):
    """Every invariant of ``rulebook`` over its state space within ``bounds`` (a dict, e.g.
    ``{"max_characters": 3, "values": "0..6"}``): holds, violated (with the smallest witness
    and the rule IDs involved) or unknown (``timeout`` seconds per invariant ran out).
    ``invariants``: only these IDs (default: all). ``workers`` > 1 solves the cubes of the
    space on a local Dask cluster of that many processes, ``scheduler`` on a running one
    (its address); the result is the same."""
    from .analysis.check import check as run_check

    book, bounds, edition = _analysis_args(rulebook, bounds, edition)
    cluster = _cluster_args(workers, scheduler)
    return {"rulebook": book.name, "edition": edition, "bounds": bounds.describe(),
            "timeout": timeout,
            "invariants": run_check(book, bounds, edition, timeout, only=invariants,
                                    progress=progress, **cluster)}


def coverage(rulebook, bounds=None, edition=None, timeout=None, progress=None, workers=1,
             scheduler=None):
    """For every rule ID in force in ``edition``: the smallest state within ``bounds``
    where the rule contributes to a ruling (``reached``, with the witness and those
    rulings; ``how``: ``cited`` by a ruling, or ``needed``: without it the rulings differ,
    given as ``rulings`` and ``rulings_without``),
    ``unreachable`` within the bounds, or ``unknown`` (``timeout`` seconds per rule ran
    out). ``workers``, ``scheduler``: as for check."""
    from .analysis.coverage import coverage as run_coverage

    book, bounds, edition = _analysis_args(rulebook, bounds, edition)
    cluster = _cluster_args(workers, scheduler)
    result = {"rulebook": book.name, "edition": edition, "bounds": bounds.describe(),
              "timeout": timeout}
    result.update(run_coverage(book, bounds, edition, timeout, progress, **cluster))
    return result


def enumerate_states(rulebook, bounds=None, edition=None, timeout=None, out=None,
                     progress=None, workers=1, scheduler=None, count=False):
    """The classes of equal rulings (identifiers left out) of the states within
    ``bounds``, each with its smallest witness; ``count``: with the number of distinct
    states of each; ``out`` (a text file) gets one JSON line per state, cube by cube (and
    the states are counted). ``workers``, ``scheduler``: as for check."""
    from .analysis.enumeration import enumerate_states as run_enumerate

    book, bounds, edition = _analysis_args(rulebook, bounds, edition, listing=True)
    cluster = _cluster_args(workers, scheduler)
    return run_enumerate(book, bounds, edition, timeout, out, progress, **cluster, count=count)


def diff(rulebook, before, after, bounds=None, timeout=None, progress=None, workers=1,
         scheduler=None, count=False):
    """The classes of the states whose rulings change from edition ``before`` to edition
    ``after``; ``count``: with their numbers of states. ``workers``, ``scheduler``: as for
    check."""
    from .analysis.enumeration import diff as run_diff

    book, bounds, before = _analysis_args(rulebook, bounds, before, listing="diff",
                                          option="--from")
    if after not in book.encoding.editions:
        raise InputError(f"unknown edition {shown(after)} (expected one of: "
                         f"{', '.join(book.encoding.editions)})", "--to")
    cluster = _cluster_args(workers, scheduler)
    return run_diff(book, bounds, before, after, timeout, progress, **cluster, count=count)


def errata(rulebook, bounds=None, edition=None, timeout=None, progress=None, workers=1,
           scheduler=None):
    """Contradictions inside an edition: minimal rule IDs, a witness and an explanation.
    ``workers``, ``scheduler``: as for check."""
    from .analysis.errata import errata as run_errata

    book, bounds, edition = _analysis_args(rulebook, bounds, edition)
    cluster = _cluster_args(workers, scheduler)
    result = run_errata(book, bounds, edition, timeout, progress, **cluster)
    result["timeout"] = timeout
    return result


def check_document(state, edition=None, max_bytes=MAX_BYTES):
    """Check one state document (a dict, or a path or ``-``) without solving, as
    :func:`rule` checks it: raises InputError (naming the file and the field) or returns
    ``{"rulebook", "edition"}``."""
    if isinstance(state, (str, Path)):
        source = str(state)
        try:
            book, name, _ = _prepare(load(source, max_bytes), edition)
        except InputError as error:
            raise error if error.source else error.located(source) from None
    else:
        book, name, _ = _prepare(state, edition)
    return {"rulebook": book.name, "edition": name}


def json_schema(rulebook):
    """The JSON Schema (draft 2020-12, a dict) of ``rulebook``'s state documents, generated
    from the declarations that validate them (:mod:`pybridge.documents.schema_export`)."""
    from .documents.schema_export import json_schema as generate

    return generate(registry.get(rulebook, "RULEBOOK"))


def document_template(rulebook):
    """A commented YAML template (text) of a ``rulebook`` state document with every field
    (:mod:`pybridge.documents.document_template`)."""
    from .documents.document_template import template

    return template(registry.get(rulebook, "RULEBOOK"))
