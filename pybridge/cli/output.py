"""What commands share about output: --format (text on a terminal, JSON otherwise) and
the one-line error."""

import math
import sys

import click

from .printable import printable

# Exit codes shared by the commands (docs/commands.md, "Exit codes"); 2 is InputError.exit_code
FOUND = 1               # something found: an invariant violated, a contradiction
UNKNOWN = 3             # an answer not given: out of --timeout (or memory), incomplete
INTERNAL_ERROR = 70     # sysexits.h's EX_SOFTWARE: never one of the answers 0-3

format_option = click.option(
    "-f", "--format", "fmt", type=click.Choice(["json", "text"]), default=None,
    help="Output format (default: text on a terminal, json otherwise).",
)


def echo_error(error):
    """One ``error:`` line on stderr per error (a document's are reported together: see
    InputError.of), control characters escaped (a file name or id cannot forge a line on a
    terminal)."""
    for each in error.each() if hasattr(error, "each") else (error,):
        click.echo(f"error: {printable(str(each), backslashes=False)}", err=True)


def error_record(source, error):
    """A document's error as a JSON record: ``error`` the first (one line, as ever), and
    ``errors`` every one when there are several."""
    record = {"source": source, "error": str(error)}
    each = error.each() if hasattr(error, "each") else [error]
    if len(each) > 1:
        record["errors"] = [str(e) for e in each]
    return record


def resolve(fmt):
    if fmt is not None:
        return fmt
    return "text" if sys.stdout.isatty() else "json"


class Seconds(click.ParamType):
    """A finite number of seconds, at least 0.1 (nan and inf are refused: they are no
    deadline, and JSON cannot carry them)."""

    name = "seconds"

    def convert(self, value, param, ctx):
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"expected a number of seconds, got {str(value)[:60]!r}", param, ctx)
        if not math.isfinite(seconds) or seconds < 0.1:
            self.fail(f"expected a finite number of seconds >= 0.1, got {str(value)[:60]!r}",
                      param, ctx)
        return seconds


class Count(click.ParamType):
    """A whole number lo..hi written in ASCII digits (click's IntRange takes whatever int()
    takes: other scripts' digits, underscores, surrounding spaces)."""

    name = "integer"

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 12:
            number = int(value)
        else:
            self.fail(f"expected a whole number {self.lo}..{self.hi} in digits 0-9, got "
                      f"{str(value)[:60]!r}", param, ctx)
        if not self.lo <= number <= self.hi:
            self.fail(f"{number} is not in the range {self.lo}..{self.hi}", param, ctx)
        return number
