"""``rulings rule STATE...``"""

import sys

import click

from .. import api
from ..documents.loading import MIB
from ..errors import InputError, RulesFileError
from ..limits import cap_memory, memory_cap_text, out_of_memory
from .background import Overdue, in_background, unfinished
from .drafts import rules_option
from .output import Count, Seconds, echo_error, error_record, format_option, resolve
from .render import to_json, to_text

DEFAULT_TIMEOUT = 120       # far longer than any document of the benchmarks takes (2 s)

# the options of the commands that read state documents (rule, draw)
edition_option = click.option(
    "--edition", default=None, metavar="EDITION",
    help="Rule IDs in force, by edition name (overrides the document's 'edition'; see "
    "'rulings rulebooks').")
max_size_option = click.option(
    "--max-size", "max_size", type=Count(1, 4096), default=64, show_default=True,
    metavar="MIB", help="refuse a document larger than this many MiB before reading it whole")


@click.command("rule")
@click.argument("states", nargs=-1, required=True, metavar="STATE...")
@rules_option
@edition_option
@max_size_option
@click.option("--strict", is_flag=True,
              help="exit 1 when a state's status is ambiguous or inconsistent")
@click.option("--explain", is_flag=True, default=False,
              help="Give each ruling its 'why': the steps of the rules that decided it, "
              "with the numbers and facts (JSON: a 'why' tree per ruling).")
@click.option("--timeout", type=Seconds(), default=DEFAULT_TIMEOUT, show_default=True,
              metavar="SECONDS",
              help="the most seconds to wait for each next result (up to 500 states "
              "read and solved together are one wait); the states not ruled by then are "
              "reported unknown")
@format_option
@click.pass_context
def rule_command(ctx, states, edition, max_size, fmt, strict, explain, timeout):
    """Give the rulings for each STATE (a YAML or JSON file, or - for stdin).

    Each ruling cites the rule IDs that produce it. With several states, JSON output is
    one object per line, in the order given, each with its "source" (one state: no
    "source", as the library's result); a state that cannot be read gives a line
    {"source": ..., "error": ...}.

    A state that is not ruled within --timeout, or whose ruling runs out of memory (the
    process may take 75% of the machine's), gives {"source": ..., "status": "unknown",
    "reason": ...}: so do the states after it, which are not ruled.

    Exit codes: 0 rulings given (whatever the status); 1 with --strict, a state is
    ambiguous or inconsistent; 2 a state cannot be read, bad input or usage; 3 a state not
    ruled (out of --timeout or memory); 70 an internal error.

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
    cap_memory()
    results = in_background(lambda: api.rule_all(states, edition, max_size * MIB,
                                                        explain=explain), wait=timeout)
    done = 0
    try:
        for number, (source, result) in enumerate(results):
            done = number + 1
            if isinstance(result, RulesFileError):     # a draft's: the whole command
                raise result
            if isinstance(result, InputError):
                failed = True
                error = result if result.source else result.located(source)
                out.flush()
                echo_error(error)
                if fmt == "json":
                    out.write(to_json(error_record(source, error)) + "\n")
                continue
            unsettled = unsettled or result["status"] in ("ambiguous", "inconsistent")
            if fmt == "json":      # with several states, each line names its own
                out.write(to_json({"source": source, **result} if len(states) > 1
                                  else result) + "\n")
            else:
                if number:
                    click.echo("")
                click.echo(to_text(result, source if len(states) > 1 else None))
    except Overdue:
        unfinished(out, fmt, states[done:], f"not ruled within --timeout ({timeout:g} s)",
                   failed)
    except Exception as error:
        if not out_of_memory(error):
            raise
        unfinished(out, fmt, states[done:], f"ran out of memory ({memory_cap_text()})",
                   failed)
    if failed:
        ctx.exit(2)
    if strict and unsettled:
        ctx.exit(1)
