"""rulings: game rules as answer set programs, with rulings that cite their rule IDs.

Public API::

    import pybridge
    pybridge.rule("examples/redemption/three_character_battle.yaml")
    pybridge.rule({"rulebook": "redemption", "characters": [...]}, edition="literal")
    pybridge.rulebooks()
"""

from .api import load, rule, rulebooks
from .errors import InputError, RulingsError

__all__ = ["load", "rule", "rulebooks", "InputError", "RulingsError"]
