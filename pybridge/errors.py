"""Error types of the library. The CLI turns them into one-line messages and exit codes."""


class RulingsError(Exception):
    """Base class: anything the library reports on purpose."""

    exit_code = 1


class InputError(RulingsError):
    """A state document (or a command-line value) is not acceptable.

    ``path`` names the offending field (``characters[2].strength``); ``source`` names the
    document (a file name or ``-``). ``str()`` is a single line.
    """

    exit_code = 2

    def __init__(self, message, path=None, source=None):
        super().__init__(message)
        self.message = _one_line(message)
        self.path = path
        self.source = source

    def __str__(self):
        source = "<stdin>" if self.source == "-" else "''" if self.source == "" else self.source
        parts = [p for p in (source, self.path) if p]
        return ": ".join(parts + [self.message])

    def __reduce__(self):       # keeps path and source across a process boundary
        return (InputError, (self.message, self.path, self.source))

    def located(self, source):
        """The same error, naming the document it came from."""
        return InputError(self.message, self.path, source)


def _one_line(text):
    return " ".join(str(text).split())


class SettingError(RulingsError):
    """An environment setting (``RULINGS_CACHE``) that cannot be used: the whole command is
    refused (exit 2), not one document."""

    exit_code = 2

    def __init__(self, name, message):
        super().__init__(f"{name}: {_one_line(message)}")
