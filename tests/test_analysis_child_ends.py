"""An analysis child that ends without reporting (killed when memory runs out, say) makes
its search unknown with the reason, never an internal error; and a child's memory is capped,
so that one search cannot take the machine down (pybridge/analysis/isolate.py)."""

import os
import resource
import signal

import pytest

from pybridge.analysis import check, enumeration, isolate
from pybridge.analysis.bounds import Bounds
from pybridge.books import get


def _killed():
    os.kill(os.getpid(), signal.SIGKILL)     # as the kernel's OOM killer does


def _out_of_memory():
    raise MemoryError


def _address_space_cap():
    return resource.getrlimit(resource.RLIMIT_AS)[0]


def test_a_killed_child_is_ended_with_the_signal_named():
    with pytest.raises(isolate.Ended, match=r"killed by SIGKILL \(out of memory\?\)"):
        isolate.call(_killed, (), timeout=30)


def test_a_child_out_of_memory_says_so():
    with pytest.raises(isolate.Ended, match="ran out of memory"):
        isolate.call(_out_of_memory, (), timeout=30)


def test_a_childs_address_space_is_capped_below_the_machines_memory():
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    cap = isolate.call(_address_space_cap, (), timeout=30)
    assert cap != resource.RLIM_INFINITY and cap <= total * isolate.MEMORY_SHARE
    assert _address_space_cap() == resource.getrlimit(resource.RLIMIT_AS)[0]   # parent untouched


def _tiny(book):
    return Bounds(book.bounds, {}, book.listing_bounds)


def test_check_reports_a_killed_search_unknown_with_its_reason(monkeypatch):
    book = get("b5")
    monkeypatch.setattr(check, "_decide", lambda *args: _killed())
    entries = check.check_parts(book, "invariants", check.analysis(book).invariants[:2],
                                _tiny(book), book.default_edition, timeout=60)
    assert [e["status"] for e in entries] == ["unknown", "unknown"]
    assert all("killed by SIGKILL" in e["reason"] for e in entries)


def test_a_listing_whose_child_is_killed_is_incomplete_with_its_reason(monkeypatch):
    book = get("hkk")
    monkeypatch.setattr(enumeration, "_merged", lambda *args: _killed())
    result = enumeration.enumerate_states(book, _tiny(book), book.default_edition, timeout=60)
    assert result["complete"] is False and result["total"] == 0
    assert "killed by SIGKILL" in result["reason"]


def test_text_output_gives_the_reason_of_an_unknown():
    from pybridge.cli.render import analysis_text
    reason = "the analysis process was killed by SIGKILL (out of memory?) before it reported"
    entry = {"id": "X-1", "description": "d", "status": "unknown", "witness": None,
             "rules": [], "reason": reason}
    bounds = {"max_characters": 2}
    check = {"rulebook": "redemption", "edition": "literal", "bounds": bounds,
             "timeout": 1.0, "invariants": [entry]}
    errata = {"rulebook": "redemption", "edition": "literal", "bounds": bounds,
              "contradictions": [{"id": "X-1", "rules": [], "witness": None,
                                  "status": "unknown", "explanation": "d", "reason": reason}]}
    coverage = {"rulebook": "redemption", "edition": "literal", "bounds": bounds,
                "reached": 0, "total": 1, "rules": [{"id": "X-1", "status": "unknown",
                                                     "reason": reason}]}
    for kind, result in (("check", check), ("errata", errata), ("coverage", coverage)):
        assert reason in analysis_text(kind, result)
