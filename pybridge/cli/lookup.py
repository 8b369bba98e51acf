"""``rulings explain RULE-ID``"""

import click

from .output import format_option, resolve


@click.command("explain")
@click.argument("rule_id", metavar="RULE-ID")
@format_option
def explain_command(rule_id, fmt):
    """Look up a rule: its summary, editions, source passage with a gloss, and its lines.

    RULE-ID is an ID of any rulebook (they are unique), or RULEBOOK:ID. The encoding's lines
    for it are its comment blocks and every statement that names it (paths relative to
    asp/, with line numbers).

    \b
    Example:
      rulings explain RED-BAT-1
      rulings explain b5:T4-7 --format json
    """
    from .. import api
    from .render import to_json
    from .render_lookup import rule_info_text

    info = api.rule_info(rule_id)
    click.echo(to_json(info) if resolve(fmt) == "json" else rule_info_text(info))
