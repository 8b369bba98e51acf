"""Entry point: the command group, output set-up and error handling shared by commands."""

import os
import sys
import traceback

import click

from ..errors import RulingsError
from .. import signals
from .analysis import (check_command, coverage_command, diff_command, enumerate_command,
                       errata_command)
from .catalogue import rulebooks_command
from .documents import new_command, schema_command, validate_command
from .lookup import explain_command
from .output import echo_error
from .rule import rule_command


class Group(click.Group):
    """Turns library errors into one-line messages and exit codes, never a traceback."""

    def invoke(self, ctx):
        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()      # a full or broken output shows here, not at exit
        except RulingsError as error:
            echo_error(error)
            ctx.exit(error.exit_code)
        except BrokenPipeError:
            # The reader went away (``rulings rule ... | head -1``): stop quietly, as cat does.
            _detach_stdout()
            ctx.exit(141)
        except OSError as error:        # writing the output failed: full disk, I/O error
            _detach_stdout()
            click.echo(f"error: cannot write the output ({error.strerror or error})", err=True)
            ctx.exit(2)
        except KeyboardInterrupt:   # Ctrl-C, SIGTERM or SIGHUP: one line, at once
            signals.quit_now()
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except Exception as error:  # an internal error: say so in one line
            if os.environ.get("RULINGS_DEBUG"):
                traceback.print_exc()
            message = " ".join(str(error).split()) or type(error).__name__
            click.echo(f"internal error: {type(error).__name__}: {message}", err=True)
            ctx.exit(1)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rulings")
def cli():
    """Rulings for game states, with the rule IDs behind them.

    \b
    Examples:
      rulings rule examples/redemption/three_character_battle.yaml
      rulings rule --format json examples/redemption/*.yaml
      rulings check redemption
      rulings enumerate redemption --characters 2
      rulings diff redemption --from literal --to negative_counts --characters 3
      rulings errata redemption
      rulings rulebooks
    """


cli.add_command(rule_command)
cli.add_command(check_command)
cli.add_command(enumerate_command)
cli.add_command(diff_command)
cli.add_command(errata_command)
cli.add_command(coverage_command)
cli.add_command(rulebooks_command)
cli.add_command(schema_command)
cli.add_command(new_command)
cli.add_command(validate_command)
cli.add_command(explain_command)


def _detach_stdout():
    """Point standard output at /dev/null, so that nothing more is written to a broken or
    full output (Python flushes it once more at exit)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def main():
    if sys.stdout is None:      # started with standard output closed (``>&-``)
        if sys.stderr is not None:
            sys.stderr.write("error: cannot write the output (standard output is closed)\n")
        sys.exit(2)
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="replace")
    try:
        cli(prog_name="rulings")
    except BrokenPipeError:
        _detach_stdout()
        sys.exit(141)
