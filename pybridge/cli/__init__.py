"""The ``rulings`` command line: a thin layer over :mod:`pybridge.api`."""


def main():
    """The console script. Stopping signals are handled before the commands (and clingo)
    are imported, so a Ctrl-C at any moment ends with one line and exit 130. Start-up runs
    with the garbage collector off (see main._started)."""
    import gc
    gc.disable()    # until the command is imported: main._started
    from .. import signals
    signals.install()
    try:
        from .main import main as run
    except KeyboardInterrupt:
        signals.quit_now()
    run()


__all__ = ["main"]
