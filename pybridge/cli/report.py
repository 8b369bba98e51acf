"""``rulings report``: an analysis as one self-contained HTML file (pybridge/report)."""

import contextlib
import io
import json
import sys
import time

import click

from ..books import drafts
from ..documents.loading import MIB, load_document
from ..errors import InputError
from .drafts import rules_option
from .outfile import write_text

ANALYSES = ("check", "errata", "enumerate", "diff", "coverage")


@click.command("report", context_settings={"ignore_unknown_options": True,
                                           "allow_interspersed_args": False})
@click.option("-o", "--out", "out", default=None, metavar="FILE.html",
              help="the report's file (default: standard output)")
@click.argument("source")
@click.argument("arguments", nargs=-1, type=click.UNPROCESSED)
@rules_option
@click.pass_context
def report_command(ctx, out, source, arguments):
    """Write an analysis as one HTML file: SOURCE is an analysis and its arguments
    (check, errata, enumerate, diff or coverage, then RULEBOOK and its bounds), or the JSON
    such a command printed (a file, or - for stdin).

    Each invariant, contradiction, class, change or rule gets its status, and its witness's
    picture, document (YAML) and rulings with their why trees; a change shows the witness
    under both editions side by side. The file fetches nothing when opened: no script, no
    font, no style sheet from elsewhere.

    Exit codes: 0 written (whatever the analysis found); 2 bad input or usage; otherwise
    the analysis's own (3: it did not finish, and the report says what it has).

    \b
    Example:
      rulings report -o check.html check redemption --characters 2
      rulings check b5 --format json | rulings report - -o check.html
    """
    from ..report import report
    started = time.monotonic()
    code = 0
    if source in ANALYSES:
        command = f"rulings {source} {' '.join(arguments)}".strip()
        result, code = _run(ctx, [source, *arguments])
        seconds = time.monotonic() - started
    else:
        # after a JSON source, only -o FILE (before an analysis, -o goes first: what follows
        # the analysis's name is its own)
        if len(arguments) == 2 and arguments[0] in ("-o", "--out") and out is None:
            out, arguments = arguments[1], ()
        if arguments:
            raise InputError(f"unexpected arguments after the JSON source: "
                             f"{' '.join(arguments)[:80]}", "SOURCE")
        result, command, seconds = _read(source), None, None
    try:
        with drafts(_rules_of(arguments) if source in ANALYSES else ()):
            page = report(result, command, seconds)
    except InputError as error:     # a field of the JSON it cannot read: named with its file
        if command is not None or error.source:
            raise
        raise error.located(source) from None
    if out is None:
        sys.stdout.write(page)
    else:
        from pathlib import Path
        write_text(Path(out), page)
    if code not in (0, 1):
        ctx.exit(code)


def _rules_of(arguments):
    """The rules files an analysis's arguments name (``--rules FILE``, ``--rules=FILE``):
    its witnesses are ruled again with them."""
    found = []
    for number, argument in enumerate(arguments):
        if argument == "--rules" and number + 1 < len(arguments):
            found.append(arguments[number + 1])
        elif argument.startswith("--rules="):
            found.append(argument.split("=", 1)[1])
    return found


def _run(ctx, args):
    """The analysis ``args`` run in this process, its JSON read from what it prints."""
    from .main import cli
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = cli.main([*args, "--format", "json", "-q"], prog_name="rulings",
                        standalone_mode=False)
    if not isinstance(code, int):
        code = 0
    text = printed.getvalue()
    if not text.strip():        # refused (its error is printed): nothing to report
        ctx.exit(code or 2)
    return json.loads(text), code


def _read(source):
    """An analysis's JSON from a file or standard input (read as documents are: bounded,
    JSON or YAML)."""
    try:
        return load_document(source, 256 * MIB)
    except InputError as error:
        raise error if error.source else error.located(source) from None
