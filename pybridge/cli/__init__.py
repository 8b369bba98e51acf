"""The ``rulings`` command line: a thin layer over :mod:`pybridge.api`."""

from .main import main

__all__ = ["main"]
