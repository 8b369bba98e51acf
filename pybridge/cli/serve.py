"""``rulings serve``: the local explorer (pybridge/serve)."""

import click

from ..documents.loading import MIB
from ..errors import InputError
from .output import Count, Seconds
from .rule import DEFAULT_TIMEOUT


@click.command("serve")
@click.option("--port", type=Count(0, 65535), default=8765, show_default=True,
              help="the port on 127.0.0.1 (0: any free one)")
@click.option("--max-size", "max_size", type=Count(1, 64), default=1, show_default=True,
              metavar="MIB", help="refuse a document larger than this many MiB")
@click.option("--timeout", type=Seconds(), default=DEFAULT_TIMEOUT, show_default=True,
              metavar="SECONDS", help="the most seconds to rule one document")
def serve_command(port, max_size, timeout):
    """Serve a local explorer at http://127.0.0.1:PORT/: pick a rulebook, start from its
    template or an example, edit the document; its errors, rulings (with why trees) and
    picture follow as you type.

    It listens on 127.0.0.1 only and answers only requests addressed to 127.0.0.1:PORT or
    localhost:PORT from its own page; it serves its own page and the examples it lists and
    no other file, refuses a document over --max-size, and rules each in a process of its
    own, stopped at --timeout or when its page no longer waits for it. Ctrl-C stops it.

    Exit codes: 2 the port cannot be listened on, bad input or usage.

    \b
    Example:
      rulings serve --port 8765
    """
    from ..serve.server import HOST, make_server
    try:
        server = make_server(port, max_size * MIB, timeout)
    except OSError as error:
        raise InputError(f"cannot listen on {HOST}:{port} ({error.strerror or error})",
                         "--port") from None
    host, bound = server.server_address[:2]
    click.echo(f"the explorer: http://{host}:{bound}/ (Ctrl-C stops it)", err=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()
