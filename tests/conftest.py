"""Every test compares the published JSON Schema with validation on each document it rules or
validates in its own process (issue 15, item 2: "every document the tests write"): a
disagreement fails the test that wrote the document, at its teardown, with the document.
The rules of the comparison are in tests/schema_agreement.py."""

import json

import pytest
from click.testing import CliRunner

from pybridge import api
from schema_agreement import Observer
from shared_results import use_session


def pytest_collection_modifyitems(config, items):
    """The slow tests first (the order within each kind kept): under ``pytest -n`` the
    workers, fed one test at a time (pyproject.toml's ``--maxschedchunk=1``), then share the
    long ones and end on short tests, and none is left alone with a long one at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def schema_agrees_with_validation(monkeypatch):
    observer = Observer(api._prepare)
    monkeypatch.setattr(api, "_prepare", observer)
    yield observer
    assert not observer.found, "\n".join(
        f"{book}: {problem}\n  {json.dumps(document, ensure_ascii=False)[:2000]}"
        for book, problem, document in observer.found[:3])


@pytest.fixture(scope="module")
def runner():
    """A click runner for the command line, shared by the modules that invoke it in-process."""
    return CliRunner()


@pytest.fixture(scope="session", autouse=True)
def shared_results_directory(tmp_path_factory):
    """Where shared_results.shared keeps the session's results of expensive commands."""
    use_session(tmp_path_factory)
