"""Progress on a terminal (stderr), nothing on a pipe."""

import sys
import time

import click

quiet_option = click.option(
    "-q", "--quiet", is_flag=True, help="no progress on stderr (errors are still shown)")


class Progress:
    """``words``: what a part's status is called on its line (an analysis in its own words:
    coverage's "reached", errata's "contradiction"); a status mapped to None withdraws the
    part's line (coverage searches such a rule again, and says its word then)."""

    def __init__(self, stream=None, words=None):
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self.last = 0.0
        self.words = words or {}

    def worded(self, words):
        """This progress, saying ``words`` for the statuses it names."""
        return Progress(self.stream, {**self.words, **words})

    @classmethod
    def for_terminal(cls, quiet=False):
        return cls() if sys.stderr.isatty() and not quiet else None

    # check / errata: one line per part
    def start(self, name):
        self.started = time.monotonic()
        self.stream.write(f"  {name} ... ")
        self.stream.flush()

    def done(self, status):
        word = self.words.get(status, status)
        if word is None:            # withdrawn: the line is cleared, to be written again
            self.stream.write("\r\033[K")
        else:
            self.stream.write(f"{word} ({time.monotonic() - self.started:.1f} s)\n")
        self.stream.flush()

    # enumerate / diff: a counter rewritten in place
    def update(self, states, classes):
        now = time.monotonic()
        if now - self.last >= 0.2:
            self.last = now
            self.stream.write(f"\r  {_counts(states, classes)}, {now - self.started:.0f} s")
            self.stream.flush()

    def finish(self, states, classes):
        self.stream.write(f"\r  {_counts(states, classes)}, "
                          f"{time.monotonic() - self.started:.1f} s\n")
        self.stream.flush()


def _counts(states, classes):
    from .render import counted
    return f"{counted(states, 'state')}, {counted(classes, 'class', 'classes')}"
