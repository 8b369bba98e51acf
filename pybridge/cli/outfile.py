"""``--out FILE``: lines written to a temporary file beside FILE and moved into place when the
run ends (complete, timed out or interrupted), so that an existing FILE is never emptied by a
run that fails, and two runs on the same path never interleave their lines. A run that wrote
nothing (a listing stopped by ``--timeout`` before its first line) leaves an existing FILE as
it was (:attr:`OutFile.kept`). A FILE that is not a regular file (a device, a FIFO) is written
directly: it cannot be replaced.

The file written gets the mode a new file gets under the umask (``0666 & ~umask``), or the
mode of the FILE it replaces. A FILE that is a symbolic link is written through: the link's
target is replaced, the link stays. The temporary file is ``.FILE.PID.XXXX.part``: one left
behind by a process that no longer runs (``kill -9``) is removed by the next run on FILE.
"""

import os
import re
import stat
import tempfile

from ..errors import InputError, RulingsError
from .printable import printable


class OutputError(RulingsError):
    """The output cannot be written (full disk, I/O error, no permission)."""

    exit_code = 2


def _whole_lines(path):
    """Cut a file back to its last line break."""
    with open(path, "rb+") as handle:
        end = size = handle.seek(0, os.SEEK_END)
        while end > 0:
            start = max(0, end - 65536)
            handle.seek(start)
            block = handle.read(end - start)
            cut = block.rfind(b"\n")
            if cut >= 0:
                if start + cut + 1 < size:
                    handle.truncate(start + cut + 1)
                return
            end = start
        handle.truncate(0)


def _new_file_mode():
    """The mode a new file gets under this process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:             # another user's process: alive
        return True
    return True


def _remove_leftovers(folder, name):
    """Remove the temporary files of earlier runs on ``name`` whose process is gone."""
    pattern = re.compile(re.escape(f".{name}.") + r"([0-9]+)\.[^.]+\.part")
    try:
        entries = os.listdir(folder)
    except OSError:
        return
    for entry in entries:
        match = pattern.fullmatch(entry)
        if match and int(match.group(1)) != os.getpid() and not _alive(int(match.group(1))):
            try:
                os.unlink(os.path.join(folder, entry))
            except OSError:
                pass


class OutFile:
    def __init__(self, path):
        self.path = path
        self.error = None
        self.kept = False           # True when the run wrote nothing and FILE stayed as it was
        try:
            target = os.path.realpath(path)     # a symbolic link is written through
            info = os.stat(target)
            special = not stat.S_ISREG(info.st_mode)
            self.existing = info.st_size > 0
            mode = stat.S_IMODE(info.st_mode)
        except FileNotFoundError:
            special, self.existing, mode = False, False, _new_file_mode()
        except OSError as error:
            raise self._failed(error) from None
        self.target = target
        try:
            if special:
                self.temporary = None
                self.handle = open(path, "w", encoding="utf-8")
            else:
                folder, name = os.path.split(target)
                _remove_leftovers(folder, name)
                fd, self.temporary = tempfile.mkstemp(
                    dir=folder, prefix=f".{name}.{os.getpid()}.", suffix=".part")
                os.fchmod(fd, mode)
                self.handle = os.fdopen(fd, "w", encoding="utf-8")
        except OSError as error:
            raise self._failed(error) from None

    def _failed(self, error):
        reason = error.strerror or str(error)
        return OutputError(f"--out {self.path}: cannot write ({reason})")

    def write(self, text):
        try:
            self.handle.write(text)
        except OSError as error:
            self.error = self._failed(error)
            raise self.error from None

    def flush(self):
        try:
            self.handle.flush()
        except OSError as error:
            self.error = self._failed(error)
            raise self.error from None

    def commit(self):
        """Move the lines into place (a regular file) or flush them (a device). A last line
        cut off (a listing killed at its deadline while writing) is dropped: whole lines
        only."""
        try:
            self.handle.close()
            if self.temporary is not None:
                _whole_lines(self.temporary)
                if self.existing and os.path.getsize(self.temporary) == 0:
                    self.kept = True            # nothing written: the old FILE stays
                    self.discard()
                    return
                os.replace(self.temporary, self.target)
                self.temporary = None
        except OSError as error:
            self.discard()
            raise self._failed(error) from None

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        """Lines into place when the run ends; dropped when it fails (a write that failed in
        the solver's callback reaches here as clingo's RuntimeError: its own error instead)."""
        if kind is None:
            self.commit()
            return False
        self.discard()
        if self.error is not None and error is not self.error:
            raise self.error from None
        return False

    def discard(self):
        """Drop the lines written: an existing file stays as it was."""
        try:
            self.handle.close()
        except OSError:
            pass
        if self.temporary is not None:
            try:
                os.unlink(self.temporary)
            except OSError:
                pass
            self.temporary = None


def write_text(path, text):
    """A whole file (a picture, a report): ``text`` to ``path``, through a temporary file
    beside it moved into place, so that a failed write never leaves half a file."""
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise InputError(f"cannot write {printable(str(path))} "
                         f"({error.strerror or error})", "--out") from None
