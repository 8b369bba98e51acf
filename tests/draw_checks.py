"""What the picture tests of every rulebook share (tests/test_draw*.py): where the examples
are, and the SVG namespace the parsed pictures' tags carry."""

import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SVG = "{http://www.w3.org/2000/svg}"


def examples(rulebook):
    """The paths of a rulebook's examples, sorted."""
    return sorted(glob.glob(os.path.join(ROOT, "examples", rulebook, "*.yaml")))


def example_path(rulebook, name):
    return os.path.join(ROOT, "examples", rulebook, f"{name}.yaml")
