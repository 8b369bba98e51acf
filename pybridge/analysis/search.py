"""Running one solver search with a time limit, Ctrl-C and a progress callback.

The search runs asynchronously; the main thread waits in short steps so that a timeout or a
KeyboardInterrupt cancels it cleanly. A search that did not finish says so: its caller
reports ``unknown`` or ``complete: false``, never a false "holds".
"""

import time

from ..documents.fields import Factory, Fields
from .theory import substitute

STEP = 0.1


class Search(Fields):
    finished: bool = False        # the search space was exhausted (or optimality proven)
    satisfiable: bool = False     # at least one model was found
    interrupted: bool = False     # stopped by Ctrl-C
    models: list = Factory(list)
    raw: list = Factory(list)     # the same, as shown (variables unvalued)
    cost: list = Factory(list)    # the kept model's cost vector
    seconds: float = 0.0


def run(control, assumptions=(), timeout=None, on_model=None, on_tick=None, keep="last",
        theory=None):
    """Solve; ``on_model(symbols)`` sees every model's shown symbols (in the solver's
    thread), and stops the search by returning False; ``keep`` = "last" keeps the last model
    (the best, when optimising), "none" keeps none. ``on_tick()`` is called about ten times
    a second. With a ``theory`` (theory.Theory) the symbols carry the values of its integer
    variables."""
    search = Search()
    start = time.monotonic()
    deadline = None if timeout is None else start + timeout

    def seen(model):
        raw = symbols = model.symbols(shown=True)
        if theory is not None:
            values = theory.values(model)
            symbols = [substitute(symbol, values) for symbol in symbols]
        search.satisfiable = True
        if keep == "last":
            search.models[:] = [symbols]
            search.raw[:] = [raw]
            search.cost[:] = model.cost
        if on_model is not None and on_model(symbols) is False:
            return False        # on_model asked to stop: the search is not finished

    with control.solve(assumptions=list(assumptions), on_model=seen, async_=True) as handle:
        try:
            while True:
                wait = STEP if deadline is None else min(STEP, max(0.0, deadline - time.monotonic()))
                if handle.wait(wait):
                    break
                if on_tick is not None:
                    on_tick()
                if deadline is not None and time.monotonic() >= deadline:
                    handle.cancel()
                    break
        except KeyboardInterrupt:
            handle.cancel()
            search.interrupted = True
        result = handle.get()
    search.finished = bool(result.exhausted) and not search.interrupted
    if result.unsatisfiable is False:
        search.satisfiable = True
    search.seconds = time.monotonic() - start
    return search
