"""The --format option shared by commands: text on a terminal, JSON otherwise."""

import sys

import click

format_option = click.option(
    "--format", "fmt", type=click.Choice(["json", "text"]), default=None,
    help="Output format (default: text on a terminal, json otherwise).",
)


def resolve(fmt):
    if fmt is not None:
        return fmt
    return "text" if sys.stdout.isatty() else "json"
