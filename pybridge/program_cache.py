"""A cache of what every `rulings rule` call would otherwise work out from the rule files:
the program for states as text, the rule catalogue and the editions.

Parsing the rule files into clingo's AST (and leaving out what a state's program does not
hold) is most of a small state's ruling time; clingo parses the same program given as text
several times faster. The cache holds that text, keyed by a hash of every rule file's bytes,
of the code that makes it and of clingo's version, so that a changed file (or another clingo) is a new entry and a stale
one is never read. It lives in ``$RULINGS_CACHE``, else ``$XDG_CACHE_HOME/rulings``, else
``~/.cache/rulings``; when that cannot be written the work is simply done each time.
``RULINGS_CACHE=off`` turns it off.
"""

import hashlib
import json
import os
import tempfile
from pathlib import Path

import clingo

FORMAT = 1      # bump when what is stored changes shape


def directory():
    """The cache folder, or None when caching is off."""
    chosen = os.environ.get("RULINGS_CACHE")
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "rulings"


# the code that turns rule files into what is kept: a change to it is a new entry too
CODE = (Path(__file__), Path(__file__).with_name("encoding.py"))


def key(paths):
    """A name for the content of ``paths`` (and of CODE) under this clingo (hex)."""
    digest = hashlib.sha256(f"{FORMAT} {clingo.__version__}".encode())
    for path in (*CODE, *paths):
        data = Path(path).read_bytes()
        digest.update(f"\0{Path(path).name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:32]


def cached(name, paths, compute):
    """``compute()`` (JSON-able), read from the cache when it holds this content of
    ``paths``, else computed and stored."""
    folder = directory()
    if folder is None:
        return compute()
    path = folder / f"{name}-{key(paths)}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    value = compute()
    _store(folder, path, value)
    return value


def _store(folder, path, value):
    """Written whole or not at all (a temporary file renamed), so a reader never sees half."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(value, out, ensure_ascii=False)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:         # read-only home, full disk: no cache, same results
        pass
