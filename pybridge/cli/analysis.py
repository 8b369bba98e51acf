"""``rulings check | enumerate | diff | errata``: thin commands over the analysis API."""

import contextlib

import click

from .. import api, signals
from ..analysis.cluster import MAX_WORKERS, validate
from ..books import RULEBOOKS
from .drafts import property_option, rules_option
from .outfile import OutFile
from .output import FOUND, UNKNOWN, Count, Seconds, format_option, resolve
from .printable import printable
from .progress import Progress, quiet_option
from .render import analysis_text, to_json


def _shown(bound, value):
    return f"{value[0]}..{value[1]}" if bound.is_range else value


BOUND_NAMES = frozenset(bound.name for book in RULEBOOKS.values() for bound in book.bounds)


class RulebookCommand(click.Command):
    """A command on one RULEBOOK: once the rulebook is named, only its own bounds are
    options (``rulings check b5 --help`` lists b5's; another rulebook's bound is refused
    as no such option); without a rulebook, the help lists every rulebook's."""

    def parse_args(self, ctx, args):
        named = [arg for arg in args if arg in RULEBOOKS]
        ctx.meta["rulings_rulebook"] = named[0] if named else None
        return super().parse_args(ctx, args)

    def get_params(self, ctx):
        params = super().get_params(ctx)
        name = ctx.meta.get("rulings_rulebook")
        if name is None:
            return params
        own = {bound.name for bound in RULEBOOKS[name].bounds}
        return [p for p in params if p.name not in BOUND_NAMES or p.name in own]

    def format_options(self, ctx, formatter):
        """With a rulebook named, its options; else the options every rulebook shares,
        then the bounds of each rulebook in a section of its own, with its own defaults."""
        if ctx.meta.get("rulings_rulebook") is not None:
            return super().format_options(ctx, formatter)
        shared = [p.get_help_record(ctx) for p in self.get_params(ctx)
                  if isinstance(p, click.Option) and p.name not in BOUND_NAMES]
        with formatter.section("Options"):
            formatter.write_dl([record for record in shared if record])
        listing = self.name in ("enumerate", "diff")
        for name, book in RULEBOOKS.items():
            with formatter.section(f"Bounds of {name} (rulings {self.name} {name} --help)"):
                formatter.write_dl([_bound_record(bound, _default(book, bound, listing and
                                                                  self.name))
                                    for bound in book.bounds])


def _default(book, bound, listing):
    """A bound's default for a command: the check's, or (``listing``: "enumerate" or
    "diff") the listing's."""
    if not listing:
        return bound.default
    listed = {**book.listing_bounds, **book.diff_bounds} if listing == "diff" \
        else book.listing_bounds
    return listed.get(bound.name, bound.default)


def _bound_record(bound, default):
    metavar = "LO..HI" if bound.is_range else "N"
    return f"{bound.option} {metavar}", f"{bound.help} (default {_shown(bound, default)})"


def bound_options(listing):
    """One option per bound any rulebook declares (e.g. --characters, --values);
    ``listing``: the defaults of enumerate and diff."""
    def decorate(command):
        seen = {}
        for book in RULEBOOKS.values():
            for bound in book.bounds:
                seen.setdefault(bound.name, (bound, []))[1].append(
                    f"{book.name}: {_shown(bound, _default(book, bound, listing))}")
        for bound, defaults in reversed(list(seen.values())):
            command = click.option(bound.option, bound.name, default=None,
                                   metavar="LO..HI" if bound.is_range else "N",
                                   help=f"{bound.help} (default {', '.join(defaults)})")(command)
        return command
    return decorate


def timeout_option(default, help="seconds per search; what does not finish is reported unknown"):
    return click.option("--timeout", type=Seconds(), default=default, show_default=True,
                        metavar="SECONDS", help=help)


def cluster_options(command):
    """--workers N (a local Dask cluster) and --scheduler ADDRESS (a running one)."""
    command = click.option(
        "--scheduler", default=None, metavar="ADDRESS",
        help="solve the cubes on a running Dask cluster, e.g. tcp://host:8786 "
             "(pip install -e '.[cluster]')")(command)
    return click.option(
        "--workers", type=Count(1, MAX_WORKERS), default=1, show_default=True,
        help="solve the cubes of the space on a local Dask cluster of this many processes "
             "(1: this process, no Dask); the output is the same")(command)


def count_option(command):
    return click.option(
        "--count", is_flag=True, default=False,
        help="also count the distinct states of each class (lists every state: slower; at "
             "most 200,000, then the listing stops incomplete)")(command)


def _bounds(values):
    return {name: value for name, value in values.items() if value is not None}




def exit_code(statuses):
    """1 when anything is violated (an invariant, or an errata's contradiction found), else
    3 when anything is unknown (a search ran out of time or was stopped) or vacuous (an
    invariant whose premise no state within the bounds meets), else 0."""
    statuses = set(statuses)
    return FOUND if "violated" in statuses else \
        UNKNOWN if statuses & {"unknown", "vacuous"} else 0


def _listing_exit(ctx, result):
    """A listing (enumerate, diff) stopped before the end exits 3: incomplete."""
    ctx.exit(0 if result.get("complete", True) else UNKNOWN)


def _emit(result, fmt, kind):
    """Print the result; a run stopped by Ctrl-C (or SIGTERM, SIGHUP) prints what it has,
    then exits 128 + the signal (130 for Ctrl-C)."""
    click.echo(to_json(result) if resolve(fmt) == "json" else analysis_text(kind, result))
    entries = result.get("invariants", result.get("contradictions", result.get("rules", ())))
    if result.get("interrupted") or any(e.get("interrupted") for e in entries):
        click.echo("interrupted", err=True)
        raise SystemExit(signals.exit_code())


@click.command("check", cls=RulebookCommand)
@click.argument("rulebook")
@rules_option
@property_option
@bound_options(listing=False)
@click.option("--edition", default=None, metavar="EDITION",
              help="edition to check (default: the rulebook's)")
@click.option("--invariant", "invariants", multiple=True, metavar="ID",
              help="check only this invariant ID (repeatable)")
@timeout_option(120)
@cluster_options
@format_option
@quiet_option
@click.pass_context
def check_command(ctx, rulebook, edition, invariants, timeout, workers, scheduler, fmt,
                  quiet, **bounds):
    """Check every invariant of RULEBOOK over all states within the bounds.

    Each invariant holds (within the bounds, with the smallest state meeting its premise:
    one where it is tested), is violated (with the smallest witness, a state document
    `rulings rule` accepts, and the rule IDs involved), is vacuous (no state within the
    bounds meets its premise) or is unknown (the search ran out of time).

    Exit codes: 0 every invariant holds; 1 an invariant is violated; 3 none is violated but
    one is unknown (out of --timeout: not decided) or vacuous; 2 bad input or usage; 70 an
    internal error.

    \b
    Example:
      rulings check redemption
      rulings check redemption --values 0..6 --format json
    """
    result = api.check(rulebook, _bounds(bounds), edition, timeout,
                       Progress.for_terminal(quiet), list(invariants) or None,
                       workers=workers, scheduler=scheduler)
    _emit(result, fmt, "check")
    ctx.exit(exit_code(i["status"] for i in result["invariants"]))


@click.command("enumerate", cls=RulebookCommand)
@click.argument("rulebook")
@rules_option
@bound_options(listing=True)
@click.option("--edition", default=None, metavar="EDITION",
              help="edition to rule with (default: the rulebook's)")
@click.option("-o", "--out", type=click.Path(dir_okay=False), default=None,
              help="write every state with its rulings, one JSON line each, as found "
                   "(into a temporary file beside FILE, moved into place when the run ends)")
@count_option
@timeout_option(600, "stop after this many seconds (the summary says complete: false)")
@cluster_options
@format_option
@quiet_option
@click.pass_context
def enumerate_command(ctx, rulebook, edition, out, count, timeout, workers, scheduler, fmt,
                      quiet, **bounds):
    """List every situation of RULEBOOK within the bounds: each class of states with the
    same rulings (identifiers left out) once, with its smallest witness.

    With --count (or --out), every distinct state is listed and counted per class;
    symmetric duplicates are counted once.

    Exit codes: 0 the listing is complete; 3 it is incomplete (stopped at --timeout);
    2 bad input or usage; 70 an internal error.

    \b
    Example:
      rulings enumerate redemption --characters 3
      rulings enumerate redemption --characters 2 --count --out states.jsonl
    """
    api.validate_analysis(rulebook, _bounds(bounds), edition, listing=True)
    validate(workers, scheduler)
    with OutFile(out) if out is not None else contextlib.nullcontext() as lines:
        result = api.enumerate_states(rulebook, _bounds(bounds), edition, timeout, lines,
                                      Progress.for_terminal(quiet), workers=workers,
                                      scheduler=scheduler, count=count)
    _emit(result, fmt, "enumerate")
    if lines is not None and lines.kept:
        click.echo(f"note: --out {printable(out, backslashes=False)} kept as it was "
                   "(the run wrote no state)", err=True)
    _listing_exit(ctx, result)


@click.command("diff", cls=RulebookCommand)
@click.argument("rulebook")
@rules_option
@click.option("--from", "before", required=True, metavar="EDITION", help="edition before")
@click.option("--to", "after", required=True, metavar="EDITION", help="edition after")
@bound_options(listing="diff")
@count_option
@timeout_option(600, "stop after this many seconds (the summary says complete: false)")
@cluster_options
@format_option
@quiet_option
@click.pass_context
def diff_command(ctx, rulebook, before, after, count, timeout, workers, scheduler, fmt, quiet,
                 **bounds):
    """List the situations of RULEBOOK whose rulings change from one edition to another:
    each kind of change once, with its smallest witness (--count: and its number of states).

    Exit codes: 0 the listing is complete (whether or not anything changes); 3 it is
    incomplete (stopped at --timeout); 2 bad input or usage; 70 an internal error.

    \b
    Example:
      rulings diff redemption --from literal --to negative_counts --characters 3
    """
    result = api.diff(rulebook, before, after, _bounds(bounds), timeout,
                      Progress.for_terminal(quiet), workers=workers, scheduler=scheduler,
                      count=count)
    _emit(result, fmt, "diff")
    _listing_exit(ctx, result)


@click.command("errata", cls=RulebookCommand)
@click.argument("rulebook")
@rules_option
@bound_options(listing=False)
@click.option("--edition", default=None, metavar="EDITION",
              help="edition to examine (default: the rulebook's)")
@timeout_option(120)
@cluster_options
@format_option
@quiet_option
@click.pass_context
def errata_command(ctx, rulebook, edition, timeout, workers, scheduler, fmt, quiet, **bounds):
    """Find contradictions inside an edition of RULEBOOK: the rule IDs that disagree, a
    witness state and an explanation.

    Exit codes: 0 no contradiction; 1 a contradiction found; 3 none found but a search is
    unknown (out of --timeout: not decided); 2 bad input or usage; 70 an internal error.

    \b
    Example:
      rulings errata redemption --format json
    """
    result = api.errata(rulebook, _bounds(bounds), edition, timeout,
                        Progress.for_terminal(quiet), workers=workers, scheduler=scheduler)
    _emit(result, fmt, "errata")
    # a contradiction found has no status; one not decided is "unknown"
    ctx.exit(exit_code(c.get("status", "violated") for c in result["contradictions"]))


@click.command("coverage", cls=RulebookCommand)
@click.argument("rulebook")
@rules_option
@bound_options(listing=False)
@click.option("--edition", default=None, metavar="EDITION",
              help="edition whose rules to cover (default: the "
                                              "rulebook's)")
@timeout_option(120, "seconds per rule; what does not finish is reported unknown")
@cluster_options
@format_option
@quiet_option
@click.pass_context
def coverage_command(ctx, rulebook, edition, timeout, workers, scheduler, fmt, quiet,
                     **bounds):
    """For every rule ID in force, the smallest state within the bounds where the rule
    contributes to a ruling (a witness document `rulings rule` accepts), or "unreachable
    within the bounds". A rule contributes when a ruling cites it or, for a rule no ruling
    cites (an exception that keeps a ruling from being given), when taking it out of force
    changes the rulings.

    Exit codes: 0 every rule reached; 1 a rule is unreachable or unknown; 2 bad input or
    usage; 70 an internal error.

    \b
    Example:
      rulings coverage b5
      rulings coverage b5 --edition original --format json
    """
    result = api.coverage(rulebook, _bounds(bounds), edition, timeout,
                          Progress.for_terminal(quiet), workers=workers, scheduler=scheduler)
    _emit(result, fmt, "coverage")
    if result["reached"] < result["total"]:
        ctx.exit(1)
