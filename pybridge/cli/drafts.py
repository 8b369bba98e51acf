"""``--rules FILE``: a committee's draft rules and editions beside the rulebook's, and
``--property FILE``: its own invariants beside the rulebook's (issue 53;
pybridge/engine/drafts.py and properties.py read and check each file)."""

import functools

import click

from ..books import drafts, properties


def rules_option(command):
    """The option, and the command run with every rulebook read with its drafts."""
    return _files_option(
        command, "--rules", "rules", drafts,
        "a draft: rules (each under '% [ID] summary', guarded by in_force(\"ID\")) and "
        "editions of its own, beside the rulebook's; repeatable (docs/authoring.md)")


def property_option(command):
    """The option, and the command run with every rulebook read with the properties."""
    return _files_option(
        command, "--property", "property_files", properties,
        "a property file: invariants of your own, each a #program part under '% [ID] "
        "description' (as asp/<rulebook>/invariants.lp), checked beside the rulebook's; "
        "repeatable (docs/authoring.md)")


def _files_option(command, option, name, context, help_text):
    @functools.wraps(command)
    def with_files(*args, **kwargs):
        paths = kwargs.pop(name, ())
        if not paths:
            return command(*args, **kwargs)
        if kwargs.get("workers", 1) > 1 or kwargs.get("scheduler"):
            # a Dask worker reads the rulebook by its name, without the files
            raise click.UsageError(f"{option} runs in this process only: it cannot be used "
                                   "with --workers or --scheduler yet")
        with context(paths):
            return command(*args, **kwargs)
    return click.option(option, name, multiple=True, metavar="FILE", help=help_text)(with_files)
