"""``--out FILE``: lines written to a temporary file beside FILE and moved into place when the
run ends (complete, timed out or interrupted), so that an existing FILE is never emptied by a
run that fails, and two runs on the same path never interleave their lines. A FILE that is
not a regular file (a device, a FIFO) is written directly: it cannot be replaced."""

import os
import stat
import tempfile

from ..errors import RulingsError


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


class OutFile:
    def __init__(self, path):
        self.path = path
        self.error = None
        try:
            special = not stat.S_ISREG(os.stat(path).st_mode)
        except FileNotFoundError:
            special = False
        except OSError as error:
            raise self._failed(error) from None
        try:
            if special:
                self.temporary = None
                self.handle = open(path, "w", encoding="utf-8")
            else:
                folder = os.path.dirname(os.path.abspath(path))
                fd, self.temporary = tempfile.mkstemp(
                    dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".part")
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
                os.replace(self.temporary, self.path)
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
