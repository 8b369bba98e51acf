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

    def commit(self):
        """Move the lines into place (a regular file) or flush them (a device)."""
        try:
            self.handle.close()
            if self.temporary is not None:
                os.replace(self.temporary, self.path)
                self.temporary = None
        except OSError as error:
            self.discard()
            raise self._failed(error) from None

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
