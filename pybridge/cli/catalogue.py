"""``rulings rulebooks``"""

import click

from .. import api
from ..render import rulebooks_text, to_json
from .output import format_option, resolve


@click.command("rulebooks")
@format_option
def rulebooks_command(fmt):
    """List the rulebooks, their editions and their rule IDs with one-line summaries.

    \b
    Example:
      rulings rulebooks
      rulings rulebooks --format json
    """
    listing = api.rulebooks()
    click.echo(to_json(listing) if resolve(fmt) == "json" else rulebooks_text(listing))
