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
    MOST = 20       # errors of one document reported at once (see :meth:`of`)

    def __init__(self, message, path=None, source=None, more=()):
        super().__init__(message)
        self.message = _one_line(message)
        self.path = path
        self.source = source
        self.more = tuple(more)     # further errors of the same document, (message, path)

    @classmethod
    def of(cls, errors):
        """One error for several found in one document (at most MOST, in the order found):
        the first, with the others in ``more``."""
        found = [(e.message, e.path) for error in errors for e in error.each()][:cls.MOST]
        (message, path), *more = found
        return cls(message, path, more=more)

    def each(self):
        """This error and the further ones, each on its own (one line each)."""
        return [self] + [InputError(message, path, self.source) for message, path in self.more]

    def __str__(self):
        source = "<stdin>" if self.source == "-" else "''" if self.source == "" else self.source
        parts = [p for p in (source, self.path) if p]
        return ": ".join(parts + [self.message])

    def __reduce__(self):       # keeps path, source and the further errors across processes
        return (InputError, (self.message, self.path, self.source, self.more))

    def located(self, source):
        """The same error, naming the document it came from."""
        return InputError(self.message, self.path, source, self.more)


class RulesFileError(InputError):
    """A rules file given with ``--rules`` (a draft) that cannot be used: ``source`` names
    the file, line and column. It is no state document's fault, so it refuses the whole
    command (exit 2), not one document."""

    def __reduce__(self):
        return (RulesFileError, (self.message, self.path, self.source, self.more))


def _one_line(text):
    return " ".join(str(text).split())


class SettingError(RulingsError):
    """An environment setting (``RULINGS_CACHE``) that cannot be used: the whole command is
    refused (exit 2), not one document."""

    exit_code = 2

    def __init__(self, name, message):
        super().__init__(f"{name}: {_one_line(message)}")
