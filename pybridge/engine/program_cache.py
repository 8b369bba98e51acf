"""A cache of what every `rulings rule` call would otherwise work out from the rule files:
the program for states as text, and the editions.

Parsing the rule files into clingo's AST (and leaving out what a state's program does not
hold) is most of a small state's ruling time; clingo parses the same program given as text
several times faster. The cache holds that text with its signature: checksums of every rule
file's bytes and of the code that makes it, and clingo's version; an entry whose signature
differs from the files' is never read. Each entry also keeps a checksum of its own value: an
entry that was changed on disk, cut short or does not parse is computed afresh and replaced,
never trusted; only a regular file of bounded size is read as an entry (anything else at
its name is a miss). It lives in ``$RULINGS_CACHE`` (an absolute folder other than ``/``
once resolved: ``/tmp/..`` is ``/``; any other value is refused, exit 2), else
``$XDG_CACHE_HOME/rulings``, else ``~/.cache/rulings``; when that cannot be written the
work is simply done each time. ``RULINGS_CACHE=off`` turns it off.
"""

import json
import os
import stat
import tempfile
import zlib
from pathlib import Path

import clingo

FORMAT = 2      # bump when what is stored changes shape


def directory():
    """The cache folder, or None when caching is off."""
    chosen = os.environ.get("RULINGS_CACHE")
    if chosen == "off":
        return None
    if chosen:
        folder = Path(chosen)
        # resolved first: /tmp/.. or a link to / is the root folder too
        resolved = folder.resolve() if folder.is_absolute() else folder
        if not folder.is_absolute() or resolved == Path(resolved.anchor):
            from ..errors import SettingError
            which = f" (which is {resolved})" if folder.is_absolute() and \
                str(resolved) != chosen else ""
            raise SettingError("RULINGS_CACHE", f"expected an absolute folder other than "
                               f"{folder.anchor or '/'}, or off; got {chosen[:60]!r}{which}")
        return resolved
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "rulings"


# the code that turns rule files into what is kept: a change to it is a new entry too
CODE = tuple(Path(__file__).with_name(name) for name in
             ("program_cache.py", "encoding.py", "rewrite.py", "annotations.py", "relevance.py"))


def signature(paths):
    """What the kept value depends on: clingo's version and, for every file of ``paths`` and
    of CODE, its name, size and two checksums of its bytes (zlib's CRC-32 and Adler-32: an
    accidental match of both is about one in 2**64; hashlib would cost the start-up the
    loading of OpenSSL)."""
    parts = [f"format {FORMAT}", f"clingo {clingo.__version__}"]
    for path in (*CODE, *paths):
        data = Path(path).read_bytes()
        parts.append(f"{Path(path).name} {len(data)} {zlib.crc32(data):08x} "
                     f"{zlib.adler32(data):08x}")
    return "\n".join(parts)


def checksum(value):
    """Two checksums of a value's JSON text (as stored), as one string."""
    data = json.dumps(value, ensure_ascii=False, sort_keys=True).encode("utf-8")
    return f"{len(data)} {zlib.crc32(data):08x} {zlib.adler32(data):08x}"


def _trusted(stored, expected):
    """Is ``stored`` an entry for this signature whose value is the one that was written?"""
    return isinstance(stored, dict) and stored.get("signature") == expected \
        and "value" in stored and stored.get("checksum") == checksum(stored["value"])


def cached(name, paths, compute):
    """``compute()`` (JSON-able), read from the cache when it holds it for this content of
    ``paths``, else computed and stored. The entry keeps its signature and a checksum of its
    value; one whose signature or checksum differs, or that cannot be read, is computed
    afresh (and replaced)."""
    folder = directory()
    if folder is None:
        return compute()
    expected = signature(paths)
    path = folder / f"{name}-{zlib.crc32(expected.encode()):08x}.json"
    try:
        text = _read_entry(path)
        stored = json.loads(text) if text is not None else None
        if _trusted(stored, expected):
            return stored["value"]
    except (OSError, ValueError, RecursionError):   # unreadable or cut short: computed afresh
        pass
    value = compute()
    _store(folder, path, {"signature": expected, "checksum": checksum(value), "value": value})
    return value


MAX_ENTRY = 16 * 2**20      # bytes; the largest entry (chronopia's program) is some 50 KB


def _read_entry(path):
    """An entry's text, or None (a miss) unless it is a regular file of at most MAX_ENTRY
    bytes: a symbolic link (to /dev/zero, say) is not followed, a FIFO not waited on, a
    device or folder not read. OSError or ValueError when it cannot be read as UTF-8."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | \
        getattr(os, "O_CLOEXEC", 0)
    handle = os.open(path, flags)
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY:
            return None
        with os.fdopen(os.dup(handle), "rb") as entry:
            data = entry.read(MAX_ENTRY + 1)
    finally:
        os.close(handle)
    return data.decode("utf-8") if len(data) <= MAX_ENTRY else None


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
