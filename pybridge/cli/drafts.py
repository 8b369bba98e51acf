"""``--rules FILE``: a committee's draft rules and editions beside the rulebook's (issue 53;
pybridge/engine/drafts.py reads and checks each file)."""

import functools

import click

from ..books import drafts


def rules_option(command):
    """The option, and the command run with every rulebook read with its drafts."""
    @functools.wraps(command)
    def with_drafts(*args, rules=(), **kwargs):
        if not rules:
            return command(*args, **kwargs)
        if kwargs.get("workers", 1) > 1 or kwargs.get("scheduler"):
            # a Dask worker reads the rulebook by its name, without the drafts
            raise click.UsageError("--rules runs in this process only: it cannot be used "
                                   "with --workers or --scheduler yet")
        with drafts(rules):
            return command(*args, **kwargs)
    return click.option(
        "--rules", "rules", multiple=True, metavar="FILE",
        help="a draft: rules (each under '% [ID] summary', guarded by in_force(\"ID\")) "
        "and editions of its own, beside the rulebook's; repeatable (docs/authoring.md)",
    )(with_drafts)
