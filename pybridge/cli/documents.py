"""``rulings schema``, ``rulings new`` and ``rulings validate``: writing and checking state
documents without solving."""

import os
import sys

import click

from .. import api
from ..documents.loading import MIB
from ..errors import InputError
from .background import Overdue, in_background, unfinished
from .outfile import OutFile
from .output import Count, Seconds, echo_error, error_record, format_option, resolve
from .printable import printable
from .render import to_json
from .rule import DEFAULT_TIMEOUT

out_option = click.option("-o", "--out", "out", default=None, metavar="FILE",
                          help="Write to FILE instead of standard output.")


def _emit(text, out):
    if out is None:
        click.echo(text, nl=False)
        return
    with OutFile(out) as handle:
        handle.write(text)


@click.command("schema")
@click.argument("rulebook")
@out_option
def schema_command(rulebook, out):
    """Print the JSON Schema of RULEBOOK's state documents.

    Draft 2020-12, generated from the declarations that validate documents: field types, enums, required
    keys, ranges and a description of each field. Cross-references (ids a field names,
    duplicate ids, cycles, totals) are checked by 'rulings validate' only.

    \b
    Example:
      rulings schema redemption -o redemption.schema.json
    """
    from ..documents.schema_export import dumps

    _emit(dumps(api.json_schema(rulebook)), out)


@click.command("new")
@click.argument("rulebook")
@out_option
def new_command(rulebook, out):
    """Write a commented YAML template of a RULEBOOK state document.

    Every field is there: required ones with an example value, optional ones commented out
    with a one-line description (delete the '# ' to give one). The template is a valid
    document. An existing FILE is never overwritten.

    \b
    Example:
      rulings new chronopia -o battle.yaml
    """
    text = api.document_template(rulebook)
    if out is not None and os.path.lexists(out):
        raise InputError(f"{out} exists: choose another name (a template never replaces a "
                         "file)", "--out")
    _emit(text, out)


@click.command("validate")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--max-size", "max_size", type=Count(1, 4096), default=64,
              show_default=True, metavar="MIB",
              help="refuse a document larger than this many MiB before reading it whole")
@click.option("--timeout", type=Seconds(), default=DEFAULT_TIMEOUT, show_default=True,
              metavar="SECONDS",
              help="the most seconds to wait for each document to be read and checked; the "
              "documents not checked by then are reported unknown")
@format_option
@click.pass_context
def validate_command(ctx, files, max_size, timeout, fmt):
    """Check state documents without solving them.

    Each FILE is YAML or JSON, or - for stdin. Prints 'FILE: ok' for a valid document and the one-line error naming the field
    otherwise (as 'rulings rule' does). JSON output: one {"source", "valid": true} or
    {"source", "error"} per line.

    A document not read and checked within --timeout (a FIFO no one writes to, say) gives
    {"source": ..., "status": "unknown", "reason": ...}, as do the documents after it,
    which are not checked.

    Exit codes: 0 every document is valid; 2 a document is not, bad input or usage; 3 a
    document not checked within --timeout.

    \b
    Example:
      rulings validate examples/b5/*.yaml
    """
    fmt = resolve(fmt)
    failed = False

    def checked():          # read in a worker thread: a read that blocks has a deadline
        for source in files:
            try:
                yield source, api.check_document(source, max_bytes=max_size * MIB)
            except InputError as error:
                yield source, error if error.source else error.located(source)
    done = 0
    try:
        for source, outcome in in_background(checked, wait=timeout):
            done += 1
            if isinstance(outcome, InputError):
                failed = True
                sys.stdout.flush()
                echo_error(outcome)
                if fmt == "json":
                    click.echo(to_json(error_record(source, outcome)))
                continue
            click.echo(to_json({"source": source, "valid": True}) if fmt == "json"
                       else printable(f"{source}: ok", backslashes=False))
    except Overdue:
        unfinished(sys.stdout, fmt, files[done:],
                   f"not checked within --timeout ({timeout:g} s)", failed)
    if failed:
        ctx.exit(2)
