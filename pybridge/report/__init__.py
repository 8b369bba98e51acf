"""Reports (``rulings report``): one self-contained HTML file of an analysis's result, read
from the JSON the analysis commands print, with each witness's picture, document and
rulings with their why trees. Only ``report`` imports this package."""

from .html import report

__all__ = ["report"]
