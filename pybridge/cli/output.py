"""What commands share about output: --format (text on a terminal, JSON otherwise) and
the one-line error."""

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
