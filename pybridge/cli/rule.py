"""``rulings rule STATE...``"""

import sys

import click

from .. import api
from ..errors import InputError
from ..loading import MIB
from ..render import to_json, to_text
from .background import in_background
from .output import echo_error, format_option, resolve


@click.command("rule")
@click.argument("states", nargs=-1, required=True, metavar="STATE...")
@click.option("--edition", default=None, help="Rule IDs in force, by edition name "
              "(overrides the document's 'edition'; see 'rulings rulebooks').")
@click.option("--max-size", "max_size", type=click.IntRange(min=1, max=4096), default=64,
              show_default=True, metavar="MIB",
              help="refuse a document larger than this many MiB before reading it whole")
@click.option("--strict", is_flag=True,
              help="exit 1 when a state's status is ambiguous or inconsistent")
@click.option("--explain", is_flag=True, default=False,
              help="Give each ruling its 'why': the steps of the rules that decided it, "
              "with the numbers and facts (JSON: a 'why' tree per ruling).")
@format_option
@click.pass_context
def rule_command(ctx, states, edition, max_size, fmt, strict, explain):
    """Give the rulings for each STATE (a YAML or JSON file, or - for stdin).

    Each ruling cites the rule IDs that produce it. With several states, JSON output is
    one object per line, in the order given; a state that cannot be read gives a line
    {"source": ..., "error": ...}.

    Exit codes: 0 rulings given (whatever the status); 1 with --strict, a state is
    ambiguous or inconsistent; 2 a state cannot be read, bad input or usage.

    \b
    Example:
      rulings rule examples/redemption/three_character_battle.yaml
      rulings rule --format json --edition literal examples/redemption/*.yaml
      rulings rule --explain examples/redemption/three_character_battle.yaml
    """
    fmt = resolve(fmt)
    # an unknown --edition is refused per state, naming the editions of its own rulebook
    failed = unsettled = False
    out = sys.stdout
    results = in_background(lambda: api.rule_all(states, edition, max_size * MIB,
                                                        explain=explain))
    for number, (source, result) in enumerate(results):
        if isinstance(result, InputError):
            failed = True
            error = result if result.source else result.located(source)
            out.flush()
            echo_error(error)
            if fmt == "json":
                out.write(to_json({"source": source, "error": str(error)}) + "\n")
            continue
        unsettled = unsettled or result["status"] in ("ambiguous", "inconsistent")
        if fmt == "json":
            out.write(to_json(result) + "\n")
        else:
            if number:
                click.echo("")
            click.echo(to_text(result, source if len(states) > 1 else None))
    if failed:
        ctx.exit(2)
    if strict and unsettled:
        ctx.exit(1)
