"""Entry point: the command group, output set-up and error handling shared by commands."""

import gc
import importlib
import os
import sys

import click

from .. import signals
from ..errors import RulingsError
from .output import INTERNAL_ERROR, echo_error

# One line per command: its name, "module:attribute" under pybridge.cli, and the summary
# `rulings --help` shows. A command's module (and what it imports) loads only when it runs.
COMMANDS = {
    "rule": ("rule:rule_command", "Give the rulings for each state document."),
    "check": ("analysis:check_command", "Check every invariant of a rulebook within bounds."),
    "enumerate": ("analysis:enumerate_command",
                  "List every state within bounds, grouped by rulings."),
    "diff": ("analysis:diff_command",
             "List the states whose rulings change from one edition to another."),
    "errata": ("analysis:errata_command", "Find contradictions inside an edition."),
    "coverage": ("analysis:coverage_command",
                 "For every rule in force, the smallest state it contributes to a ruling in."),
    "draw": ("draw:draw_command", "Draw each state document as an SVG picture."),
    "report": ("report:report_command", "Write an analysis as one self-contained HTML file."),
    "serve": ("serve:serve_command", "Serve a local explorer of state documents in the browser."),
    "rulebooks": ("catalogue:rulebooks_command",
                  "List the rulebooks, their editions and their rule IDs."),
    "schema": ("documents:schema_command", "Print the JSON Schema of a rulebook's documents."),
    "new": ("documents:new_command", "Write a commented YAML template of a state document."),
    "validate": ("documents:validate_command", "Check state documents without solving them."),
    "explain": ("lookup:explain_command",
                "Look up a rule: its summary, editions, source passage and lines."),
    "vocabulary": ("vocabulary:vocabulary_command",
                   "List what a draft may read: input, public and ruling predicates."),
}


def _started():
    """Start-up is over: the console script (pybridge/cli/__init__.py) ran it with the
    garbage collector off; what it made (modules, classes, commands: some 20,000 objects that
    live as long as the process) is frozen out of the collector's reach and the collector
    turned back on. A full collection would walk them all, 3 ms each time, at exit too:
    ``rulings rule`` on a small state takes 71 ms instead of 83 (benchmarks/startup.py).
    Under a test's CliRunner the collector is on and nothing changes.

    The youngest generation is collected every 50,000 allocations instead of 700 (and the
    oldest less often): a large state's rulings and explanation are hundreds of thousands of
    objects that live to the end of the run, and with the default thresholds the collector
    walks them again and again, so ``rule --explain`` on 1,000 heroes took 2.5 times as long
    as on 500 (benchmarks/RESULTS.md, "Growth by input kind"). A pending generation holds
    at most 50,000 objects, a few megabytes."""
    if not gc.isenabled():
        gc.freeze()
        gc.set_threshold(50_000, 20, 100)
        gc.enable()


class Group(click.Group):
    """Imports each command's module on use (see COMMANDS); turns library errors into
    one-line messages and exit codes, never a traceback."""

    def list_commands(self, ctx):
        return list(COMMANDS) + sorted(set(self.commands) - set(COMMANDS))

    def get_command(self, ctx, name):
        if name in self.commands:
            return self.commands[name]
        if name not in COMMANDS:
            return None
        module, attribute = COMMANDS[name][0].split(":")
        command = getattr(importlib.import_module(f".{module}", __package__), attribute)
        self.commands[name] = command
        _started()
        return command

    def format_commands(self, ctx, formatter):
        """The summaries from COMMANDS, whole (click would cut them to fit a line), without
        importing a command."""
        rows = [(name, COMMANDS[name][1] if name in COMMANDS else
                 self.commands[name].get_short_help_str(limit=200))
                for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

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
                import traceback
                traceback.print_exc()
            message = " ".join(str(error).split()) or type(error).__name__
            click.echo(f"internal error: {type(error).__name__}: {message}", err=True)
            ctx.exit(INTERNAL_ERROR)


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
      rulings draw examples/redemption/three_character_battle.yaml -o battle.svg
      rulings report -o check.html check b5
      rulings serve
      rulings rulebooks
    """




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
