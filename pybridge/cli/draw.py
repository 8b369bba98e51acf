"""``rulings draw STATE... [-o PATH]``: one SVG picture per state (pybridge/draw)."""

import os
import sys
from pathlib import Path

import click

from .. import api
from ..documents.loading import MIB
from ..errors import InputError
from ..limits import cap_memory
from .background import Overdue, in_background
from .drafts import rules_option
from .outfile import write_text
from .output import UNKNOWN, Seconds, echo_error
from .printable import printable
from .rule import DEFAULT_TIMEOUT, edition_option, max_size_option


def _names(states):
    """The file name of each state's picture in a folder: its file's stem (``state`` for
    standard input), numbered when two stems are the same."""
    names, used = [], set()
    for source in states:
        stem = "state" if source == "-" else Path(source).stem or "state"
        name, number = f"{stem}.svg", 1
        while name in used:
            number += 1
            name = f"{stem}-{number}.svg"
        used.add(name)
        names.append(name)
    return names


@click.command("draw")
@click.argument("states", nargs=-1, required=True, metavar="STATE...")
@rules_option
@click.option("-o", "--out", "out", default=None, metavar="PATH",
              help="the picture's file (one STATE), or a folder for the pictures of several "
              "(each named after its STATE's file: NAME.svg); default: standard output, for "
              "one STATE")
@edition_option
@max_size_option
@click.option("--timeout", type=Seconds(), default=DEFAULT_TIMEOUT, show_default=True,
              metavar="SECONDS", help="the most seconds to wait for each state's ruling")
@click.pass_context
def draw_command(ctx, states, out, edition, max_size, timeout):
    """Draw each STATE (a YAML or JSON file, or - for stdin) as an SVG picture.

    The picture shows the state and its rulings, with the numbers the explanation gives
    (`rulings rule --explain`). It is self-contained and the same bytes for the same
    STATE; identifiers are written as text, never as markup.

    Exit codes: 0 drawn; 2 a state cannot be read or drawn, bad input or usage; 3 a state
    not ruled within --timeout.

    \b
    Example:
      rulings draw examples/redemption/three_character_battle.yaml -o battle.svg
      rulings draw examples/redemption/*.yaml -o pictures/
    """
    if len(states) > 1 and out is None:
        raise InputError("several states give several pictures: name a folder for them "
                         "with -o PATH", "--out")
    folder = None
    if out is not None and (len(states) > 1 or Path(out).is_dir()):
        folder = Path(out)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise InputError(f"cannot make the folder {printable(out)} "
                             f"({error.strerror or error})", "--out") from None
    cap_memory()

    def pictures():
        for source in states:
            try:
                yield api.drawn(_loaded(source, max_size), edition)[1]
            except InputError as error:
                yield error if error.source else error.located(source)
    failed = False
    names = _names(states)
    try:
        for name, picture in zip(names, in_background(pictures, wait=timeout)):
            if isinstance(picture, InputError):
                failed = True
                echo_error(picture)
                continue
            if folder is not None:
                write_text(folder / name, picture)
            elif out is not None:
                write_text(Path(out), picture)
            else:
                sys.stdout.write(picture)
    except Overdue:
        click.echo(f"error: not drawn: not ruled within --timeout ({timeout:g} s)", err=True)
        sys.stdout.flush()
        os._exit(UNKNOWN)
    if failed:
        ctx.exit(2)


def _loaded(source, max_size):
    return api.load(source, max_size * MIB)
