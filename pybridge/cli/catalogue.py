"""``rulings rulebooks``"""

import click

from .. import api
from .output import format_option, resolve
from .render import rulebooks_text, to_json


@click.command("rulebooks")
@click.argument("rulebook", required=False)
@format_option
def rulebooks_command(rulebook, fmt):
    """List the rulebooks (or one), their editions and their rule IDs with one-line summaries.

    With RULEBOOK, only that one: in JSON one object rather than a list of them.

    \b
    Example:
      rulings rulebooks
      rulings rulebooks b5
      rulings rulebooks --format json
    """
    if rulebook is None:
        listing = api.rulebooks()
        click.echo(to_json(listing) if resolve(fmt) == "json" else rulebooks_text(listing))
        return
    book = api.rulebook(rulebook)
    click.echo(to_json(book) if resolve(fmt) == "json" else rulebooks_text([book]))
