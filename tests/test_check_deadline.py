"""An invariant's searches stop before its deadline, so that a violation found as the time
runs out is still described and reported (violated, not the smallest), not lost when the
analysis process is killed at the deadline. No solver: the executor is a stand-in."""

import time

from pybridge.analysis import check
from pybridge.analysis.bounds import Bounds
from pybridge.analysis.cubes import Found
from pybridge.analysis.program import Invariant
from pybridge.books import get


class Recording:
    """An executor that records the deadlines it is given; every cube finds a violation."""
    local = True

    def __init__(self):
        self.search_until = self.describe_until = None

    def run(self, function, args, cubes, until, wanted=None, limit=None):
        self.search_until = until
        yield 0, Found(True, False, cost=(1,), top=1)

    def call(self, function, args, until):
        self.describe_until = until
        return {"status": "violated"}


def _decide(timeout):
    executor = Recording()
    book = get("redemption")
    started = time.monotonic()
    entry = check._decide(executor, book, "invariants", Invariant("X-1", "d", "x"),
                          Bounds(book.bounds), "literal", [()], timeout)
    return entry, executor, started


def test_the_searches_leave_a_tenth_of_the_timeout_to_describe_the_witness():
    entry, executor, started = _decide(120)
    assert entry == {"status": "violated", "premise": {"met": True}}
    # 120 s: the searches end 12 s before the deadline the description keeps
    assert 11.5 <= executor.describe_until - executor.search_until <= 12.5
    assert 119 <= executor.describe_until - started <= 120.5


def test_the_time_kept_to_describe_is_at_most_fifteen_seconds():
    _, executor, _ = _decide(1000)
    assert 14.5 <= executor.describe_until - executor.search_until <= 15.5


def test_without_a_timeout_nothing_is_kept():
    _, executor, _ = _decide(None)
    assert executor.search_until is None and executor.describe_until is None
