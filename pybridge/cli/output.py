"""What commands share about output: --format (text on a terminal, JSON otherwise) and
the one-line error."""

import math
import sys

import click

from ..printable import printable

format_option = click.option(
    "-f", "--format", "fmt", type=click.Choice(["json", "text"]), default=None,
    help="Output format (default: text on a terminal, json otherwise).",
)


def echo_error(error):
    """One ``error:`` line on stderr, control characters escaped (a file name or id cannot
    forge a line on a terminal)."""
    click.echo(f"error: {printable(str(error), backslashes=False)}", err=True)


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
